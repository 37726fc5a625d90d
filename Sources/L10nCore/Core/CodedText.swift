/// The words a `CodedText` keeps as a code. None may have a canonically equivalent spelling
/// other than itself (no `K`, `;` or `` ` ``), so a text equal to a word (`String ==`) is
/// exactly its bytes, and a coded text reads back the bytes it was made of.
package protocol TextVocabulary {
    static var texts: [String] { get }
}

/// A text of a small vocabulary (review states) in eight bytes: a word of the vocabulary as its
/// index, any other text boxed. For fields held once per unit of a project, where a `String`
/// takes sixteen; equal, and hashed alike, exactly when the texts are.
package struct CodedText<Vocabulary: TextVocabulary>: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case known(UInt8)
        case other(Other)
    }

    /// Never a word of the vocabulary: those are always coded.
    private final class Other: Hashable, Sendable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (lhs: Other, rhs: Other) -> Bool { lhs.text == rhs.text }
        func hash(into hasher: inout Hasher) { hasher.combine(text) }
    }

    private let storage: Storage

    package init(_ text: String) {
        if let index = Vocabulary.texts.firstIndex(of: text) { storage = .known(UInt8(index)) } else { storage = .other(Other(text)) }
    }

    /// The text's place in the vocabulary; nil for any other text.
    package var vocabularyIndex: Int? {
        if case .known(let index) = storage { return Int(index) }
        return nil
    }

    package var text: String {
        switch storage {
        case .known(let index): return Vocabulary.texts[Int(index)]
        case .other(let other): return other.text
        }
    }
}
