/// How callbacks are printed as they fire.
enum TraceMode: String, CaseIterable {
  /// Not printed.
  case off
  /// One readable line per callback.
  case on
  /// One JSON object per line.
  case json
}
