import Foundation

/// The terminal live mode reads keys from and draws on.
///
/// Standard input and output when a person types the commands there; the controlling terminal
/// (`/dev/tty`) when standard input carries the rows (`ls | searchshell --pick`, `--dataset -`,
/// `load -` under `-c`) and standard output may be a pipe, as fzf does.
struct TerminalDevice {
  /// The descriptor keys are read from.
  let input: Int32
  /// The descriptor frames are written to.
  let output: Int32

  /// Standard input and output.
  static let standard = TerminalDevice(input: STDIN_FILENO, output: STDOUT_FILENO)

  /// Whether keys come from standard input (so keys typed ahead can go back to readline).
  var isStandard: Bool { input == STDIN_FILENO }

  /// Whether both descriptors are terminals.
  var isTerminal: Bool { isatty(input) != 0 && isatty(output) != 0 }

  /// The controlling terminal, opened once for the process and kept open (nil without one: a
  /// daemon, a CI job, `setsid`).
  static let controlling: TerminalDevice? = {
    let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard isatty(descriptor) != 0 else {
      close(descriptor)
      return nil
    }
    return TerminalDevice(input: descriptor, output: descriptor)
  }()
}
