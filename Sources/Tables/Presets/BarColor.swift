/// A terminal colour for the search bar's text, tint and background (`set bar-text-color`,
/// `set bar-tint`, `set bar-background`).
public enum BarColor: String, CaseIterable, Sendable {
  /// The terminal's own foreground colour.
  case `default`
  case black
  case red
  case green
  case yellow
  case blue
  case magenta
  case cyan
  case white
  /// `UIColor.orangeColor()`, the custom search bar tutorial's text and tint (256-colour 208).
  case orange

  /// The SGR foreground code, or nil for the terminal's default.
  var sgrCode: String? {
    switch self {
    case .default: return nil
    case .black: return "30"
    case .red: return "31"
    case .green: return "32"
    case .yellow: return "33"
    case .blue: return "34"
    case .magenta: return "35"
    case .cyan: return "36"
    case .white: return "37"
    case .orange: return "38;5;208"
    }
  }

  /// The SGR background code, or nil for the terminal's default.
  var backgroundCode: String? {
    switch self {
    case .default: return nil
    case .orange: return "48;5;208"
    case .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white:
      // 30-37 in the foreground are 40-47 in the background.
      return sgrCode.flatMap(Int.init).map { String($0 + 10) }
    }
  }
}
