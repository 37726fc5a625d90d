import Foundation
import L10nCore
import L10nFormats

/// What an import did (or, on a dry run, would do) with one `<trans-unit>`.
public struct ImportUnitOutcome: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// The target was written (a new value, or the same value with a new state).
        case applied
        /// The project already holds this value in this state: nothing to write.
        case unchanged
        /// Left alone by rule: `translate="no"`, no `<target>`, or a state that says the
        /// translator has not finished (`new`, `needs-translation`, `needs-l10n`, `needs-adaptation`).
        case skipped
        /// Not applied because applying it would be wrong; the command exits 1.
        case refused
    }

    /// Why a unit was skipped or refused.
    public enum Reason: String, Sendable, CaseIterable {
        /// Skipped: `translate="no"` in the file, or `shouldTranslate: false` in the catalog.
        case doNotTranslate = "do-not-translate"
        /// Skipped: the unit has no `<target>`, or an empty one (also one holding only inline
        /// elements) while its source is not empty.
        case noTarget = "no-target"
        /// Skipped: the target's state says it is not finished (`new`, `needs-translation`...).
        case notTranslated = "not-translated"
        /// Refused: the `<source>` is not the project's current source text (it changed since
        /// the export, so the translation may say something else).
        case staleSource = "stale-source"
        /// Refused: `String(format:)` would misread or crash on the target's specifiers (an
        /// argument read as another type or one the source does not pass, a lost substitution).
        case placeholderMismatch = "placeholder-mismatch"
        /// Refused: the file names a key (or variation) the project does not have.
        case unknownID = "unknown-id"
        /// Refused: a `state` outside XLIFF 1.2 (`x-...`): not trusted as finished.
        case unknownState = "unknown-state"
        /// Refused: the unit's file is one l10n never writes (a vendor's file, the SDK's catalog,
        /// a read-only layer, a file outside the project folder); the rest of the import goes on.
        case readOnlyFile = "read-only-file"
        /// Refused: the unit belongs to a file kind l10n does not import (storyboard, XIB,
        /// `.stringsdict`, intent definition); Xcode can import those.
        case unsupportedFile = "unsupported-file"
        /// Refused: an earlier unit in the same run had the same file, locale and id.
        case duplicateID = "duplicate-id"
        /// Refused: a copy edit of a development-language text changes its arguments (drops `%@`,
        /// changes a type, adds one), which every translation of it reads.
        case sourcePlaceholders = "source-placeholders"
        /// Refused: the source or target holds an empty inline code (`<x id="1"/>`) with no
        /// `equiv-text`, so the text it stands for (a `%@`...) is not in the file.
        case inlineCode = "inline-code"

        public var isRefusal: Bool {
            switch self {
            case .doNotTranslate, .noTarget, .notTranslated: false
            default: true
            }
        }
    }

    public var status: Status
    public var reason: Reason?
    /// Whether applying creates the key in the catalog (an SDK key copied with the SDK's other localizations).
    public var createsEntry: Bool
    /// The translator file as it was named (`handoff/fr.xliff`).
    public var input: String {
        get { origin.input }
        set { origin = Origin(input: newValue, original: origin.original, locale: origin.locale) }
    }
    /// Where the `<trans-unit>` starts in the translator file.
    public var location: SourceLocation?
    /// The `<file original>` the unit belongs to.
    public var original: String {
        get { origin.original }
        set { origin = Origin(input: origin.input, original: newValue, locale: origin.locale) }
    }
    public var id: String
    public var locale: String {
        get { origin.locale }
        set { origin = Origin(input: origin.input, original: origin.original, locale: newValue) }
    }

    /// What every unit of one `<file>` shares, in one box: an import copies each outcome twice
    /// (made, then read for its report line), and each copy retained the three strings.
    /// Never changed in place: setting a field makes a new box, so copies keep their values.
    package final class Origin: Sendable, Equatable {
        let input: String
        let original: String
        let locale: String

        package init(input: String, original: String, locale: String) {
            self.input = input
            self.original = original
            self.locale = locale
        }

        package static func == (lhs: Origin, rhs: Origin) -> Bool {
            lhs === rhs || (lhs.input == rhs.input && lhs.original == rhs.original && lhs.locale == rhs.locale)
        }
    }

    /// The catalog or `.strings` key; nil when the id could not be read as one.
    public var key: String?
    /// The project file the value goes to (project-relative); nil when refused before one was known.
    public var targetPath: String?
    /// The `state` attribute of the `<target>`, as written.
    public var xliffState: String? {
        get { codedXLIFFState?.text }
        set { codedXLIFFState = newValue.map(CodedText.init) }
    }
    /// The value and state the project had before (nil when it had none; `.strings` have no state).
    public var oldValue: String?
    public var oldState: String? {
        get { codedOldState?.text }
        set { codedOldState = newValue.map(CodedText.init) }
    }
    /// The value and state the project has after (for `applied` and `unchanged`).
    public var newValue: String?
    public var newState: String? {
        get { codedNewState?.text }
        set { codedNewState = newValue.map(CodedText.init) }
    }
    /// Why it was refused, or warnings about an applied value.
    public var message: String? {
        get { rare?.message }
        set { setRare(message: newValue, sourceEdit: sourceEdit) }
    }
    /// The ids of the `ImportPolicy` rules that triggered on the unit, in order: the last one
    /// decided it, the others rewrote its value or warned.
    public var rules: [String]
    /// For an applied copy edit of a development-language text (`import --source-edits`): the
    /// translations of it that now need a translator's look; nil for every other unit.
    public var sourceEdit: SourceEdit? {
        get { rare?.sourceEdit }
        set { setRare(message: message, sourceEdit: newValue) }
    }

    /// An import keeps an outcome per unit until its report is printed (292,117 of them on the
    /// bench project): the three states are kept as codes, the message and source edit, which
    /// most units lack, in one box, and the names the units of a `<file>` share in another
    /// (`Origin`), which makes an outcome 160 bytes instead of 256.
    private var origin: Origin
    private var codedXLIFFState: CodedText<StateTexts>?
    private var codedOldState: CodedText<StateTexts>?
    private var codedNewState: CodedText<StateTexts>?
    private var rare: Rare?

    /// Sets `newState` to a catalog state (nil: none) by its code: spelled out and looked up
    /// again in `StateTexts`, each state cost an outcome a string and a search, twice a unit.
    package mutating func setNewState(_ state: StringUnitState?) {
        codedNewState = state.map(Self.coded)
    }

    /// Sets `oldState` as `setNewState` sets `newState`.
    package mutating func setOldState(_ state: StringUnitState?) {
        codedOldState = state.map(Self.coded)
    }

    /// Each state of `StringUnitState.vocabulary` coded in `StateTexts`, in that order.
    private static let catalogStateCodes: [CodedText<StateTexts>] = StringUnitState.vocabulary.map { CodedText($0.rawValue) }

    private static func coded(_ state: StringUnitState) -> CodedText<StateTexts> {
        if let index = state.vocabularyIndex { return catalogStateCodes[index] }
        return CodedText(state.rawValue)
    }

    /// The states of XLIFF 1.2 and of String Catalogs.
    enum StateTexts: TextVocabulary {
        static let texts = ["translated", "needs-review-translation", "new", "final", "signed-off", "needs-translation",
                            "needs-l10n", "needs-adaptation", "needs-review-l10n", "needs-review-adaptation",
                            "needs_review", "stale", "machine_translated"]
    }

    /// Never made empty (`setRare`), so the outcome's synthesized equality is its fields'.
    private final class Rare: Equatable, Sendable {
        let message: String?
        let sourceEdit: SourceEdit?

        init(message: String?, sourceEdit: SourceEdit?) {
            self.message = message
            self.sourceEdit = sourceEdit
        }

        static func == (lhs: Rare, rhs: Rare) -> Bool { lhs.message == rhs.message && lhs.sourceEdit == rhs.sourceEdit }
    }

    private mutating func setRare(message: String?, sourceEdit: SourceEdit?) {
        rare = message == nil && sourceEdit == nil ? nil : Rare(message: message, sourceEdit: sourceEdit)
    }

    /// The translations a changed source text puts up for review: in a catalog their state
    /// becomes `needs_review`; a `.strings` table has no state, so they are listed to re-check.
    public struct SourceEdit: Sendable, Equatable {
        public var translations: [ReviewedTranslation]

        public init(translations: [ReviewedTranslation] = []) {
            self.translations = translations
        }

        /// Translations whose state was set to `needs_review`.
        public var setToNeedsReview: [ReviewedTranslation] { translations.filter { $0.newState != nil } }
        /// Translations in files without states, to re-check by hand.
        public var toRecheck: [ReviewedTranslation] { translations.filter { $0.newState == nil } }
    }

    /// One translation of a changed source text.
    public struct ReviewedTranslation: Sendable, Equatable {
        /// The catalog or the locale's `.strings` file (project-relative).
        public var path: String
        public var locale: String
        /// The XLIFF id of the translated unit (`KEY|==|plural.one` for a variation).
        public var id: String
        public var value: String
        /// The catalog state before and after; both nil for a `.strings` value (re-check by hand).
        public var oldState: String?
        public var newState: String?

        public init(path: String, locale: String, id: String, value: String, oldState: String? = nil, newState: String? = nil) {
            self.path = path
            self.locale = locale
            self.id = id
            self.value = value
            self.oldState = oldState
            self.newState = newState
        }
    }

    /// The rule that decided the unit (`apply`, `unchanged`, or the reason it was skipped or refused).
    public var rule: String? { rules.last }

    /// An outcome of `status` for a unit of the `<file>` `origin` describes, nothing else known
    /// yet: the importer makes one `Origin` per file and its outcomes share it.
    package init(status: Status, origin: Origin, location: SourceLocation?, id: String) {
        self.status = status
        reason = nil
        createsEntry = false
        self.origin = origin
        self.location = location
        self.id = id
        key = nil
        targetPath = nil
        oldValue = nil
        newValue = nil
        rules = []
        codedXLIFFState = nil
        codedOldState = nil
        codedNewState = nil
        rare = nil
    }

    public init(status: Status, reason: Reason? = nil, input: String, location: SourceLocation?, original: String, id: String,
                locale: String, key: String? = nil, targetPath: String? = nil, xliffState: String? = nil,
                oldValue: String? = nil, oldState: String? = nil, newValue: String? = nil, newState: String? = nil,
                createsEntry: Bool = false, message: String? = nil, rules: [String] = []) {
        self.init(status: status, origin: Origin(input: input, original: original, locale: locale), location: location, id: id)
        self.reason = reason
        self.key = key
        self.targetPath = targetPath
        self.oldValue = oldValue
        self.newValue = newValue
        self.createsEntry = createsEntry
        self.rules = rules
        codedXLIFFState = xliffState.map(CodedText.init)
        codedOldState = oldState.map(CodedText.init)
        codedNewState = newState.map(CodedText.init)
        rare = message.map { Rare(message: $0, sourceEdit: nil) }
    }
}

