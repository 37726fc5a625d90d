import Foundation
import XCTest
@testable import L10nProject
@testable import L10nLocale
import L10nTestSupport

/// `undefined-substitution` reads the names of `#@name@` off the bytes and parses only a value
/// naming one its localization lacks: every name the parser reads must be among them.
final class UndefinedSubstitutionScanTests: XCTestCase {
    func testEveryNameTheParserReadsIsACandidate() {
        let texts = [
            "", "plain", "mail@example.com", "%#@n@", "There %#@items@ and %#@folders@", "%1$#@a@ / %2$#@b@", "%10$#@ten@",
            "%%#@notone@", "%%%#@one@", "50% #@x@", "%#@@", "%#@open", "%#@a b@", "%#@a%b@", "%#@x\n@", "%0$#@zero@",
            "%#@dup@ %#@dup@", "%#@total.strings@", "%#@日本@ text", "%@ %lld %#@n@", "%#@n@%#@m@", "%1$@ %#@n@ %3$#@m@",
            "#@x@", "%#x@", "%$#@x@", "%12", "%", "%#", "%#@", "é%#@é@", "%#@a@@", "%2$%#@b@", "%2$%%#@x@",
        ]
        XCTAssertEqual(UndefinedSubstitutionCheck.possibleSubstitutionNames(in: "There %#@items@ and %1$#@folders@ %#@items@"), ["items", "folders"])
        XCTAssertEqual(UndefinedSubstitutionCheck.possibleSubstitutionNames(in: "mail@example.com"), [])
        for text in texts {
            let candidates = Set(UndefinedSubstitutionCheck.possibleSubstitutionNames(in: text))
            XCTAssertTrue(Set(FormatString(text, substitution: nil).substitutionNames).isSubset(of: candidates), text.debugDescription)
        }
        var random = SeededRandom(seed: 26)
        let pieces = ["%", "#", "@", "$", "1", "2", "0", "a", ".", " ", "%%", "%#@", "@ ", "\n", "é", "l", "d"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let candidates = Set(UndefinedSubstitutionCheck.possibleSubstitutionNames(in: text))
            XCTAssertTrue(Set(FormatString(text, substitution: nil).substitutionNames).isSubset(of: candidates), text.debugDescription)
        }
    }
}

/// plural-categories leaves alone a variation whose `other` is only the number.
final class PluralOnlyTheNumberTests: XCTestCase {
    func testFormsThatAreOnlyTheNumber() {
        for text in ["%arg", "%lld", "(%lld)", "%1$lld", "%d.", "%arg %%", " %@ ", "%.2f", "№ %lld"] {
            XCTAssertTrue(PluralCategoriesCheck.isOnlyTheNumber(text), text)
        }
        for text in ["", "%arg items", "1 item", "%lld файлов", "%", "%y", "Один", "%arg个"] {
            XCTAssertFalse(PluralCategoriesCheck.isOnlyTheNumber(text), text)
        }
    }
}
