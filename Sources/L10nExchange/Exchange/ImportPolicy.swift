import L10nCore
import L10nFormats
import L10nLocale
import L10nXLIFF
import L10nProject

/// What the import rules see of one returned `<trans-unit>`: its source, target and state, the
/// project's unit it answers and what the run knows so far. A value: the rules read nothing else, so deciding a
/// unit does no I/O. Rules that rewrite the value or add a warning change it for the later ones.
///
/// Never copied (`~Copyable`): the rules take it `inout` and the session reads it in place. A
/// copyable candidate was copied once per unit on the way (a reference per field), and
/// destroyed twice.
struct ImportCandidate: ~Copyable {
    /// The returned unit's `<source>`, `<target>` and the target's `state`: all the rules read
    /// of it (the unit itself would be a copy of its every field).
    let source: String
    let target: String?
    private let targetState: XLIFFTargetState?
    /// Which of the two holds an inline code whose text the file does not give.
    let unknownInlineCode: XLIFFUnknownInlineCode?
    /// A segment of the target (`<mrk mtype="seg">`) is empty.
    let hasEmptySegment: Bool
    var locale: String
    /// Why l10n does not import the unit (an intent definition's, a development-language text it cannot write), when it does not.
    var unsupported: String?
    /// Why the unit's file is one l10n never writes, when it is.
    var readOnly: String?
    /// `translate="no"` in the file or `shouldTranslate: false` in the catalog.
    var doNotTranslate: Bool
    /// An earlier unit of the run had the same file, locale and id.
    var isDuplicate = false
    /// The project's unit the returned one answers; nil when the id is unknown (`unknownID` says why).
    var expected: ExchangeUnit?
    var unknownID = ""
    /// False for `.strings` tables, whose values have no state.
    var hasStates: Bool
    /// The unit is a copy edit of a development-language text (`import --source-edits`): its
    /// target is the edited source, `expected` the current source as its own translation.
    var isSourceEdit = false
    /// For a plural case: the integers below 100 each plural category covers in the target
    /// locale (nil elsewhere, or when ICU has no rules for it).
    var pluralIntegers: [PluralCategory: [Int]]?
    /// The expected unit's source parsed, when the session already had it (a source is parsed
    /// once per run, not once per locale); nil means parse it when needed.
    var sourceFormat: FormatString?
    /// `FormatString.plainSpecifiers(in:)` of the expected unit's source, when the session had
    /// it with the parse; nil means work it out when needed.
    var sourcePlainSpecifiers: [Substring]??
    /// The value to write as the rules have it so far: the target in catalog form, after rewrites.
    package var value = ""
    /// Remarks of the rules that triggered without deciding, as `kind (rule): text`.
    var remarks: [String] = []
    /// The ids of the rules that triggered, in order; the last one decided.
    var rules: [String] = []

    /// The target's state, none without a target.
    var state: XLIFFTargetState? { target == nil ? nil : targetState }

    /// Whether the project has the unit. The rules read `expected` in place through this and
    /// optional chaining: binding it copies every field of the unit, once per rule and unit.
    var knowsUnit: Bool {
        if case .none = expected { return false }
        return true
    }

    private var mismatchesOfValue: (value: String, mismatches: [FormatMismatch])?
    /// The last value `mismatches` found to read the source's arguments the same way, by its
    /// plain specifiers: then it reads every argument the source reads.
    private var valueReadingLikeSource: String?
    /// The last value parsed with the expected unit's target substitution: the `unchanged` rule
    /// and the placeholder rules read the same value.
    private var parsedValue: FormatString?

    init(unit: borrowing TransUnit, locale: String, unsupported: String? = nil, doNotTranslate: Bool, hasStates: Bool) {
        source = unit.source
        target = unit.target
        targetState = unit.targetState
        unknownInlineCode = unit.unknownInlineCode
        hasEmptySegment = unit.hasEmptySegment
        self.locale = locale
        self.unsupported = unsupported
        self.doNotTranslate = doNotTranslate
        self.hasStates = hasStates
    }

    /// The candidate of the unit at `unit`, read in place (a catalog unit is judged where its document holds it).
    init(unit: UnsafePointer<TransUnit>, locale: String, doNotTranslate: Bool, hasStates: Bool) {
        source = unit.pointee.source
        target = unit.pointee.target
        targetState = unit.pointee.targetState
        unknownInlineCode = unit.pointee.unknownInlineCode
        hasEmptySegment = unit.pointee.hasEmptySegment
        self.locale = locale
        unsupported = nil
        self.doNotTranslate = doNotTranslate
        self.hasStates = hasStates
    }

    /// The format problems of `value` against the expected unit's source, computed once per value.
    mutating func mismatches(of value: String? = nil) -> [FormatMismatch] {
        let value = value ?? self.value
        if let known = mismatchesOfValue, known.value == value { return known.mismatches }
        guard let sourceValue = expected?.sourceValue else { return [] }
        let found: [FormatMismatch]
        if let form = expected?.variableForm {
            // A `.stringsdict` variable's form, judged as the check judges it.
            let source = FormatString(form.source)
            found = source.specifiers.isEmpty ? []
                : FormatString.translationMismatches(source: source, sourceSubstitution: nil, translation: FormatString(form.positioned(value)),
                                                     isPluralCase: expected!.isPluralCase)
        } else if !ImportPolicy.hasPercent(sourceValue) {
            found = []
        } else if parsedSourceHasNoIssues(),
                  let plain = sourcePlainSpecifiers ?? FormatString.plainSpecifiers(in: sourceValue, readingSubstitution: expected!.sourceSubstitution != nil),
                  FormatString.readsLikePlainSource(value, plain, translationSubstitution: expected!.targetSubstitution,
                                                    sourceSubstitution: expected!.sourceSubstitution) {
            // The common case, settled without parsing the value: plain specifiers that read the
            // same arguments the same way (positional ones in any order), and a source without
            // issues then leaves the value none either.
            found = []
            valueReadingLikeSource = value
        } else {
            found = ImportPolicy.placeholderMismatches(value, expected!, source: parsedSource(), translation: format(of: value))
        }
        mismatchesOfValue = (value, found)
        return found
    }

    /// Whether `value` was found by `mismatches` to read the source's arguments the same way
    /// (its plain specifiers, positions given): then it reads every argument the source reads.
    func readsLikeSource(_ value: String) -> Bool {
        valueReadingLikeSource == value
    }

