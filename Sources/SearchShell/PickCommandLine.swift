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
    if arguments.pick {
      runPicker(arguments.picker, file: file, console: console, configuration: configuration)
    }
    let options = arguments.picker
    guard file != nil || isatty(STDIN_FILENO) == 0 else {
      fail(
        "'--filter' reads the rows from standard input or a FILE: pipe them in (ls | searchshell --filter TEXT)"
      )
    }
    FilterCommandLine.run(arguments.filter ?? "", options: options, file: file, configuration: configuration)
  }

  /// Runs `--pick`: the rows of `file`, standard input, or (from a terminal) the default
  /// command's or the files under the current folder, read while the picker runs.
  @MainActor static func runPicker(
    _ options: PickOptions, file: String?, console: StandardConsole, configuration: ShellConfiguration
  ) -> Never {
    guard let wake = PickerWake() else { fail("'--pick' could not make a pipe (no descriptor left)") }
    let input = pickerInput(options, file: file)
    let session: Session
    let feed: PickerFeed
    do throws(ShellError) {
      session = try Session.awaitingRows(
        of: input, console: console, match: options.rule, keepsRowOrder: !options.sorts, useColor: false,
        configuration: configuration)
      feed = try session.feed(input, waking: wake)
    } catch {
      fail(error.description)
    }
    feed.start()
    let picker = PickerController(session: session, options: options, feed: feed, wake: wake)
    if let decided = picker.awaitFirstMatches() {
      picker.end(with: decided)
    } else {
      // Asked for only now: -1 and -0 may decide without a terminal, as fzf's do.
      guard let device = TerminalDevice.controlling else {
        feed.stop()
        fail(
          "'--pick' draws on the terminal (/dev/tty), and this process has none; '--filter TEXT' needs none")
      }
      do throws(ShellError) {
        try LiveTerminal.run(on: device) { picker }
      } catch {
        feed.stop()
        fail(error.description)
      }
    }
    feed.stop()
    picker.stopPreview()
    switch picker.outcome {
    case .picked:
      session.printPicked(picker)
      finish(picked)
    case .interrupted, .cancelled: finish(interrupted)
    case .nothingToPick, nil: finish(nothing)
    }
  }

  /// Where the picker's rows come from: `file`, else standard input when it is not a terminal,
  /// else `SEARCHSHELL_DEFAULT_COMMAND` run by sh (fzf's FZF_DEFAULT_COMMAND), else the files
  /// under the current folder.
  @MainActor static func pickerInput(_ options: PickOptions, file: String?) -> PickerFeed.Input {
    var input: PickerFeed.Input
    let command = ProcessInfo.processInfo.environment["SEARCHSHELL_DEFAULT_COMMAND"] ?? ""
    if let file {
      input = PickerFeed.Input(source: .descriptor(openFile(file)))
      input.name = file
    } else if isatty(STDIN_FILENO) == 0 {
      input = PickerFeed.Input(source: .descriptor(STDIN_FILENO))
    } else if !command.allSatisfy(\.isWhitespace) {
      input = PickerFeed.Input(source: .command(command))
      input.name = command
    } else {
      input = PickerFeed.Input(source: .files(under: "."))
      input.name = "."
    }
    input.rows = options.pipedRows
    input.headerRows = options.headerLines
    input.reversed = options.reversesInput
    input.rule = options.rule
    input.fields = PickFields(options)
    return input
  }

  /// `file` opened for the picker to read, or the process ends with the error (status 2), before
  /// anything is drawn.
  @MainActor static func openFile(_ file: String) -> Int32 {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      fail(
        (errno == ENOENT
          ? ShellError.fileNotFound(file) : .unreadableFile(file, reason: String(cString: strerror(errno))))
          .description)
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      fail(ShellError.isDirectory(file).description)
    }
    return descriptor
  }

  /// Ends the process on an error, with fzf's status.
  @MainActor static func fail(_ message: String) -> Never {
    printError("error: \(message)")
    finish(failed)
  }
}
