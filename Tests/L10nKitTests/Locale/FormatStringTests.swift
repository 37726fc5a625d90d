import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

final class FormatStringTests: XCTestCase {
    // MARK: Parsing

    func testEverySpecifierReadsItsArgumentKind() {
        let table: [(String, FormatArgumentKind)] = [
            ("%@", .object),
            ("%d", .signedInteger(.int)), ("%i", .signedInteger(.int)), ("%D", .signedInteger(.int)),
            ("%u", .unsignedInteger(.int)), ("%U", .unsignedInteger(.int)),
            ("%ld", .signedInteger(.long)), ("%lld", .signedInteger(.longLong)), ("%qd", .signedInteger(.longLong)),
            ("%lu", .unsignedInteger(.long)), ("%llu", .unsignedInteger(.longLong)),
            ("%hd", .signedInteger(.short)), ("%hhd", .signedInteger(.char)),
            ("%zd", .signedInteger(.size)), ("%zu", .unsignedInteger(.size)), ("%td", .signedInteger(.pointerDifference)),
            ("%jd", .signedInteger(.intmax)),
            ("%x", .unsignedInteger(.int)), ("%X", .unsignedInteger(.int)), ("%o", .unsignedInteger(.int)),
            ("%O", .unsignedInteger(.int)), ("%llx", .unsignedInteger(.longLong)),
            ("%f", .double), ("%F", .double), ("%.2f", .double), ("%e", .double), ("%E", .double),
            ("%g", .double), ("%G", .double), ("%a", .double), ("%A", .double), ("%lf", .double), ("%Lf", .longDouble),
            ("%c", .character), ("%C", .unichar), ("%s", .cString), ("%S", .unicharString), ("%p", .pointer),
        ]
        for (text, kind) in table {
            let format = FormatString(text)
            XCTAssertEqual(format.specifiers.count, 1, text)
            XCTAssertEqual(format.specifiers.first?.kind, kind, text)
            XCTAssertEqual(format.specifiers.first?.text, text, text)
            XCTAssertEqual(format.specifiers.first?.argument, 1, text)
            XCTAssertEqual(format.specifiers.first?.range, 0..<text.utf16.count, text)
            XCTAssertEqual(format.issues, [], text)
            XCTAssertEqual(format.tokens, format.specifiers.map(FormatToken.specifier), text)
        }
    }

    func testFlagsWidthPrecisionAndLength() throws {
        struct Row {
            var text: String
            var flags = ""
            var width: FormatAmount?
            var precision: FormatAmount?
            var length = ""
            var argument = 1
            var widthArgument: Int?
            var precisionArgument: Int?
        }
        let table = [
            Row(text: "%-5d", flags: "-", width: .fixed(5)),
            Row(text: "%+d", flags: "+"),
            Row(text: "%#x", flags: "#"),
            Row(text: "%05.1f", flags: "0", width: .fixed(5), precision: .fixed(1)),
            Row(text: "%'d", flags: "'"),
            Row(text: "%-+ #0'12.3lld", flags: "-+ #0'", width: .fixed(12), precision: .fixed(3), length: "ll"),
            Row(text: "%.f", precision: .fixed(0)),
            Row(text: "%10s", width: .fixed(10)),
            Row(text: "%*d", width: .argument(position: nil), argument: 2, widthArgument: 1),
            Row(text: "%.*f", precision: .argument(position: nil), argument: 2, precisionArgument: 1),
            Row(text: "%-*.*f", flags: "-", width: .argument(position: nil), precision: .argument(position: nil),
                argument: 3, widthArgument: 1, precisionArgument: 2),
            Row(text: "%1$*2$d", width: .argument(position: 2), argument: 1, widthArgument: 2),
            Row(text: "%3$*1$.*2$f", width: .argument(position: 1), precision: .argument(position: 2),
                argument: 3, widthArgument: 1, precisionArgument: 2),
            Row(text: "%2$lld", length: "ll", argument: 2),
        ]
        for row in table {
            let format = FormatString(row.text)
            let specifier = try XCTUnwrap(format.specifiers.first, row.text)
            XCTAssertEqual(format.specifiers.count, 1, row.text)
            XCTAssertEqual(specifier.flags, row.flags, row.text)
            XCTAssertEqual(specifier.width, row.width, row.text)
            XCTAssertEqual(specifier.precision, row.precision, row.text)
            XCTAssertEqual(specifier.lengthModifier, row.length, row.text)
            XCTAssertEqual(specifier.argument, row.argument, row.text)
            XCTAssertEqual(specifier.widthArgument, row.widthArgument, row.text)
            XCTAssertEqual(specifier.precisionArgument, row.precisionArgument, row.text)
            XCTAssertEqual(format.issues, [], row.text)
        }
        XCTAssertEqual(FormatString("%*d").arguments, [1: [.signedInteger(.int)], 2: [.signedInteger(.int)]])
        XCTAssertEqual(FormatString("%.*f").arguments, [1: [.signedInteger(.int)], 2: [.double]])
    }

