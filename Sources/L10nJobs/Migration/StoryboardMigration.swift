import Foundation
import L10nCore
import L10nFormats
import L10nXLIFF
import L10nProject

/// Moves a storyboard from ibtool localization (`<locale>.lproj/Main.strings`, keyed by object
/// id) to key-based localization: a `stbLocKey` runtime attribute on each element, its key and
/// every locale's text in the bundle's `Localizable` table, as the storyboard article recommends.
///
/// Plans only; `StoryboardMigrationJob` writes the plan under the files' locks.
public struct StoryboardMigration: Sendable {
    /// What the runtime-attribute extension sets for an element: one property per UIKit class.
    public struct CoveredProperty: Sendable, Equatable {
        public var elementName: String
        public var property: String
        public var className: String
        /// The Swift statement that shows the looked-up text (`text = value`).
        var setter: String
    }

    /// The properties the written extension covers; any other localized property of an element
    /// stays with ibtool (button states but `normal`, a text field's text, segment titles...).
    public static let coveredProperties: [CoveredProperty] = [
        CoveredProperty(elementName: "label", property: "text", className: "UILabel", setter: "text = value"),
        CoveredProperty(elementName: "button", property: "normalTitle", className: "UIButton", setter: "setTitle(value, for: .normal)"),
        CoveredProperty(elementName: "textField", property: "placeholder", className: "UITextField", setter: "placeholder = value"),
        CoveredProperty(elementName: "textView", property: "text", className: "UITextView", setter: "text = value"),
        CoveredProperty(elementName: "navigationItem", property: "title", className: "UINavigationItem", setter: "title = value"),
        CoveredProperty(elementName: "barButtonItem", property: "title", className: "UIBarButtonItem", setter: "title = value"),
        CoveredProperty(elementName: "tabBarItem", property: "title", className: "UITabBarItem", setter: "title = value"),
        CoveredProperty(elementName: "searchBar", property: "placeholder", className: "UISearchBar", setter: "placeholder = value"),
    ]

    /// Superclasses whose extension covers a class too (`extension UIBarItem` covers bar button items).
    static let coveringSuperclasses: [String: [String]] = ["UIBarButtonItem": ["UIBarItem"], "UITabBarItem": ["UIBarItem"]]

    public var project: Project
    /// Project-relative path of the storyboard (or XIB).
    public var storyboardPath: String

    public init(project: Project, storyboardPath: String) {
        self.project = project
        self.storyboardPath = storyboardPath
    }

    /// The runtime-attribute key path written: the project's first (`stbLocKey` by default).
    public var keyPath: String { project.storyboardKeyPaths.first ?? "stbLocKey" }

