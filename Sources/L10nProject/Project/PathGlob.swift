/// A glob over project-relative paths, as project generators write them in `excludes:` and
/// `excluding:`: `*` and `?` within a name, `[a-z]` and `[!x]` classes, `**` for any number of
/// folders, `{a,b}` alternatives. A pattern that names a folder takes in everything inside it.
struct PathGlob: Equatable, Sendable {
    /// One component of an alternative: `**`, or a name pattern's bytes.
    private enum Component: Equatable, Sendable {
        case anyFolders
        case name([UInt8])
    }

    /// The alternatives after braces are expanded.
    private let alternatives: [[Component]]

    /// At most this many alternatives per pattern: `{a,b}{c,d}…` doubles with each group.
    static let alternativeLimit = 64
    /// Longer patterns match nothing: no real one comes near, and matching costs their length.
    static let lengthLimit = 1_024

    init(_ pattern: String) {
        guard pattern.utf8.count <= Self.lengthLimit else {
            alternatives = []
            return
        }
        alternatives = Self.expandingBraces(pattern).map { alternative in
            alternative.split(separator: "/", omittingEmptySubsequences: true).map { $0 == "**" ? .anyFolders : .name(Array($0.utf8)) }
        }
    }

    /// Whether `path` or a folder above it matches.
    func matches(_ path: String) -> Bool {
        var budget = Int.max
        return matches(path, budget: &budget) ?? false
    }

    /// `matches(_:)` within `budget` steps, which it spends; nil when they run out first. A
    /// pattern's cost is its alternatives times the path's folders times their bytes, and a
    /// caller matching many pairs shares one budget among them.
    func matches(_ path: String, budget: inout Int) -> Bool? {
        let components = path.split(separator: "/").map { Array($0.utf8) }
        for pattern in alternatives {
            for length in 1...max(1, components.count) {
                guard let matched = Self.match(pattern[...], components.prefix(length), budget: &budget) else { return nil }
                if matched { return true }
            }
        }
        return false
    }

    /// Wildcard matching with one backtrack point: `**` stands for any run of components, as
    /// `*` for any run of bytes within one. Nil when the budget runs out.
    private static func match(_ pattern: ArraySlice<Component>, _ components: ArraySlice<[UInt8]>, budget: inout Int) -> Bool? {
        var p = pattern.startIndex, c = components.startIndex
        var star: (p: Int, c: Int)?
        while c < components.endIndex {
            budget -= 1
            if budget < 0 { return nil }
            if p < pattern.endIndex, pattern[p] == .anyFolders {
                star = (p, c)
                p += 1
                continue
            }
            if p < pattern.endIndex, case .name(let name) = pattern[p] {
                guard let matched = matchName(name[...], components[c][...], budget: &budget) else { return nil }
                if matched {
                    p += 1
                    c += 1
                    continue
                }
            }
            guard let last = star else { return false }
            star = (last.p, last.c + 1)
            p = last.p + 1
            c = last.c + 1
        }
        while p < pattern.endIndex, pattern[p] == .anyFolders { p += 1 }
        return p == pattern.endIndex
    }

    /// One name against one pattern component: `*`, `?`, `[…]`, `\x`.
    private static func matchName(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>, budget: inout Int) -> Bool? {
        var p = pattern.startIndex, n = name.startIndex
        var star: (p: Int, n: Int)?
        while n < name.endIndex {
            budget -= 1
            if budget < 0 { return nil }
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = (p, n)
                p += 1
                continue
            }
            if p < pattern.endIndex, let (matched, next) = single(pattern, at: p, name[n]), matched {
                // `?` takes a whole character, not one byte of it.
                let any = pattern[p] == UInt8(ascii: "?")
                p = next
                n += 1
                while any, n < name.endIndex, name[n] & 0xC0 == 0x80 { n += 1 }
                continue
            }
            guard let last = star else { return false }
            star = (last.p, last.n + 1)
            p = last.p + 1
            n = last.n + 1
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Whether the pattern element at `index` (`?`, a class, an escaped or plain byte) takes
    /// `byte`, and the index after the element.
    private static func single(_ pattern: ArraySlice<UInt8>, at index: Int, _ byte: UInt8) -> (Bool, Int)? {
        switch pattern[index] {
        case UInt8(ascii: "?"):
            return (true, index + 1)
        case UInt8(ascii: "\\") where index + 1 < pattern.endIndex:
            return (pattern[index + 1] == byte, index + 2)
        case UInt8(ascii: "["):
            var i = index + 1
            let negated = i < pattern.endIndex && (pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^"))
            if negated { i += 1 }
            var found = false, first = true
            while i < pattern.endIndex, first || pattern[i] != UInt8(ascii: "]") {
                first = false
                if i + 2 < pattern.endIndex, pattern[i + 1] == UInt8(ascii: "-"), pattern[i + 2] != UInt8(ascii: "]") {
                    if pattern[i] <= byte && byte <= pattern[i + 2] { found = true }
                    i += 3
                } else {
                    if pattern[i] == byte { found = true }
                    i += 1
                }
            }
            // An unclosed `[` is a plain character.
            guard i < pattern.endIndex else { return (byte == UInt8(ascii: "["), index + 1) }
            return (found != negated, i + 1)
        default:
            return (pattern[index] == byte, index + 1)
        }
    }

    /// `a/{b,c}/*.strings` → `a/b/*.strings`, `a/c/*.strings`; nested groups expand from the
    /// first, and no more than `alternativeLimit` patterns come out.
    static func expandingBraces(_ pattern: String) -> [String] {
        var results: [String] = []
        var pending = [pattern]
        while let next = pending.popLast() {
            let bytes = Array(next.utf8)
            guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else {
                results.append(next)
                if results.count >= alternativeLimit { break }
                continue
            }
            var depth = 0, close: Int?, commas: [Int] = []
            for index in open..<bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { close = index }
                case UInt8(ascii: ","): if depth == 1 { commas.append(index) }
                default: break
                }
                if close != nil { break }
            }
            guard let close, !commas.isEmpty else {
                // Unbalanced or without alternatives: the braces are plain characters.
                results.append(next)
                if results.count >= alternativeLimit { break }
                continue
            }
            let head = bytes[..<open], tail = bytes[(close + 1)...]
            let bounds = [open] + commas + [close]
            for index in (0..<(bounds.count - 1)).reversed() where pending.count + results.count < alternativeLimit {
                let part = bytes[(bounds[index] + 1)..<bounds[index + 1]]
                pending.append(String(decoding: head + part + tail, as: UTF8.self))
            }
        }
        return results
    }
}
