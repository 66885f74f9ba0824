import Engine
import Tables

/// The console of one command whose output may be long: its lines are held until they pass a
/// screenful, then go to the pager (held ones first); fewer go to the terminal at `finish`.
///
/// Lines reach the pager through a `SanitizingConsole`, as they reach the terminal. Errors wait
/// while the pager runs and print after it, so they are not drawn over its screen. When the
/// pager quits early, `cancellation` stops the command, which then ends quietly.
final class PagingConsole: Console {
  private let direct: Console
  private let pager: any Pager
  private let screen: (width: Int, height: Int)
  private let keepsStyle: Bool
  private let cancellation: SearchCancellation
  private var held: [String] = []
  private var heldRows = 0
  private var pagerOutput: (any PagerOutput)?
  private var pagerConsole: Console?
  private var errors: [String] = []
  /// Whether the lines go straight to `direct` (an error came first, or the pager did not start).
  private var isDirect = false

  /// Whether the pager quit before the command's output ended.
  private(set) var pagerQuit = false

  init(
    direct: Console, pager: any Pager, screen: (width: Int, height: Int), keepingStyle: Bool,
    cancellation: SearchCancellation
  ) {
    self.direct = direct
    self.pager = pager
    self.screen = screen
    self.keepsStyle = keepingStyle
    self.cancellation = cancellation
  }

  func print(_ line: String) {
    if let pagerConsole, let pagerOutput {
      guard !pagerQuit else { return }
      pagerConsole.print(line)
      if pagerOutput.hasQuit {
        pagerQuit = true
        cancellation.cancel()
      }
      return
    }
    if isDirect { return direct.print(line) }
    held.append(line)
    heldRows += Self.rows(line, width: screen.width)
    // The prompt takes the last line of the screen.
    if heldRows >= screen.height { startPager() }
  }

  func printError(_ line: String) {
    if pagerOutput != nil { return errors.append(line) }
    flushHeld()
    direct.printError(line)
  }

  /// Ends the command's output: the held lines to the terminal, or the pager closed (waiting for
  /// the person to leave it) and then the errors.
  func finish() {
    if let pagerOutput {
      pagerOutput.close()
      for error in errors { direct.printError(error) }
    } else {
      flushHeld()
    }
  }

  private func startPager() {
    guard let output = pager.open() else { return flushHeld() }
    pagerOutput = output
    let console = SanitizingConsole(output, keepingStyle: keepsStyle)
    pagerConsole = console
    for line in held { console.print(line) }
    held = []
  }

  private func flushHeld() {
    for line in held { direct.print(line) }
    held = []
    isDirect = true
  }

  /// How many screen lines `line` takes at `width` columns (escape codes take none).
  static func rows(_ line: String, width: Int) -> Int {
    let visible = LiveScreen.visibleCount(line)
    return max(1, (visible + max(1, width) - 1) / max(1, width))
  }
}
