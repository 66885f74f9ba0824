/// How the search screen looks: the custom search bar tutorial's knobs and the navigation bar.
///
/// Unlike the lifecycle options these survive `load`, like the page size: they describe the
/// app's screen, not the dataset.
struct BarAppearance: Equatable {
  /// `searchBar.prompt`: a line above the bar; empty means none (UIKit's default nil).
  var prompt = ""
  /// The colour of the text typed into the bar.
  var textColor = BarColor.default
  /// `tintColor`: the cursor, the Cancel button and the selected scope (UIKit's default is blue).
  var tint = BarColor.blue
  /// `hidesNavigationBarDuringPresentation` (UIKit's default true).
  var hidesNavigationBar = true
  /// The fruit example: the table starts scrolled so the bar is out of sight until pulled.
  var startsHidden = false
}
