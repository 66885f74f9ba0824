import Engine
import Foundation
import Tables

/// Running scripts: a whole script, a piped line, nesting and its echo.
extension Session {
  /// How deep `source` and `demo` may nest; a script that sources itself stops here.
  static let nestingLimit = 16

  /// Whether a stop was asked for by a failure under `--bail` (the executable exits 3).
  public var didBail: Bool { scripting.bailed }

  /// Runs a whole script as the session's own input (`--script`, `-c`, a pipe read whole).
  ///
  /// Returns false when the session should end (`quit`, or a failure under `--bail`).
  public func run(_ script: Script) -> Bool {
    run(script, echoingAsWritten: nil)
  }

  /// Runs a script; `written`, when given, is what the echo shows for each line (a transcript's
  /// lines before their parameters were filled in).
  func run(_ script: Script, echoingAsWritten written: [String]?) -> Bool {
    scripting.folders.append(script.folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let outerLocation = scripting.location
    defer {
      scripting.folders.removeLast()
      scripting.location = outerLocation
    }
    for (index, line) in script.lines.enumerated() {
      scripting.location = script.location(ofLine: index)
      let shown = written.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      if !runLine(line, depth: 1, echo: shown) { return false }
    }
    return true
  }

  /// Runs one line read from a pipe as it arrives: its parameters are filled in first.
  public func runPipedLine(_ line: String) -> Bool {
    let substituted: String
    do throws(ShellError) {
      substituted = try Script.substitute(line, parameters: hooks.scriptOptions.parameters)
    } catch {
      report(error)
      if hooks.scriptOptions.bail { scripting.bailed = true }
      return !scripting.bailed
    }
    return runLine(substituted, depth: 1)
  }

  /// Whether `line` at `depth` is printed before it runs.
  ///
  /// `--echo` prints the commands of the script it runs, and deeper down (`source`, and a
  /// walkthrough even without `--echo`) too: the narration (`echo`), the notes (`#`) and
  /// `pause` are not repeated, as they would otherwise show twice or clutter the output. A
  /// transcript (`echoAll`) shows every line of its own script, so it can be run again.
  func isEchoing(_ line: String, depth: Int) -> Bool {
    guard depth > 0 else { return false }
    if hooks.scriptOptions.echo && hooks.scriptOptions.echoAll && depth == 1 { return true }
    let fromDemo = scripting.echoFromDepth.map { depth >= $0 } ?? false
    guard hooks.scriptOptions.echo || fromDemo else { return false }
    return !Self.isNarration(line)
  }

  /// Runs `script` one level deeper than the running command; `echo` prints its lines (a demo).
  func runNested(_ script: Script, echo: Bool) throws(ShellError) {
    let depth = scripting.depth + 1
    guard depth <= Self.nestingLimit else {
      // One error for the whole chain: every script above this one stops too.
      scripting.unwindingNest = scripting.nestedScripts > 0
      throw .sourceTooDeep(script.name, limit: Self.nestingLimit)
    }
    let echoBefore = scripting.echoFromDepth
    if echo, echoBefore == nil { scripting.echoFromDepth = depth }
    scripting.folders.append(script.folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    scripting.nestedScripts += 1
    let outerLocation = scripting.location
    defer {
      scripting.location = outerLocation
      scripting.folders.removeLast()
      scripting.echoFromDepth = echoBefore
      scripting.nestedScripts -= 1
      // Back at the command that began the chain, which goes on as after any failed command.
      if scripting.nestedScripts == 0 { scripting.unwindingNest = false }
    }
    for (index, line) in script.lines.enumerated() {
      let stopped = ShellError.cancelled(
        command: echo ? "demo" : "source",
        outcome: "stopped before line \(index + 1) of \(Sanitizer.quoted(script.name))")
      // Ctrl-C stops the script before its next line; the lines before it have run.
      if hooks.interruption.isCancelled || scripting.interruptReported {
        if scripting.interruptReported { return }
        throw stopped
      }
      scripting.location = script.location(ofLine: index)
      scripting.skippedLine = false
      if !runLine(line, depth: depth) || scripting.unwindingNest { return }
      if scripting.demoStopped {
        // Every script inside the demo stops with it; the demo command ends it quietly.
        guard scripting.skippedLine else { return }
        scripting.skippedLine = false
        let name = URL(fileURLWithPath: script.name).deletingPathExtension().lastPathComponent
        printWrapped("Stopped the demo \(Sanitizer.quoted(name)) before line \(index + 1).")
        return
      }
      if scripting.skippedLine { throw stopped }
    }
  }
}
