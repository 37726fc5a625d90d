import XCTest
import L10nKit

/// Each rule of Apple's matching on its own (docs/locale-matching.md).
final class LocaleMatcherRuleTests: XCTestCase {
    private let matcher = LocaleMatcher()

    private func use(_ preferred: [String], _ available: [String], limit: Int = LocaleMatcher.defaultLimit) -> [String] {
        LocaleMatcher(limit: limit).localizationsToUse(preferred: preferred, available: available)
    }

    // MARK: Normalization

    func testBaseNameLowersLanguageUsesUnderscoresAndDropsKeywords() {
        XCTAssertEqual(LocaleMatcher.Identifier("EN-us").base, "en_US")
        XCTAssertEqual(LocaleMatcher.Identifier("zh-Hant-TW").base, "zh_Hant_TW")
        XCTAssertEqual(LocaleMatcher.Identifier("en@calendar=hebrew").base, "en")
        XCTAssertEqual(LocaleMatcher.Identifier("en-u-ca-hebrew").base, "en")
        XCTAssertEqual(LocaleMatcher.Identifier("English").base, "english")
    }

    func testAppleAliasesComeFirst() {
        XCTAssertEqual(LocaleMatcher.Identifier("English").normalized, "en")
        XCTAssertEqual(LocaleMatcher.Identifier("Chinese").normalized, "zh_Hans")
        XCTAssertEqual(LocaleMatcher.Identifier("zh_TW").normalized, "zh_Hant_TW")
        XCTAssertEqual(LocaleMatcher.Identifier("zh-HK").normalized, "zh_Hant_HK")
        XCTAssertEqual(LocaleMatcher.Identifier("no_NO").normalized, "nb_NO")
        XCTAssertEqual(LocaleMatcher.Identifier("yue_CN").normalized, "yue_Hans_CN")
        // Apple's aliases are exact: zh_Hant_TW itself is left alone.
        XCTAssertEqual(LocaleMatcher.Identifier("zh_Hant_TW").normalized, "zh_Hant_TW")
    }

