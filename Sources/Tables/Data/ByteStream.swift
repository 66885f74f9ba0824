import Foundation

/// Reads a dataset's bytes in fixed-size chunks, refusing NUL bytes and tracking line and column.
///
/// Parsers pull one byte at a time; the chunk buffer is reused, so reading never holds more
/// than one chunk of the input. Line and column (1-based, in characters) are those of the byte
/// `next()` returned last, so a parser can report exactly where it stopped. CR, LF and CRLF
/// each end one line.
package struct ByteStream: ~Copyable {
  /// The chunk size; also how often progress is reported and cancellation checked.
  static let chunkSize = 256 * 1024

  /// The input's name in error messages.
  package let label: String
  /// The input's size when known (a regular file or memory), for progress.
  package let totalBytes: Int?
  /// The line of the last byte returned.
  private(set) var line = 1
  /// The column of the last byte returned (0 before the first byte of a line).
  package var column: Int {
    guard let base = buffer.baseAddress, !uncounted.isEmpty else { return countedColumn }
    return countedColumn + Self.characters(base + uncounted.lowerBound, count: uncounted.count)
  }
  /// Bytes read from the input so far (decompressed, for gzip).
  private(set) var bytesRead = 0
  /// Bytes read from the file, memory or pipe so far (compressed, for gzip).
  private var rawBytesRead = 0
  /// The gzip decoder, once the first bytes showed gzip's magic number.
  private var inflater: UnsafeGzipInflater?
  /// Whether the first bytes were looked at for gzip's magic number.
  private var checkedForGzip = false
  /// The most bytes the input may have (`LoadLimit`); reading one more throws `loadTooLarge`.
  package let limit: Int

  private let descriptor: Int32
  private let closesDescriptor: Bool
  private let memory: Data?
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private var position = 0
  private var end = 0
  private var exhausted = false
  private var atLineStart = false
  private var previousWasCR = false
  private var countedColumn = 0
  /// The buffer positions of a run `withLineRun` consumed but did not count into the column yet.
  ///
  /// Counting characters costs more than finding the line's end, and only error messages (never
  /// the text format's) ask for a column. A new line forgets the run; a refill counts it first.
  private var uncounted = 0..<0
  private let control: LoadControl

  /// Opens `input`, mapping the reasons it cannot be read to the shell's errors.
  ///
  /// A regular file larger than `limit` is refused before a byte is read; a FIFO is waited on
  /// (see `LoadControl.waiting`) until a writer sends something or the load is cancelled.
  package init(_ input: DataInput, control: LoadControl, limit: Int = LoadLimit.ceiling) throws(TableError) {
    // From malloc, so that a refusal near an address-space limit is the load's error, not a trap.
    guard let chunk = malloc(Self.chunkSize) else {
      throw .outOfMemory(input.label, held: 0, requested: Self.chunkSize)
    }
    let source: (descriptor: Int32, closes: Bool, memory: Data?, size: Int?)
    switch input {
    case .data(let data, _): source = (-1, false, data, data.count)
    case .standardInput: source = (0, false, nil, nil)
    case .file(let path):
      do throws(TableError) {
        let opened = try Self.openFile(path, control: control, limit: limit)
        source = (opened.descriptor, true, nil, opened.size)
      } catch {
        free(chunk)
        throw error
      }
    }
    label = input.label
    self.control = control
    self.limit = limit
    descriptor = source.descriptor
    closesDescriptor = source.closes
    memory = source.memory
    totalBytes = source.size
    buffer = UnsafeMutableBufferPointer(
      start: chunk.bindMemory(to: UInt8.self, capacity: Self.chunkSize), count: Self.chunkSize)
  }

  deinit {
    free(buffer.baseAddress)
    if closesDescriptor { _ = close(descriptor) }
  }

  /// Where the input ended, for "unexpected end of file" errors: just after the last byte.
  var endPosition: (line: Int, column: Int) {
    atLineStart ? (line + 1, 1) : (line, column + 1)
  }

  /// The next byte, or nil at the end of the input.
  @inline(__always)
  package mutating func next() throws(TableError) -> UInt8? {
    if position == end {
      guard try refill() else { return nil }
    }
    let byte = buffer[position]
    position += 1
    if byte == 0 { throw .binaryFile(label) }
    track(byte)
    return byte
  }

  /// The next byte without consuming it, or nil at the end of the input.
  @inline(__always)
  mutating func peek() throws(TableError) -> UInt8? {
    if position == end {
      guard try refill() else { return nil }
    }
    return buffer[position]
  }

  /// Appends bytes to `cell` up to, not including, the first byte in `stops` or the end of input.
  ///
  /// The fast path for runs of ordinary data: one copy per chunk instead of a call per byte.
  /// `stops` must contain CR and LF so that line tracking stays exact.
  @inline(__always)
  mutating func appendRun(into cell: UnsafeGrowableBuffer<UInt8>, until stops: ByteSet) throws(TableError) {
    while true {
      if position == end {
        guard try refill() else { return }
      }
      var index = position
      var characters = 0
      while index < end {
        let byte = buffer[index]
        if stops.contains(byte) { break }
        if byte & 0xC0 != 0x80 { characters += 1 }
        index += 1
      }
      if index > position {
        beginLineIfNeeded()
        previousWasCR = false
        countedColumn += characters
        try cell.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<index]))
        position = index
      }
      if index < end { return }
    }
  }

  /// Consumes the bytes before the next LF, CR or NUL (or the end of input) and calls `body` with them.
  ///
  /// The bytes are passed in place when they lie in one chunk, else gathered in `scratch`, with
  /// their line. Line and column advance exactly as `appendRun(into:until:)` with those stops
  /// (the column is counted only when asked for).
  ///
  /// The text parser's fast path: the stop bytes are found 8 at a time with word operations, and
  /// a line is neither copied into a cell array nor scanned byte by byte through a `ByteSet`.
  @inline(__always)
  mutating func withLineRun<R>(
    scratch: UnsafeGrowableBuffer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, _ line: Int) throws(TableError) -> R
  ) throws(TableError) -> R {
    scratch.removeAll()
    var spilled = false
    while true {
      if position == end {
        guard try refill() else { break }
      }
      guard let base = buffer.baseAddress else { break }
      let stop = Self.lineStop(base, from: position, to: end)
      if stop > position { trackRun(position, stop) }
      if stop < end, !spilled {
        let run = UnsafeBufferPointer(start: base + position, count: stop - position)
        position = stop
        return try body(run, line)
      }
      try scratch.append(contentsOf: UnsafeBufferPointer(start: base + position, count: stop - position))
      spilled = true
      position = stop
      if stop < end { break }
    }
    return try body(scratch.buffer, line)
  }

  /// Moves the position to the next line's start when the previous byte ended a line.
  @inline(__always)
  private mutating func beginLineIfNeeded() {
    guard atLineStart else { return }
    line += 1
    countedColumn = 0
    uncounted = 0..<0
    atLineStart = false
  }

  /// Line and column bookkeeping for the run of bytes without LF, CR or NUL at `start..<end`.
  @inline(__always)
  private mutating func trackRun(_ start: Int, _ end: Int) {
    beginLineIfNeeded()
    previousWasCR = false
    countUncounted()
    uncounted = start..<end
  }

  /// Adds the characters of the run `withLineRun` left uncounted to the column.
  @inline(__always)
  private mutating func countUncounted() {
    guard !uncounted.isEmpty, let base = buffer.baseAddress else { return }
    countedColumn += Self.characters(base + uncounted.lowerBound, count: uncounted.count)
    uncounted = 0..<0
  }

  /// Consumes a UTF-8 byte-order mark if the input starts with one.
  mutating func skipByteOrderMark() throws(TableError) {
    while end - position < 3, !exhausted { _ = try refill() }
    if end - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
      buffer[position + 2] == 0xBF
    {
      position += 3
    }
  }

  /// What `body` finds in the first bytes of the input (`bytes` of them at least, up to a chunk).
  ///
  /// Read in place without consuming them, for format sniffing: a copy would be a Swift array,
  /// whose refusal traps. `body` is told whether the bytes are the whole input.
  package mutating func withPrefix<Result>(
    atLeast bytes: Int = 512, _ body: (UnsafeBufferPointer<UInt8>, _ isWhole: Bool) -> Result
  ) throws(TableError) -> Result {
    while end - position < min(bytes, buffer.count), !exhausted { _ = try refill() }
    return body(UnsafeBufferPointer(rebasing: buffer[position..<end]), exhausted)
  }

  @inline(__always)
  private mutating func track(_ byte: UInt8) {
    // The LF of a CRLF belongs to the line the CR ended.
    if byte == 0x0A, previousWasCR {
      previousWasCR = false
      return
    }
    beginLineIfNeeded()
    if byte & 0xC0 != 0x80 { countedColumn += 1 }
    if byte == 0x0A || byte == 0x0D { atLineStart = true }
    previousWasCR = byte == 0x0D
  }

  /// Keeps the unread bytes, reads more after them, and reports progress; false at the end.
  private mutating func refill() throws(TableError) -> Bool {
    if exhausted { return position < end }
    // The bytes move below.
    countUncounted()
    if let isCancelled = control.isCancelled, isCancelled() { throw .loadCancelled(label) }
    let kept = end - position
    if kept > 0, position > 0, let base = buffer.baseAddress {
      base.update(from: base + position, count: kept)
    }
    position = 0
    end = kept
    // One byte past the limit is enough to know the input exceeds it.
    let room = min(buffer.count - end, max(1, limit &- bytesRead &+ 1))
    guard let base = buffer.baseAddress else { return false }
    var count = 0
    if !checkedForGzip {
      count = try startReading(into: base + end, room: room)
    } else if let inflater {
      count = try inflate(inflater, into: base + end, room: room)
    } else {
      count = try readRaw(into: base + end, count: room)
    }
    if count == 0 {
      exhausted = true
      // Short of the size at open: the file shrank, unless its size still says the same (a
      // /proc or /sys file gives a nominal size).
      if let totalBytes, rawBytesRead < totalBytes {
        var info = stat()
        if fstat(descriptor, &info) != 0 || Int(info.st_size) != totalBytes {
          throw .fileShrank(label, expected: totalBytes, read: rawBytesRead)
        }
      }
    }
    end += count
    bytesRead += count
    if bytesRead > limit { throw .loadTooLarge(label, limit: limit) }
    // A compressed file's size is its compressed bytes: progress counts those.
    control.progress?(inflater == nil ? bytesRead : rawBytesRead, totalBytes)
    return position < end
  }

  /// The first read: raw bytes, or, when they start with gzip's magic number, the bytes they
  /// inflate to (the raw ones become the inflater's first input).
  private mutating func startReading(into output: UnsafeMutablePointer<UInt8>, room: Int) throws(TableError)
    -> Int
  {
    checkedForGzip = true
    var count = try readRaw(into: output, count: room)
    // A pipe may give one byte at first: the magic number takes two.
    while count == 1 {
      let more = try readRaw(into: output + count, count: room - count)
      if more == 0 { break }
      count += more
    }
    guard UnsafeGzipInflater.isGzip(UnsafeBufferPointer(start: output, count: count)) else { return count }
    guard let inflater = UnsafeGzipInflater(label: label, inputBytes: Self.chunkSize) else {
      throw .outOfMemory(label, held: 0, requested: Self.chunkSize)
    }
    self.inflater = inflater
    inflater.input.baseAddress?.update(from: output, count: min(count, inflater.input.count))
    try inflater.supplied(min(count, inflater.input.count))
    return try inflate(inflater, into: output, room: room)
  }

  /// Up to `room` inflated bytes, reading compressed input as needed; 0 only at the end.
  private mutating func inflate(
    _ inflater: UnsafeGzipInflater, into output: UnsafeMutablePointer<UInt8>, room: Int
  ) throws(TableError) -> Int {
    while !inflater.isDone {
      if inflater.needsInput, let input = inflater.input.baseAddress {
        try inflater.supplied(try readRaw(into: input, count: inflater.input.count))
      }
      let produced = try inflater.inflate(into: output, count: room)
      if produced > 0 { return produced }
      if let isCancelled = control.isCancelled, isCancelled() { throw .loadCancelled(label) }
    }
    return 0
  }

  /// Reads up to `count` bytes of the input as it is stored into `output`; 0 at its end.
  private mutating func readRaw(into output: UnsafeMutablePointer<UInt8>, count room: Int) throws(TableError)
    -> Int
  {
    if let memory {
      let count = min(room, memory.count - rawBytesRead)
      if count > 0 {
        let start = memory.startIndex + rawBytesRead
        memory.copyBytes(to: output, from: start..<start + count)
      }
      rawBytesRead += max(count, 0)
      return max(count, 0)
    }
    while true {
      let result = read(descriptor, output, room)
      if result >= 0 {
        rawBytesRead += result
        return result
      }
      let code = errno
      // A signal (Ctrl-C) interrupts the read: check whether it meant to cancel, then retry.
      if code == EINTR {
        if let isCancelled = control.isCancelled, isCancelled() { throw .loadCancelled(label) }
        continue
      }
      if code == EISDIR { throw .isDirectory(label) }
      throw .unreadableFile(label, reason: Self.reason(code))
    }
  }
}