    /// The expected unit's source parsed with its substitution: the session's parse when it had
    /// one, else parsed here once for the rules that read it.
    mutating func parsedSource() -> FormatString? {
        parseSource()
        return sourceFormat
    }

    /// Parses the expected unit's source into `sourceFormat` unless it is there (or there is
    /// none): the rules that ask one thing of the parse read it there, in place (a returned
    /// copy retained and released each of its lists).
    private mutating func parseSource() {
        guard case .none = sourceFormat, let sourceValue = expected?.sourceValue else { return }
        sourceFormat = FormatString(sourceValue, substitution: expected!.sourceSubstitution)
    }

    /// `parsedSource()?.issues.isEmpty == true`, read in place.
    mutating func parsedSourceHasNoIssues() -> Bool {
        parseSource()
        return sourceFormat?.issues.isEmpty == true
    }

    /// `parsedSource()?.specifiers.isEmpty == true`, read in place.
    mutating func parsedSourceHasNoSpecifiers() -> Bool {
        parseSource()
        return sourceFormat?.specifiers.isEmpty == true
    }

    /// `value` parsed with the expected unit's target substitution, remembered for the next rule.
    mutating func format(of value: String) -> FormatString {
        if let known = parsedValue, known.text == value { return known }
        let parsed = FormatString(value, substitution: expected?.targetSubstitution)
        parsedValue = parsed
        return parsed
    }
}

/// How one unit ends.
enum ImportVerdict: Equatable {
    case skipped(ImportUnitOutcome.Reason)
    case refused(ImportUnitOutcome.Reason, String)
    /// The project already holds the value (`value`) in its state.
    case unchanged(String)
    /// Write `value` with this state (a `.strings` value keeps only the value).
    case applied(String, StringUnitState)
}

extension Optional where Wrapped == ImportVerdict? {
    /// What a rule returns when it triggered without deciding (it rewrote the value or warned):
    /// the later rules run. nil means it did not trigger; `.some(verdict)` ends the unit.
    static var proceed: Self { .some(nil) }
}

/// One unit-level import rule: an id (the verdict's rule name and, for a skip or refusal, its
/// reason), what it does, a one-line summary, and examples that are its executable spec. The
/// rules run in `ImportPolicy.rules` order; the first that decides ends the unit.
public struct ImportRule: Sendable {
    /// What the rule does to a unit it triggers on.
    public enum Effect: String, Sendable {
        /// Leaves the unit alone (not counted as a problem).
        case skip
        /// Does not apply it; the run exits 1.
        case refuse
        /// The project already has it: nothing to write.
        case unchanged
        /// Changes the value to write and says so; later rules still run.
        case rewrite
        /// Adds a warning; later rules still run, and the unit is applied unless one refuses it.
        case warn
        /// Writes the value.
        case apply
    }

    public let id: String
    public let effect: Effect
    public let summary: String
    /// Units the rule must trigger on (the last unit of each example).
    public let triggeringExamples: [ImportRuleExample]
    /// Units it must not trigger on.
    public let nonTriggeringExamples: [ImportRuleExample]
    /// nil when the rule does not trigger; else the verdict that ends the unit, or `.proceed`.
    let evaluate: Evaluation

    typealias Evaluation = @Sendable (inout ImportCandidate) -> ImportVerdict??
}

/// A returned unit that shows a rule at work: a small app (`CheckExample.app`) and the
/// `<trans-unit>`s of one `<file>` for it; the rule is judged on the last unit.
public struct ImportRuleExample: Sendable {
    public var title: String
    public var project: CheckExample
    /// The `<file original>`; the app's `Localizable` catalog unless said otherwise.
    public var original: String
    public var locale: String
    public var units: [TransUnit]
    /// Imported with `--source-edits` (a development-language file of copy edits).
    public var sourceEdits = false

    /// A unit returned for the app's `App/Localizable.xcstrings` with these entries (see `ExampleEntries`).
    public static func unit(_ title: String, _ entries: ExampleEntries, _ units: TransUnit..., locale: String = "de",
                            original: String = "App/Localizable.xcstrings", more: [String: ExampleFile] = [:]) -> ImportRuleExample {
        ImportRuleExample(title: title, project: .app(title, declared: ["en", locale], localizable: entries, more: more),
                          original: original, locale: locale, units: units)
    }

    /// A copy edit of the development language (`en`), imported with `--source-edits`.
    public static func sourceEdit(_ title: String, _ entries: ExampleEntries, _ units: TransUnit...) -> ImportRuleExample {
        var example = ImportRuleExample(title: title, project: .app(title, declared: ["en", "de"], localizable: entries),
                                        original: "App/Localizable.xcstrings", locale: "en", units: units)
        example.sourceEdits = true
        return example
    }
}

