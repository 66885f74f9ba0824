import ShellCore
import Tables

/// The load options of the command line, as `load` takes them: every FILE opens with them.
struct LoadArguments: Equatable {
  /// `--format F`: how to read the files, when not by extension.
  var format: DataFormat?
  /// `--delimiter D`, `--header auto|yes|none` and `--comment C`: how to read delimited files.
  var reading = ReadingOptions()
  /// `--title COL`: the title column.
  var title: String?
  /// `--scope COL|none`: the scope-bar column, or none.
  var scope: String?
  /// `--path KEY.KEY`: where a JSON file keeps its rows.
  var jsonPath: JSONKeyPath?
  /// `--no-cache`: read and index the files afresh, leaving the index cache alone.
  var noCache = false

  /// These options, for `Arguments.options`: the values checked as `load` checks them.
  static let options: [CommandLineOption] = [
    .value("--format") { arguments, value throws(Arguments.Failure) in
      arguments.load.format = try checked { () throws(ShellError) in try LoadRequest.format(named: value) }
    }.help(
      "Read FILE as text, csv, tsv, json or jsonl", value: "F",
      more: "Read FILE as text, csv, tsv, json or jsonl (default: by its extension).",
      completes: .words(DataFormat.allCases.map(\.rawValue))),
    .value("--delimiter") { arguments, value throws(Arguments.Failure) in
      arguments.load.reading.delimiter = try checked { () throws(ShellError) in
        try LoadRequest.delimiter(value)
      }
    }.help(
      "Read FILE as delimited by D", value: "D",
      more:
        "Read FILE as delimited by D: one byte (, ; | ...) or tab, comma, semicolon, pipe, space (default: sniffed).",
      completes: .words(["tab", "comma", "semicolon", "pipe", "space"])),
    .value("--header") { arguments, value throws(Arguments.Failure) in
      arguments.load.reading.header = try checked { () throws(ShellError) in try LoadRequest.header(value) }
    }.help(
      "Whether FILE's first row names the columns", value: "auto|yes|none",
      more:
        "Whether FILE's first row names the columns; none numbers them 1, 2, ... (default: auto, sniffed).",
      completes: .words(["auto", "yes", "none"])),
    .value("--comment") { arguments, value throws(Arguments.Failure) in
      arguments.load.reading.comment = try checked { () throws(ShellError) in try LoadRequest.comment(value) }
    }.help(
      "Skip FILE's lines starting with C", value: "C",
      more: "Skip FILE's lines starting with C (default: a tab table's leading '#' block)."),
    .value("--title") { arguments, value throws(Arguments.Failure) in
      arguments.load.title = try column(value, option: "--title")
    }.help(
      "FILE's title column", value: "COL",
      more: "FILE's title column (default: the column named name or title, else the first)."),
    .value("--scope") { arguments, value throws(Arguments.Failure) in
      arguments.load.scope = try column(value, option: "--scope")
    }.help(
      "FILE's scope-bar column, or none", value: "COL|none",
      more: "FILE's scope-bar column, or none (default: the column named category, type, kind or group).",
      completes: .words(["none"])),
    .value("--path") { arguments, value throws(Arguments.Failure) in
      arguments.load.jsonPath = try checked { () throws(ShellError) in try LoadRequest.keyPath(value) }
    }.help("The keys leading to the rows in FILE's JSON", value: "KEY.KEY"),
    .flag("--no-cache") { $0.load.noCache = true }
      .help(
        "Read and index FILE afresh, leaving the cache alone",
        more: "Read and index FILE afresh, leaving the index cache alone."),
  ]

  /// The first option given, for the error when there is no file to apply it to.
  var firstGiven: String? {
    if format != nil { return "--format" }
    if reading.delimiter != nil { return "--delimiter" }
    if reading.header != .auto { return "--header" }
    if reading.comment != nil { return "--comment" }
    if title != nil { return "--title" }
    if scope != nil { return "--scope" }
    if jsonPath != nil { return "--path" }
    return noCache ? "--no-cache" : nil
  }

  /// What `load` would be asked for `target` with these options.
  func request(for target: String) -> LoadRequest {
    var request = LoadRequest(target: target)
    request.format = format
    request.reading = reading
    request.title = title
    request.scope = scope
    request.jsonPath = jsonPath
    request.noCache = noCache
    return request
  }

  /// A column name: any text but the empty one.
  private static func column(_ value: String, option: String) throws(Arguments.Failure) -> String {
    guard !value.isEmpty else {
      throw Arguments.Failure(
        message: "Invalid value \(Sanitizer.quoted(value)) for '\(option)'. Expected a column name")
    }
    return value
  }

  /// `body`'s value, or its error as a bad command line (the message names the option and value).
  private static func checked<T>(_ body: () throws(ShellError) -> T) throws(Arguments.Failure) -> T {
    do { return try body() } catch { throw Arguments.Failure(message: error.description) }
  }
}
