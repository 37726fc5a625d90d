import Foundation
import XCTest
@testable import L10nKit
@testable import L10nExchange

/// The catalogs of an `.xcloc`'s `Source Contents`, reduced to the source language as Xcode writes
/// them (hunt case from BenRiceM/Ketchup-Localisation's Xcode 15.3 `zh-Hant.xcloc`, and
/// Schokolado/FitTrackPro's Xcode 26.5 `de.xcloc`, which agree).
final class XclocSourceContentsTests: XCTestCase {
    /// Keys extracted from code that only translations define lose `"localizations"` altogether:
    /// Xcode writes `" in " : { }` and `"at" : { "comment" : … }`, never an empty member.
    func testAnEntryWithOnlyTranslationsLosesItsLocalizations() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                " in " : {
                  "localizations" : {
                    "zh-Hant" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : " 在 "
                      }
                    }
                  }
                },
                "Done" : {
                  "comment" : "Button that closes the sheet",
                  "localizations" : {
                    "zh-Hant" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "完成"
                      }
                    }
                  }
                },
                "Greeting" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hello"
                      }
                    },
                    "zh-Hant" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "你好"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "zh-Hant"]).data,
            "App/Localizable.xcstrings": Data(catalog.utf8),
        ])
        let export = try XLIFFExporter(project: ProjectDiscovery(root: root).discover()).export(locale: "zh-Hant", scope: .all)
        let contents = Dictionary(uniqueKeysWithValues: export.sourceContents.map { ($0.path, $0.data) })
        let reduced = try XCTUnwrap(contents["App/Localizable.xcstrings"], "\(contents.keys)")
        XCTAssertEqual(String(decoding: reduced, as: UTF8.self), """
            {
              "sourceLanguage" : "en",
              "strings" : {
                " in " : {

                },
                "Done" : {
                  "comment" : "Button that closes the sheet"
                },
                "Greeting" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hello"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
    }
}
