import Foundation
import L10nCore

/// Scans storyboards and XIBs (streaming, libxml2) for runtime-attribute localization keys,
/// the texts ibtool extracts, and localizer notes.
///
/// Texts extracted, by element (platform class in parentheses):
///
/// iOS: `label` (UILabel) `text`; `textField` `text`, `placeholder`; `textView` `text`;
/// `button` `normalTitle`, `highlightedTitle`, `selectedTitle`, `disabledTitle` (from
/// `<state key=... title=...>`) and `configuration.title` (from `<buttonConfiguration>`);
/// `navigationItem` `title`, `prompt`, `backButtonTitle`; `barButtonItem` and `tabBarItem`
/// `title`; `segmentedControl` `segmentTitles[i]`; `searchBar` `text`, `placeholder`, `prompt`,
/// `scopeButtonTitles[i]`; `tableViewSection` `headerTitle`, `footerTitle`; every `...Controller`
/// `title`; `accessibilityLabel` and `accessibilityHint` of any object with an
/// `<accessibility key="accessibilityConfiguration">`.
///
/// macOS: `textFieldCell`, `searchFieldCell` `title`, `placeholderString`; `buttonCell` `title`,
/// `alternateTitle`; `menu`, `menuItem`, `window`, `box` `title`; `tabViewItem` `label`;
/// `toolbarItem` `label`, `paletteLabel`; `tableColumn` `headerCell.title`; `segmentedCell`
/// `ibShadowedToolTips[i]`; every `...Controller` `title`; `ibShadowedToolTip` of any element
/// with a `toolTip`.
///
/// A text given as a child `<string key="text">` (multi-line text) counts like the attribute.
/// Attributed strings are not extracted (ibtool does not extract them either).
public struct InterfaceBuilderScanner: Sendable {
    /// The runtime-attribute key paths that name a localization key.
    public var keyPaths: Set<String>

    public init(keyPaths: Set<String> = ["stbLocKey"]) {
        self.keyPaths = keyPaths
    }

    public func scan(contentsOf url: URL) throws -> InterfaceBuilderDocument {
        try scan(AtomicFile.read(url), path: url.path)
    }

    public func scan(_ data: Data, path: String) throws -> InterfaceBuilderDocument {
        var scan = Scan(stream: try XMLNodeStream(data: data, path: path), keyPaths: keyPaths)
        try scan.run()
        var document = InterfaceBuilderDocument(path: path, platform: scan.platform, localizationKeys: scan.keys,
                                                texts: scan.texts, notes: scan.notes)
        for index in document.texts.indices {
            // A macOS control's note also covers the cell that carries its title.
            let id = document.texts[index].objectID
            document.texts[index].note = scan.notes[id] ?? scan.cellControls[id].flatMap { scan.notes[$0] }
        }
        for index in document.localizationKeys.indices {
            document.localizationKeys[index].note = scan.notes[document.localizationKeys[index].objectID]
        }
        return document
    }
}

/// The state of one scan: the open elements and what was found so far.
private struct Scan {
    struct Frame {
        var name: String
        var attributes: [String: String]
        var line: Int
        var text = ""
        /// Children counted so far (segments, scope button titles).
        var index = 0
        /// What to record when this element ends: a text from its character data.
        var capture: Capture?
    }

    enum Capture {
        case text(owner: Int, property: String)
        /// `line` is the line of the `<userDefinedRuntimeAttribute>`.
        case runtimeKey(owner: Int, keyPath: String, line: Int)
        case noteFragment(owner: Int)
    }

    static let iOSProperties: [String: [String]] = [
        "label": ["text"], "textField": ["text", "placeholder"], "textView": ["text"],
        "navigationItem": ["title", "prompt", "backButtonTitle"], "barButtonItem": ["title"], "tabBarItem": ["title"],
        "searchBar": ["text", "placeholder", "prompt"], "tableViewSection": ["headerTitle", "footerTitle"],
    ]
    static let macOSProperties: [String: [String]] = [
        "textFieldCell": ["title", "placeholderString"], "searchFieldCell": ["title", "placeholderString"],
        "buttonCell": ["title", "alternateTitle"], "menuItem": ["title"], "menu": ["title"], "window": ["title"],
        "box": ["title"], "tabViewItem": ["label"], "toolbarItem": ["label", "paletteLabel"],
    ]

