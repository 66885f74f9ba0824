import Foundation

/// Tab completion as a pure function of the line, so readline's C callback only adapts it.
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
    let index = previousWords.count - 1
    let candidates: [String]
    switch command.completion {
    case .nothing:
      candidates = []
    case .commands:
      candidates = index == 0 ? CommandRegistry.commands.map(\.name) : []
    case .demos:
      candidates = index == 0 ? ((try? demos?.entries())?.map(\.name) ?? []) : []
    case .words(let words):
      if command.name == "code" {
        candidates =
          index == 0 ? words : (index == 1 && previousWords[1] == "active" ? ["true", "false"] : [])
      } else {
        candidates = index == 0 ? words : []
      }
    case .scopes:
      candidates = index == 0 && dataset.hasScopes ? dataset.scopeTitles : []
    case .rows:
      candidates = index == 0 ? (0..<min(tableRows.count.value, 1000)).map { String($0 + 1) } : []
    case .options:
      if index == 0 {
        candidates = OptionRegistry.options.map(\.name)
      } else if index == 1, let option = OptionRegistry.option(named: previousWords[1]) {
        candidates = option.choices
      } else {
        candidates = []
      }
    case .files:
      return index == 0 ? Self.pathCompletions(word) : []
    case .datasetsAndFiles:
      guard index == 0 else { return [] }
      let names = (catalog?.names ?? []).filter { $0.hasPrefix(word) }
      return names + Self.pathCompletions(word).filter { !names.contains($0) }
    }
    return candidates.filter { $0.hasPrefix(word) }
  }

  /// Files and folders whose path starts with `word`; folders end in `/`.
  static func pathCompletions(_ word: String) -> [String] {
    let expanded = (word as NSString).expandingTildeInPath
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
