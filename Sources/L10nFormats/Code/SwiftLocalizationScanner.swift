import Foundation
import L10nCore

/// Finds, in one Swift file's tokens, the keys the code looks up and the editor labels it sets.
/// Comments are gone after tokenizing, so `// Text("x")` never counts.
public struct SwiftLocalizationScanner: Sendable {
    /// Extra lookup functions (`L10n.tr`, `L10n.tr(table, key)`); specs that are no function are left out.
    public var functions: [LookupFunction]

    /// Modules every file counts as importing: those another file of the project re-exports
    /// (`@_exported import SwiftUI`).
    public var assumedImports: Set<String>

    /// Members of `String` that look their string up as a key (`"k".localized`): `localized`,
    /// and those the project's own extensions of `String` define (`localised`, `loc`).
    public var lookupMembers: Set<String>

    /// `functions` as the manifest names them (`"L10n.tr"`).
    public init(functions: [String] = [], assumedImports: Set<String> = [], lookupMembers: Set<String> = ["localized"]) {
        self.functions = functions.compactMap(LookupFunction.init)
        self.assumedImports = assumedImports
        self.lookupMembers = lookupMembers
    }

    /// Tokenizes and scans a file (one pass each, linear in its size).
    public func scan(_ data: Data, path: String) throws -> SwiftSource {
        scan(tokens: try SwiftTokenizer.tokenize(data, file: path), path: path)
    }

    /// Scans tokens already read: the brackets are matched once, then references and labels found.
    public func scan(tokens: [SwiftToken], path: String) -> SwiftSource {
        let types = Self.declaredSpecifiers(tokens)
        let matches = Self.matchingBrackets(tokens)
        var references: [CodeReference] = []
        var byToken: [Int: Int] = [:]
        // `import SwiftUI`, `import struct SwiftUI.Button`: the module is the first name after the kind.
        var imports = assumedImports, exported = Set<String>()
        for index in tokens.indices where tokens[index].identifier == "import" {
            var at = index + 1
            if let kind = tokens.indices.contains(at) ? tokens[at].identifier : nil, Self.importKinds.contains(kind) { at += 1 }
            guard tokens.indices.contains(at), let module = tokens[at].identifier else { continue }
            imports.insert(module)
            if index > 0, tokens[index - 1].identifier == "_exported" { exported.insert(module) }
        }
        var definitions: [String: LookupDefinition] = [:]
        collectReferences(tokens, matches: matches, types: types, imports: imports, into: &references, byToken: &byToken, nested: false,
                          definitions: &definitions)
        let labels = self.labels(tokens, matches: matches, types: types, references: &references, byToken: byToken)
        return SwiftSource(path: path, references: references, labels: labels, exportedImports: exported, lookupDefinitions: definitions,
                           localizingKeyPaths: localizingKeyPaths(tokens, matches: matches),
                           textLocalizingClasses: textLocalizingClasses(tokens, matches: matches))
    }

    /// The names of `@IBInspectable var NAME: String?` properties whose value is looked up as a key:
    /// in the property's own accessors or observers (`value?.localized`, `NSLocalizedString(newValue, …)`,
    /// `guard let key = NAME … NSLocalizedString(key, …)`), or, for any of them, in the methods of
    /// the type that declares it (a stored `NAME` read in `awakeFromNib`). A storyboard's runtime
    /// attribute of that name holds a key of the Localizable table.
    func localizingKeyPaths(_ tokens: [SwiftToken], matches: [Int: Int]) -> [String] {
        var result: [String] = []
        for index in tokens.indices where tokens[index].identifier == "IBInspectable" {
            // `@IBInspectable public var NAME: String? {`: the name after `var`, a few tokens on.
            guard let at = (index + 1..<min(index + 5, tokens.count)).first(where: { tokens[$0].identifier == "var" }),
                  at + 3 < tokens.count, let name = tokens[at + 1].identifier, tokens[at + 2].isPunctuation(":"),
                  tokens[at + 3].identifier == "String", !result.contains(name) else { continue }
            // The property's own body (a stored property has none within the next few tokens).
            if let open = (at + 4..<min(at + 8, tokens.count)).first(where: { tokens[$0].isPunctuation("{") }),
               let close = matches[open] {
                let body = tokens[open..<close]
                // One that names another table is not the Localizable table's.
                var values: Set<String> = [name, "newValue"]
                for index in body.indices.dropLast(3) where body[index].identifier == "set" && body[index + 1].isPunctuation("(") {
                    if let parameter = body[index + 2].identifier { values.insert(parameter) }
                }
                if !body.contains(where: { $0.identifier == "tableName" }), looksUp(values, in: body, matches: matches) {
                    result.append(name)
                    continue
                }
            }
            // The declaring type's own methods read the stored value by name (or `self.NAME`); not
            // a method whose parameter or local of that name hides it, nor a nested type's.
            if let open = Self.enclosingBrace(of: index, in: tokens), let close = matches[open],
               Self.methodBodies(of: open, close, tokens, matches: matches, hiding: name).contains(where: {
                   looksUp([name], in: tokens[$0], matches: matches, skippingTables: true)
               }) {
                result.append(name)
            }
        }
        return result
    }

