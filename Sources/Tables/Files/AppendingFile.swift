import Foundation

/// A file that `record` or `trace json` appends to over a session; owns its descriptor.
///
/// Each append is written at once, so a session that ends abruptly leaves every line so far.
/// A failed write throws (the disk is full, the reader went away); it never traps.
package final class AppendingFile {
  /// The file as the user named it, for messages.
  package let name: String
  private let descriptor: Int32
  private let isPassThrough: Bool
  private var isOpen = true

  /// Takes ownership of `descriptor`, already open for writing.
  package init(descriptor: Int32, name: String, isPassThrough: Bool) {
    self.descriptor = descriptor
    self.name = name
    self.isPassThrough = isPassThrough
  }

  deinit { close() }

  /// Writes `text` now, or throws `unwritableFile` with the reason.
  package func append(_ text: String) throws(TableError) {
    guard isOpen else { throw .unwritableFile(name, reason: ByteStream.reason(EBADF)) }
    guard !text.isEmpty else { return }
    var output = BufferedFileWriter(descriptor: descriptor, path: name)
    if isPassThrough {
      try BrokenPipeGuard.run { () throws(TableError) in
        try output.write(text)
        try output.flush()
      }
    } else {
      try output.write(text)
      try output.flush()
    }
  }

  /// Whether this file is one of `paths` (by device and inode), such as a dataset loaded since.
  package func isOne(of paths: [String]) -> Bool {
    guard let identity = FileIdentity(descriptor: descriptor) else { return false }
    return paths.contains { FileIdentity(path: $0) == identity }
  }

  /// Closes the file; later appends throw.
  package func close() {
    guard isOpen else { return }
    isOpen = false
    _ = Foundation.close(descriptor)
  }
}
