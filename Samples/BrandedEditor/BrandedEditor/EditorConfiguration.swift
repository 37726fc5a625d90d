// swiftformat:disable unusedArguments
import IMGLYEditor
import SwiftUI

/// Brand Studio's editor: the brand book's words on a few buttons, set in code rather than in
/// Localizable.xcstrings (see Samples/README.md, traps 16 to 18).
struct BrandEditorConfiguration {
  func configure(_ builder: EditorConfigurationBuilder) {
    builder.dock { dock in
      dock.items { _ in
        // Trap 16: "Pictures" is a LocalizedStringKey, not the ly_img_editor_dock_button_images
        // override, and no table has the key "Pictures". (This comment's Text("Pictures") is not code.)
        Dock.Buttons.imagesLibrary(title: { _ in
          Text("Pictures")
        })
        // Reads the editor's chain: the app's override "Graphics" / "Grafiken" / "Graphismes".
        Dock.Buttons.elementsLibrary(title: { _ in
          Text(.imgly.localized("ly_img_editor_dock_button_elements"))
        })
        /* Trap 18: verbatim on purpose (a product name), but 15 columns in a 14-column dock.
           Dock.Buttons.textLibrary(title: { _ in Text("Headlines") }) was the old code. */
        Dock.Buttons.textLibrary(title: { _ in
          Text(verbatim: "Brand Headlines")
        })
      }
    }
    builder.inspectorBar { inspectorBar in
      inspectorBar.items { _ in
        InspectorBar.Buttons.duplicate()
        InspectorBar.Buttons.crop()
      }
    }
    builder.navigationBar { navigationBar in
      navigationBar.modify { _, items in
        items.replace(id: NavigationBar.Buttons.ID.undo) {
          // Trap 17: the SDK documentation's example, "Revert" as a LocalizedStringKey no table defines.
          NavigationBar.Buttons.undo(label: { context in
            Label {
              Text("Revert")
            } icon: {
              Image.imgly.undo
            }
            .opacity(context.state.viewMode == .preview ? 0 : 1)
            .labelStyle(.imgly.adaptiveIconOnly)
          })
        }
        items.replace(id: NavigationBar.Buttons.ID.export) {
          // The app's name is marked shouldTranslate: false, so it reads the same everywhere.
          NavigationBar.Buttons.export(label: { _ in
            Label { Text("Brand Studio") } icon: { Image.imgly.export }
          })
        }
      }
    }
  }
}
