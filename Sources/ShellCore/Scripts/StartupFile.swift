import Engine
import Foundation
import Tables

/// The start-up file: commands a session runs before its first one, as psql runs `~/.psqlrc`
/// and sqlite3 `~/.sqliterc`.
///
/// `$SEARCHSHELL_RC` names it (empty: none); else `$XDG_CONFIG_HOME/searchshell/rc` (the
/// config folder defaulting to `~/.config`), else `~/.searchshellrc`, whichever exists first.
public enum StartupFile {
  /// The file to run for `environment`, and whether it was named outright (a named file that is
  /// missing is an error; a default one that is missing is simply not there).
  public static func locate(environment: [String: String]) -> (path: String, named: Bool)? {
    if let named = environment["SEARCHSHELL_RC"] {
      return named.isEmpty ? nil : (HomeFolder.expanding(named, environment: environment), true)
    }
    let home = HomeFolder.expanding("~", environment: environment)
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
    let candidates = [config + "/searchshell/rc", home + "/.searchshellrc"]
    return candidates.first { FileManager.default.fileExists(atPath: $0) }.map { ($0, false) }
  }
}

extension Session {
  /// Runs the start-up file at `path` before the session's first command.
  ///
  /// Each failing line is reported with the file and its line (`error: FILE:3: ...`) and the
  /// rest runs, as psql does; the failures do not count towards the exit status, and the lines
  /// are neither echoed, recorded nor kept in the history. Ctrl-C stops it before its next line.
  public func runStartupFile(_ path: String) {
    let lines: [String]
    do throws(ShellError) {
      let bytes = try ScriptFile.contents(path, name: path)
      if bytes.contains(0) { throw .binaryFile(path) }
      lines = Script.splitLines(String(decoding: bytes, as: UTF8.self))
    } catch {
      reportStartup(error, path: path, line: nil)
      return
    }
    let (echo, bail) = (hooks.scriptOptions.echo, hooks.scriptOptions.bail)
    hooks.scriptOptions.echo = false
    hooks.scriptOptions.bail = false
    // What it runs (`source` too) never counts as a failure, stops for `--bail` or goes into
    // the history: the file belongs to no command the user ran.
    let failures = failureCount
    let bailed = scripting.bailed
    let remembered = history
    defer {
      hooks.scriptOptions.echo = echo
      hooks.scriptOptions.bail = bail
      failureCount = failures
      scripting.bailed = bailed
      history = remembered
    }
    for (index, line) in lines.enumerated() {
      let trimmed = CommandTokenizer.trimmingLine(line)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if hooks.interruption.isCancelled {
        reportStartup(
          .cancelled(command: "start-up file", outcome: "stopped before this line"), path: path,
          line: index + 1)
        return
      }
      guard trimmed.utf8.count <= Self.lineLimit else {
        reportStartup(.lineTooLong(limit: Self.lineLimit), path: path, line: index + 1)
        continue
      }
      do throws(ShellError) {
        try dispatch(trimmed)
      } catch {
        reportStartup(error, path: path, line: index + 1)
      }
      // `quit` ends the file, not the session that has not begun.
      if scripting.quitRequested {
        scripting.quitRequested = false
        return
      }
    }
  }

  /// One error line naming the start-up file and the line, not counted as a failed command.
  private func reportStartup(_ error: ShellError, path: String, line: Int?) {
    let place = Sanitizer.printable(path) + (line.map { ":\($0)" } ?? "")
    console.printError(style.error("error:") + " \(place): " + error.description)
  }
}
