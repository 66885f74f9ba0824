import Tables
import UIKitModel

/// `compare A B` to `end`: the same actions through two apps (or flavors), side by side.
///
/// Each side is a `SearchScreen` of its own over the session's dataset and backend; an action
/// runs on one, then the other, through the command's own handler with that screen swapped in
/// (its output caught, the screen not drawn), and the two are printed in two columns.
extension Session {
  /// `compare A B` starts a comparison; `compare end` ends it, as `end` does.
  func compareCommand(_ words: [String]) throws(ShellError) {
    if words == ["end"] { return try endCommand() }
    if let comparison { throw .alreadyComparing(comparison.left.word, comparison.right.word) }
    guard words.count == 2 else {
      throw .missingArgument(command: "compare", usage: "compare APP|FLAVOR APP|FLAVOR | compare end")
    }
    var sides: [ComparisonSide] = []
    for word in words {
      guard let side = ComparisonSide(word) else {
        throw .unknownComparisonSide(word, suggestion: word.nearest(in: ComparisonSide.words))
      }
      sides.append(side)
    }
    guard words[0] != words[1] else { throw .sameComparisonSides(words[0]) }
    let comparison = Comparison(
      left: .init(word: words[0], screen: comparisonScreen(sides[0])),
      right: .init(word: words[1], screen: comparisonScreen(sides[1])))
    self.comparison = comparison
    let dataset = Sanitizer.printable(screen.dataset.name)
    printWrapped("Comparing \(words[0]) (left) with \(words[1]) (right) over '\(dataset)', each as launched:")
    for side in [comparison.left, comparison.right] {
      printWrapped(side.label + ": " + side.screen.app.summary, indent: "  ", continuation: "    ")
    }
    printWrapped(
      "Each action runs on both: the callbacks each app receives, what each side says, then its "
        + "screen; between the columns '|' marks a difference, '<' and '>' a line of one side "
        + "only. 'end' stops.")
    let screens = (left: screenLines(comparison.left.screen), right: screenLines(comparison.right.screen))
    printSideBySide(labelsOf: comparison, then: SideBySide.aligned(screens.left, screens.right))
  }

  /// `end`: both final screens side by side, which actions differed, and the session's own
  /// screen back as it was before `compare`.
  func endCommand() throws(ShellError) {
    guard let comparison else { throw .notComparing }
    self.comparison = nil
    let count = comparison.actions.count
    printWrapped("The screens at the end, after \(count) action\(count == 1 ? "" : "s"):")
    let left = screenLines(comparison.left.screen, whole: true)
    let right = screenLines(comparison.right.screen, whole: true)
    printSideBySide(labelsOf: comparison, then: SideBySide.aligned(left, right))
    printWrapped("Callbacks received: " + Self.differences(comparison.differentCallbacks, of: count))
    printWrapped("Said and shown: " + Self.differences(comparison.differentScreens, of: count))
    printWrapped("The comparison ended; your own screen is as it was before 'compare'.")
  }

  /// Runs an action on both sides and prints them side by side; the same error on both sides
  /// is the command's, a different one shows in its side's column.
  func runCompared(_ command: Command, _ arguments: [String]) throws(ShellError) {
    guard var comparison else { return }
    let left = runSide(comparison.left.screen, command, arguments)
    let right = runSide(comparison.right.screen, command, arguments)
    if let error = left.error, let other = right.error, error.description == other.description { throw error }
    let action = Sanitizer.bounded(scripting.currentLine, limit: 40)
    comparison.actions.append(action)
    if left.received != right.received { comparison.differentCallbacks.append(action) }
    if left.said != right.said || left.screen != right.screen { comparison.differentScreens.append(action) }
    self.comparison = comparison
    // Each part aligned as diff aligns lines: what both sides have pairs up, in order.
    let rows =
      SideBySide.aligned(left.received, right.received) + SideBySide.aligned(left.said, right.said)
      + SideBySide.aligned(left.screen, right.screen)
    for line in SideBySide.lines(rows, width: outputWidth) { console.print(line) }
  }

