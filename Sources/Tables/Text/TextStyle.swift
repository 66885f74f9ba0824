/// ANSI styling that is on only for a colour terminal (never with `NO_COLOR` or `TERM=dumb`).
public struct TextStyle: Sendable {
  /// Whether escape sequences are emitted at all.
  public let isEnabled: Bool

  public init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// Whether a terminal should get colour, from the environment and whether output is a terminal.
  public static func colorEnabled(environment: [String: String], isTerminal: Bool) -> Bool {
    guard isTerminal else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return true
  }

  /// Every SGR code this type writes, and only these: the sanitizer lets exactly these through.
  static let codes: Set<String> = Set(
    ["0", "1", "2", "1;33", "36", "7", "1;31"] + BarColor.allCases.compactMap(\.sgrCode)
      + BarColor.allCases.compactMap(\.backgroundCode))

  private func wrap(_ text: String, _ code: String) -> String {
    assert(Self.codes.contains(code), "an SGR code the sanitizer would escape")
    return isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Bold text.
  package func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dimmed text (placeholders, dimmed rows, trace state).
  package func dim(_ text: String) -> String { wrap(text, "2") }
  /// Matched characters in a row.
  package func highlight(_ text: String) -> String { wrap(text, "1;33") }
  /// A callback name in a trace.
  package func callback(_ text: String) -> String { wrap(text, "36") }
  /// Text in a bar colour (the terminal's own colour for `.default`).
  package func color(_ text: String, _ color: BarColor) -> String {
    guard let code = color.sgrCode else { return text }
    return wrap(text, code)
  }
  /// Text on a bar colour (`barTintColor`), which spans the styled pieces inside it: each of
  /// their resets sets the background again.
  package func background(_ text: String, _ color: BarColor) -> String {
    guard isEnabled, let code = color.backgroundCode else { return text }
    assert(Self.codes.contains(code), "an SGR code the sanitizer would escape")
    let open = "\u{1B}[\(code)m"
    return open + text.replacingOccurrences(of: "\u{1B}[0m", with: "\u{1B}[0m" + open) + "\u{1B}[0m"
  }
  /// The highlighted row in live mode.
  package func inverse(_ text: String) -> String { wrap(text, "7") }
  /// An error prefix.
  package func error(_ text: String) -> String { wrap(text, "1;31") }
}
