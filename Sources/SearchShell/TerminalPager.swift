import Foundation
import ShellCore
import Tables

/// The user's pager, as psql and git start it: `$SEARCHSHELL_PAGER`, else `$PAGER`, else
/// `less -FRX` (or `more` without less), run by `/bin/sh -c` and fed through a pipe.
///
/// An empty variable turns paging off. `LESS` is set to `FRX` when unset, as git does, so a
/// plain `less` keeps the colours and leaves the screen as it was.
final class TerminalPager: Pager {
  /// The command line `sh -c` runs.
  let command: String

  /// The pager `environment` names, or nil for none (an empty variable, or no pager found).
  init?(environment: [String: String]) {
    let named = environment["SEARCHSHELL_PAGER"] ?? environment["PAGER"]
    if let named {
      guard !named.allSatisfy(\.isWhitespace) else { return nil }
      if let program = Self.program(of: named), Self.find(program, environment: environment) == nil {
        StandardStreams.writeError(
          Sanitizer.terminalSafe(
            "warning: pager \(Sanitizer.quoted(program)) not found; long output is printed directly")
            + "\n")
        return nil
      }
      command = named
    } else if Self.find("less", environment: environment) != nil {
      command = "less -FRX"
    } else if Self.find("more", environment: environment) != nil {
      command = "more"
    } else {
      return nil
    }
  }

  func open() -> (any PagerOutput)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    // Neither end may leak into the pager (its copy of the write end would keep its input open).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    let copy = { (text: String) -> UnsafeMutablePointer<CChar>? in strdup(text) }
    let arguments = ["/bin/sh", "-c", command].map(copy) + [nil]
    let variables = environment.map { copy("\($0.key)=\($0.value)") } + [nil]
    defer { (arguments + variables).forEach { free($0) } }
    // Whatever this process printed comes first.
    fflush(nil)
    var pid = pid_t()
    let failure = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, variables)
    close(ends[0])
    guard failure == 0 else {
      close(ends[1])
      return nil
    }
    return PipedPager(pid: pid, descriptor: ends[1])
  }

  /// The program a simple command line runs (nil when it is more than words: a pipeline, quotes).
  static func program(of command: String) -> String? {
    guard !command.contains(where: { "|&;<>()$`'\"\\*?".contains($0) }) else { return nil }
    return command.split(whereSeparator: \.isWhitespace).first.map(String.init)
  }

  /// The executable `program` names, looked up on `PATH` unless it holds a `/`.
  static func find(_ program: String, environment: [String: String]) -> String? {
    let candidates =
      program.contains("/")
      ? [program] : (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
    return candidates.first { access($0, X_OK) == 0 }
  }
}

/// A running pager's standard input: lines buffered into the pipe, EPIPE once it quit.
final class PipedPager: PagerOutput {
  private let pid: pid_t
  private var descriptor: Int32
  private var pending: [UInt8] = []
  private(set) var hasQuit = false

  init(pid: pid_t, descriptor: Int32) {
    self.pid = pid
    self.descriptor = descriptor
  }

  func print(_ line: String) {
    guard !hasQuit else { return }
    pending.append(contentsOf: line.utf8)
    pending.append(0x0A)
    if pending.count >= 1 << 16 { flush() }
  }

  func printError(_ line: String) {
    StandardStreams.writeError(line + "\n")
  }

  func close() {
    flush()
    if descriptor >= 0 { Foundation.close(descriptor) }
    descriptor = -1
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }

  private func flush() {
    guard !pending.isEmpty, !hasQuit else { return }
    if StandardStreams.write(pending, to: descriptor) != nil { hasQuit = true }
    pending.removeAll(keepingCapacity: true)
  }
}
