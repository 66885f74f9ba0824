import Engine
import Tables

/// What `load` was asked for: a bundled name, a path or `-`, and the column and format overrides.
package struct LoadRequest: Equatable {
  /// The usage line for errors.
  package static let usage =
    "load NAME|PATH|URL|- [--format F] [--delimiter D] [--header auto|yes|none] [--comment C] [--title COL] [--scope COL|none] [--path KEY.KEY] [--no-cache]"

  /// A bundled dataset's name, a file path, or `-` for standard input.
  package var target: String
  /// `--format`, when given.
  package var format: DataFormat?
  /// `--delimiter`, `--header` and `--comment`.
  package var reading = ReadingOptions()
  /// `--title`, when given.
  package var title: String?
  /// `--scope`, when given (`none` for no scope bar).
  package var scope: String?

  /// `--path KEY.KEY`: where a JSON file keeps its rows, when given.
  package var jsonPath: JSONKeyPath?
  /// `--no-cache`: read the file and build its index afresh, and leave the index cache alone.
  package var noCache = false

  /// A request for `target` with no options.
  package init(target: String) {
    self.target = target
  }

  /// The same options for another target: each file of the command line opens with them.
  package func opening(_ target: String) -> LoadRequest {
    var request = self
    request.target = target
    return request
  }

  /// Whether any option was given.
  package var hasOverrides: Bool {
    format != nil || title != nil || scope != nil || jsonPath != nil || !reading.isDefault
  }

  /// The title column choice.
  var titleChoice: ColumnChoice { title.map(ColumnChoice.named) ?? .automatic }

  /// The scope column choice.
  var scopeChoice: ColumnChoice {
    guard let scope else { return .automatic }
    return scope == "none" ? .none : .named(scope)
  }

  /// What Tab completes after `load`: dataset names and paths, the flags, and their values (for
  /// `--title` and `--scope`, the loaded dataset's columns: reloading a file with other roles).
  static let completion = ArgumentCompletion.flagged(
    positional: .datasetsAndFiles,
    flags: [
      "--format": .words(DataFormat.allCases.map(\.rawValue)), "--delimiter": .words(delimiterChoices),
      "--header": .words(HeaderMode.allCases.map(\.rawValue)), "--comment": .words(["#", "%", ";"]),
      "--title": .columns(and: []),
      "--scope": .columns(and: ["none"]), "--path": .nothing,
    ], switches: ["--no-cache"])

  /// Parses the text after `load`.
  ///
  /// Without options the whole text is the name, as typed (so a path with spaces needs no
  /// quotes); with options the words are split as the shell splits them and one must remain.
  static func parse(_ text: String) throws(ShellError) -> LoadRequest {
    let arguments = try FlaggedArguments.parse(
      text, command: "load",
      flags: ["--format", "--delimiter", "--header", "--comment", "--title", "--scope", "--path"],
      switches: ["--no-cache"], usage: usage)
    var request = LoadRequest(target: try arguments.single(command: "load", usage: usage))
    request.format = try arguments.values["--format"].map(format(named:))
    if let value = arguments.values["--delimiter"] { request.reading.delimiter = try delimiter(value) }
    if let value = arguments.values["--header"] { request.reading.header = try header(value) }
    if let value = arguments.values["--comment"] { request.reading.comment = try comment(value) }
    request.title = arguments.values["--title"]
    request.scope = arguments.values["--scope"]
    request.jsonPath = try arguments.values["--path"].map(keyPath(_:))
    request.noCache = arguments.switches.contains("--no-cache")
    return request
  }

  /// `--format F` read: a format's name, or the error naming the value and the choices.
  package static func format(named name: String) throws(ShellError) -> DataFormat {
    guard let format = DataFormat(name: name) else {
      throw .invalidValue(
        option: "--format", value: name, allowed: OptionRegistry.oneOf(DataFormat.allCases.map(\.rawValue)))
    }
    return format
  }

  /// What Tab offers after `--delimiter`.
  static let delimiterChoices =
    [",", ";", "|", "tab"] + ReadingOptions.delimiterWords.map(\.word).filter { $0 != "tab" }

  /// `--delimiter D` read: one byte, `\t` or a word, or the error naming the value.
  package static func delimiter(_ value: String) throws(ShellError) -> UInt8 {
    guard let byte = ReadingOptions.byte(named: value) else {
      throw .invalidValue(
        option: "--delimiter", value: value,
        allowed: "one byte such as ',' ';' '|', or \\t, tab, comma, semicolon, pipe, space")
    }
    return byte
  }

  /// `--header auto|yes|none` read, or the error naming the value.
  package static func header(_ value: String) throws(ShellError) -> HeaderMode {
    guard let mode = HeaderMode(rawValue: value.lowercased()) else {
      throw .invalidValue(
        option: "--header", value: value, allowed: OptionRegistry.oneOf(HeaderMode.allCases.map(\.rawValue)))
    }
    return mode
  }

  /// `--comment C` read: the one printable ASCII character that starts a comment line.
  package static func comment(_ value: String) throws(ShellError) -> UInt8 {
    let bytes = Array(value.utf8)
    guard bytes.count == 1, let byte = bytes.first, byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"")
    else {
      throw .invalidValue(option: "--comment", value: value, allowed: "one character such as '#' or '%'")
    }
    return byte
  }

  /// `--path KEY.KEY` read, or the error naming the value.
  package static func keyPath(_ text: String) throws(ShellError) -> JSONKeyPath {
    try tables { () throws(TableError) in try JSONKeyPath(parsing: text) }
  }
}
