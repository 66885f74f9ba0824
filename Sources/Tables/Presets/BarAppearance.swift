/// How the search screen looks: the custom search bar tutorial's knobs and the navigation bar.
///
/// A dataset's presets set them (the tutorials' screens); `load` applies them again, like the
/// other options. None of them sends a callback.
package struct BarAppearance: Equatable, Sendable {
  /// `searchBar.prompt`: a line above the bar; empty means none (UIKit's default nil).
  package var prompt = ""
  /// The colour of the text typed into the bar.
  package var textColor = BarColor.default
  /// `tintColor`: the cursor, the Cancel button and the selected scope (UIKit's default is blue).
  package var tint = BarColor.blue
  /// `barTintColor`: the bar's background (the terminal's own by default).
  package var background = BarColor.default
  /// `showsCancelButton = true`: the Cancel button shows even while the search is not active
  /// (the custom search bar tutorial); off, it comes and goes with the search.
  package var showsCancelButton = false
  /// The Chinese guide's own navigation bar: moved off screen in searchBarTextDidBeginEditing
  /// and back in searchBarTextDidEndEditing, so it returns after Search while still active.
  package var hidesCustomNavigationBarWhileEditing = false
  /// `hidesNavigationBarDuringPresentation` (UIKit's default true).
  package var hidesNavigationBar = true
  /// The fruit example: the table starts scrolled so the bar is out of sight until pulled.
  package var startsHidden = false

  /// UIKit's defaults.
  package init() {}

  /// Whether the Cancel button is on screen: while `searching`, or always with `showsCancelButton`.
  package func showsCancel(searching: Bool) -> Bool { showsCancelButton || searching }
}
