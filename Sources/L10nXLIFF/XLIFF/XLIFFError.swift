import L10nCore
import L10nFormats
import L10nLocale
/// Bad XLIFF input (or text that XLIFF cannot carry), located at the offending line and column.
public typealias XLIFFError = FormatError<XLIFFErrorKind>

/// What is wrong with an XLIFF input.
public enum XLIFFErrorKind: LocatedErrorKind {
    /// libxml2 refused the bytes: not well-formed XML, bad encoding.
    case malformedXML
    /// The root element is not `<xliff>`.
    case notXLIFF
    /// `<xliff version>` is not 1.2.
    case unsupportedVersion(String)
    /// A required attribute (`original`, `source-language`, `id`) is missing.
    case missingAttribute(String)
    /// A `<file>` without `target-language`: Xcode skips such files silently, we refuse them.
    case missingTargetLanguage
    /// A `<trans-unit>` without `<source>`.
    case missingSource
    /// A DTD declares entities or the text references one: never expanded (billion laughs).
    case entity
    /// The text holds a character XML 1.0 cannot represent (most C0 controls, U+FFFE, U+FFFF).
    case unrepresentableCharacter(Unicode.Scalar)
    /// An `.xcloc` bundle lacks a part, its `contents.json` is not readable, or it names another
    /// locale than the XLIFF's `target-language`.
    case bundle
    /// The file could not be read.
    case io

    public static let format = "XLIFF"
}