/// Every unit-level import rule, in the order they run. File-level problems (a `<file>` without a
/// valid target language, of another source language, naming no file of the project) stop the
/// whole import before any unit is decided (`XLIFFImporter`).
public enum ImportPolicy {
    public static let rules: [ImportRule] = [
        ImportRule(
            id: "do-not-translate", effect: .skip,
            summary: "`translate=\"no\"` in the file, or `shouldTranslate: false` in the catalog",
            triggeringExamples: [.unit("translate=\"no\" with a target", ["Brand": ["en": "Brand"]],
                                       TransUnit(id: "Brand", translate: false, source: "Brand", target: "Marke", targetState: .translated))],
            nonTriggeringExamples: [.unit("A unit to translate", ["Brand": ["en": "Brand"]],
                                          TransUnit(id: "Brand", source: "Brand", target: "Marke", targetState: .translated))],
            evaluate: Evaluations.doNotTranslate),
        ImportRule(
            id: "read-only-file", effect: .refuse,
            summary: "the unit's file is one l10n never writes: a vendor folder's (`Pods`, `Vendor`...), the SDK's catalog, a read-only layer, a file outside the project folder (Xcode exports packages beside the project as `../Package/...`); the other files of the import are imported",
            triggeringExamples: [
                .unit("A vendor's table", [:], TransUnit(id: "Done", source: "Done", target: "Fertig"),
                      original: "Pods/Kit/en.lproj/Localizable.strings",
                      more: ["Pods/Kit/en.lproj/Localizable.strings": .text("\"Done\" = \"Done\";\n")]),
                .unit("A package beside the project", [:], TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated),
                      original: "../Package/Sources/Package/Resources/Localizable.xcstrings"),
            ],
            nonTriggeringExamples: [.unit("The app's own table", [:], TransUnit(id: "Done", source: "Done", target: "Fertig"),
                                          original: "App/en.lproj/Localizable.strings",
                                          more: ["App/en.lproj/Localizable.strings": .text("\"Done\" = \"Done\";\n")])],
            evaluate: Evaluations.readOnlyFile),
        ImportRule(
            id: "unsupported-file", effect: .refuse,
            summary: "an edited development-language text of an intent definition, or of a storyboard or XIB where it is no attribute l10n can rewrite (multi-line text, segment and cell titles): edited in Xcode's intent editor or Interface Builder",
            triggeringExamples: [{
                var example = ImportRuleExample.unit("A storyboard's multi-line development-language text, edited", [:],
                                                     TransUnit(id: "abc-12-XYZ.text", source: "Run\nnow", target: "Go\nnow", targetState: .translated),
                                                     locale: "en", original: "App/Base.lproj/Main.storyboard",
                                                     more: ["App/Base.lproj/Main.storyboard": .text(
                                                         "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes><scene><objects>"
                                                             + "<label id=\"abc-12-XYZ\"><string key=\"text\">Run\nnow</string></label></objects></scene></scenes></document>\n")])
                example.sourceEdits = true
                return example
            }(), {
                var example = ImportRuleExample.unit("An intent definition's development-language text, edited", [:],
                                                     TransUnit(id: "gpCwrM", source: "Configuration", target: "Settings", targetState: .translated),
                                                     locale: "en", original: "App/Base.lproj/Intents.intentdefinition",
                                                     more: ["App/Base.lproj/Intents.intentdefinition": .text(
                                                         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>INIntents</key>\n\t<array>\n\t\t<dict>\n"
                                                             + "\t\t\t<key>INIntentTitle</key>\n\t\t\t<string>Configuration</string>\n"
                                                             + "\t\t\t<key>INIntentTitleID</key>\n\t\t\t<string>gpCwrM</string>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n")])
                example.sourceEdits = true
                return example
            }()],
            nonTriggeringExamples: [
                {
                    var example = ImportRuleExample.unit("A storyboard's development-language text in an attribute, edited (written into the storyboard)", [:],
                                                         TransUnit(id: "abc-12-XYZ.text", source: "Run", target: "Go", targetState: .translated),
                                                         locale: "en", original: "App/Base.lproj/Main.storyboard",
                                                         more: ["App/Base.lproj/Main.storyboard": .text(
                                                             "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes><scene><objects>"
                                                                 + "<label text=\"Run\" id=\"abc-12-XYZ\"/></objects></scene></scenes></document>\n")])
                    example.sourceEdits = true
                    return example
                }(),
                .unit("A String Catalog unit", ["Done": ["en": "Done"]],
                      TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated)),
                .unit("A .stringsdict unit", [:],
                      TransUnit(id: "/files:dict/NSStringLocalizedFormatKey:dict/:string", source: "%#@n@", target: "%#@n@"),
                      original: "App/en.lproj/Localizable.stringsdict",
                      more: ["App/en.lproj/Localizable.stringsdict": .text(
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>files</key>\n\t<dict>\n"
                              + "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@n@</string>\n\t</dict>\n</dict>\n</plist>\n")]),
                .unit("A storyboard unit", [:],
                      TransUnit(id: "abc-12-XYZ.text", source: "Run", target: "Los", targetState: .translated),
                      original: "App/Base.lproj/Main.storyboard",
                      more: ["App/Base.lproj/Main.storyboard": .text(
                          "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes><scene><objects>"
                              + "<label text=\"Run\" id=\"abc-12-XYZ\"/></objects></scene></scenes></document>\n")]),
                .unit("An intent definition unit", [:],
                      TransUnit(id: "gpCwrM", source: "Configuration", target: "Konfiguration", targetState: .translated),
                      original: "App/Base.lproj/Intents.intentdefinition",
                      more: ["App/Base.lproj/Intents.intentdefinition": .text(
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>INIntents</key>\n\t<array>\n\t\t<dict>\n"
                              + "\t\t\t<key>INIntentTitle</key>\n\t\t\t<string>Configuration</string>\n"
                              + "\t\t\t<key>INIntentTitleID</key>\n\t\t\t<string>gpCwrM</string>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n")]),
            ],
            evaluate: Evaluations.unsupportedFile),
        ImportRule(
            id: "duplicate-id", effect: .refuse,
            summary: "the same file, locale and id earlier in the same run (the first one is used)",
            triggeringExamples: [.unit("The id twice", ["Done": ["en": "Done"]],
                                       TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated),
                                       TransUnit(id: "Done", source: "Done", target: "Erledigt", targetState: .translated))],
            nonTriggeringExamples: [.unit("Two ids", ["Done": ["en": "Done"], "Open": ["en": "Open"]],
                                          TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated),
                                          TransUnit(id: "Open", source: "Open", target: "Öffnen", targetState: .translated))],
            evaluate: Evaluations.duplicateID),
        ImportRule(
            id: "unknown-id", effect: .refuse,
            summary: "a key or variation the project does not have (nor the SDK), or a plural case the locale does not use; a translator's device or plural variation of a string its source does not vary is no unknown id: it replaces the locale's plain value, as Xcode imports it",
            triggeringExamples: [
                .unit("No such key", ["Done": ["en": "Done"]], TransUnit(id: "Finish", source: "Finish", target: "Beenden", targetState: .translated)),
                .unit("German has no 'few'", ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files"]],
                      TransUnit(id: "%lld files|==|plural.few", source: "%lld files", target: "%lld Dateien", targetState: .translated)),
            ],
            nonTriggeringExamples: [.unit("A known key", ["Done": ["en": "Done"]],
                                          TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated))],
            evaluate: Evaluations.unknownID),
        ImportRule(
            id: "not-translated", effect: .skip,
            summary: "a state that says the translator has not finished: `new`, `needs-translation`, `needs-l10n`, `needs-adaptation`; or an empty segment (`<mrk mtype=\"seg\"/>`) in the target",
            triggeringExamples: [.unit("state new", ["Done": ["en": "Done"]],
                                       TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .new)),
                                 .unit("The second sentence's segment is empty", ["saved": ["en": "Saved. Share it now?"]],
                                       TransUnit(id: "saved", source: "Saved. Share it now?", target: "Gespeichert. ", targetState: .translated, hasEmptySegment: true))],
            nonTriggeringExamples: [.unit("No state counts as translated", ["Done": ["en": "Done"]],
                                          TransUnit(id: "Done", source: "Done", target: "Fertig"))],
            evaluate: Evaluations.notTranslated),
        ImportRule(
            id: "unknown-state", effect: .refuse,
            summary: "a state outside XLIFF 1.2 (`x-...`): not trusted as finished",
            triggeringExamples: [.unit("x-pending", ["Done": ["en": "Done"]],
                                       TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .custom("x-pending")))],
            nonTriggeringExamples: [.unit("signed-off", ["Done": ["en": "Done"]],
                                          TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .signedOff))],
            evaluate: Evaluations.unknownState),
        ImportRule(
            id: "no-target", effect: .skip,
            summary: "no `<target>`, or an empty one (also one holding only inline elements or whitespace) for a source that is not; or one holding only the source's placeholders (`%@`, `<ph>%@</ph>`: a tool's copy of the source's codes) for a source with words (`Delete %@?`), unless marked `final` or `signed-off`",
            triggeringExamples: [
                .unit("No target", ["Done": ["en": "Done"]], TransUnit(id: "Done", source: "Done")),
                .unit("An empty target", ["Done": ["en": "Done"]], TransUnit(id: "Done", source: "Done", target: "", targetState: .translated)),
                .unit("A space for a target", ["Done": ["en": "Done", "de": "Fertig"]], TransUnit(id: "Done", source: "Done", target: " ", targetState: .translated)),
                .unit("An empty target for a space", [" ": ["en": " ", "de": " "]], TransUnit(id: " ", source: " ", target: "", targetState: .translated)),
                .unit("Only the source's placeholder, as a CAT tool copies the source's codes into an untranslated target",
                      ["Delete %@?": ["en": "Delete %@?", "de": "%@ löschen?"]],
                      TransUnit(id: "Delete %@?", source: "Delete %@?", target: "%@", targetState: .translated)),
            ],
            nonTriggeringExamples: [.unit("A target", ["Done": ["en": "Done"]],
                                          TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated)),
                                    .unit("A space for a space", [" ": ["en": " "]],
                                          TransUnit(id: " ", source: " ", target: " ", targetState: .translated)),
                                    .unit("Placeholders for a source of placeholders only", ["%@ %@": ["en": "%@ %@"]],
                                          TransUnit(id: "%@ %@", source: "%1$@ %2$@", target: "%2$@ %1$@", targetState: .translated)),
                                    .unit("Placeholders and words", ["Delete %@?": ["en": "Delete %@?"]],
                                          TransUnit(id: "Delete %@?", source: "Delete %@?", target: "%@ löschen?", targetState: .translated))],
            evaluate: Evaluations.noTarget),
        ImportRule(
            id: "inline-code", effect: .refuse,
            summary: "an empty inline code (`<x id=\"1\"/>`, `<ph/>`...) without `equiv-text` in the source or the target, and none of its id in the source: the text it stands for is not in the file",
            triggeringExamples: [
                .unit("<x id=\"1\"/> in the target", ["Delete %@": ["en": "Delete %@"]],
                      TransUnit(id: "Delete %@", source: "Delete %@", target: "Supprimer ", targetState: .translated, unknownInlineCode: .target)),
                .unit("<x id=\"1\"/> in the source", ["Delete %@": ["en": "Delete %@"]],
                      TransUnit(id: "Delete %@", source: "Delete ", target: "Supprimer ", targetState: .translated, unknownInlineCode: .source)),
            ],
            nonTriggeringExamples: [.unit("<x equiv-text=\"%@\"/>, read as %@", ["Delete %@": ["en": "Delete %@"]],
                                          TransUnit(id: "Delete %@", source: "Delete %@", target: "Supprimer %@", targetState: .translated))],
            evaluate: Evaluations.inlineCode),
        ImportRule(
            id: "percent-text", effect: .rewrite,
            summary: "a source without arguments is not a format string; `%N$ ` in its translation, a tool's positional rewrite of a `%` that is text, is written back as `% ` (not when the source writes `%N$ ` itself)",
            triggeringExamples: [.unit("50 %1$ und", ["damage": ["en": "Inflicts damage between 50% and 150% of the base value"]],
                                       TransUnit(id: "damage", source: "Inflicts damage between 50% and 150% of the base value",
                                                 target: "Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu", targetState: .translated))],
            nonTriggeringExamples: [
                .unit("%-S is text too, and left as written", ["snap": ["en": "Snap to 25% Steps"]],
                      TransUnit(id: "snap", source: "Snap to 25% Steps", target: "In 25 %-Schritten einrasten", targetState: .translated)),
                .unit("A source with an argument is formatted", ["Save 30%% for %@": ["en": "Save 30%% for %@"]],
                      TransUnit(id: "Save 30%% for %@", source: "Save 30%% for %@", target: "Spare 30 %% für %1$@", targetState: .translated)),
                .unit("The source writes `%1$ ` itself (cliqz-ios), so the translation's is no tool's rewrite",
                      ["blocked": ["en": "Blocked access to %1$ because it is phishing"]],
                      TransUnit(id: "blocked", source: "Blocked access to %1$ because it is phishing",
                                target: "Zugang zu %1$ gesperrt, weil es Phishing ist", targetState: .translated)),
            ],
            evaluate: Evaluations.percentText),
        ImportRule(
            id: "unchanged", effect: .unchanged,
            summary: "the project already has this value (also in positional form) in this state, or in the state the export wrote for it: re-importing writes nothing",
            triggeringExamples: [.unit("The same value and state", ["Done": ["en": "Done", "de": "Fertig"]],
                                       TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated))],
            nonTriggeringExamples: [.unit("A new value", ["Done": ["en": "Done", "de": "Fertig"]],
                                          TransUnit(id: "Done", source: "Done", target: "Erledigt", targetState: .translated))],
            evaluate: Evaluations.unchanged),
        ImportRule(
            id: "stale-source", effect: .refuse,
            summary: "`<source>` is not the project's current source text (its positional form counts as equal)",
            triggeringExamples: [.unit("The source changed", ["greeting": ["en": "Hello"]],
                                       TransUnit(id: "greeting", source: "Hi", target: "Servus", targetState: .translated))],
            nonTriggeringExamples: [.unit("Xcode's positional form of the source", ["%@ / %@": ["en": "%@ / %@"]],
                                          TransUnit(id: "%@ / %@", source: "%1$@ / %2$@", target: "%1$@ / %2$@", targetState: .translated))],
            evaluate: Evaluations.staleSource),
        ImportRule(
            id: "source-placeholders", effect: .refuse,
            summary: "a copy edit of a development-language text (`--source-edits`) that changes the arguments every translation reads: drops or adds one, changes a type; reordering words is fine",
            triggeringExamples: [
                .sourceEdit("The edit drops %@", ["Shared by %@": ["en": "Shared by %@", "de": "Geteilt von %@"]],
                            TransUnit(id: "Shared by %@", source: "Shared by %@", target: "Shared by a friend", targetState: .translated)),
                .sourceEdit("%lld became %@", ["%lld photos": ["en": "%lld photos"]],
                            TransUnit(id: "%lld photos", source: "%lld photos", target: "%@ photos", targetState: .translated)),
            ],
            nonTriggeringExamples: [
                .sourceEdit("Words reordered, the argument kept", ["Shared by %@": ["en": "Shared by %@", "de": "Geteilt von %@"]],
                            TransUnit(id: "Shared by %@", source: "Shared by %@", target: "%@ shared this", targetState: .translated)),
                .sourceEdit("Xcode's positional form, arguments swapped", ["%@ by %@": ["en": "%@ by %@"]],
                            TransUnit(id: "%@ by %@", source: "%1$@ by %2$@", target: "By %2$@: %1$@", targetState: .translated)),
                .sourceEdit("The one form states its count in words", ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files"]],
                            TransUnit(id: "%lld files|==|plural.one", source: "%lld file", target: "One file", targetState: .translated)),
            ],
            evaluate: Evaluations.sourcePlaceholders),
        ImportRule(
            id: "placeholder-mismatch", effect: .refuse,
            summary: "what `String(format:)` would misread or crash on: an argument read as another type, one the source does not pass, lost substitutions, mixed positions the source does not share; a text naming a substitution (`%#@arg1@`) that the locale does not define when the file brings none of that substitution's forms (written alone, the localization would not build)",
            triggeringExamples: [
                .unit("%@ became %lld", ["By %@": ["en": "By %@"]], TransUnit(id: "By %@", source: "By %@", target: "Von %lld", targetState: .translated)),
                .unit("An argument the source does not pass", ["Hello, %@!": ["en": "Hello, %@!"]],
                      TransUnit(id: "Hello, %@!", source: "Hello, %@!", target: "Hallo, %1$@ und %2$@!", targetState: .translated)),
                .unit("French typography: '100 % sûr' reads '% s', a C string the source does not pass", ["Size: %@": ["en": "Size: %@"]],
                      TransUnit(id: "Size: %@", source: "Size: %@", target: "Taille : %@, 100 % sûre", targetState: .translated)),
            ],
            nonTriggeringExamples: [
                .unit("'% a' and '% u' are text where the source has no argument", ["damage": ["en": "Inflicts damage between 50% and 150% of the base value"]],
                      TransUnit(id: "damage", source: "Inflicts damage between 50% and 150% of the base value",
                                target: "Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu", targetState: .translated)),
                .unit("%-S is text where the source has no argument", ["snap": ["en": "Snap to 25% Steps"]],
                      TransUnit(id: "snap", source: "Snap to 25% Steps", target: "In 25 %-Schritten einrasten", targetState: .translated)),
                .unit("A dropped argument is only a warning", ["Use %@ as menu icon": ["en": "Use %@ as menu icon"]],
                      TransUnit(id: "Use %@ as menu icon", source: "Use %@ as menu icon", target: "Als Menüsymbol verwenden", targetState: .translated)),
                .unit("Reordered with positions", ["%@ by %@": ["en": "%@ by %@"]],
                      TransUnit(id: "%@ by %@", source: "%1$@ by %2$@", target: "von %2$@: %1$@", targetState: .translated)),
            ],
            evaluate: Evaluations.placeholderMismatch),
        ImportRule(
            id: "placeholder-warning", effect: .warn,
            summary: "what the app shows without crashing but not as meant: a dropped argument, an integer of another size (`%d` for `%lld`), a `% ` the source lacks",
            triggeringExamples: [
                .unit("The translation drops %@", ["Use %@ as menu icon": ["en": "Use %@ as menu icon"]],
                      TransUnit(id: "Use %@ as menu icon", source: "Use %@ as menu icon", target: "Als Menüsymbol verwenden", targetState: .translated)),
                .unit("%d for %lld", ["%lld items": ["en": "%lld items"]],
                      TransUnit(id: "%lld items", source: "%lld items", target: "%d Elemente", targetState: .translated)),
            ],
            nonTriggeringExamples: [.unit("The source's argument", ["Use %@ as menu icon": ["en": "Use %@ as menu icon"]],
                                          TransUnit(id: "Use %@ as menu icon", source: "Use %@ as menu icon", target: "%@ als Menüsymbol verwenden", targetState: .translated))],
            evaluate: Evaluations.placeholderWarning),
        ImportRule(
            id: "plural-count", effect: .warn,
            summary: "a plural form drops its count although its category covers several numbers in the locale (Russian `one`: 1, 21, 31, …): they all read as that text",
            triggeringExamples: [.unit("Russian 'one' states no count", ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files"]],
                                       TransUnit(id: "%lld files|==|plural.one", source: "%lld file", target: "Один файл", targetState: .translated),
                                       locale: "ru"),
                                 .unit("Russian 'one' states no count, like the English 'one' it translates (whose 'other' shows it)",
                                       ["%lld files": ["en/plural/one": "One file", "en/plural/other": "%lld files"]],
                                       TransUnit(id: "%lld files|==|plural.one", source: "One file", target: "Один файл", targetState: .translated),
                                       locale: "ru")],
            nonTriggeringExamples: [.unit("German 'one' covers only 1", ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files"]],
                                          TransUnit(id: "%lld files|==|plural.one", source: "%lld file", target: "Eine Datei", targetState: .translated))],
            evaluate: Evaluations.pluralCount),
        ImportRule(
            id: "no-review-state", effect: .warn,
            summary: "a `needs-review-*` target for a `.strings` table, which cannot record that: applied as a plain value",
            triggeringExamples: [.unit("needs-review-l10n into a .strings table", [:],
                                       TransUnit(id: "Greeting", source: "Hello", target: "Hallo", targetState: .needsReviewL10n),
                                       original: "App/en.lproj/Legacy.strings",
                                       more: ["App/en.lproj/Legacy.strings": .text("\"Greeting\" = \"Hello\";\n")])],
            nonTriggeringExamples: [.unit("needs-review-l10n into a catalog", ["Greeting": ["en": "Hello"]],
                                          TransUnit(id: "Greeting", source: "Hello", target: "Hallo", targetState: .needsReviewL10n))],
            evaluate: Evaluations.noReviewState),
        ImportRule(
            id: "apply", effect: .apply,
            summary: "every other unit is written: `translated`, `final`, `signed-off` or no state as `translated`, `needs-review-*` as `needs_review`",
            triggeringExamples: [.unit("final", ["Done": ["en": "Done"]],
                                       TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .final))],
            nonTriggeringExamples: [.unit("new", ["Done": ["en": "Done"]],
                                          TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .new))],
            evaluate: Evaluations.apply),
    ]

    /// The rule with this id.
    public static func rule(id: String) -> ImportRule? { rules.first { $0.id == id } }

    /// `[id]` of each rule, allocated once: the `rules` of every unit one rule decided alone.
    private static let decidedAlone: [[String]] = rules.map { [$0.id] }
    /// Runs the rules in order on a unit until one decides. `apply` decides every unit that gets
    /// that far, so there is always a verdict. The rules' evaluations are called one after the
    /// other, not through the list of rules: a call through each rule's closure cost about 400
    /// instructions a unit (the test target keeps the list walk as this order's oracle).
    static func decide(_ candidate: inout ImportCandidate) -> ImportVerdict {
        if let target = candidate.target, candidate.knowsUnit {
            candidate.value = ImportPolicy.catalogForm(target, substitution: candidate.expected!.targetSubstitution)
        }
        if let verdict = ended(by: 0, Evaluations.doNotTranslate(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 1, Evaluations.readOnlyFile(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 2, Evaluations.unsupportedFile(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 3, Evaluations.duplicateID(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 4, Evaluations.unknownID(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 5, Evaluations.notTranslated(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 6, Evaluations.unknownState(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 7, Evaluations.noTarget(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 8, Evaluations.inlineCode(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 9, Evaluations.percentText(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 10, Evaluations.unchanged(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 11, Evaluations.staleSource(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 12, Evaluations.sourcePlaceholders(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 13, Evaluations.placeholderMismatch(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 14, Evaluations.placeholderWarning(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 15, Evaluations.pluralCount(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 16, Evaluations.noReviewState(&candidate), &candidate) { return verdict }
        if let verdict = ended(by: 17, Evaluations.apply(&candidate), &candidate) { return verdict }
        preconditionFailure("the apply rule decides every unit with a finished state")
    }

    /// Records that the rule at `index` triggered, when it did; the verdict when it decided.
    @inline(__always)
    private static func ended(by index: Int, _ result: ImportVerdict??, _ candidate: inout ImportCandidate) -> ImportVerdict? {
        guard let result else { return nil }
        if candidate.rules.isEmpty, result != nil {
            // Most units are decided by one rule alone: they share its one-element list.
            candidate.rules = decidedAlone[index]
        } else {
            candidate.rules.append(decidedAlone[index][0])
        }
        return result
    }

    /// The format problems of `value` where the unit's source is expected, judged as the
    /// `placeholder-mismatch` check judges them (`FormatString.translationMismatches`).
    static func placeholderMismatches(_ value: String, _ expected: ExchangeUnit, source: FormatString? = nil,
                                      translation: FormatString? = nil) -> [FormatMismatch] {
        // A source without `%` has no specifiers, and then nothing mismatches.
        guard hasPercent(expected.sourceValue) else { return [] }
        return FormatString.translationMismatches(source: source ?? FormatString(expected.sourceValue, substitution: expected.sourceSubstitution),
                                           sourceSubstitution: expected.sourceSubstitution,
                                           translation: translation ?? FormatString(value, substitution: expected.targetSubstitution),
                                           isPluralCase: expected.isPluralCase)
    }

    /// Whether a returned `<source>` is the current source: Xcode's exported form, the catalog's
    /// own text, the same text with other but equivalent specifier numbering, or, for a source
    /// without arguments, the same text with a positional rewrite of its `%` undone.
    static func sourceMatches(_ source: String, _ expected: ExchangeUnit) -> Bool {
        if source == expected.source || source == expected.sourceValue { return true }
        if FormatString(source).isEquivalent(to: FormatString(expected.source)) { return true }
        guard let undone = FormatString.percentTextRewriteUndone(source) else { return false }
        return undone == expected.sourceValue && FormatString(expected.sourceValue).specifiers.isEmpty
    }

    /// For a plural form that leaves out the count its source form reads: the integers below 100
    /// its category covers in the locale, when that is more than one number (nil otherwise, and
    /// for an explicit `zero` form, which Foundation uses for exactly 0).
    /// `source` and `translation`: the expected source and `value` already parsed (with the
    /// source's and the target's substitution), when the caller has them.
    static func countsReadAsText(_ value: String, _ expected: ExchangeUnit, integers: [PluralCategory: [Int]],
                                 source parsedSource: FormatString? = nil, translation: FormatString? = nil) -> [Int]? {
        // A source without `%` reads no argument, so no count; unless it is a form that states
        // it in words ("One file") while its variation's `other` shows it.
        guard expected.isPluralCase, let category = expected.path.pluralCategory, category != .zero else { return nil }
        let source: FormatString
        var translation = translation
        if let form = expected.variableForm {
            // A `.stringsdict` variable's form: its count is the variable's argument.
            source = FormatString(form.source)
            translation = FormatString(form.positioned(value))
        } else if hasPercent(expected.sourceValue) {
            source = parsedSource ?? FormatString(expected.sourceValue, substitution: expected.sourceSubstitution)
        } else if let countSource = expected.countSource {
            source = FormatString(countSource, substitution: expected.sourceSubstitution)
        } else {
            return nil
        }
        let counts = FormatComparisonOptions.pluralCase(of: source, substitution: expected.sourceSubstitution).omittableArguments
            .intersection(source.arguments.keys)
        guard !counts.isEmpty,
              !counts.isSubset(of: (translation ?? FormatString(value, substitution: expected.targetSubstitution)).arguments.keys)
        else { return nil }
        let numbers = integers[category] ?? []
        return numbers.count > 1 ? numbers : nil
    }

    /// The target as the catalog holds it: in a substitution's variation, the specifiers that
    /// read the substitution's argument (`%2$lld`, as exported) become `%arg` again.
    static func catalogForm(_ target: String, substitution: SubstitutionArgument?) -> String {
        guard let substitution, hasPercent(target) else { return target }
        return FormatString.plainArgumentRestored(target, substitution: substitution) ?? parsedCatalogForm(target, substitution: substitution)
    }

    /// `catalogForm` worked out by parsing the target: for texts the byte pass leaves to the parser.
    static func parsedCatalogForm(_ target: String, substitution: SubstitutionArgument) -> String {
        let format = FormatString(target, substitution: substitution)
        let argument = substitution.number ?? 1
        let expectedKind = FormatString.substitutionArgumentKind(substitution.formatSpecifier)
        var result = ""
        for token in format.tokens {
            switch token {
            case .literal(let text): result += text
            case .percentSign: result += "%%"
            case .specifier(let specifier):
                if specifier.argument == argument, specifier.widthArgument == nil, specifier.precisionArgument == nil,
                   specifier.kind == expectedKind, specifier.flags.isEmpty, specifier.width == nil, specifier.precision == nil {
                    result += "%arg"
                } else {
                    result += specifier.text
                }
            }
        }
        return result
    }

    /// Empty or only whitespace (spaces, no-break spaces, line breaks): no text to show.
    static func isBlank(_ text: String) -> Bool {
        // Asked of every target: one that starts with a visible ASCII character is settled by its first byte.
        guard let first = text.utf8.first else { return true }
        if first > 0x20 && first < 0x7F { return false }
        return text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// Whether the text is nothing but format specifiers and whitespace (`%@`, `%1$@ %2$@`):
    /// no word of its own. A substitution reference (`%#@files@`) is words (its forms hold
    /// them), and so is `%%`; a text `FormatString` finds problems in is left to the rules that judge them.
    static func holdsOnlyPlaceholders(_ text: String) -> Bool {
        mayHoldOnlyPlaceholders(text) && holdsOnlyPlaceholdersByParse(text)
    }

    /// What the bytes settle before a parse (asked of every target with a `%`: parsing each cost
    /// 8 % of an import): a specifier has at most three ASCII letters (`lld`) and a blank literal
    /// none, so a text with more letters than three per `%`, or a character past ASCII that is no
    /// whitespace, has a word of its own.
    static func mayHoldOnlyPlaceholders(_ text: String) -> Bool {
        // Before its first specifier such a text holds only whitespace: most are settled here.
        guard let first = text.utf8.first else { return true }
        if first > 0x20, first < 0x80, first != UInt8(ascii: "%") { return false }
        if first >= 0x80, let scalar = text.unicodeScalars.first, !scalar.properties.isWhitespace { return false }
        // Counted without a branch per byte (most such texts start with a `%` and are read to
        // their end): a letter is a byte that `| 0x20` folds into `a`...`z`.
        let (letters, percents, highest) = text.withUTF8Bytes { bytes -> (Int, Int, UInt8) in
            var letters = 0, percents = 0, highest: UInt8 = 0
            for byte in bytes {
                percents &+= byte == UInt8(ascii: "%") ? 1 : 0
                letters &+= (byte | 0x20) &- UInt8(ascii: "a") < 26 ? 1 : 0
                highest |= byte
            }
            return (letters, percents, highest)
        }
        guard letters <= 3 * percents else { return false }
        return highest < 0x80 || text.unicodeScalars.allSatisfy { $0.isASCII || $0.properties.isWhitespace }
    }

    /// `holdsOnlyPlaceholders` by the parse alone, which the byte bound must never contradict.
    static func holdsOnlyPlaceholdersByParse(_ text: String) -> Bool {
        let format = FormatString(text)
        guard format.issues.isEmpty else { return false }
        return format.tokens.allSatisfy { token in
            switch token {
            case .literal(let literal): return isBlank(literal)
            case .percentSign: return false
            case .specifier(let specifier):
                if case .substitution = specifier.conversion { return false }
                return true
            }
        }
    }

    /// Whether the text has a `%`, without which it is one literal to `FormatString`.
    static func hasPercent(_ text: String) -> Bool {
        text.containsASCII(UInt8(ascii: "%"))
    }

}

extension ImportPolicy {
    /// Each rule's `evaluate`, in the order of `rules`: nil when the rule does not trigger, else
    /// the verdict that ends the unit, or `.proceed`.
    enum Evaluations {
        static func doNotTranslate(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            candidate.doNotTranslate ? .skipped(.doNotTranslate) : nil
        }

        static func readOnlyFile(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            candidate.readOnly.map { .refused(.readOnlyFile, $0) }
        }

        static func unsupportedFile(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            candidate.unsupported.map { .refused(.unsupportedFile, $0) }
        }

        static func duplicateID(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            candidate.isDuplicate
                ? .refused(.duplicateID, "the id occurs again for \(candidate.locale) in this run; the first occurrence was used") : nil
        }

        static func unknownID(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            candidate.knowsUnit ? nil : .refused(.unknownID, candidate.unknownID)
        }

        static func notTranslated(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            if candidate.hasEmptySegment, candidate.target != nil {
                candidate.remarks.append("note (not-translated): a segment of the target (<mrk mtype=\"seg\">) is empty: the translator has not finished the unit")
                return .skipped(.notTranslated)
            }
            return ExchangeStates.onImport(candidate.state) == .unfinished ? .skipped(.notTranslated) : nil
        }

        static func unknownState(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard ExchangeStates.onImport(candidate.state) == .unknown else { return nil }
            return .refused(.unknownState, "state \"\(candidate.state?.rawValue ?? "")\" is not an XLIFF 1.2 state, so it is not known whether the translation is finished")
        }

        static func noTarget(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard let target = candidate.target else { return .skipped(.noTarget) }
            // An empty or blank target is a tool's placeholder, not a translation: it would replace a value with "" or " ".
            if (target.isEmpty && !candidate.source.isEmpty) || (ImportPolicy.isBlank(target) && !ImportPolicy.isBlank(candidate.source)) {
                return .skipped(.noTarget)
            }
            // So is a target of the source's codes alone (`<ph>%@</ph>`, Trados' and memoQ's
            // "copy source tags", Okapi's pre-filled segments): applied, "Delete %@?" showed
            // the bare file name, and it replaced the project's translation. Placeholders the
            // source does not pass are left to placeholder-mismatch, which refuses them. A
            // translator who marked it `final` or `signed-off` meant it (`Name: %@` → `%@`).
            // Asked of every target: the bytes settle most before the state or the source is read.
            guard ImportPolicy.hasPercent(target), ImportPolicy.mayHoldOnlyPlaceholders(target),
                  candidate.state != .final, candidate.state != .signedOff, ImportPolicy.hasPercent(candidate.source),
                  ImportPolicy.holdsOnlyPlaceholdersByParse(target), !ImportPolicy.holdsOnlyPlaceholders(candidate.source),
                  !candidate.knowsUnit || !candidate.mismatches().contains(where: { $0.severity == .error }) else { return nil }
            return .skipped(.noTarget)
        }

        static func inlineCode(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            switch candidate.unknownInlineCode {
            case .target?:
                return .refused(.inlineCode, "the target holds an empty inline code (<x/>, <ph/>...) without equiv-text, and the source has no code of its id: the text it stands for, such as a %@, is not in the file; have the tool write its codes with equiv-text or as text, or type the placeholder into the target")
            case .source?:
                return .refused(.inlineCode, "the source holds an empty inline code (<x/>, <ph/>...) without equiv-text: the text it stands for, such as a %@, is not in the file, so neither the source nor the target can be checked; have the tool write its codes with equiv-text or as text")
            case nil:
                return nil
            }
        }

        static func percentText(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            // A source without `%` has no specifiers; one with `%` is parsed once per run.
            guard let sourceValue = candidate.expected?.sourceValue, ImportPolicy.hasPercent(candidate.value),
                  !ImportPolicy.hasPercent(sourceValue) || candidate.parsedSourceHasNoSpecifiers(),
                  !ImportPolicy.hasPercent(sourceValue) || FormatString.percentTextRewriteUndone(sourceValue) == nil,
                  let undone = FormatString.percentTextRewriteUndone(candidate.value) else { return nil }
            candidate.remarks.append("note (percent-text): \(MessageText.quoted(candidate.value)) carries a positional rewrite of a '%' that is text, which a device would show literally; wrote \(MessageText.quoted(undone))")
            candidate.value = undone
            return .proceed
        }

        static func unchanged(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard let current = candidate.expected?.targetValue else { return nil }
            let value = candidate.value
            let substitution = candidate.expected!.targetSubstitution
            // Texts that differ outside their specifiers' positions are not equivalent: most
            // new translations are told apart without parsing either.
            guard current == value || (ImportPolicy.hasPercent(value) || ImportPolicy.hasPercent(current))
                    && FormatString.mayBeEquivalent(value, current, substitution: substitution)
                    && candidate.format(of: value).isEquivalent(to: FormatString(current, substitution: substitution))
            else { return nil }
            let expected = candidate.expected!
            // An equal value with a new state keeps the catalog's own text.
            candidate.value = current
            let appliedState = ExchangeStates.onImport(candidate.state)
            // A copy edit is judged by its text: the state of a source text means nothing to translators.
            let sameState = !candidate.hasStates || candidate.isSourceEdit
                || appliedState == expected.targetState.map { .apply($0) }
                || (candidate.state != nil && expected.exportedTargetState == candidate.state)
            guard sameState else { return .proceed }
            let errors = candidate.mismatches(of: current).filter { $0.severity == .error }.map(\.message)
            if !errors.isEmpty { candidate.remarks.append("warning: the project's value already has this problem: " + errors.joined(separator: "; ")) }
            return .unchanged(current)
        }

        static func staleSource(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard candidate.knowsUnit, !ImportPolicy.sourceMatches(candidate.source, candidate.expected!) else { return nil }
            return .refused(.staleSource, "the source changed since the export: the file has \(MessageText.quoted(candidate.source)), the project now has \(MessageText.quoted(candidate.expected!.source))")
        }

        static func sourcePlaceholders(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard candidate.isSourceEdit, let expected = candidate.expected else { return nil }
            let changes = SourceEdits.argumentChanges(current: expected.sourceValue, edited: candidate.value,
                                                      substitution: expected.sourceSubstitution, isPluralCase: expected.isPluralCase)
            guard !changes.isEmpty else { return nil }
            return .refused(.sourcePlaceholders, "the copy edit changes the arguments every translation of this text reads: " + changes.joined(separator: "; ")
                            + "; keep them (words may move; with positions such as %1$@ arguments may too), or change the source in the code")
        }

        static func placeholderMismatch(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard candidate.knowsUnit, !candidate.isSourceEdit else { return nil }
            let errors = candidate.mismatches().filter { $0.severity == .error }.map(\.message)
            return errors.isEmpty ? nil : .refused(.placeholderMismatch, errors.joined(separator: "; "))
        }

        static func placeholderWarning(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard candidate.knowsUnit, !candidate.isSourceEdit else { return nil }
            let warnings = candidate.mismatches().filter { $0.severity == .warning }.map(\.message)
            guard !warnings.isEmpty else { return nil }
            candidate.remarks.append("warning (placeholder-warning): " + warnings.joined(separator: "; "))
            return .proceed
        }

        static func pluralCount(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            // A form that reads the source's arguments as the source does reads its count:
            // most forms are told so without parsing the value.
            guard !candidate.isSourceEdit, candidate.expected?.isPluralCase == true, !candidate.readsLikeSource(candidate.value),
                  let expected = candidate.expected, let integers = candidate.pluralIntegers,
                  let numbers = ImportPolicy.countsReadAsText(candidate.value, expected, integers: integers,
                                                              source: candidate.parsedSource(), translation: candidate.format(of: candidate.value))
            else { return nil }
            candidate.remarks.append("warning (plural-count): the '\(expected.path.components.last ?? "")' form states no count, but covers \(PluralCategoriesCheck.list(numbers)) in \(candidate.locale): all of them read as this text")
            return .proceed
        }

        static func noReviewState(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard !candidate.hasStates, !candidate.isSourceEdit, ExchangeStates.onImport(candidate.state) == .apply(.needsReview) else { return nil }
            candidate.remarks.append("warning (no-review-state): a .strings file cannot mark a value as needing review; applied as a plain value")
            return .proceed
        }

        static func apply(_ candidate: inout ImportCandidate) -> ImportVerdict?? {
            guard case .apply(let state) = ExchangeStates.onImport(candidate.state) else { return nil }
            return .applied(candidate.value, state)
        }
    }
}
