import Foundation
import L10nKit
import XCTest

/// Projects and helpers shared by the export and import tests.
enum ExchangeFixtures {
    static let tool = XLIFFTool.l10n(version: "0.1.0")

    /// A temporary project with the given files (project-relative path → bytes).
    static func project(_ testCase: XCTestCase, files: [String: Data]) throws -> URL {
        let root = try Fixtures.temporaryFolder(testCase).appendingPathComponent("Project", isDirectory: true)
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    /// A temporary copy of `Samples/BrandedEditor` (tests never modify Samples/).
    static func sampleCopy(_ testCase: XCTestCase) throws -> URL {
        let root = try Fixtures.temporaryFolder(testCase).appendingPathComponent("BrandedEditor", isDirectory: true)
        try FileManager.default.copyItem(at: Fixtures.sample("BrandedEditor"), to: root)
        return root
    }

    /// Every regular file under a folder with its bytes, by relative path.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return result
    }

    /// The text of each `<file ...>...</file>` element, header set aside (as Xcode comparisons do).
    static func fileElements(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for element in XLIFFFixtureTests.fileElements(text) {
            let original = element.components(separatedBy: "original=\"")[1].components(separatedBy: "\"")[0]
            result[original] = XLIFFFixtureTests.withoutHeader(element)
        }
        return result
    }

    /// Lines present in `after` but not in `before`, and the reverse, as a line diff would count them.
    static func changedLines(_ before: Data, _ after: Data) -> (removed: [String], added: [String]) {
        let a = String(decoding: before, as: UTF8.self).components(separatedBy: "\n")
        let b = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
        let diff = b.difference(from: a)
        var removed: [String] = [], added: [String] = []
        for change in diff {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }
}

extension ExchangeFixtures {
    /// A catalog with every variation shape: plural, device, device+plural, a substitution with
    /// `argNum` (the formats.md example), multi-argument text, a key-as-source entry, and states.
    static let variationsCatalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld items" : {
          "comment" : "Item count",
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Element" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Elemente" } }
                }
              }
            },
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } }
                }
              }
            }
          }
        },
        "%lld photos on %@" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "device" : {
                  "iphone" : {
                    "variations" : {
                      "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld photo on your %@" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos on your %@" } }
                      }
                    }
                  },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos on %@" } }
                }
              }
            }
          }
        },
        "Greeting" : {
          "comment" : "Shown on launch",
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
            "ru" : { "stringUnit" : { "state" : "stale", "value" : "Привет" } }
          }
        },
        "Key as source %@ / %@" : {

        },
        "one_substitution" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "This %@ has %#@strings@." },
              "substitutions" : {
                "strings" : {
                  "argNum" : 2,
                  "formatSpecifier" : "lld",
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg string" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg strings" } }
                    }
                  }
                }
              }
            }
          }
        },
        "Retired" : {
          "extractionState" : "stale",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Retired" } }
          }
        },
        "Tap %@" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "device" : {
                  "mac" : { "stringUnit" : { "state" : "machine_translated", "value" : "Klicke auf %@" } }
                }
              }
            },
            "en" : {
              "variations" : {
                "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap %@" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Click %@" } }
                }
              }
            }
          }
        },
        "Trademark" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Trademark™" } }
          },
          "shouldTranslate" : false
        }
      },
      "version" : "1.0"
    }
    """#

    /// A project whose `App/Localizable.xcstrings` is `variationsCatalog` written in Xcode's format.
    static func variationsProject(_ testCase: XCTestCase) throws -> URL {
        let catalog = try StringCatalogReader.read(Data(variationsCatalog.utf8), file: "Localizable.xcstrings")
        return try project(testCase, files: ["App/Localizable.xcstrings": StringCatalogWriter().data(for: catalog)])
    }
}

extension ExchangeFixtures {
    /// `variationsCatalog` plus a legacy table (en UTF-8, ru UTF-16LE with BOM) and a storyboard.
    static func importProject(_ testCase: XCTestCase) throws -> URL {
        let root = try variationsProject(testCase)
        let english = "/* Window title */\n\"title\" = \"Title\";\n\n/* Pages */\n\"count\" = \"%d of %d\";\n"
        let russian = "/* Window title */\n\"title\" = \"Заголовок\";\n"
        let files: [String: Data] = [
            "App/en.lproj/Legacy.strings": Data(english.utf8),
            "App/ru.lproj/Legacy.strings": StringsEncoding.utf16LittleEndian.encode(russian),
            "App/Base.lproj/Main.storyboard": Data("<document/>\n".utf8),
        ]
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    /// An XLIFF file with one `<file>`, written by our writer and read back (so units have locations).
    static func xliff(original: String = "App/Localizable.xcstrings", source: String = "en", target: String? = "de",
                      _ units: [TransUnit], path: String = "in.xliff") throws -> ImportInput {
        let document = XLIFFDocument(files: [XLIFFFile(original: original, sourceLanguage: source, targetLanguage: target, units: units)])
        let data = try XLIFFWriter(tool: tool).data(document)
        var read = try XLIFFReader().read(data, path: path)
        // The writer has no markup for a code of unknown text or an empty segment: the flags are carried over as read.
        for index in units.indices where index < read.files[0].units.count {
            read.files[0].units[index].unknownInlineCode = units[index].unknownInlineCode
            read.files[0].units[index].hasEmptySegment = units[index].hasEmptySegment
        }
        return ImportInput(path: path, document: read)
    }

    static func plan(_ root: URL, _ inputs: [ImportInput], sourceEdits: Bool = false) throws -> ImportPlan {
        try XLIFFImporter(project: ProjectDiscovery(root: root).discover(), sourceEdits: sourceEdits).plan(inputs)
    }

    /// The reason of every unit of a plan that must write nothing, and the messages of those
    /// refused: what a `<file>` l10n never writes (vendor, outside the project) gives.
    static func unwritten(_ root: URL, _ inputs: [ImportInput], file: StaticString = #filePath, line: UInt = #line) throws
        -> (reasons: [ImportUnitOutcome.Reason?], messages: [String]) {
        let plan = try plan(root, inputs)
        XCTAssertEqual(plan.changes.map(\.path), [], "nothing written", file: file, line: line)
        return (plan.outcomes.map(\.reason), plan.outcomes.compactMap(\.message))
    }

    /// The file-level errors a plan throws (empty when it does not throw).
    static func failure(_ root: URL, _ inputs: [ImportInput]) throws -> [ImportFileErrorKind] {
        do {
            _ = try plan(root, inputs)
            return []
        } catch let failure as ImportFailure {
            return failure.errors.map(\.kind)
        }
    }
}
