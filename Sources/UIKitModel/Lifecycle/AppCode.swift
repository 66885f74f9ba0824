/// What the app's own code does inside the callbacks that change UIKit's state, so the reducer
/// can follow it: the lifecycle is UIKit's, but a `resignFirstResponder()` or a segue is the app's.
package struct AppCode: Equatable, Sendable {
  /// Whether the app's `searchBarSearchButtonClicked(_:)` calls `resignFirstResponder()`
  /// (UIKit's own Search key does nothing more: spec, "Search button").
  package var resignsOnSearchButton = true
  /// The storyboard segue a row tap performs to open the detail view, if the app has one.
  package var segue: SegueCode?

  /// An app that resigns on the Search key, as most apps (and the generic one) do, and opens
  /// its detail view through `segue` (nil: the shell's `detail` opens it).
  package init(resignsOnSearchButton: Bool = true, segue: SegueCode? = nil) {
    self.resignsOnSearchButton = resignsOnSearchButton
    self.segue = segue
  }
}
