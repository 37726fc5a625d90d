// libFuzzer entry for L10nKit's readers. Built by Tests/Fuzz/run.sh together with every L10nKit
// source file into one module, so internal API (Pipeline.read(_:file:folder:)) is in reach.
//
// The environment variable FUZZ_TARGET picks the reader (one corpus per target; a crash file is
// replayed with the same FUZZ_TARGET). Besides "does not crash or hang", each target checks the
// house rule: whatever a reader throws is a LocatedError naming the input file with a 1-based
// line and column; and what a writer makes of a read file reads back.
import Foundation

let fuzzPath = "fuzz/input"

/// The reader under test, read once from FUZZ_TARGET.
let fuzzTarget: String = {
    guard let value = getenv("FUZZ_TARGET") else {
        fputs("set FUZZ_TARGET to one of: \(fuzzTargets.keys.sorted().joined(separator: " "))\n", stderr)
        exit(64)
    }
    let name = String(cString: value)
    guard fuzzTargets[name] != nil else {
        fputs("unknown FUZZ_TARGET \(name); known: \(fuzzTargets.keys.sorted().joined(separator: " "))\n", stderr)
        exit(64)
    }
    return name
}()

/// Stops the run (libFuzzer saves the input) when a thrown error breaks the house rule.
func checkLocated(_ error: Error, _ file: String = fuzzPath) {
    guard let located = error as? LocatedError else {
        fatalError("not a LocatedError: \(type(of: error)): \(error)")
    }
    guard let location = located.location else {
        fatalError("LocatedError without a location: \(located)")
    }
    if location.file != file || location.line < 1 || location.column < 1 {
        fatalError("bad location \(location) in: \(located)")
    }
}

/// Runs `body`; any error must be located in `fuzzPath`.
func located(_ body: () throws -> Void) {
    do { try body() } catch { checkLocated(error) }
}

/// What a writer produced from a successfully read file must read back without error.
func readsBack(_ what: String, _ body: () throws -> Void) {
    do { try body() } catch { fatalError("\(what) written from a readable input does not read back: \(error)") }
}

let fuzzTargets: [String: (Data) -> Void] = [
    "json": { data in
        located { _ = try JSONReader.parse(data, file: fuzzPath) }
        located { _ = try ProjectManifest.read(data, file: fuzzPath) }
        located { _ = try Pipeline.read(data, file: fuzzPath, folder: URL(fileURLWithPath: "/nonexistent-fuzz")) }
    },
    "xcstrings": { data in
        located {
            let catalog = try StringCatalogReader.read(data, file: fuzzPath)
            let written = StringCatalogWriter().data(for: catalog)
            readsBack("String Catalog") { _ = try StringCatalogReader.read(written, file: fuzzPath) }
        }
    },
    "strings": { data in
        located {
            let file = try StringsReader.parse(data, path: fuzzPath)
            let written = StringsWriter.canonicalData(for: file)
            readsBack("strings file") { _ = try StringsReader.parse(written, path: fuzzPath) }
        }
    },
    "stringsdict": { data in
        located {
            let file = try StringsdictReader.parse(data, path: fuzzPath)
            let written = StringsdictWriter.data(for: file)
            readsBack("stringsdict") { _ = try StringsdictReader.parse(written, path: fuzzPath) }
        }
    },
    "infoplist": { data in
        located { _ = try InfoPlistReader.parse(data, path: fuzzPath) }
    },
    "xliff": { data in
        located { _ = try XLIFFReader().read(data, path: fuzzPath) }
    },
    "ib": { data in
        located { _ = try InterfaceBuilderScanner().scan(data, path: fuzzPath) }
    },
    "swift": { data in
        // Tokenizing, then scanning for references and labels; a file that does not tokenize
        // throws a located SwiftSyntaxError, nothing else.
        located { _ = try SwiftLocalizationScanner(functions: ["L10n.tr", ".title"]).scan(data, path: fuzzPath) }
    },
    "format": { data in
        // source NUL translation NUL formatSpecifier: the last part, when present, makes the
        // texts a substitution's variations (argNum from its length).
        let parts = data.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let source = parts[0]
        let translation = parts.count > 1 ? parts[1] : source
        let substitution = parts.count > 2
            ? SubstitutionArgument(number: parts[2].isEmpty ? nil : parts[2].utf8.count % 4, formatSpecifier: parts[2])
            : nil
        let a = FormatString(source, substitution: substitution)
        let b = FormatString(translation, substitution: substitution)
        _ = a.positionalized
        _ = a.arguments
        _ = a.isEquivalent(to: b)
        _ = FormatString.mismatches(source: a, translation: b)
        _ = FormatString.mismatches(source: b, translation: a, options: FormatComparisonOptions(omittableArguments: [1]))
    },
]

/// With FUZZ_SCALE set (a number of items, or 1 for the default 5000), runs the scale probe of
/// the target instead of fuzzing and exits: 0 when every shape grows linearly, 1 otherwise.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    guard let value = getenv("FUZZ_SCALE") else { return 0 }
    let requested = Int(String(cString: value)) ?? 1
    let run = fuzzTargets[fuzzTarget]!
    exit(runScaleProbe(target: fuzzTarget, base: requested > 1 ? requested : 5000, run: run) ? 0 : 1)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    fuzzTargets[fuzzTarget]!(data)
    return 0
}
