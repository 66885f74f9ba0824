/// What `load` was asked for: a bundled name, a path or `-`, and the column and format overrides.
struct LoadRequest: Equatable {
  /// The usage line for errors.
  static let usage = "load NAME|PATH|- [--format F] [--title COL] [--scope COL|none] [--no-cache]"

  /// A bundled dataset's name, a file path, or `-` for standard input.
  var target: String
  /// `--format`, when given.
  var format: DataFormat?
  /// `--title`, when given.
  var title: String?
  /// `--scope`, when given (`none` for no scope bar).
  var scope: String?
  /// `--no-cache`: read the file and build its index afresh, and leave the index cache alone.
  var noCache = false

  /// Whether any option was given.
  var hasOverrides: Bool { format != nil || title != nil || scope != nil }

  /// The title column choice.
  var titleChoice: ColumnChoice { title.map(ColumnChoice.named) ?? .automatic }

  /// The scope column choice.
  var scopeChoice: ColumnChoice {
    guard let scope else { return .automatic }
    return scope == "none" ? .none : .named(scope)
  }

  /// Parses the text after `load`.
  ///
  /// Without options the whole text is the name, as typed (so a path with spaces needs no
  /// quotes); with options the words are split as the shell splits them and one must remain.
  static func parse(_ text: String) throws(ShellError) -> LoadRequest {
    let words = try CommandTokenizer.tokens(text)
    guard words.contains(where: { $0.raw.hasPrefix("--") }) else {
      return LoadRequest(target: try CommandTokenizer.restOfLine(Substring(text)))
    }
    var request = LoadRequest(target: "")
    var targets: [String] = []
    var remaining = words.map(\.text)[...]
    while let word = remaining.popFirst() {
      guard word.hasPrefix("--"), word.count > 2 else {
        targets.append(word)
        continue
      }
      if word == "--no-cache" {
        request.noCache = true
        continue
      }
      var name = word
      var value: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      guard ["--format", "--title", "--scope"].contains(name) else {
        throw .unexpectedArgument(command: "load", token: word, usage: usage)
      }
      guard let argument = value ?? remaining.popFirst(), !argument.isEmpty else {
        throw .missingArgument(command: "load \(name)", usage: usage)
      }
      switch name {
      case "--format":
        guard let format = DataFormat(name: argument) else {
          throw .invalidValue(
            option: "--format", value: argument,
            allowed: OptionRegistry.oneOf(DataFormat.allCases.map(\.rawValue)))
        }
        request.format = format
      case "--title": request.title = argument
      default: request.scope = argument
      }
    }
    guard let target = targets.first else { throw .missingArgument(command: "load", usage: usage) }
    if targets.count > 1 { throw .unexpectedArgument(command: "load", token: targets[1], usage: usage) }
    request.target = target
    return request
  }
}
