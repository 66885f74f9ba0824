import Foundation
import Tables

/// Where the one-shot filter's rows come from, a block of whole rows at a time: a regular file
/// mapped whole (no copy), or any other descriptor read into the asking worker's buffer with the
/// unfinished row carried over to the next block.
///
/// One thread at a time asks for a block (`OneShotPipeline` holds its lock). What it holds is
/// one unfinished row at most, never more than the limit.
final class OneShotSource {
  private let descriptor: Int32
  private let separator: UInt8
  private let blockSize: Int
  private let limit: Int
  private let label: String
  /// Header rows still to drop (`--header-lines`).
  private var headerRowsLeft: Int
  /// The mapped file and its size, when the input is one.
  private var mapping: (base: UnsafePointer<UInt8>, count: Int)?
  /// Where the next block starts in the mapped file.
  private var offset = 0
  /// The unfinished row of the last block read.
  private var carry: [UInt8] = []
  /// Whether a read returned the end of the input.
  private var ended = false
  /// The next block's ordinal (blocks of header rows alone take none).
  private var ordinal = 0

  /// A source over `descriptor` (mapped when it is a non-empty regular file), in blocks of about
  /// `blockSize` bytes of rows ended by `separator`, the first `headerLines` rows dropped.
  init(descriptor: Int32, separator: UInt8, headerLines: Int, blockSize: Int, limit: Int, label: String) {
    self.descriptor = descriptor
    self.separator = separator
    self.blockSize = max(blockSize, 64)
    self.limit = limit
    self.label = label
    headerRowsLeft = headerLines
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
      let count = Int(exactly: status.st_size),
      let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
    {
      // Blocks are taken in order by every worker: read ahead.
      _ = madvise(address, count, MADV_SEQUENTIAL)
      mapping = (UnsafePointer(address.assumingMemoryBound(to: UInt8.self)), count)
    }
  }

  /// Whether the input is a mapped file, whose bytes stay readable until the source goes.
  var isMapped: Bool { mapping != nil }

  deinit {
    if let mapping { munmap(UnsafeMutableRawPointer(mutating: mapping.base), mapping.count) }
  }

  /// The next block (read into `buffer` unless the file is mapped), or nil at the end.
  func next(into buffer: UnsafeBlockBuffer) throws(SearchError) -> UnsafeLineChunk? {
    while true {
      guard let chunk = try nextBlock(into: buffer) else { return nil }
      let rows = dropHeaderRows(chunk)
      guard rows.count > 0 else { continue }
      // Numbered as handed out: the output waits for every number in turn.
      defer { ordinal &+= 1 }
      return UnsafeLineChunk(base: rows.base, count: rows.count, limit: rows.limit, ordinal: ordinal)
    }
  }

  /// The next block, header rows included.
  private func nextBlock(into buffer: UnsafeBlockBuffer) throws(SearchError) -> UnsafeLineChunk? {
    if let mapping { return try mappedBlock(mapping) }
    return try readBlock(into: buffer)
  }

  /// The mapped file's next block: `blockSize` bytes, then to the end of the row they stop in.
  private func mappedBlock(_ mapping: (base: UnsafePointer<UInt8>, count: Int)) throws(SearchError)
    -> UnsafeLineChunk?
  {
    guard offset < mapping.count else { return nil }
    var end = mapping.count
    if mapping.count &- offset > blockSize {
      let from = offset &+ blockSize &- 1
      if let found = memchr(mapping.base + from, Int32(separator), mapping.count &- from) {
        end = mapping.base.distance(to: found.assumingMemoryBound(to: UInt8.self)) &+ 1
      }
    }
    // Only a row longer than the limit makes a block past both: its lowercased copy would be.
    guard end &- offset <= max(blockSize, limit) else { throw .table(.loadTooLarge(label, limit: limit)) }
    let chunk = UnsafeLineChunk(
      base: mapping.base + offset, count: end &- offset, limit: mapping.count &- offset, ordinal: ordinal)
    offset = end
    return chunk
  }

  /// The next block read: the carried row, then reads until some row ends (or the input does).
  private func readBlock(into buffer: UnsafeBlockBuffer) throws(SearchError) -> UnsafeLineChunk? {
    try buffer.reserve(max(blockSize, carry.count &+ blockSize / 2))
    var filled = carry.count
    carry.withUnsafeBufferPointer { kept in
      if let start = kept.baseAddress { buffer.pointer.update(from: start, count: kept.count) }
    }
    carry.removeAll(keepingCapacity: true)
    var searched = 0
    while !ended {
      if filled == buffer.capacity {
        guard filled < limit else { throw .table(.loadTooLarge(label, limit: limit)) }
        try buffer.reserve(min(filled &* 2, limit))
      }
      let count = read(descriptor, buffer.pointer + filled, buffer.capacity &- filled)
      if count < 0 {
        if errno == EINTR { continue }
        throw .table(.unreadableFile(label, reason: String(cString: strerror(errno))))
      }
      if count == 0 {
        ended = true
        break
      }
      filled &+= count
      // A block ends at its last separator: the rest is carried to the next.
      if let last = UnsafeSpecialScan.last(separator, in: buffer.pointer, from: searched, before: filled) {
        let end = last &+ 1
        carry.append(contentsOf: UnsafeBufferPointer(start: buffer.pointer + end, count: filled &- end))
        return UnsafeLineChunk(base: buffer.pointer, count: end, limit: buffer.limit, ordinal: ordinal)
      }
      searched = filled
    }
    guard filled > 0 else { return nil }
    return UnsafeLineChunk(base: buffer.pointer, count: filled, limit: buffer.limit, ordinal: ordinal)
  }

  /// `chunk` without the header rows still to drop.
  private func dropHeaderRows(_ chunk: UnsafeLineChunk) -> UnsafeLineChunk {
    var start = 0
    while headerRowsLeft > 0, start < chunk.count {
      headerRowsLeft &-= 1
      guard let found = memchr(chunk.base + start, Int32(separator), chunk.count &- start) else {
        start = chunk.count
        break
      }
      start = chunk.base.distance(to: found.assumingMemoryBound(to: UInt8.self)) &+ 1
    }
    return UnsafeLineChunk(
      base: chunk.base + start, count: chunk.count &- start, limit: chunk.limit &- start,
      ordinal: chunk.ordinal)
  }
}