    public func plan() throws -> StoryboardMigrationPlan {
        let storyboardURL = project.url(forPath: storyboardPath)
        let original = try AtomicFile.read(storyboardURL, shownAs: storyboardPath)
        let document = try InterfaceBuilderScanner(keyPaths: Set(project.storyboardKeyPaths)).scan(original, path: storyboardPath)
        guard document.platform == .iOS else {
            throw InputError(file: storyboardPath, "is a macOS document; migrate-ib writes the UIKit extension, so it migrates iOS storyboards and XIBs only")
        }
        let name = ((storyboardPath as NSString).lastPathComponent as NSString).deletingPathExtension
        let lproj = (storyboardPath as NSString).deletingLastPathComponent
        let folder = ProjectDiscovery.lprojName(of: storyboardPath) == nil ? lproj : (lproj as NSString).deletingLastPathComponent
        guard ProjectDiscovery.lprojName(of: storyboardPath) != nil,
              let ibtoolTable = project.stringsTables.first(where: { $0.folder == folder && $0.table == name }),
              ibtoolTable.files.keys.contains(where: { $0 != "Base" }) else {
            throw InputError(file: storyboardPath, "has no ibtool strings files to migrate (\(folder.isEmpty ? "" : folder + "/")<locale>.lproj/\(name).strings)",
                             hint: "migrate-ib moves the texts of per-locale storyboard strings files into the Localizable table")
        }
        let stringsFiles = ibtoolTable.files.filter { $0.key != "Base" }
        let locales = Array(Set(stringsFiles.keys).union([project.sourceLanguage])).sorted()
        let keyPattern = StoryboardKeyPattern(project.manifest.migrationKeyPattern ?? "{text}")
        var table = LocalizableTable(project: project, bundle: ibtoolTable.bundle, folder: folder, locales: locales)

        var plan = StoryboardMigrationPlan(storyboardPath: storyboardPath, table: table.displayName, locales: locales)
        // The key path each keyed element has (Pack_It's buttons carry the app's own `xibLocKey`).
        let keyed = Dictionary(document.localizationKeys.map { ($0.objectID, $0.keyPath) }, uniquingKeysWith: { first, _ in first })
        let covered = Dictionary(Self.coveredProperties.map { ($0.elementName, $0) }, uniquingKeysWith: { first, _ in first })
        let spans = InterfaceBuilderElementSpans(original)
        var edits: [(offset: Int, length: Int, text: String)] = []
        var neededClasses: [String] = []
        var removedEntries: [String] = []

        for text in document.texts {
            let localized = stringsFiles.values.contains { $0.value(forKey: text.stringsKey) != nil }
            guard localized else { continue }
            guard let property = covered[text.elementName], property.property == text.property,
                  keyed[text.objectID] == nil, !text.value.isEmpty, let span = spans.byID[text.objectID] else {
                let reason = keyed[text.objectID].map { "the element already has a \($0) key" }
                    ?? covered[text.elementName].map { "the \(keyPath) extension of \($0.className) sets only \($0.property)" }
                    ?? "no \(keyPath) extension for \(text.className)"
                plan.kept.append(.init(objectID: text.objectID, property: text.property, className: text.className, reason: reason))
                continue
            }
            var values: [String: String] = [:]
            for locale in locales {
                values[locale] = stringsFiles[locale]?.value(forKey: text.stringsKey) ?? (locale == project.sourceLanguage ? text.value : nil)
            }
            let wanted = keyPattern.key(text: text.value, storyboard: name, objectID: text.objectID, property: text.property)
            let resolution = table.key(wanted, values: values, comment: text.note)
            if let collided = resolution.collidedWith {
                plan.collisions.append(.init(objectID: text.objectID, wanted: collided, key: resolution.key))
            }
            plan.migrated.append(.init(objectID: text.objectID, property: text.property, className: text.className,
                                       key: resolution.key, values: values, comment: text.note, reused: resolution.reused))
            edits.append(insertion(of: resolution.key, into: span, spans: spans))
            removedEntries.append(text.stringsKey)
            if !neededClasses.contains(property.className) { neededClasses.append(property.className) }
        }

        guard !plan.migrated.isEmpty else { return plan }

        // The storyboard, edited from the end so earlier offsets stay valid.
        var bytes = [UInt8](original)
        for edit in edits.sorted(by: { $0.offset > $1.offset }) {
            bytes.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.text.utf8))
        }
        plan.add(path: storyboardPath, url: storyboardURL, change: .init(url: storyboardURL, data: Data(bytes), expected: .bytes(original)), action: .modified)
        for change in table.changes() { plan.add(path: change.path, url: change.change.url, change: change.change, action: change.action) }
        plan.newLocaleFiles = table.newLocaleFiles()

        // The per-locale storyboard strings: migrated entries leave; a file left empty is removed.
        for locale in stringsFiles.keys.sorted() {
            var file = stringsFiles[locale]!
            let path = ibtoolTable.path(locale: locale)
            let url = project.url(forPath: path)
            for key in removedEntries { file.removeValue(forKey: key) }
            guard file != stringsFiles[locale]! else { continue }
            let expected = project.fileStamps[path].map(FileTransaction.Expected.stamp) ?? .unchecked
            if file.entries.isEmpty {
                plan.add(path: path, url: url, change: .removal(of: url, expected: expected), action: .removed)
            } else {
                plan.add(path: path, url: url, change: .init(url: url, data: StringsWriter.data(for: file), expected: expected), action: .modified)
            }
        }

        // The extension without which the storyboard crashes at load.
        let found = try inspectableExtensions()
        plan.extensionFoundIn = found.values.sorted().reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        let missing = neededClasses.filter { name in
            found[name] == nil && !(Self.coveringSuperclasses[name] ?? []).contains { found[$0] != nil }
        }
        if !missing.isEmpty {
            var path = (folder.isEmpty ? "" : folder + "/") + "InterfaceBuilderLocalization.swift"
            var number = 2
            while FileManager.default.fileExists(atPath: project.url(forPath: path).path) {
                path = (folder.isEmpty ? "" : folder + "/") + "InterfaceBuilderLocalization\(number).swift"
                number += 1
            }
            let url = project.url(forPath: path)
            plan.extensionClasses = missing
            plan.extensionPath = path
            plan.add(path: path, url: url, change: .init(url: url, data: Data(extensionSource(for: missing).utf8), expected: .absent), action: .created)
        }
        return plan
    }

    // MARK: Storyboard edits

    /// The bytes that give `span` a runtime attribute with `key`, placed as Xcode writes it:
    /// in the element's `<userDefinedRuntimeAttributes>` (made before `<connections>`, or at the
    /// end of the element), indented like its siblings.
    private func insertion(of key: String, into span: InterfaceBuilderElementSpans.Span,
                           spans: InterfaceBuilderElementSpans) -> (offset: Int, length: Int, text: String) {
        let attribute = "<userDefinedRuntimeAttribute type=\"string\" keyPath=\"\(Self.attributeEscaped(keyPath))\" value=\"\(Self.attributeEscaped(key))\"/>"
        let indent = spans.indentation(at: span.start)
        let unit = Self.indentUnit(spans: spans, span: span, indent: indent)
        let childIndent = indent + unit
        if let list = spans.child(named: "userDefinedRuntimeAttributes", of: span), !list.isEmpty {
            let line = childIndent + unit + attribute + "\n"
            if spans.startsLine(list.endTagStart) { return (spans.lineStart(of: list.endTagStart), 0, line) }
            return (list.endTagStart, 0, "\n" + line + childIndent)
        }
        let block = childIndent + "<userDefinedRuntimeAttributes>\n" + childIndent + unit + attribute + "\n"
            + childIndent + "</userDefinedRuntimeAttributes>\n"
        if span.isEmpty {
            // `<barButtonItem .../>` becomes `<barButtonItem ...>`, the list, `</barButtonItem>`.
            return (span.startTagEnd - 2, 2, ">\n" + block + indent + "</\(span.name)>")
        }
        let anchor = span.children.first(where: { $0.name == "connections" })?.start ?? span.endTagStart
        if spans.startsLine(anchor) { return (spans.lineStart(of: anchor), 0, block) }
        return (anchor, 0, "\n" + block + indent)
    }

    /// One level of indentation: from the element's first child when it has one, else four spaces (Xcode's).
    private static func indentUnit(spans: InterfaceBuilderElementSpans, span: InterfaceBuilderElementSpans.Span, indent: String) -> String {
        if let first = span.children.first, spans.startsLine(first.start) {
            let childIndent = spans.indentation(at: first.start)
            if childIndent.hasPrefix(indent), childIndent.count > indent.count { return String(childIndent.dropFirst(indent.count)) }
        }
        return "    "
    }

    /// A value escaped for a double-quoted XML attribute, as Xcode writes it (the XLIFF writer's
    /// escaping: `" & < >`, newline, tab and CR as character references).
    static func attributeEscaped(_ text: String) -> String { XLIFFWriter.escapeAttribute(text) }

    // MARK: The extension

    /// The classes the app's Swift sources give an `@IBInspectable var <keyPath>` in an
    /// extension, with the file that does it.
    func inspectableExtensions() throws -> [String: String] {
        var found: [String: String] = [:]
        for source in project.swiftSources {
            guard let data = try? AtomicFile.read(project.url(forPath: source.path)),
                  String(decoding: data, as: UTF8.self).contains(keyPath),
                  let tokens = try? SwiftTokenizer.tokenize(data, file: source.path) else { continue }
            var index = 0
            while index < tokens.count {
                guard tokens[index].identifier == "extension", index + 1 < tokens.count, let type = tokens[index + 1].identifier else {
                    index += 1
                    continue
                }
                // The extension's body: from its `{` to the matching `}`.
                var open = index + 2
                while open < tokens.count, !tokens[open].isPunctuation("{") { open += 1 }
                var depth = 0
                var close = open
                while close < tokens.count {
                    if tokens[close].isPunctuation("{") { depth += 1 }
                    if tokens[close].isPunctuation("}") { depth -= 1; if depth == 0 { break } }
                    close += 1
                }
                let body = tokens[min(open, tokens.count)..<min(close, tokens.count)]
                let names = body.map { $0.identifier }
                for (offset, name) in names.enumerated() where name == keyPath && offset >= 1 && names[offset - 1] == "var" {
                    let before = names[max(0, offset - 6)..<offset]
                    if before.contains("IBInspectable") || before.contains("objc") { found[type] = found[type] ?? source.path }
                }
                index = close + 1
            }
        }
        return found
    }

    /// The extension the article shows, one per class: setting the attribute shows the key's
    /// text from the Localizable table.
    func extensionSource(for classes: [String]) -> String {
        var text = """
        import UIKit

        // Written by `l10n migrate-ib`. Interface Builder sets the `\(keyPath)` user-defined runtime
        // attribute of a storyboard element through these properties, which show the key's text from
        // the Localizable table. Without them the storyboard crashes at load (the element is not key
        // value coding-compliant for the key `\(keyPath)`).

        """
        for name in classes {
            guard let property = Self.coveredProperties.first(where: { $0.className == name }) else { continue }
            text += """

            extension \(name) {
                @IBInspectable var \(keyPath): String? {
                    get { return nil }
                    set(key) {
                        let value = key.map { NSLocalizedString($0, comment: "") }
                        \(property.setter)
                    }
                }
            }

            """
        }
        return text
    }
}

