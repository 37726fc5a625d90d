import Foundation
import L10nCore

/// Finds, in one Swift file's tokens, the keys the code looks up and the editor labels it sets.
/// Comments are gone after tokenizing, so `// Text("x")` never counts.
public struct SwiftLocalizationScanner: Sendable {
    /// Extra lookup functions (`L10n.tr`), each called with the key as its first argument.
    public var functions: [[String]]

    /// `functions` as the manifest names them (`"L10n.tr"`).
    public init(functions: [String] = []) {
        self.functions = functions.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
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
        let swiftUI = tokens.indices.dropLast().contains { tokens[$0].identifier == "import" && tokens[$0 + 1].identifier == "SwiftUI" }
        collectReferences(tokens, matches: matches, types: types, swiftUI: swiftUI, into: &references, byToken: &byToken, nested: false)
        let labels = self.labels(tokens, matches: matches, types: types, references: &references, byToken: byToken)
        return SwiftSource(path: path, references: references, labels: labels)
    }

    // MARK: references

    private static let tableLabels: Set<String> = ["tableName", "table"]

    /// SwiftUI views whose first unlabeled argument is a `LocalizedStringKey` (`Button("Cancel") { … }`);
    /// a literal there is looked up like `Text`'s. Read only in files that import SwiftUI, since an
    /// app may have a `Label` or `Tab` type of its own.
    static let swiftUIViews: Set<String> = [
        "Button", "ColorPicker", "ContentUnavailableView", "ControlGroup", "DatePicker", "DisclosureGroup", "GroupBox", "Label",
        "LabeledContent", "Link", "Menu", "MultiDatePicker", "NavigationLink", "Picker", "ProgressView", "SecureField", "Section",
        "ShareLink", "Stepper", "Tab", "TableColumn", "TextField", "Toggle", "Window", "WindowGroup",
    ]

    /// SwiftUI modifiers whose first unlabeled argument is a `LocalizedStringKey` (`.navigationTitle("Notes")`).
    static let swiftUIModifiers: Set<String> = [
        "accessibilityHint", "accessibilityLabel", "accessibilityValue", "alert", "badge", "confirmationDialog", "help",
        "navigationBarTitle", "navigationSubtitle", "navigationTitle",
    ]

    /// Appends the references among `tokens` (and inside their interpolations); `byToken` maps
    /// the literal's token index to its reference, for the top level (`nested` false) only.
    private func collectReferences(_ tokens: [SwiftToken], matches: [Int: Int], types: [String: String?], swiftUI: Bool,
                                   into references: inout [CodeReference], byToken: inout [Int: Int], nested: Bool) {
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
        func table(_ open: Int) -> String? {
            guard let close = matches[open] else { return nil }
            var index = open + 1
            while index < close {
                if let label = name(index), Self.tableLabels.contains(label), isPunctuation(index + 1, ":"), isPunctuation(index - 1, ",") {
                    return tokens[index + 2].string?.plainText
                }
                index = matches[index].map { $0 + 1 } ?? index + 1
            }
            return nil
        }
        func add(_ call: String, _ literal: SwiftStringLiteral, at index: Int, table: String? = nil, chain: Bool = false) {
            let token = tokens[index]
            if !nested { byToken[index] = references.count }
            references.append(CodeReference(call: call, key: Self.key(literal, types: types), table: table,
                                            readsEditorChain: chain, line: token.line, column: token.column))
        }
        for index in tokens.indices {
            let token = tokens[index]
            if let literal = token.string {
                for case .interpolation(let inner) in literal.segments {
                    var ignored: [Int: Int] = [:]
                    collectReferences(inner, matches: Self.matchingBrackets(inner), types: types, swiftUI: swiftUI, into: &references,
                                      byToken: &ignored, nested: true)
                }
                // `"k".localized`, the storyboard article's `Localizable` protocol (a property, not a call).
                if isPunctuation(index + 1, "."), name(index + 2) == "localized", !isPunctuation(index + 3, "(") {
                    add(".localized", literal, at: index)
                }
                continue
            }
            // `static let title: LocalizedStringResource = "Open Note"` (App Intents) or `{ "Open Note" }`:
            // the literal is the key, as Xcode extracts it.
            if let type = token.identifier, type == "LocalizedStringResource" || type == "LocalizedStringKey", isPunctuation(index - 1, ":"),
               index + 2 < tokens.count, tokens[index + 1].kind == .operatorSymbol("=") || tokens[index + 1].isPunctuation("{"),
               let literal = tokens[index + 2].string,
               tokens[index + 1].isPunctuation("{") ? isPunctuation(index + 3, "}") : !isPunctuation(index + 3, ".") && !isOperator(index + 3) {
                add(type, literal, at: index + 2)
                continue
            }
            guard let identifier = token.identifier, isPunctuation(index + 1, "(") else { continue }
            let open = index + 1
            let afterDot = isPunctuation(index - 1, ".")
            switch identifier {
            case "Text", "NSLocalizedString", "LocalizedStringResource", "LocalizedStringKey":
                if !afterDot, let literal = literalArgument(open + 1) { add(identifier, literal, at: open + 1, table: table(open)) }
                continue
            case "searchable" where afterDot && swiftUI:
                // `.searchable(text: $query, prompt: "Search notes")`: the prompt is the key.
                if let close = matches[open], let prompt = (open + 1..<close).first(where: {
                    name($0) == "prompt" && isPunctuation($0 + 1, ":") && isPunctuation($0 - 1, ",")
                }), let literal = literalArgument(prompt + 2) {
                    add(".searchable(prompt:)", literal, at: prompt + 2)
                }
                continue
            case _ where swiftUI && (afterDot ? Self.swiftUIModifiers.contains(identifier) : Self.swiftUIViews.contains(identifier)):
                if let literal = literalArgument(open + 1) { add(afterDot ? "." + identifier : identifier, literal, at: open + 1) }
                continue
            case "String":
                if !afterDot, name(open + 1) == "localized", isPunctuation(open + 2, ":"), let literal = literalArgument(open + 3) {
                    add("String(localized:)", literal, at: open + 3, table: table(open))
                }
                continue
            case "localized" where afterDot && name(index - 2) == "imgly" && isPunctuation(index - 3, "."):
                if let literal = literalArgument(open + 1) { add(".imgly.localized", literal, at: open + 1, chain: true) }
                continue
            default:
                break
            }
            for function in functions where function.last == identifier {
                // The dotted name read backwards from the call: `L10n . tr (`; a leading empty
                // component (`.tr`) asks for a member on an implicit type.
                let implicit = function.first == ""
                var position = index
                var matched = true
                for component in function.dropFirst(implicit ? 1 : 0).dropLast().reversed() {
                    guard isPunctuation(position - 1, "."), name(position - 2) == component else { matched = false; break }
                    position -= 2
                }
                guard matched, !implicit || isPunctuation(position - 1, ".") else { continue }
                if let literal = literalArgument(open + 1) { add(function.joined(separator: "."), literal, at: open + 1) }
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
