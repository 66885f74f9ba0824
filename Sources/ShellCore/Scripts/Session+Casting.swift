import Backends
import Engine
import Foundation
import Tables

/// Recording what the audience sees as an asciicast v2 file (`record --cast FILE`, `--cast`).
extension Session {
  /// Starts the cast of the session from now on, to `path`, replacing an existing file: the
  /// command line's `--cast FILE`, which renders the same file again on every run.
  public func startCast(path: String) throws(ShellError) {
    try startCast(path, policy: .replace)
  }

  /// Starts a cast; an existing regular file is handled as `policy` says.
  func startCast(_ path: String, policy: ExistingFilePolicy) throws(ShellError) {
    if let cast = audience.cast { throw .alreadyRecording(cast.path) }
    // A rendered cast is the same on any terminal: 80 columns, as piped output is, unless
    // COLUMNS and LINES (or --cols and --rows) say otherwise.
    let size = hooks.scriptOptions.pacer?.size ?? hooks.terminalSize?() ?? (width: 80, height: 24)
    let header = CastHeader.current(
      width: hooks.scriptOptions.castColumns ?? size.width,
      height: hooks.scriptOptions.castRows ?? size.height, environment: ProcessInfo.processInfo.environment)
    audience.cast = try CastRecorder(
      path: path, header: header, clock: audience.clock, policy: policy, protectedPaths: protectedFiles)
  }

  /// Ends the cast, writing what is pending; returns its file's name, or nil when none ran.
  func stopCast() -> String? {
    guard let cast = audience.cast else { return nil }
    audience.cast = nil
    if let failure = cast.flush(protectedPaths: protectedFiles) {
      report(.stoppedWriting(what: "the cast recording", because: failure))
    }
    cast.close(protectedPaths: protectedFiles)
    return cast.path
  }

  /// Writes the cast's pending events; a cast that can no longer be written stops, saying why.
  func flushCast() {
    guard let cast = audience.cast, let failure = cast.flush(protectedPaths: protectedFiles) else { return }
    audience.cast = nil
    cast.close(protectedPaths: [])
    report(.stoppedWriting(what: "the cast recording", because: failure))
  }

  /// A line typed at the prompt, as the terminal showed it: the prompt, the line, a new line.
  func showTyped(_ line: String) {
    // A line over the limit is refused unread: the cast shows the prompt only.
    guard audience.cast != nil else { return }
    guard line.utf8.count <= Self.lineLimit else { return audience.shownElsewhere(prompt + "\r\n") }
    // A cast is made to be shared: a database password typed in a URL is shown as history keeps it.
    audience.shownElsewhere(Sanitizer.terminalSafe(prompt + PostgresURL.redactingURLs(in: line)) + "\r\n")
  }

  /// Clears the terminal's screen, and the cast's.
  func clearTerminalScreen() {
    guard output.drawsScreen else { return }
    hooks.clearScreen?()
    if audience.cast != nil { audience.shownElsewhere(Self.clearScreenSequence) }
  }

  /// Home and erase the screen (`clear`'s bytes on an ANSI terminal).
  package static let clearScreenSequence = "\u{1B}[H\u{1B}[2J"

  /// Bytes the executable wrote to the terminal itself (live mode's frames), for the cast.
  public func showOnTerminal(_ text: String) {
    guard audience.cast != nil else { return }
    audience.shownElsewhere(text)
  }
}
