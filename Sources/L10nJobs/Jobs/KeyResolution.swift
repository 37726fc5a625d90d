import L10nCore
import L10nFormats
import L10nLocale
import L10nProject

/// How the running app resolves keys on one device: each bundle's localization, then for every
/// key each layer of the lookup chain in order, why it fell through or won, and what shows.
public struct KeyResolution: Sendable {
    /// One layer tried for a key.
    public struct Step: Sendable {
        public enum Verdict: String, Sendable {
            /// The layer does not contain the key: the lookup goes on.
            case fallsThrough = "falls through"
            /// The first layer with the key: its value shows.
            case wins
            /// Below the winner: never read for this key.
            case notReached = "not reached"
        }
        public var layer: Layer
        public var verdict: Verdict
        /// The localizations the layer's bundle searches on this device.
        public var searched: [String]
        /// The localization whose value the layer has first, nil when it has none of them.
        public var locale: String?
        public var value: String?
        /// A winning legacy table whose file for the device (the last of `searched`) lacks the
        /// key: Foundation reads no other file for it, so the raw key shows.
        public var rawKey = false
    }

    /// One key explained.
    public struct Key: Sendable {
        public var key: String
        public var steps: [Step]
        /// The index of the winning step.
        public var winner: Int?
        /// What the device shows (the raw key when no layer has it).
        public var shows: String
        /// The localization it is in, nil when it is the layer's source text or the raw key.
        public var locale: String?
        /// Whether the winner lacked the localization the device chose, so another (often the
        /// source language) shows.
        public var fellBackToSource: Bool
        public var columns: Int
        /// Nearest keys, for a key no layer has.
        public var suggestions: [String]
        /// For a key no layer has: the project's other tables that define it (`InfoPlist`, a
        /// storyboard's, a second table), which code or the system reads by their own name.
        public var elsewhere: [Elsewhere] = []
    }

    /// A table outside the lookup chain that has a key, with what it holds for the device.
    public struct Elsewhere: Sendable {
        /// `bundle/table`.
        public var table: String
        public var file: String
        /// The localization the table's bundle uses on the device that has the key, nil when only the key is there.
        public var locale: String?
        public var value: String?
        /// A legacy table whose file for the device (`locale`) lacks the key: the raw key shows.
        public var rawKey = false
    }

    public var device: DeviceView
    public var keys: [Key]

    public static func explain(_ keys: [String], in project: Project, preferred: [String]) -> KeyResolution {
        let device = project.deviceView(preferred: preferred)
        let appList = device.app.localizations
        func searched(_ layer: Layer) -> [String] {
            device.bundles.first { $0.bundle == layer.bundle }?.localizations ?? appList
        }
        var allKeys: [String]?
        // Each catalog layer's compiled localizations, found once.
        var compiled: [String: Set<String>] = [:]
        let explained = keys.map { key -> Key in
            var steps: [Step] = []
            var winner: Int?
            // Whether the layer's development-language text shows in place of the device's
            // language (not a regional device reading its language's value, `de` for de-AT, nor
            // a key no layer has, which shows raw).
            var shows = key, shownLocale: String?, fellBack = false
            for layer in project.lookupChain.layers {
                let list = searched(layer)
                guard winner == nil else {
                    let found = list.lazy.compactMap { locale in project.value(in: layer, key: key, locale: locale).map { (locale, $0) } }.first
                    steps.append(Step(layer: layer, verdict: .notReached, searched: list, locale: found?.0, value: found?.1))
                    continue
                }
                guard project.layer(layer, contains: key) else {
                    steps.append(Step(layer: layer, verdict: .fallsThrough, searched: list, locale: nil, value: nil))
                    continue
                }
                winner = steps.count
                if let read = project.tableLocalization(of: layer, list), project.value(in: layer, key: key, locale: read) == nil {
                    // The table's file for the device lacks the key: Foundation shows the raw key.
                    shows = key
                    fellBack = false
                    steps.append(Step(layer: layer, verdict: .wins, searched: Array(list.prefix { $0 != read }) + [read], locale: nil, value: nil, rawKey: true))
                    continue
                }
                // A catalog is read from one compiled table: the first localization of the list it
                // has any value in (a de-AT device reads its de-AT table, and a key that table lacks
                // shows the source text, not de's), as a legacy table is read from one file.
                let candidates: [String]
                if let catalog = project.catalog(for: layer) {
                    if compiled[layer.name] == nil { compiled[layer.name] = Set(catalog.compiledLocales) }
                    candidates = list.first { compiled[layer.name]!.contains($0) }.map { [$0] } ?? []
                } else {
                    candidates = list
                }
                if let (locale, value) = candidates.lazy.compactMap({ locale in project.value(in: layer, key: key, locale: locale).map { (locale, $0) } }).first {
                    shows = value
                    shownLocale = locale
                    fellBack = locale != list.first && locale == (project.catalog(for: layer)?.sourceLanguage ?? project.sourceLanguage)
                } else {
                    let source = project.catalog(for: layer)?.sourceLanguage ?? project.sourceLanguage
                    let sourceValue = project.value(in: layer, key: key, locale: source)
                    shows = sourceValue ?? key
                    if sourceValue != nil { shownLocale = source }
                    // A raw key is no source text.
                    fellBack = sourceValue != nil
                }
                // A catalog was searched in the one table it is read from.
                steps.append(Step(layer: layer, verdict: .wins, searched: project.catalog(for: layer) != nil && !candidates.isEmpty ? candidates : list,
                                  locale: shownLocale, value: shows))
            }
            var suggestions: [String] = []
            if winner == nil {
                if allKeys == nil {
                    var union = Set<String>()
                    for layer in project.lookupChain.layers {
                        if let catalog = project.catalog(for: layer) { union.formUnion(catalog.entries.keys) }
                    }
                    allKeys = union.sorted()
                }
                suggestions = nearest(key, in: allKeys!)
            }
            var result = Key(key: key, steps: steps, winner: winner, shows: shows, locale: shownLocale, fellBackToSource: fellBack,
                             columns: TextWidth.columns(DisplayText.visible(shows)), suggestions: suggestions)
            if winner == nil { result.elsewhere = elsewhere(key, in: project, device: device) }
            return result
        }
        return KeyResolution(device: device, keys: explained)
    }

