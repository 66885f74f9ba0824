/// A golden transcript: the commands (lines starting `> `) and the output they must print, in one file.
///
/// It is what `--echo-all` prints, errors included, so a run's output can be saved as its own test.
public struct Transcript {
  /// The file's name, for the diff.
  public let name: String
  /// The file's lines.
  let expected: [String]

  public init(text: String, name: String) {
    self.name = name
    self.expected = Script.splitLines(text)
  }

  /// The commands: each `> ` line without its marker (deeper `>> ` lines are nested output).
  var commands: [String] {
    expected.compactMap { line in line.hasPrefix("> ") ? String(line.dropFirst(2)) : nil }
  }

  /// How many commands the transcript runs.
  public var commandCount: Int { commands.count }

  /// Runs the commands on a session writing to `console` and returns the transcript they print.
  ///
  /// `makeSession` builds the session the way the command line asks (dataset, flavor, ...).
  public func actual(
    parameters: [String: String], makeSession: (Console) throws(ShellError) -> Session
  ) throws(ShellError) -> [String] {
    let script = try Script(text: commands.joined(separator: "\n"), name: name, parameters: parameters)
    let console = TranscriptConsole()
    let session = try makeSession(console)
    session.hooks.scriptOptions.echo = true
    session.hooks.scriptOptions.echoAll = true
    session.hooks.scriptOptions.parameters = parameters
    _ = session.run(script, echoingAsWritten: commands)
    return console.lines
  }

  /// The unified diff from the transcript to `actual`, or no lines when they agree.
  public func diff(_ actual: [String]) -> [String] {
    UnifiedDiff.lines(old: expected, new: actual, oldName: name, newName: name + " (actual)")
  }
}
