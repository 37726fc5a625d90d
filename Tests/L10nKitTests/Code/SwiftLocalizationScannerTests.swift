import Foundation
import L10nKit
import XCTest

/// The scanner on the sample's Swift sources (exact labels and references, nothing from comments
/// or literals) and on the cases of Xcode's key extraction.
final class SwiftLocalizationScannerTests: XCTestCase {
    private func scan(_ source: String, functions: [String] = []) throws -> SwiftSource {
        try SwiftLocalizationScanner(functions: functions).scan(Data(source.utf8), path: "a.swift")
    }

    private func keys(_ source: String, functions: [String] = []) throws -> [String] {
        try scan(source, functions: functions).references.map(\.key.text)
    }

    func testTheSampleLabelsAndReferences() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        XCTAssertEqual(project.swiftSources.map(\.path), ["BrandedEditor/EditorConfiguration.swift", "BrandedEditor/HomeView.swift"])
        let configuration = project.swiftSources[0], home = project.swiftSources[1]
        XCTAssertEqual(configuration.labels, [
            CodeLabel(surface: .dock, button: "imagesLibrary", parameter: "title", content: .localizedKey(CodeKey("Pictures")), line: 14, column: 16),
            CodeLabel(surface: .dock, button: "elementsLibrary", parameter: "title", content: .editorKey("ly_img_editor_dock_button_elements"), line: 18, column: 33),
            CodeLabel(surface: .dock, button: "textLibrary", parameter: "title", content: .verbatim("Brand Headlines"), line: 23, column: 26),
            CodeLabel(surface: .navigationBar, button: "undo", parameter: "label", content: .localizedKey(CodeKey("Revert")), line: 39, column: 20),
            CodeLabel(surface: .navigationBar, button: "export", parameter: "label", content: .localizedKey(CodeKey("Brand Studio")), line: 50, column: 26),
        ])
        XCTAssertEqual(configuration.labels.map(\.surfaceKey), ["ly_img_editor_dock_button_images_library", "ly_img_editor_dock_button_elements_library",
                                                               "ly_img_editor_dock_button_text_library", "ly_img_editor_navigation_bar_button_undo",
                                                               "ly_img_editor_navigation_bar_button_export"])
        XCTAssertEqual(configuration.references.map { "\($0.line) \($0.call) \($0.key.text) \($0.isLabel)" }, [
            "14 Text Pictures true", "18 .imgly.localized ly_img_editor_dock_button_elements false", "39 Text Revert true", "50 Text Brand Studio true",
        ])
        XCTAssertTrue(home.labels.isEmpty)
        XCTAssertEqual(home.references.map { "\($0.line) \($0.call) \($0.key.text)" }, [
            "20 Text Brand Studio", "22 Text %lld drafts", "25 Text %@ drafts", "26 String(localized:) Open Editor", "30 NSLocalizedString home_welcome_title",
        ])
    }

    func testEveryLookupCallAndNothingElse() throws {
        let source = #"""
        let a = NSLocalizedString("a", tableName: "Other", comment: "c")
        let b = String(localized: "b", table: "Other")
        let c = LocalizedStringResource("c")
        let d = "d".localized
        let e = Text(.imgly.localized("e"))
        let f = L10n.tr("f"); let g = Module.L10n.tr("g"); let h = tr("not h"); let i = self.label(.title("i"))
        let j = Text(verbatim: "not j"), k = x.Text("not k"), l = "not l".localized(with: 1), m = Text(someKey)
        let n = NSLocalizedString("n" + suffix, comment: "")
        """#
        let references = try scan(source, functions: ["L10n.tr", ".title"]).references
        XCTAssertEqual(references.map(\.key.text), ["a", "b", "c", "d", "e", "f", "g", "i"])
        XCTAssertEqual(references.map(\.table), ["Other", "Other", nil, nil, nil, nil, nil, nil])
        XCTAssertEqual(references.map(\.readsEditorChain), [false, false, false, false, true, false, false, false])
        XCTAssertEqual(references.map(\.call), ["NSLocalizedString", "String(localized:)", "LocalizedStringResource", ".localized", ".imgly.localized", "L10n.tr", "L10n.tr", ".title"])
    }

    func testInterpolationsMapToTheSpecifiersXcodeExtracts() throws {
        let source = #"""
        struct Album {
            let count: Int
            var ratio: Double
            let name: String
            let maybe: Int?
            func f(size: Float, total: UInt) -> some View {
                let local = 3
                Text("\(count) photos")
                Text("\(self.count) of \(total)")
                Text("\(ratio) \(size) \(name) \(local) \(7) \(2.5) \("s")")
                Text("\(maybe) \(count + 1) \(unknown) 50%")
                Text("50% off")
            }
        }
        """#
        let keys = try scan(source).references.map(\.key)
        XCTAssertEqual(keys.map(\.text), ["%lld photos", "%lld of %llu", "%lf %f %@ %lld %lld %lf %@", "%@ %@ %@ 50%%", "50% off"])
        XCTAssertEqual(keys[3].arguments, [nil, nil, nil], "an optional, an expression and an undeclared name have no evident type")
        // An untyped argument matches any specifier; a typed one only its own.
        XCTAssertTrue(keys[3].matches("%lld %@ %d 50%%"))
        XCTAssertFalse(keys[3].matches("%lld %@ 50%%"))
        XCTAssertTrue(keys[0].matches("%lld photos"))
        XCTAssertFalse(keys[0].matches("%@ photos"))
        XCTAssertFalse(keys[0].matches("%lld photo"))
        XCTAssertTrue(keys[4].matches("50% off"))
    }

    func testSwiftUIViewsAndModifiersTakingALocalizedStringKey() throws {
        let body = #"""
        struct NoteList: View {
            @State var query = ""; let count: Int
            var body: some View {
                NavigationStack {
                    List {
                        Section("Pinned") { Toggle("Show \(count) notes", isOn: $on) }
                        Label("Trash", systemImage: "trash").badge("New")
                        Button("Delete", role: .destructive) { delete() }
                        Button(action: save) { Text("Save") }
                        Button(title) { }
                        Picker(selection: $sort, label: Text("Sort")) { }
                        TextField("Title", text: $title, prompt: Text("Untitled"))
                        Link("Help", destination: url); x.Button("not a view"); Button(verbatim: "not a key")
                    }
                    .navigationTitle("Notes")
                    .searchable(text: $query, prompt: "Search notes")
                    .alert("Delete all?", isPresented: $asking) { Button("OK") { } }
                    .accessibilityLabel("Note list")
                    .help(helpText)
                }
                Menu("More") { }; LocalizedStringKey("Shared key")
            }
        }
        """#
        let references = try scan("import SwiftUI\n" + body).references
        XCTAssertEqual(references.map { "\($0.line) \($0.call) \($0.key.text)" }, [
            "7 Section Pinned", "7 Toggle Show %lld notes", "8 Label Trash", "8 .badge New", "9 Button Delete", "10 Text Save",
            "12 Text Sort", "13 TextField Title", "13 Text Untitled", "14 Link Help", "16 .navigationTitle Notes",
            "17 .searchable(prompt:) Search notes", "18 .alert Delete all?", "18 Button OK", "19 .accessibilityLabel Note list",
            "22 Menu More", "22 LocalizedStringKey Shared key",
        ])
        // Without `import SwiftUI`, `Button` and `Label` may be the app's own types: only Text and the explicit key count.
        XCTAssertEqual(try keys(body), ["Save", "Sort", "Untitled", "Shared key"])
    }

    /// Forms of real apps (ultimate-portfolio-app, Alare): a ternary of literals, WidgetKit's and
    /// App Intents' titles, a key made inside `Text` with a table; an app's own enum case named
    /// like a modifier (`store.send(.alert("x"))`, TCA) is no lookup.
    func testTernariesWidgetKitAppIntentsAndImplicitMembers() throws {
        let source = #"""
        import SwiftUI
        import AppIntents
        struct Toolbar: View {
            var body: some View {
                Button(enabled ? "Turn Filter Off" : "Turn Filter On") { }
                Button("alert") { store.send(.alert("Error Alert")) }
                Text(LocalizedStringKey("welcome.title"), tableName: "Onboarding")
                Text(.init("Made with init"))
                Text(a ? b : "not a literal pair")
                let x = y ? .help("not a modifier") : nil
            }
        }
        struct W: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "w", provider: P()) { _ in EmptyView() }
                    .configurationDisplayName("Up next")
                    .description("Your most important issues.")
            }
        }
        struct SetAction: AppIntent {
            @Parameter(title: "Operation") var op: String
            static var description = IntentDescription("Sets the action")
            static var caseDisplayRepresentations: [Self: DisplayRepresentation] = [.a: DisplayRepresentation(title: "Wave Device", subtitle: "Shake")]
        }
        """#
        XCTAssertEqual(try scan(source).references.map { "\($0.line) \($0.call) \($0.key.text) \($0.table ?? "-")" }, [
            "5 Button Turn Filter Off -", "5 Button Turn Filter On -", "6 Button alert -",
            "7 LocalizedStringKey welcome.title Onboarding", "8 LocalizedStringKey Made with init -",
            "16 .configurationDisplayName Up next -", "17 .description Your most important issues. -",
            "21 Parameter(title:) Operation -", "22 IntentDescription Sets the action -",
            "23 DisplayRepresentation(title:) Wave Device -", "23 DisplayRepresentation(subtitle:) Shake -",
        ])
    }

    /// From a red-team run: a labeled first argument is no key even as a ternary of literals; a
    /// modifier-named method of the app's own (`vm.alert`) is no SwiftUI modifier; an unclosed call
    /// does not search the rest of the file (142,000 unclosed `Button(` took 117 s to scan).
    func testLabeledTernariesOwnMethodsAndUnclosedCalls() throws {
        let source = #"""
        import SwiftUI
        let a = Text(verbatim: on ? "On Verbatim" : "Off Verbatim"), b = ShareLink(item: on ? "Item A" : "Item B")
        func f() { vm.alert("Something went wrong"); vm.help("Not a modifier"); v.body.alert("Not either", isPresented: $x) }
        let c = List { }.alert("Chained", isPresented: $x), d = Text("x").help("Helpful")
        let e = Button(
        let g = flag ? "Not an argument" : "Of anything"
        """#
        XCTAssertEqual(try keys(source), ["Chained", "x", "Helpful"])
        let many = "import SwiftUI\n" + String(repeating: "Button(", count: 5_000) + "\nlet z = q ? \"a\" : \"b\"\n"
        XCTAssertEqual(try keys(many), [])
    }

    /// Ternaries nested or in parentheses (a red-team case): every branch a literal, or nothing.
    func testNestedTernariesOfLiterals() throws {
        let source = #"""
        import SwiftUI
        let a = Button(x ? "A1" : y ? "B1" : z ? "C1" : "D1") { }
        let b = Button(x ? (y ? "Left" : "Right") : "Same") { }
        let c = Button(x ? label : "Not all literals") { }
        let d = Text(f(x) ? "Called" : "Condition")
        """#
        XCTAssertEqual(try keys(source), ["A1", "B1", "C1", "D1", "Left", "Right", "Same", "Called", "Condition"])
        let deep = "import SwiftUI\nlet e = Button(" + String(repeating: "c ? \"x\" : ", count: 6) + "\"last\") { }\n"
        XCTAssertEqual(try keys(deep), [], "past four levels nothing is read")
    }

    /// The text a call shows without its key: `value:` and `defaultValue:` (WooCommerce-style keys).
    func testDefaultValuesOfLookups() throws {
        let source = #"""
        let a = NSLocalizedString("settings.title", value: "Settings", comment: "")
        let b = String(localized: "error.title", defaultValue: "Something went wrong", comment: "")
        let c = NSLocalizedString("plain", comment: ""), d = NSLocalizedString("computed", value: fallback, comment: "")
        """#
        XCTAssertEqual(try scan(source).references.map { "\($0.key.text)=\($0.defaultValue ?? "-")" },
                       ["settings.title=Settings", "error.title=Something went wrong", "plain=-", "computed=-"])
    }

    /// SwiftUI seen through `import struct SwiftUI.Button`, or through another file's
    /// `@_exported import SwiftUI`, which makes every file of the project see it.
    func testSwiftUISeenThroughOtherImports() throws {
        XCTAssertEqual(try keys("import struct SwiftUI.Button\nlet b = Button(\"Save\") { }\n"), ["Save"])
        XCTAssertEqual(try scan("@_exported import SwiftUI\n").exportedImports, ["SwiftUI"])
        XCTAssertEqual(try scan("import SwiftUI\n").exportedImports, [])
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-exported-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try CheckExample.app("", localizable: ["Save": ["en": "Save", "de": "Sichern"]], more: [
            "App/Exports.swift": .text("@_exported import SwiftUI\n"),
            "App/Editor.swift": .text("struct Editor: View { var body: some View { Button(\"Save\") { } } }\n"),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.swiftSources.flatMap(\.references).map(\.key.text), ["Save"])
    }

    /// Apple's lookups read `Bundle.main` unless they name another bundle; the app's own functions
    /// decide for themselves; a bundle l10n cannot follow is unresolved (Awful, soyeht-ios).
    func testWhichCallsReadTheMainBundle() throws {
        let source = #"""
        import SwiftUI
        let a = Text("a"), b = Text("b", bundle: .module), c = Button("c") { }
        let d = NSLocalizedString("d", comment: ""), e = NSLocalizedString("e", bundle: Bundle(for: X.self), comment: "")
        let f = String(localized: "f"), g = String(localized: "g", bundle: .module), h = L10n.tr("h"), i = "i".localized
        let j = Text(LocalizedStringKey("j"), bundle: .module), k = Text("k", bundle: .main), l = Text("l", bundle: Bundle.main)
        let m = Text("m", bundle: Resources.bundle), n = String(localized: "n", bundle: .module.child)
        """#
        XCTAssertEqual(try scan(source, functions: ["L10n.tr"]).references.map { "\($0.key.text) \($0.bundle)" },
                       ["a main", "b own", "c main", "d main", "e own", "f main", "g own", "h own", "i own", "j own", "k main", "l main",
                        "m unresolved", "n unresolved"])
    }

    /// An app's own lookup members of `String`: what their bodies read, and their calls once
    /// discovery names them (`lookupMembers`).
    func testLookupMembersTheAppDefines() throws {
        let definitions = #"""
        public extension String {
            var localized: String { NSLocalizedString(self, tableName: "Common", bundle: .module, comment: "") }
            var localised: String {
                NSLocalizedString(self, comment: "")
            }
            func localised(bundle: Bundle) -> String { NSLocalizedString(self, bundle: bundle, comment: "") }
            var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
            var loc: String { Bundle(for: Token.self).localizedString(forKey: self, value: nil, table: "Brand") }
            var notAKey: String { NSLocalizedString("fixed", comment: "") }
            var value: String { String(localized: String.LocalizationValue(self), bundle: .module) }
        }
        extension Tab { var title: String { NSLocalizedString(rawValue, comment: "") } }
        """#
        let scanned = try scan(definitions)
        XCTAssertEqual(scanned.lookupDefinitions, [
            "localized": LookupDefinition(bundle: .own, table: "Common"), "localised": LookupDefinition(bundle: .main),
            "loc": LookupDefinition(bundle: .own, table: "Brand"), "value": LookupDefinition(bundle: .own),
        ], "a member whose lookup is not of self, one whose bundle is a parameter, and members of other types, are none")
        // A property delegating to a function whose bundle is a parameter: calls read as the caller's own lookups.
        let delegating = #"""
        extension String {
            var localized: String { localized() }
            func localized(bundle: Bundle = .main, tableName: String = "Localizable") -> String {
                NSLocalizedString(self, tableName: tableName, bundle: bundle, comment: "")
            }
        }
        """#
        XCTAssertEqual(try scan(delegating).lookupDefinitions, [:])
        XCTAssertEqual(scanned.references.map(\.key.text), ["fixed"])

        let calls = #"""
        let a = "a".localized, b = "b".localised, c = "c".localised(bundle: .module), d = "d".loc, e = "e".uppercased
        let f = "f".localized(with: 3)
        """#
        XCTAssertEqual(try scan(calls).references.map { "\($0.call) \($0.key.text) \($0.bundle)" }, [".localized a own"],
                       "only localized until discovery names the others")
        let members = try SwiftLocalizationScanner(lookupMembers: ["localized", "localised", "loc"]).scan(Data(calls.utf8), path: "a.swift")
        XCTAssertEqual(members.references.map { "\($0.call) \($0.key.text) \($0.bundle)" },
                       [".localized a own", ".localised b own", ".localised(bundle:) c own", ".loc d own"])
    }

    /// Xcode extracts a literal a declaration types as `LocalizedStringResource` (App Intents'
    /// titles) or `LocalizedStringKey`, stored or computed; not one that goes on into an expression.
    func testTypedDeclarationsOfALocalizedString() throws {
        let source = #"""
        struct OpenNote: AppIntent {
            static let title: LocalizedStringResource = "Open Note"
            static var description: LocalizedStringResource { "Opens a note" }
            let key: LocalizedStringKey = "Shared"
            let joined: LocalizedStringKey = "not" + "a key"
            let plain: String = "not localized"
            var computed: LocalizedStringResource { flag ? "Re-open" : "Close" }
            var body: LocalizedStringKey { let x = 1; return "a return is not followed" }
            let shown = DisplayRepresentation(title: LocalizedStringResource("Open Folder")), pick = f ? LocalizedStringKey("Used") : LocalizedStringKey("Other")
        }
        """#
        XCTAssertEqual(try scan(source).references.map { "\($0.line) \($0.call) \($0.key.text)" },
                       ["2 LocalizedStringResource Open Note", "3 LocalizedStringResource Opens a note", "4 LocalizedStringKey Shared",
                        "7 LocalizedStringResource Re-open", "7 LocalizedStringResource Close",
                        "9 LocalizedStringResource Open Folder", "9 LocalizedStringKey Used", "9 LocalizedStringKey Other"])
    }

    func testAStringDeclaredTwiceWithDifferentTypesIsNotEvident() throws {
        let keys = try self.keys("""
        func a(n: Int) {}
        func b(n: String) { Text("\\(n) items") }
        """)
        XCTAssertEqual(keys, ["%@ items"])
        XCTAssertEqual(try scan("func b(n: String) { Text(\"\\(n) items\") }").references[0].key.arguments, ["%@"])
        XCTAssertEqual(try scan("func a(n: Int) {}\nfunc b(n: String) { Text(\"\\(n) items\") }").references[0].key.arguments, [nil])
    }

    func testLabelsNeedTheFactoryShapeAndAClosure() throws {
        let source = #"""
        Dock.Buttons.imagesLibrary(title: { _ in Text("A") }, icon: { _ in Text("not a title") })
        CanvasMenu.Buttons.duplicate(label: { _ in Label { Text("B") } icon: { Image.imgly.duplicate } })
        InspectorBar.Buttons.delete(title: { _ in VStack { Text("\(n) C") ; Text(name) } })
        My.Dock.Buttons.images(title: { _ in Text("not D") })
        Dock.Items.images(title: { _ in Text("not E") })
        Dock.Buttons.images(title: title)
        """#
        let labels = try scan(source).labels
        XCTAssertEqual(labels.map(\.writtenText), ["A", "B", "%@ C"])
        XCTAssertEqual(labels.map(\.surface), [.dock, .canvasMenu, .inspectorBar])
    }

    func testAFileThatDoesNotTokenizeIsLeftOutWithAWarning() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-swift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try CheckExample.app("", localizable: ["k": ["en": "k", "de": "k"]], more: [
            "App/Good.swift": .text(#"let a = Text("k")"#),
            "App/Bad.swift": .text("let a = Text(\"k)\n"),
            "Vendor/SDK/Sources/Lib.swift": .text(#"let a = Text("vendor")"#),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.swiftSources.map(\.path), ["App/Good.swift"])
        XCTAssertEqual(project.warnings, ["App/Bad.swift:1:14: warning: unterminated string literal, so the file was not read for key references and labels"])
    }

    func testTheManifestNamesLookupFunctionsAndLocatesBadOnes() throws {
        let manifest = try ProjectManifest.read(Data(#"{ "localizedFunctions": ["L10n.tr", ".title", "tr"] }"#.utf8), file: "l10n.json")
        XCTAssertEqual(manifest.localizedFunctions, ["L10n.tr", ".title", "tr"])
        for bad in [#"["L10n..tr"]"#, #"["tr("]"#, #"["1tr"]"#, #"[""]"#, #""L10n.tr""#, #"["L10n.tr(table)"]"#, #"["L10n.tr(key, key)"]"#,
                    #"["L10n.tr(table, value)"]"#, #"["L10n.tr(key"]"#] {
            XCTAssertThrowsError(try ProjectManifest.read(Data("{\n  \"localizedFunctions\": \(bad) }".utf8), file: "l10n.json"), bad) { error in
                XCTAssertEqual((error as? InputError)?.location, SourceLocation(file: "l10n.json", line: 2, column: 25), bad)
            }
        }
    }

    /// SwiftGen's generated `L10n.tr("Localizable", "account.feed.mine", fallback: "Mine")` passes
    /// the table first: `L10n.tr(table, key)` in the manifest says so (each call looked up the key
    /// "Localizable" before, about 150 false errors on douglazhs/Orochii).
    func testLookupFunctionsWithATableArgument() throws {
        let source = #"""
        internal enum L10n {
          internal static let mine = L10n.tr("Localizable", "account.feed.mine", fallback: "Mine")
          internal static let done = L10n.tr("Onboarding", "onboarding.done", fallback: "Done")
          internal static let dynamic = L10n.tr(table, "not read")
        }
        """#
        let references = try scan(source, functions: ["L10n.tr(table, key)"]).references
        XCTAssertEqual(references.map { "\($0.call) \($0.key.text) \($0.table ?? "-") \($0.defaultValue ?? "-")" },
                       ["L10n.tr account.feed.mine - Mine", "L10n.tr onboarding.done Onboarding Done"])
        XCTAssertEqual(LookupFunction("L10n.tr(_, key)")?.keyArgument, 1)
        XCTAssertEqual(LookupFunction(".tr")?.components, ["", "tr"])
    }

    /// An `@IBInspectable` key property is looked up in the shapes real apps write: through a
    /// constant bound in its observer (`guard let key = NAME`), or stored and read by the type's
    /// `awakeFromNib`. The first were missed before (so `migrate-ib` added a second key path and
    /// `key-unused` called the storyboard's keys unused); values that are not looked up, or looked
    /// up in another table, are no key path, nor a parameter, a local, another object's property
    /// or a nested type's property that shares the name.
    func testInspectableKeyPropertiesReadThroughBindingsAndMethods() throws {
        let source = #"""
        import UIKit

        class KeyedLabel: UILabel {
            @IBInspectable var titleKey: String? {
                didSet {
                    guard let key = titleKey else { return }
                    text = NSLocalizedString(key, comment: "")
                }
            }
        }

        class KeyedButton: UIButton {
            @IBInspectable var buttonKey: String? = nil {
                didSet {
                    if let name = buttonKey, isEnabled {
                        let shown = name
                        setTitle(shown.localized, for: .normal)
                    }
                }
            }
        }

        class StoredKeyButton: UIButton {
            @IBInspectable var storedKey: String?
            @IBInspectable var tintName: String?
            @IBInspectable var tableKey: String?

            override func awakeFromNib() {
                super.awakeFromNib()
                if let storedKey = self.storedKey {
                    setTitle(NSLocalizedString(storedKey, comment: storedKey), for: .normal)
                }
                accessibilityHint = NSLocalizedString(tableKey ?? "", tableName: "Hints", comment: "")
                tintColor = UIColor(named: tintName ?? "")
            }
        }

        class ChainedLabel: UILabel {
            @IBInspectable var chainedKey: String?
            override func awakeFromNib() {
                let first = chainedKey ?? ""
                let second = first
                text = second.localized
            }
        }

        class Untouched: UIView {
            @IBInspectable var plainName: String? {
                didSet { accessibilityIdentifier = plainName }
            }
        }

        class Badge: UIView {
            @IBInspectable var name: String?
            @IBInspectable var title: String?
            @IBInspectable var caption: String?
            func show(name: String) { accessibilityLabel = NSLocalizedString(name, comment: "") }
            func label(for other: Badge) -> String? { other.title?.localized }
            func render() {
                let caption = "fixed"
                accessibilityHint = caption.localized
            }
            class Helper {
                var name: String?
                func text() -> String { NSLocalizedString(name ?? "", comment: "") }
            }
        }
        """#
        XCTAssertEqual(try scan(source).localizingKeyPaths, ["titleKey", "buttonKey", "storedKey", "chainedKey"])
    }

    /// A class (or an extension of a UIKit class) whose `awakeFromNib` looks the element's own
    /// text up uses the storyboard's texts as keys; one that only styles it does not.
    func testAwakeFromNibLookingUpTheElementsOwnText() throws {
        let source = #"""
        import UIKit

        @IBDesignable final class UILocalizedLabel: UILabel {
            override func awakeFromNib() {
                super.awakeFromNib()
                text = text?.localized
            }
        }

        extension UIButton {
            open override func awakeFromNib() {
                super.awakeFromNib()
                setTitle(self.title(for: .normal)?.localized, for: .normal)
            }
        }

        class PlaceholderField: UITextField {
            override func awakeFromNib() {
                if let key = placeholder { placeholder = NSLocalizedString(key, comment: "") }
            }
        }

        class StyledLabel: UILabel {
            override func awakeFromNib() {
                super.awakeFromNib()
                text = text?.uppercased()
                accessibilityHint = NSLocalizedString("label_hint", comment: "")
            }
        }

        class TabledLabel: UILabel {
            override func awakeFromNib() {
                text = NSLocalizedString(text ?? "", tableName: "Screens", comment: "")
            }
        }
        """#
        XCTAssertEqual(try scan(source).textLocalizingClasses, ["UILocalizedLabel", "UIButton", "PlaceholderField"])
    }
}