    /// The types whose `awakeFromNib` looks the element's own text up as a key (`text = text?.localized`,
    /// `setTitle(title(for: .normal)?.localized, for: .normal)`): a storyboard's texts of those
    /// classes are keys of the Localizable table. A class by its name, an extension by the type it extends.
    func textLocalizingClasses(_ tokens: [SwiftToken], matches: [Int: Int]) -> [String] {
        var result: [String] = []
        for index in tokens.indices.dropFirst() where tokens[index].identifier == "awakeFromNib" && tokens[index - 1].identifier == "func" {
            guard let open = (index + 1..<min(index + 5, tokens.count)).first(where: { tokens[$0].isPunctuation("{") }),
                  let close = matches[open],
                  looksUp(["text", "title", "placeholder"], in: tokens[open..<close], matches: matches, skippingTables: true),
                  let typeBody = Self.enclosingBrace(of: index, in: tokens) else { continue }
            // `final class UILocalizedLabel: UILabel {`, `extension UIButton {`: the name after the keyword.
            var at = typeBody - 1
            while at > 0, at > typeBody - 40, !tokens[at].isPunctuation("{"), !tokens[at].isPunctuation("}") {
                if let keyword = tokens[at].identifier, keyword == "class" || keyword == "extension", let name = tokens[at + 1].identifier {
                    if !result.contains(name) { result.append(name) }
                    break
                }
                at -= 1
            }
        }
        return result
    }

