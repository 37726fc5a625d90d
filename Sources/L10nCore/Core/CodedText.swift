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
    @usableFromInline enum Storage: Hashable, Sendable {
        case known(UInt8)
        case other(Other)
    }

    /// Never a word of the vocabulary: those are always coded.
    @usableFromInline final class Other: Hashable, Sendable {
        @usableFromInline let text: String
        init(_ text: String) { self.text = text }
        @usableFromInline static func == (lhs: Other, rhs: Other) -> Bool { lhs.text == rhs.text }
        @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(text) }
    }

    @usableFromInline let storage: Storage

    /// Inlined where it is used: through the generic conformance, each comparison of two
    /// review states was a call through a witness table.
    @inlinable package static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.known(let left), .known(let right)): return left == right
        case (.other(let left), .other(let right)): return left.text == right.text
        default: return false
        }
    }

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
