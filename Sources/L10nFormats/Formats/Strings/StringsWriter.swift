import Foundation
import L10nCore

/// How `l10n format` lays out a `.strings` file.
///
/// - `interfaceBuilder`: ibtool's `Main.strings` layout, chosen when every key is an Interface
///   Builder object-id key (`kCO-9u-5kw.text`, `200876.title`, `RLb-GV-4hh.segmentTitles[0]`):
///   a blank line first, then each entry as `/* Class = ...; */` and `"key" = "value";`, a blank
///   line between entries, entries sorted by key in code-point order, as ibtool generates them.
/// - `genstrings`: every other file. Each entry is `/* comment */`, `"key" = "value";` and a blank
///   line, with `No comment provided by engineer.` where there is no comment. Entries keep their
///   file order, because hand-kept tables are grouped by meaning and sorting would turn a format
///   run into a rewrite of the whole file.
///
/// - `intentDefinition`: the layout of an intent definition's strings (`<locale>.lproj/Intents.strings`
///   beside `Base.lproj/Intents.intentdefinition`): ibtool's without the opening blank line and
///   without comments of its own, as Xcode generates them; a blank line after the last entry, as
///   Xcode writes it, stays (`endsWithBlankLine`). Never inferred from the keys (an intent
///   id such as `16wxgf` looks like any word): the caller knows from the definition beside it.
///
/// An `interfaceBuilder` file as Xcode's Import Localizations (`xcodebuild -importLocalizations`)
/// rewrites it keeps that form: no blank first line, keys in case-insensitive order, a blank line
/// after every entry, the last one too (LoopKit's storyboard tables, imported so). It is told from
/// ibtool's by its two ends: no blank line (nor header) first, a blank line (and no comment) last.
///
/// All keep a comment block that stands apart at the top of the file (a file header); the
/// genstrings layout also keeps every other free-standing comment (`// MARK:` lines) in place.
public enum StringsLayout: String, Sendable, CaseIterable {
    case genstrings
    case interfaceBuilder
    case intentDefinition

    /// The layout for a file: `interfaceBuilder` when it has entries and every key is an object-id key.
    public static func inferred(for file: StringsFile) -> StringsLayout {
        !file.entries.isEmpty && file.entries.allSatisfy { isObjectIDKey($0.key) } ? .interfaceBuilder : .genstrings
    }

    /// Whether `key` has the shape `<ObjectID>.<property>` of keys ibtool writes: an object id of
    /// Interface Builder (`abc-12-XYZ`, or digits for XIBs from before Xcode 5), a dot, then a
    /// property path starting with a lower-case letter, optionally indexed (`segmentTitles[0]`).
    public static func isObjectIDKey(_ key: String) -> Bool {
        let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let id = Array(parts[0].unicodeScalars)
        let isAlphanumeric: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        let isModernID = id.count == 10 && id[3] == "-" && id[6] == "-"
            && id.enumerated().allSatisfy { $0.offset == 3 || $0.offset == 6 || isAlphanumeric($0.element) }
        let isLegacyID = !id.isEmpty && id.allSatisfy { ("0"..."9").contains($0) }
        guard isModernID || isLegacyID else { return false }
        let property = Array(parts[1].unicodeScalars)
        guard let first = property.first, ("a"..."z").contains(first) else { return false }
        return property.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "[" || $0 == "]" || $0 == "_" }
    }
}

/// Writes `.strings` files: losslessly (the bytes read, with only edited entries changed) or in
/// a canonical layout.
public enum StringsWriter {
    /// The note genstrings writes for an entry without a comment.
    public static let noCommentNote = "No comment provided by engineer."

    /// The file's bytes in its encoding: exactly what was read when nothing was edited.
    public static func data(for file: StringsFile) -> Data {
        if file.form == .xmlPropertyList {
            // Foundation's layout declares UTF-8, and is written so; a splice keeps the file's own.
            let (text, ownLayout) = file.xmlRendering()
            return (ownLayout ? StringsEncoding.utf8 : file.encoding).encode(text)
        }
        return file.encoding.encode(file.text)
    }

