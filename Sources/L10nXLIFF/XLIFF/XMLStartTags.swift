import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// The line and column of every element start tag in an XML text, in document order, found by a
/// light scan that libxml2's reader does not give (it keeps neither columns nor lines past 65535).
///
/// The scan also finds `<!ENTITY` declarations in a DOCTYPE's internal subset so the reader can
/// refuse them before libxml2 parses any of them.
struct XMLStartTags {
    /// 1-based (line, column) of each `<name`, columns counted in Unicode scalars.
    var positions: [(line: Int, column: Int)] = []
    /// Position of the first `<!ENTITY` declaration, if any.
    var entityDeclaration: (line: Int, column: Int)?

    /// Scans raw file bytes, decoding UTF-16 (by BOM or by a `<` in UTF-16 at the start) first.
    init(bytes: Data) {
        let utf8: [UInt8]
        let b = [UInt8](bytes.prefix(4))
        if b.count >= 2 && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF)) {
            utf8 = Array(Self.decodeUTF16(bytes, bigEndian: b[0] == 0xFE, skip: 2).utf8)
        } else if b.count >= 2 && b[0] == 0x3C && b[1] == 0x00 {
            utf8 = Array(Self.decodeUTF16(bytes, bigEndian: false, skip: 0).utf8)
        } else if b.count >= 2 && b[0] == 0x00 && b[1] == 0x3C {
            utf8 = Array(Self.decodeUTF16(bytes, bigEndian: true, skip: 0).utf8)
        } else if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
            utf8 = Array(bytes.dropFirst(3))
        } else {
            utf8 = Array(bytes)
        }
        scan(utf8)
    }

    private static func decodeUTF16(_ data: Data, bigEndian: Bool, skip: Int) -> String {
        let bytes = [UInt8](data.dropFirst(skip))
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            units.append(bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    private mutating func scan(_ s: [UInt8]) {
        s.withUnsafeBufferPointer { scan($0) }
    }

    private mutating func scan(_ s: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = s.count
        var locator = TextLocator(path: "")
        func position() -> (line: Int, column: Int) {
            let location = locator.location(at: i, in: s)
            return (location.line, location.column)
        }
        func advance() { i += 1 }
        func at(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard i + count <= n else { return false }
            return text.withUTF8Buffer { p in (0..<count).allSatisfy { s[i + $0] == p[$0] } }
        }
        func skip(past terminator: StaticString) {
            while i < n && !at(terminator) { advance() }
            for _ in 0..<terminator.utf8CodeUnitCount where i < n { advance() }
        }
        func skipQuoted() {
            let quote = s[i]
            advance()
            while i < n && s[i] != quote { advance() }
            if i < n { advance() }
        }

        while i < n {
            guard s[i] == 0x3C else { advance(); continue }
            if at("<!--") {
                skip(past: "-->")
            } else if at("<![CDATA[") {
                skip(past: "]]>")
            } else if at("<?") {
                skip(past: "?>")
            } else if at("<!") {
                advance(); advance()
                while i < n && s[i] != 0x3E {
                    if s[i] == 0x22 || s[i] == 0x27 {
                        skipQuoted()
                    } else if s[i] == 0x5B {
                        advance()
                        while i < n && s[i] != 0x5D {
                            if at("<!--") {
                                skip(past: "-->")
                            } else if at("<?") {
                                skip(past: "?>")
                            } else if s[i] == 0x22 || s[i] == 0x27 {
                                skipQuoted()
                            } else {
                                if at("<!ENTITY") && entityDeclaration == nil { entityDeclaration = position() }
                                advance()
                            }
                        }
                        if i < n { advance() }
                    } else {
                        advance()
                    }
                }
                if i < n { advance() }
            } else if at("</") {
                skip(past: ">")
            } else {
                positions.append(position())
                advance()
                while i < n && s[i] != 0x3E {
                    if s[i] == 0x22 || s[i] == 0x27 { skipQuoted() } else { advance() }
                }
                if i < n { advance() }
            }
        }
    }
}
