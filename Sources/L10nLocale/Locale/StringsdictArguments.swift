import L10nFormats

extension StringsdictEntry {
    /// The argument each variable formats: where the format key names it (`%#@files@` counted
    /// as CoreFoundation counts, `%2$#@total@`), or where a form of another variable names it
    /// with a position (Signal's `%d %2$#@total@`).
    public var variableArguments: [String: Int] {
        var result: [String: Int] = [:]
        func take(_ text: String, countingImplicit: Bool) {
            for specifier in FormatString(text).specifiers {
                guard case .substitution(let name) = specifier.conversion, result[name] == nil,
                      countingImplicit || specifier.position != nil else { continue }
                result[name] = specifier.argument
            }
        }
        if let formatKey { take(formatKey, countingImplicit: true) }
        for variable in variables {
            for item in variable.cases { if let text = item.string, text.contains("#@") { take(text, countingImplicit: false) } }
        }
        return result
    }
}

extension StringsdictVariable {
    /// The source text a case of this (source) variable is judged against: a plural's `other`,
    /// which shows what the key passes (the source's `one` may leave out the count a Russian
    /// `one` must show), else the case's own; nil when neither is there.
    public func judgedSource(for category: String) -> String? {
        (ruleType == .plural ? value(for: "other") : nil) ?? value(for: category)
    }
}

extension FormatString {
    /// A `.stringsdict` variable's form with its one implicit value specifier written at the
    /// variable's argument (`of %d matches` → `of %2$d matches` under `%2$#@total@`), as a
    /// translation may write it (`из %2$d совпадений`); any other form as it is.
    public static func positioned(_ text: String, argument: Int) -> String {
        guard argument > 1, text.contains("%"), let specifier = FormatString(text).specifierPositioned(at: argument) else { return text }
        var units = Array(text.utf16)
        units.insert(contentsOf: "\(argument)$".utf16, at: specifier.range.lowerBound + 1)
        return String(decoding: units, as: UTF16.self)
    }

    /// Whether a `.stringsdict` variable's form reads the variable's argument (its one implicit
    /// specifier counting as that argument, as `positioned` writes it).
    public static func reads(_ text: String, argument: Int) -> Bool {
        guard text.contains("%") else { return false }
        // One parse, read as `positioned` would write it: its one implicit specifier at `argument`.
        let format = FormatString(text)
        if argument > 1, format.specifierPositioned(at: argument) != nil { return true }
        return format.specifiers.contains { specifier in
            guard case .character = specifier.conversion else { return false }
            return specifier.argument == argument
        }
    }

    /// The specifier `positioned` writes at `argument`: the form's one implicit value specifier,
    /// without `*` amounts, when no other specifier names that position; nil otherwise.
    func specifierPositioned(at argument: Int) -> FormatSpecifier? {
        let implicit = specifiers.filter { specifier in
            if case .character = specifier.conversion { return specifier.position == nil }
            return false
        }
        guard implicit.count == 1, let specifier = implicit.first, specifier.widthArgument == nil, specifier.precisionArgument == nil,
              !specifiers.contains(where: { $0.position == argument }) else { return nil }
        return specifier
    }
}
