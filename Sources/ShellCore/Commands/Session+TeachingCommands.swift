import Foundation

/// The teaching commands: `trace state`'s table, `explain` and `diagram`.
extension Session {
  /// Prints the `trace state` table for one command's callbacks.
  func printStateTable(_ callbacks: [Callback]) {
    // The scope is set before a scope change's first callback and not changed after, so the
    // scope at the end of the command is the scope at every step.
    let scope = state.scopeIndex
    let lines = StateTable.lines(callbacks, style: style, width: outputWidth) {
      self.filteredRows(text: $0, scope: scope).count
    }
    for line in lines { console.print(line) }
  }

  /// Keeps a command's callbacks for `diagram`.
  func logForDiagram(_ callbacks: [Callback]) {
    guard !callbacks.isEmpty else { return }
    let step = SequenceDiagram.Step(
      line: scripting.currentLine, flavor: settings.lifecycle.flavor, callbacks: callbacks)
    scripting.diagram.append(step)
  }

  /// `explain`: which list the table reads and why.
  func explainCommand() {
    for sentence in Explanation(session: self).lines() { printWrapped(sentence) }
  }

  /// `diagram [last] [FILE]`: the session's callbacks (or the last command's) as a sequence diagram.
  func diagramCommand(_ words: [String]) throws(ShellError) {
    var words = words[...]
    let lastOnly = words.first == "last"
    if lastOnly { words = words.dropFirst() }
    if words.count > 1, let extra = words.last {
      throw .unexpectedArgument(command: "diagram", token: extra, usage: "diagram [last] [FILE]")
    }
    let steps = lastOnly ? Array(scripting.diagram.suffix(1)) : scripting.diagram
    guard !steps.isEmpty else {
      throw .notAvailable(
        command: "diagram", reason: "no callbacks have fired yet; run an action such as 'focus' first")
    }
    let diagram = SequenceDiagram(steps: steps)
    guard let path = words.first else {
      for line in diagram.ascii(width: outputWidth) { console.print(line) }
      return
    }
    let lower = path.lowercased()
    let isMermaid = lower.hasSuffix(".mmd") || lower.hasSuffix(".md")
    var lines = isMermaid ? diagram.mermaid() : diagram.ascii()
    if lower.hasSuffix(".md") { lines = ["```mermaid"] + lines + ["```"] }
    try GuardedFileWriter.replace(path, protectedPaths: protectedFiles) {
      (output: inout BufferedFileWriter) throws(ShellError) in
      for line in lines { try output.write(line + "\n") }
    }
    let count = diagram.callbackCount
    printWrapped(
      "Wrote a sequence diagram of \(count) \(count == 1 ? "callback" : "callbacks") to '\(Sanitizer.printable(path))' (\(isMermaid ? "Mermaid" : "ASCII"))"
    )
  }
}
