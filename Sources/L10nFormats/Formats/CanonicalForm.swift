import Foundation
import L10nCore

/// How `l10n format` rewrites one kind of file: which file extensions it covers and how bytes
/// become canonical bytes (read with the format's reader, written with its writer).
///
/// Adding a format is one more `static let` and one more element of `all`.
public struct CanonicalForm: Sendable {
    /// For messages, e.g. "String Catalog".
    public var name: String
    /// Lower-case extensions without the dot.
    public var fileExtensions: [String]
    /// Reads `data` (errors name `file`; `url` is where it lies on disk, when it does) and
    /// returns the canonical bytes; throws a `LocatedError` when the input is malformed.
    public var canonicalize: @Sendable (_ data: Data, _ file: String, _ url: URL?) throws -> Data
    /// Whether `format` writes the canonical form, or only checks against it (`--check`).
    public var rewrites: Bool

    public init(name: String, fileExtensions: [String], rewrites: Bool = true, canonicalize: @escaping @Sendable (Data, String, URL?) throws -> Data) {
        self.name = name
        self.fileExtensions = fileExtensions
        self.rewrites = rewrites
        self.canonicalize = canonicalize
    }

    /// `.xcstrings` as Xcode saves it, without a final newline (Xcode drops one on its next save).
    public static let stringCatalog = CanonicalForm(name: "String Catalog", fileExtensions: ["xcstrings"]) { data, file, _ in
        StringCatalogWriter(finalNewline: .never).data(for: try StringCatalogReader.read(data, file: file))
    }

    /// `.strings` in genstrings' layout, or ibtool's when every key is an object-id key, or an
    /// intent definition's when `Base.lproj` beside its folder holds the definition of its name;
    /// kept in the encoding it was read in (see `StringsLayout`).
    public static let strings = CanonicalForm(name: "strings file", fileExtensions: ["strings"]) { data, file, url in
        let parsed = try StringsReader.parse(data, path: file)
        return StringsWriter.canonicalData(for: parsed, layout: url.map(hasIntentDefinition(besideStringsAt:)) == true ? .intentDefinition : nil)
    }

    /// Whether `<folder>/<locale>.lproj/<Name>.strings` has `<folder>/Base.lproj/<Name>.intentdefinition`,
    /// or the definition in another `.lproj` of the folder (a project without Base internationalization
    /// keeps it in its development language's).
    public static func hasIntentDefinition(besideStringsAt url: URL) -> Bool {
        guard url.deletingLastPathComponent().pathExtension == "lproj" else { return false }
        let folder = url.deletingLastPathComponent().deletingLastPathComponent()
        let name = url.deletingPathExtension().lastPathComponent + ".intentdefinition"
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Base.lproj").appendingPathComponent(name).path) { return true }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return folders.contains { $0.hasSuffix(".lproj") && FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).appendingPathComponent(name).path) }
    }

    /// `.stringsdict` in the property-list layout `StringsdictWriter` (and so `import`) writes,
    /// keys in file order. Checked only: Xcode's own plist writer sorts dictionary keys, so
    /// rewriting could not promise Xcode's bytes.
    public static let stringsdict = CanonicalForm(name: "stringsdict file", fileExtensions: ["stringsdict"], rewrites: false) { data, file, _ in
        StringsdictWriter.data(for: try StringsdictReader.parse(data, path: file))
    }

    /// Every form `format` knows.
    public static let all: [CanonicalForm] = [.stringCatalog, .strings, .stringsdict]

    /// The files under `folder` that some form covers, as paths relative to it, sorted; hidden
    /// files and folders (`.git`, `.build`) are skipped and symbolic links to folders not followed.
    public static func files(in folder: URL) -> [String] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else { return [] }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var found: [String] = []
        for case let url as URL in walker {
            guard form(forPath: url.path) != nil, (try? url.resourceValues(forKeys: Set(keys)))?.isRegularFile == true else { continue }
            let parts = url.standardizedFileURL.resolvingSymlinksInPath().pathComponents
            guard parts.starts(with: base) else { continue }
            found.append(parts.dropFirst(base.count).joined(separator: "/"))
        }
        return found.sorted()
    }

    /// The form for a path by its extension (case-insensitive), or nil.
    public static func form(forPath path: String) -> CanonicalForm? {
        let ext = (path as NSString).pathExtension.lowercased()
        return all.first { $0.fileExtensions.contains(ext) }
    }
}

