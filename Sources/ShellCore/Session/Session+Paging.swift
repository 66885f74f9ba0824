/// Long output on a terminal: the pager, and a page size that follows the terminal's height.
extension Session {
  /// Runs a command typed at the prompt; when `pages` and its output is longer than the screen,
  /// the output goes through the pager (`set pager on`, a terminal, a pager to start).
  ///
  /// Quitting the pager early stops the command quietly, as psql stops a long result.
  func withPager(_ pages: Bool, _ body: () throws(ShellError) -> Void) throws(ShellError) {
    // Only the session's own console pages: not `quiet`'s, not a pager's already.
    guard pages, scripting.depth == 0, output.paging.isOn, console is SanitizingConsole,
      let pager = hooks.pager,
      let size = hooks.terminalSize?()
    else {
      return try body()
    }
    let saved = console
    let paged = PagingConsole(
      direct: saved, pager: pager, screen: size, keepingStyle: style.isEnabled,
      cancellation: hooks.interruption)
    console = paged
    defer {
      console = saved
      paged.finish()
    }
    do throws(ShellError) {
      try body()
    } catch {
      if paged.pagerQuit, error.isInterruption { return }
      throw error
    }
  }

  /// Makes a page as tall as the terminal leaves room for, unless `set page` chose one: the bar,
  /// the scope bar, the header and the line under the rows, the command and the next prompt.
  public func fitPageToTerminal() {
    guard !output.paging.pageSizeChosen, hooks.pageFollowsHeight, let size = hooks.terminalSize?() else {
      return
    }
    let renderer = renderer()
    let bar =
      max(renderer.barLines().count, 1) + (screen.dataset.hasScopes && renderer.scopeBarLine() == nil ? 1 : 0)
    let columnNames = screen.showsColumns ? 1 : 0
    screen.settings.pageSize = max(Self.smallestFittedPage, size.height - bar - columnNames - 4)
  }

  /// `set page ROWS|auto`: a page size that stays, or one that follows the terminal's height
  /// (10 rows off a terminal).
  func setPageSize(_ value: String) throws(ShellError) {
    if value == "auto" {
      output.paging.pageSizeChosen = false
      screen.settings.pageSize = SessionSettings.standardPageSize
      fitPageToTerminal()
      return
    }
    let limit = SessionSettings.pageSizeLimit
    guard let rows = Int(value), (1...limit).contains(rows) else {
      throw .invalidValue(
        option: "page", value: value, allowed: "'auto' or a number of rows from 1 to \(limit)")
    }
    screen.settings.pageSize = rows
    output.paging.pageSizeChosen = true
  }

  /// The smallest page a short terminal gets.
  static let smallestFittedPage = 3
}

/// Whether long output is paged, and whether the page size was chosen.
struct PagingSettings: Equatable {
  /// `set pager on|off`.
  var isOn = true
  /// Whether `set page` chose the page size, which then stays whatever the terminal's height.
  var pageSizeChosen = false
}
