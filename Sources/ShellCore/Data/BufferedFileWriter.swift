import Foundation

/// Collects output bytes and writes them to a descriptor in 64 KiB blocks.
struct BufferedFileWriter {
  /// The open descriptor written to; the caller closes it.
  let descriptor: Int32
  /// The file's name in error messages.
  let path: String
  private var buffer: [UInt8] = []

  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    buffer.reserveCapacity(1 << 16)
  }

  /// Queues `text`, writing the buffer out when it is full.
  mutating func write(_ text: String) throws(ShellError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes `bytes` after everything queued, straight from their memory (an index's arenas).
  mutating func write(bytes: UnsafeRawBufferPointer) throws(ShellError) {
    try flush()
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      // At most 1 GiB per call: Linux writes no more than about 2 GiB at once.
      let written = Foundation.write(descriptor, base + offset, min(bytes.count - offset, 1 << 30))
      if written < 0 {
        if errno == EINTR { continue }
        throw .unwritableFile(path, reason: ByteStream.reason(errno))
      }
      offset += written
    }
  }

  /// Writes out everything queued.
  mutating func flush() throws(ShellError) {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes in
        Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .unwritableFile(path, reason: ByteStream.reason(errno))
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
