import Foundation
import L10nLocale
import L10nFormats

/// Minimum coverage per locale: `"*"` for every locale not named.
public struct CoverageThresholds: Sendable, Equatable {
    public var byLocale: [String: Double]
    public var fallback: Double

    public init(byLocale: [String: Double] = [:], fallback: Double = 100) {
        self.byLocale = byLocale
        self.fallback = fallback
    }

    /// The threshold of `locale` however the project spells it (`pt_BR` finds `pt-BR`'s).
    public func threshold(for locale: String) -> Double {
        byLocale[locale] ?? LocaleIdentifier.canonicalized(locale).flatMap { byLocale[$0] } ?? fallback
    }
}

extension CoverageThresholds {
    /// Reads `100` (every locale) or `{ "fr": 100, "*": 90 }`; percentages from 0 to 100.
    package static func read(_ value: JSONValue, fail: (String) -> Error) throws -> CoverageThresholds {
        func percent(_ value: JSONValue) throws -> Double {
            guard case .number(let text) = value, let number = Double(text), (0...100).contains(number) else {
                throw fail("a percentage from 0 to 100, or an object of locale → percentage (\"*\" for the rest)")
            }
            return number
        }
        if case .number = value { return CoverageThresholds(fallback: try percent(value)) }
        guard let members = value.objectMembers else { throw fail("a percentage, or an object of locale → percentage") }
        var result = CoverageThresholds()
        for (locale, item) in members {
            if locale == "*" {
                result.fallback = try percent(item)
                continue
            }
            // A typo (`Frnch`) or a path would be a threshold no locale ever meets, silently.
            // Kept as the id it stands for: `DE` is `de`, whose threshold it sets.
            let id: String
            do {
                id = try LocaleIdentifier(validating: locale).rawValue
            } catch {
                throw fail("an object of locale → percentage (\"*\" for the rest); \(error.message)")
            }
            result.byLocale[id] = try percent(item)
        }
        return result
    }
}
