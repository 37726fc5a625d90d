import L10nCore
import L10nFormats
/// Why a translation's format string cannot stand in for its source's, found by
/// `FormatString.mismatches(source:translation:)`.
public struct FormatMismatch: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The source reads argument N, the translation never does: its value is lost, but
        /// nothing is misread (a warning).
        case missingArgument(Int, FormatArgumentKind)
        /// The translation reads argument N, which the caller never passes: garbage or a crash.
        case extraArgument(Int, FormatArgumentKind)
        /// Argument N is read as another kind (`%@` where the source has `%lld`): a crash or garbage.
        case differentKind(argument: Int, source: FormatArgumentKind, translation: FormatArgumentKind)
        /// Argument N is read as an integer of another size or signedness (`%d` for `%lld`): it
        /// prints truncated or wrapped values, it does not crash.
        case differentIntegerKind(argument: Int, source: FormatArgumentKind, translation: FormatArgumentKind)
        /// The translation mixes positional and implicit specifiers, and the source does not.
        case mixedPositions
        /// The source references `%#@name@`, the translation does not.
        case missingSubstitution(String)
        /// The translation references a substitution the source does not have.
        case extraSubstitution(String)
        /// A problem of the translation text on its own (`30% for`, `%y`, `%n`, one argument read
        /// as two kinds) that the source does not share.
        case translationIssue(FormatIssue.Kind)
    }

    public let kind: Kind
    public let severity: FormatSeverity
    public let message: String
    /// UTF-16 offsets in the translation of the specifier concerned, when there is one.
    public let translationRange: Range<Int>?
}

/// What the caller knows about a translation that `mismatches` cannot see in the text.
public struct FormatComparisonOptions: Sendable, Hashable {
    /// Arguments the translation may leave out: the count of a plural variation's form that states
    /// it in words (`One file` for `%lld files`). A later implicit specifier still shifts onto it,
    /// which is reported as a kind mismatch.
    public var omittableArguments: Set<Int>
    /// What the messages call the two texts.
    public var naming: Naming = .translation

    /// The words for the compared text and the one it is judged against.
    public struct Naming: Sendable, Hashable {
        public var compared: String
        public var reference: String

        /// A translation against its source.
        public static let translation = Naming(compared: "the translation", reference: "the source")
        /// A development-language plural form against its variable's `other`.
        public static let sourceForm = Naming(compared: "this form", reference: "the 'other' form")
    }

    public init(omittableArguments: Set<Int> = [], naming: Naming = .translation) {
        self.omittableArguments = omittableArguments
        self.naming = naming
    }

    /// The options for a plural case of `source`, which may state its count in words: in a
    /// substitution's variation the count is the substitution's argument (`%arg`, `argNum`),
    /// elsewhere every integer argument.
    public static func pluralCase(of source: FormatString, substitution: SubstitutionArgument?) -> FormatComparisonOptions {
        guard let substitution else {
            return FormatComparisonOptions(omittableArguments: Set(source.arguments.filter { $0.value.contains(where: \.isInteger) }.keys))
        }
        var arguments = Set(source.specifiers.filter { if case .substitutionArgument = $0.conversion { true } else { false } }.map(\.argument))
        if let number = substitution.number { arguments.insert(number) }
        return FormatComparisonOptions(omittableArguments: arguments)
    }
}

extension FormatString {
    /// Everything that makes `translation` unsafe or wrong where `source` is expected, most severe
    /// first within each argument; empty when the two are compatible.
    ///
    /// Legal and not reported: reordering with positions (`%1$@ … %2$@` vs `%2$@ … %1$@`), `%@` vs
    /// `%1$@`, `%d` vs `%i`, `%lld` vs `%qd`, `%f` vs `%e` vs `%g`, different flags, widths and
    /// precisions, reading an argument twice. Errors are what `String(format:)` would misread or
    /// crash on (a changed kind, an argument the source does not pass); warnings lose or distort
    /// text only: a dropped argument, an integer of another size or signedness (on 64-bit iOS
    /// `%d` with a Swift `Int` prints its low 32 bits; Xcode writes `%lld` for `Int`).
    public static func mismatches(source: FormatString, translation: FormatString,
                                  options: FormatComparisonOptions = FormatComparisonOptions()) -> [FormatMismatch] {
        // The common case, settled without the tables below: a translation without issues whose
        // specifiers read the same arguments as the same kinds in the same order reads exactly
        // the source's arguments (so no argument or substitution is missing, extra or of another
        // kind), and without issues it has no text problem and no mixed positions.
        if translation.issues.isEmpty, translation.specifiers.count == source.specifiers.count,
           zip(source.specifiers, translation.specifiers).allSatisfy({
               $0.argument == $1.argument && $0.kind == $1.kind
                   && $0.widthArgument == $1.widthArgument && $0.precisionArgument == $1.precisionArgument
           }) {
            return []
        }
        return tabledMismatches(source: source, translation: translation, options: options)
    }