/// What a storyboard migration does or would do.
public struct StoryboardMigrationPlan: Sendable {
    /// An element text moved to a key of the Localizable table.
    public struct Migrated: Sendable, Equatable {
        public var objectID: String
        public var property: String
        public var className: String
        public var key: String
        /// The text per locale (a locale whose strings file lacked the entry has none).
        public var values: [String: String]
        public var comment: String?
        /// Whether the key was already in the table with these texts.
        public var reused: Bool
    }

    /// A localized property left to ibtool, and why.
    public struct Kept: Sendable, Equatable {
        public var objectID: String
        public var property: String
        public var className: String
        public var reason: String
    }

    /// A key taken by other texts: the element got `key` instead of `wanted`.
    public struct Collision: Sendable, Equatable {
        public var objectID: String
        public var wanted: String
        public var key: String
    }

    public enum Action: String, Sendable {
        case modified, created, removed
    }

    public var storyboardPath: String
    /// The Localizable table written, as a path (a catalog) or `<folder>/<locale>.lproj/Localizable.strings`.
    public var table: String
    public var locales: [String]
    public var migrated: [Migrated] = []
    public var kept: [Kept] = []
    public var collisions: [Collision] = []
    /// Where the app already has the extension (for the classes it covers).
    public var extensionFoundIn: [String] = []
    /// The new Swift file with the extension, when the app lacks it for some classes.
    public var extensionPath: String?
    public var extensionClasses: [String] = []
    /// A `.strings` file the migration creates for a locale the table had no file for, with the
    /// table's keys it lacks: devices of that locale read the new file and show those keys raw,
    /// where they showed the development language's texts before.
    public struct NewLocaleFile: Sendable, Equatable {
        public var path: String
        public var locale: String
        public var lackedKeys: [String]
    }

