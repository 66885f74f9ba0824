import Engine
import Tables

/// What `export` was asked for: a file or `-` (standard output), and the format.
struct ExportRequest: Equatable {
  /// The usage line for errors.
  static let usage = "export FILE|- [--format F]"
  /// The format names `--format` takes: every output format but the screen's table.
  static let formatNames = OutputFormat.allCases.filter { $0 != .table }.map(\.rawValue)

  /// The file, or `-` for standard output.
  var target: String
  /// `--format`, when given; else the file's extension names it (CSV for `-`).
  var format: OutputFormat?

  /// Whether the rows go to standard output.
  var isStandardOutput: Bool { target == "-" }

  /// Parses the text after `export`.
  static func parse(_ text: String) throws(ShellError) -> ExportRequest {
    let arguments = try FlaggedArguments.parse(text, command: "export", flags: ["--format"], usage: usage)
    var request = ExportRequest(target: try arguments.single(command: "export", usage: usage))
    if let name = arguments.values["--format"] {
      guard let format = OutputFormat(name: name) else {
        throw .invalidValue(option: "--format", value: name, allowed: OptionRegistry.oneOf(formatNames))
      }
      request.format = format
    }
    return request
  }

  /// The format to write: `--format`, else the extension's, else CSV for standard output.
  func outputFormat() throws(ShellError) -> OutputFormat {
    if let format { return format }
    if isStandardOutput { return .csv }
    return try tables { () throws(TableError) in try DatasetExporter.format(forPath: target) }
  }

  /// What Tab completes after `export`.
  static let completion = ArgumentCompletion.flagged(
    positional: .wordsAndFiles(["-"]), flags: ["--format": .words(formatNames)])
}

extension OutputFormat {
  /// The export format a `--format` value names: a format's name or an extension (`md`, `txt`).
  init?(name: String) {
    if let format = OutputFormat(rawValue: name.lowercased()), format != .table {
      self = format
    } else if let format = OutputFormat(fileExtension: name) {
      self = format
    } else {
      return nil
    }
  }
}