    /// `mismatches` without its shortcut for the common case: the tables of arguments and
    /// substitutions of both texts compared (kept apart so tests can compare the two).
    static func tabledMismatches(source: FormatString, translation: FormatString,
                                 options: FormatComparisonOptions = FormatComparisonOptions()) -> [FormatMismatch] {
        var result: [FormatMismatch] = []
        let sourceArguments = source.arguments
        let translationArguments = translation.arguments
        let sourceNames = source.substitutionNames
        let translationNames = translation.substitutionNames
        let sourceNameSet = Set(sourceNames), translationNameSet = Set(translationNames)
        // First specifiers by argument, looked up once per argument (a scan each is quadratic).
        let sourceReaders = FirstReaders(source), translationReaders = FirstReaders(translation)

        func range(of argument: Int) -> Range<Int>? {
            translationReaders.any[argument]?.range
        }
        func specifierText(_ readers: FirstReaders, _ argument: Int) -> String {
            readers.value[argument]?.text ?? readers.amount[argument].map { "* of \($0.text)" } ?? "?"
        }

        // A source that mixes them too is copied, not broken: a catalog value with a plural
        // substitution reads as `%#@dogs@ … %2$lld` (the reference's argument is its `argNum`),
        // and Xcode writes it that way.
        if translation.issues.contains(where: { $0.kind == .mixedPositions }),
           !source.issues.contains(where: { $0.kind == .mixedPositions }) {
            let range = translation.issues.first { $0.kind == .mixedPositions }?.range
            result.append(FormatMismatch(
                kind: .mixedPositions, severity: .error,
                message: "\(options.naming.compared) mixes positional and implicit specifiers; write every one with its position (%1$@, %2$lld)",
                translationRange: range))
        }

        for name in sourceNames where !translationNameSet.contains(name) {
            result.append(FormatMismatch(
                kind: .missingSubstitution(name), severity: .error,
                message: "\(options.naming.compared) lacks the substitution %#@\(name)@", translationRange: nil))
        }
        for name in translationNames where !sourceNameSet.contains(name) {
            let range = translationReaders.substitution[name]?.range
            result.append(FormatMismatch(
                kind: .extraSubstitution(name), severity: .error,
                message: "\(options.naming.compared) references %#@\(name)@, which \(options.naming.reference) does not have", translationRange: range))
        }

        let translationIsImplicit = !translation.usesPositions
        for argument in Set(sourceArguments.keys).union(translationArguments.keys).sorted() {
            switch (sourceArguments[argument]?.first, translationArguments[argument]?.first) {
            case (let expected?, nil):
                if options.omittableArguments.contains(argument) { continue }
                result.append(FormatMismatch(
                    kind: .missingArgument(argument, expected), severity: .warning,
                    message: "\(options.naming.compared) does not use argument \(argument) (\(specifierText(sourceReaders, argument)) in \(options.naming.reference))",
                    translationRange: nil))
            case (nil, let actual?):
                result.append(FormatMismatch(
                    kind: .extraArgument(argument, actual), severity: .error,
                    message: "\(options.naming.compared) reads argument \(argument) (\(specifierText(translationReaders, argument))), which \(options.naming.reference) does not pass",
                    translationRange: range(of: argument)))
            case (let expected?, let actual?):
                guard expected != actual else { continue }
                if case .substitution(let a) = expected, case .substitution(let b) = actual,
                   !(translationNameSet.contains(a) && sourceNameSet.contains(b)) {
                    continue  // reported as a missing or extra substitution
                }
                var message = "argument \(argument) is \(specifierText(translationReaders, argument)) (\(actual)) in \(options.naming.compared) but \(specifierText(sourceReaders, argument)) (\(expected)) in \(options.naming.reference)"
                if expected.isInteger && actual.isInteger {
                    result.append(FormatMismatch(
                        kind: .differentIntegerKind(argument: argument, source: expected, translation: actual),
                        severity: .warning, message: message, translationRange: range(of: argument)))
                } else {
                    if translationIsImplicit, sourceArguments[argument + 1]?.first == actual {
                        message += "; an argument left out shifts the implicit ones after it: write positions such as %\(argument + 1)$@"
                    }
                    result.append(FormatMismatch(
                        kind: .differentKind(argument: argument, source: expected, translation: actual),
                        severity: .error, message: message, translationRange: range(of: argument)))
                }
            case (nil, nil):
                continue
            }
        }

        // Problems of the translation text itself, unless the source has as many of the same sort
        // (a source "30% off" translated "30% de réduction" is the source's problem, not the translator's).
        var sourceCounts: [String: Int] = [:]
        for issue in source.issues { sourceCounts[issue.kind.family, default: 0] += 1 }
        var translationCounts: [String: Int] = [:]
        for issue in translation.issues where issue.kind != .mixedPositions {
            translationCounts[issue.kind.family, default: 0] += 1
            guard translationCounts[issue.kind.family]! > sourceCounts[issue.kind.family, default: 0] else { continue }
            var severity = issue.severity
            var message = "in \(options.naming.compared): " + issue.message
            // `100 % sûr` beside a source's argument: `% s` reads an argument as a C string (`% @`
            // as an object) that is not there, or not one: a crash, not a distorted text.
            if case .lonePercent(let reading?) = issue.kind, let conversion = reading.last, "s@S".contains(conversion) {
                severity = .error
                message += "; reading an argument as \(conversion == "@" ? "an object" : "a C string") that is not passed can crash the app"
            }
            result.append(FormatMismatch(
                kind: .translationIssue(issue.kind), severity: severity,
                message: message, translationRange: issue.range))
        }
        return result
    }

