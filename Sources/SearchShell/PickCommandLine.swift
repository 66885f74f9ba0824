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
  /// fzf's exit statuses: a pick or a match, none, Ctrl-C.
  static let picked: Int32 = 0
  static let nothing: Int32 = 1
  static let interrupted: Int32 = 130

  /// Runs `--pick` or `--filter` under `configuration` (the load limit) and ends the process.
  @MainActor static func run(
    _ arguments: ExploringArguments, console: StandardConsole, configuration: ShellConfiguration
  ) -> Never {
    let flag = arguments.pick ? "--pick" : "--filter"
    guard isatty(STDIN_FILENO) == 0 else {
      usageFailure("'\(flag)' reads the rows from standard input: pipe them in (ls | searchshell \(flag))")
    }
    let session: Session
    do throws(ShellError) {
      session = try Session.onStandardInputLines(
        console: console, match: arguments.match, useColor: false, rows: arguments.pipedRows,
        configuration: configuration)
    } catch {
      usageFailure(error.description)
    }
    if let query = arguments.filter {
      do throws(ShellError) {
        finish(try session.printMatches(query) > 0 ? picked : nothing)
      } catch {
        usageFailure(error.description)
      }
    }
    guard let device = TerminalDevice.controlling else {
      usageFailure(
        "'--pick' draws on the terminal (/dev/tty), and this process has none; '--filter TEXT' needs none")
    }
    var picker: PickerController?
    do throws(ShellError) {
      try LiveTerminal.run(on: device) {
        let made = PickerController(session: session, query: arguments.query ?? "")
        picker = made
        return made
      }
    } catch {
      usageFailure(error.description)
    }
    switch picker?.outcome {
    case .picked:
      if let picker { session.printPicked(picker) }
      finish(picked)
    // fzf's abort (Esc, Ctrl-D on an empty query) exits as Ctrl-C does.
    case .cancelled, .interrupted: finish(interrupted)
    case .nothingToPick, nil: finish(nothing)
    }
  }
}
