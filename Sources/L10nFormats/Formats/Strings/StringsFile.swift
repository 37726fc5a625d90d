import Foundation
import L10nCore
/// A `.strings` file: its entries in file order plus every byte between them, so that writing
/// it back gives the bytes that were read, and an edit changes only the edited line.
///
/// Duplicate keys are kept (Foundation lets the last one win, and so does lookup here);
/// `duplicateKeys` lists them for a check to warn about.
public struct StringsFile: Equatable, Sendable {
    /// One `"key" = "value";` (or `"key";`, which means value = key).
    public struct Entry: Equatable, Sendable {
        public internal(set) var key: String
        public internal(set) var value: String
        /// The last comment between the previous entry and this key, without its delimiters and
        /// surrounding whitespace: what Xcode exports as the entry's note.
        public internal(set) var comment: String?
        /// Where the key starts; nil for an entry added in memory.
        public internal(set) var location: SourceLocation?
        var source: EntrySource

        init(key: String, value: String, comment: String?, location: SourceLocation?, source: EntrySource) {
            self.key = key
            self.value = value
            self.comment = comment
            self.location = location
            self.source = source
            self.source.dropPlainTokens(key: key, value: value)
        }

        /// Appends the entry's text as written, from its key to its `;`.
        func appendText(to result: inout String) { source.appendText(key: key, value: value, to: &result) }
    }

    /// A key that occurs more than once, with every occurrence in file order; the last one wins.
    public struct DuplicateKey: Equatable, Sendable {
        public var key: String
        public var locations: [SourceLocation]
        /// The value of each occurrence, in file order.
        public var values: [String]
    }

    /// The original text of an entry, from its key to its `;`.
    struct EntrySource: Equatable, Sendable {
        /// A quoted token as written.
        enum Token: Equatable, Sendable {
            /// `"` + the text it stands for + `"`, nothing escaped (most keys and values): not
            /// kept, since the entry has the text.
            case plain
            case written(String)
        }

        var key: Token
        /// From the end of the key to the start of the value: whitespace, comments and `=`.
        var beforeValue: String
        /// The value token; nil for the `"key";` form.
        var value: Token?
        /// From the end of the value (or key) to the `;`.
        var beforeSemicolon: String

        /// The tokens as written (`dropPlainTokens` then keeps only the ones that are not plain).
        init(key: String, beforeValue: String, value: String?, beforeSemicolon: String) {
            self.init(key: .written(key), beforeValue: beforeValue, value: value.map(Token.written), beforeSemicolon: beforeSemicolon)
        }

        init(key: Token, beforeValue: String, value: Token?, beforeSemicolon: String) {
            self.key = key
            self.beforeValue = beforeValue
            self.value = value
            self.beforeSemicolon = beforeSemicolon
        }

        mutating func dropPlainTokens(key text: String, value valueText: String) {
            if case .written(let token) = key, Self.isPlain(token, of: text) { key = .plain }
            if case .written(let token)? = value, Self.isPlain(token, of: valueText) { value = .plain }
        }

        func appendText(key text: String, value valueText: String, to result: inout String) {
            Self.append(key, of: text, to: &result)
            if let value {
                result += beforeValue
                Self.append(value, of: valueText, to: &result)
            }
            result += beforeSemicolon
            result += ";"
        }

        private static func append(_ token: Token, of text: String, to result: inout String) {
            switch token {
            case .plain:
                result += "\""
                result += text
                result += "\""
            case .written(let token):
                result += token
            }
        }

        private static func isPlain(_ token: String, of text: String) -> Bool {
            var token = token, text = text
            return token.withUTF8 { token in text.withUTF8 { isPlain(token, of: $0) } }
        }

        /// Whether the token's bytes are `"` + the text's + `"`.
        static func isPlain(_ token: UnsafeBufferPointer<UInt8>, of text: UnsafeBufferPointer<UInt8>) -> Bool {
            token.count == text.count + 2 && token.first == UInt8(ascii: "\"") && token.last == UInt8(ascii: "\"")
                && (text.isEmpty || memcmp(token.baseAddress! + 1, text.baseAddress!, text.count) == 0)
        }
    }

