/// Sessions on rows piped in: `--dataset -`, and the lines `--pick` and `--filter` search.
extension Session {
  /// Standard input as a dataset named `stdin`: `format`, else JSON when it starts like JSON and
  /// text (one row per line) otherwise, held to `LoadLimit.standard()`.
  static func openStandardInput(format: DataFormat?, scope: ColumnChoice = .automatic) throws(ShellError)
    -> Dataset
  {
    var options = LoadOptions(
      name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"), format: format,
      scope: scope)
    options.limit = try LoadLimit.standard()
    return try DatasetLoader.load(.standardInput, options: options).dataset
  }

  /// A session on the lines of standard input, one row each, as the picker and `--filter` read
  /// them (every line is a row, whatever it looks like); `match` names the rule, if given.
  public static func onStandardInputLines(console: Console, match: String?, useColor: Bool) throws(ShellError)
    -> Session
  {
    let dataset = try openStandardInput(format: .text, scope: .none)
    let session = Session(
      console: console, catalog: nil, opened: dataset, isInteractive: false, useColor: useColor)
    if let match { try session.setMatch(match) }
    return session
  }

  /// Prints every row matching `query` as data (`--filter`) and returns how many.
  ///
  /// The rows come in the order the rule gives (fuzzy: best first); an invalid query is an
  /// error before anything prints.
  @discardableResult
  public func printMatches(_ query: String) throws(ShellError) -> Int {
    try validateQuery(query)
    let rows = filteredRows(text: query, scope: 0)
    for index in 0..<rows.count { printData(dataset.title(rows[index])) }
    return rows.count
  }

  /// Writes the picker's rows as data: unescaped into a pipe, escaped on a terminal.
  public func printPicked(_ picker: PickerController) {
    for line in picker.pickedLines { printData(line) }
  }
}
