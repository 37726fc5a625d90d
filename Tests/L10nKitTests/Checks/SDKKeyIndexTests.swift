import XCTest
@testable import L10nProject

/// `withoutPlaceholders` returns a key without a space or a `%` as it is; the split and join it
/// skips there is the oracle, on keys with and without placeholder words.
final class SDKKeyIndexTests: XCTestCase {
    private func reference(_ key: String) -> String {
        var parts = key.split(separator: " ", omittingEmptySubsequences: false)
        while parts.count > 1, let last = parts.last, last.hasPrefix("%") { parts.removeLast() }
        return parts.joined(separator: " ")
    }

    func testTrailingPlaceholdersAsBefore() {
        let keys = ["ly_img_editor_dock_button_crop", "title %@ %lld", "title %@", "%@", "a %", "a  %@", " %@", "% a", "a %@ b",
                    "100%", "a b", "", "a \u{301}%@", "a %\u{301}", "ly_img_editor_navigation_bar_button_pages_mode %lld", "Hello, %@!"]
        for key in keys { XCTAssertEqual(SDKKeyIndex.withoutPlaceholders(key), reference(key), key.debugDescription) }
    }
}
