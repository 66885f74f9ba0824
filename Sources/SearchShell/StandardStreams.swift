import Foundation

/// Writes to standard output and standard error with write(2): never traps, whatever the
/// descriptor is (closed, a full disk, a pipe whose reader left, non-blocking).
enum StandardStreams {
  /// How long a non-blocking descriptor may stay full before the write gives up.
  private static let patience: Int32 = 5_000

  /// Writes all of `bytes` to `descriptor`; nil when done, else the errno that stopped it.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    var waited: Int32 = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      let failure = written < 0 ? errno : EIO
      switch failure {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // A descriptor someone made non-blocking: wait for room, a bounded time.
        var pending = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard waited < patience else { return failure }
        _ = poll(&pending, 1, 100)
        waited += 100
      default: return failure
      }
    }
    return nil
  }

  /// Writes `text` to standard error, ignoring failure: there is nowhere left to report it.
  static func writeError(_ text: String) {
    _ = write(Array(text.utf8), to: STDERR_FILENO)
  }

  /// Points closed standard descriptors at /dev/null, so no file the shell opens later takes
  /// their number (an export written into by `error:` lines); returns whether stdout was closed.
  static func reopenClosedDescriptors() -> Bool {
    var stdoutWasClosed = false
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      // open(2) takes the lowest free number, which is this one: the lower ones are open.
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if opened != descriptor, opened >= 0 { close(opened) }
      if descriptor == STDOUT_FILENO { stdoutWasClosed = true }
    }
    return stdoutWasClosed
  }

  /// Ends the process as a broken pipe would have, quietly: the reader (`head -1`) has left.
  static func exitForBrokenPipe() -> Never {
    TerminalRestorer.restore()
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    exit(141)
  }
}