    /// The tables outside the chain that define `key`, the app's first, each with the value of
    /// the first localization its bundle searches on the device that has one.
    static func elsewhere(_ key: String, in project: Project, device: DeviceView) -> [Elsewhere] {
        let chainFiles = Set(project.lookupChain.layers.compactMap(\.catalogPath))
        let chainTables = Set(project.lookupChain.layers.filter { $0.catalogPath == nil }.map { $0.bundle + "/" + $0.table })
        func searched(_ bundle: String) -> [String] {
            device.bundles.first { $0.bundle == bundle }?.localizations ?? device.app.localizations
        }
        var found: [Elsewhere] = []
        for file in project.catalogs where !chainFiles.contains(file.path) && project.ownsCatalog(atPath: file.path) {
            guard let entry = file.catalog.entries[key] else { continue }
            let shown = searched(file.bundle).lazy.compactMap { locale in CheckContext.plainValue(entry, locale: locale).map { (locale, $0) } }.first
            found.append(Elsewhere(table: file.bundle + "/" + file.table, file: file.path, locale: shown?.0, value: shown?.1))
        }
        for table in project.stringsTables where !chainTables.contains(table.bundle + "/" + table.table) && !ProjectDiscovery.isVendorPath(table.folder + "/x") {
            guard table.files.values.contains(where: { $0.value(forKey: key) != nil }) else { continue }
            // Foundation reads the first of the device's localizations the table has a file for, and only that file.
            let read = searched(table.bundle).first { table.files[$0] != nil }
            let value = read.flatMap { table.files[$0]?.value(forKey: key) }
            found.append(Elsewhere(table: table.bundle + "/" + table.table, file: read.map { table.path(locale: $0) } ?? table.folder,
                                   locale: read, value: value, rawKey: read != nil && value == nil))
        }
        let app = project.app.name
        return found.sorted { ($0.table.hasPrefix(app + "/") ? 0 : 1, $0.table) < ($1.table.hasPrefix(app + "/") ? 0 : 1, $1.table) }
    }

    /// Up to three keys nearest to `key`: equal up to a placeholder suffix, then by edit distance.
    static func nearest(_ key: String, in keys: [String]) -> [String] {
        let index = SDKKeyIndex(keys)
        var result: [String] = []
        if let intended = index.intendedKey(for: key) { result.append(intended) }
        let typed = Array(key.unicodeScalars)
        let scored = keys.compactMap { other -> (Int, String)? in
            guard !result.contains(other) else { return nil }
            return EditDistance.bounded(typed, Array(other.unicodeScalars), limit: max(3, typed.count / 4)).map { ($0, other) }
        }.sorted { $0 < $1 }
        result += scored.prefix(3 - result.count).map(\.1)
        return result
    }

