import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nExchange
@testable import L10nKit
@testable import L10nTestSupport

/// The import's shortcuts in comparing format strings give what the full comparisons give:
/// `FormatString.mismatches` as `tabledMismatches` (its comparison without the common-case
/// shortcut), and `mayBeEquivalent` false only for texts `isEquivalent` tells apart.
final class FormatStringShortcutTests: XCTestCase {
    private static let pieces = ["%", "%%", "% ", "%@", "%d", "%i", "%lld", "%hhd", "%ld", "%qd", "%Lf", "%zu", "%u", "%1$@", "%2$@",
                                 "%2$", "%0$@", "%12$lld", "%1$lld", "%2$d", "%*d", "%*2$d", "%1$*2$d", "%.*f", "%.f", "%.3f", "%-5.2f",
                                 "%+ #0'd", "%n", "%y", "%5", "%arg", "%#@", "%#@name@", "%1$#@n@", "%#@n@", "%#@open", "@", "$", "1",
                                 "%0#@", "%01$#@n@", "%#@@", "%5#@n@", "%#@a b@", "%#@a$b@", "%1$2$#@n@", "%$#@n@",
                                 "0", "12", "l", "a", "text ", "é", "日本", "😀", "\n"]

    private func randomText(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    /// Mostly plain specifiers, with what the walk over them takes and the parser refuses (a
    /// position that is 0, missing or given twice; length modifiers run together) and `%arg`:
    /// the texts a walk over plain specifiers must settle as the parser does.
    private func plainPieces(_ random: inout SeededRandom, upTo count: Int) -> String {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in
            ["%@", "%lld", "%%", "%1$@", "%2$lld", "%#@n@", "%0$@", "%1$2$@", "%2$1$d", "%arg", "text ", "é", "😀", "%", "$", "1",
             "%$@", "%$d", "%1$$@", "%lll@", "%lqd", "%hl@", "%qq@", "%hhhd", "%hhd", "%qd", "%9lqd", "%05d", "%1$2@", "%99999999999$@",
             "l", "h", "q"]
                .randomElement(using: &random)!
        }.joined()
    }

    /// A variant of the text: positionalized, a piece replaced, or another text.
    private func variant(of text: String, _ random: inout SeededRandom) -> String {
        switch random.below(4) {
        case 0: return FormatString.positionalized(text)
        case 1: return text.replacingOccurrences(of: "%@", with: "%1$@").replacingOccurrences(of: "%lld", with: "%2$lld")
        case 2: return text + Self.pieces.randomElement(using: &random)!
        default: return randomText(&random)
        }
    }

