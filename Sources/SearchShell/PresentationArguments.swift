import Foundation
import ShellCore
import Tables

/// The command line's flags for presenting a script: `--cast FILE`, `--type-delay DURATION`
/// and `--echo-all` (`--pace`, `--step` and `--echo` are in `Arguments`).
struct PresentationArguments {
  /// `--cast FILE`: the screen as an asciicast v2 file.
  var cast: String?
  /// `--type-delay DURATION`, in seconds.
  var typeDelay: Double?
  /// `--cols N` and `--rows N`: the screen's size off a terminal, and a cast's (asciinema's).
  var columns: Int?
  var rows: Int?
  /// `--echo-all`: echo every line as written, narration and notes too (a transcript).
  var echoAll = false

  /// These options, for `Arguments.options`.
  static let options: [CommandLineOption] = [
    .value("--cast") { arguments, value throws(Arguments.Failure) in arguments.presentation.cast = value }
      .help(
        "Record the screen as an asciicast v2 file", value: "FILE",
        more: """
          Record the screen as an asciicast v2 file ('asciinema play FILE'), replacing FILE; a           script is rendered with its pace (1s unless --pace says), the same on every run, with           or without a terminal.
          """, completes: .files),
    .value("--type-delay") { arguments, text throws(Arguments.Failure) in
      guard let seconds = ScriptOptions.seconds(text), seconds <= ScriptOptions.typeDelayLimit else {
        throw Arguments.Failure(
          message:
            "Invalid value \(Sanitizer.quoted(text)) for '--type-delay'. Expected a duration from 0 to 2 seconds such as 80ms or 0.1"
        )
      }
      arguments.presentation.typeDelay = seconds
    }.help(
      "Time between two characters 'type' shows", value: "DURATION",
      more:
        "While presenting, the time between two characters that 'type' shows in the bar (default 100ms; 0 to 2s)."
    ),
    .flag("--echo-all") { $0.presentation.echoAll = true }
      .help(
        "As --echo, with narration and notes as written",
        more: "As --echo, and print narration and '#' notes as written too: the form of a golden transcript."),
    .value("--cols") { arguments, text throws(Arguments.Failure) in
      arguments.presentation.columns = try DeclaredSize.parse(text, option: "--cols")
    }.help(
      "Columns off a terminal and in a cast (COLUMNS)", value: "N",
      more: """
        The width output fits when it is not a terminal (default: COLUMNS, else 80), and the         width a cast records, as asciinema rec --cols.
        """),
    .value("--rows") { arguments, text throws(Arguments.Failure) in
      arguments.presentation.rows = try DeclaredSize.parse(text, option: "--rows")
    }.help(
      "Lines off a terminal and in a cast (LINES)", value: "N",
      more: """
        The height a page fits when output is not a terminal (default: LINES, else a page of 10         rows), and the height a cast records (else 24), as asciinema rec --rows.
        """),
  ]

  /// The reason these flags do not go with the rest of the command line, if any.
  func conflict(checks: [String]) -> String? {
    cast != nil && !checks.isEmpty ? "'--check' runs its transcripts alone; leave out '--cast'" : nil
  }

  /// Sets `session` up to present: the pacing, the terminal when there is one, the cast.
  ///
  /// Returns the error that stops the run before anything does, if any.
  func configure(
    _ session: Session, pace: Double?, step: Bool, onTerminal: Bool, console: StandardConsole
  ) -> ShellError? {
    session.hooks.scriptOptions.pace = pace
    session.hooks.scriptOptions.step = step
    if let typeDelay { session.hooks.scriptOptions.typeDelay = typeDelay }
    session.hooks.scriptOptions.castColumns = columns
    session.hooks.scriptOptions.castRows = rows
    if echoAll {
      session.hooks.scriptOptions.echo = true
      session.hooks.scriptOptions.echoAll = true
    }
    // `pause` waits for a key on any terminal; pacing is for an audience watching one.
    if onTerminal { session.hooks.scriptOptions.pacer = TerminalPacer(console: console) }
    guard let cast else { return nil }
    do throws(ShellError) {
      try session.startCast(path: cast)
    } catch {
      return error
    }
    return nil
  }
}
