import L10nKit

/// `l10n width TEXT...`: the display width of each text in columns, as the `width` check counts it.
struct WidthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "width",
        abstract: "Print the display width of texts in columns.",
        discussion: """
            Counts grapheme clusters: CJK, kana, Hangul and emoji are 2 columns, combining marks, \
            control and zero-width characters 0, everything else 1. Prints one number per text, \
            one per line.
            """)
    static let arguments: [ArgumentSpec] = [
        .positional("text", help: "A text to measure.", repeating: true),
        .flag("ambiguous-wide", help: "Count East Asian Ambiguous characters (Greek, Cyrillic, ①) as 2, as CJK fonts show them."),
        OutputFormat.argument(help: "text, or json: a JSON array of {\"text\", \"columns\"} objects."),
        OutputFormat.jsonFlag,
    ]

    var texts: [String]
    var ambiguous: TextWidth.AmbiguousWidth
    var json: Bool

    init(_ arguments: ParsedArguments) throws {
        texts = arguments.values("text")
        ambiguous = arguments.flag("ambiguous-wide") ? .wide : .narrow
        json = try OutputFormat(arguments) == .json
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let widths = texts.map { TextWidth.columns($0, ambiguous: ambiguous) }
        if json {
            context.print(JSONWriter.rows(zip(texts, widths).map { .object([("text", .string($0)), ("columns", .number(String($1)))]) }))
        } else {
            for width in widths { context.print(String(width)) }
        }
        return .success
    }
}
