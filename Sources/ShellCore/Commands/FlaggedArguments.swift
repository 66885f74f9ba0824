/// A command's words split into `--flag VALUE` pairs and the rest, as `load` and `export` take them.
struct FlaggedArguments: Equatable {
  /// The words that are not flags or their values, in order.
  var positional: [String] = []
  /// Each flag given and its value (the last one wins).
  var values: [String: String] = [:]
  /// The switches given (flags without a value, such as `load --no-cache`).
  var switches: Set<String> = []

  /// Splits `text` for `command`, which takes the `flags` listed (`--name VALUE` or `--name=VALUE`).
  ///
  /// Without any `--` word the whole text is one positional argument, as typed (so a path with
  /// spaces needs no quotes); with flags the words are split as the shell splits them.
  static func parse(
    _ text: String, command: String, flags: [String], switches: [String] = [], usage: String
  ) throws(ShellError) -> FlaggedArguments {
    let words = try CommandTokenizer.tokens(text)
    guard words.contains(where: { $0.raw.hasPrefix("--") }) else {
      return FlaggedArguments(positional: [try CommandTokenizer.restOfLine(Substring(text))])
    }
    var result = FlaggedArguments()
    var remaining = words.map(\.text)[...]
    while let word = remaining.popFirst() {
      guard word.hasPrefix("--"), word.count > 2 else {
        result.positional.append(word)
        continue
      }
      if switches.contains(word) {
        result.switches.insert(word)
        continue
      }
      var name = word
      var value: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      guard flags.contains(name) else {
        throw .unexpectedArgument(command: command, token: word, usage: usage)
      }
      guard let argument = value ?? remaining.popFirst(), !argument.isEmpty else {
        throw .missingArgument(command: "\(command) \(name)", usage: usage)
      }
      result.values[name] = argument
    }
    return result
  }

  /// The one positional argument, or the error for none or more than one.
  func single(command: String, usage: String) throws(ShellError) -> String {
    guard let first = positional.first else { throw .missingArgument(command: command, usage: usage) }
    if positional.count > 1 {
      throw .unexpectedArgument(command: command, token: positional[1], usage: usage)
    }
    return first
  }
}