    /// How a file writes its entries. Foundation reads all three.
    public enum Form: Equatable, Sendable {
        /// `"key" = "value";` lines, as Xcode and genstrings write them.
        case plain
        /// The same lines inside `{ }`, an old-style property-list dictionary.
        case braced
        /// An XML property list: a `<dict>` of `<key>` and `<string>` elements. An edited file
        /// is written as Foundation writes property lists (tab-indented, in entry order).
        case xmlPropertyList
    }

    /// The file's path, used in error locations and when writing.
    public var path: String
    /// How the file writes its entries; an edit keeps the form.
    public var form: Form = .plain
    /// An XML property list's text as read: written back while no entry changes, and the text
    /// an edit is spliced into (its comments, layout and encoding declaration kept).
    var xmlText: String?
    /// The dictionary that text holds, as read: what the splice compares the entries with.
    var xmlDictionary: PropertyListDictionary?
    /// Whether an entry changed since the XML property list was read.
    var xmlEdited = false
    /// The encoding the file is written back in.
    public var encoding: StringsEncoding
    /// The entries in file order, duplicates included.
    public private(set) var entries: [Entry]
    /// `trivia[i]` is the text before `entries[i]`; the last element is the text after the last entry.
    private(set) var trivia: [String]
    /// The line break the file uses (`\n`, `\r\n` or `\r`), for inserted lines.
    let lineBreak: String
    private var lastIndexByKey: [String: Int]

    /// An empty file, written in `encoding`.
    public init(path: String = "", encoding: StringsEncoding = .utf8) {
        self.init(path: path, encoding: encoding, entries: [], trivia: [""], lineBreak: "\n")
    }

    init(path: String, encoding: StringsEncoding, entries: [Entry], trivia: [String], lineBreak: String) {
        precondition(trivia.count == entries.count + 1)
        self.path = path
        self.encoding = encoding
        self.entries = entries
        self.trivia = trivia
        self.lineBreak = lineBreak
        self.lastIndexByKey = Self.index(entries)
    }

    private static func index(_ entries: [Entry]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (offset, entry) in entries.enumerated() { result[entry.key] = offset }
        return result
    }

    /// The whole file as text, exactly as it will be written (without the byte order mark).
    public var text: String {
        if form == .xmlPropertyList { return xmlRendering().text }
        var result = trivia[0]
        for (offset, entry) in entries.enumerated() {
            entry.appendText(to: &result)
            result += trivia[offset + 1]
        }
        return result
    }

    /// An XML property list's text: as read while nothing changed; else the edits spliced into
    /// it (`ownLayout` false); else, when they cannot be, Foundation's layout (`ownLayout`).
    func xmlRendering() -> (text: String, ownLayout: Bool) {
        guard let source = xmlText, let original = xmlDictionary else { return (StringsWriter.propertyListText(for: self), true) }
        guard xmlEdited else { return (source, false) }
        let edited = PropertyListDictionary(entries.map { PropertyListDictionary.Member(key: $0.key, value: .string($0.value)) })
        if let spliced = StringsdictSplice.applying(edited, to: Data(source.utf8), original: original, path: path, encoding: "UTF-8") {
            return (String(decoding: spliced, as: UTF8.self), false)
        }
        return (StringsWriter.propertyListText(for: self), true)
    }

