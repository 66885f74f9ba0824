import Foundation

/// A command run by `/bin/sh -c` whose output the picker reads: the default command that lists
/// the rows, or a preview.
///
/// It runs in a process group of its own, so stopping it stops everything it started (a
/// pipeline, a pager it ran); its standard input is `/dev/null` and SIGPIPE is back to its
/// default, so a producer whose reader left ends as in a shell.
final class ChildProcess: @unchecked Sendable {
  /// The child's process id, which is also its process group's.
  let pid: pid_t
  /// The read end of the pipe its standard output (and, if asked, error) goes to.
  let output: Int32
  private let lock = NSLock()
  private var reaped: Int32?

  private init(pid: pid_t, output: Int32) {
    self.pid = pid
    self.output = output
  }

  /// Starts `sh -c command` with `variables` added to the environment, or returns nil.
  ///
  /// Standard error goes to the same pipe when `mergingErrors`, else to `/dev/null`.
  static func start(_ command: String, variables: [String: String] = [:], mergingErrors: Bool)
    -> ChildProcess?
  {
    guard let ends = makePipe() else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    if mergingErrors {
      posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigaddset(&defaults, SIGINT)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let copy = { (text: String) -> UnsafeMutablePointer<CChar>? in strdup(text) }
    let arguments = ["/bin/sh", "-c", command].map(copy) + [nil]
    let environment = inheritedEnvironment(adding: variables).map(copy) + [nil]
    defer { (arguments + environment).forEach { free($0) } }
    var pid = pid_t()
    descriptorLock.lock()
    let failure = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environment)
    descriptorLock.unlock()
    close(ends[1])
    guard failure == 0 else {
      close(ends[0])
      return nil
    }
    return ChildProcess(pid: pid, output: ends[0])
  }

  /// Held while a pipe is made and marked close-on-exec, and while a process starts: a process
  /// another thread starts between the two would hold a copy of the pipe's write end, and its
  /// reader would not see the end of the output until that process ended.
  static let descriptorLock = NSLock()

  /// A pipe (read end, write end) whose ends no process started later inherits; nil when the
  /// system has no descriptor left.
  static func makePipe(nonBlocking: Bool = false) -> [Int32]? {
    var ends: [Int32] = [0, 0]
    descriptorLock.lock()
    defer { descriptorLock.unlock() }
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      if nonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }
    return ends
  }

  /// This process's environment as `NAME=value` entries, with `variables` set over it.
  private static func inheritedEnvironment(adding variables: [String: String]) -> [String] {
    var entries: [String] = []
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
      if variables[name] == nil { entries.append(text) }
      index += 1
    }
    return entries + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  }

  /// Stops the child and everything it started (SIGKILL to its group: a preview no longer
  /// wanted, or the rows' producer when the picker leaves or stops reading).
  func stop() {
    kill(-pid, SIGKILL)
  }

  /// Waits for the child to end and returns its wait status (once; later calls repeat it).
  @discardableResult
  func wait() -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    if let reaped { return reaped }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    reaped = status
    return status
  }

  /// Why the child ended, when not with status 0: `status 2`, `signal 9`.
  static func failure(_ status: Int32) -> String? {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    let signal = status & 0x7F
    if signal == 0 {
      let code = (status >> 8) & 0xFF
      return code == 0 ? nil : "status \(code)"
    }
    return "signal \(signal)"
  }
}
