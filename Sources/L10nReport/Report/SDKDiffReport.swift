import Foundation
import L10nCore
import L10nFormats
import L10nProject

/// `l10n sdk-diff` output: the counts of each kind of change first, then the keys.
public struct SDKDiffReport: Sendable {
    public var diff: SDKDiff
    /// The two catalogs as the user named them.
    public var oldPath: String
    public var newPath: String

    public init(diff: SDKDiff, oldPath: String, newPath: String) {
        self.diff = diff
        self.oldPath = oldPath
        self.newPath = newPath
    }

    public var text: String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
        }
        var lines = ["SDK upgrade \(oldPath) (\(count(diff.oldKeyCount, "key"))) → \(newPath) (\(count(diff.newKeyCount, "key")))"]
        var summary = [
            "\(diff.added.count) added", "\(diff.removed.count) removed", count(diff.sourceChanged.count, "source changed", "sources changed"),
            count(diff.localesAdded.count, "locale added", "locales added"), count(diff.localesRemoved.count, "locale removed", "locales removed"),
        ]
        if let overrides = diff.overrides {
            summary.append(count(overrides.count, "override of a removed key", "overrides of removed keys"))
            let underOverride = diff.sourceChanged.filter { $0.overriddenIn != nil }.count
            summary.append(count(underOverride, "changed source under an override", "changed sources under an override"))
        }
        lines.append(summary.joined(separator: ", "))
        if let overrides = diff.overrides, !overrides.isEmpty {
            lines.append("")
            lines.append("overrides of removed keys (they do nothing after the upgrade):")
            for item in overrides {
                let place = [item.file, item.line.map(String.init), item.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
                var line = "  \(place): \(item.key) \(MessageText.quoted(item.value)) (the SDK said \(MessageText.quoted(item.oldSource)))"
                if let rename = item.likelyRename {
                    line += "; likely renamed to \(rename.key) \(MessageText.quoted(rename.source)) (\(rename.score)%)"
                } else {
                    line += "; no added key has similar English"
                }
                lines.append(line)
            }
        }
        if !diff.added.isEmpty {
            lines.append("")
            lines.append("added:")
            lines += diff.added.map { "  \($0.key) \(MessageText.quoted($0.source))" }
        }
        if !diff.removed.isEmpty {
            lines.append("")
            lines.append("removed:")
            lines += diff.removed.map { "  \($0.key) \(MessageText.quoted($0.source))" }
        }
        if !diff.sourceChanged.isEmpty {
            lines.append("")
            lines.append("source changed:")
            lines += diff.sourceChanged.map { change in
                "  \(change.key) \(MessageText.quoted(change.old)) → \(MessageText.quoted(change.new))" + (change.overriddenIn.map { " (overridden in \($0))" } ?? "")
            }
        }
        if !diff.localesAdded.isEmpty { lines += ["", "locales added: " + diff.localesAdded.joined(separator: ", ")] }
        if !diff.localesRemoved.isEmpty { lines += ["", "locales removed: " + diff.localesRemoved.joined(separator: ", ")] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{ "schemaVersion": 1, "old", "new", "added": [{"key", "source"}], "removed": [...],
    /// "sourceChanged": [{"key", "old", "new", "overriddenIn"}], "localesAdded": [{"locale"}],
    /// "localesRemoved": [{"locale"}] }`, and with a project `"overrides": [{"key", "file",
    /// "line", "column", "value", "oldSource", "likelyRename": {"key", "source", "score"} | null}]`.
    public var json: String {
        func keys(_ list: [SDKDiff.Key]) -> JSONValue {
            .array(list.map { .object([("key", .string($0.key)), ("source", .string($0.source))]) })
        }
        func number(_ value: Int?) -> JSONValue { value.map { .number(String($0)) } ?? .null }
        var members: [(key: String, value: JSONValue)] = [
            ("schemaVersion", .number("1")), ("old", .string(oldPath)), ("new", .string(newPath)),
            ("added", keys(diff.added)), ("removed", keys(diff.removed)),
            ("sourceChanged", .array(diff.sourceChanged.map { change in
                .object([("key", .string(change.key)), ("old", .string(change.old)), ("new", .string(change.new)),
                         ("overriddenIn", change.overriddenIn.map(JSONValue.string) ?? .null)])
            })),
            ("localesAdded", .array(diff.localesAdded.map { .object([("locale", .string($0))]) })),
            ("localesRemoved", .array(diff.localesRemoved.map { .object([("locale", .string($0))]) })),
        ]
        if let overrides = diff.overrides {
            members.append(("overrides", .array(overrides.map { item in
                .object([("key", .string(item.key)), ("file", .string(item.file)), ("line", number(item.line)), ("column", number(item.column)),
                         ("value", .string(item.value)), ("oldSource", .string(item.oldSource)),
                         ("likelyRename", item.likelyRename.map { rename in
                             .object([("key", .string(rename.key)), ("source", .string(rename.source)), ("score", .number(String(rename.score)))])
                         } ?? .null)])
            })))
        }
        return String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: .object(members)), as: UTF8.self)
    }
}
