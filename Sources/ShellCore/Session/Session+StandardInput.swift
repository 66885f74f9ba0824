import Foundation

/// Sessions opened from the command line on rows piped in (`--dataset -`, the lines `--pick`
/// and `--filter` search) or on a JSON file's rows (`--dataset FILE --path KEY.KEY`).
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

  /// A session on the rows of the JSON file `nameOrPath` names (or `-`) at `keyPath`
  /// (`--dataset FILE --path KEY.KEY`); a recording loads it again the same way.
  public static func opening(
    jsonRowsAt keyPath: String, of nameOrPath: String, console: Console, catalog: DatasetCatalog?,
    isInteractive: Bool, useColor: Bool
  ) throws(ShellError) -> Session {
    let path = try JSONKeyPath(parsing: keyPath)
    let dataset: Dataset
    if nameOrPath == "-" {
      var options = LoadOptions(
        name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"), format: .json,
        jsonPath: path)
      options.limit = try LoadLimit.standard()
      dataset = try DatasetLoader.load(.standardInput, options: options).dataset
    } else {
      let file = HomeFolder.expanding(nameOrPath)
      guard FileManager.default.fileExists(atPath: file) else { throw .fileNotFound(nameOrPath) }
      let name = Sanitizer.printable(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
      var options = LoadOptions(
        name: name, source: .file(file), presets: DatasetPresets(title: name), jsonPath: path)
      options.limit = try LoadLimit.standard()
      dataset = try DatasetLoader.load(.file(file), options: options).dataset
    }
    let session = Session(
      console: console, catalog: catalog, opened: dataset, isInteractive: isInteractive, useColor: useColor)
    var request = LoadRequest(target: nameOrPath)
    request.jsonPath = path
    session.loadedWith = request
    return session
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