    /// `plainPositionalized`, the byte pass the export takes for plain specifiers, references
    /// and `%arg`, gives the parser's `positionalized` wherever it answers (with and without a
    /// substitution, numbered or not), and answers for the common texts.
    func testPlainPositionalizedEqualsTheParser() {
        let plain = ["%@", "%d", "%i", "%u", "%x", "%X", "%f", "%e", "%g", "%c", "%s", "%ld", "%lld", "%lu", "%llu", "%lx", "%%",
                     "%li", "%lli", "%lX", "%llX", "%#@items@", "%#@folder_2@", "%arg", "%argument", "%#@a.b@", "%#@@", "%#@x"]
        let substitutions: [SubstitutionArgument?] = [nil, SubstitutionArgument(number: 1, formatSpecifier: "lld"),
                                                      SubstitutionArgument(number: 2, formatSpecifier: "d"),
                                                      SubstitutionArgument(number: nil, formatSpecifier: "@"),
                                                      SubstitutionArgument(number: 3, formatSpecifier: ".2f")]
        var random = SeededRandom(seed: 14)
        var answered = 0, rewritten = 0, withArgument = 0, withReference = 0
        for round in 0..<40_000 {
            let pieces = round.isMultiple(of: 2) ? Self.pieces + plain : plain + ["text ", "é", "日本", "😀", "l", "1", "$", "@", "#"]
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let substitution = substitutions.randomElement(using: &random)!
            guard let fast = FormatString.plainPositionalized(text, substitution: substitution) else { continue }
            answered += 1
            if fast != text { rewritten += 1 }
            if text.contains("%arg") { withArgument += 1 }
            if text.contains("%#@") { withReference += 1 }
            XCTAssertEqual(fast, FormatString(text, substitution: substitution).positionalized,
                           "\(text.debugDescription) with \(String(describing: substitution))")
        }
        XCTAssertGreaterThan(answered, 8_000)
        XCTAssertGreaterThan(rewritten, 3_000)
        XCTAssertGreaterThan(withArgument, 100)
        XCTAssertGreaterThan(withReference, 1_000)
        XCTAssertEqual(FormatString.plainPositionalized("%@ and %lld of %%"), "%1$@ and %2$lld of %%")
        XCTAssertEqual(FormatString.plainPositionalized("Clip: %#@items@ / %#@folders@"), "Clip: %1$#@items@ / %2$#@folders@")
        XCTAssertEqual(FormatString.plainPositionalized("%arg files", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld")),
                       "%2$lld files")
        XCTAssertNil(FormatString.plainPositionalized("%1$@ and %@"), "positions: the parser decides")
        XCTAssertNil(FormatString.plainPositionalized("%arg files"), "%arg outside a substitution: the parser decides")
        XCTAssertNil(FormatString.plainPositionalized("50 % and %@"), "a lone %: the parser decides")
    }

    /// `plainArgumentRestored`, the byte pass the import takes to read a substitution's
    /// exported `%N$lld` back as `%arg`, gives what parsing the target gives wherever it
    /// answers, and answers for the texts an export writes.
    func testPlainArgumentRestoredEqualsTheParse() {
        let substitutions = [SubstitutionArgument(number: 1, formatSpecifier: "lld"), SubstitutionArgument(number: 2, formatSpecifier: "lld"),
                             SubstitutionArgument(number: nil, formatSpecifier: "d"), SubstitutionArgument(number: 3, formatSpecifier: "@"),
                             SubstitutionArgument(number: 2, formatSpecifier: "ld"), SubstitutionArgument(number: 12, formatSpecifier: "u"),
                             SubstitutionArgument(number: 0, formatSpecifier: "lld"), SubstitutionArgument(number: 2, formatSpecifier: ".2f"),
                             SubstitutionArgument(number: 1_000_000, formatSpecifier: "lld"), SubstitutionArgument(number: 1_000_001, formatSpecifier: "lld"),
                             SubstitutionArgument(number: Int.max, formatSpecifier: "d")]
        var random = SeededRandom(seed: 16)
        var answered = 0, restored = 0
        for _ in 0..<30_000 {
            let substitution = substitutions.randomElement(using: &random)!
            let written = "%\(substitution.number ?? 1)$\(substitution.formatSpecifier)"
            // Mostly what an export writes, with now and then any other piece.
            let likely = [written, written + "d", "%%" + written, "%%", "text ", "é", "日本", "😀", "\n", "1", "$", "d"]
            let pieces = Self.pieces + ["%" + written, "%1$lld", "%2$ld", "%\(substitution.formatSpecifier)"]
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                random.below(6) == 0 ? pieces.randomElement(using: &random)! : likely.randomElement(using: &random)!
            }.joined()
            guard text.contains("%") else { continue }
            let parsed = ImportPolicy.parsedCatalogForm(text, substitution: substitution)
            guard let fast = FormatString.plainArgumentRestored(text, substitution: substitution) else { continue }
            answered += 1
            if fast != text { restored += 1 }
            XCTAssertEqual(fast, parsed, "\(text.debugDescription) with \(substitution)")
        }
        XCTAssertGreaterThan(answered, 2_000)
        XCTAssertGreaterThan(restored, 1_000)
        let count = SubstitutionArgument(number: 2, formatSpecifier: "lld")
        XCTAssertEqual(FormatString.plainArgumentRestored("%2$lld Dateien (100 %%)", substitution: count), "%arg Dateien (100 %%)")
        XCTAssertEqual(ImportPolicy.catalogForm("%2$lld Dateien", substitution: count), "%arg Dateien")
        XCTAssertNil(FormatString.plainArgumentRestored("%2$lld von %1$@", substitution: count), "another argument: the parser decides")
        XCTAssertNil(FormatString.plainArgumentRestored("%2$lld", substitution: SubstitutionArgument(number: 2, formatSpecifier: ".2f")))
        // The parser reads a position above 1,000,000 as 1,000,000: another argument (a review's find).
        XCTAssertEqual(ImportPolicy.catalogForm("%1000001$lld", substitution: SubstitutionArgument(number: 1_000_001, formatSpecifier: "lld")),
                       "%1000001$lld")
    }

