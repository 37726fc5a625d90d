import Foundation
import L10nCore

/// A YAML document as far as project specs use it (XcodeGen's `project.yml`): mappings,
/// sequences and scalars, in block or flow style.
public indirect enum YAMLNode: Sendable, Equatable {
    case scalar(String)
    case sequence([YAMLNode])
    /// Keys in the order written; a later duplicate replaces the earlier value.
    case mapping([(key: String, value: YAMLNode)])

    public static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): return a == b
        case (.sequence(let a), .sequence(let b)): return a == b
        case (.mapping(let a), .mapping(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: return false
        }
    }

    public var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    public var items: [YAMLNode] {
        if case .sequence(let items) = self { return items }
        return []
    }

    public var entries: [(key: String, value: YAMLNode)] {
        if case .mapping(let entries) = self { return entries }
        return []
    }

    /// The value of `key` in a mapping (the last one written), nil otherwise.
    public subscript(key: String) -> YAMLNode? {
        entries.last { $0.key == key }?.value
    }
}

/// Reads the block and flow forms of YAML that project specs are written in: indentation-nested
/// mappings and sequences, `[a, b]` and `{k: v}`, quoted and plain scalars (a plain one may go on
/// over deeper lines), `|`/`>` block text, comments, anchors (`&name`), aliases (`*name`) and merge
/// keys (`<<: *name`, `<<: [*a, *b]`). Tags are skipped; complex keys are not read: such a file is
/// an error with its line and column. Hostile files end in an error, not in a crash or a hang:
/// nesting is bounded, and so is what aliases expand to.
public struct YAMLReader: Sendable {
    public init() {}

    static let formHint = "l10n reads the block and flow forms of YAML that project specs use; fix the line or simplify it"
    static let aliasHint = "define the anchor (&name) before its alias, and keep aliases small"

    public func read(_ data: Data, path: String) throws -> YAMLNode {
        var parser = Parser(lines: Self.lines(String(decoding: data, as: UTF8.self)), path: path)
        return try parser.document()
    }

    /// One significant line: its number, indentation and text without a trailing comment.
    struct Line {
        var number: Int
        var indent: Int
        var text: Substring
    }