    /// Writes the file atomically; returns whether the bytes on disk changed.
    @discardableResult
    public static func write(_ file: StringsFile, to url: URL) throws -> Bool {
        try AtomicFile.writeIfChanged(data(for: file), to: url)
    }

    /// The file re-laid out canonically (see `StringsLayout`), in the file's encoding and line
    /// breaks. A file in XML property-list form is its own canonical form, as a `.stringsdict`
    /// is: re-laying it out would drop its comments.
    public static func canonicalData(for file: StringsFile, layout: StringsLayout? = nil) -> Data {
        if file.form == .xmlPropertyList { return data(for: file) }
        return file.encoding.encode(canonicalText(for: file, layout: layout ?? .inferred(for: file)))
    }

    /// The entries as an XML property list, laid out as Foundation (`CFPropertyList`) writes one:
    /// the Apple DTD, a tab per level, `& < >` escaped (and CR, which XML would read as a line feed),
    /// entries in file order.
    public static func propertyListText(for file: StringsFile) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
            + "<plist version=\"1.0\">\n"
        guard !file.entries.isEmpty else { return text + "<dict/>\n</plist>\n" }
        text += "<dict>\n"
        for entry in file.entries {
            text += "\t<key>" + PropertyListXMLWriter.escaped(entry.key) + "</key>\n\t<string>" + PropertyListXMLWriter.escaped(entry.value) + "</string>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    /// The canonical text of a file (see `StringsLayout`).
    public static func canonicalText(for file: StringsFile, layout: StringsLayout) -> String {
        let newline = file.lineBreak
        var blocks: [(key: String, text: String)] = []
        var header: [String] = []
        var footer: [String] = []
        for (offset, entry) in file.entries.enumerated() {
            let (free, attached, _) = split(file.trivia[offset])
            var text = ""
            if offset == 0 {
                header = free
            } else if layout == .genstrings, !free.isEmpty {
                text += free.joined(separator: newline) + newline + newline
            }
            let comment = attached ?? (layout == .genstrings ? noCommentNote : nil)
            if let comment { text += blockComment(comment) + newline }
            text += quoted(entry.key) + " = " + quoted(entry.value) + ";" + newline
            blocks.append((entry.key, text))
        }
        // Every comment after the last entry stays, as written: none of them belongs to an entry.
        let trailing = split(file.trivia[file.trivia.count - 1])
        footer = trailing.free + (trailing.attachedText.map { [$0] } ?? [])
        var result = header.isEmpty ? "" : header.joined(separator: newline) + newline + newline
        switch layout {
        case .genstrings:
            result += blocks.map { $0.text + newline }.joined()
            if !footer.isEmpty { result += footer.joined(separator: newline) + newline }
        case .interfaceBuilder, .intentDefinition:
            let imported = layout == .interfaceBuilder && isInXcodeImportForm(file)
            let order: StringsKeyOrder = imported ? .caseInsensitive : .codePoint
            let sorted = blocks.enumerated().sorted { lhs, rhs in
                let (a, b) = (lhs.element.key, rhs.element.key)
                if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return lhs.offset < rhs.offset }
                return order.precedes(a, b)
            }
            if header.isEmpty && layout == .interfaceBuilder && !imported { result += newline }
            result += sorted.map(\.element.text).joined(separator: newline)
            if !footer.isEmpty {
                result += newline + footer.joined(separator: newline) + newline
            } else if (layout == .intentDefinition || imported) && endsWithBlankLine(file) {
                result += newline
            }
        }
        return result
    }