    /// `hasSpecifiers`, which stops at the first plain specifier, answers as the parse does.
    func testHasSpecifiersEqualsTheParse() {
        var random = SeededRandom(seed: 17)
        var with = 0, without = 0
        for round in 0..<100_000 {
            let text = round.isMultiple(of: 2) ? randomText(&random) : plainPieces(&random, upTo: 4)
            let parsed = !FormatString(text).specifiers.isEmpty
            XCTAssertEqual(FormatString.hasSpecifiers(text), parsed, text.debugDescription)
            if parsed { with += 1 } else { without += 1 }
        }
        XCTAssertGreaterThan(with, 10_000)
        XCTAssertGreaterThan(without, 5_000)
        XCTAssertTrue(FormatString.hasSpecifiers("%lld files (100 %)"))
        XCTAssertFalse(FormatString.hasSpecifiers("100 %% sure"))
        XCTAssertFalse(FormatString.hasSpecifiers("One file"))
        for text in ["%1$2$@", "%2$1$d files", "%0$@", "%1$0$@", "%12$lld", "%$@", "%lll@", "%lqd items", "%qq@", "%hhhd", "%8qqud8"] {
            XCTAssertEqual(FormatString.hasSpecifiers(text), !FormatString(text).specifiers.isEmpty, text)
        }
        XCTAssertTrue(FormatString.hasSpecifiers("%arg Dateien"))
        XCTAssertTrue(FormatString.hasSpecifiers("%a"))
    }

    /// `plainSpecifiersReplaced`, which builds the text from its bytes, spells the parser's
    /// tokens wherever it answers, and answers for texts of plain specifiers.
    func testPlainSpecifiersReplacedSpellsTheTokens() {
        func spelled(_ text: String) -> String {
            FormatString(text).tokens.map { token -> String in
                switch token {
                case .literal(let literal): literal
                case .percentSign: "%"
                case .specifier: "00"
                }
            }.joined()
        }
        var random = SeededRandom(seed: 18)
        var answered = 0, withSpecifier = 0
        for round in 0..<200_000 {
            let text = round.isMultiple(of: 2) ? randomText(&random) : plainPieces(&random, upTo: 6)
            guard let fast = FormatString.plainSpecifiersReplaced(in: text, by: "00") else { continue }
            answered += 1
            if fast.contains("00") { withSpecifier += 1 }
            XCTAssertTrue(fast.utf8.elementsEqual(spelled(text).utf8), text.debugDescription)
        }
        XCTAssertGreaterThan(answered, 40_000)
        XCTAssertGreaterThan(withSpecifier, 20_000)
        XCTAssertEqual(FormatString.plainSpecifiersReplaced(in: "%lld Seiten (100 %%)", by: "00"), "00 Seiten (100 %)")
        XCTAssertNil(FormatString.plainSpecifiersReplaced(in: "%0$@", by: "00"))
        XCTAssertNil(FormatString.plainSpecifiersReplaced(in: "%.2f", by: "00"))
    }

    func testMismatchesEqualTheTabledComparison() {
        let substitutions: [SubstitutionArgument?] = [nil, SubstitutionArgument(number: 1, formatSpecifier: "lld"),
                                                      SubstitutionArgument(number: 2, formatSpecifier: "d")]
        var random = SeededRandom(seed: 11)
        var empty = 0
        for _ in 0..<12_000 {
            let text = randomText(&random)
            let other = variant(of: text, &random)
            let substitution = substitutions.randomElement(using: &random)!
            let source = FormatString(text, substitution: substitution), translation = FormatString(other, substitution: substitution)
            for options in [FormatComparisonOptions(), FormatComparisonOptions.pluralCase(of: source, substitution: substitution)] {
                let fast = FormatString.mismatches(source: source, translation: translation, options: options)
                XCTAssertEqual(fast, FormatString.tabledMismatches(source: source, translation: translation, options: options),
                               "\(text.debugDescription) / \(other.debugDescription)")
                if fast.isEmpty { empty += 1 }
            }
        }
        XCTAssertGreaterThan(empty, 400, "the shortcut's case occurs")
    }

