import IMGLYEditor
import SwiftUI

/// The home screen: the app's own strings, looked up from code (see Samples/README.md, traps 19 and 20).
struct HomeView: View {
  let draftCount: Int
  let ownerName: String
  @State private var isPresented = false

  /// Text that mentions calls without making them: none of these count as references.
  static let notes = #"Text("Raw string, not a call") and \(notInterpolated)"#
  static let help = """
    Tap "Open Editor" to start. Text("Inside a multi-line string") is not a call.
      \(draftCount) is not interpolated here either: this is a static property's
    text, read only by people.
    """

  var body: some View {
    VStack {
      Text("Brand Studio")
      // Text("Old title") was removed; /* an unterminated comment opener in a line comment is harmless
      Text("\(draftCount) drafts")
      /* Trap 20: the owner's name is a String, so Xcode extracts the key "%@ drafts",
         which the catalog does not have (it has "%lld drafts"). /* nested */ Text("x") */
      Text("\(ownerName) drafts")
      Button(String(localized: "Open Editor")) {
        isPresented = true
      }
    }
    .navigationTitle(NSLocalizedString("home_welcome_title", comment: "Trap 19: no table has this key"))
    .fullScreenCover(isPresented: $isPresented) {
      ModalEditor {
        Editor(EngineSettings(license: "", userID: "brand-studio"))
          .imgly.configuration { BrandEditorConfiguration() }
      }
    }
  }
}
