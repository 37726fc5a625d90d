import Foundation
import L10nCore

/// A localization key set on an Interface Builder object through a user-defined runtime
/// attribute (`keyPath="stbLocKey"`), which the app resolves in its Localizable table at run time.
/// Xcode never extracts these keys, so nothing but l10n checks that they exist.
public struct RuntimeLocalizationKey: Equatable, Sendable {
    /// The attribute's value: the key to look up (empty when the attribute has no value).
    public var key: String
    /// The attribute's key path (`stbLocKey`, `xibLocKey`...).
    public var keyPath: String
    /// The id of the object the attribute is set on (`kCO-9u-5kw`).
    public var objectID: String
    /// The XML element of that object (`label`, `button`...).
    public var elementName: String
    public var customClass: String?
    /// The object's localizer note (`userComments`), if any.
    public var note: String?
    /// Where the `<userDefinedRuntimeAttribute>` is.
    public var location: SourceLocation
}

/// A text property that ibtool extracts into the `<ObjectID>.<property>` entries of a base
/// localization's strings file (`Main.strings`) and Xcode exports as XLIFF units.
public struct InterfaceBuilderText: Equatable, Sendable {
    public var objectID: String
    /// `text`, `normalTitle`, `segmentTitles[0]`, `headerCell.title`...
    public var property: String
    /// The class ibtool names in its note: the platform class of the element (`UILabel`), not a custom class.
    public var className: String
    public var elementName: String
    public var customClass: String?
    public var value: String
    /// The object's localizer note (`userComments`), if any.
    public var note: String?
    /// Where the element that carries the value is.
    public var location: SourceLocation

    /// The strings-file key: `<ObjectID>.<property>`.
    public var stringsKey: String { objectID + "." + property }

    /// The comment ibtool writes above the entry and Xcode exports as the note:
    /// `Class = "UILabel"; text = "Run"; ObjectID = "3i8-2m-QFG";` with `Note = "...";` appended
    /// when the object has a localizer note. An indexed property is named with its object id
    /// (`dml-Pt-frp.ibShadowedToolTips[0] = "Remove";`), as ibtool does.
    public var ibtoolComment: String {
        let name = property.contains("[") ? stringsKey : property
        var comment = "Class = \(StringsWriter.quoted(className)); \(name) = \(StringsWriter.quoted(value)); ObjectID = \(StringsWriter.quoted(objectID));"
        if let note { comment += " Note = \(StringsWriter.quoted(note));" }
        return comment
    }
}

/// What a storyboard or XIB holds for localization.
public struct InterfaceBuilderDocument: Equatable, Sendable {
    public enum Platform: String, Sendable {
        case iOS
        case macOS
    }

    public var path: String
    /// From the document type: CocoaTouch (iOS, tvOS, visionOS) or Cocoa (macOS).
    public var platform: Platform
    /// Runtime-attribute keys, in document order.
    public var localizationKeys: [RuntimeLocalizationKey]
    /// Texts ibtool extracts, in document order.
    public var texts: [InterfaceBuilderText]
    /// Localizer notes by object id.
    public var notes: [String: String]

    /// The base strings file ibtool generates for this document (`Main.strings`): its layout,
    /// entries sorted by key, each under its ibtool comment.
    public func baseStrings(path: String, encoding: StringsEncoding = .utf8) -> StringsFile {
        var text = ""
        for item in texts.sorted(by: { $0.stringsKey.unicodeScalars.lexicographicallyPrecedes($1.stringsKey.unicodeScalars) }) {
            text += "\n" + StringsWriter.blockComment(item.ibtoolComment) + "\n"
            text += StringsWriter.quoted(item.stringsKey) + " = " + StringsWriter.quoted(item.value) + ";\n"
        }
        // The text is built from quoted strings only, so it always parses.
        var file = (try? StringsReader.parse(text, path: path)) ?? StringsFile(path: path)
        file.encoding = encoding
        return file
    }
}
