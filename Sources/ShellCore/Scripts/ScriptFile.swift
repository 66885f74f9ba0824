import Engine
import Foundation
import Tables

/// Reads a script file whole, refusing what is not a regular file or is too large to be one.
///
/// A device such as `/dev/zero` or a FIFO never ends, so only regular files are read, opened
/// without blocking (a FIFO with no writer would block the open itself) and read no further
/// than the limit even if the file grows meanwhile.
enum ScriptFile {
  /// The largest script read (16 MiB): far beyond any hand-written or recorded script.
  static let sizeLimit = 16 << 20

  /// The bytes of the file at `path` (already expanded); `name` is the path as the user typed it.
  static func contents(_ path: String, name: String) throws(ShellError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: throw .fileNotFound(name)
      case EISDIR: throw .isDirectory(name)
      default: throw .unreadableFile(name, reason: ByteStream.reason(code))
      }
    }
    defer { _ = close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadableFile(name, reason: ByteStream.reason(errno)) }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { throw .isDirectory(name) }
    guard kind == S_IFREG else { throw .notRegularFile(name, kind: describe(kind)) }
    if Int(info.st_size) > sizeLimit { throw .fileTooLarge(name, bytes: Int(info.st_size), limit: sizeLimit) }
    return try readAll(descriptor, name: name)
  }

  /// Standard input read whole (a piped script with `--param`), at most `sizeLimit` bytes.
  static func standardInput() throws(ShellError) -> [UInt8] {
    try readAll(STDIN_FILENO, name: "standard input")
  }

  /// Reads to the end, at most `sizeLimit` bytes: a file growing while read is refused too.
  private static func readAll(_ descriptor: Int32, name: String) throws(ShellError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadableFile(name, reason: ByteStream.reason(errno))
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      if bytes.count > sizeLimit { throw .fileTooLarge(name, bytes: bytes.count, limit: sizeLimit) }
    }
  }

  /// What a non-regular file is, for the error.
  private static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }
}
