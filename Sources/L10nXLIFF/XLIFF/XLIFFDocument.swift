import L10nCore
import L10nFormats
import L10nLocale
/// An XLIFF 1.2 document as Xcode exports it for translators: one `<file>` per localizable source file.
public struct XLIFFDocument: Hashable, Sendable {
    public var files: [XLIFFFile]

    public init(files: [XLIFFFile] = []) {
        self.files = files
    }

    /// Every unit with the file it belongs to, in document order.
    public var allUnits: [(file: XLIFFFile, unit: TransUnit)] {
        files.flatMap { file in file.units.map { (file, $0) } }
    }

    /// How many units the files hold, counted without copying them (`allUnits` copies each).
    public var unitCount: Int { files.reduce(0) { $0 + $1.units.count } }
}

/// The program named in a `<file>`'s `<header><tool .../></header>`.
public struct XLIFFTool: Hashable, Sendable {
    /// `tool-id`, e.g. `com.apple.dt.xcode`.
    public var id: String
    /// `tool-name`, e.g. `Xcode`.
    public var name: String
    /// `tool-version`, e.g. `16.4`; nil when absent.
    public var version: String?
    /// `build-num`, e.g. `16F6`; nil when absent.
    public var buildNumber: String?

    public init(id: String, name: String, version: String? = nil, buildNumber: String? = nil) {
        self.id = id
        self.name = name
        self.version = version
        self.buildNumber = buildNumber
    }

    /// Our own tool: exports name l10n, never Xcode (formats.md §2).
    public static func l10n(version: String, buildNumber: String? = nil) -> XLIFFTool {
        XLIFFTool(id: "l10n", name: "l10n", version: version, buildNumber: buildNumber ?? version)
    }
}

/// One `<file>` element: the units of one source file (a catalog, `.strings`, storyboard...) for one target language.
public struct XLIFFFile: Hashable, Sendable {
    /// `original`: the source file's path relative to the project, e.g. `App/Localizable.xcstrings`.
    public var original: String
    /// `source-language`, e.g. `en`.
    public var sourceLanguage: String
    /// `target-language`, e.g. `de`. The reader refuses a `<file>` without it; nil writes a source-only file.
    public var targetLanguage: String?
    /// `datatype`; Xcode always writes `plaintext`.
    public var datatype: String
    /// The tool named in the header when the file was read (the writer names its own tool instead).
    public var tool: XLIFFTool?
    /// The order the writer puts the start tag's attributes in.
    public var attributeOrder: XLIFFFileAttributeOrder = .standard
    public var units: [TransUnit]
    /// Where the `<file>` start tag was read, for error messages; nil for files built in memory.
    public var location: SourceLocation?

    public init(
        original: String,
        sourceLanguage: String,
        targetLanguage: String?,
        datatype: String = "plaintext",
        tool: XLIFFTool? = nil,
        units: [TransUnit] = [],
        location: SourceLocation? = nil
    ) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.datatype = datatype
        self.tool = tool
        self.units = units
        self.location = location
    }

    /// What kind of Xcode source file `original` names, which decides how unit ids are read.
    public var sourceKind: XcodeSourceKind { XcodeSourceKind(path: original) }
}

/// The order of a `<file>` start tag's attributes in Xcode's exports.
public enum XLIFFFileAttributeOrder: Hashable, Sendable {
    /// `original source-language target-language datatype`.
    case standard
    /// `original datatype source-language target-language`: what Xcode 15 wrote for a legacy
    /// file (`.strings`, XIB) that has no localization in the target language yet (6 of 6 such
    /// files in the Elytra export, none of the 31 others).
    case datatypeFirst
}

/// One `<trans-unit>`: a string to translate, with its translation if there is one.
public struct TransUnit: Hashable, Sendable {
    // Declared in this order so that the small fields fill the gaps of the large ones (144 bytes
    // instead of 160): an import holds one unit per `<trans-unit>` of every file it reads.