    func testImplicitArgumentsAreCountedInOrder() {
        let format = FormatString("%@ has %lld files, %.1f%% full")
        XCTAssertEqual(format.specifiers.map(\.argument), [1, 2, 3])
        XCTAssertEqual(format.specifiers.map(\.position), [nil, nil, nil])
        XCTAssertEqual(format.arguments, [1: [.object], 2: [.signedInteger(.longLong)], 3: [.double]])
        XCTAssertEqual(format.argumentCount, 3)
        XCTAssertFalse(format.usesPositions)
        XCTAssertEqual(format.tokens, [
            .specifier(format.specifiers[0]), .literal(" has "), .specifier(format.specifiers[1]), .literal(" files, "),
            .specifier(format.specifiers[2]), .percentSign, .literal(" full"),
        ])
    }

    func testPositionalSpecifiers() {
        let format = FormatString("%2$@ von %1$@, %2$@")
        XCTAssertEqual(format.specifiers.map(\.argument), [2, 1, 2])
        XCTAssertEqual(format.specifiers.map(\.position), [2, 1, 2])
        XCTAssertTrue(format.usesPositions)
        XCTAssertEqual(format.arguments, [1: [.object], 2: [.object]])
        XCTAssertEqual(format.issues, [])
    }

    func testPercentSigns() {
        XCTAssertEqual(FormatString("100%%").tokens, [.literal("100"), .percentSign])
        XCTAssertEqual(FormatString("%%d").tokens, [.percentSign, .literal("d")])
        XCTAssertEqual(FormatString("%%%d").specifiers.map(\.text), ["%d"])
        XCTAssertEqual(FormatString("%d%% off").specifiers.map(\.text), ["%d"])
        XCTAssertEqual(FormatString("%%").issues, [])
    }

    func testSubstitutionReferences() {
        let format = FormatString("This %1$@ has %2$#@strings@.")
        XCTAssertEqual(format.specifiers.map(\.text), ["%1$@", "%2$#@strings@"])
        XCTAssertEqual(format.specifiers[1].conversion, .substitution(name: "strings"))
        XCTAssertEqual(format.specifiers[1].kind, .substitution("strings"))
        XCTAssertEqual(format.specifiers[1].argument, 2)
        XCTAssertEqual(format.substitutionNames, ["strings"])
        XCTAssertEqual(format.issues, [])

        let two = FormatString("%#@files@ in %#@folders@")
        XCTAssertEqual(two.specifiers.map(\.argument), [1, 2])
        XCTAssertEqual(two.substitutionNames, ["files", "folders"])

        let open = FormatString("%#@files in folder")
        XCTAssertEqual(open.specifiers, [])
        XCTAssertEqual(open.issues.map(\.kind), [.unterminatedSubstitution("%#@files")])
        XCTAssertEqual(open.issues.first?.severity, .error)
    }

