import Foundation

/// Compares every catalog and `.strings` file of a project with its canonical form, from the
/// already parsed model (the files are read as bytes, not parsed again).
public struct CanonicalCheck: Sendable {
    public var project: Project

    public init(project: Project) { self.project = project }

    public struct Outcome: Sendable {
        /// Project-relative paths not in canonical form (or rewritten, when rewriting).
        public var nonCanonical: [String]
        public var rewritten: [String]
        public var checked: Int
        /// The bytes each rewritten file now has.
        public var written: [(path: String, data: Data)] = []
        /// Where each file not in canonical form first differs from it.
        public var differences: [String: CanonicalDifference] = [:]

        public var status: StageStatus { nonCanonical.isEmpty || !rewritten.isEmpty ? .passed : .findings }

        public var text: String {
            var lines = nonCanonical.map { path in
                rewritten.contains(path) ? "formatted \(path)"
                    : "\(path): not in canonical form" + (differences[path].map { " (\($0.description))" } ?? "")
            }
            lines.append("\(checked) files checked, \(nonCanonical.count) not canonical"
                         + (rewritten.isEmpty ? "" : ", \(rewritten.count) rewritten"))
            return lines.map { $0 + "\n" }.joined()
        }
    }

    /// Checks every file; with `rewrite`, writes the canonical bytes of each one that differs.
    public func run(rewrite: Bool) throws -> Outcome {
        // A layer outside the root is the project's file only when the manifest marks it writable.
        var canonical: [(String, Data)] = project.catalogs.filter { project.mayWrite(path: $0.path) }.map {
            ($0.path, StringCatalogWriter(finalNewline: .never).data(for: $0.catalog))
        }
        for table in project.stringsTables {
            for locale in table.locales {
                guard let file = table.files[locale] else { continue }
                canonical.append((table.path(locale: locale), StringsWriter.canonicalData(for: file)))
            }
        }
        try project.requireLocalizedFiles(for: "format")
        var outcome = Outcome(nonCanonical: [], rewritten: [], checked: canonical.count)
        var changes: [FileTransaction.Change] = []
        for (path, bytes) in canonical {
            let url = project.url(forPath: path)
            let actual = try AtomicFile.read(url, shownAs: path)
            guard actual != bytes else { continue }
            outcome.nonCanonical.append(path)
            outcome.differences[path] = CanonicalDifference(actual: actual, canonical: bytes)
            if rewrite {
                // Written only if the file is still the one discovery parsed (else another run
                // changed it and its update would be lost).
                changes.append(FileTransaction.Change(url: url, data: bytes, expected: project.fileStamps[path].map { .stamp($0) } ?? .unchecked))
                outcome.rewritten.append(path)
                outcome.written.append((path, bytes))
            }
        }
        var transaction = FileTransaction(root: project.root, changes: changes)
        transaction.allowedOutside = project.writableOutsideRootURLs
        try transaction.commit()
        return outcome
    }
}