    /// The distinct keys in order of first appearance.
    public var keys: [String] {
        var seen = Set<String>()
        return entries.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// The value Foundation would return for `key`: that of its last entry.
    public func value(forKey key: String) -> String? {
        lastIndexByKey[key].map { entries[$0].value }
    }

    public subscript(key: String) -> String? { value(forKey: key) }

    /// The entry that wins for `key` (the last one).
    public func entry(forKey key: String) -> Entry? {
        lastIndexByKey[key].map { entries[$0] }
    }

    /// Keys that occur more than once, in order of first appearance.
    public var duplicateKeys: [DuplicateKey] {
        // Most files have none: then the index has a key for every entry.
        guard lastIndexByKey.count < entries.count else { return [] }
        var locations: [String: [SourceLocation]] = [:]
        var values: [String: [String]] = [:]
        var order: [String] = []
        for entry in entries {
            if values[entry.key] == nil { order.append(entry.key) }
            values[entry.key, default: []].append(entry.value)
            if let location = entry.location { locations[entry.key, default: []].append(location) }
        }
        return order.filter { values[$0]!.count > 1 }.map { DuplicateKey(key: $0, locations: locations[$0] ?? [], values: values[$0]!) }
    }

    /// Sets the value of `key`. An existing entry (the last one, for a duplicated key) keeps its
    /// text except the value token, which is rewritten quoted; a new entry is appended in
    /// canonical form, after `/* comment */` when a comment is given. Setting the current value
    /// changes nothing.
    public mutating func setValue(_ value: String, forKey key: String, comment: String? = nil) {
        if let index = lastIndexByKey[key] {
            guard entries[index].value != value else { return }
            if entries[index].source.value == nil {
                entries[index].source.beforeValue = " = "
            }
            entries[index].source.value = .written(StringsWriter.quoted(value))
            entries[index].value = value
            entries[index].source.dropPlainTokens(key: key, value: value)
            xmlEdited = true
            return
        }
        append(key: key, value: value, comment: comment)
        xmlEdited = true
    }

    /// Sets values as `setValue(_:forKey:comment:)` does, except that a new entry of a file whose
    /// keys are in code-point order (ibtool's `Main.strings`, an intent definition's strings: the
    /// layouts `format` sorts), or in case-insensitive order when the file is in the form Xcode's
    /// import writes, goes to its place in that order, under its comment and spaced as the
    /// entries around it, so the file stays sorted; a file not in that order (or not in plain
    /// form) gets it appended. The order is checked and the key index rebuilt once for all of
    /// them (per entry, an import adding thousands of storyboard texts spent 2.6 % there).
    public mutating func setValuesKeepingKeyOrder(_ items: [(key: String, value: String, comment: String?)]) {
        var new: [(key: String, value: String, comment: String?)] = []
        var newKeys = Set<String>()
        for item in items {
            if newKeys.contains(item.key), let pending = new.firstIndex(where: { $0.key == item.key }) {
                new[pending] = item
            } else if form == .plain, lastIndexByKey[item.key] == nil {
                newKeys.insert(item.key)
                new.append(item)
            } else {
                setValue(item.value, forKey: item.key, comment: item.comment)
            }
        }
        guard !new.isEmpty else { return }
        var appended: [(key: String, value: String, comment: String?)] = []
        if let order = keyOrder {
            // From the last place to the first, so each insertion leaves the places before it as they were.
            var inserted = false
            for item in new.sorted(by: { order.precedes($1.key, $0.key) }) {
                // The first entry whose key follows the new one.
                var low = 0, high = entries.count
                while low < high {
                    let middle = (low + high) / 2
                    if order.precedes(item.key, entries[middle].key) { high = middle } else { low = middle + 1 }
                }
                let index = low
                if index < entries.count, insert(key: item.key, value: item.value, comment: item.comment, at: index) {
                    inserted = true
                } else {
                    appended.append(item)
                }
            }
            if inserted {
                lastIndexByKey = Self.index(entries)
                xmlEdited = true
            }
            appended.reverse()
        } else {
            appended = new
        }
        for item in appended { setValue(item.value, forKey: item.key, comment: item.comment) }
    }

    /// The order the entries' keys are in, as `StringsWriter` sorts them: code points, or
    /// case-insensitive in the form Xcode's import writes; nil when they are in neither.
    private var keyOrder: StringsKeyOrder? {
        func isSorted(_ order: StringsKeyOrder) -> Bool {
            !entries.indices.dropFirst().contains { order.precedes(entries[$0].key, entries[$0 - 1].key) }
        }
        if StringsLayout.inferred(for: self) == .interfaceBuilder, StringsWriter.isInXcodeImportForm(self), isSorted(.caseInsensitive) {
            return .caseInsensitive
        }
        return isSorted(.codePoint) ? .codePoint : nil
    }

    /// Inserts a new entry before `entries[index]`: on lines of its own above that entry's own
    /// comment, with a blank line after it where that entry had one before it. False (nothing
    /// changed) when that entry's comment or key does not start a line.
    private mutating func insert(key: String, value: String, comment: String?, at index: Int) -> Bool {
        let before = Array(trivia[index].unicodeScalars)
        // The next entry's own lines start at its comment when that sits directly above the key.
        var start = before.count
        if let own = Self.comments(in: before).last, Self.lineBreakCount(before[own.range.upperBound...]) <= 1 {
            start = own.range.lowerBound
        }
        while start > 0, before[start - 1] == " " || before[start - 1] == "\t" { start -= 1 }
        guard start == 0 ? index == 0 : StringsParser.isLineEnd(before[start - 1]) else { return false }
        let blankLine = (index > 0 ? Self.hasBlankLine(trivia[index]) : usesBlankLines) ? lineBreak : ""
        let commentLine = comment.map { StringsWriter.blockComment($0) + lineBreak } ?? ""
        var head = String.UnicodeScalarView(), own = String.UnicodeScalarView()
        head.append(contentsOf: before[..<start])
        own.append(contentsOf: before[start...])
        let source = EntrySource(key: StringsWriter.quoted(key), beforeValue: " = ", value: StringsWriter.quoted(value), beforeSemicolon: "")
        trivia.replaceSubrange(index...index, with: [String(head) + commentLine, lineBreak + blankLine + String(own)])
        entries.insert(Entry(key: key, value: value, comment: comment, location: nil, source: source), at: index)
        // The note is what a reader of the text will see: the last comment before the key.
        entries[index].comment = Self.lastCommentText(in: trivia[index])
        return true
    }

    /// Removes every entry of `key` together with its own comment and line; returns whether
    /// there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Bool {
        let indices = entries.indices.filter { entries[$0].key == key }
        for index in indices.reversed() { remove(at: index) }
        lastIndexByKey = Self.index(entries)
        if !indices.isEmpty { xmlEdited = true }
        return !indices.isEmpty
    }

