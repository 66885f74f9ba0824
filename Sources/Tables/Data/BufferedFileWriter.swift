import Foundation

/// Collects output bytes and writes them to a descriptor in 64 KiB blocks.
package struct BufferedFileWriter {
  /// The open descriptor written to; the caller closes it.
  package let descriptor: Int32
  /// The file's name in error messages.
  package let path: String
  private var buffer: [UInt8] = []

  package init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    buffer.reserveCapacity(1 << 16)
  }

  /// Queues `text`, writing the buffer out when it is full.
  package mutating func write(_ text: String) throws(TableError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes `bytes` after everything queued, straight from their memory (an index's arenas).
  package mutating func write(bytes: UnsafeRawBufferPointer) throws(TableError) {
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
  package mutating func flush() throws(TableError) {
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
