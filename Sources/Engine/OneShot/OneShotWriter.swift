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

  init(descriptor: Int32, terminator: UInt8, escape: (@Sendable (UnsafeBufferPointer<UInt8>) -> [UInt8])?) {
    self.descriptor = descriptor
    self.terminator = terminator
    self.escape = escape
  }

  /// Appends `row` as it is printed to `output` (its first `count` bytes are kept).
  @inline(__always)
  func append(_ row: UnsafeBufferPointer<UInt8>, to output: UnsafeBlockBuffer, count: inout Int)
    throws(SearchError)
  {
    if let escape {
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

  /// Writes the kept rows in `order` (indices into the rows of `kept`, one after another).
  func write(_ order: [Int], from kept: [OneShotKept]) throws(OneShotFilter.Failure) {
    let output: UnsafeBlockBuffer
    do throws(SearchError) {
      output = try UnsafeBlockBuffer(capacity: 1 << 20)
    } catch {
      throw .search(error)
    }
    var starts: [Int] = [0]
    for store in kept { starts.append(starts[starts.count - 1] &+ store.count) }
    var count = 0
    for index in order {
      var store = 0
      while index >= starts[store + 1] { store &+= 1 }
      do throws(SearchError) {
        try kept[store].withRow(index &- starts[store]) { (row) throws(SearchError) in
          try append(row, to: output, count: &count)
        }
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