    /// Whether an object-id table is in the form Xcode's Import Localizations writes (see
    /// `StringsLayout`): entries, nothing before the first but its own comment (no blank line,
    /// no header), and nothing after the last but a blank line (no comment).
    static func isInXcodeImportForm(_ file: StringsFile) -> Bool {
        guard !file.entries.isEmpty, var first = file.trivia.first, var last = file.trivia.last else { return false }
        let opensWithBlankLine = first.withUTF8 { bytes in
            bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }.map { $0 == 0x0A || $0 == 0x0D } ?? false
        }
        guard !opensWithBlankLine, split(first).free.isEmpty else { return false }
        return last.withUTF8 { bytes in
            bytes.allSatisfy { $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } && lineBreakCount(bytes[...]) >= 2
        }
    }

    /// Whether an intent definition's table ends as Xcode writes one, with a blank line after the
    /// last entry (Xcode 10 and 11 write `";\n\n"`; translation tools often one line break): a
    /// file keeps its own ending (a new one is laid out by `IntentDefinition.newStringsData`).
    private static func endsWithBlankLine(_ file: StringsFile) -> Bool {
        guard var trivia = file.trivia.last, !trivia.isEmpty else { return false }
        return trivia.withUTF8 { lineBreakCount($0[...]) } >= 2
    }

    /// Splits the text before an entry into free-standing comments (as written) and the entry's
    /// own comment: the last one, when at most one line break separates it from the key.
    private static func split(_ trivia: String) -> (free: [String], attached: String?, attachedText: String?) {
        var trivia = trivia
        return trivia.withUTF8 { bytes in
            var parser = StringsParser(bytes: bytes, path: "")
            var comments: [(range: Range<Int>, text: Range<Int>)] = []
            do {
                // The braces of a `{ }` file are passed over: its comments stay with the entries.
                while true {
                    try parser.skipTrivia { comments.append(($0, $1)) }
                    guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") || bytes[parser.index] == UInt8(ascii: "}") else { break }
                    parser.index += 1
                }
            } catch {
                comments = []
            }
            var attached: String?, attachedText: String?
            if let last = comments.last, lineBreakCount(bytes[last.range.upperBound...]) <= 1 {
                attached = parser.trimmedText(last.text)
                attachedText = parser.text(last.range)
                comments.removeLast()
            }
            return (comments.map { parser.text($0.range) }, attached, attachedText)
        }
    }

    /// Line breaks in text: LF, CR, U+2028 and U+2029, with CR LF counted once.
    private static func lineBreakCount(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var count = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x0A:
                if index == bytes.startIndex || bytes[index - 1] != 0x0D { count += 1 }
            case 0x0D:
                count += 1
            case 0xE2 where index + 2 < bytes.endIndex && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                count += 1
            default: break
            }
            index += 1
        }
        return count
    }

    /// `text` as a quoted `.strings` string with canonical escapes: `\"`, `\\`, `\n`, `\r`, `\t`,
    /// other control characters as `\Uxxxx`; everything else written as is.
    public static func quoted(_ text: String) -> String {
        // Every character that is escaped is one byte in UTF-8.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return "\"" + text + "\""
        }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case _ where byte < 0x20 || byte == 0x7F:
                let hex = Array("0123456789ABCDEF".utf8)
                result += [UInt8(ascii: "\\"), UInt8(ascii: "U"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return String(decoding: result, as: UTF8.self)
    }

    /// `/* text */`, with a `*/` inside the text broken up so the comment cannot end early.
    public static func blockComment(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "*")) else { return "/* " + text + " */" }
        return "/* " + text.replacingOccurrences(of: "*/", with: "* /") + " */"
    }
}

/// The order `format` sorts an object-id table's keys in, and an import inserts a new key by.
package enum StringsKeyOrder: Sendable {
    /// Code points: ibtool's `--generate-strings-file`, an intent definition's table.
    case codePoint
    /// ASCII letters folded to lower case, then code points: Xcode's Import Localizations
    /// (`cJ3-Gc-pnc.text` before `G4a-ia-wQC.placeholder`).
    case caseInsensitive

    package func precedes(_ a: String, _ b: String) -> Bool {
        switch self {
        case .codePoint:
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        case .caseInsensitive:
            let fold = { (scalar: Unicode.Scalar) -> UInt32 in ("A"..."Z").contains(scalar) ? scalar.value + 32 : scalar.value }
            let (x, y) = (a.unicodeScalars.lazy.map(fold), b.unicodeScalars.lazy.map(fold))
            return x.elementsEqual(y) ? a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) : x.lexicographicallyPrecedes(y)
        }
    }
}
