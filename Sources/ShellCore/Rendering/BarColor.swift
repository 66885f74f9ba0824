/// A terminal colour for the search bar's text and tint (`set bar-text-color`, `set bar-tint`).
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
    }
  }
}
