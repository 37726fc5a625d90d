import Foundation
@testable import L10nCommandLine
import L10nKit
import XCTest

/// `export --budgets`: units with a width budget carry it as XLIFF `maxwidth` in characters;
/// without the flag the export stays Xcode's bytes.
final class ExportBudgetsTests: XCTestCase {
    func export(_ extra: [String], into folder: URL) throws -> String {
        var out = "", err = ""
        let context = CommandContext(currentDirectory: Fixtures.packageRoot, environment: [:], stdout: { out += $0 }, stderr: { err += $0 })
        let status = L10nTool.run(["export", "--xliff", "--project", "Samples/BrandedEditor", "--locale", "fr", "--out", folder.path] + extra, context: context)
        XCTAssertEqual(status, 0, err)
        return try String(contentsOf: folder.appendingPathComponent("fr.xliff"), encoding: .utf8)
    }

    func testBudgetsBecomeMaxWidth() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let plain = try export([], into: folder.appendingPathComponent("plain"))
        XCTAssertFalse(plain.contains("maxwidth"))
        LegacyGolden.assertMatches(Data(plain.utf8), "exchange/BrandedEditor.fr.missing.xliff")

        let budgeted = try export(["--budgets"], into: folder.appendingPathComponent("budgets"))
        XCTAssertTrue(budgeted.contains("<trans-unit id=\"ly_img_editor_dock_button_resize\" maxwidth=\"14\" size-unit=\"char\" xml:space=\"preserve\">"), budgeted)
        XCTAssertTrue(budgeted.contains("<trans-unit id=\"ly_img_editor_navigation_bar_button_undo\" maxwidth=\"16\" size-unit=\"char\" xml:space=\"preserve\">"), budgeted)
        XCTAssertTrue(budgeted.contains("<trans-unit id=\"ly_img_editor_dialog_export_error_title\" xml:space=\"preserve\">"), "no budget outside the surfaces")
        let document = try XLIFFReader().read(contentsOf: folder.appendingPathComponent("budgets/fr.xliff"))
        let units = Dictionary(document.allUnits.map { ($0.unit.id, $0.unit.maxWidth) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(units["ly_img_editor_dock_button_resize"], 14)
        XCTAssertEqual(units["ly_img_editor_navigation_bar_button_pages_mode %lld|==|plural.one"], 16, "every variation of a budgeted key")
        XCTAssertEqual(units["ly_img_editor_dialog_export_error_title"], .some(nil))
        // Only the trans-unit start tags differ from the plain export.
        let plainLines = plain.components(separatedBy: "\n"), budgetLines = budgeted.components(separatedBy: "\n")
        XCTAssertEqual(plainLines.count, budgetLines.count)
        for (a, b) in zip(plainLines, budgetLines) where a != b {
            XCTAssertEqual(a, b.replacingOccurrences(of: #" maxwidth="\d+" size-unit="char""#, with: "", options: .regularExpression))
        }
    }
}
