import L10nCore
/// A localization key as code names it: literal text, and an argument where a literal
/// interpolates (`Text("\(count) photos")`), typed when the source makes the type evident.
public struct CodeKey: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        /// Literal text as the user sees it (a `%` is one percent sign, not yet escaped).
        case text(String)
        /// An interpolation: the specifier Xcode extracts for it (`%lld`), nil when its type is not evident.
        case argument(String?)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// A key without interpolation.
    public init(_ text: String) { self.parts = text.isEmpty ? [] : [.text(text)] }

    public var hasArguments: Bool { parts.contains { if case .argument = $0 { return true } else { return false } } }

    /// The key as Xcode extracts it (`%lld photos`; `%` doubled when the key has arguments); an
    /// argument of unknown type is shown as `%@`.
    public var text: String {
        let escape = hasArguments
        return parts.map { part in
            switch part {
            case .text(let text): return escape ? text.replacingOccurrences(of: "%", with: "%%") : text
            case .argument(let specifier): return specifier ?? "%@"
            }
        }.joined()
    }

    /// Whether a key of a table is the one this code reads: equal, or (with arguments) equal up to
    /// the specifiers, each typed argument naming the same specifier as the table's key.
    public func matches(_ key: String) -> Bool {
        guard hasArguments else { return parts.isEmpty ? key.isEmpty : key == text }
        guard let shape = KeyShape(key) else { return false }
        return shape == KeyShape(self) && zip(arguments, shape.specifiers).allSatisfy { typed, specifier in
            typed == nil || typed == specifier
        }
    }

    /// The specifiers of the arguments in order (nil for an untyped one).
    public var arguments: [String?] {
        parts.compactMap { if case .argument(let specifier) = $0 { return .some(specifier) } else { return nil } }
    }
}

/// A key with its format specifiers taken out: two keys with one shape differ only in their
/// specifiers, so a code key with untyped arguments is looked up by shape.
public struct KeyShape: Hashable, Sendable {
    /// The literal text with `\u{1}` for each specifier (`%%` read as `%`).
    public var text: String
    public var specifiers: [String]

    public static func == (a: KeyShape, b: KeyShape) -> Bool { a.text == b.text && a.specifiers.count == b.specifiers.count }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The shape of a table's key; nil when it has no specifier (a plain key is compared whole).
    public init?(_ key: String) {
        guard key.utf8.contains(UInt8(ascii: "%")) else { return nil }
        let scalars = Array(key.unicodeScalars)
        var text = String.UnicodeScalarView()
        var specifiers: [String] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%", index + 1 < scalars.count else { text.append(scalars[index]); index += 1; continue }
            if scalars[index + 1] == "%" { text.append("%"); index += 2; continue }
            guard let end = Self.specifierEnd(scalars, from: index + 1) else { text.append(scalars[index]); index += 1; continue }
            specifiers.append(String(String.UnicodeScalarView(scalars[index..<end])))
            text.append("\u{1}")
            index = end
        }
        guard !specifiers.isEmpty else { return nil }
        self.text = String(text)
        self.specifiers = specifiers
    }

    /// The shape of a code key: its text parts and one mark per argument.
    public init(_ key: CodeKey) {
        var text = ""
        for part in key.parts {
            switch part {
            case .text(let literal): text += literal
            case .argument: text += "\u{1}"
            }
        }
        self.text = text
        self.specifiers = key.arguments.map { $0 ?? "" }
    }

    /// The end of a `printf` specifier whose `%` is just before `start`: position, flags, width,
    /// precision, length, conversion.
    private static func specifierEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        func skip(_ set: String) { while index < scalars.count, set.unicodeScalars.contains(scalars[index]) { index += 1 } }
        let digits = "0123456789"
        let beforePosition = index
        skip(digits)
        if index < scalars.count, scalars[index] == "$" { index += 1 } else { index = beforePosition }
        skip("-+ #0'")
        skip(digits)
        if index < scalars.count, scalars[index] == "." { index += 1; skip(digits) }
        skip("hlqLzjt")
        guard index < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[index]) else { return nil }
        return index + 1
    }
}

/// The bundle a lookup reads, as its call says.
public enum LookupBundle: String, Sendable, Hashable {
    /// `Bundle.main`: an Apple lookup (`Text`, `Button`, `NSLocalizedString`, `String(localized:)`)
    /// without `bundle:`, or with `bundle: .main`. In a package's or framework's code that is the
    /// app's bundle, not its own.
    case main
    /// The code's own bundle: `bundle: .module`, `Bundle(for:)`, or the app's own lookup function.
    case own
    /// Another bundle named by an expression l10n does not follow (`bundle: Resources.bundle`).
    case unresolved
}

/// What an app's own lookup member of `String` (`var localized: String { NSLocalizedString(self, …) }`
/// in an extension of `String`) looks its key up in: the bundle and table of the Apple lookup in
/// its body. `"k".localized` reads what the definition reads, which is the defining module's
/// bundle for `bundle: .module`.
public struct LookupDefinition: Sendable, Hashable {
    public var bundle: LookupBundle
    /// The table the body's lookup names, nil for `Localizable`.
    public var table: String?

    public init(bundle: LookupBundle, table: String? = nil) {
        self.bundle = bundle
        self.table = table
    }
}

