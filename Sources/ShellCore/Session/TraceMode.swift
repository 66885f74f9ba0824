/// How callbacks are printed as they fire.
enum TraceMode: String, CaseIterable {
  /// One readable line per callback.
  case on
  /// Not printed.
  case off
  /// One JSON object per line.
  case json
  /// A table of the state after each callback, matches included.
  case state
}