    /// The import's shortcut in `ImportCandidate.mismatches`: a source without issues and a
    /// translation whose plain specifiers read the same arguments have no mismatch, whatever
    /// the options, and the translation reads every argument of the source (`plural-count`).
    func testEqualPlainSpecifiersHaveNoMismatches() {
        var random = SeededRandom(seed: 13)
        var settled = 0, positioned = 0
        for _ in 0..<12_000 {
            let text = randomText(&random)
            let other = variant(of: text, &random)
            let source = FormatString(text)
            guard source.issues.isEmpty, let plain = FormatString.plainSpecifiers(in: text),
                  let otherPlain = FormatString.plainSpecifiers(in: other),
                  FormatString.samePlainReads(otherPlain, plain, translationSubstitution: nil, sourceSubstitution: nil) else { continue }
            settled += 1
            if otherPlain != plain { positioned += 1 }
            for plural in [false, true] {
                XCTAssertEqual(FormatString.translationMismatches(source: source, sourceSubstitution: nil, translation: FormatString(other),
                                                                  isPluralCase: plural), [],
                               "\(text.debugDescription) / \(other.debugDescription)")
            }
            // The import's plural-count rule relies on it too: the translation reads every argument the source reads.
            XCTAssertTrue(Set(FormatString(other).arguments.keys).isSuperset(of: source.arguments.keys),
                          "\(text.debugDescription) / \(other.debugDescription)")
        }
        XCTAssertGreaterThan(settled, 500)
        XCTAssertGreaterThan(positioned, 50, "pairs told equal only once positions are given")
    }

    /// The same shortcut for a substitution's texts, where `%arg` is listed: with the same
    /// substitution on both sides, or another one for the translation.
    func testEqualPlainSpecifiersOfSubstitutionsHaveNoMismatches() {
        var random = SeededRandom(seed: 14)
        let substitutions = [SubstitutionArgument(number: nil, formatSpecifier: "lld"), SubstitutionArgument(number: 1, formatSpecifier: "lld"),
                             SubstitutionArgument(number: 2, formatSpecifier: "d"), SubstitutionArgument(number: 1, formatSpecifier: "@")]
        var settled = 0, withArgument = 0
        for _ in 0..<12_000 {
            let text = random.below(2) == 0 ? "%arg " + randomText(&random) : randomText(&random)
            let other = random.below(3) == 0 ? text.replacingOccurrences(of: "%arg", with: "%1$lld") : variant(of: text, &random)
            let sourceSubstitution = substitutions.randomElement(using: &random)!
            let translationSubstitution = random.below(2) == 0 ? sourceSubstitution : substitutions.randomElement(using: &random)!
            let source = FormatString(text, substitution: sourceSubstitution)
            guard source.issues.isEmpty, let plain = FormatString.plainSpecifiers(in: text, readingSubstitution: true),
                  let otherPlain = FormatString.plainSpecifiers(in: other, readingSubstitution: true),
                  FormatString.samePlainReads(otherPlain, plain, translationSubstitution: translationSubstitution,
                                              sourceSubstitution: sourceSubstitution) else { continue }
            settled += 1
            if plain.contains("%arg") { withArgument += 1 }
            for plural in [false, true] {
                XCTAssertEqual(FormatString.translationMismatches(source: source, sourceSubstitution: sourceSubstitution,
                                                                  translation: FormatString(other, substitution: translationSubstitution),
                                                                  isPluralCase: plural), [],
                               "\(text.debugDescription) / \(other.debugDescription) with \(sourceSubstitution) / \(translationSubstitution)")
            }
            XCTAssertTrue(Set(FormatString(other, substitution: translationSubstitution).arguments.keys).isSuperset(of: source.arguments.keys),
                          "\(text.debugDescription) / \(other.debugDescription) with \(sourceSubstitution) / \(translationSubstitution)")
        }
        XCTAssertGreaterThan(settled, 500)
        XCTAssertGreaterThan(withArgument, 100)
    }