    /// `id`: the catalog key (plus `|==|` variation), `.strings` key, `.stringsdict` path or IB `ObjectID.keyPath`.
    public var id: String
    /// `<source>` text, inline markup taken as its text.
    public var source: String
    /// `<target>` text; nil when the unit has no `<target>` (nothing translated for the locale).
    public var target: String?
    /// `<note>` text: nil for no `<note>`, "" for `<note/>`; several notes are joined with a newline.
    public var note: String?
    /// Where the `<trans-unit>` start tag was read, for error messages; nil for units built in memory.
    public var location: SourceLocation?
    /// `<alt-trans>` elements after the `<note>`: translations the project already has for this
    /// source or a similar one (`export --suggestions`), never the target. The reader skips them.
    public var alternatives: [AltTrans]
    /// The id, source and note already escaped by the exporter that made the unit; not part of
    /// the unit's value.
    @usableFromInline
    package var escaped: XLIFFEscapedUnit
    /// False for `translate="no"` (catalog `shouldTranslate: false`).
    public var translate: Bool
    /// `approved="yes|no"` as other tools write it; Xcode never does.
    public var approved: Bool?
    /// Set when the source or target holds an empty inline code (`<x id="1"/>`) with no
    /// `equiv-text`: the text it stands for is not in the file, so the text read is incomplete.
    public var unknownInlineCode: XLIFFUnknownInlineCode?
    /// Set when a segment of the target (`<mrk mtype="seg">`, as CAT tools split a unit into
    /// sentences) is empty: the translator has not finished the unit.
    public var hasEmptySegment: Bool
    /// The `<target state="...">`; nil when the target has no state (legacy `.strings`, IB units) or there is no target.
    public var targetState: XLIFFTargetState?
    /// `maxwidth` in characters (`size-unit="char"`): the label's width budget, which translators'
    /// tools enforce; only `l10n export --budgets` writes it, Xcode never does.
    public var maxWidth: Int?
    /// Whether the note is `<note from="auto-generated">`, as Xcode 26 exports a comment its
    /// model wrote (`isCommentAutoGenerated`), so translators can tell it from the developer's.
    /// A `Bool` that fits the unit's padding (an import holds one unit per `<trans-unit>`).
    public var isNoteAutoGenerated: Bool

    // Inlinable: compiled apart from its callers, it built the unit in a temporary and copied
    // it out, a retain and a release of every string (292,000 units an export).
    // `alternatives` and `escaped` are set here rather than given initial values, which an
    // inlinable initializer of a public type could not reach (`escaped` is the package's).
    @inlinable
    public init(
        id: String,
        translate: Bool = true,
        source: String,
        target: String? = nil,
        targetState: XLIFFTargetState? = nil,
        note: String? = "",
        approved: Bool? = nil,
        maxWidth: Int? = nil,
        location: SourceLocation? = nil,
        unknownInlineCode: XLIFFUnknownInlineCode? = nil,
        hasEmptySegment: Bool = false,
        isNoteAutoGenerated: Bool = false
    ) {
        self.id = id
        self.translate = translate
        self.source = source
        self.target = target
        self.targetState = targetState
        self.note = note
        self.approved = approved
        self.unknownInlineCode = unknownInlineCode
        self.hasEmptySegment = hasEmptySegment
        self.maxWidth = maxWidth
        self.location = location
        self.isNoteAutoGenerated = isNoteAutoGenerated
        self.alternatives = []
        self.escaped = .none
    }
}

/// One `<alt-trans match-quality="…" origin="…">`: a suggested translation with the source it
/// translates, as CAT tools and Translate Toolkit read it.
extension XLIFFDocument {
    /// The words of every unit's source in its file's source language, as vendors quote by.
    public func sourceWords() -> Int {
        var counts = SourceWordCounts()
        return sourceWords(counting: &counts)
    }

    /// The same, with the texts already counted in `counts` (and the new ones added): the
    /// locales of one export share their source texts, so each is counted once per run.
    public func sourceWords(counting counts: inout SourceWordCounts) -> Int {
        var total = 0
        for file in files {
            file.units.withUnsafeBufferPointer { units in
                for index in units.indices { total += counts.words(of: units.baseAddress! + index, language: file.sourceLanguage) }
            }
        }
        return total
    }
}

/// Source texts already counted (`TransUnit.sourceWords`), by language and text.
public struct SourceWordCounts: Sendable {
    private var counts: [String: [String: Int]] = [:]
    /// The counts of the units an exporter made from one set of shared texts, by the unit's
    /// place in them (-1: not counted yet): every locale's export gives the same units again,
    /// and these are found without hashing their source.
    private var byPlace: [(texts: XLIFFUnitTexts, language: String, words: [Int32])] = []
    private var lastPlace = -1

    /// The languages each set of shared texts was counted in, one list per set.
    var placeLanguages: [[String]] {
        var result: [[String]] = []
        var seen: [XLIFFUnitTexts] = []
        for table in byPlace {
            if let index = seen.firstIndex(where: { $0 === table.texts }) {
                result[index].append(table.language)
            } else {
                seen.append(table.texts)
                result.append([table.language])
            }
        }
        return result
    }

    public init() {}