    let stream: XMLNodeStream
    let keyPaths: Set<String>
    var platform = InterfaceBuilderDocument.Platform.iOS
    var frames: [Frame] = []
    var keys: [RuntimeLocalizationKey] = []
    var texts: [InterfaceBuilderText] = []
    var notes: [String: String] = [:]
    /// The control each cell (`key="cell"`) belongs to, by object id.
    var cellControls: [String: String] = [:]
    var noteOwner: Int?

    init(stream: XMLNodeStream, keyPaths: Set<String>) {
        self.stream = stream
        self.keyPaths = keyPaths
    }

    mutating func run() throws {
        var sawDocument = false
        while let event = try stream.next() {
            switch event {
            case .start(let name, let attributes):
                if frames.isEmpty {
                    guard name == "document" else {
                        throw XMLStreamError("not an Interface Builder document: the root element is <\(name)>, not <document>",
                                             at: stream.location(ofTag: name, endingOnLine: stream.line),
                                             hint: name == "archive" ? "open the file in Xcode once to upgrade it to the current XIB format" : nil)
                    }
                    sawDocument = true
                    platform = (attributes["type"] ?? "").contains("CocoaTouch") || (attributes["targetRuntime"] ?? "").contains("CocoaTouch")
                        ? .iOS : .macOS
                }
                frames.append(Frame(name: name, attributes: attributes, line: stream.line))
                start(at: frames.count - 1)
            case .text(let text):
                if !frames.isEmpty { frames[frames.count - 1].text += text }
            case .end:
                guard let frame = frames.popLast() else { continue }
                end(frame)
            }
        }
        notes = notes.filter { !$0.value.isEmpty }
        if !sawDocument {
            throw XMLStreamError("not an Interface Builder document: it has no <document> element",
                                 at: SourceLocation(file: stream.path))
        }
    }

    // MARK: Elements