    /// Every file written, created or removed, by project path.
    public var files: [(path: String, action: Action)] = []
    public var newLocaleFiles: [NewLocaleFile] = []
    public var changes: [FileTransaction.Change] = []

    init(storyboardPath: String, table: String, locales: [String]) {
        self.storyboardPath = storyboardPath
        self.table = table
        self.locales = locales
    }

    mutating func add(path: String, url: URL, change: FileTransaction.Change, action: Action) {
        files.append((path, action))
        changes.append(change)
    }
}

/// The bundle's `Localizable` table as the migration fills it: the catalog when the bundle has
/// one, else the `.strings` files (created for locales that have none).
struct LocalizableTable {
    struct Resolution {
        var key: String
        var reused: Bool
        var collidedWith: String?
    }

    let project: Project
    let locales: [String]
    var catalog: CatalogFile?
    var originalCatalog: CatalogFile?
    var strings: StringsTable
    var originalStrings: StringsTable
    /// Keys this run added or reused, so two elements of one run resolve against each other too.
    private var planned: [String: [String: String]] = [:]

    init(project: Project, bundle: String, folder: String, locales: [String]) {
        self.project = project
        self.locales = locales
        catalog = project.catalogs.first { $0.bundle == bundle && $0.table == "Localizable" && project.ownsCatalog(atPath: $0.path) }
        originalCatalog = catalog
        let existing = project.stringsTables.filter { $0.bundle == bundle && $0.table == "Localizable" }
        strings = existing.first { $0.folder == folder } ?? existing.first
            ?? StringsTable(bundle: bundle, table: "Localizable", folder: folder, files: [:], lprojNames: project.lprojNames)
        originalStrings = strings
    }

