import Foundation

/// The one shape of a file format's reader: the bytes, and the path to name in error locations,
/// in; the format's value type out, or a located error (`FormatError`) that names the path.
///
/// Every reader of l10n conforms (`StringsReader`, `StringsdictReader`, `StringCatalogReader`,
/// `InfoPlistReader`, `PropertyListXMLReader`, `JSONReader`, `IntentDefinition`, `XLIFFReader`),
/// so code and tests can take any format's reader the same way.
public protocol FormatReader {
    associatedtype Document
    static func parse(_ data: Data, path: String) throws -> Document
}

extension FormatReader {
    /// Reads a file; `displayPath` (default: the URL's path) names it in error locations. A file
    /// that cannot be read is an `InputError` naming it.
    public static func read(contentsOf url: URL, displayPath: String? = nil) throws -> Document {
        let path = displayPath ?? url.path
        return try parse(AtomicFile.read(url, shownAs: path), path: path)
    }
}
