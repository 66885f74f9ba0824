import Foundation
import ShellCore

/// `ls | searchshell --pick` and `--filter TEXT`: the rows of standard input searched as fzf
/// searches them.
///
/// The picked or matching rows go to standard output as data: byte for byte when it is a pipe
/// or a file (they are the input's rows, for the next program: invalid UTF-8, CR and NUL as
/// they came), escaped on a terminal like everything else. Rows end at LF as in fzf on Unix
/// (`--read0`: at NUL), so a CR stays in its row. The screen is drawn on the controlling
/// terminal, so standard output stays the rows alone.
enum PickCommandLine {
  /// fzf's exit statuses: a pick or a match, none, an error, Esc or Ctrl-C.
  static let picked: Int32 = 0
  static let nothing: Int32 = 1
  static let failed: Int32 = 2
  static let interrupted: Int32 = 130

  /// Runs `--pick` or `--filter` under `configuration` (the load limit) and ends the process.
  @MainActor static func run(
    _ arguments: ExploringArguments, file: String?, console: StandardConsole,
    configuration: ShellConfiguration
  ) -> Never {
    let flag = arguments.pick ? "--pick" : "--filter"
    let options = arguments.picker
    guard file != nil || isatty(STDIN_FILENO) == 0 else {
      fail("'\(flag)' reads the rows from standard input or a FILE: pipe them in (ls | searchshell \(flag))")
    }
    if let query = arguments.filter {
      FilterCommandLine.run(query, options: options, file: file, configuration: configuration)
    }
    let session: Session
    do throws(ShellError) {
      session = try Session.onPipedRows(
        from: file, console: console, match: options.rule.rawValue, useColor: false, rows: options.pipedRows,
        configuration: configuration)
    } catch {
      fail(error.description)
    }
    guard let device = TerminalDevice.controlling else {
      fail(
        "'--pick' draws on the terminal (/dev/tty), and this process has none; '--filter TEXT' needs none")
    }
    var picker: PickerController?
    do throws(ShellError) {
      try LiveTerminal.run(on: device) {
        let made = PickerController(session: session, query: options.query)
        picker = made
        return made
      }
    } catch {
      fail(error.description)
    }
    switch picker?.outcome {
    case .picked:
      if let picker { session.printPicked(picker) }
      finish(picked)
    case .interrupted, .cancelled: finish(interrupted)
    case .nothingToPick, nil: finish(nothing)
    }
  }

  /// Ends the process on an error, with fzf's status.
  @MainActor static func fail(_ message: String) -> Never {
    printError("error: \(message)")
    finish(failed)
  }
}
