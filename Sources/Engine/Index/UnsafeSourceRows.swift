/// Reads a row's searched text from the dataset arena: in place for one column, joined otherwise.
struct UnsafeSourceRows {
  let base: UnsafePointer<UInt8>
  let offsets: UnsafePointer<UInt32>
  let stride: Int
  let columns: [Int]

  /// Calls `body` with the row's bytes.
  @inline(__always)
  func withRow(_ row: Int, scratch: inout [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> Void) {
    if columns.count == 1 {
      let index = row * stride + columns[0]
      let start = Int(offsets[index])
      body(base + start, Int(offsets[index + 1]) - start)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    for (position, column) in columns.enumerated() {
      if position > 0 { scratch.append(0x20) }
      let index = row * stride + column
      scratch.append(
        contentsOf: UnsafeBufferPointer(
          start: base + Int(offsets[index]), count: Int(offsets[index + 1] - offsets[index])))
    }
    scratch.withUnsafeBufferPointer { buffer in
      // An empty array may have no address; any valid pointer does for zero bytes.
      body(buffer.baseAddress ?? base, buffer.count)
    }
  }
}

extension UnsafeSourceRows {
  /// The rows of a dataset's storage; `placeholder` stands in for an empty buffer's missing
  /// address (no byte is read through it then).
  init(
    _ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<UInt32>, stride: Int, columns: [Int],
    placeholder: UnsafeRawPointer
  ) {
    self.init(
      base: bytes.baseAddress ?? placeholder.assumingMemoryBound(to: UInt8.self),
      offsets: offsets.baseAddress ?? placeholder.assumingMemoryBound(to: UInt32.self), stride: stride,
      columns: columns)
  }
}
