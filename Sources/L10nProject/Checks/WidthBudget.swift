import Foundation
import L10nCore
import L10nFormats

/// How much horizontal room a UI surface gives its labels, in `TextWidth` columns.
///
/// A surface names its keys by prefix (`ly_img_editor_dock_`) or by a glob with `*` and `?`
/// (`ly_img_editor_*_button_crop`), has one budget, and may give some locales their own.
public struct WidthBudget: Sendable, Hashable {
    /// The surface's name, as reports group labels (`dock`).
    public var name: String
    /// A key prefix, or a glob when it contains `*` or `?`.
    public var keys: String {
        didSet { pattern = Pattern(keys) }
    }
    public var budget: Int
    /// Budgets that differ per locale (a font with narrower glyphs, a different layout).
    public var localeBudgets: [String: Int]
    /// How `keys` matches, worked out once instead of for every key a check asks about.
    private var pattern: Pattern

    public init(name: String, keys: String, budget: Int, localeBudgets: [String: Int] = [:]) {
        self.name = name
        self.keys = keys
        self.budget = budget
        self.localeBudgets = localeBudgets
        self.pattern = Pattern(keys)
    }

    /// The kinds of `keys`: a prefix of ASCII bytes, any other prefix, or a glob.
    private enum Pattern: Sendable, Hashable {
        case asciiPrefix
        case prefix
        case glob([Unicode.Scalar])

        init(_ keys: String) {
            if keys.utf8.contains(UInt8(ascii: "*")) || keys.utf8.contains(UInt8(ascii: "?")) {
                self = .glob(Array(keys.unicodeScalars))
            } else {
                self = keys.utf8.allSatisfy({ $0 < 0x80 }) ? .asciiPrefix : .prefix
            }
        }
    }

    /// The CE.SDK surfaces its documentation calls tight ("buttons in the dock, inspector bar,
    /// and navigation bar render in tight horizontal space"), with budgets chosen in docs/checks.md.
    public static let editorDefaults: [WidthBudget] = [
        WidthBudget(name: "dock", keys: "ly_img_editor_dock_", budget: 14),
        WidthBudget(name: "inspector bar", keys: "ly_img_editor_inspector_bar_", budget: 16),
        WidthBudget(name: "navigation bar", keys: "ly_img_editor_navigation_bar_", budget: 16),
        WidthBudget(name: "canvas menu", keys: "ly_img_editor_canvas_menu_", budget: 20),
    ]

    /// The budget in a locale.
    public func budget(for locale: String) -> Int { localeBudgets[locale] ?? budget }

    /// Whether the surface holds the key.
    public func matches(_ key: String) -> Bool {
        switch pattern {
        case .asciiPrefix:
            // Key prefixes are ASCII (`ly_img_editor_dock_`): compared as bytes, without Unicode
            // normalization (asked of every key for every surface).
            return key.hasUTF8Prefix(keys)
        case .prefix:
            return key.hasPrefix(keys)
        case .glob(let scalars):
            return Self.glob(scalars[...], Array(key.unicodeScalars)[...])
        }
    }

    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        // Iterative wildcard matching with one backtrack point: linear for one `*`, never exponential.
        var p = pattern.startIndex, t = text.startIndex
        var star: (p: Int, t: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if var last = star {
                last.t += 1
                star = last
                p = last.p + 1
                t = last.t
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    /// The first surface that holds the key.
    public static func surface(of key: String, in budgets: [WidthBudget]) -> WidthBudget? {
        budgets.first { $0.matches(key) }
    }

    /// `surface(of:in:)` for many keys: each ASCII prefix kept as bytes and compared with the
    /// key's bytes taken once. Asking the budgets copied each one for every key, which cost
    /// more than the comparisons.
    package struct Surfaces {
        package let budgets: [WidthBudget]
        /// Each budget's ASCII prefix; nil for a pattern `matches` decides.
        private let prefixes: [[UInt8]?]

        package init(_ budgets: [WidthBudget]) {
            self.budgets = budgets
            prefixes = budgets.map { budget in
                if case .asciiPrefix = budget.pattern { return Array(budget.keys.utf8) }
                return nil
            }
        }

        /// The position in `budgets` of the first surface that holds the key.
        package func index(of key: String) -> Int? {
            key.withUTF8Bytes { bytes -> Int? in
                for index in prefixes.indices {
                    if let prefix = prefixes[index] {
                        if prefix.isEmpty { return index }
                        if prefix.count <= bytes.count,
                           prefix.withUnsafeBufferPointer({ memcmp(bytes.baseAddress!, $0.baseAddress!, prefix.count) == 0 }) {
                            return index
                        }
                    } else if budgets[index].matches(key) {
                        return index
                    }
                }
                return nil
            }
        }

        /// The first surface that holds the key.
        package func surface(of key: String) -> WidthBudget? {
            index(of: key).map { budgets[$0] }
        }
    }

    /// Reads one manifest surface: `{ "name": "dock", "keys": "ly_img_editor_dock_", "budget": 14, "locales": { "de": 16 } }`.
    package static func read(_ value: JSONValue, fail: (String, String) -> Error) throws -> WidthBudget {
        guard let members = value.objectMembers else { throw fail("", "an object with \"keys\" and \"budget\"") }
        func columns(_ value: JSONValue, _ field: String) throws -> Int {
            guard case .number(let text) = value, let number = Int(text), number > 0 else { throw fail(field, "a whole number of columns above 0") }
            return number
        }
        var name: String?, keys: String?, budget: Int?
        var locales: [String: Int] = [:]
        for (field, item) in members {
            switch field {
            case "name":
                guard let text = item.stringValue else { throw fail(field, "a string") }
                name = text
            case "keys":
                guard let text = item.stringValue, !text.isEmpty else { throw fail(field, "a key prefix or glob") }
                keys = text
            case "budget": budget = try columns(item, field)
            case "locales":
                guard let pairs = item.objectMembers else { throw fail(field, "an object of locale → columns") }
                for (locale, amount) in pairs { locales[locale] = try columns(amount, "locales.\(locale)") }
            default: throw fail(field, "one of name, keys, budget, locales (unknown field)")
            }
        }
        guard let keys else { throw fail("keys", "given: the key prefix or glob of the surface") }
        guard let budget else { throw fail("budget", "given: the surface's width in columns") }
        return WidthBudget(name: name ?? keys, keys: keys, budget: budget, localeBudgets: locales)
    }
}

/// What the manifest says about one check.
public enum CheckSetting: String, Sendable, Hashable {
    case error, warning, note, off

    /// The severity it sets, nil for `off`.
    public var severity: Severity? { Severity(rawValue: rawValue) }
}
