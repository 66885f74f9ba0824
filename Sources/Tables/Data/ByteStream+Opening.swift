import Foundation

/// Opening a file for `ByteStream`: errors by cause, the size limit, and FIFOs without a writer.
extension ByteStream {
  /// Opens a file for reading, telling missing, directory and unreadable apart.
  ///
  /// Without O_NONBLOCK, opening a FIFO blocks until a writer opens it, where Ctrl-C cannot be
  /// told from a retry and nothing says why the shell hangs; so the file is opened non-blocking
  /// and a FIFO is polled (`waitForWriter`) before reads go back to blocking.
  static func openFile(
    _ path: String, control: LoadControl, limit: Int
  ) throws(TableError) -> (descriptor: Int32, size: Int?) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: throw .fileNotFound(path)
      case EISDIR: throw .isDirectory(path)
      default: throw .unreadableFile(path, reason: Self.reason(code))
      }
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      _ = close(descriptor)
      throw .unreadableFile(path, reason: Self.reason(code))
    }
    let kind = info.st_mode & S_IFMT
    // Pipes and devices have no meaningful size; progress then shows bytes only.
    let size = kind == S_IFREG ? Int(info.st_size) : nil
    do throws(TableError) {
      if kind == S_IFDIR { throw .isDirectory(path) }
      if let size, size > limit { throw .loadTooLarge(path, limit: limit) }
      if kind == S_IFIFO { try waitForWriter(descriptor, label: path, control: control) }
      let flags = fcntl(descriptor, F_GETFL)
      guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
        throw .unreadableFile(path, reason: Self.reason(errno))
      }
    } catch {
      _ = close(descriptor)
      throw error
    }
    return (descriptor, size)
  }

  /// Waits until the FIFO open at `descriptor` has bytes or its writer hung up.
  ///
  /// A FIFO no one writes to reads as empty at once, so a load must wait for the writer's first
  /// bytes. After a moment with none it tells the user what it waits for (`control.waiting`);
  /// the poll wakes every quarter second to check for Ctrl-C, whichever thread took the signal.
  private static func waitForWriter(
    _ descriptor: Int32, label: String, control: LoadControl
  ) throws(TableError) {
    var announced = false
    while true {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, 250)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw .unreadableFile(label, reason: Self.reason(errno)) }
      if let isCancelled = control.isCancelled, isCancelled() { throw .loadCancelled(label) }
      if !announced {
        announced = true
        control.waiting?(label)
      }
    }
  }

  /// A lowercase reason for an errno value, as `strerror` words it.
  package static func reason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    return message.prefix(1).lowercased() + message.dropFirst()
  }
}