    func testSubstitutionArgument() {
        let leaf = FormatString("%arg string", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld"))
        XCTAssertEqual(leaf.specifiers.count, 1)
        let arg = leaf.specifiers[0]
        XCTAssertEqual(arg.text, "%arg")
        XCTAssertEqual(arg.argument, 2)
        XCTAssertEqual(arg.position, 2)
        XCTAssertEqual(arg.kind, .signedInteger(.longLong))
        XCTAssertEqual(arg.conversion, .substitutionArgument(formatSpecifier: "lld"))
        XCTAssertEqual(arg.range, 0..<4)
        XCTAssertEqual(leaf.issues, [])

        let implicit = FormatString("%arg files", substitution: SubstitutionArgument(number: nil, formatSpecifier: "d"))
        XCTAssertEqual(implicit.specifiers.map(\.argument), [1])
        XCTAssertEqual(implicit.specifiers.map(\.kind), [.signedInteger(.int)])

        let object = FormatString("by %arg", substitution: SubstitutionArgument(number: 1, formatSpecifier: "@"))
        XCTAssertEqual(object.specifiers.map(\.kind), [.object])

        let bad = FormatString("%arg files", substitution: SubstitutionArgument(number: 1, formatSpecifier: "xyz"))
        XCTAssertEqual(bad.specifiers, [])
        XCTAssertEqual(bad.issues.map(\.kind), [.invalidSubstitutionFormat("xyz")])

        // Outside a substitution String(format:) reads `%a`, a hexadecimal double, followed by "rg".
        let outside = FormatString("%arg files")
        XCTAssertEqual(outside.specifiers.map(\.text), ["%a"])
        XCTAssertEqual(outside.specifiers.map(\.kind), [.double])
        XCTAssertEqual(outside.issues.map(\.kind), [.substitutionArgumentOutsideSubstitution])
        XCTAssertEqual(outside.issues.first?.severity, .warning)
    }

    func testLonePercentIsNotASpecifierButSuspicious() {
        let table: [(String, String?, Range<Int>)] = [
            ("30% for all", "% f", 2..<3),
            ("100% sure", "% s", 3..<4),
            ("50% off", "% o", 2..<3),
            ("up to 10 %", nil, 9..<10),
            ("%", nil, 0..<1),
            ("5 % ", nil, 2..<3),
            ("% 5d apples", "% 5d", 0..<1),
        ]
        for (text, reading, range) in table {
            let format = FormatString(text)
            XCTAssertEqual(format.specifiers, [], text)
            XCTAssertEqual(format.issues.map(\.kind), [.lonePercent(wouldReadAs: reading)], text)
            XCTAssertEqual(format.issues.first?.range, range, text)
            XCTAssertEqual(format.issues.first?.severity, .warning, text)
            XCTAssertEqual(format.tokens, [.literal(text)], text)
        }
        XCTAssertEqual(FormatString("30% for").issues.first?.message,
                       "'%' followed by a space is not a placeholder for Xcode, but String(format:) reads '% f' and consumes an argument; write '%%' for a percent sign")
        XCTAssertEqual(FormatString("30% for %@").specifiers.map(\.argument), [1])
    }

    func testInvalidAndTruncatedSpecifiers() {
        let table: [(String, [FormatIssue.Kind], [String])] = [
            ("%y", [.invalidSpecifier("%y")], []),
            ("(50%)", [.invalidSpecifier("%)")], []),
            ("%5 apples", [.invalidSpecifier("%5 ")], []),
            ("%l", [.invalidSpecifier("%l")], []),
            ("size %1$", [.invalidSpecifier("%1$")], []),
            ("%.2", [.invalidSpecifier("%.2")], []),
            ("%0$@", [.invalidSpecifier("%0$")], []),
            ("%n", [.unsupportedSpecifier("%n")], ["%n"]),
        ]
        for (text, kinds, specifiers) in table {
            let format = FormatString(text)
            XCTAssertEqual(format.issues.map(\.kind), kinds, text)
            XCTAssertEqual(format.specifiers.map(\.text), specifiers, text)
        }
        XCTAssertEqual(FormatString("%n").issues.first?.severity, .error)
        XCTAssertEqual(FormatString("%y").issues.first?.severity, .warning)
        XCTAssertEqual(FormatString("%y%@").specifiers.map(\.argument), [1])
    }

    func testRangesAreUTF16Offsets() {
        let format = FormatString("é 👍 %@ — %2$lld")
        XCTAssertEqual(format.specifiers.map(\.range), [5..<7, 10..<16])
        let units = Array("é 👍 %@ — %2$lld".utf16)
        for specifier in format.specifiers {
            XCTAssertEqual(String(decoding: units[specifier.range], as: UTF16.self), specifier.text)
        }
    }

    func testMixingAndConflictsAreIssues() {
        let mixed = FormatString("%1$@ and %@")
        XCTAssertEqual(mixed.specifiers.map(\.argument), [1, 1], "CoreFoundation counts implicit specifiers from 1")
        XCTAssertEqual(mixed.issues.map(\.kind), [.mixedPositions])
        XCTAssertEqual(mixed.issues.first?.range, 9..<11)
        XCTAssertEqual(mixed.issues.first?.severity, .error)

        let conflict = FormatString("%1$@ is %1$lld")
        XCTAssertEqual(conflict.issues.map(\.kind), [.conflictingKinds(argument: 1, [.object, .signedInteger(.longLong)])])
        XCTAssertEqual(conflict.issues.first?.severity, .error)
        XCTAssertEqual(FormatString("%1$d is %1$lld").issues.first?.severity, .warning)
        XCTAssertEqual(FormatString("%1$@ and %1$@").issues, [])
    }

    // MARK: Comparison

    private func kinds(_ source: String, _ translation: String, omitting: Set<Int> = []) -> [FormatMismatch.Kind] {
        FormatString.mismatches(source: source, translation: translation,
                                options: FormatComparisonOptions(omittableArguments: omitting)).map(\.kind)
    }

    func testCompatibleTranslations() {
        let table: [(String, String)] = [
            ("%@ has %lld files", "%@ hat %lld Dateien"),
            ("%1$@ … %2$@", "%2$@ … %1$@"),
            ("%@ of %@", "%2$@ de %1$@"),
            ("%@ of %lld", "%2$lld von %1$@"),
            ("%@", "%1$@"),
            ("%1$@", "%@"),
            ("%d", "%i"),
            ("%lld", "%qd"),
            ("%f", "%.2f"),
            ("%.1f", "%e"),
            ("%x", "%u"),
            ("%5d", "%-3d"),
            ("%@ and %@", "%1$@ and %2$@, %1$@"),
            ("%d%% off", "%d %% Rabatt"),
            ("%#@files@", "%#@files@"),
            ("%1$@ has %2$#@files@", "%2$#@files@ in %1$@"),
            ("No arguments", "Keine Argumente"),
            ("30% off", "30% de réduction"),
            ("Importing %d of %d", "Importieren %1$d von %2$d"),
        ]
        for (source, translation) in table {
            XCTAssertEqual(kinds(source, translation), [], "\(source) → \(translation)")
        }
    }

    func testMismatchKinds() {
        let table: [(String, String, [FormatMismatch.Kind])] = [
            ("%lld files", "%@ Dateien", [.differentKind(argument: 1, source: .signedInteger(.longLong), translation: .object)]),
            ("%@", "%s", [.differentKind(argument: 1, source: .object, translation: .cString)]),
            ("%f", "%d", [.differentKind(argument: 1, source: .double, translation: .signedInteger(.int))]),
            ("%lld", "%d", [.differentIntegerKind(argument: 1, source: .signedInteger(.longLong), translation: .signedInteger(.int))]),
            ("%d", "%ld", [.differentIntegerKind(argument: 1, source: .signedInteger(.int), translation: .signedInteger(.long))]),
            ("%d", "%u", [.differentIntegerKind(argument: 1, source: .signedInteger(.int), translation: .unsignedInteger(.int))]),
            ("%@ and %@", "%@", [.missingArgument(2, .object)]),
            ("%@ and %@", "%2$@", [.missingArgument(1, .object)]),
            ("%@", "%@ and %@", [.extraArgument(2, .object)]),
            ("%@", "%2$@", [.missingArgument(1, .object), .extraArgument(2, .object)]),
            ("%@ %@", "%1$@ %@", [.mixedPositions, .missingArgument(2, .object)]),
            // The source mixes them the same way (a catalog's substitution beside positions): copied, not broken.
            ("Seen %#@dogs@, rated %2$lld/%3$lld", "Vu %#@dogs@, note %2$lld / %3$lld", []),
            ("%@ of %2$@", "%@ von %2$@", []),
            ("%1$@ of %2$@", "%@ von %2$@", [.mixedPositions]),
            ("%@ %lld", "%@ %d %@", [.differentIntegerKind(argument: 2, source: .signedInteger(.longLong), translation: .signedInteger(.int)),
                                     .extraArgument(3, .object)]),
            ("%@ has %#@files@", "%@ hat %#@dateien@", [.missingSubstitution("files"), .extraSubstitution("dateien")]),
            ("%#@files@", "%lld Dateien", [.missingSubstitution("files"),
                                            .differentKind(argument: 1, source: .substitution("files"), translation: .signedInteger(.longLong))]),
            ("%#@a@ %#@b@", "%2$#@a@ %1$#@b@", [.differentKind(argument: 1, source: .substitution("a"), translation: .substitution("b")),
                                               .differentKind(argument: 2, source: .substitution("b"), translation: .substitution("a"))]),
            ("%*d", "%d", [.missingArgument(2, .signedInteger(.int))]),
            ("%d%% off", "%d % de réduction", [.translationIssue(.lonePercent(wouldReadAs: "% d"))]),
            ("%@", "%@ %y", [.translationIssue(.invalidSpecifier("%y"))]),
            ("%@", "%1$@ is %1$d", [.translationIssue(.conflictingKinds(argument: 1, [.object, .signedInteger(.int)]))]),
        ]
        for (source, translation, expected) in table {
            XCTAssertEqual(kinds(source, translation), expected, "\(source) → \(translation)")
        }
    }

    func testSeveritiesMessagesAndRanges() throws {
        let typeMismatch = try XCTUnwrap(FormatString.mismatches(source: "%lld files", translation: "%@ Dateien").first)
        XCTAssertEqual(typeMismatch.severity, .error)
        XCTAssertEqual(typeMismatch.message, "argument 1 is %@ (object) in the translation but %lld (long long) in the source")
        XCTAssertEqual(typeMismatch.translationRange, 0..<2)

        let width = try XCTUnwrap(FormatString.mismatches(source: "%lld files", translation: "%d Dateien").first)
        XCTAssertEqual(width.severity, .warning)

        // A dropped argument loses text but misreads nothing: a warning.
        let missing = try XCTUnwrap(FormatString.mismatches(source: "%@ and %@", translation: "%@").first)
        XCTAssertEqual(missing.severity, .warning)
        XCTAssertEqual(missing.message, "the translation does not use argument 2 (%@ in the source)")
        XCTAssertNil(missing.translationRange)

        let extra = try XCTUnwrap(FormatString.mismatches(source: "%@", translation: "x %@ %lld").last)
        XCTAssertEqual(extra.message, "the translation reads argument 2 (%lld), which the source does not pass")
        XCTAssertEqual(extra.translationRange, 5..<9)
    }

    func testPluralFormMayDropTheCountWhenAllowed() {
        XCTAssertEqual(kinds("%lld files", "One file", omitting: [1]), [])
        XCTAssertEqual(kinds("%lld files", "One file"), [.missingArgument(1, .signedInteger(.longLong))])
        XCTAssertEqual(kinds("%lld files in %@", "One file in %2$@", omitting: [1]), [])
        // An implicit `%@` after a dropped count reads the count: a crash at run time.
        XCTAssertEqual(kinds("%lld files in %@", "One file in %@", omitting: [1]), [
            .differentKind(argument: 1, source: .signedInteger(.longLong), translation: .object),
            .missingArgument(2, .object),
        ])
        let shifted = FormatString.mismatches(source: "%lld files in %@", translation: "One file in %@",
                                              options: FormatComparisonOptions(omittableArguments: [1]))
        XCTAssertTrue(shifted[0].message.hasSuffix("an argument left out shifts the implicit ones after it: write positions such as %2$@"), shifted[0].message)
        XCTAssertEqual(kinds("%lld files in %@", "Ein Ordner: %2$@", omitting: [1]), [])
        XCTAssertEqual(kinds("%1$@ has %2$lld files", "%1$@ has one file", omitting: [2]), [])
    }

    func testSubstitutionLeavesCompare() {
        let source = FormatString("%arg files", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld"))
        let good = FormatString("%arg Dateien", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld"))
        let one = FormatString("eine Datei", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld"))
        let typed = FormatString("%2$d Dateien", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld"))
        XCTAssertEqual(FormatString.mismatches(source: source, translation: good), [])
        XCTAssertEqual(FormatString.mismatches(source: source, translation: one, options: FormatComparisonOptions(omittableArguments: [2])), [])
        XCTAssertEqual(FormatString.mismatches(source: source, translation: typed).map(\.kind),
                       [.differentIntegerKind(argument: 2, source: .signedInteger(.longLong), translation: .signedInteger(.int))])
    }

    // MARK: Positionalized

    func testPositionalizedLikeXcodeExport() {
        let table: [(String, String)] = [
            ("%@ / %@", "%1$@ / %2$@"),
            ("%@ of %lld", "%1$@ of %2$lld"),
            ("Importing %d of %d...", "Importing %1$d of %2$d..."),
            ("This %@ has %#@strings@.", "This %1$@ has %2$#@strings@."),
            ("%.f and %-5.2f", "%1$.f and %2$-5.2f"),
            ("%*d", "%2$*1$d"),
            ("%-*.*f %@", "%3$-*1$.*2$f %4$@"),
            ("30% for %@ and %@", "30% for %1$@ and %2$@"),
            ("%d%% of %d", "%1$d%% of %2$d"),
            // Left as written:
            ("%@", "%@"),
            ("%d%% off", "%d%% off"),
            ("Synced %.f%%", "Synced %.f%%"),
            ("30% for", "30% for"),
            ("30% for %@", "30% for %@"),
            ("10 %", "10 %"),
            ("%1$@ - %2$@", "%1$@ - %2$@"),
            ("%2$@ - %1$@", "%2$@ - %1$@"),
            ("%1$@ - %@", "%1$@ - %@"),
            ("%#@lineCount@", "%#@lineCount@"),
            ("no placeholders", "no placeholders"),
            ("", ""),
        ]
        for (text, expected) in table {
            XCTAssertEqual(FormatString.positionalized(text), expected, text)
            XCTAssertEqual(FormatString.positionalized(expected), expected, "idempotent: \(expected)")
        }
        XCTAssertEqual(FormatString.positionalized("%arg string", substitution: SubstitutionArgument(number: 2, formatSpecifier: "lld")), "%2$lld string")
        XCTAssertEqual(FormatString.positionalized("%arg", substitution: SubstitutionArgument(number: 1, formatSpecifier: "@")), "%1$@")
    }

    func testPositionalTextRebuildsEverySpecifier() {
        for text in ["%@", "%-+ #0'12.3lld", "%.f", "%.*f", "%*d", "%2$*1$d", "%#@name@", "%Lf", "%hhd", "%qd"] {
            let specifier = FormatString(text).specifiers[0]
            let rebuilt = FormatString(specifier.positionalText).specifiers[0]
            XCTAssertEqual(rebuilt.kind, specifier.kind, text)
            XCTAssertEqual(rebuilt.flags, specifier.flags, text)
            XCTAssertEqual(rebuilt.width.map { _ in true }, specifier.width.map { _ in true }, text)
            XCTAssertEqual(rebuilt.argument, specifier.argument, text)
            XCTAssertEqual(rebuilt.positionalText, specifier.positionalText, text)
        }
    }

    func testEquivalenceOfPositionalizedStrings() {
        let table: [(String, String, Bool)] = [
            ("%1$@ / %2$@", "%@ / %@", true),
            ("%1$@", "%@", true),
            ("%2$@ / %1$@", "%@ / %@", false),
            ("%1$@ of %2$lld", "%@ of %lld", true),
            ("%1$@ of %2$d", "%@ of %lld", false),
            ("a %@", "b %@", false),
            ("100%%", "100%%", true),
            ("100%", "100%%", false),
            ("This %1$@ has %2$#@strings@.", "This %@ has %#@strings@.", true),
            ("x", "x", true),
        ]
        for (exported, original, equivalent) in table {
            XCTAssertEqual(FormatString(exported).isEquivalent(to: FormatString(original)), equivalent, "\(exported) vs \(original)")
            XCTAssertEqual(FormatString(original).isEquivalent(to: FormatString(exported)), equivalent, "\(original) vs \(exported)")
        }
    }

    /// The judgement the placeholder-mismatch check and the import share, on the texts of issue 10
    /// (real returned files): a source without arguments is no format string.
    func testTranslationMismatchesOfASourceWithoutArguments() {
        func judged(_ source: String, _ translation: String, plural: Bool = false) -> [(FormatSeverity, FormatMismatch.Kind)] {
            FormatString.translationMismatches(source: FormatString(source), sourceSubstitution: nil,
                                               translation: FormatString(translation), isPluralCase: plural).map { ($0.severity, $0.kind) }
        }
        // `50% and` and `150% of` are text (`% a`, `% o` would read a double and an unsigned int).
        XCTAssertTrue(FormatString("Inflicts damage between 50% and 150% of the base value").specifiers.isEmpty)
        XCTAssertTrue(judged("Inflicts damage between 50% and 150% of the base value",
                             "Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu").isEmpty)
        XCTAssertTrue(judged("Snap to 25% Steps", "In 25 %-Schritten einrasten").isEmpty)
        XCTAssertFalse(FormatString.mismatches(source: "Snap to 25% Steps", translation: "In 25 %-Schritten einrasten").isEmpty,
                       "compared as format strings, %-S reads an argument the source does not pass")
        let dropped = judged("Use %@ as menu icon", "Als Menüsymbol verwenden")
        XCTAssertEqual(dropped.map(\.0), [.warning])
        XCTAssertEqual(dropped.map(\.1), [.missingArgument(1, .object)])
        XCTAssertEqual(judged("By %@", "Von %lld").map(\.0), [.error], "a changed type is still refused")
        XCTAssertTrue(judged("%lld files", "One file", plural: true).isEmpty, "a plural form may state its count in words")
    }

    func testPercentTextRewriteIsUndone() {
        XCTAssertEqual(FormatString.percentTextRewriteUndone("Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu"),
                       "Fügt Schaden zwischen 50 % und 150 % des Grundwerts zu")
        XCTAssertEqual(FormatString.percentTextRewriteUndone("50%1$ and"), "50% and")
        XCTAssertEqual(FormatString.percentTextRewriteUndone("%12$ x"), "% x")
        for unchanged in ["In 25 %-Schritten einrasten", "%1$@ und %2$@", "100%% %1$", "%$ x", "50 % und", "%%1$ x"] {
            XCTAssertNil(FormatString.percentTextRewriteUndone(unchanged), unchanged)
        }
    }
}