    private func className(of index: Int) -> String {
        let name = frames[index].name
        return (platform == .iOS ? "UI" : "NS") + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The nearest element at or above `index` that is an object (has an id).
    private func object(from index: Int) -> Int? {
        var current = index
        while current >= 0 {
            if frames[current].attributes["id"] != nil { return current }
            current -= 1
        }
        return nil
    }

    private func properties(of index: Int) -> [String] {
        let name = frames[index].name
        let table = platform == .iOS ? Self.iOSProperties : Self.macOSProperties
        if let properties = table[name] { return properties }
        return name.hasSuffix("Controller") ? ["title"] : []
    }

    private mutating func noteCell(_ owner: Int) {
        guard frames[owner].attributes["key"] == "cell", owner > 0, let id = frames[owner].attributes["id"],
              let control = object(from: owner - 1), let controlID = frames[control].attributes["id"] else { return }
        cellControls[id] = controlID
    }

    private mutating func record(owner: Int, property: String, value: String, line: Int) {
        guard let id = frames[owner].attributes["id"] else { return }
        noteCell(owner)
        texts.append(InterfaceBuilderText(
            objectID: id, property: property, className: className(of: owner), elementName: frames[owner].name,
            customClass: frames[owner].attributes["customClass"], value: value, note: nil,
            location: stream.location(ofTag: frames[line].name, endingOnLine: frames[line].line)))
    }

    private mutating func start(at index: Int) {
        let frame = frames[index]
        let parent = index > 0 ? index - 1 : nil
        let parentName = parent.map { frames[$0].name }

        for property in properties(of: index) {
            if let value = frame.attributes[property] { record(owner: index, property: property, value: value, line: index) }
        }
        if platform == .macOS, let toolTip = frame.attributes["toolTip"], frame.attributes["id"] != nil {
            record(owner: index, property: "ibShadowedToolTip", value: toolTip, line: index)
        }

        switch (frame.name, frame.attributes["key"]) {
        case ("state", let state?) where parentName == "button" && platform == .iOS:
            if let title = frame.attributes["title"] {
                record(owner: parent!, property: state + "Title", value: title, line: index)
            }
        case ("buttonConfiguration", "configuration") where parentName == "button":
            if let title = frame.attributes["title"] {
                record(owner: parent!, property: "configuration.title", value: title, line: index)
            }
        case ("segment", _) where parentName == "segments" && index >= 2:
            let control = index - 2
            let position = frames[parent!].index
            frames[parent!].index += 1
            if frames[control].name == "segmentedControl", platform == .iOS, let title = frame.attributes["title"] {
                record(owner: control, property: "segmentTitles[\(position)]", value: title, line: index)
            } else if frames[control].name == "segmentedCell", let toolTip = frame.attributes["toolTip"] {
                record(owner: control, property: "ibShadowedToolTips[\(position)]", value: toolTip, line: index)
            }
        case ("tableHeaderCell", "headerCell") where parentName == "tableColumn":
            if let title = frame.attributes["title"] {
                record(owner: parent!, property: "headerCell.title", value: title, line: index)
            }
        case ("accessibility", "accessibilityConfiguration"):
            if let owner = parent.flatMap(object(from:)) {
                if let label = frame.attributes["label"] { record(owner: owner, property: "accessibilityLabel", value: label, line: index) }
                if let hint = frame.attributes["hint"] { record(owner: owner, property: "accessibilityHint", value: hint, line: index) }
            }
        case ("userDefinedRuntimeAttribute", _):
            guard let keyPath = frame.attributes["keyPath"], keyPaths.contains(keyPath),
                  let owner = parent.flatMap(object(from:)) else { break }
            if let value = frame.attributes["value"] {
                recordKey(value, keyPath: keyPath, owner: owner, line: frame.line)
            } else {
                frames[index].capture = .runtimeKey(owner: owner, keyPath: keyPath, line: frame.line)
            }
        case ("string", "value") where parentName == "userDefinedRuntimeAttribute":
            if case .runtimeKey(let owner, let keyPath, let line)? = frames[parent!].capture {
                frames[index].capture = .runtimeKey(owner: owner, keyPath: keyPath, line: line)
                frames[parent!].capture = nil
            }
        case ("string", nil) where parentName == "scopeButtonTitles" && index >= 2 && frames[index - 2].name == "searchBar":
            frames[index].capture = .text(owner: index - 2, property: "scopeButtonTitles[\(frames[parent!].index)]")
            frames[parent!].index += 1
        case ("string", let key?) where parent != nil:
            if parentName == "state", platform == .iOS, key == "title", let state = frames[parent!].attributes["key"],
               parent! > 0, frames[parent! - 1].name == "button" {
                frames[index].capture = .text(owner: parent! - 1, property: state + "Title")
            } else if parentName == "buttonConfiguration", key == "title", parent! > 0 {
                frames[index].capture = .text(owner: parent! - 1, property: "configuration.title")
            } else if properties(of: parent!).contains(key) {
                frames[index].capture = .text(owner: parent!, property: key)
            } else if key == "content", parentName == "fragment", let owner = noteOwner {
                frames[index].capture = .noteFragment(owner: owner)
            }
        case ("attributedString", "userComments"):
            noteOwner = parent.flatMap(object(from:))
            if let owner = noteOwner, let id = frames[owner].attributes["id"] { notes[id] = "" }
        case ("fragment", _) where noteOwner != nil:
            if let content = frame.attributes["content"], let id = frames[noteOwner!].attributes["id"] {
                notes[id, default: ""] += content
            }
        default:
            break
        }
    }

    private mutating func end(_ frame: Frame) {
        switch frame.capture {
        case .text(let owner, let property)?:
            noteCell(owner)
            texts.append(InterfaceBuilderText(
                objectID: frames[owner].attributes["id"] ?? "", property: property, className: className(of: owner),
                elementName: frames[owner].name, customClass: frames[owner].attributes["customClass"], value: frame.text,
                note: nil, location: stream.location(ofTag: frame.name, endingOnLine: frame.line)))
        case .runtimeKey(let owner, let keyPath, let line)?:
            let text = frame.name == "userDefinedRuntimeAttribute" ? "" : frame.text
            recordKey(text, keyPath: keyPath, owner: owner, line: line)
        case .noteFragment(let owner)?:
            if let id = frames[owner].attributes["id"] { notes[id, default: ""] += frame.text }
        case nil:
            break
        }
        if frame.name == "attributedString", frame.attributes["key"] == "userComments" { noteOwner = nil }
    }

    private mutating func recordKey(_ key: String, keyPath: String, owner: Int, line: Int) {
        guard let id = frames[owner].attributes["id"] else { return }
        keys.append(RuntimeLocalizationKey(
            key: key, keyPath: keyPath, objectID: id, elementName: frames[owner].name,
            customClass: frames[owner].attributes["customClass"], note: nil,
            location: stream.location(ofTag: "userDefinedRuntimeAttribute", endingOnLine: line)))
    }
}
