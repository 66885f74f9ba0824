import CPrefetch
import Foundation
import Tables

/// Where the one-shot filter's rows go: a descriptor, each row ended by the terminator as it
/// came, or for a terminal escaped into one line (`escape`).
///
/// Rows are gathered into a worker's buffer (`append`) and written a block at a time, in the
/// input's order (`OneShotPipeline` takes the turns), so the output is one buffered stream.
final class OneShotWriter: @unchecked Sendable {
  private let descriptor: Int32
  private let terminator: UInt8
  private let escape: (@Sendable (UnsafeBufferPointer<UInt8>) -> [UInt8])?
  /// Whether `escape` is set, tested per row without copying the closure (a retain and release).
  private let escapes: Bool

  init(descriptor: Int32, terminator: UInt8, escape: (@Sendable (UnsafeBufferPointer<UInt8>) -> [UInt8])?) {
    self.descriptor = descriptor
    self.terminator = terminator
    self.escape = escape
    escapes = escape != nil
  }

  /// Appends `row` as it is printed to `output` (its first `count` bytes are kept).
  @inline(__always)
  func append(_ row: UnsafeBufferPointer<UInt8>, to output: UnsafeBlockBuffer, count: inout Int)
    throws(SearchError)
  {
    if escapes, let escape {
      let line = escape(row)
      try output.reserve(count &+ line.count &+ 1)
      line.withUnsafeBufferPointer { line in
        if let source = line.baseAddress { (output.pointer + count).update(from: source, count: line.count) }
      }
      count &+= line.count
      output.pointer[count] = ByteCodes.lineFeed
      count &+= 1
      return
    }
    try output.reserve(count &+ row.count &+ 1)
    if let source = row.baseAddress { (output.pointer + count).update(from: source, count: row.count) }
    count &+= row.count
    output.pointer[count] = terminator
    count &+= 1
  }

  /// Writes `count` bytes from `bytes`, retrying short and interrupted writes.
  func write(_ bytes: UnsafePointer<UInt8>, count: Int) throws(OneShotFilter.Failure) {
    var written = 0
    while written < count {
      let result = Foundation.write(descriptor, bytes + written, count &- written)
      if result < 0 {
        if errno == EINTR { continue }
        throw errno == EPIPE ? .brokenPipe : .output(errno)
      }
      written &+= result
    }
  }

  /// Writes `rows` (the kept rows, in the order they print), a megabyte at a time.
  ///
  /// A ranking reads the kept rows in no order memory likes: each row's cache line is fetched a
  /// few rows ahead, where one fetch at a time cost a cache miss a row.
  func write(_ rows: [UnsafeBufferPointer<UInt8>], order: [Int32]?) throws(OneShotFilter.Failure) {
    let output: UnsafeBlockBuffer
    do throws(SearchError) {
      output = try UnsafeBlockBuffer(capacity: 1 << 20)
    } catch {
      throw .search(error)
    }
    let ahead = 8
    var count = 0
    @inline(__always) func row(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      rows[order.map { Int($0[index]) } ?? index]
    }
    for index in rows.indices {
      if index &+ ahead < rows.count, let next = row(index &+ ahead).baseAddress {
        searchshell_prefetch(next)
      }
      do throws(SearchError) {
        try append(row(index), to: output, count: &count)
      } catch {
        throw .search(error)
      }
      if count >= 1 << 20 {
        try write(output.pointer, count: count)
        count = 0
      }
    }
    try write(output.pointer, count: count)
  }
}