    /// The significant lines, split at any line break (`\n`, `\r\n`, `\r`), without a byte-order
    /// mark, comments, blank lines, document markers (`---`, `...`) and directives.
    static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        let text = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = withoutComment(raw)
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if content.isEmpty || content == "..." || content.hasPrefix("%") { continue }
            // A second document would silently replace the first's keys; YAML forbids tabs in indentation.
            if content == "---" || content.hasPrefix("--- ") {
                if !result.isEmpty { result.append(Line(number: offset + 1, indent: -1, text: "a second YAML document")) }
                continue
            }
            if content.first == "\t" { result.append(Line(number: offset + 1, indent: -1, text: "a tab in the indentation")); continue }
            result.append(Line(number: offset + 1, indent: indent, text: content))
        }
        return result
    }

    /// Whether a quote at this place opens quoted text: at the start of a value, not inside a word (`Don't`).
    static func opensQuote(after previous: Character) -> Bool {
        previous == " " || previous == "\t" || previous == "[" || previous == "{" || previous == "," || previous == ":" || previous == "-"
    }

    /// The line before a `#` that starts a comment (at the start or after a blank, outside quotes).
    static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if open == "\"" && character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                if opensQuote(after: previous) { quote = character }
            } else if character == "#", previous == " " || previous == "\t" || index == line.startIndex {
                return line[..<index]
            }
            previous = character
        }
        return line
    }

    /// Bounds on what a file may make the reader build.
    enum Limits {
        /// How deep blocks and flow collections nest: specs nest a few levels.
        static let depth = 100
        /// How many nodes aliases may copy in all ("billion laughs" expands a few lines to billions).
        static let aliasNodes = 1_000_000
    }

    /// Anchors by name, and how many nodes aliases have copied so far.
    struct Anchors {
        var nodes: [String: YAMLNode] = [:]
        var copied = 0

        /// The node an alias names, counted against `Limits.aliasNodes`.
        mutating func resolve(_ name: Substring, fail: (String) -> InputError) throws -> YAMLNode {
            guard let node = nodes[String(name)] else { throw fail("unknown alias *\(name)") }
            let (count, depth) = Self.size(of: node, limit: Limits.aliasNodes - copied + 1)
            copied += count
            guard copied <= Limits.aliasNodes else { throw fail("aliases copy more than \(Limits.aliasNodes) nodes") }
            guard depth <= Limits.depth * 2 else { throw fail("aliases nest more than \(Limits.depth * 2) levels deep") }
            return node
        }

        /// A node's count of nodes (up to `limit`) and depth, walked without recursion.
        static func size(of node: YAMLNode, limit: Int) -> (count: Int, depth: Int) {
            var stack: [(YAMLNode, Int)] = [(node, 1)]
            var count = 0, depth = 0
            while let (next, level) = stack.popLast(), count < limit {
                count += 1
                depth = max(depth, level)
                switch next {
                case .scalar: break
                case .sequence(let items): for item in items { stack.append((item, level + 1)) }
                case .mapping(let entries): for entry in entries { stack.append((entry.value, level + 1)) }
                }
            }
            return (count, depth)
        }
    }

    /// A mapping's entries as written, a later duplicate key replacing the earlier value in place.
    struct Entries {
        var entries: [(key: String, value: YAMLNode)] = []
        private var positions: [String: Int] = [:]

        mutating func set(_ key: String, _ value: YAMLNode) {
            if let position = positions[key] {
                entries[position].value = value
            } else {
                positions[key] = entries.count
                entries.append((key, value))
            }
        }

        /// `<<`: the merged mappings' entries the mapping does not set itself.
        mutating func merge(_ node: YAMLNode) {
            for merged in node.items.isEmpty ? [node] : node.items {
                for entry in merged.entries where positions[entry.key] == nil { set(entry.key, entry.value) }
            }
        }
    }

    struct Parser {
        var lines: [Line]
        var path: String
        var position = 0
        var anchors = Anchors()
        var depth = 0

        init(lines: [Line], path: String) {
            self.lines = lines
            self.path = path
        }

        func error(_ message: String, line: Int? = nil, column: Int = 1) -> InputError {
            let number = line ?? (position < lines.count ? lines[position].number : (lines.last?.number ?? 1))
            return InputError(message, at: SourceLocation(file: path, line: number, column: column),
                              hint: YAMLReader.formHint)
        }

        mutating func document() throws -> YAMLNode {
            if let unreadable = lines.first(where: { $0.indent < 0 }) {
                throw error("\(unreadable.text) (l10n reads one document, indented with spaces)", line: unreadable.number)
            }
            guard !lines.isEmpty else { return .mapping([]) }
            let node = try block(indent: lines[0].indent)
            if position < lines.count { throw error("unexpected indentation") }
            return node
        }

        /// The node whose lines start at `indent`.
        mutating func block(indent: Int) throws -> YAMLNode {
            let line = lines[position]
            depth += 1
            defer { depth -= 1 }
            guard depth <= Limits.depth else { throw error("nested more than \(Limits.depth) levels deep", line: line.number) }
            if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: indent) }
            if Self.keySplit(line.text) != nil { return try mapping(indent: indent) }
            position += 1
            return try value(line.text, line: line)
        }

        mutating func sequence(indent: Int) throws -> YAMLNode {
            var items: [YAMLNode] = []
            while position < lines.count, lines[position].indent == indent, lines[position].text == "-" || lines[position].text.hasPrefix("- ") {
                let line = lines[position]
                let rest = line.text.dropFirst().drop { $0 == " " }
                if rest.isEmpty || Self.isAnchorAlone(rest) {
                    // `-` or `- &name` with the item's block below it.
                    position += 1
                    let node = try nested(after: indent) ?? .scalar("")
                    if !rest.isEmpty { anchors.nodes[String(rest.dropFirst())] = node }
                    items.append(node)
                } else if Self.keySplit(rest) != nil || rest.hasPrefix("- ") || rest == "-" {
                    // `- key: value` opens a mapping whose keys line up with `key`.
                    let column = indent + (line.text.count - rest.count)
                    lines[position] = Line(number: line.number, indent: column, text: rest)
                    items.append(try block(indent: column))
                } else {
                    position += 1
                    items.append(try value(rest, line: line, continuingDeeperThan: indent))
                }
            }
            return .sequence(items)
        }

        mutating func mapping(indent: Int) throws -> YAMLNode {
            var entries = Entries()
            while position < lines.count, lines[position].indent == indent {
                let line = lines[position]
                guard let (rawKey, rest) = Self.keySplit(line.text) else {
                    if line.text == "-" || line.text.hasPrefix("- ") { break }
                    throw error("expected 'key: value'", line: line.number, column: indent + 1)
                }
                let key = try scalarText(rawKey, line: line)
                position += 1
                var node: YAMLNode
                if rest.isEmpty || Self.isAnchorAlone(rest) {
                    node = try nested(after: indent, allowingSequenceAtSameIndent: true) ?? .scalar("")
                    if !rest.isEmpty { anchors.nodes[String(rest.dropFirst())] = node }
                } else {
                    node = try value(rest, line: line, continuingDeeperThan: indent)
                }
                if key == "<<" { entries.merge(node) } else { entries.set(key, node) }
            }
            return .mapping(entries.entries)
        }

        /// Whether a value is an anchor alone (`&name`), naming the block below it.
        static func isAnchorAlone(_ text: Substring) -> Bool {
            text.hasPrefix("&") && !text.contains(" ") && !text.contains("\t")
        }

        /// The block nested under a line of `indent`, nil when the next line is not deeper (an
        /// empty value). A sequence may sit at the same indent under a mapping key.
        mutating func nested(after indent: Int, allowingSequenceAtSameIndent: Bool = false) throws -> YAMLNode? {
            guard position < lines.count else { return nil }
            let next = lines[position]
            if next.indent > indent { return try block(indent: next.indent) }
            if allowingSequenceAtSameIndent, next.indent == indent, next.text == "-" || next.text.hasPrefix("- ") {
                return try sequence(indent: indent)
            }
            return nil
        }

        /// An inline value: a flow collection (joined with the following lines until it closes),
        /// an alias, an anchored value, block text or a scalar; a plain scalar goes on over the
        /// lines deeper than `owner` (`OTHER_LDFLAGS: -ObjC` with `-lz` below it).
        mutating func value(_ text: Substring, line: Line, continuingDeeperThan owner: Int? = nil) throws -> YAMLNode {
            var text = text
            // `&a &b value`: every anchor names the value (taken in a loop: a line of thousands must not recurse).
            var names: [String] = []
            while text.hasPrefix("&"), let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) {
                names.append(String(text[text.index(after: text.startIndex)..<space]))
                text = text[space...].drop { $0 == " " || $0 == "\t" }
            }
            if !names.isEmpty {
                let node = Self.isAnchorAlone(text) ? YAMLNode.scalar("") : try value(text, line: line, continuingDeeperThan: owner)
                for name in names { anchors.nodes[name] = node }
                return node
            }
            if text.hasPrefix("*") {
                let failure = { [path] (message: String) in
                    InputError(message, at: SourceLocation(file: path, line: line.number, column: line.indent + 1),
                               hint: YAMLReader.aliasHint)
                }
                return try anchors.resolve(text.dropFirst(), fail: failure)
            }
            if text.hasPrefix("!") { text = text.drop { $0 != " " }.drop { $0 == " " } }
            if text.first == "[" || text.first == "{" {
                var joined = String(text)
                var balance = Balance()
                balance.scan(joined)
                while balance.depth > 0, position < lines.count {
                    joined += " " + lines[position].text
                    balance.scan(lines[position].text)
                    position += 1
                }
                var flow = Flow(text: Array(joined), line: line.number, path: path, anchors: anchors)
                let node = try flow.node()
                flow.skipSpaces()
                guard flow.index == flow.text.count else { throw error("unexpected text after a flow collection", line: line.number) }
                anchors = flow.anchors
                return node
            }
            if text == "|" || text == ">" || text.hasPrefix("|") || text.hasPrefix(">") {
                var parts: [String] = []
                while position < lines.count, lines[position].indent > line.indent {
                    parts.append(String(lines[position].text))
                    position += 1
                }
                return .scalar(parts.joined(separator: text.hasPrefix(">") ? " " : "\n"))
            }
            if let owner, text.first != "\"", text.first != "'" {
                var parts = [String(text)]
                while position < lines.count, lines[position].indent > owner {
                    parts.append(String(lines[position].text))
                    position += 1
                }
                return .scalar(parts.joined(separator: " "))
            }
            return .scalar(try scalarText(text, line: line))
        }

        func scalarText(_ text: Substring, line: Line) throws -> String {
            guard let first = text.first, first == "\"" || first == "'" else { return String(text) }
            guard text.count >= 2, text.last == first else { throw error("unterminated quoted text", line: line.number, column: line.indent + 1) }
            let inner = text.dropFirst().dropLast()
            if first == "'" { return inner.replacingOccurrences(of: "''", with: "'") }
            return Flow.unescaped(inner)
        }

        /// `key: rest` split at the first `: ` (or `:` and a tab, or a final `:`) outside quotes and brackets.
        static func keySplit(_ text: Substring) -> (Substring, Substring)? {
            if text.first == "[" || text.first == "{" { return nil }
            var quote: Character?
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if (character == "\"" || character == "'") && index == text.startIndex {
                    quote = character
                } else if character == ":" {
                    let after = text.index(after: index)
                    if after == text.endIndex || text[after] == " " || text[after] == "\t" {
                        return (text[..<index], text[after...].drop { $0 == " " || $0 == "\t" })
                    }
                }
                index = text.index(after: index)
            }
            return nil
        }
    }

    /// The brackets a flow collection has open, counted line by line as it is joined.
    struct Balance {
        var depth = 0
        var quote: Character?
        var previous: Character = " "

        mutating func scan(_ text: some StringProtocol) {
            previous = " "
            for character in text {
                defer { previous = character }
                if let open = quote {
                    if character == open { quote = nil }
                    continue
                }
                switch character {
                case "\"", "'": if YAMLReader.opensQuote(after: previous) { quote = character }
                case "[", "{": depth += 1
                case "]", "}": depth -= 1
                default: break
                }
            }
        }
    }

    /// A flow collection (`[a, "b"]`, `{path: x, name: y}`), aliases and merge keys included.
    struct Flow {
        var text: [Character]
        var line: Int
        var path: String
        var anchors: Anchors
        var index = 0
        var depth = 0

        mutating func skipSpaces() {
            while index < text.count, text[index] == " " || text[index] == "\t" { index += 1 }
        }

        func error(_ message: String) -> InputError {
            InputError(message, at: SourceLocation(file: path, line: line, column: 1),
                       hint: YAMLReader.formHint)
        }

        mutating func node() throws -> YAMLNode {
            skipSpaces()
            guard index < text.count else { throw error("a flow collection ends early") }
            depth += 1
            defer { depth -= 1 }
            guard depth <= Limits.depth else { throw error("nested more than \(Limits.depth) levels deep") }
            switch text[index] {
            case "[":
                index += 1
                var items: [YAMLNode] = []
                skipSpaces()
                if index < text.count, text[index] == "]" { index += 1; return .sequence([]) }
                while true {
                    items.append(try node())
                    skipSpaces()
                    guard index < text.count else { throw error("a flow sequence is not closed") }
                    if text[index] == "]" { index += 1; return .sequence(items) }
                    guard text[index] == "," else { throw error("expected ',' or ']' in a flow sequence") }
                    index += 1
                    skipSpaces()
                    if index < text.count, text[index] == "]" { index += 1; return .sequence(items) }
                }
            case "{":
                index += 1
                var entries = Entries()
                skipSpaces()
                if index < text.count, text[index] == "}" { index += 1; return .mapping([]) }
                while true {
                    guard case .scalar(let key) = try scalar(stoppingAtColon: true) else { throw error("expected a key") }
                    skipSpaces()
                    guard index < text.count, text[index] == ":" else { throw error("expected ':' after a key in a flow mapping") }
                    index += 1
                    let value = try node()
                    if key == "<<" { entries.merge(value) } else { entries.set(key, value) }
                    skipSpaces()
                    guard index < text.count else { throw error("a flow mapping is not closed") }
                    if text[index] == "}" { index += 1; return .mapping(entries.entries) }
                    guard text[index] == "," else { throw error("expected ',' or '}' in a flow mapping") }
                    index += 1
                    skipSpaces()
                    if index < text.count, text[index] == "}" { index += 1; return .mapping(entries.entries) }
                }
            case "*":
                index += 1
                var name = ""
                while index < text.count, !",]} \t".contains(text[index]) { name.append(text[index]); index += 1 }
                let failure = { [path, line] (message: String) in
                    InputError(message, at: SourceLocation(file: path, line: line, column: 1),
                               hint: YAMLReader.aliasHint)
                }
                return try anchors.resolve(Substring(name), fail: failure)
            default:
                return try scalar(stoppingAtColon: false)
            }
        }

        mutating func scalar(stoppingAtColon: Bool) throws -> YAMLNode {
            skipSpaces()
            guard index < text.count else { throw error("a value is missing") }
            let open = text[index]
            if open == "\"" || open == "'" {
                index += 1
                var value = ""
                while index < text.count {
                    let character = text[index]
                    if character == open {
                        if open == "'", index + 1 < text.count, text[index + 1] == "'" { value.append("'"); index += 2; continue }
                        index += 1
                        return .scalar(open == "\"" ? Self.unescaped(Substring(value)) : value)
                    }
                    if open == "\"", character == "\\", index + 1 < text.count { value.append(character); value.append(text[index + 1]); index += 2; continue }
                    value.append(character)
                    index += 1
                }
                throw error("unterminated quoted text")
            }
            var value = ""
            while index < text.count {
                let character = text[index]
                if character == "," || character == "]" || character == "}" { break }
                if stoppingAtColon, character == ":", index + 1 >= text.count || text[index + 1] == " " { break }
                value.append(character)
                index += 1
            }
            while value.last == " " || value.last == "\t" { value.removeLast() }
            return .scalar(value)
        }

        /// A double-quoted scalar's escapes (`\"`, `\\`, `\n`, `\t`).
        static func unescaped(_ text: Substring) -> String {
            guard text.contains("\\") else { return String(text) }
            var result = ""
            var escaping = false
            for character in text {
                if escaping {
                    switch character {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default: result.append(character)
                    }
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }
}
