import Foundation
import L10nCore

/// Reads XML property lists (libxml2, no network, no DTD) into `PropertyListValue`s that keep
/// key order and the text of every scalar, with the location of every dictionary key.
public enum PropertyListXMLReader: FormatReader {
    /// Parses an XML property list; `path` is used in error locations.
    public static func parse(_ data: Data, path: String) throws -> PropertyListValue {
        try parse(data, path: path, encoding: nil)
    }

    /// The same, `encoding` overriding the declared one, for text already decoded (`UTF-8` for
    /// a UTF-16 file read as text).
    public static func parse(_ data: Data, path: String, encoding: String?) throws -> PropertyListValue {
        let stream = try XMLNodeStream(data: data, path: path, encoding: encoding)
        var root: PropertyListValue?
        while let event = try stream.next() {
            switch event {
            case .start(let name, _) where name == "plist":
                continue
            case .start(let name, _):
                guard root == nil else { throw unexpected("<\(name)>", stream, tag: name, "a property list holds one root value") }
                root = try parseValue(name, stream)
            case .end, .text:
                continue
            }
        }
        guard let root else {
            throw XMLStreamError("the property list has no value", at: SourceLocation(file: path),
                                 hint: "an XML property list looks like <plist version=\"1.0\"><dict>...</dict></plist>")
        }
        return root
    }

    private static func unexpected(_ what: String, _ stream: XMLNodeStream, tag: String?, _ detail: String) -> XMLStreamError {
        let location = tag.map { stream.location(ofTag: $0, endingOnLine: stream.line) }
            ?? SourceLocation(file: stream.path, line: stream.line, column: 1)
        return XMLStreamError("unexpected \(what) in property list: \(detail)", at: location,
                              hint: "compare the file with the property list format Xcode writes")
    }

    /// Reads the value whose start tag `name` was just read, through its end tag.
    private static func parseValue(_ name: String, _ stream: XMLNodeStream) throws -> PropertyListValue {
        switch name {
        case "dict":
            var dictionary = PropertyListDictionary()
            var pendingKey: (String, SourceLocation)?
            while let event = try stream.next() {
                switch event {
                case .start("key", _):
                    guard pendingKey == nil else { throw unexpected("<key>", stream, tag: "key", "a key needs a value before the next key") }
                    let location = stream.location(ofTag: "key", endingOnLine: stream.line)
                    pendingKey = (try text(of: "key", stream), location)
                case .start(let child, _):
                    guard let (key, location) = pendingKey else {
                        throw unexpected("<\(child)>", stream, tag: child, "a value in a dict needs a <key> before it")
                    }
                    dictionary.members.append(.init(key: key, value: try parseValue(child, stream), location: location))
                    pendingKey = nil
                case .end:
                    if let (key, location) = pendingKey {
                        throw XMLStreamError("the key \"\(key)\" has no value", at: location,
                                             hint: "follow every <key> in a dict with its value, e.g. <string></string>")
                    }
                    return .dictionary(dictionary)
                case .text(let text):
                    guard isBlank(text) else { throw unexpected("text", stream, tag: nil, "a dict holds only <key> and values") }
                }
            }
        case "array":
            var values: [PropertyListValue] = []
            while let event = try stream.next() {
                switch event {
                case .start(let child, _): values.append(try parseValue(child, stream))
                case .end: return .array(values)
                case .text(let text):
                    guard isBlank(text) else { throw unexpected("text", stream, tag: nil, "an array holds only values") }
                }
            }
        case "string":
            return .string(try text(of: name, stream))
        case "integer", "real", "date":
            let value = try text(of: name, stream).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else { throw unexpected("empty <\(name)>", stream, tag: nil, "a number or date needs a value") }
            return name == "integer" ? .integer(value) : name == "real" ? .real(value) : .date(value)
        case "data":
            return .data(try text(of: name, stream))
        case "true", "false":
            guard try text(of: name, stream).isEmpty else { throw unexpected("text in <\(name)/>", stream, tag: nil, "booleans are empty elements") }
            return .boolean(name == "true")
        default:
            throw unexpected("element <\(name)>", stream, tag: name,
                             "property lists use dict, key, array, string, integer, real, true, false, date and data")
        }
        throw XMLStreamError("the property list ends inside <\(name)>", at: SourceLocation(file: stream.path, line: stream.line, column: 1))
    }

    /// The text content of the element whose start tag was just read, through its end tag.
    private static func text(of name: String, _ stream: XMLNodeStream) throws -> String {
        var result = ""
        while let event = try stream.next() {
            switch event {
            case .text(let text): result += text
            case .end: return result
            case .start(let child, _): throw unexpected("<\(child)> inside <\(name)>", stream, tag: child, "<\(name)> holds only text")
            }
        }
        return result
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
