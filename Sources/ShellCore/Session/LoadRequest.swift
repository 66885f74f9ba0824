import Engine
import Tables

/// What `load` was asked for: a bundled name, a path or `-`, and the column and format overrides.
struct LoadRequest: Equatable {
  /// The usage line for errors.
  static let usage =
    "load NAME|PATH|- [--format F] [--title COL] [--scope COL|none] [--path KEY.KEY] [--no-cache]"

  /// A bundled dataset's name, a file path, or `-` for standard input.
  var target: String
  /// `--format`, when given.
  var format: DataFormat?
  /// `--title`, when given.
  var title: String?
  /// `--scope`, when given (`none` for no scope bar).
  var scope: String?

  /// `--path KEY.KEY`: where a JSON file keeps its rows, when given.
  var jsonPath: JSONKeyPath?
  /// `--no-cache`: read the file and build its index afresh, and leave the index cache alone.
  var noCache = false

  /// Whether any option was given.
  var hasOverrides: Bool { format != nil || title != nil || scope != nil || jsonPath != nil }

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
      "--format": .words(DataFormat.allCases.map(\.rawValue)), "--title": .columns(and: []),
      "--scope": .columns(and: ["none"]), "--path": .nothing,
    ])

  /// Parses the text after `load`.
  ///
  /// Without options the whole text is the name, as typed (so a path with spaces needs no
  /// quotes); with options the words are split as the shell splits them and one must remain.
  static func parse(_ text: String) throws(ShellError) -> LoadRequest {
    let arguments = try FlaggedArguments.parse(
      text, command: "load", flags: ["--format", "--title", "--scope", "--path"], switches: ["--no-cache"],
      usage: usage)
    var request = LoadRequest(target: try arguments.single(command: "load", usage: usage))
    if let name = arguments.values["--format"] {
      guard let format = DataFormat(name: name) else {
        throw .invalidValue(
          option: "--format", value: name, allowed: OptionRegistry.oneOf(DataFormat.allCases.map(\.rawValue)))
      }
      request.format = format
    }
    request.title = arguments.values["--title"]
    request.scope = arguments.values["--scope"]
    if let path = arguments.values["--path"] {
      request.jsonPath = try tables { () throws(TableError) in try JSONKeyPath(parsing: path) }
    }
    request.noCache = arguments.switches.contains("--no-cache")
    return request
  }
}