/// A place in Swift code that looks a key up: `Text("k")`, `NSLocalizedString("k", comment:)`,
/// `String(localized: "k")`, `LocalizedStringResource("k")`, `"k".localized`, `.imgly.localized("k")`,
/// or a function the manifest names.
public struct CodeReference: Sendable, Hashable {
    /// The call as written in messages: `Text`, `NSLocalizedString`, `String(localized:)`, `.localized`, `.imgly.localized`, `L10n.tr`.
    public var call: String
    public var key: CodeKey
    /// The table the call names (`tableName:`, `table:`), nil for `Localizable`.
    public var table: String?
    /// Whether the key is looked up through the editor SDK's chain (`.imgly.localized`), not one table.
    public var readsEditorChain: Bool
    /// Whether the reference is the text of a programmatic editor label (reported as a `CodeLabel`).
    public var isLabel: Bool
    /// The bundle the call reads (see `LookupBundle`).
    public var bundle: LookupBundle
    /// The text the call shows when the table lacks the key (`value:` of `NSLocalizedString`,
    /// `defaultValue:` of `String(localized:)`), as written; nil without one.
    public var defaultValue: String?
    public var line: Int
    public var column: Int

    public init(call: String, key: CodeKey, table: String? = nil, readsEditorChain: Bool = false, isLabel: Bool = false,
                bundle: LookupBundle = .own, defaultValue: String? = nil, line: Int, column: Int) {
        self.call = call
        self.key = key
        self.table = table
        self.readsEditorChain = readsEditorChain
        self.bundle = bundle
        self.defaultValue = defaultValue
        self.isLabel = isLabel
        self.line = line
        self.column = column
    }
}

/// A button label an editor configuration sets in code (`Dock.Buttons.imagesLibrary(title: { _ in Text("Pictures") })`):
/// the button no longer reads its SDK key.
public struct CodeLabel: Sendable, Hashable {
    /// The editor surface whose button factory sets the label.
    public enum Surface: String, Sendable, Hashable, CaseIterable {
        case dock = "Dock", inspectorBar = "InspectorBar", navigationBar = "NavigationBar", canvasMenu = "CanvasMenu"

        /// The key prefix of the surface's SDK keys, which the width budgets name.
        public var keyPrefix: String {
            switch self {
            case .dock: return "ly_img_editor_dock_"
            case .inspectorBar: return "ly_img_editor_inspector_bar_"
            case .navigationBar: return "ly_img_editor_navigation_bar_"
            case .canvasMenu: return "ly_img_editor_canvas_menu_"
            }
        }
    }

    /// What the label's `Text` shows.
    public enum Content: Sendable, Hashable {
        /// `Text("Pictures")`: a `LocalizedStringKey`, looked up in the app's `Localizable` table.
        case localizedKey(CodeKey)
        /// `Text(verbatim: "Pictures")`: shown as written in every locale.
        case verbatim(String)
        /// `Text(.imgly.localized("ly_img_editor_…"))`: resolved through the editor's chain.
        case editorKey(String)
    }

    public var surface: Surface
    /// The factory's name (`imagesLibrary`).
    public var button: String
    /// `title` or `label`.
    public var parameter: String
    public var content: Content
    /// The table a `LocalizedStringKey` text names (`Text("k", tableName: "Brand")`), nil for `Localizable`.
    public var table: String?
    /// Where the `Text` is.
    public var line: Int
    public var column: Int

    public init(surface: Surface, button: String, parameter: String, content: Content, table: String? = nil, line: Int, column: Int) {
        self.surface = surface
        self.button = button
        self.parameter = parameter
        self.content = content
        self.table = table
        self.line = line
        self.column = column
    }

    /// A key of the button's surface, for finding its width budget (`ly_img_editor_dock_button_images_library`).
    public var surfaceKey: String {
        var snake = ""
        for character in button {
            if character.isUppercase { snake += "_" + character.lowercased() } else { snake.append(character) }
        }
        return surface.keyPrefix + "button_" + snake
    }

    /// The text as written in code (a key's text, the verbatim text, or the editor key).
    public var writtenText: String {
        switch content {
        case .localizedKey(let key): return key.text
        case .verbatim(let text): return text
        case .editorKey(let key): return key
        }
    }
}

/// What one Swift file says about localization: the keys it references and the labels it sets.
public struct SwiftSource: Sendable {
    /// Project-relative path.
    public var path: String
    public var references: [CodeReference]
    public var labels: [CodeLabel]
    /// Modules the file re-exports to its whole module (`@_exported import SwiftUI`): every other
    /// file then sees SwiftUI's titles without importing it.
    public var exportedImports: Set<String> = []
    /// The file's lookup members of `String` by name (`localized`, `localised`): those whose body
    /// looks `self` up with an Apple lookup (any lookup for `localized`).
    public var lookupDefinitions: [String: LookupDefinition] = [:]
    /// `@IBInspectable var NAME: String?` properties whose setter looks the value up as a key
    /// (`setTitle(key?.localized, for: .normal)`): storyboard runtime attributes named `NAME`
    /// are keys of the Localizable table (Pack_It's `xibLocKey`).
    public var localizingKeyPaths: [String] = []
    /// Types whose `awakeFromNib` looks the element's own text up (`text = text?.localized`): a
    /// storyboard's texts of those classes are keys, not ibtool's texts.
    public var textLocalizingClasses: [String] = []

    public init(path: String, references: [CodeReference], labels: [CodeLabel], exportedImports: Set<String> = [],
                lookupDefinitions: [String: LookupDefinition] = [:], localizingKeyPaths: [String] = [], textLocalizingClasses: [String] = []) {
        self.path = path
        self.references = references
        self.labels = labels
        self.exportedImports = exportedImports
        self.lookupDefinitions = lookupDefinitions
        self.localizingKeyPaths = localizingKeyPaths
        self.textLocalizingClasses = textLocalizingClasses
    }
}
