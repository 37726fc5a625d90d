import Foundation
import L10nCore

/// The catalog format versions l10n reads and writes knowingly. A newer version is still read
/// and written (unknown fields are kept), but its meaning may have changed, so it is a warning.
public enum StringCatalogVersion {
    /// Versions Xcode 15 to 26 write (1.2 and 1.3 in real Xcode 26 projects: BreadUp's App
    /// Shortcuts catalog, Solstice's InfoPlist catalog with `machine_translated` states).
    public static let known: Set<String> = ["1.0", "1.1", "1.2", "1.3"]

    /// A warning for a catalog whose `version` l10n does not know, or nil.
    public static func warning(_ version: String?, file: String) -> String? {
        guard let version, !known.contains(version) else { return nil }
        return "\(file): warning: String Catalog version \"\(version)\" is not one l10n knows (\(known.sorted().joined(separator: ", "))); "
            + "its fields are kept as read, but check the result in Xcode"
    }

    /// The top-level `version` of a catalog in canonical form (as `StringCatalogWriter` writes it:
    /// top-level members are the only lines indented by exactly two spaces), found from the end
    /// without parsing the catalog again.
    public static func declared(inCanonical data: Data) -> String? {
        let marker = Array("\n  \"version\" : \"".utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var i = bytes.count - marker.count
            while i >= 0 {
                if bytes[i] == 0x0A, bytes[i..<(i + marker.count)].elementsEqual(marker) {
                    let start = i + marker.count
                    guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    return String(decoding: bytes[start..<end], as: UTF8.self)
                }
                // Top-level members follow `strings`, whose last line is "  }," : stop there.
                if bytes[i] == 0x0A, i + 4 < bytes.count, bytes[i + 1] == 0x20, bytes[i + 2] == 0x20, bytes[i + 3] == UInt8(ascii: "\""),
                   bytes[(i + 4)...].starts(with: Array("strings\"".utf8)) {
                    return nil
                }
                i -= 1
            }
            return nil
        }
    }
}