    public var text: String {
        var lines = ["device \(device.preferredLanguages.joined(separator: ","))"]
        for bundle in device.bundles {
            lines.append("  \(bundle.bundle) (\(bundle.kind.rawValue)): \(Self.chain(bundle.localizations))")
        }
        for key in keys {
            lines.append("")
            lines.append(key.key)
            for (number, step) in key.steps.enumerated() {
                var line = "  \(number + 1). \(step.layer.name)"
                if let path = step.layer.catalogPath { line += " (\(path))" }
                switch step.verdict {
                case .fallsThrough: line += ": no such key, falls through"
                case .wins:
                    if step.rawKey, let read = step.searched.last {
                        line += ": has the key, wins, but its '\(read)' file lacks it, and Foundation reads no other file for it: the raw key shows"
                    } else if let locale = step.locale, locale != step.searched.first {
                        line += ": has the key, wins, but has no '\(step.searched.first ?? locale)': its '\(locale)' \(CheckContext.quoted(step.value ?? "")) shows"
                    } else if let locale = step.locale {
                        line += ": has the key, wins with '\(locale)' \(CheckContext.quoted(step.value ?? ""))"
                    } else {
                        let lacking = step.searched.count == 1 ? "no '\(step.searched[0])'" : "none of \(step.searched.joined(separator: ", "))"
                        line += ": has the key, wins, but has \(lacking): its source text \(CheckContext.quoted(step.value ?? "")) shows"
                    }
                case .notReached:
                    line += ": not reached" + (step.locale.map { " (has '\($0)' \(CheckContext.quoted(step.value ?? "")))" } ?? "")
                }
                lines.append(line)
            }
            if key.winner == nil, !key.elsewhere.isEmpty {
                lines.append("  no layer of the app's lookup chain has it: a lookup there shows the raw key")
                let app = device.app.bundle
                for other in key.elsewhere {
                    let what = other.rawKey ? "the key, but not in its '\(other.locale ?? "")' file, which Foundation reads alone: the raw key"
                        : other.locale.map { "'\($0)' \(CheckContext.quoted(other.value ?? ""))" } ?? "the key, in none of the device's localizations"
                    // Another bundle's Localizable is that bundle's own code's default table (a widget's `Text("…")`).
                    let bundle = String(other.table.prefix { $0 != "/" })
                    let reader = bundle != app && other.table == bundle + "/Localizable"
                        ? "read by \(bundle)'s own code, whose default table it is"
                        : "read where that table is named (the system reads InfoPlist, a storyboard its own table, code the table it names)"
                    lines.append("  \(other.table) (\(other.file)) has it: \(what), \(reader)")
                }
            } else if key.winner == nil {
                lines.append("  no layer has it: the device shows the raw key")
                if !key.suggestions.isEmpty { lines.append("  did you mean: " + key.suggestions.map { "\"\($0)\"" }.joined(separator: ", ") + "?") }
            } else {
                let rawKey = key.winner.map { key.steps[$0].rawKey } ?? false
                lines.append("  shows \(CheckContext.quoted(key.shows)) (\(key.locale ?? (rawKey ? "the raw key" : "source text")), \(key.columns) column\(key.columns == 1 ? "" : "s"))")
                if key.fellBackToSource, let wanted = key.steps[key.winner!].searched.first,
                   let lower = key.steps.first(where: { $0.verdict == .notReached && $0.locale == wanted }) {
                    lines.append("  \(lower.layer.name) has '\(lower.locale!)' \(CheckContext.quoted(lower.value ?? "")), but the layer above wins without it: add '\(lower.locale!)' to the override")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: String {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        let value = JSONValue.object([
            ("device", .array(device.preferredLanguages.map(JSONValue.string))),
            ("bundles", .array(device.bundles.map { bundle in
                .object([("bundle", .string(bundle.bundle)), ("kind", .string(bundle.kind.rawValue)),
                         ("localizations", .array(bundle.localizations.map(JSONValue.string)))])
            })),
            ("keys", .array(keys.map { key in
                .object([
                    ("key", .string(key.key)),
                    ("layers", .array(key.steps.map { step in
                        .object([("layer", .string(step.layer.name)), ("file", optional(step.layer.catalogPath)),
                                 ("verdict", .string(step.verdict.rawValue)), ("locale", optional(step.locale)), ("value", optional(step.value))])
                    })),
                    ("shows", .string(key.shows)), ("locale", optional(key.locale)), ("fellBackToSource", .bool(key.fellBackToSource)),
                    ("columns", .number(String(key.columns))), ("suggestions", .array(key.suggestions.map(JSONValue.string))),
                    ("elsewhere", .array(key.elsewhere.map { other in
                        .object([("table", .string(other.table)), ("file", .string(other.file)),
                                 ("locale", optional(other.locale)), ("value", optional(other.value)), ("rawKey", .bool(other.rawKey))])
                    })),
                ])
            })),
        ])
        return JSONWriter.compactString(value) + "\n"
    }

    private static func chain(_ localizations: [String]) -> String {
        guard let first = localizations.first else { return "(none)" }
        return localizations.count == 1 ? first : first + ", then " + localizations.dropFirst().joined(separator: ", ")
    }
}
