import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// What kind of project file a `<file original>` names; it decides how the unit ids inside are read.
public enum XcodeSourceKind: Hashable, Sendable {
    /// `.xcstrings`: ids are catalog keys, variations as `KEY|==|plural.one`.
    case stringCatalog
    /// `.strings`: ids are the keys.
    case strings
    /// `.stringsdict`: ids are `/KEY:dict/VAR:dict/one:dict/:string` paths (or a plain key).
    case stringsdict
    /// `.storyboard`, `.xib`: ids are `ObjectID.keyPath`.
    case interfaceBuilder
    /// `.intentdefinition`: ids are Xcode's opaque intent string ids (`gpCwrM`).
    case intentDefinition
    /// Any other extension, lower-cased and without the dot ("" when there is none).
    case other(String)

    /// Classifies a path by its extension (case-insensitive).
    public init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.range(of: ".", options: .backwards).map { String(name[$0.upperBound...]).lowercased() } ?? ""
        switch ext {
        case "xcstrings": self = .stringCatalog
        case "strings": self = .strings
        case "stringsdict": self = .stringsdict
        case "storyboard", "xib": self = .interfaceBuilder
        case "intentdefinition": self = .intentDefinition
        default: self = .other(ext)
        }
    }
}

/// A `<trans-unit id>` as Xcode forms it, taken apart by the kind of source file it comes from.
public enum XcodeUnitID: Hashable, Sendable, CustomStringConvertible {
    /// A plain key: catalog key without variation, `.strings` key, intent id, a `.stringsdict` key unit.
    case key(String)
    /// A String Catalog variation: `KEY|==|plural.one` is key `KEY`, path `["plural", "one"]`;
    /// `KEY|==|substitutions.NAME.plural.few` has path `["substitutions", "NAME", "plural", "few"]`.
    case catalogVariation(key: String, path: [String])
    /// A legacy `.stringsdict` entry: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` is key `KEY`,
    /// path `["NSStringLocalizedFormatKey"]`; `/KEY:dict/VAR:dict/one:dict/:string` has path `["VAR", "one"]`.
    case stringsdict(key: String, path: [String])
    /// An Interface Builder string: `3i8-2m-QFG.text` is object `3i8-2m-QFG`, key path `text`.
    case interfaceBuilder(objectID: String, keyPath: String)

    /// The separator between a catalog key and its variation path.
    public static let variationSeparator = "|==|"

    /// Takes an id apart the way a file of `kind` forms it; ids that do not fit the shape stay `.key`.
    public init(_ id: String, kind: XcodeSourceKind) {
        switch kind {
        case .stringCatalog:
            // The last `|==|`, found in the UTF-8 bytes (a Foundation search per unit was a
            // noticeable part of an import).
            if let start = Self.lastSeparator(in: id) {
                let utf8 = id.utf8
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                let upper = utf8.index(lower, offsetBy: 4)
                let path = Self.joiningSubstitutionName(Self.asciiComponents(of: id, fromByte: start + 4) ?? Self.components(of: id, from: upper))
                if Self.isCatalogVariationPath(path) {
                    self = .catalogVariation(key: String(id[..<lower]), path: path)
                    return
                }
            }
            self = .key(id)
        case .stringsdict:
            self = Self.parseStringsdict(id) ?? .key(id)
        case .interfaceBuilder:
            if let dot = id.firstIndex(of: "."), dot != id.startIndex, id.index(after: dot) != id.endIndex {
                self = .interfaceBuilder(objectID: String(id[..<dot]), keyPath: String(id[id.index(after: dot)...]))
            } else {
                self = .key(id)
            }
        case .strings, .intentDefinition, .other:
            self = .key(id)
        }
    }

