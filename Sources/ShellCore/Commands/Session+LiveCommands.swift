/// The `live` command: the terminal goes to live mode's loop.
extension Session {
  /// `live`: hands the terminal to the executable's live loop, then shows the screen it left.
  ///
  /// A recording gets the commands equivalent to the keys (not `live` itself, which needs a
  /// terminal), merged once live mode ends, so typing a word records one `type WORD`.
  func liveCommand() throws(ShellError) {
    guard let liveRunner = hooks.liveRunner else { throw .liveNeedsTerminal }
    let start = live.commands.count
    defer {
      for command in live.commands[start...] { record(command.line, depth: scripting.depth) }
    }
    try liveRunner(self)
    guard screen.isTableAtHand else {
      // Ctrl-C left while a frame searched (the key stopped it): the bars show, the table is not
      // searched again, so the prompt comes back at once.
      for line in renderer().barLines() { console.print(line) }
      throw .cancelled(command: "live", outcome: "the text stays; its rows were not read ('list' reads them)")
    }
    printScreen(forceTable: true)
  }
}
