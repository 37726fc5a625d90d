import L10nFormats
import L10nLocale
import L10nXLIFF

/// Computes the units of a legacy `.stringsdict` table for a target locale, as Xcode exports them.
///
/// Xcode 15.0's export of Elytra (`../shared/fixtures/xliff/Elytra.de.xliff`) shows the shape:
/// - one unit per string of the source-language file: `NSStringLocalizedFormatKey` of each key
///   (id `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`) and each case of each variable
///   (id `/KEY:dict/VAR:dict/CATEGORY:dict/:string`), the categories the *source* file has
///   (`zero one other` for German too). A plural rule also gets a unit for each category the
///   target locale uses that the source file lacks (Russian `few`, `many`), its source the
///   source's `other` text, as the catalog export does: Xcode's behaviour there is not documented,
///   and without those units a translator could not give the forms the locale needs;
/// - units sorted by id like every other legacy unit (`NSStringLocalizedFormatKey` before a
///   lowercase variable name, `one` < `other` < `zero`);
/// - the note of every unit of a key is the comment of the same key in the table's
///   source-language `.strings` file (`<note/>` when that file has no such key or no comment);
/// - sources and targets as the files hold them, an empty string as `<source/>`, no state; no
///   `<target>` when the locale's file lacks the string.
///
/// `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey` and keys this model does not
/// interpret are structure, not text: they are not exported, and an import keeps them.
public enum StringsdictUnits {
    /// What Xcode appends to the note of a `.strings` unit whose key the same table's
    /// `.stringsdict` defines (exported `translate="no"`, without target: Elytra's `unreadsCountFormat`).
    public static let stringsNoteSuffix = " (Key in .stringsdict)"
    /// The note of such a unit when the key has no comment (not seen in a real export: ours).
    public static let stringsNote = "(Key in .stringsdict)"

    /// The second component of the id of a key's format unit.
    public static let formatComponent = Stringsdict.formatKey

    /// The XLIFF id of a key's format (`variable` nil) or of one case of a variable.
    public static func id(key: String, variable: String?, category: String?) -> String {
        guard let variable, let category else { return "/\(key):dict/\(formatComponent):dict/:string" }
        return "/\(key):dict/\(variable):dict/\(category):dict/:string"
    }

    /// Every string's unit, in Xcode's unit order. `notes` is the table's source-language `.strings`
    /// file; `localeCategories` the target locale's CLDR plural categories (nil: only the source's).
    public static func units(source: Stringsdict, target: Stringsdict?, notes: StringsFile?,
                             localeCategories: [String]? = nil) -> [ExchangeUnit] {
        var units: [ExchangeUnit] = []
        for entry in source.entries {
            let note = notes?.entry(forKey: entry.key)?.comment ?? ""
            let targetEntry = target?.entry(forKey: entry.key)
            let arguments = entry.variableArguments
            if let format = entry.formatKey {
                units.append(unit(key: entry.key, variable: nil, source: format, target: targetEntry?.formatKey, note: note))
            }
            for variable in entry.variables {
                let targetVariable = targetEntry?.variable(variable.name)
                let other = variable.ruleType == .plural ? variable.value(for: "other") : nil
                let argument = arguments[variable.name]
                func form(_ category: String, _ text: String) -> ExchangeUnit.VariableForm {
                    let judged = variable.judgedSource(for: category) ?? text
                    return ExchangeUnit.VariableForm(source: argument.map { FormatString.positioned(judged, argument: $0) } ?? judged, argument: argument)
                }
                for item in variable.cases {
                    guard let text = item.string else { continue }
                    var made = unit(key: entry.key, variable: (variable, item.category), source: text,
                                    target: targetVariable?.value(for: item.category), note: note)
                    made.countSource = ExchangeUnit.countSource(of: text, other: other)
                    made.variableForm = form(item.category, text)
                    units.append(made)
                }
                guard variable.ruleType == .plural, let other = variable.value(for: "other") else { continue }
                for category in localeCategories ?? [] where !variable.cases.contains(where: { $0.category == category }) {
                    var made = unit(key: entry.key, variable: (variable, category), source: other,
                                    target: targetVariable?.value(for: category), note: note)
                    made.variableForm = form(category, other)
                    units.append(made)
                }
            }
        }
        let order = XLIFFOrder.unitOrder(ids: units.map(\.id))
        return order.map { units[$0] }
    }

    /// The unit whose id is `id`, split into key, variable and category; nil for an id of another shape.
    public static func parse(id: String) -> (key: String, variable: String?, category: String?)? {
        let suffix = ":dict/:string"
        guard id.hasPrefix("/"), id.hasSuffix(suffix) else { return nil }
        let inner = id.dropFirst().dropLast(suffix.count)
        let parts = inner.components(separatedBy: ":dict/")
        switch parts.count {
        case 2 where parts[1] == formatComponent: return (parts[0], nil, nil)
        case 3: return (parts[0], parts[1], parts[2])
        default: return nil
        }
    }

    /// A unit; a plural case gets the path a String Catalog gives the same string
    /// (`substitutions.VAR.plural.CATEGORY`), which the plural checks of an import read.
    private static func unit(key: String, variable: (variable: StringsdictVariable, category: String)?, source: String,
                             target: String?, note: String) -> ExchangeUnit {
        let isPlural = variable?.variable.ruleType == .plural
        let path: StringUnitPath = if let variable {
            StringUnitPath(isPlural ? ["substitutions", variable.variable.name, "plural", variable.category] : [variable.variable.name, variable.category])
        } else {
            StringUnitPath()
        }
        return ExchangeUnit(
            id: id(key: key, variable: variable?.variable.name, category: variable?.category), key: key, path: path,
            source: source, sourceValue: source,
            sourceSubstitution: nil, targetSubstitution: nil, targetValue: target, targetState: nil,
            translate: true, note: note, isPluralCase: isPlural, positionalizesTarget: false)
    }
}