    func testCLDRLanguageAliasOfTheWholeBaseName() {
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "iw"), "he")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "in"), "id")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "tl"), "fil")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "mo"), "ro")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "sh"), "sr_Latn")
        // A whole base name with a region has its own entry and wins over the language's.
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "sgn_BR"), "bzs")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "de_AT"), "de_AT")
    }

    func testLanguageAliasReappendsScriptAndRegionToABareReplacement() {
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "iw_IL"), "he_IL")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "tl_PH"), "fil_PH")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "iw_Hebr_IL"), "he_Hebr_IL")
    }

    func testLanguageAliasEndingInAScriptGetsOnlyTheRegion() {
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "sh_BA"), "sr_Latn_BA")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "sh_Cyrl"), "sr_Latn")
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "sh_Cyrl_RS"), "sr_Latn_RS")
        // A replacement with a region keeps it and drops the original's.
        XCTAssertEqual(LocaleMatcher.normalize(baseName: "cnr_XK"), "sr_ME")
    }

    func testLanguageGroups() {
        XCTAssertEqual(LocaleMatcher.Identifier("nb").group, "no")
        XCTAssertEqual(LocaleMatcher.Identifier("nn_NO").group, "no")
        XCTAssertEqual(LocaleMatcher.Identifier("yue_Hant").group, "zh")
        XCTAssertEqual(LocaleMatcher.Identifier("hi_Latn").group, "en")
        XCTAssertEqual(LocaleMatcher.Identifier("fr").group, "fr")
        XCTAssertEqual(LocaleMatcher.Identifier("Norwegian").language, "nb")
    }

    // MARK: Parent chains

    func testParentChainPrefersAppleParentsThenParentLocalesThenTruncation() {
        func chain(_ id: String) -> [String] { LocaleMatcher.Identifier(id).parentChain(penalizingNonDefaultRegion: false) }
        XCTAssertEqual(chain("en_IN"), ["en_IN", "en_GB", "en_001", "en"])
        XCTAssertEqual(chain("pt_AO"), ["pt_AO", "pt_PT", "pt"])
        XCTAssertEqual(chain("de_AT"), ["de_AT", "de"])
        XCTAssertEqual(chain("hi_Latn"), ["hi_Latn", "en_IN", "en_GB", "en_001", "en"])
        XCTAssertEqual(chain("zh-TW"), ["zh_Hant_TW", "zh_Hant", "zh_TW"])
        XCTAssertEqual(chain("yue_HK"), ["yue_Hant_HK", "yue_Hant", "yue_HK", "zh_Hant_HK", "zh_HK", "zh_Hant", "zh_TW"])
        XCTAssertEqual(chain("sr_Latn"), ["sr_Latn"], "parentLocales sends sr_Latn to root")
    }

    func testAvailableNonDefaultRegionCostsOnePoint() {
        func chain(_ id: String) -> [String] { LocaleMatcher.Identifier(id).parentChain(penalizingNonDefaultRegion: true) }
        XCTAssertEqual(chain("it_CH"), ["it_CH", "it_CH", "it"])
        XCTAssertEqual(chain("it_IT"), ["it_IT", "it"], "IT is Italian's default region")
        XCTAssertEqual(chain("en_AU"), ["en_AU", "en_AU", "en_GB", "en_001", "en"])
        XCTAssertEqual(chain("es"), ["es"])
        // The two exemptions.
        XCTAssertEqual(chain("es_MX"), ["es_MX", "es_419", "es"])
        XCTAssertEqual(chain("zh_TW"), ["zh_Hant_TW", "zh_Hant", "zh_TW"])
        XCTAssertEqual(chain("es_AR"), ["es_AR", "es_AR", "es_419", "es"])
        XCTAssertEqual(use(["it"], ["it_CH", "it_IT"]), ["it_IT"])
        XCTAssertEqual(use(["es-419"], ["es_AR", "es_MX"]), ["es_MX"], "es_MX is exempt, es_AR is not")
    }

    // MARK: Scoring

    func testExactBaseNameBeatsAnEarlierNormalizedMatch() {
        let match = matcher.match(preferred: ["zh_TW"], available: ["zh-Hant-TW", "zh_TW"])
        XCTAssertEqual(match.reason, .exactBaseName)
        XCTAssertEqual(match.chosenIndex, 1)
        XCTAssertEqual(match.localizations, ["zh_TW", "zh-Hant-TW"])
    }

    func testNormalizedMatchScoresZero() {
        let match = matcher.match(preferred: ["he"], available: ["en", "iw"])
        XCTAssertEqual(match.reason, .sameNormalizedName)
        XCTAssertEqual(match.localizations, ["iw"])
    }

    func testScoreIsTheSumOfChainDepthsPlusOneAcrossLanguages() {
        // en_NZ → en_AU → en_GB: en_GB is two steps up the preferred chain, en four.
        let nearer = matcher.match(preferred: ["en_NZ"], available: ["en", "en_GB"])
        XCTAssertEqual(nearer.localizations, ["en_GB", "en"])
        XCTAssertEqual(nearer.reason, .parentChain(score: 2 + 0))
        XCTAssertEqual(matcher.match(preferred: ["en_NZ"], available: ["en_GB", "en_AU"]).reason, .parentChain(score: 1))
        let crossLanguage = matcher.match(preferred: ["hi_Latn"], available: ["hi", "en"])
        XCTAssertEqual(crossLanguage.localizations, ["en"])
        XCTAssertEqual(crossLanguage.reason, .parentChain(score: 4 + 0 + 1))
    }

    func testTiesGoToTheEarlierAvailableLocalization() {
        XCTAssertEqual(use(["de"], ["de_AT", "de_CH"]), ["de_AT"])
        XCTAssertEqual(use(["de"], ["de_CH", "de_AT"]), ["de_CH"])
    }

    func testLaterPreferredLanguagesCountOnlyWhenEarlierOnesMatchNothing() {
        XCTAssertEqual(use(["ja", "fr-CA", "de"], ["de", "fr"]), ["fr"])
        XCTAssertEqual(use(["en-US", "de"], ["de", "en_GB"]), ["en_GB"])
    }

    // MARK: Second pass

    func testRegionalNearMatchGivesWayToALaterExactPreferenceOfTheSameLanguage() {
        let match = matcher.match(preferred: ["fr-CH", "fr-CA"], available: ["fr-FR", "fr-CA"])
        XCTAssertEqual(match.localizations, ["fr-CA"])
        XCTAssertEqual(match.reason, .exactMatchOfLaterPreference)
        XCTAssertEqual(match.preferredIndex, 1)
        XCTAssertEqual(use(["fr-CH", "de", "fr-CA"], ["de", "fr-FR", "fr-CA"]), ["fr-CA"])
    }

    func testSecondPassNeedsARegionalMatch() {
        XCTAssertEqual(use(["fr-CH", "fr-CA"], ["fr", "fr-CA"]), ["fr"])
    }

    func testSecondPassSkipsChinese() {
        XCTAssertEqual(use(["zh-HK", "zh-TW"], ["zh_MO", "zh_TW"]), ["zh_MO", "zh_TW"])
    }

    // MARK: Portuguese

    func testPortugalToBrazilIsOnlyALastResort() {
        let alone = matcher.match(preferred: ["pt-PT"], available: ["pt-BR"])
        XCTAssertEqual(alone.localizations, ["pt-BR"])
        XCTAssertEqual(alone.reason, .portugueseLastResort)
        XCTAssertEqual(use(["pt-PT", "de"], ["pt-BR", "de"]), ["de"])
        XCTAssertEqual(use(["pt-PT", "ja"], ["pt-BR", "de"]), ["pt-BR"])
        XCTAssertEqual(use(["pt-PT"], ["pt-BR", "pt"]), ["pt"])
        XCTAssertEqual(use(["pt"], ["en", "pt-PT", "pt-BR"]), ["pt-BR"], "plain pt is Brazilian")
    }

    // MARK: Chinese

    func testChineseScriptsAndRegions() {
        XCTAssertEqual(use(["zh-Hant"], ["zh_CN", "zh_TW"]), ["zh_TW"])
        XCTAssertEqual(use(["zh-Hans"], ["zh", "zh-Hans", "zh-Hant"]), ["zh-Hans", "zh"])
        XCTAssertEqual(use(["zh-SG"], ["zh_CN", "zh_Hans", "zh_TW"]), ["zh_Hans"])
        XCTAssertEqual(use(["zh-Hant"], ["zh_Hant", "zh_TW"]), ["zh_Hant"], "the chain reaches zh_TW, not zh_Hant_TW")
        XCTAssertEqual(use(["yue-Hant"], ["zh_CN", "zh_TW"]), ["zh_TW"])
        XCTAssertEqual(use(["wuu_CN"], ["en", "zh-Hans"]), ["zh-Hans"])
    }

    func testHongKongPullsInTaiwan() {
        XCTAssertEqual(use(["zh-HK"], ["zh_TW", "zh_HK"]), ["zh_HK", "zh_TW"])
        XCTAssertEqual(use(["zh-MO"], ["zh_TW", "zh_MO", "zh_HK"]), ["zh_MO", "zh_TW", "zh_HK"])
        XCTAssertEqual(use(["zh-Hant-HK"], ["zh-TW"]), ["zh-TW"])
    }

    // MARK: zxx, no match, output

    func testNoLinguisticContentWhenNothingMatches() {
        let match = matcher.match(preferred: ["th_TH"], available: ["en_HK", "zxx"])
        XCTAssertEqual(match.localizations, ["zxx"])
        XCTAssertEqual(match.reason, .noLinguisticContent)
        XCTAssertEqual(use(["en"], ["zxx", "en"]), ["en"])
        XCTAssertEqual(use(["th"], ["ZXX"]), [], "only the exact string zxx")
    }

    func testNoMatch() {
        let match = matcher.match(preferred: ["ja", "ko"], available: ["en", "de"])
        XCTAssertEqual(match.localizations, [])
        XCTAssertEqual(match.reason, .noMatch)
        XCTAssertNil(match.chosenIndex)
        XCTAssertEqual(use([], ["en"]), [])
        XCTAssertEqual(use(["en"], []), [])
        XCTAssertEqual(use(["root", "_US", "@calendar=hebrew"], ["en", "de"]), [])
    }

    func testOutputFollowsTheChainAndKeepsTheCallersSpelling() {
        XCTAssertEqual(use(["en_NZ"], ["en", "English", "en-001", "en_GB", "en_AU"]), ["en_AU", "en_GB", "en-001", "en", "English"])
        XCTAssertEqual(use(["en-GB"], ["en_GB", "en-GB"]), ["en_GB", "en-GB"], "each available entry counts on its own")
    }

    func testCapDefaultsToEightAndIsAdjustable() {
        XCTAssertEqual(LocaleMatcher.defaultLimit, 8)
        let many = Array(repeating: "en", count: 12)
        XCTAssertEqual(use(["en"], many).count, 8)
        XCTAssertEqual(use(["en"], many, limit: 20).count, 12)
        XCTAssertEqual(use(["en_NZ"], ["en", "en_GB", "en_AU"], limit: 2), ["en_AU", "en_GB"])
        XCTAssertEqual(use(["en"], many, limit: 0), ["en"], "at least the chosen one")
    }
}
