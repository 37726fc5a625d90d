/// The version of l10n, written into the `<tool>` header of every XLIFF it exports.
public enum L10nVersion {
    public static let current = "0.1.0"
}