/// Where a file first differs from its canonical form, so that `format --check` can say why.
public enum CanonicalDifference: Equatable, Sendable {
    /// Line `line` (1-based) reads `actual` where the canonical form has `expected` (nil: past the end).
    case line(Int, expected: String?, actual: String?)
    /// Only the line breaks at the end differ: how many the canonical form and the file end with.
    case finalNewlines(expected: Int, actual: Int)
    /// The same text in other bytes: encoding, byte order mark or line endings.
    case bytes

    /// Compares a file with its canonical bytes (both decoded as UTF-8, or UTF-16 by their BOM).
    public init(actual: Data, canonical: Data) {
        let actualText = Self.text(actual), canonicalText = Self.text(canonical)
        guard actualText != canonicalText else { self = .bytes; return }
        // Lines split at each `\n` scalar (a `\r\n` is one Character, so splitting Characters
        // kept a CRLF file one line), a line's `\r` left out: line endings alone are `.bytes`.
        let actualLines = Self.lines(actualText), canonicalLines = Self.lines(canonicalText)
        guard actualLines != canonicalLines else { self = .bytes; return }
        let trailingBreaks = { (lines: [String]) in lines.reversed().prefix { $0.isEmpty }.count - (lines.allSatisfy(\.isEmpty) ? 1 : 0) }
        let (expected, actual) = (trailingBreaks(canonicalLines), trailingBreaks(actualLines))
        if actualLines.dropLast(actual) == canonicalLines.dropLast(expected) {
            self = .finalNewlines(expected: expected, actual: actual)
            return
        }
        let index = zip(actualLines, canonicalLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actualLines.count, canonicalLines.count)
        self = .line(index + 1, expected: canonicalLines.indices.contains(index) ? canonicalLines[index] : nil,
                     actual: actualLines.indices.contains(index) ? actualLines[index] : nil)
    }

    /// E.g. `line 5: expected "  x", found "x"` or `final newline: missing`.
    public var description: String {
        switch self {
        case .line(let line, let expected, let actual):
            return "line \(line): expected \(expected.map(Self.quoted) ?? "the end of the file"), found \(actual.map(Self.quoted) ?? "the end of the file")"
        case .finalNewlines(let expected, let actual):
            if expected == 0, actual == 1 { return "final newline: there is one, the canonical form has none" }
            if expected == 1, actual == 0 { return "final newline: missing" }
            return "final newlines: the file ends with \(actual) line break\(actual == 1 ? "" : "s"), the canonical form with \(expected)"
        case .bytes:
            return "same text, other bytes (encoding, byte order mark or line endings)"
        }
    }

    /// `{"line", "expected", "actual"}`, `{"finalNewlines": {"expected", "actual"}}` or `{"bytes": true}`.
    public var json: JSONValue {
        switch self {
        case .line(let line, let expected, let actual):
            return .object([("line", .number(String(line))), ("expected", expected.map(JSONValue.string) ?? .null),
                            ("actual", actual.map(JSONValue.string) ?? .null)])
        case .finalNewlines(let expected, let actual):
            return .object([("finalNewlines", .object([("expected", .number(String(expected))), ("actual", .number(String(actual)))]))])
        case .bytes:
            return .object([("bytes", .bool(true))])
        }
    }

    private static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.last == "\r" ? line.dropLast() : line)
        }
    }

    private static func text(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]), let text = String(data: data, encoding: .utf16) { return text }
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// In double quotes with `"`, `\` and control characters escaped, cut after 100 characters.
    static func quoted(_ line: String) -> String {
        var result = "\""
        for (index, scalar) in line.unicodeScalars.enumerated() {
            if index == 100 { result += "…"; break }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
            }
        }
        return result + "\""
    }
}