    // MARK: Appending

    private mutating func append(key: String, value: String, comment: String?) {
        let source = EntrySource(key: StringsWriter.quoted(key), beforeValue: " = ",
                                 value: StringsWriter.quoted(value), beforeSemicolon: "")
        let commentLine = comment.map { StringsWriter.blockComment($0) + lineBreak } ?? ""
        let blankLine = usesBlankLines ? lineBreak : ""
        let entry = Entry(key: key, value: value, comment: comment, location: nil, source: source)
        let end = trivia[trivia.count - 1]
        if form == .braced, let close = Self.closingBrace(in: end, pastOpening: entries.isEmpty) {
            // Inside the braces, on a line of its own before the closing `}`, wherever that
            // stands (after the last entry on its line, or below a comment holding a `}`).
            var before = String(end[..<close])
            if !Self.endsWithLineBreak(before) { before += lineBreak }
            trivia[trivia.count - 1] = before + (entries.isEmpty ? "" : blankLine) + commentLine
            trivia.append(lineBreak + String(end[close...]))
        } else if entries.isEmpty {
            var before = end
            if !before.isEmpty {
                if !Self.endsWithLineBreak(before) { before += lineBreak }
                before += blankLine
            }
            trivia = [before + commentLine, lineBreak]
        } else if let split = Self.endOfFirstLine(end) {
            trivia[trivia.count - 1] = String(end[..<split]) + blankLine + commentLine
            trivia.append(lineBreak + String(end[split...]))
        } else {
            // No line break after the last entry: keep the file ending without one.
            trivia[trivia.count - 1] = end + lineBreak + blankLine + commentLine
            trivia.append("")
        }
        entries.append(entry)
        // The note is what a reader of the text will see: the last comment before the key.
        entries[entries.count - 1].comment = Self.lastCommentText(in: trivia[entries.count - 1])
        lastIndexByKey[key] = entries.count - 1
    }

