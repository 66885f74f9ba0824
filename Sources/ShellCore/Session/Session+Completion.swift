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
    return completions(
      command.completion, arguments: Array(previousWords.dropFirst()), word: word, line: line)
  }

  /// What `completion` offers for `word`, after the command's `arguments` already typed (`line`:
  /// the whole line to the cursor, for the lists of columns, which are read as typed).
  private func completions(
    _ completion: ArgumentCompletion, arguments: [String], word: String, line: String = ""
  ) -> [String] {
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
      return sortKeyCompletions(list: Self.argumentText(line, after: 1), word: word)
    case .options where !arguments.isEmpty:
      guard let option = OptionRegistry.option(named: arguments[0]) else { return [] }
      let choices = option.choices + [OptionRegistry.resetWord]
      let list = Self.argumentText(line, after: 2)
      switch option.name {
      case "sort":
        let reset = arguments.count == 1 && OptionRegistry.resetWord.hasPrefix(word)
        return sortKeyCompletions(list: list, word: word) + (reset ? [OptionRegistry.resetWord] : [])
      case "columns", "fields": return columnListCompletions(list: list, word: word, words: choices)
      default: return arguments.count == 1 ? choices.filter { $0.hasPrefix(word) } : []
      }
    default:
      // Every other kind completes the first argument only.
      guard arguments.isEmpty else { return [] }
      return firstArgumentCompletions(completion, word: word)
    }
  }

  /// What follows the first `count` words of `line`, as typed (blanks after them dropped).
  private static func argumentText(_ line: String, after count: Int) -> String {
    var rest = Substring(line)
    for _ in 0..<count { rest = CommandTokenizer.firstWord(droppingBlanks(rest)).rest }
    return String(droppingBlanks(rest))
  }

  /// `text` without its leading spaces and tabs.
  private static func droppingBlanks(_ text: Substring) -> Substring {
    let scalars = text.unicodeScalars
    return Substring(scalars[(scalars.firstIndex { !CommandTokenizer.isBlank($0) } ?? scalars.endIndex)...])
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
