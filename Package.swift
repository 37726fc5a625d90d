// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "l10n",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "L10nKit", targets: ["L10nKit"]),
        .executable(name: "l10n", targets: ["l10n"]),
    ],
    targets: [
        // ICU behind a plain C API: Swift never sees an ICU header (docs/toolchain.md).
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icuuc"),
                .linkedLibrary("icui18n"),
                .linkedLibrary("icudata"),
            ]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The lowest layer: located errors, atomic writes and transactions, locale-id validation,
        // byte-level text primitives, ICU's Swift face. It uses nothing above it.
        .target(name: "L10nCore", dependencies: ["CICU"]),
        // File formats (a value type, a reader and a writer each) and the Swift tokenizer: they
        // use only L10nCore.
        .target(name: "L10nFormats", dependencies: ["L10nCore", "CLibXML2"]),
        // Apple's locale matching, locale ids, plural rules, format strings, text width.
        .target(name: "L10nLocale", dependencies: ["L10nCore", "L10nFormats", "CICU"]),
        // The XLIFF 1.2 document, its readers and writer, Xcode's unit ids and order, `.xcloc`.
        .target(name: "L10nXLIFF", dependencies: ["L10nCore", "L10nFormats", "L10nLocale"]),
        // The project model (discovery, the manifest, the lookup chain, custom labels, devices) and
        // the checks over it: one layer, since the manifest configures the checks and the checks
        // read the model.
        .target(name: "L10nProject", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "CICU"]),
        // Export and import: the units, the XLIFF exporter, the import policy, plan and writes;
        // pseudo-localization, which plans an import and an export of its own.
        .target(name: "L10nExchange", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject"]),
        // The renderings of results: coverage, findings, devices, SDK diff, errors.
        .target(name: "L10nReport", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange"]),
        // What a command or a pipeline stage runs (format, check, export, import, report,
        // devices, the storyboard migration): typed results, no printing, no exit codes.
        .target(name: "L10nJobs", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange", "L10nReport", "CICU"]),
        // The pipeline runner; the one import for users of the library.
        .target(name: "L10nKit", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange", "L10nReport", "L10nJobs", "CICU"]),
        // The targets below name every layer they see through L10nKit's re-export: SwiftPM then
        // rebuilds them when a layer's types change (through the re-export alone, an incremental
        // build kept object code of the old layout of `TransUnit` and crashed).
        .target(name: "L10nCommandLine", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange", "L10nReport", "L10nJobs", "L10nKit"]),
        .executableTarget(name: "l10n", dependencies: ["L10nCommandLine"]),
        // Generators of large projects and seeded texts: the bench and the tests use them, the
        // shipped library does not carry them.
        .target(name: "L10nTestSupport", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange", "L10nReport", "L10nJobs", "L10nKit"]),
        .executableTarget(name: "l10n-bench", dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange", "L10nReport", "L10nJobs", "L10nKit", "L10nTestSupport"]),
        .testTarget(
            name: "L10nKitTests",
            dependencies: ["L10nCore", "L10nFormats", "L10nLocale", "L10nXLIFF", "L10nProject", "L10nExchange", "L10nReport", "L10nJobs", "L10nKit", "L10nCommandLine", "L10nTestSupport", "l10n"],
            exclude: ["Golden"]
        ),
    ]
)