  /// A screen over the session's dataset running `side`, with the session's other settings,
  /// as the app launches: the search inactive, the bar scrolled away where the dataset says.
  private func comparisonScreen(_ side: ComparisonSide) -> SearchScreen {
    let copy = SearchScreen(opened: screen.reopened())
    copy.settings = screen.settings
    copy.view = screen.view
    switch side {
    case .app(let id): copy.settings.choose(id)
    case .flavor(let flavor): copy.settings.lifecycle.setFlavor(flavor)
    }
    if copy.settings.appearance.startsHidden { _ = copy.apply([.tableScrolledPastBar]) }
    return copy
  }

  /// The width a side's lines are caught at: wide enough that none wraps before its column does.
  static let unwrappedWidth = 1_000

  /// Runs `command` with `side` swapped in for the session's screen: its lines caught unwrapped,
  /// the screen not drawn, the trace, the diagram and the table printed left as
  /// they were.
  private func runSide(_ side: SearchScreen, _ command: Command, _ arguments: [String]) -> ComparisonRun {
    let saved = (
      screen: screen, console: console, tracing: tracing, output: output, diagram: scripting.diagram
    )
    let caught = TranscriptConsole()
    screen = side
    console = SanitizingConsole(caught, keepingStyle: style.isEnabled)
    tracing = TraceSink()
    output.drawsScreen = false
    // Unwrapped here: the column wraps each line whole, its mark on the first.
    output.columnWidth = Self.unwrappedWidth
    // The NSLog lines go under their callbacks in the column, not among what the side says.
    let appLog = side.settings.appLog
    side.settings.appLog = false
    side.lastCallbacks = []
    var failure: ShellError?
    do throws(ShellError) {
      try command.run(self, arguments)
    } catch {
      failure = error
    }
    side.settings.appLog = appLog
    let received = receivedLines(side.lastCallbacks)
    (screen, console, tracing, output, scripting.diagram) = saved
    let said = caught.lines + (failure.map { ["error: " + $0.description] } ?? [])
    return ComparisonRun(received: received, said: said, screen: screenLines(side), error: failure)
  }

  /// The callbacks the screen's app received, in its naming, each with its NSLog lines under
  /// `set app-log on`.
  private func receivedLines(_ callbacks: [Callback]) -> [String] {
    let app = screen.app
    var lines: [String] = []
    for callback in callbacks where app.receipt(for: callback).isReceived {
      lines.append(screen.settings.naming.name(callback.name))
      if screen.settings.appLog { lines += traceLines(for: [callback], mode: .off) }
    }
    return lines.isEmpty ? ["(nothing received)"] : lines
  }

  /// The screen in one column: the bars and the table's header (`whole`: its first page), or
  /// the detail view while it is open.
  private func screenLines(_ side: SearchScreen, whole: Bool = false) -> [String] {
    let sight: TableSight = whole ? .page(1, exact: true) : .countOnly
    let snapshot = side.snapshot(table: sight, highlighting: false)
    let width = SideBySide.textWidth(outputWidth)
    let renderer = ScreenRenderer(snapshot: snapshot, style: style, width: width)
    if let detail = snapshot.detail {
      let lines = renderer.detailLines(detail)
      return whole ? lines : Array(lines.prefix(1))
    }
    return renderer.barLines() + (whole ? renderer.tableLines() : renderer.headerLines)
  }

  /// The two sides' labels, unmarked, then `rows`.
  private func printSideBySide(labelsOf comparison: Comparison, then rows: [SideBySide.Row]) {
    let labels = SideBySide.lines(
      [SideBySide.Row(left: comparison.left.label, right: comparison.right.label)], width: outputWidth,
      marked: false)
    for line in labels { console.print(style.bold(line)) }
    for line in SideBySide.lines(rows, width: outputWidth) { console.print(line) }
  }

  /// `different after 2 of 3 actions (focus, submit).`, or the same after each.
  static func differences(_ actions: [String], of count: Int) -> String {
    guard !actions.isEmpty else {
      return count == 0
        ? "no action ran." : "the same after each of the \(count) action\(count == 1 ? "" : "s")."
    }
    let named = actions.prefix(6).joined(separator: ", ") + (actions.count > 6 ? ", …" : "")
    return "different after \(actions.count) of \(count) action\(count == 1 ? "" : "s") (\(named))."
  }
}
