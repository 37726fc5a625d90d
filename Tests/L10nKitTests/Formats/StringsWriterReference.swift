import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

// The canonical `.strings` layout as StringsWriter wrote it before it was made faster (commit
// 7cb306b), kept verbatim as the reference for StringsWriterEquivalenceTests. Comments are
// found with the reference reader's scanner.

enum ReferenceStringsWriter {
    static let noCommentNote = StringsWriter.noCommentNote

    static func canonicalData(for file: StringsFile, layout: StringsLayout? = nil) -> Data {
        file.encoding.encode(canonicalText(for: file, layout: layout ?? .inferred(for: file)))
    }

    /// The canonical text of a file (see `StringsLayout`).
    public static func canonicalText(for file: StringsFile, layout: StringsLayout) -> String {
        let newline = file.lineBreak
        var blocks: [(key: String, text: String)] = []
        var header: [String] = []
        var footer: [String] = []
        for (offset, entry) in file.entries.enumerated() {
            let (free, attached) = split(file.trivia[offset])
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
        // Later rule, added to both writers: every comment after the last entry stays, as
        // written, in both layouts (the last one used to be taken for an entry's and dropped).
        let trailing = Array(file.trivia[file.trivia.count - 1].unicodeScalars)
        footer = ReferenceStringsReader.comments(in: trailing).map { comment -> String in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: trailing[comment.range])
            return String(text)
        }
        var result = header.isEmpty ? "" : header.joined(separator: newline) + newline + newline
        switch layout {
        case .genstrings:
            result += blocks.map { $0.text + newline }.joined()
            if !footer.isEmpty { result += footer.joined(separator: newline) + newline }
        // Later rule, added to both writers: an intent definition's layout is ibtool's without
        // the opening blank line.
        // Later rule, added to both writers: an object-id table in the form Xcode's import
        // writes (no blank line first, one last) keeps it, keys in case-insensitive order.
        case .interfaceBuilder, .intentDefinition:
            let imported = layout == .interfaceBuilder && isInXcodeImportForm(file)
            let folded = { (key: String) in key.unicodeScalars.map { ("A"..."Z").contains($0) ? $0.value + 32 : $0.value } }
            let sorted = blocks.enumerated().sorted { lhs, rhs in
                let (a, b) = (lhs.element.key.unicodeScalars, rhs.element.key.unicodeScalars)
                if a.elementsEqual(b) { return lhs.offset < rhs.offset }
                if imported, folded(lhs.element.key) != folded(rhs.element.key) {
                    return folded(lhs.element.key).lexicographicallyPrecedes(folded(rhs.element.key))
                }
                return a.lexicographicallyPrecedes(b)
            }
            if header.isEmpty && layout == .interfaceBuilder && !imported { result += newline }
            result += sorted.map(\.element.text).joined(separator: newline)
            if !footer.isEmpty {
                result += newline + footer.joined(separator: newline) + newline
            } else if imported {
                result += newline
            }
        }
        return result
    }

    private static func isInXcodeImportForm(_ file: StringsFile) -> Bool {
        guard !file.entries.isEmpty else { return false }
        let opening = Array(file.trivia[0].unicodeScalars)
        let first = opening.first { $0 != " " && $0 != "\t" }
        if first == "\n" || first == "\r" { return false }
        // No header: at most the first entry's own comment before it.
        if split(file.trivia[0]).free.count > 0 { return false }
        let last = Array(file.trivia[file.trivia.count - 1].unicodeScalars)
        guard last.allSatisfy({ $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }) else { return false }
        let breaks = last.filter { $0 == "\n" || $0 == "\r" }.count - zip(last, last.dropFirst()).filter { $0 == "\r" && $1 == "\n" }.count
        return breaks >= 2
    }

    /// Splits the text before an entry into free-standing comments (as written) and the entry's
    /// own comment: the last one, when at most one line break separates it from the key.
    private static func split(_ trivia: String) -> (free: [String], attached: String?) {
        let scalars = Array(trivia.unicodeScalars)
        var comments = ReferenceStringsReader.comments(in: scalars)
        var attached: String?
        if let last = comments.last {
            let gap = scalars[last.range.upperBound...]
            let breaks = gap.filter { $0 == "\n" || $0 == "\r" || $0.value == 0x2028 || $0.value == 0x2029 }.count
                - zip(gap, gap.dropFirst()).filter { $0 == "\r" && $1 == "\n" }.count
            if breaks <= 1 {
                attached = last.text
                comments.removeLast()
            }
        }
        let free = comments.map { comment -> String in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[comment.range])
            return String(text)
        }
        return (free, attached)
    }

    /// `text` as a quoted `.strings` string with canonical escapes: `\"`, `\\`, `\n`, `\r`, `\t`,
    /// other control characters as `\Uxxxx`; everything else written as is.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\U" + String(format: "%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `/* text */`, with a `*/` inside the text broken up so the comment cannot end early.
    public static func blockComment(_ text: String) -> String {
        "/* " + text.replacingOccurrences(of: "*/", with: "* /") + " */"
    }
}