    /// `readsLikePlainSource` compares a translation's specifiers in place with the source's
    /// list before it makes the translation's: it answers as comparing the two lists does.
    func testReadsLikePlainSourceEqualsComparingTheLists() {
        let substitutions: [SubstitutionArgument?] = [nil, SubstitutionArgument(number: 1, formatSpecifier: "lld"),
                                                      SubstitutionArgument(number: 2, formatSpecifier: "d")]
        var random = SeededRandom(seed: 18)
        var alike = 0, apart = 0
        for _ in 0..<30_000 {
            let text = (random.below(3) == 0 ? "%arg " : "") + randomText(&random)
            let other: String
            switch random.below(4) {
            case 0: other = text
            case 1: other = FormatString.positionalized(text)
            case 2: other = "x " + text.replacingOccurrences(of: "%arg", with: "%1$lld")
            default: other = variant(of: text, &random)
            }
            let sourceSubstitution = substitutions.randomElement(using: &random)!
            let translationSubstitution = random.below(2) == 0 ? sourceSubstitution : substitutions.randomElement(using: &random)!
            guard let plain = FormatString.plainSpecifiers(in: text, readingSubstitution: sourceSubstitution != nil) else { continue }
            let lists = FormatString.plainSpecifiers(in: other, readingSubstitution: translationSubstitution != nil).map {
                FormatString.samePlainReads($0, plain, translationSubstitution: translationSubstitution, sourceSubstitution: sourceSubstitution)
            } ?? false
            XCTAssertEqual(FormatString.readsLikePlainSource(other, plain, translationSubstitution: translationSubstitution,
                                                             sourceSubstitution: sourceSubstitution), lists,
                           "\(text.debugDescription) / \(other.debugDescription) with \(String(describing: sourceSubstitution)) / \(String(describing: translationSubstitution))")
            if lists { alike += 1 } else { apart += 1 }
        }
        XCTAssertGreaterThan(alike, 1_500)
        XCTAssertGreaterThan(apart, 1_500)
    }

    /// The candidate remembers the value `mismatches` found reading like the source, and only
    /// that value: the plural-count rule asks it instead of parsing (a review's test gap).
    func testCandidateRemembersWhichValueReadsLikeTheSource() {
        var candidate = ImportCandidate(unit: TransUnit(id: "k|==|plural.one", source: "%lld file", target: "%lld Datei"), locale: "de",
                                        doNotTranslate: false, hasStates: true)
        candidate.expected = ExchangeUnit(id: "k|==|plural.one", key: "k", path: StringUnitPath(), source: "%lld file", sourceValue: "%lld file",
                                          sourceSubstitution: nil, targetSubstitution: nil, targetValue: nil, targetState: nil,
                                          translate: true, note: "", isPluralCase: true)
        XCTAssertFalse(candidate.readsLikeSource("%lld Datei"), "nothing is known before mismatches ran")
        XCTAssertEqual(candidate.mismatches(of: "%lld Datei"), [])
        XCTAssertTrue(candidate.readsLikeSource("%lld Datei"))
        XCTAssertFalse(candidate.readsLikeSource("Eine Datei"))
        XCTAssertFalse(candidate.readsLikeSource("%lld Dateien"))
        _ = candidate.mismatches(of: "Eine Datei")
        XCTAssertFalse(candidate.readsLikeSource("Eine Datei"), "a value without the count does not read like the source")
        _ = candidate.mismatches(of: "%1$lld Dateien")
        XCTAssertTrue(candidate.readsLikeSource("%1$lld Dateien"), "the positional form reads the same")
        XCTAssertFalse(candidate.readsLikeSource("%lld Datei"), "only the last such value is remembered")
    }

