import Foundation

/// The manifest's `migrationKeyPattern`: how `migrate-ib` names the key of an element's text.
/// `{text}` is the source text (Xcode's key style, the default), `{snake}` the text in the
/// article's style (`Fill in the form` → `fill_in_the_form`), `{storyboard}` the file's name
/// without extension, `{id}` the object id, `{property}` the property (`text`, `normalTitle`).
public struct StoryboardKeyPattern: Sendable, Equatable {
    public static let placeholders = ["text", "snake", "storyboard", "id", "property"]
    public var pattern: String

    public init(_ pattern: String = "{text}") {
        self.pattern = pattern
    }

    /// Why a pattern is unusable (an unknown `{name}`, or none of `{text}`, `{snake}`, `{id}`,
    /// which would give every element the same key), or nil.
    public static func problem(in pattern: String) -> String? {
        var rest = Substring(pattern)
        var names: [String] = []
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return "an unclosed {" }
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        if let unknown = names.first(where: { !placeholders.contains($0) }) { return "unknown placeholder {\(unknown)}" }
        if !names.contains(where: { ["text", "snake", "id"].contains($0) }) { return "no {text}, {snake} or {id}" }
        return nil
    }

    /// The key for one text.
    public func key(text: String, storyboard: String, objectID: String, property: String) -> String {
        pattern.replacingOccurrences(of: "{text}", with: text)
            .replacingOccurrences(of: "{snake}", with: Self.snakeCase(text))
            .replacingOccurrences(of: "{storyboard}", with: storyboard)
            .replacingOccurrences(of: "{id}", with: objectID)
            .replacingOccurrences(of: "{property}", with: property)
    }

    /// Lower-cased letters and digits, every other run of characters one `_`.
    static func snakeCase(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.isEmpty, result.last != "_" {
                result.append("_")
            }
        }
        while result.hasSuffix("_") { result.removeLast() }
        return result
    }
}
