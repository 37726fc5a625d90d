import Foundation
import L10nKit

/// `l10n migrate-ib STORYBOARD [--project DIR] [--dry-run]`: moves a storyboard from ibtool
/// strings files to `stbLocKey` runtime attributes and the Localizable table.
struct MigrateIBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "migrate-ib",
        abstract: "Move a storyboard's ibtool localization (<locale>.lproj/Main.strings) to stbLocKey keys in the Localizable table.",
        discussion: """
        For every element text a per-locale storyboard strings file localizes and the stbLocKey \
        extension covers (a label's text, a button's normal title, a text field's placeholder, a text \
        view's text, a navigation item's, bar button item's or tab bar item's title, a search bar's \
        placeholder): a stbLocKey user-defined runtime attribute in the storyboard (every other byte \
        kept), the key (the source text, suffixed _2, _3... when the table has it with other texts) \
        with every locale's text and the element's localizer note in the bundle's Localizable table \
        (its catalog, else its .strings files), and the entry removed from the strings files (a file \
        left empty is removed). Other properties (button states, a text field's text, segment titles) \
        stay with ibtool and are listed. When the app's Swift sources lack the @IBInspectable \
        stbLocKey extension for a class, it is written into a new Swift file: without it the \
        storyboard crashes at load. All files are written as one transaction; --dry-run writes \
        nothing. Exit status: 0 done, 2 unusable input (nothing written).
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("storyboard", help: "The storyboard or XIB (Base.lproj/Main.storyboard)."),
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .flag("dry-run", help: "Write nothing; show what would be migrated."),
    ] + WriteOptions.arguments

    let storyboard: String
    let project: String
    let dryRun: Bool
    let writing: WriteOptions

    init(_ arguments: ParsedArguments) throws {
        guard let storyboard = arguments.positional("storyboard"), !storyboard.isEmpty else {
            throw UsageError("name the storyboard to migrate")
        }
        self.storyboard = storyboard
        project = arguments.value("project") ?? "."
        dryRun = arguments.flag("dry-run")
        writing = try WriteOptions(arguments)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let root = context.url(for: project, isDirectory: true)
        let file = context.url(for: storyboard)
        _ = try AtomicFile.read(file, shownAs: storyboard)
        let resolvedRoot = FileTransaction.resolved(root), resolvedFile = FileTransaction.resolved(file)
        guard FileTransaction.isInside(resolvedFile, resolvedRoot), resolvedFile != resolvedRoot else {
            throw InputError(file: storyboard, "is not inside the project \(root.path)", hint: "pass the project folder with --project")
        }
        let relative = String(resolvedFile.path.dropFirst(resolvedRoot.path == "/" ? 1 : resolvedRoot.path.count + 1))
        if dryRun {
            try writing.awaitInterruptedWrites(in: root, context)
        } else {
            try writing.recoverInterruptedWrites(in: root, context)
        }
        let job = StoryboardMigrationJob(dryRun: dryRun, force: writing.force, lockTimeout: writing.lockTimeout)
        let plan = try job.run(root: root, storyboard: relative, waiting: context.note, warnings: context.note)
        let prefix = context.displayPrefix(for: root)
        for item in plan.migrated {
            let values = plan.locales.map { locale in "\(locale) \(item.values[locale].map(quoted) ?? "(none)")" }.joined(separator: ", ")
            context.print("\(item.objectID).\(item.property) (\(item.className)): key \(quoted(item.key))\(item.reused ? " (already in the table)" : ""): \(values)"
                + (item.comment.map { "; comment \(quoted($0))" } ?? ""))
        }
        for collision in plan.collisions {
            context.print("collision: \(quoted(collision.wanted)) is in \(plan.table) with other texts; \(collision.objectID) gets \(quoted(collision.key))")
        }
        for item in plan.kept {
            context.print("kept for ibtool: \(item.objectID).\(item.property) (\(item.className)): \(item.reason)")
        }
        if let path = plan.extensionPath {
            context.print("extension: \(dryRun ? "would write" : "wrote") \(prefix)\(path) for \(plan.extensionClasses.joined(separator: ", "))")
        } else if !plan.extensionFoundIn.isEmpty {
            context.print("extension: found in \(plan.extensionFoundIn.map { prefix + $0 }.joined(separator: ", "))")
        }
        for (path, action) in plan.files {
            context.print("\(dryRun ? "would be " : "")\(action.rawValue): \(prefix)\(path)")
        }
        for file in plan.newLocaleFiles {
            let count = file.lackedKeys.count
            context.note("warning: \(prefix)\(file.path) is new: \(count) other key\(count == 1 ? "" : "s") of the table (\(MessageText.firstItems(file.lackedKeys))) "
                + "\(count == 1 ? "has" : "have") no '\(file.locale)' value in it, so '\(file.locale)' devices show \(count == 1 ? "it as a raw key" : "them as raw keys"), "
                + "where they showed the development language's text; translate \(count == 1 ? "it" : "them") before shipping (l10n export --xliff --locale \(file.locale))")
        }
        let count = plan.migrated.count
        context.print("\(prefix)\(plan.storyboardPath): \(dryRun ? "would migrate" : "migrated") \(count) text\(count == 1 ? "" : "s") to \(plan.table)"
            + ", \(plan.kept.count) kept for ibtool" + (dryRun ? "; nothing written (--dry-run)" : ""))
        return .success
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