    /// The one judgement of a translation against its source that the `placeholder-mismatch`
    /// check and the import share. A source that reads no argument is not a format string (a `%`
    /// followed by a space is text): nothing in its translation is read as a specifier, so
    /// nothing can mismatch. A plural case may state its count in words.
    public static func translationMismatches(source: FormatString, sourceSubstitution: SubstitutionArgument?,
                                             translation: FormatString, isPluralCase: Bool,
                                             naming: FormatComparisonOptions.Naming = .translation) -> [FormatMismatch] {
        guard !source.specifiers.isEmpty else { return [] }
        var options = isPluralCase ? FormatComparisonOptions.pluralCase(of: source, substitution: sourceSubstitution) : FormatComparisonOptions()
        options.naming = naming
        return mismatches(source: source, translation: translation, options: options)
    }

    /// `mismatches` of two texts.
    public static func mismatches(source: String, translation: String,
                                  options: FormatComparisonOptions = FormatComparisonOptions()) -> [FormatMismatch] {
        mismatches(source: FormatString(source), translation: FormatString(translation), options: options)
    }
}

/// The first specifier that reads each argument of a format string, and the first reference to
/// each substitution.
private struct FirstReaders {
    /// By the argument it reads as its value.
    var value: [Int: FormatSpecifier] = [:]
    /// By the argument it reads as a `*` width or precision.
    var amount: [Int: FormatSpecifier] = [:]
    /// By any argument it reads.
    var any: [Int: FormatSpecifier] = [:]
    var substitution: [String: FormatSpecifier] = [:]

    init(_ string: FormatString) {
        for specifier in string.specifiers {
            if value[specifier.argument] == nil { value[specifier.argument] = specifier }
            for argument in [specifier.widthArgument, specifier.precisionArgument].compactMap({ $0 })
            where amount[argument] == nil {
                amount[argument] = specifier
            }
            for argument in [specifier.argument, specifier.widthArgument, specifier.precisionArgument].compactMap({ $0 })
            where any[argument] == nil {
                any[argument] = specifier
            }
            if case .substitution(let name) = specifier.conversion, substitution[name] == nil {
                substitution[name] = specifier
            }
        }
    }
}

extension FormatIssue.Kind {
    /// The sort of issue, without its details.
    var family: String {
        switch self {
        case .lonePercent: return "lonePercent"
        case .invalidSpecifier: return "invalidSpecifier"
        case .unsupportedSpecifier: return "unsupportedSpecifier"
        case .unterminatedSubstitution: return "unterminatedSubstitution"
        case .substitutionArgumentOutsideSubstitution: return "substitutionArgumentOutsideSubstitution"
        case .invalidSubstitutionFormat: return "invalidSubstitutionFormat"
        case .mixedPositions: return "mixedPositions"
        case .conflictingKinds: return "conflictingKinds"
        }
    }
}