    var displayName: String {
        catalog?.path ?? strings.path(locale: "<locale>")
    }

    /// The values a key has in the table now, by locale.
    private func existingValues(_ key: String) -> [String: String]? {
        if let planned = planned[key] { return planned }
        if let catalog {
            guard let entry = catalog.catalog.entries[key] else { return nil }
            var values: [String: String] = [:]
            for (locale, localization) in entry.localizations ?? [:] {
                if let value = localization.stringUnit?.value { values[locale] = value }
            }
            if values[catalog.catalog.sourceLanguage] == nil { values[catalog.catalog.sourceLanguage] = key }
            return values
        }
        var values: [String: String] = [:]
        for (locale, file) in strings.files { if let value = file.value(forKey: key) { values[locale] = value } }
        return values.isEmpty ? nil : values
    }

    /// The key `text` (from the key pattern), suffixed `_2`, `_3`... when the table has it with
    /// other texts; records the values.
    mutating func key(_ text: String, values: [String: String], comment: String?) -> Resolution {
        var candidate = text
        var number = 2
        var collided: String?
        while let existing = existingValues(candidate),
              existing.contains(where: { locale, value in values[locale].map { $0 != value } ?? false }) {
            collided = text
            candidate = "\(text)_\(number)"
            number += 1
        }
        let existing = existingValues(candidate)
        set(candidate, values: values, comment: comment)
        planned[candidate] = (existing ?? [:]).merging(values) { old, _ in old }
        return Resolution(key: candidate, reused: existing != nil, collidedWith: collided)
    }

    private mutating func set(_ key: String, values: [String: String], comment: String?) {
        if var file = catalog {
            var entry = file.catalog.entries[key] ?? CatalogEntry(extractionState: .manual)
            if entry.comment == nil, let comment { entry.comment = comment }
            var localizations = entry.localizations ?? [:]
            for (locale, value) in values where localizations[locale]?.stringUnit == nil {
                localizations[locale] = CatalogLocalization(stringUnit: StringUnit(state: .translated, value: value))
            }
            entry.localizations = localizations
            file.catalog.setEntry(entry, forKey: key)
            catalog = file
            return
        }
        for (locale, value) in values where strings.files[locale]?.value(forKey: key) == nil {
            var file = strings.files[locale] ?? StringsFile(path: strings.path(locale: locale))
            file.setValue(value, forKey: key, comment: comment)
            strings.files[locale] = file
        }
    }

