import Foundation

/// Text folded for fuzzy comparison (translation-memory near matches, the SDK upgrade's likely
/// renames): NFC, lower case, punctuation and symbols dropped, runs of white space as one space.
package enum TextFolding {
    /// NFC, lower case, punctuation and symbols dropped, runs of white space as one space.
    package static func fold(_ text: String) -> String {
        foldASCII(text) ?? foldScalars(text)
    }

    /// `fold` scalar by scalar, for any text.
    package static func foldScalars(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var space = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            switch foldClass(of: scalar) {
            case .dropped:
                continue
            case .space:
                space = !result.isEmpty
            case .kept:
                if space { result.append(" ") }
                space = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    package enum FoldClass: UInt8 { case kept, dropped, space }

    package static func foldClass(of scalar: Unicode.Scalar) -> FoldClass {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol:
            .dropped
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
            .space
        default:
            .kept
        }
    }

    /// `foldClass` of every ASCII scalar, so that ASCII text (NFC and its own lower case aside
    /// from A–Z) folds byte by byte with the same result.
    private static let asciiFoldClasses: [FoldClass] = (0..<128).map { foldClass(of: Unicode.Scalar(UInt8($0))) }

    private static func foldASCII(_ text: String) -> String? {
        return text.withUTF8Bytes { bytes -> String? in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var space = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                switch asciiFoldClasses[Int(byte)] {
                case .dropped:
                    continue
                case .space:
                    space = !result.isEmpty
                case .kept:
                    if space { result.append(UInt8(ascii: " ")) }
                    space = false
                    result.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
