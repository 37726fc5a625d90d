import Foundation
import L10nKit
import XCTest

/// An App Shortcuts catalog (`AppShortcuts.xcstrings`) gives each locale a `stringSet` of phrases
/// instead of a string unit: a locale with phrases is translated, one without is missing, and the
/// phrases are written back as read.
final class AppShortcutsCatalogTests: XCTestCase {
    /// In Xcode's layout: `de` has both phrase sets, `fr` only one, `ja` one with no phrase.
    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Show the tide in ${applicationName}" : {
          "localizations" : {
            "de" : {
              "stringSet" : {
                "state" : "translated",
                "values" : [
                  "Gezeiten in ${applicationName} zeigen",
                  "${applicationName} Gezeiten"
                ]
              }
            },
            "en" : {
              "stringSet" : {
                "state" : "new",
                "values" : [
                  "Show the tide in ${applicationName}",
                  "${applicationName} tide"
                ]
              }
            },
            "fr" : {
              "stringSet" : {
                "state" : "translated",
                "values" : [
                  "Afficher la marée dans ${applicationName}"
                ]
              }
            },
            "ja" : {
              "stringSet" : {
                "state" : "translated",
                "values" : [

                ]
              }
            }
          }
        },
        "Start a dive log in ${applicationName}" : {
          "localizations" : {
            "de" : {
              "stringSet" : {
                "state" : "needs_review",
                "values" : [
                  "Tauchlog in ${applicationName} starten"
                ]
              }
            },
            "en" : {
              "stringSet" : {
                "state" : "new",
                "values" : [
                  "Start a dive log in ${applicationName}"
                ]
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    private func project() throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Tides", isDirectory: true)
        let app = root.appendingPathComponent("App", isDirectory: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(Self.catalog.utf8).write(to: app.appendingPathComponent("AppShortcuts.xcstrings"))
        try ExampleFile.infoPlist(declared: ["en", "de", "fr", "ja"]).data.write(to: app.appendingPathComponent("Info.plist"))
        return try ProjectDiscovery(root: root).discover()
    }

    private func exampleProject(_ example: CheckExample) throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        return try ProjectDiscovery(root: root).discover()
    }

    func testPhrasesCountAsTranslations() throws {
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation", "needs-review"])).run(on: project()).findings
        let missing = findings.filter { $0.check == "missing-translation" }
        XCTAssertEqual(missing.map { $0.locale ?? "-" }.sorted(), ["fr", "ja"], missing.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(missing.first { $0.locale == "fr" }?.keys, ["Start a dive log in ${applicationName}"])
        XCTAssertEqual(Set(missing.first { $0.locale == "ja" }?.keys ?? []), ["Show the tide in ${applicationName}", "Start a dive log in ${applicationName}"],
                       "a set without a phrase is no translation")
        let review = findings.filter { $0.check == "needs-review" }
        XCTAssertEqual(review.map(\.message), ["\"Start a dive log in ${applicationName}\" [de] phrase 'Tauchlog in ${applicationName} starten' is needs_review: Siri and Shortcuts offer it unreviewed"],
                       "the development language's sets in state new are Xcode's, not for review")
        XCTAssertEqual(review.first?.line, 44, "placed at its locale in the file")
        let several = try CheckJob(options: CheckOptions(only: ["needs-review"]))
            .run(on: exampleProject(NeedsReviewCheck.triggeringExamples.last!)).findings
        XCTAssertEqual(several.map(\.message), ["\"Show the tide in ${applicationName}\" [de] 2 phrases 'Show the tide in ${applicationName}', … are needs_review: Siri and Shortcuts offer them unreviewed"])
    }

    func testCoverageCountsLocalesWithPhrases() throws {
        let report = try ReportJob().run(on: project())
        let coverage = Dictionary(uniqueKeysWithValues: (report.appLocales + report.fullLocalization).map { ($0.locale, $0) })
        XCTAssertEqual(coverage["de"]?.reachable, 2)
        XCTAssertEqual(coverage["de"]?.tables.first?.missing, 0)
        XCTAssertEqual(coverage["de"]?.tables.first?.needsReview, 1, "a set's state is its phrases' state")
        XCTAssertEqual(coverage["fr"]?.tables.first?.missing, 1)
        XCTAssertEqual(coverage["ja"]?.tables.first?.missing, 2)
    }

    func testPhrasesAreWrittenBackAsRead() throws {
        let data = Data(Self.catalog.utf8)
        let catalog = try StringCatalogReader.read(data, file: "AppShortcuts.xcstrings")
        XCTAssertEqual(StringCatalogWriter().data(for: catalog), data)
        let set = try XCTUnwrap(catalog.entries["Show the tide in ${applicationName}"]?.localizations?["de"]?.stringSet)
        XCTAssertEqual(set.values, ["Gezeiten in ${applicationName} zeigen", "${applicationName} Gezeiten"])
        XCTAssertEqual(set.state, .translated)
        XCTAssertNil(catalog.entries["Show the tide in ${applicationName}"]?.localizations?["ja"]?.stringSet)
    }
}