    /// `components(of:from:)` for an ASCII tail (every variation path), cut in the id's bytes:
    /// the generic split and a validated `String` per piece cost thousands of instructions
    /// an id. Nil when the tail is not ASCII.
    private static func asciiComponents(of id: String, fromByte start: Int) -> [String]? {
        return id.withUTF8Bytes { bytes -> [String]? in
            let tail = UnsafeBufferPointer(rebasing: bytes[start...])
            guard tail.allSatisfy({ $0 < 0x80 }) else { return nil }
            var parts: [String] = []
            var partStart = 0
            for index in 0...tail.count where index == tail.count || tail[index] == UInt8(ascii: ".") {
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: tail[partStart..<index]), as: UTF8.self))
                partStart = index + 1
            }
            return parts
        }
    }

    /// The `.`-separated components of the id from `start` (empty ones kept), as
    /// `split(separator: ".", omittingEmptySubsequences: false)` gives them, by characters: for
    /// a tail that is not ASCII.
    private static func components(of id: String, from start: String.Index) -> [String] {
        id[start...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether the variation path after the id's last `|==|` holds an `@` (a substitution name
    /// written between `@`s): the id is then not the one l10n writes for the unit.
    public static func hasDelimitedName(_ id: String) -> Bool {
        guard let start = lastSeparator(in: id) else { return false }
        return id.withUTF8Bytes { bytes in bytes[(start + 4)...].contains(UInt8(ascii: "@")) }
    }

    /// The key and substitution name of a substitution form's id (`KEY|==|substitutions.NAME.plural.one`,
    /// after a device case too, the name with dots or between `@`s as the parser reads it), read
    /// from the bytes without taking the id apart; nil for any other id.
    public static func substitutionForm(_ id: String) -> (key: Substring, name: Substring)? {
        guard let start = lastSeparator(in: id) else { return nil }
        let found: (Int, Int, Int)? = id.withUTF8Bytes { bytes in
            var at = start + 4
            let marker = "substitutions.".utf8
            if !bytes[at...].starts(with: marker) {
                // `device.X.` first.
                guard bytes[at...].starts(with: "device.".utf8),
                      let dot = bytes[(at + 7)...].firstIndex(of: UInt8(ascii: ".")) else { return nil }
                at = dot + 1
                guard bytes[at...].starts(with: marker) else { return nil }
            }
            let nameStart = at + marker.count
            // The name ends at the last `.plural.`.
            let plural = Array(".plural.".utf8)
            var end = bytes.count - plural.count
            while end > nameStart, !bytes[end...].starts(with: plural) { end -= 1 }
            guard end > nameStart else { return nil }
            return (start, nameStart, end)
        }
        guard let (keyEnd, nameStart, nameEnd) = found else { return nil }
        let utf8 = id.utf8
        let key = id[..<utf8.index(utf8.startIndex, offsetBy: keyEnd)]
        let name = id[utf8.index(utf8.startIndex, offsetBy: nameStart)..<utf8.index(utf8.startIndex, offsetBy: nameEnd)]
        return (key, undelimited(name))
    }

    /// The byte offset of the last `|==|` in the id (the one starting last), nil when there is none.
    public static func lastSeparator(in id: String) -> Int? {
        return id.withUTF8Bytes { bytes -> Int? in
            // Most ids are plain keys without a `|`: memchr tells at once.
            guard bytes.count >= 4, memchr(bytes.baseAddress!, 0x7C, bytes.count) != nil else { return nil }
            var start = bytes.count - 4
            while start >= 0 {
                if bytes[start] == 0x7C && bytes[start + 1] == 0x3D && bytes[start + 2] == 0x3D && bytes[start + 3] == 0x7C { return start }
                start -= 1
            }
            return nil
        }
    }

    /// The id as Xcode writes it.
    public var rawValue: String {
        switch self {
        case .key(let key): key
        case .catalogVariation(let key, let path): key + Self.variationSeparator + path.joined(separator: ".")
        case .stringsdict(let key, let path): "/" + ([key] + path).map { $0 + ":dict/" }.joined() + ":string"
        case .interfaceBuilder(let objectID, let keyPath): objectID + "." + keyPath
        }
    }

    public var description: String { rawValue }

    /// The catalog, `.strings` or `.stringsdict` key the unit belongs to; nil for Interface Builder ids.
    public var key: String? {
        switch self {
        case .key(let key), .catalogVariation(let key, _), .stringsdict(let key, _): key
        case .interfaceBuilder: nil
        }
    }

    /// Catalog variation paths: optional `device.D`, then optional `plural.C` or
    /// `substitutions.NAME.plural.C` (substitutions may also follow a device); at least one step.
    /// A substitution's name may hold dots (`total.strings`, real in Xcode-written catalogs):
    /// `substitutions.total.strings.plural.one` splits into one component too many. The name is
    /// what lies between `substitutions` and the final `plural.<category>`.
    public static func joiningSubstitutionName(_ path: [String]) -> [String] {
        guard let at = path.firstIndex(of: "substitutions"), at == 0 || at == 2 else { return path }
        let rest = path[(at + 1)...]
        // Most names: one component, no `@`, kept as they are.
        guard rest.count > 3 || (rest.count == 3 && rest[rest.startIndex].utf8.first == UInt8(ascii: "@")),
              rest[rest.endIndex - 2] == "plural" else { return path }
        let name = rest.dropLast(2).joined(separator: ".")
        return Array(path[...at]) + [String(undelimited(name[...]))] + rest.suffix(2)
    }

    /// A substitution name without the `@`s of `substitutions.@total.strings@.plural.one`, the
    /// form reported from a recent Xcode's export: a name never holds `@` (it ends one), so the
    /// pair is only the delimiters.
    static func undelimited(_ name: Substring) -> Substring {
        name.utf8.count > 2 && name.hasPrefix("@") && name.hasSuffix("@") ? name.dropFirst().dropLast() : name
    }

    public static func isCatalogVariationPath(_ path: [String]) -> Bool {
        guard !path.isEmpty, !path.contains(where: \.isEmpty) else { return false }
        var rest = path[...]
        let underDevice = rest.first == "device"
        if underDevice {
            guard rest.count >= 2 else { return false }
            rest = rest.dropFirst(2)
        }
        if rest.first == "substitutions" {
            guard rest.count >= 2 else { return false }
            rest = rest.dropFirst(2)
            return rest.count == 2 && rest.first == "plural"
        }
        if rest.first == "plural" {
            // A plural form varied by device (`plural.one.device.mac`), the nesting a catalog
            // edited by hand or by a tool may have and the export writes.
            return rest.count == 2 || (!underDevice && rest.count == 4 && rest[rest.startIndex + 2] == "device")
        }
        return rest.isEmpty
    }

    private static func parseStringsdict(_ id: String) -> XcodeUnitID? {
        guard id.hasPrefix("/"), id.hasSuffix(":dict/:string") else { return nil }
        let inner = id.dropFirst().dropLast(":string".count)
        let parts = inner.components(separatedBy: ":dict/")
        guard parts.count >= 2, parts.last == "" else { return nil }
        let segments = parts.dropLast()
        guard segments.count >= 2, let key = segments.first else { return nil }
        return .stringsdict(key: key, path: Array(segments.dropFirst()))
    }
}

/// An Interface Builder unit's note: `Class = "UILabel"; text = "Run"; ObjectID = "3i8-2m-QFG";`,
/// optionally with `Note = "...";` (the localizer comment set in Interface Builder).
public struct InterfaceBuilderNote: Hashable, Sendable {
    /// Every `name = "value";` pair in order of appearance, values unescaped.
    public var fields: [Field]

    public struct Field: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(fields: [Field]) {
        self.fields = fields
    }

    /// Reads a note; nil when it is not a sequence of `name = "value";` pairs with a `Class` and an `ObjectID`.
    public init?(_ note: String) {
        var fields: [Field] = []
        let scalars = Array(note.unicodeScalars)
        var i = 0
        func skipSpaces() { while i < scalars.count && (scalars[i] == " " || scalars[i] == "\n" || scalars[i] == "\t") { i += 1 } }
        skipSpaces()
        while i < scalars.count {
            var name = String.UnicodeScalarView()
            while i < scalars.count && scalars[i] != " " && scalars[i] != "=" { name.append(scalars[i]); i += 1 }
            skipSpaces()
            guard i < scalars.count, scalars[i] == "=", !name.isEmpty else { return nil }
            i += 1
            skipSpaces()
            guard i < scalars.count, scalars[i] == "\"" else { return nil }
            i += 1
            var value = String.UnicodeScalarView()
            var closed = false
            while i < scalars.count {
                let c = scalars[i]
                if c == "\\", i + 1 < scalars.count {
                    let next = scalars[i + 1]
                    switch next {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "r": value.append("\r")
                    default: value.append(next)
                    }
                    i += 2
                    continue
                }
                if c == "\"" { closed = true; i += 1; break }
                value.append(c)
                i += 1
            }
            guard closed else { return nil }
            skipSpaces()
            guard i < scalars.count, scalars[i] == ";" else { return nil }
            i += 1
            fields.append(Field(name: String(name), value: String(value)))
            skipSpaces()
        }
        guard fields.contains(where: { $0.name == "Class" }), fields.contains(where: { $0.name == "ObjectID" }) else { return nil }
        self.fields = fields
    }

    /// The value of the first field with this name.
    public subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// `Class`, e.g. `UILabel`.
    public var className: String? { self["Class"] }
    /// `ObjectID`, e.g. `3i8-2m-QFG`.
    public var objectID: String? { self["ObjectID"] }
    /// The localizer comment (`Note`), if Interface Builder had one.
    public var comment: String? { self["Note"] }

    /// The note as ibtool writes it: `name = "value";` pairs joined by a space, `"` and `\` escaped.
    public var rawValue: String {
        fields.map { field in
            var value = ""
            for scalar in field.value.unicodeScalars {
                switch scalar {
                case "\"": value += "\\\""
                case "\\": value += "\\\\"
                case "\n": value += "\\n"
                default: value.unicodeScalars.append(scalar)
                }
            }
            return "\(field.name) = \"\(value)\";"
        }.joined(separator: " ")
    }
}
