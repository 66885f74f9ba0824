import Engine
import Foundation
import Tables

/// Tab completion as a pure function of the line, so readline's C callback only adapts it.
///
/// What each command's arguments complete to is the `completion` of its registry entry.
extension Session {
  /// The words that can complete `word`, the word ending at the cursor of `line` (the text before the cursor).
  public func completions(line: String, word: String) -> [String] {
    // Scalars, as the tokenizer reads them: a space before a combining mark still separates.
    let before = line.unicodeScalars.dropLast(word.unicodeScalars.count)
    let previousWords = before.split(whereSeparator: CommandTokenizer.isBlank).map {
      String(String.UnicodeScalarView($0))
    }
    guard let commandName = previousWords.first else {
      return CommandRegistry.names.filter { $0.hasPrefix(word) }.sorted()
    }
    guard let command = CommandRegistry.command(named: commandName) else { return [] }
    return completions(command.completion, arguments: Array(previousWords.dropFirst()), word: word)
  }

  /// What `completion` offers for `word`, after the command's `arguments` already typed.
  private func completions(_ completion: ArgumentCompletion, arguments: [String], word: String) -> [String] {
    switch completion {
    case .sequence(let first, let after):
      guard let previous = arguments.last else { return completions(first, arguments: [], word: word) }
      guard let next = after[previous] else { return [] }
      return completions(next, arguments: [], word: word)
    case .flagged(let positional, let flags, let switches):
      if let previous = arguments.last, let value = flags[previous] {
        return completions(value, arguments: [], word: word)
      }
      // Readline splits `--format=cs` at the `=`, so the value follows `--format=`.
      if let previous = arguments.last, previous.hasSuffix("="),
        let value = flags[String(previous.dropLast())]
      {
        return completions(value, arguments: [], word: word)
      }
      if word.hasPrefix("-"), word != "-" {
        return (Array(flags.keys) + switches).sorted().filter { $0.hasPrefix(word) }
      }
      // Flags and their values are not positional arguments.
      var positionals: [String] = []
      var remaining = arguments[...]
      while let argument = remaining.popFirst() {
        if flags[argument] != nil {
          _ = remaining.popFirst()
        } else if !switches.contains(argument) && !(argument.hasPrefix("--") && argument.contains("=")) {
          positionals.append(argument)
        }
      }
      return completions(positional, arguments: positionals, word: word)
    case .pair(let first, let second):
      guard arguments.count <= 1 else { return [] }
      return completions(arguments.isEmpty ? first : second, arguments: [], word: word)
    case .sortKeys:
      return sortKeyCompletions(arguments: arguments, word: word)
    case .options where arguments.count == 1:
      let choices =
        OptionRegistry.option(named: arguments[0]).map { $0.choices + [OptionRegistry.resetWord] } ?? []
      return choices.filter { $0.hasPrefix(word) }
    default:
      // Every other kind completes the first argument only.
      guard arguments.isEmpty else { return [] }
      return firstArgumentCompletions(completion, word: word)
    }
  }

  /// `sort`'s keys: a column first and after each comma (in the word too: `a,b` is one word to
  /// readline), else `asc` or `desc` after a column.
  private func sortKeyCompletions(arguments: [String], word: String) -> [String] {
    let columns = screen.dataset.columns
    if let comma = word.unicodeScalars.lastIndex(of: ",") {
      let typed = String(word.unicodeScalars[...comma])
      let partial = String(word.unicodeScalars[word.unicodeScalars.index(after: comma)...])
      return columns.filter { $0.hasPrefix(partial) }.map { typed + $0 }
    }
    guard let previous = arguments.last else {
      return (["none", "off"] + columns).filter { $0.hasPrefix(word) }
    }
    if previous.hasSuffix(",") { return columns.filter { $0.hasPrefix(word) } }
    if ["asc", "desc", "none", "off"].contains(previous.lowercased()) { return [] }
    return ["asc", "desc"].filter { $0.hasPrefix(word) }
  }

  /// What a one-argument completion offers for `word`.
  private func firstArgumentCompletions(_ completion: ArgumentCompletion, word: String) -> [String] {
    let candidates: [String]
    switch completion {
    case .nothing, .sequence, .flagged, .pair, .sortKeys: candidates = []
    case .commands: candidates = CommandRegistry.commands.map(\.name)
    case .demos: candidates = (try? hooks.demos?.entries())?.map(\.name) ?? []
    case .words(let words): candidates = words
    case .scopes: candidates = screen.dataset.hasScopes ? screen.dataset.scopeTitles : []
    case .columns(let words): candidates = words + screen.dataset.columns
    case .rows: candidates = (0..<min(screen.tableRows.count.value, 1000)).map { String($0 + 1) }
    case .options: candidates = OptionRegistry.options.map(\.name)
    case .files: return Self.pathCompletions(word)
    case .wordsAndFiles(let words):
      let matching = words.filter { $0.hasPrefix(word) }
      return matching + Self.pathCompletions(word).filter { !matching.contains($0) }
    case .datasetsAndFiles:
      let names = (catalog?.names ?? []).filter { $0.hasPrefix(word) }
      return names + Self.pathCompletions(word).filter { !names.contains($0) }
    }
    return candidates.filter { $0.hasPrefix(word) }
  }
  /// Files and folders whose path starts with `word`; folders end in `/`.
  static func pathCompletions(_ word: String) -> [String] {
    let expanded = HomeFolder.expanding(word)
    let folder: String
    let prefix: String
    if expanded.hasSuffix("/") {
      folder = expanded
      prefix = ""
    } else {
      let url = URL(fileURLWithPath: expanded)
      folder = word.contains("/") ? url.deletingLastPathComponent().path : "."
      prefix = url.lastPathComponent
    }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let typedFolder = word.contains("/") ? String(word[...(word.lastIndex(of: "/") ?? word.startIndex)]) : ""
    return entries.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
      .map {
        entry in
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(
          atPath: (folder as NSString).appendingPathComponent(entry), isDirectory: &isDirectory)
        return typedFolder + entry + (isDirectory.boolValue ? "/" : "")
      }
  }
}