    /// The positional form of an implicit source reads the same; other positions, other kinds
    /// and a substitution's texts are left to the parser.
    func testSamePlainReadsOfPositionalForms() {
        func same(_ a: String, _ b: String, substitution: SubstitutionArgument? = nil) -> Bool {
            FormatString.samePlainReads(FormatString.plainSpecifiers(in: b)!, FormatString.plainSpecifiers(in: a)!,
                                        translationSubstitution: substitution, sourceSubstitution: substitution)
        }
        XCTAssertTrue(same("Fill: %#@items@ / %#@folders@", "Füllen: %1$#@items@ / %2$#@folders@"))
        XCTAssertTrue(same("%@ by %lld", "von %2$lld: %1$@"))
        XCTAssertTrue(same("%2$@ %1$@", "%1$@ %2$@"))
        XCTAssertFalse(same("%@ by %lld", "%1$lld: %2$@"))
        XCTAssertFalse(same("%@ %@", "%1$@ %1$@"))
        // What the parser does not read as a reference is no plain specifier: `%0#@` is an
        // object with flags, and a `$` in a name is no position.
        XCTAssertNil(FormatString.plainSpecifiers(in: "%0#@ %d @"))
        XCTAssertNil(FormatString.plainSpecifiers(in: "%#@a$b@ %#@c$d@"))
        XCTAssertNil(FormatString.plainSpecifiers(in: "%#@@"))
        XCTAssertNil(FormatString.plainSpecifiers(in: "%$#@n@"))
        XCTAssertFalse(same("%@ by %lld", "von %2$lld: %1$@", substitution: SubstitutionArgument(number: 1, formatSpecifier: "lld")))
        XCTAssertEqual(FormatString.translationMismatches(source: FormatString("Fill: %#@items@ / %#@folders@"), sourceSubstitution: nil,
                                                          translation: FormatString("Füllen: %1$#@items@ / %2$#@folders@"), isPluralCase: false), [])
    }

