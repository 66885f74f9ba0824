import Foundation
import ShellCore

/// `--filter TEXT` on the command line: the one-shot filter (`PickFilter`) run on standard input
/// or FILE, its outcome made fzf's exit status.
enum FilterCommandLine {
  /// Filters and ends the process: 0 when a row printed, 1 when none matched, 2 on an error; a
  /// reader that left ends it as SIGPIPE would, quietly.
  @MainActor static func run(
    _ query: String, options: PickOptions, file: String?, configuration: ShellConfiguration
  ) -> Never {
    let outcome = PickFilter.run(
      query: query, options: options, file: file, configuration: configuration,
      outputIsTerminal: isatty(STDOUT_FILENO) != 0)
    switch outcome {
    case .printed(let count): finish(count > 0 ? PickCommandLine.picked : PickCommandLine.nothing)
    case .readerLeft: StandardStreams.exitForBrokenPipe()
    case .outputFailed(let failure):
      StandardStreams.writeError(StandardConsole.failureLine(failure))
      finish(PickCommandLine.failed)
    case .failed(let message): PickCommandLine.fail(message)
    }
  }
}
