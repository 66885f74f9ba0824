import Engine
import Tables

/// The parts of `record` beyond the script recording: `--cast`, `--append`'s path, and `stop`.
extension Session {
  /// `record stop`: ends the recording and the cast, whichever run.
  func stopRecordingCommand() throws(ShellError) {
    let recorder = scripting.recorder
    let cast = stopCast()
    guard recorder != nil || cast != nil else { throw .notRecording }
    if let recorder {
      recorder.close()
      scripting.recorder = nil
      console.print("Stopped recording to '\(Sanitizer.printable(recorder.path))'")
    }
    if let cast { console.print("Stopped the cast '\(Sanitizer.printable(cast))'") }
  }

  /// `record --cast FILE`: the screen from now on, as an asciicast v2 file (a new file only).
  func startCastCommand(_ path: String) throws(ShellError) {
    try startCast(
      path, policy: .refuse(hint: "Choose another name, or remove it first: a cast cannot be appended to"))
    // Said to the person recording, not to the audience: the cast starts after it.
    let cast = audience.cast
    audience.cast = nil
    console.print(
      "Recording the screen to '\(Sanitizer.printable(path))' as an asciicast; 'record stop' ends it")
    audience.cast = cast
  }

  /// The file after a `record` flag, or `missingArgument`.
  func recordPath(_ rest: Substring, flag: String) throws(ShellError) -> String {
    let path = try CommandTokenizer.restOfLine(rest)
    let usage = CommandRegistry.command(named: "record")?.usage ?? "record"
    if path.isEmpty { throw .missingArgument(command: "record \(flag)", usage: usage) }
    return path
  }

  /// What to do instead of replacing an existing recording.
  static func recordHint(_ path: String) -> String {
    "Use 'record --append \(path)' to add to it, or another name"
  }
}
