import Engine
import Foundation
import Tables
import UIKitModel

/// The teaching commands: `trace state`'s table, `explain` and `diagram`.
extension Session {
  /// Prints the `trace state` table for the callbacks of one command that the app receives.
  func printStateTable(_ callbacks: [Callback]) {
    // The scope is set before a scope change's first callback and not changed after, so the
    // scope at the end of the command is the scope at every step.
    let scope = screen.state.scopeIndex
    let lines = StateTable.lines(
      received(callbacks), naming: screen.settings.naming, style: style, width: outputWidth
    ) {
      self.screen.filteredRows(text: $0, scope: scope).count(waiting: true)
    }
    for line in lines { console.print(line) }
  }

  /// Keeps a command's callbacks for `diagram`.
  func logForDiagram(_ callbacks: [Callback]) {
    guard !callbacks.isEmpty else { return }
    let app = screen.app
    let step = SequenceDiagram.Step(
      line: scripting.currentLine, flavor: screen.settings.lifecycle.flavor, appCode: app.viewController,
      callbacks: callbacks, receipts: callbacks.map(app.receipt(for:)))
    scripting.diagram.append(step)
  }

  /// `explain`: which list the table reads and why.
  func explainCommand() {
    for sentence in Explanation(snapshot: snapshot(table: .countOnly, answer: true)).lines() {
      printWrapped(sentence)
    }
    // How the file was read: every choice, sniffed ones marked.
    if let reading = screen.reading { printWrapped(reading.details + ".") }
  }

  /// `diagram [all] [last] [FILE]`: the session's callbacks (or the last command's) as a sequence
  /// diagram: the ones the app receives, or with `all` every one UIKit sends.
  func diagramCommand(_ words: [String]) throws(ShellError) {
    var words = words[...]
    let everything = words.first == "all"
    if everything { words = words.dropFirst() }
    let lastOnly = words.first == "last"
    if lastOnly { words = words.dropFirst() }
    if words.count > 1, let extra = words.last {
      throw .unexpectedArgument(command: "diagram", token: extra, usage: "diagram [all] [last] [FILE]")
    }
    let steps = lastOnly ? Array(scripting.diagram.steps.suffix(1)) : scripting.diagram.steps
    guard !steps.isEmpty else {
      throw .notAvailable(
        command: "diagram", reason: "no callbacks have fired yet; run an action such as 'focus' first")
    }
    let diagram = SequenceDiagram(steps: steps, naming: screen.settings.naming, showsUnreceived: everything)
    // A first step that lost callbacks to the log's limit says so (`diagram last` of one long
    // `type` too).
    let note = scripting.diagram.droppedNote(lastOnly: lastOnly)
    guard let path = words.first else {
      if let note { printWrapped(note) }
      for line in diagram.ascii(width: outputWidth) { console.print(line) }
      return
    }
    let lower = path.lowercased()
    let isMermaid = lower.hasSuffix(".mmd") || lower.hasSuffix(".md")
    var lines = isMermaid ? diagram.mermaid() : diagram.ascii()
    if lower.hasSuffix(".md") { lines = ["```mermaid"] + lines + ["```"] }
    try tables { () throws(TableError) in
      try GuardedFileWriter.replace(path, protectedPaths: protectedFiles) {
        (output: inout BufferedFileWriter) throws(TableError) in
        for line in lines { try output.write(line + "\n") }
      }
    }
    let count = diagram.callbackCount
    printWrapped(
      "Wrote a sequence diagram of \(count) \(count == 1 ? "callback" : "callbacks") to '\(Sanitizer.printable(path))' (\(isMermaid ? "Mermaid" : "ASCII"))"
        + (note.map { " " + $0 } ?? "")
    )
  }
}