/// Counts over every unit of an import.
public struct ImportTotals: Sendable, Equatable {
    public var read = 0
    public var applied = 0
    public var unchanged = 0
    public var skipped = 0
    public var refused = 0
    public var skippedByReason: [ImportUnitOutcome.Reason: Int] = [:]
    public var refusedByReason: [ImportUnitOutcome.Reason: Int] = [:]

    public init(_ outcomes: [ImportUnitOutcome]) {
        for outcome in outcomes {
            read += 1
            switch outcome.status {
            case .applied: applied += 1
            case .unchanged: unchanged += 1
            case .skipped:
                skipped += 1
                if let reason = outcome.reason { skippedByReason[reason, default: 0] += 1 }
            case .refused:
                refused += 1
                if let reason = outcome.reason { refusedByReason[reason, default: 0] += 1 }
            }
        }
    }
}

/// One project file an import writes.
public struct ImportFileChange: Sendable, Equatable {
    /// Project-relative path.
    public var path: String
    public var url: URL
    /// The complete new bytes.
    public var data: Data
    /// Whether the file does not exist yet (a new `<locale>.lproj/*.strings`, or the app's editor catalog).
    public var isNew: Bool
    /// Units applied to it.
    public var appliedUnits: Int
    /// Keys created in it (SDK keys copied with the SDK's localizations).
    public var createdEntries: Int
    /// What the file must still be when it is replaced (as discovery read it, or absent).
    public var expected: FileTransaction.Expected = .unchecked
    /// What the report must say about the write (a file re-laid out that loses its comments).
    public var note: String? = nil
}