    /// Whether `body` looks up one of `values` (or a constant bound to one: `if let key = value`)
    /// as a key; `skippingTables` leaves out a lookup that names a table among its arguments.
    private func looksUp(_ values: Set<String>, in body: ArraySlice<SwiftToken>, matches: [Int: Int], skippingTables: Bool = false) -> Bool {
        var values = values
        /// The value named at `index` (`key`, `self.key`), if it is one of `values`.
        func value(at index: Int) -> Bool {
            guard index >= body.startIndex, index < body.endIndex, let name = body[index].identifier else { return false }
            if name == "self", index + 2 < body.endIndex, body[index + 1].isPunctuation("."), let member = body[index + 2].identifier {
                return values.contains(member)
            }
            // `other.name`, `label.text`: another object's property, not this one's value.
            if index - 1 >= body.startIndex, body[index - 1].isPunctuation(".") { return false }
            return values.contains(name)
        }
        // `let key = value`, `if let key = self.value ?? ""`, `guard let key = value else`: the
        // constant holds the value too. Bindings of bindings are found by a second pass.
        for _ in 0..<2 {
            for index in body.indices.dropLast(3) where body[index].identifier == "let" || body[index].identifier == "var" {
                guard let bound = body[index + 1].identifier, case .operatorSymbol("=") = body[index + 2].kind, value(at: index + 3) else { continue }
                let end = body[index + 3].identifier == "self" ? index + 5 : index + 3
                guard end + 1 < body.endIndex else { values.insert(bound); continue }
                let next = body[end + 1]
                let ends: Bool
                switch next.kind {
                case .operatorSymbol(let symbol): ends = symbol == "??" || symbol == "!"
                case .punctuation(let byte): ends = byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ";")
                default: ends = next.identifier == "else" || next.line != body[end].line
                }
                if ends { values.insert(bound) }
            }
        }
        return body.indices.contains { index in
            guard let identifier = body[index].identifier else { return false }
            if lookupMembers.contains(identifier) {
                // `value.localized`, `value?.localized`, `value!.localized`, `self.value?.localized`.
                var at = index - 1
                guard at > body.startIndex, body[at].isPunctuation(".") else { return false }
                at -= 1
                if case .operatorSymbol(let symbol) = body[at].kind, symbol == "?" || symbol == "!" { at -= 1 }
                // `title(for: .normal)?.localized`: the value a call of that name returns.
                if at > body.startIndex, body[at].isPunctuation(")"),
                   let opener = (body.startIndex..<at).last(where: { matches[$0] == at }) {
                    at = opener - 1
                }
                if at - 2 >= body.startIndex, body[at - 1].isPunctuation("."), body[at - 2].identifier == "self" { at -= 2 }
                return value(at: at)
            }
            // `NSLocalizedString(value, …)`, `Bundle.main.localizedString(forKey: value, …)`.
            guard identifier == "NSLocalizedString" || identifier == "localizedString", index + 2 < body.endIndex,
                  body[index + 1].isPunctuation("(") else { return false }
            if skippingTables, let close = matches[index + 1], body[(index + 1)..<min(close, body.endIndex)].contains(where: { $0.identifier == "tableName" || $0.identifier == "table" }) {
                return false
            }
            var at = index + 2
            if body[at].identifier == "forKey", at + 2 < body.endIndex, body[at + 1].isPunctuation(":") { at += 2 }
            return value(at: at)
        }
    }

    /// The bodies of the methods (`func`, `init`) declared directly in the type body `open..<close`,
    /// leaving out those with a parameter or a local constant named `hidden` (not bound from it).
    private static func methodBodies(of open: Int, _ close: Int, _ tokens: [SwiftToken], matches: [Int: Int], hiding hidden: String) -> [Range<Int>] {
        var bodies: [Range<Int>] = []
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if case .punctuation(let byte) = token.kind, byte == UInt8(ascii: "{"), let end = matches[index] {
                // A nested type's or a property's body: not a method of this type.
                index = end + 1
                continue
            }
            guard token.identifier == "func" || token.identifier == "init",
                  let parameters = (index + 1..<min(index + 4, close)).first(where: { tokens[$0].isPunctuation("(") }),
                  let parametersEnd = matches[parameters],
                  let bodyOpen = (parametersEnd + 1..<close).first(where: { tokens[$0].isPunctuation("{") || tokens[$0].isPunctuation("}") }),
                  tokens[bodyOpen].isPunctuation("{"), let bodyClose = matches[bodyOpen] else {
                index += 1
                continue
            }
            let parameterNames = (parameters + 1..<parametersEnd).filter { tokens[$0 + 1].isPunctuation(":") }.compactMap { tokens[$0].identifier }
            func shadows(_ at: Int) -> Bool {
                let keyword = tokens[at].identifier
                guard keyword == "let" || keyword == "var", tokens[at + 1].identifier == hidden else { return false }
                // `if let NAME = NAME`, `guard let NAME = self.NAME`: bound from the value itself.
                if tokens[at + 3].identifier == hidden { return false }
                if tokens[at + 3].identifier == "self", at + 5 < tokens.count, tokens[at + 5].identifier == hidden { return false }
                return true
            }
            let shadowingLocal = (bodyOpen + 1..<max(bodyOpen + 1, bodyClose - 3)).contains(where: shadows)
            if !parameterNames.contains(hidden) && !shadowingLocal { bodies.append(bodyOpen..<bodyClose) }
            index = bodyClose + 1
        }
        return bodies
    }

    /// The `{` of the innermost braces around `index` (a type's or extension's body), nil at the top level.
    private static func enclosingBrace(of index: Int, in tokens: [SwiftToken]) -> Int? {
        var depth = 0
        for at in stride(from: index - 1, through: 0, by: -1) {
            guard case .punctuation(let byte) = tokens[at].kind else { continue }
            if byte == UInt8(ascii: "}") {
                depth += 1
            } else if byte == UInt8(ascii: "{") {
                if depth == 0 { return at }
                depth -= 1
            }
        }
        return nil
    }

    // MARK: references

    private static let tableLabels: Set<String> = ["tableName", "table"]

    /// The kinds an import of one declaration names (`import struct SwiftUI.Button`).
    private static let importKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]

    /// SwiftUI views whose first unlabeled argument is a `LocalizedStringKey` (`Button("Cancel") { … }`);
    /// a literal there is looked up like `Text`'s. Read only in files that import SwiftUI, since an
    /// app may have a `Label` or `Tab` type of its own.
    static let swiftUIViews: Set<String> = [
        "Button", "ColorPicker", "ContentUnavailableView", "ControlGroup", "DatePicker", "DisclosureGroup", "GroupBox", "Label",
        "LabeledContent", "Link", "Menu", "MultiDatePicker", "NavigationLink", "Picker", "ProgressView", "SecureField", "Section",
        "ShareLink", "Stepper", "Tab", "TableColumn", "TextField", "Toggle", "Window", "WindowGroup",
    ]

    /// SwiftUI (and WidgetKit) modifiers whose first unlabeled argument is a `LocalizedStringKey`
    /// (`.navigationTitle("Notes")`); read only on an expression (`List { }.alert(…)`), not as an
    /// implicit member (`store.send(.alert("x"))` names an app's own enum case).
    static let swiftUIModifiers: Set<String> = [
        "accessibilityHint", "accessibilityLabel", "accessibilityValue", "alert", "badge", "configurationDisplayName",
        "confirmationDialog", "description", "help", "navigationBarTitle", "navigationSubtitle", "navigationTitle",
    ]

    /// App Intents types whose labeled (or, for `_`, first unlabeled) literal arguments are
    /// `LocalizedStringResource`s: `@Parameter(title: "Operation")`, `DisplayRepresentation(title:)`.
    static let appIntentsArguments: [String: [String]] = [
        "Parameter": ["title", "description"], "DisplayRepresentation": ["title", "subtitle"],
        "TypeDisplayRepresentation": ["name"], "IntentDescription": ["_"],
    ]

    /// Appends the references among `tokens` (and inside their interpolations); `byToken` maps
    /// the literal's token index to its reference, for the top level (`nested` false) only.
    private func collectReferences(_ tokens: [SwiftToken], matches: [Int: Int], types: [String: String?], imports: Set<String>,
                                   into references: inout [CodeReference], byToken: inout [Int: Int], nested: Bool,
                                   definitions: inout [String: LookupDefinition]) {
        let swiftUI = imports.contains("SwiftUI")
        func isPunctuation(_ index: Int, _ ascii: Unicode.Scalar) -> Bool { index >= 0 && index < tokens.count && tokens[index].isPunctuation(ascii) }
        func name(_ index: Int) -> String? { index >= 0 && index < tokens.count ? tokens[index].identifier : nil }
        func isOperator(_ index: Int) -> Bool {
            guard index < tokens.count, case .operatorSymbol = tokens[index].kind else { return false }
            return true
        }
        /// A string literal that is a whole argument: followed by `,` or `)`.
        func literalArgument(_ index: Int) -> SwiftStringLiteral? {
            guard index < tokens.count, let literal = tokens[index].string, isPunctuation(index + 1, ",") || isPunctuation(index + 1, ")") else { return nil }
            return literal
        }
        /// The literals the first argument of the brackets opened at `open` can be: one literal,
        /// or every branch of ternaries of literals (`on ? "Turn Off" : "Turn On"`, nested or
        /// parenthesized, up to four deep) when the argument has no label. Only brackets that close
        /// are searched, and each depth scans the argument once (an unclosed `Button(` must not scan
        /// the rest of the file).
        func literalChoices(_ open: Int) -> [Int] {
            let start = open + 1
            let enders: [Unicode.Scalar] = isPunctuation(open, "{") ? ["}"] : [",", ")"]
            func ends(_ index: Int) -> Bool { enders.contains { isPunctuation(index, $0) } }
            if start < tokens.count, tokens[start].string != nil, ends(start + 1) { return [start] }
            guard let close = matches[open], name(start) == nil || !isPunctuation(start + 1, ":") else { return [] }
            var end = start
            while end < close, !ends(end) {
                if isPunctuation(end, ";") { return [] }
                end = matches[end].map { $0 + 1 } ?? end + 1
            }
            return choices(start, end, depth: 0) ?? []
        }
        /// The literals the expression `tokens[low..<high]` can be, nil when one branch is not a literal.
        func choices(_ low: Int, _ high: Int, depth: Int) -> [Int]? {
            if high - low == 1 { return tokens[low].string != nil ? [low] : nil }
            guard depth < 4, high - low > 1 else { return nil }
            if isPunctuation(low, "("), matches[low] == high - 1 { return choices(low + 1, high - 1, depth: depth + 1) }
            // `condition ? yes : no`: the first `?` at this level, and the `:` that pairs with it.
            var index = low, question: Int?, colon: Int?, open = 0
            while index < high {
                if tokens[index].kind == .operatorSymbol("?") {
                    if question == nil { question = index } else { open += 1 }
                } else if question != nil, isPunctuation(index, ":") {
                    if open == 0 { colon = index; break }
                    open -= 1
                }
                index = matches[index].map { $0 + 1 } ?? index + 1
            }
            guard let question, question > low, let colon, let yes = choices(question + 1, colon, depth: depth + 1),
                  let no = choices(colon + 1, high, depth: depth + 1) else { return nil }
            return yes + no
        }
        /// Whether the `.` at `dot` chains a modifier onto a view: it follows a call or a closure
        /// (`List { }.alert(…)`, `Text("x").help(…)`). After a name it is the app's own method
        /// (`viewModel.alert("…")`), and after `(`, `,` or a keyword an implicit member (`.alert("x")` of an enum).
        func followsExpression(_ dot: Int) -> Bool {
            guard dot > 0 else { return false }
            let before = tokens[dot - 1]
            return before.isPunctuation(")") || before.isPunctuation("]") || before.isPunctuation("}")
        }
        /// The bundle an Apple lookup opened at `open` reads: `Bundle.main` without `bundle:` or
        /// with `.main` or `nil`; its own with `.module`, `Bundle.module` or `Bundle(for: X.self)`; else unresolved.
        func lookupBundle(_ open: Int) -> LookupBundle {
            guard let label = labeledArgument(open, ["bundle"]) else { return .main }
            let value = label + 2
            let member = isPunctuation(value, ".") ? name(value + 1)
                : name(value) == "Bundle" && isPunctuation(value + 1, ".") ? name(value + 2) : nil
            let end = isPunctuation(value, ".") ? value + 2 : value + 3
            let ends = isPunctuation(end, ",") || isPunctuation(end, ")")
            if ends, member == "main" || name(value) == "nil" && (isPunctuation(value + 1, ",") || isPunctuation(value + 1, ")")) { return .main }
            if ends, member == "module" { return .own }
            if name(value) == "Bundle", isPunctuation(value + 1, "("), name(value + 2) == "for" { return .own }
            return .unresolved
        }
        /// The label token of the call's argument named one of `labels` (`tableName:`), searched
        /// among the call's own arguments only (nested calls are stepped over, so the scan is linear).
        func labeledArgument(_ open: Int, _ labels: Set<String>) -> Int? {
            guard let close = matches[open] else { return nil }
            var index = open + 1
            while index < close {
                if let label = name(index), labels.contains(label), isPunctuation(index + 1, ":"), index == open + 1 || isPunctuation(index - 1, ",") {
                    return index
                }
                index = matches[index].map { $0 + 1 } ?? index + 1
            }
            return nil
        }
        /// The first tokens of the call's first `count` arguments while they have no label.
        func unlabeledArguments(_ open: Int, count: Int) -> [Int] {
            guard let close = matches[open] else { return [open + 1] }
            var starts = [open + 1], index = open + 1
            while index < close, starts.count < count {
                if isPunctuation(index, ",") { starts.append(index + 1) }
                index = matches[index].map { $0 + 1 } ?? index + 1
            }
            return Array(starts.prefix { !(name($0) != nil && isPunctuation($0 + 1, ":")) })
        }
        func table(_ open: Int) -> String? {
            labeledArgument(open, Self.tableLabels).flatMap { tokens[$0 + 2].string?.plainText }
        }
        /// The literal `value:`, `defaultValue:` (or SwiftGen's `fallback:`) of the call opened at `open`: what it shows without the key.
        func defaultValue(_ open: Int) -> String? {
            labeledArgument(open, ["value", "defaultValue", "fallback"]).flatMap { literalArgument($0 + 2) }.map { Self.key($0, types: types).text }
        }
        /// The token ranges of `extension String { … }` (or `StringProtocol`), where the app defines `localized`.
        /// Whether each token lies in such an extension, marked once (extensions do not nest).
        var inStringExtension: [Bool] = []
        if !nested {
            for index in tokens.indices where name(index) == "extension" {
                guard let type = name(index + 1), type == "String" || type == "StringProtocol" else { continue }
                // `extension String: Protocol where … {`: the body is the first `{` after a short header.
                var body = index + 2
                while body < min(tokens.count, index + 64), !isPunctuation(body, "{"), !isPunctuation(body, "}"), name(body) != "extension" {
                    body = matches[body].map { $0 + 1 } ?? body + 1
                }
                guard isPunctuation(body, "{"), let end = matches[body] else { continue }
                if inStringExtension.isEmpty { inStringExtension = Array(repeating: false, count: tokens.count) }
                for inside in body..<end { inStringExtension[inside] = true }
            }
        }
        /// The bundle and table of the first Apple lookup in the body of the declaration named at
        /// `index` (`var localized: String {`, `func localized(…) -> String {`), nil without one;
        /// with `keyIsSelf`, only a lookup of `self` (`NSLocalizedString(self, …)`) counts.
        func lookupDefinition(after index: Int, keyIsSelf: Bool) -> LookupDefinition? {
            // The signature is short, and the lookup comes early in a short body: both scans are bounded.
            var body = index + 1
            while body < min(tokens.count, index + 128), !isPunctuation(body, "{") {
                if isPunctuation(body, "}") || isPunctuation(body, ";") || ["var", "let", "func", "init", "subscript"].contains(tokens[body].identifier ?? "") {
                    return nil
                }
                body = matches[body].map { $0 + 1 } ?? body + 1
            }
            guard body < tokens.count, isPunctuation(body, "{"), let end = matches[body] else { return nil }
            for call in body + 1 ..< min(end, body + 512) {
                guard let identifier = name(call), isPunctuation(call + 1, "(") else { continue }
                if keyIsSelf {
                    // `NSLocalizedString(self, …)`, `localizedString(forKey: self, …)`,
                    // `String(localized: String.LocalizationValue(self))` (or `.init(self)`).
                    if identifier == "String" {
                        guard let close = matches[call + 1], (call + 4 ..< max(call + 4, close)).contains(where: { name($0) == "self" }) else { continue }
                    } else {
                        let key = identifier == "NSLocalizedString" ? call + 2 : call + 4
                        guard name(key) == "self", isPunctuation(key + 1, ",") || isPunctuation(key + 1, ")") else { continue }
                    }
                }
                switch identifier {
                case "NSLocalizedString" where !isPunctuation(call - 1, "."):
                    return LookupDefinition(bundle: lookupBundle(call + 1), table: table(call + 1))
                case "String" where name(call + 2) == "localized" && isPunctuation(call + 3, ":"):
                    return LookupDefinition(bundle: lookupBundle(call + 1), table: table(call + 1))
                case "localizedString" where name(call + 2) == "forKey" && isPunctuation(call - 1, "."):
                    // `Bundle.main.localizedString(forKey: self, value: nil, table: nil)`: the receiver is the bundle.
                    var bundle = LookupBundle.unresolved
                    if let member = name(call - 2), isPunctuation(call - 3, "."), name(call - 4) == "Bundle" {
                        bundle = member == "main" ? .main : member == "module" ? .own : .unresolved
                    } else if isPunctuation(call - 2, ")"),
                              let open = stride(from: call - 3, through: max(body, call - 16), by: -1).first(where: { matches[$0] == call - 2 }),
                              name(open - 1) == "Bundle", name(open + 1) == "for" {
                        bundle = .own
                    }
                    return LookupDefinition(bundle: bundle, table: table(call + 1))
                default:
                    continue
                }
            }
            return nil
        }
        func add(_ call: String, _ literal: SwiftStringLiteral, at index: Int, table: String? = nil, chain: Bool = false, bundle: LookupBundle = .own,
                 value: String? = nil) {
            let token = tokens[index]
            if !nested { byToken[index] = references.count }
            references.append(CodeReference(call: call, key: Self.key(literal, types: types), table: table,
                                            readsEditorChain: chain, bundle: bundle, defaultValue: value, line: token.line, column: token.column))
        }
        for index in tokens.indices {
            let token = tokens[index]
            if let literal = token.string {
                for case .interpolation(let inner) in literal.segments {
                    var ignored: [Int: Int] = [:]
                    var noDefinitions: [String: LookupDefinition] = [:]
                    collectReferences(inner, matches: Self.matchingBrackets(inner), types: types, imports: imports, into: &references,
                                      byToken: &ignored, nested: true, definitions: &noDefinitions)
                }
                // `"k".localized`, the storyboard article's `Localizable` protocol (a property, not a
                // call), or another lookup member the app defines (`"k".localised`, `"k".loc()`);
                // a `bundle:` the call passes (`"k".localised(bundle: .module)`) is the one it reads.
                if isPunctuation(index + 1, "."), let member = name(index + 2), lookupMembers.contains(member) {
                    if !isPunctuation(index + 3, "(") {
                        add("." + member, literal, at: index)
                    } else if member != "localized" {
                        let passed = labeledArgument(index + 3, ["bundle"]) != nil
                        add(passed ? ".\(member)(bundle:)" : "." + member, literal, at: index, bundle: passed ? lookupBundle(index + 3) : .own)
                    }
                }
                continue
            }
            // `static let title: LocalizedStringResource = "Open Note"` (App Intents) or `{ "Open Note" }`:
            // the literal is the key, as Xcode extracts it.
            // (`title: LocalizedStringResource("k")` is a call, read below.)
            if let type = token.identifier, type == "LocalizedStringResource" || type == "LocalizedStringKey", isPunctuation(index - 1, ":"),
               index + 2 < tokens.count, tokens[index + 1].isPunctuation("{") || tokens[index + 1].kind == .operatorSymbol("=") {
                if tokens[index + 1].isPunctuation("{") {
                    for literal in literalChoices(index + 1) { add(type, tokens[literal].string!, at: literal, bundle: .main) }
                } else if let literal = tokens[index + 2].string, !isPunctuation(index + 3, "."), !isOperator(index + 3) {
                    add(type, literal, at: index + 2, bundle: .main)
                }
                continue
            }
            // `extension String { var localized: String { NSLocalizedString(self, bundle: .module, comment: "") } }`:
            // what `"k".localized` reads, the first definition with an Apple lookup in its body.
            // A definition whose bundle is a parameter (`func localized(bundle: Bundle = .main)`) or one
            // it delegates to (`var localized: String { localized() }`) is not followed: its calls read as the caller's own.
            if !nested, let member = token.identifier, name(index - 1) == "var" || name(index - 1) == "func", definitions[member] == nil,
               !inStringExtension.isEmpty, inStringExtension[index],
               let definition = lookupDefinition(after: index, keyIsSelf: member != "localized"), definition.bundle != .unresolved {
                definitions[member] = definition
            }
            guard let identifier = token.identifier, isPunctuation(index + 1, "(") else { continue }
            let open = index + 1
            let afterDot = isPunctuation(index - 1, ".")
            switch identifier {
            case "NSLocalizedString":
                if !afterDot, let literal = literalArgument(open + 1) { add(identifier, literal, at: open + 1, table: table(open), bundle: lookupBundle(open), value: defaultValue(open)) }
                continue
            case "Text", "LocalizedStringResource", "LocalizedStringKey", "init":
                // `Text(LocalizedStringKey("k"), tableName: "T")` and `Text(.init("k"))` read Text's table.
                let inText = isPunctuation(index - (afterDot ? 2 : 1), "(") && name(index - (afterDot ? 3 : 2)) == "Text"
                guard identifier == "init" ? afterDot && inText : !afterDot else { continue }
                let call = identifier == "init" ? "LocalizedStringKey" : identifier
                let outer = inText ? index - (afterDot ? 2 : 1) : open
                for literal in literalChoices(open) {
                    let outerBundle = lookupBundle(outer)
                    add(call, tokens[literal].string!, at: literal, table: table(outer), bundle: outerBundle == .main ? lookupBundle(open) : outerBundle,
                        value: defaultValue(open))
                }
                continue
            case "searchable" where afterDot && swiftUI:
                // `.searchable(text: $query, prompt: "Search notes")`: the prompt is the key.
                if let prompt = labeledArgument(open, ["prompt"]), let literal = literalArgument(prompt + 2) {
                    add(".searchable(prompt:)", literal, at: prompt + 2, bundle: .main)
                }
                continue
            case _ where swiftUI && (afterDot ? Self.swiftUIModifiers.contains(identifier) && followsExpression(index - 1)
                                                : Self.swiftUIViews.contains(identifier)):
                for literal in literalChoices(open) {
                    add(afterDot ? "." + identifier : identifier, tokens[literal].string!, at: literal, bundle: lookupBundle(open))
                }
                continue
            case _ where !afterDot && imports.contains("AppIntents") && Self.appIntentsArguments[identifier] != nil:
                for label in Self.appIntentsArguments[identifier]! {
                    let at = label == "_" ? open + 1 : labeledArgument(open, [label]).map { $0 + 2 }
                    if let at, let literal = literalArgument(at) { add(label == "_" ? identifier : "\(identifier)(\(label):)", literal, at: at, bundle: .main) }
                }
                continue
            case "String":
                if !afterDot, name(open + 1) == "localized", isPunctuation(open + 2, ":"), let literal = literalArgument(open + 3) {
                    add("String(localized:)", literal, at: open + 3, table: table(open), bundle: lookupBundle(open), value: defaultValue(open))
                }
                continue
            case "localized" where afterDot && name(index - 2) == "imgly" && isPunctuation(index - 3, "."):
                if let literal = literalArgument(open + 1) { add(".imgly.localized", literal, at: open + 1, chain: true) }
                continue
            default:
                break
            }
            for function in functions where function.components.last == identifier {
                // The dotted name read backwards from the call: `L10n . tr (`; a leading empty
                // component (`.tr`) asks for a member on an implicit type.
                let implicit = function.components.first == ""
                var position = index
                var matched = true
                for component in function.components.dropFirst(implicit ? 1 : 0).dropLast().reversed() {
                    guard isPunctuation(position - 1, "."), name(position - 2) == component else { matched = false; break }
                    position -= 2
                }
                guard matched, !implicit || isPunctuation(position - 1, ".") else { continue }
                let arguments = unlabeledArguments(open, count: max(function.keyArgument, function.tableArgument ?? 0) + 1)
                // A table that is no literal leaves the table unknown: such a call is not read.
                let table = function.tableArgument.map { $0 < arguments.count ? literalArgument(arguments[$0])?.plainText : nil }
                if function.keyArgument < arguments.count, let literal = literalArgument(arguments[function.keyArgument]), table != .some(nil) {
                    add(function.name, literal, at: arguments[function.keyArgument], table: table.flatMap { $0 == "Localizable" ? nil : $0 },
                        value: defaultValue(open))
                }
                break
            }
        }
    }

    /// The key Xcode extracts from a literal: its text with each interpolation's specifier.
    static func key(_ literal: SwiftStringLiteral, types: [String: String?]) -> CodeKey {
        CodeKey(parts: literal.segments.map { segment in
            switch segment {
            case .text(let text): return .text(text)
            case .interpolation(let tokens): return .argument(specifier(of: tokens, types: types))
            }
        })
    }

    /// The specifier of an interpolated expression whose type is evident: a literal, or a name
    /// (or `self.name`) declared with a type in the same file.
    static func specifier(of tokens: [SwiftToken], types: [String: String?]) -> String? {
        var expression = tokens[...]
        if expression.count == 3, expression.first?.identifier == "self", expression[expression.startIndex + 1].isPunctuation(".") {
            expression = expression.dropFirst(2)
        }
        guard expression.count == 1, let token = expression.first else { return nil }
        switch token.kind {
        case .number(_, let isInteger): return isInteger ? "%lld" : "%lf"
        case .string: return "%@"
        case .identifier(let name): return types[name] ?? nil
        default: return nil
        }
    }

    private static let specifiers: [String: String] = [
        "Int": "%lld", "Int8": "%lld", "Int16": "%lld", "Int32": "%lld", "Int64": "%lld",
        "UInt": "%llu", "UInt8": "%llu", "UInt16": "%llu", "UInt32": "%llu", "UInt64": "%llu",
        "Double": "%lf", "CGFloat": "%lf", "Float": "%f", "String": "%@", "Substring": "%@",
    ]

    /// Names declared in the file with a type Xcode maps to a specifier: `count: Int` (a
    /// parameter or property), `let count = 3`, `let name = "x"`. A name declared with two
    /// different types maps to nil (not evident).
    static func declaredSpecifiers(_ tokens: [SwiftToken]) -> [String: String?] {
        var result: [String: String?] = [:]
        func record(_ name: String, _ specifier: String?) {
            if let existing = result[name], existing != specifier { result[name] = .some(nil) } else { result[name] = specifier }
        }
        for index in tokens.indices.dropLast(2) {
            guard let name = tokens[index].identifier else { continue }
            let value = tokens[index + 2]
            // What follows the type or value must end it: not `Int?`, `Int.Type`, `[Int]`, `Int(x)`, `3 * n`.
            let ends = index + 3 >= tokens.count || {
                let after = tokens[index + 3]
                if after.isPunctuation(".") || after.isPunctuation("(") || after.isPunctuation("[") { return false }
                if case .operatorSymbol(let symbol) = after.kind { return symbol == "=" }
                return true
            }()
            guard ends else { continue }
            if tokens[index + 1].isPunctuation(":"), let type = value.identifier, let specifier = specifiers[type] {
                record(name, specifier)
            } else if tokens[index + 1].kind == .operatorSymbol("="), index > 0,
                      tokens[index - 1].identifier == "let" || tokens[index - 1].identifier == "var" {
                switch value.kind {
                case .number(_, let isInteger): record(name, isInteger ? "%lld" : "%lf")
                case .string: record(name, "%@")
                default: break
                }
            }
        }
        return result
    }

    // MARK: labels

    /// `Dock.Buttons.x(title: { … Text(…) … })` and `NavigationBar.Buttons.x(label: { … })`: every `Text` in the closure.
    private func labels(_ tokens: [SwiftToken], matches: [Int: Int], types: [String: String?], references: inout [CodeReference],
                        byToken: [Int: Int]) -> [CodeLabel] {
        var labels: [CodeLabel] = []
        func isPunctuation(_ index: Int, _ ascii: Unicode.Scalar) -> Bool { index >= 0 && index < tokens.count && tokens[index].isPunctuation(ascii) }
        func name(_ index: Int) -> String? { index >= 0 && index < tokens.count ? tokens[index].identifier : nil }
        for index in tokens.indices {
            guard let typeName = tokens[index].identifier, let surface = CodeLabel.Surface(rawValue: typeName),
                  !isPunctuation(index - 1, "."), isPunctuation(index + 1, "."), name(index + 2) == "Buttons",
                  isPunctuation(index + 3, "."), let button = name(index + 4), isPunctuation(index + 5, "("),
                  let close = matches[index + 5] else { continue }
            var argument = index + 6
            while argument < close {
                if let parameter = name(argument), parameter == "title" || parameter == "label", isPunctuation(argument + 1, ":"),
                   isPunctuation(argument + 2, "{"), let end = matches[argument + 2] {
                    for text in (argument + 3)..<end where name(text) == "Text" && isPunctuation(text + 1, "(") && !isPunctuation(text - 1, ".") {
                        let first = text + 2
                        var content: CodeLabel.Content?
                        var table: String?
                        var at = first
                        if let literal = tokens[first].string, isPunctuation(first + 1, ")") || isPunctuation(first + 1, ",") {
                            content = .localizedKey(Self.key(literal, types: types))
                            if let reference = byToken[first] {
                                references[reference].isLabel = true
                                table = references[reference].table
                            }
                        } else if name(first) == "verbatim", isPunctuation(first + 1, ":"), let literal = tokens[first + 2].string {
                            content = .verbatim(Self.key(literal, types: types).text)
                            at = first + 2
                        } else if isPunctuation(first, "."), name(first + 1) == "imgly", isPunctuation(first + 2, "."),
                                  name(first + 3) == "localized", isPunctuation(first + 4, "("), let key = tokens[first + 5].string?.plainText {
                            content = .editorKey(key)
                            at = first + 5
                        }
                        guard let content else { continue }
                        labels.append(CodeLabel(surface: surface, button: button, parameter: parameter, content: content, table: table,
                                                line: tokens[at].line, column: tokens[at].column))
                    }
                    argument = end + 1
                    continue
                }
                argument = matches[argument].map { $0 + 1 } ?? argument + 1
            }
        }
        return labels
    }

    /// For each `(`, `[` and `{`, the index of the bracket that closes it (nil when none does);
    /// one stack pass. A stray closer of another kind is skipped.
    static func matchingBrackets(_ tokens: [SwiftToken]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        var stack: [(index: Int, closer: UInt8)] = []
        for (index, token) in tokens.enumerated() {
            guard case .punctuation(let byte) = token.kind else { continue }
            switch byte {
            case UInt8(ascii: "("): stack.append((index, UInt8(ascii: ")")))
            case UInt8(ascii: "["): stack.append((index, UInt8(ascii: "]")))
            case UInt8(ascii: "{"): stack.append((index, UInt8(ascii: "}")))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let top = stack.last, top.closer == byte {
                    result[top.index] = index
                    stack.removeLast()
                }
            default: break
            }
        }
        return result
    }
}