    /// `plainSpecifiers` as it was before it compared bytes one by one: the oracle while the
    /// byte loop is young.
    private static func referencePlainSpecifiers(in text: String, readingSubstitution: Bool = false) -> [Substring]? {
        var result: [Substring] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while let start = utf8[index...].firstIndex(of: UInt8(ascii: "%")) {
            var end = utf8.index(after: start)
            guard end < utf8.endIndex else { return nil }
            if utf8[end] == UInt8(ascii: "%") {
                index = utf8.index(after: end)
                continue
            }
            if readingSubstitution, text[end...].utf8.starts(with: "arg".utf8) {
                let argEnd = utf8.index(end, offsetBy: 3)
                result.append(text[start..<argEnd])
                index = argEnd
                continue
            }
            while end < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[end]) || utf8[end] == UInt8(ascii: "$") {
                end = utf8.index(after: end)
            }
            if end < utf8.endIndex, utf8[end] == UInt8(ascii: "#") {
                // As the parser reads a reference: no position or one without a leading zero,
                // and a name without `%`, white space or `$`.
                let prefix = Array(utf8[utf8.index(after: start)..<end])
                if !prefix.isEmpty {
                    guard prefix.last == UInt8(ascii: "$"), prefix.first != UInt8(ascii: "0"),
                          prefix.dropLast().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), prefix.count > 1 else { return nil }
                }
                end = utf8.index(after: end)
                guard end < utf8.endIndex, utf8[end] == UInt8(ascii: "@"),
                      let close = utf8[utf8.index(after: end)...].firstIndex(of: UInt8(ascii: "@")) else { return nil }
                let name = utf8[utf8.index(after: end)..<close]
                guard !name.isEmpty, !name.contains(where: { "% \n\t\r$".utf8.contains($0) }) else { return nil }
                end = utf8.index(after: close)
                result.append(text[start..<end])
                index = end
                continue
            }
            while end < utf8.endIndex, [UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "q")].contains(utf8[end]) {
                end = utf8.index(after: end)
            }
            guard end < utf8.endIndex, [UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u")].contains(utf8[end]) else { return nil }
            end = utf8.index(after: end)
            result.append(text[start..<end])
            index = end
        }
        if result.allSatisfy({ $0.utf8.contains(UInt8(ascii: "$")) }) { return result.sorted() }
        return result.contains(where: { $0.utf8.contains(UInt8(ascii: "$")) }) ? nil : result
    }

    func testPlainSpecifiersMatchTheReference() {
        var random = SeededRandom(seed: 31)
        var answered = 0
        var withArgument = 0
        let names = ["%#@a$b@", "%1$#@n@ %#@m@", "%#@n@ %2$@", "%2$@ %1$@ %3$lld", "%qd %hhd %lu", "%@%", "%$@", "%1$$d", "%arg %@", "%argument", "%ar"]
        for text in names + (0..<20_000).map({ _ in randomText(&random) }) {
            for readingSubstitution in [false, true] {
                let found = FormatString.plainSpecifiers(in: text, readingSubstitution: readingSubstitution)
                XCTAssertEqual(found, Self.referencePlainSpecifiers(in: text, readingSubstitution: readingSubstitution),
                               "\(text.debugDescription), reading a substitution: \(readingSubstitution)")
                if found != nil { answered += 1 }
                if readingSubstitution, found?.contains("%arg") == true { withArgument += 1 }
            }
        }
        XCTAssertGreaterThan(answered, 10_000)
        XCTAssertGreaterThan(withArgument, 100)
    }

    /// The byte loop answers as the iterator loop it replaced, on pairs that share prefixes of
    /// every length (the word-wise skip of a common prefix) and differ anywhere after.
    func testMayBeEquivalentEqualsTheReference() {
        let substitutions: [SubstitutionArgument?] = [nil, SubstitutionArgument(number: 2, formatSpecifier: "lld"),
                                                      SubstitutionArgument(number: nil, formatSpecifier: "@"),
                                                      SubstitutionArgument(number: 1, formatSpecifier: "é"),
                                                      SubstitutionArgument(number: 3, formatSpecifier: "日lld")]
        var random = SeededRandom(seed: 17)
        var accepted = 0, rejected = 0
        for _ in 0..<30_000 {
            let prefix = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let text = prefix + randomText(&random)
            let other = random.below(3) == 0 ? variant(of: text, &random) : prefix + variant(of: randomText(&random), &random)
            let substitution = substitutions.randomElement(using: &random)!
            let fast = FormatString.mayBeEquivalent(text, other, substitution: substitution)
            XCTAssertEqual(fast, referenceMayBeEquivalent(text, other, substitution: substitution),
                           "\(text.debugDescription) / \(other.debugDescription) with \(String(describing: substitution))")
            if fast { accepted += 1 } else { rejected += 1 }
        }
        XCTAssertGreaterThan(accepted, 3_000)
        XCTAssertGreaterThan(rejected, 3_000)
    }

    func testMayBeEquivalentNeverRejectsEquivalentTexts() {
        var random = SeededRandom(seed: 12)
        var equivalent = 0, rejected = 0
        for _ in 0..<12_000 {
            let text = randomText(&random)
            let other = variant(of: text, &random)
            let isEquivalent = FormatString(text).isEquivalent(to: FormatString(other))
            if isEquivalent {
                equivalent += 1
                XCTAssertTrue(FormatString.mayBeEquivalent(text, other), "\(text.debugDescription) / \(other.debugDescription)")
            }
            if !FormatString.mayBeEquivalent(text, other) { rejected += 1 }
        }
        XCTAssertGreaterThan(equivalent, 1_000)
        XCTAssertGreaterThan(rejected, 1_000)
        XCTAssertFalse(FormatString.mayBeEquivalent("%@ files (rev. 2)", "%@ files"))
        XCTAssertTrue(FormatString.mayBeEquivalent("%1$@ / %2$@", "%@ / %@"))
    }

    /// With a substitution, `%arg` and its written form (`%2$lld`) are equivalent: the byte
    /// comparison skips the letters of `arg` and of the `formatSpecifier` too, and still never
    /// rejects a pair the parser finds equivalent (the import's unchanged rule asks it first).
    func testMayBeEquivalentWithASubstitutionNeverRejectsEquivalentTexts() {
        let substitutions = [SubstitutionArgument(number: 1, formatSpecifier: "lld"), SubstitutionArgument(number: 2, formatSpecifier: "d"),
                             SubstitutionArgument(number: nil, formatSpecifier: "@"), SubstitutionArgument(number: 3, formatSpecifier: ".2f")]
        var random = SeededRandom(seed: 15)
        var equivalent = 0, rejected = 0, argRewritten = 0
        for _ in 0..<12_000 {
            let substitution = substitutions.randomElement(using: &random)!
            let text = randomText(&random) + (random.below(2) == 0 ? "%arg" : "") + randomText(&random)
            let written = "%\(substitution.number ?? 1)$\(substitution.formatSpecifier)"
            let other: String
            switch random.below(5) {
            case 0: other = text.replacingOccurrences(of: "%arg", with: written)
            case 1: other = FormatString.positionalized(text, substitution: substitution)
            case 2: other = text.replacingOccurrences(of: "%arg", with: "%" + substitution.formatSpecifier)
            case 3: other = text + Self.pieces.randomElement(using: &random)!
            default: other = randomText(&random) + "%arg"
            }
            let isEquivalent = FormatString(text, substitution: substitution).isEquivalent(to: FormatString(other, substitution: substitution))
            if isEquivalent {
                equivalent += 1
                if text != other && text.contains("%arg") && !other.contains("%arg") { argRewritten += 1 }
                XCTAssertTrue(FormatString.mayBeEquivalent(text, other, substitution: substitution),
                              "\(text.debugDescription) / \(other.debugDescription) with \(substitution)")
            }
            if !FormatString.mayBeEquivalent(text, other, substitution: substitution) { rejected += 1 }
        }
        XCTAssertGreaterThan(equivalent, 1_000)
        XCTAssertGreaterThan(argRewritten, 200, "pairs equivalent through %arg's written form")
        XCTAssertGreaterThan(rejected, 1_000)
        let count = SubstitutionArgument(number: 2, formatSpecifier: "lld")
        XCTAssertTrue(FormatString.mayBeEquivalent("%arg Dateien", "%2$lld Dateien", substitution: count))
        XCTAssertFalse(FormatString.mayBeEquivalent("%arg Dateien", "%arg Ordner", substitution: count))
        XCTAssertFalse(FormatString.mayBeEquivalent("%arg Dateien", "%2$lld Dateien"), "without the substitution, %arg is another specifier")
    }

    /// Literal texts are compared as Swift strings, by canonical equivalence: texts whose bytes
    /// differ only in how an accent is written are equivalent, and the byte comparison must not
    /// reject them (a review found `"%2$lld cafe\u{301}"` / `"%arg caf\u{E9}"` rejected).
    func testMayBeEquivalentLeavesCanonicallyEquivalentTextsToTheParser() {
        let count = SubstitutionArgument(number: 2, formatSpecifier: "lld")
        let pairs: [(String, String, SubstitutionArgument?)] = [
            ("%2$lld cafe\u{301}", "%arg caf\u{E9}", count),
            ("%1$@ cafe\u{301}", "%@ caf\u{E9}", nil),
            ("\u{E0} %@", "a\u{300} %1$@", nil),
            ("\u{E0} %arg", "a\u{300} %2$lld", count),
            ("Å %d", "\u{212B} %1$d", nil),
            ("\u{1E0B}\u{323} %@", "\u{1E0D}\u{307} %@", nil),
        ]
        for (first, second, substitution) in pairs {
            XCTAssertTrue(FormatString(first, substitution: substitution).isEquivalent(to: FormatString(second, substitution: substitution)),
                          "\(first.debugDescription) / \(second.debugDescription)")
            XCTAssertTrue(FormatString.mayBeEquivalent(first, second, substitution: substitution),
                          "\(first.debugDescription) / \(second.debugDescription)")
            XCTAssertTrue(FormatString.mayBeEquivalent(second, first, substitution: substitution))
        }
        // Differences in ASCII text still settle it without parsing.
        XCTAssertFalse(FormatString.mayBeEquivalent("caf\u{E9} %@ a", "caf\u{E9} %@ b"))
    }
}
