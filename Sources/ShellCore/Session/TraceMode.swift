/// How callbacks are printed as they fire.
enum TraceMode: String, CaseIterable {
  /// One readable line per callback the app's code receives.
  case on
  /// One readable line per callback UIKit sends, each marked received, not implemented or unsent.
  case all
  /// Not printed.
  case off
  /// One JSON object per callback UIKit sends, with its receiver and whether it was received.
  case json
  /// A table of the state at each callback the app receives, matches included.
  case state
}
