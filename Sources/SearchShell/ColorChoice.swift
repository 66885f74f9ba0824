import Tables

/// `--color auto|always|never`, as ls, grep and git take it.
enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
  case auto
  /// Colour wherever output goes (a pager that reads escapes, `less -R`).
  case always
  /// No colour anywhere.
  case never

  /// Whether output gets colour, given the environment and whether it reaches a terminal.
  func usesColor(environment: [String: String], isTerminal: Bool) -> Bool {
    switch self {
    case .auto: return TextStyle.colorEnabled(environment: environment, isTerminal: isTerminal)
    case .always: return true
    case .never: return false
    }
  }

  /// `--color`'s value read.
  static func parse(_ text: String) throws(Arguments.Failure) -> ColorChoice {
    guard let choice = ColorChoice(rawValue: text) else {
      throw Arguments.Failure(
        message: "Invalid value \(Sanitizer.quoted(text)) for '--color'. Expected 'auto', 'always' or 'never'"
      )
    }
    return choice
  }
}