    /// The `.strings` files made for locales the table had none for, with the keys of the
    /// table they lack (its development-language file's, else every file's).
    func newLocaleFiles() -> [StoryboardMigrationPlan.NewLocaleFile] {
        guard catalog == nil, !originalStrings.files.isEmpty else { return [] }
        let tableKeys = originalStrings.sourceFile(sourceLanguage: project.sourceLanguage)?.file.keys
            ?? originalStrings.files.values.flatMap(\.keys)
        var result: [StoryboardMigrationPlan.NewLocaleFile] = []
        for locale in strings.files.keys.sorted() where originalStrings.files[locale] == nil {
            guard let file = strings.files[locale] else { continue }
            var seen = Set<String>()
            let lacked = tableKeys.filter { file.value(forKey: $0) == nil && seen.insert($0).inserted }
            if !lacked.isEmpty { result.append(.init(path: strings.path(locale: locale), locale: locale, lackedKeys: lacked)) }
        }
        return result
    }

    /// The files to write: only those whose content changed.
    func changes() -> [(path: String, change: FileTransaction.Change, action: StoryboardMigrationPlan.Action)] {
        if let catalog, let original = originalCatalog {
            guard catalog.catalog != original.catalog else { return [] }
            let url = project.url(forPath: catalog.path)
            let expected = project.fileStamps[catalog.path].map(FileTransaction.Expected.stamp) ?? .unchecked
            return [(catalog.path, .init(url: url, data: StringCatalogWriter(finalNewline: .asRead).data(for: catalog.catalog), expected: expected), .modified)]
        }
        var result: [(path: String, change: FileTransaction.Change, action: StoryboardMigrationPlan.Action)] = []
        for locale in strings.files.keys.sorted() where strings.files[locale] != originalStrings.files[locale] {
            let path = strings.path(locale: locale)
            let url = project.url(forPath: path)
            let isNew = originalStrings.files[locale] == nil
            let expected: FileTransaction.Expected = isNew ? .absent : project.fileStamps[path].map(FileTransaction.Expected.stamp) ?? .unchecked
            result.append((path, .init(url: url, data: StringsWriter.data(for: strings.files[locale]!), expected: expected), isNew ? .created : .modified))
        }
        return result
    }
}

/// Runs a storyboard migration: plans from the project as read, then writes every file as one
/// `FileTransaction` under their locks; when another run changed a file meanwhile, reads the
/// project again and plans again. A dry run only plans.
public struct StoryboardMigrationJob: Sendable {
    public var dryRun: Bool
    public var force: Bool
    public var lockTimeout: TimeInterval

    public init(dryRun: Bool = false, force: Bool = false, lockTimeout: TimeInterval = 60) {
        self.dryRun = dryRun
        self.force = force
        self.lockTimeout = lockTimeout
    }

    /// `storyboard` is relative to `root`. Throws for unusable input; nothing is written then.
    public func run(root: URL, storyboard: String, waiting: @escaping (String) -> Void = { _ in },
                    warnings: (String) -> Void = { _ in }) throws -> StoryboardMigrationPlan {
        for attempt in 1...ImportJob.attempts {
            let project = try ProjectDiscovery(root: root).discover()
            if attempt == 1 { project.warnings.forEach(warnings) }
            let plan = try StoryboardMigration(project: project, storyboardPath: storyboard).plan()
            if dryRun || plan.changes.isEmpty { return plan }
            let locks = try FileLock.lockAll(FileTransaction.lockable(plan.changes.map { FileTransaction.resolved($0.url) }, root: root),
                                             timeout: lockTimeout, waiting: waiting)
            defer { locks.forEach { $0.release() } }
            var transaction = FileTransaction(root: root, changes: plan.changes)
            transaction.protected = project.protectedPaths
            transaction.heldLocks = locks
            transaction.force = force
            transaction.lockTimeout = lockTimeout
            transaction.waiting = waiting
            do {
                try transaction.commit()
                return plan
            } catch let conflict as FileTransaction.Conflict where attempt < ImportJob.attempts {
                waiting("note: \(conflict.description); reading the project again")
            }
        }
        preconditionFailure("the last attempt returns or throws")
    }
}
