/// fzf's `--height`: how much of the terminal the picker takes, drawn below the prompt without the
/// alternate screen; `~` shrinks it to the rows there are.
public struct PickHeight: Equatable, Sendable {
  /// A size in lines or in percent of the terminal's height.
  public enum Size: Equatable, Sendable {
    case lines(Int)
    case percent(Int)
  }

  public var size: Size
  /// `~N`: no taller than the rows and the bar need (fzf's adaptive height).
  public var isAdaptive = false

  public init(size: Size, isAdaptive: Bool = false) {
    self.size = size
    self.isAdaptive = isAdaptive
  }

  /// `N`, `N%` or `~N%`, or nil when it is none of them (0 lines, past 100%, a word).
  public init?(_ text: String) {
    var rest = Substring(text)
    let adaptive = rest.first == "~"
    if adaptive { rest = rest.dropFirst() }
    if rest.last == "%" {
      guard let percent = Int(rest.dropLast()), (1...100).contains(percent) else { return nil }
      self.init(size: .percent(percent), isAdaptive: adaptive)
    } else {
      guard let lines = Int(rest), (1...10_000).contains(lines) else { return nil }
      self.init(size: .lines(lines), isAdaptive: adaptive)
    }
  }

  /// The lines it takes on a terminal `terminalHeight` lines high (at least 3, at most all).
  public func lines(onTerminalOf terminalHeight: Int) -> Int {
    let wanted: Int
    switch size {
    case .lines(let lines): wanted = lines
    case .percent(let percent): wanted = terminalHeight * percent / 100
    }
    return min(max(wanted, 3), max(terminalHeight, 1))
  }
}