    /// Where the `}` that closes a braced file's entries stands in `text` (the text after the last
    /// entry, or the whole file when it has none, `pastOpening` its `{`): the first brace outside
    /// a comment; nil when there is none.
    private static func closingBrace(in text: String, pastOpening: Bool) -> String.Index? {
        var bytes = text
        let offset = bytes.withUTF8 { bytes -> Int? in
            var parser = StringsParser(bytes: bytes, path: "")
            var opened = !pastOpening
            while true {
                guard (try? parser.skipTrivia { _, _ in }) != nil, parser.index < bytes.count else { return nil }
                if !opened, bytes[parser.index] == UInt8(ascii: "{") {
                    opened = true
                    parser.index += 1
                    continue
                }
                return opened && bytes[parser.index] == UInt8(ascii: "}") ? parser.index : nil
            }
        }
        return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    /// Whether the last entries are separated by a blank line (as in the genstrings and ibtool
    /// layouts), so an appended entry follows the spacing where it lands.
    private var usesBlankLines: Bool {
        switch entries.count {
        case 0: return true
        // One entry: a blank line after it, or a blank first line (ibtool's layout opens with one).
        case 1: return Self.hasBlankLine(trivia[1]) || trivia[0].unicodeScalars.first(where: { $0 != " " && $0 != "\t" }).map(StringsParser.isLineEnd) == true
        default: return Self.hasBlankLine(trivia[entries.count - 1])
        }
    }

    // MARK: Removing

    private mutating func remove(at index: Int) {
        let before = Array(trivia[index].unicodeScalars)
        let after = Array(trivia[index + 1].unicodeScalars)

        // Start at the entry's own comment when it sits directly above or beside the key.
        var start = before.count
        if let comment = Self.comments(in: before).last,
           Self.lineBreakCount(before[comment.range.upperBound...]) <= 1 {
            start = comment.range.lowerBound
        }
        while start > 0, before[start - 1] == " " || before[start - 1] == "\t" { start -= 1 }
        let ownsLine = start == 0 ? index == 0 : StringsParser.isLineEnd(before[start - 1])

        // End after the spaces and a `//` comment that follow the `;` on the same line.
        var end = 0
        while end < after.count, after[end] == " " || after[end] == "\t" { end += 1 }
        if end + 1 < after.count, after[end] == "/", after[end + 1] == "/" {
            while end < after.count, !StringsParser.isLineEnd(after[end]) { end += 1 }
        }
        let atLineEnd = end < after.count ? StringsParser.isLineEnd(after[end]) : index == entries.count - 1

        var kept = Array(before[..<start])
        var rest: [Unicode.Scalar]
        if ownsLine && atLineEnd {
            // The entry had its lines to itself: remove them, and do not leave two blank lines.
            if end < after.count {
                end += (after[end] == "\r" && end + 1 < after.count && after[end + 1] == "\n") ? 2 : 1
            }
            rest = Array(after[end...])
            if Self.endsWithBlankLine(kept, startsLine: index == 0) {
                rest = Array(rest[Self.endOfBlankLines(rest)...])
            }
        } else {
            rest = Array(after[end...])
            if !ownsLine && !atLineEnd { kept.append(" ") }
        }
        var merged = String.UnicodeScalarView()
        merged.append(contentsOf: kept)
        merged.append(contentsOf: rest)
        trivia.replaceSubrange(index...index + 1, with: [String(merged)])
        entries.remove(at: index)
        if index < entries.count {
            // The next entry's note is now the last comment of the merged text, as Xcode would read it.
            entries[index].comment = Self.lastCommentText(in: trivia[index])
        }
    }

    /// The comments at the start of `scalars` (whitespace and comments up to the first other
    /// character), with their ranges in scalars; none when a comment is not closed.
    /// `comments(in: Array(text.unicodeScalars)).last?.text`, read in the text's own UTF-8
    /// bytes: the note of an entry an import appends (the list of scalars, encoded again a
    /// byte at a time with each one's place, cost most of appending the entry).
    static func lastCommentText(in text: String) -> String? {
        guard text.containsASCII(UInt8(ascii: "/")) else { return nil }
        return text.withUTF8Bytes { bytes -> String? in
            var parser = StringsParser(bytes: bytes, path: "")
            guard let last = try? parser.skipTrivia() else { return nil }
            return parser.trimmedText(last)
        }
    }

    static func comments(in scalars: [Unicode.Scalar]) -> [StringsComment] {
        // Every comment starts with `/`: most trivia (line breaks between entries) has none,
        // and a parser made for it cost an appended entry two thirds of its time.
        guard scalars.contains("/") else { return [] }
        var utf8: [UInt8] = []
        var scalarOffset: [Int] = []
        utf8.reserveCapacity(scalars.count)
        for (offset, scalar) in scalars.enumerated() {
            for byte in UTF8.encode(scalar)! {
                utf8.append(byte)
                scalarOffset.append(offset)
            }
        }
        scalarOffset.append(scalars.count)
        return utf8.withUnsafeBufferPointer { bytes in
            var parser = StringsParser(bytes: bytes, path: "")
            var found: [(range: Range<Int>, text: Range<Int>)] = []
            do {
                try parser.skipTrivia { found.append(($0, $1)) }
            } catch {
                return []
            }
            return found.map {
                StringsComment(range: scalarOffset[$0.range.lowerBound]..<scalarOffset[$0.range.upperBound], text: parser.trimmedText($0.text))
            }
        }
    }

    private static func lineBreakCount(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        var count = 0
        var previous: Unicode.Scalar?
        for scalar in scalars {
            if StringsParser.isLineEnd(scalar), !(scalar == "\n" && previous == "\r") { count += 1 }
            previous = scalar
        }
        return count
    }

    /// Whether the text ends with a line that holds only spaces; `startsLine` tells whether the
    /// text begins at the start of a line (the start of the file) or just after an entry.
    private static func endsWithBlankLine(_ scalars: [Unicode.Scalar], startsLine: Bool) -> Bool {
        if scalars.isEmpty { return startsLine }
        var index = scalars.count
        while index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\t" { index -= 1 }
        guard index > 0, StringsParser.isLineEnd(scalars[index - 1]) else { return false }
        index -= 1
        if scalars[index] == "\n", index > 0, scalars[index - 1] == "\r" { index -= 1 }
        while index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\t" { index -= 1 }
        return index == 0 ? startsLine : StringsParser.isLineEnd(scalars[index - 1])
    }

    /// The index just after the leading lines that hold only spaces.
    private static func endOfBlankLines(_ scalars: [Unicode.Scalar]) -> Int {
        var result = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if StringsParser.isLineEnd(scalar) {
                index += 1
                result = index
            } else if scalar == " " || scalar == "\t" {
                index += 1
            } else {
                break
            }
        }
        return result
    }

    private static func hasBlankLine(_ text: String) -> Bool {
        var breaks = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if StringsParser.isLineEnd(scalar) {
                if !(scalar == "\n" && previous == "\r") { breaks += 1 }
                if breaks >= 2 { return true }
            } else if scalar != " " && scalar != "\t" {
                breaks = 0
            }
            previous = scalar
        }
        return false
    }

    private static func endsWithLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.last.map(StringsParser.isLineEnd) ?? false
    }

    /// The index after the first line break of `text` that is not inside a comment: the end
    /// of the last entry's line.
    private static func endOfFirstLine(_ text: String) -> String.Index? {
        let scalars = Array(text.unicodeScalars)
        let comments = Self.comments(in: scalars)
        var offset = 0
        while offset < scalars.count {
            if let comment = comments.first(where: { $0.range.contains(offset) }) {
                offset = comment.range.upperBound
                continue
            }
            if StringsParser.isLineEnd(scalars[offset]) {
                offset += (scalars[offset] == "\r" && offset + 1 < scalars.count && scalars[offset + 1] == "\n") ? 2 : 1
                return text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: offset)
            }
            offset += 1
        }
        return nil
    }
}