/// A file-level problem: the import writes nothing at all and exits 2.
public typealias ImportFileError = FormatError<ImportFileErrorKind>

/// Why a `<file>` of an XLIFF input cannot be imported.
public enum ImportFileErrorKind: LocatedErrorKind {
    /// `<file>` has no `target-language` (Xcode skips such a file silently).
    case missingTargetLanguage
    /// `target-language` is not a valid locale id (a path, control characters, an unknown
    /// language): it would become a folder name or a catalog key.
    case invalidTargetLanguage
    /// `original` is absolute or leads out of the project folder. Not a file error of a plan:
    /// its units are refused as `read-only-file`.
    case outsideRoot
    /// `original` names no catalog, table or file of the project.
    case unknownFile
    /// `original` names the SDK's catalog or a file in a vendor folder. Not a file error of a
    /// plan: its units are refused as `read-only-file`.
    case readOnlyFile
    /// `original` names a storyboard or XIB of the project that cannot be read (malformed XML).
    case unreadableFile
    /// `source-language` differs from the catalog's source language.
    case sourceLanguageMismatch
    /// `target-language` is the source language (the development-language file Xcode exports
    /// for copy editors): imported only with `--source-edits`, which applies the edited sources.
    case targetIsSourceLanguage

    public static let format = "XLIFF import"
}

/// Thrown by `XLIFFImporter.plan` when some `<file>` cannot be imported at all; lists every such problem.
public struct ImportFailure: Error, CustomStringConvertible, Sendable {
    public var errors: [ImportFileError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
