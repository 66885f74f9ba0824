import Foundation

/// Sessions on the lines piped in, as the picker and `--filter` read them.
extension Session {
  /// A session on the lines of standard input, one row each, as the picker and `--filter` read
  /// them (every line is a row, whatever it looks like); `match` names the rule, if given.
  public static func onStandardInputLines(
    console: Console, match: String?, useColor: Bool, configuration: ShellConfiguration = ShellConfiguration()
  ) throws(ShellError) -> Session {
    var request = LoadRequest(target: "-")
    request.format = .text
    request.scope = "none"
    let session = try Session(
      console: console, catalog: nil, opening: request, isInteractive: false, useColor: useColor,
      configuration: configuration)
    if let match { try session.setMatch(match) }
    return session
  }

  /// Prints every row matching `query` as data (`--filter`) and returns how many.
  ///
  /// The rows come in the order the rule gives (fuzzy: best first), read a chunk at a time; an
  /// invalid query is an error before anything prints.
  @discardableResult
  public func printMatches(_ query: String) throws(ShellError) -> Int {
    try validateQuery(query)
    let rows = filteredRows(text: query, scope: 0)
    let count = try rows.exactCount()
    for start in stride(from: 0, to: count, by: Self.listChunk) {
      for row in rows.rows(in: start..<min(start + Self.listChunk, count)) { printData(row.title) }
    }
    return count
  }

  /// Writes the picker's rows as data: unescaped into a pipe, escaped on a terminal.
  public func printPicked(_ picker: PickerController) {
    for line in picker.pickedLines { printData(line) }
  }
}