    mutating func words(of unit: UnsafePointer<TransUnit>, language: String) -> Int {
        guard let texts = unit.pointee.escaped.texts else { return words(of: unit.pointee.source, language: language) }
        let place = Int(unit.pointee.escaped.index)
        // The unit may have been given another source since; then its place says nothing.
        guard texts.hasSource(unit.pointee.source, atUnit: place) else { return words(of: unit.pointee.source, language: language) }
        if lastPlace < 0 || byPlace[lastPlace].texts !== texts || byPlace[lastPlace].language != language {
            if let found = byPlace.firstIndex(where: { $0.texts === texts && $0.language == language }) {
                lastPlace = found
            } else {
                byPlace.append((texts, language, [Int32](repeating: -1, count: texts.unitCount)))
                lastPlace = byPlace.count - 1
            }
        }
        let known = byPlace[lastPlace].words[place]
        if known >= 0 { return Int(known) }
        let counted = words(of: unit.pointee.source, language: language)
        byPlace[lastPlace].words[place] = Int32(clamping: counted)
        return counted
    }

    mutating func words(of source: String, language: String) -> Int {
        // A plain text is counted from its bytes for less than finding it among those counted.
        if let words = Words.plainCount(source, locale: language, refusingPercent: true) { return words }
        if let known = counts[language]?[source] { return known }
        let words = TransUnit.sourceWords(of: source, language: language)
        counts[language, default: [:]][source] = words
        return words
    }
}

extension TransUnit {
    /// The words of the source in `language` (ICU word break), format specifiers left out:
    /// `%lld files` is one word, `50%% off` two.
    public func sourceWords(language: String) -> Int {
        Self.sourceWords(of: source, language: language)
    }

    static func sourceWords(of source: String, language: String) -> Int {
        guard source.utf8.contains(UInt8(ascii: "%")) else { return Words.count(source, locale: language) }
        // Plain specifiers (most labels') are replaced from the bytes: the parse and the joined
        // tokens cost more than the count itself.
        if let text = FormatString.plainSpecifiersReplaced(in: source, by: " ") { return Words.count(text, locale: language) }
        let text = FormatString(source).tokens.map { token -> String in
            switch token {
            case .literal(let text): text
            case .percentSign: "%"
            case .specifier: " "
            }
        }.joined()
        return Words.count(text, locale: language)
    }
}

public struct AltTrans: Hashable, Sendable {
    /// `match-quality`, in percent (100: the same source text).
    public var matchQuality: Int
    /// `origin`: where the translation comes from (`exact:PATH#ID`, `sdk:…`, `near:…`).
    public var origin: String {
        get { originKind.isEmpty ? originFile : originKind + ":" + originFile + "#" + originID }
        set { (originKind, originFile, originID) = ("", newValue, "") }
    }
    /// The `<source>` the suggestion translates.
    public var source: String
    /// The suggested `<target>`.
    public var target: String
    /// `origin` in pieces, `kind:file#id` (all of it in `originFile` when `originKind` is empty):
    /// an export with suggestions holds one per suggestion, and the file and id are the
    /// memory's own strings, so a suggestion's origin costs no text of its own until written.
    private var originKind: String
    private var originFile: String
    private var originID: String

    public init(matchQuality: Int, origin: String, source: String, target: String) {
        self.matchQuality = matchQuality
        self.source = source
        self.target = target
        (originKind, originFile, originID) = ("", origin, "")
    }

    /// The suggestion whose origin is `originKind:originFile#originID`; the kind is not empty.
    public init(matchQuality: Int, originKind: String, originFile: String, originID: String, source: String, target: String) {
        precondition(!originKind.isEmpty, "an origin in pieces starts with its kind")
        self.matchQuality = matchQuality
        self.source = source
        self.target = target
        (self.originKind, self.originFile, self.originID) = (originKind, originFile, originID)
    }

    /// Appends `origin` escaped as an attribute value, piece by piece; false when a piece needs
    /// checking (`XLIFFOutput.appendAttribute`).
    func appendOrigin(to out: XLIFFOutput) -> Bool {
        guard !originKind.isEmpty else { return out.appendAttribute(originFile) }
        var plain = out.appendAttribute(originKind)
        out.append(":")
        plain = out.appendAttribute(originFile) && plain
        out.append("#")
        return out.appendAttribute(originID) && plain
    }

    /// The bytes of `origin`.
    var originByteCount: Int {
        originKind.isEmpty ? originFile.utf8.count : originKind.utf8.count + originFile.utf8.count + originID.utf8.count + 2
    }

    public static func == (lhs: AltTrans, rhs: AltTrans) -> Bool {
        guard lhs.matchQuality == rhs.matchQuality, lhs.source == rhs.source, lhs.target == rhs.target else { return false }
        if lhs.originKind == rhs.originKind, lhs.originFile == rhs.originFile, lhs.originID == rhs.originID { return true }
        return lhs.origin == rhs.origin
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(matchQuality)
        hasher.combine(origin)
        hasher.combine(source)
        hasher.combine(target)
    }
}
