import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nExchange
@testable import L10nTestSupport

/// `ImportPolicy.decide` calls the rules' evaluations one after the other; walking
/// `ImportPolicy.rules` in order, as it did before, is its oracle: the same verdict, rules,
/// remarks and value for every candidate.
final class ImportRuleOrderTests: XCTestCase {
    /// `decide` as it walked the list of rules.
    private static func decidedByWalkingRules(_ candidate: inout ImportCandidate) -> ImportVerdict {
        if let target = candidate.target, candidate.knowsUnit {
            candidate.value = ImportPolicy.catalogForm(target, substitution: candidate.expected!.targetSubstitution)
        }
        for rule in ImportPolicy.rules {
            guard let result = rule.evaluate(&candidate) else { continue }
            candidate.rules.append(rule.id)
            if let verdict = result { return verdict }
        }
        preconditionFailure("the apply rule decides every unit with a finished state")
    }

    private static let texts = ["Done", "Fertig", "", " ", "%@", "%1$@ %2$@", "%2$@ %1$@", "%lld files", "%lld Dateien", "%lld Datei",
                                "Eine Datei", "%d Dateien", "Delete %@?", "%@ löschen?", "50 %1$ und 150 %2$", "50% and 150%",
                                "%#@n@", "%1$#@n@", "%arg files", "%2$lld von %1$@", "%@ by %lld", "Saved. ", "\u{00A0}", "%", "%%"]
    private static let states: [XLIFFTargetState?] = [nil, .new, .needsTranslation, .needsL10n, .needsAdaptation, .translated,
                                                      .needsReviewTranslation, .needsReviewL10n, .needsReviewAdaptation, .final,
                                                      .signedOff, .custom("x-pending")]

    func testDecidingInOrderMatchesWalkingTheRules() {
        var random = SeededRandom(seed: 38)
        var decided: [String: Int] = [:]
        for _ in 0..<40_000 {
            let pick = { (random: inout SeededRandom, texts: [String]) in texts[random.below(texts.count)] }
            let source = pick(&random, Self.texts)
            let target: String? = random.below(6) == 0 ? nil : pick(&random, Self.texts)
            let state = Self.states[random.below(Self.states.count)]
            let inline: XLIFFUnknownInlineCode? = [nil, nil, nil, nil, .source, .target][random.below(6)]
            let unit = TransUnit(id: "k", source: source, target: target, targetState: state, unknownInlineCode: inline,
                                 hasEmptySegment: random.below(10) == 0)
            let locale = ["de", "ru", "fr"][random.below(3)]
            let unsupported: String? = random.below(20) == 0 ? "unsupported" : nil
            let readOnly: String? = random.below(20) == 0 ? "read-only" : nil
            let doNotTranslate = random.below(15) == 0
            let isDuplicate = random.below(15) == 0
            let hasStates = random.below(4) != 0
            let isSourceEdit = random.below(8) == 0
            let isPluralCase = random.below(3) == 0
            let substitution: SubstitutionArgument? = random.below(6) == 0 ? SubstitutionArgument(number: 1, formatSpecifier: "lld") : nil
            let expected: ExchangeUnit? = random.below(8) == 0 ? nil : {
                let sourceValue = pick(&random, Self.texts)
                let targetValue: String? = random.below(3) == 0 ? nil : pick(&random, Self.texts)
                let targetState: StringUnitState? = targetValue == nil ? nil : [.translated, .needsReview, .new][random.below(3)]
                let path = isPluralCase ? StringUnitPath(["plural", ["one", "few", "other"][random.below(3)]]) : StringUnitPath()
                var unit = ExchangeUnit(id: "k", key: "k", path: path, source: FormatString.positionalized(sourceValue, substitution: nil),
                                        sourceValue: sourceValue, sourceSubstitution: substitution, targetSubstitution: substitution,
                                        targetValue: targetValue, targetState: targetState, translate: true, note: "", isPluralCase: isPluralCase)
                if isPluralCase { unit.countSource = ExchangeUnit.countSource(of: sourceValue, other: "%lld files") }
                return unit
            }()
            let integers: [PluralCategory: [Int]]? = locale == "ru" && isPluralCase ? [.one: [1, 21, 31], .few: [2, 3, 4], .other: [0, 5, 6]] : nil
            func candidate() -> ImportCandidate {
                var made = ImportCandidate(unit: unit, locale: locale, unsupported: unsupported, doNotTranslate: doNotTranslate, hasStates: hasStates)
                made.readOnly = readOnly
                made.isDuplicate = isDuplicate
                made.isSourceEdit = isSourceEdit
                made.expected = expected
                made.unknownID = expected == nil ? "no such key" : ""
                made.pluralIntegers = integers
                return made
            }
            var inOrder = candidate()
            var walked = candidate()
            let verdict = ImportPolicy.decide(&inOrder)
            let oracle = Self.decidedByWalkingRules(&walked)
            let described = "\(source.debugDescription) → \(String(describing: target)) \(String(describing: state)), expected \(String(describing: expected))"
            XCTAssertEqual(verdict, oracle, described)
            XCTAssertEqual(inOrder.rules, walked.rules, described)
            XCTAssertEqual(inOrder.remarks, walked.remarks, described)
            XCTAssertEqual(inOrder.value, walked.value, described)
            decided[walked.rules.last ?? "", default: 0] += 1
        }
        // Every rule that ends a unit ended some of them.
        for rule in ImportPolicy.rules where rule.effect != .warn && rule.effect != .rewrite {
            XCTAssertGreaterThan(decided[rule.id, default: 0], 0, rule.id)
        }
    }
}
