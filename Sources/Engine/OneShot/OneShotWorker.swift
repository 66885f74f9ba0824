import Foundation
import Tables

/// One thread's share of a one-shot run: each block it takes is scanned and its lines tested,
/// the matches gathered for the writer (in the block's turn) or kept for the end.
///
/// With a driving term only the lines it hits and the lines that need folding are read at all
/// (`scan`), each lowercased alone when more than the term is to be tested; with none, every
/// line is tested in place, in the block and its lowercased copy (`eachLine`). A line with a byte
/// past ASCII, a NUL or (with `--read0`) an LF is folded first, as the index folds its rows
/// (`UnsafeLineForms`).
final class OneShotWorker {
  private let query: OneShotQuery
  private let options: OneShotFilter.Options
  /// Whether matches are kept for the end rather than printed block by block.
  private let keeps: Bool
  /// The blocks read from a pipe.
  let buffer: UnsafeBlockBuffer
  /// The block lowercased, when every line is read and a term compares in `fold` or `ci`.
  private let lowered: UnsafeBlockBuffer
  private let lowers: Bool
  /// The block's matches as printed, and how many bytes of it they take.
  let output: UnsafeBlockBuffer
  private(set) var outputCount = 0
  /// The kept matches.
  private(set) var kept: OneShotKept
  /// How many rows this worker printed (or kept).
  private(set) var printed = 0
  private let forms: UnsafeLineForms
  private let scorer = FuzzyScorer()
  /// The mask kernel of the query's one fuzzy term (its scratch is `kernelOwner`'s).
  private let kernelOwner: FuzzyScorer
  private let kernel: UnsafeFuzzyMaskScorer?
  /// Whether the kernel reads the block's lowercased copy (else the block's own bytes).
  private let kernelLowered: Bool
  private var transformed = OneShotTransformedLine()
  /// Whether fzf's field options transform each line (`options.transform` set), the row
  /// separator and the terminator, read per line without copying `options`.
  private let transforms: Bool
  /// Whether the blocks are the mapped file's own bytes, which the kept rows may point into.
  private let borrows: Bool
  private let separator: UInt8
  private let terminator: UInt8
  /// The fold table, filled as lines need it.
  private let table: UnsafeScalarFoldCache
  /// The check that skips lines past ASCII, made at the first.
  private var wideCheck: UnsafeWideLineCheck?
  /// The block being tested.
  private var chunk: UnsafeLineChunk

  init(query: OneShotQuery, options: OneShotFilter.Options, keeps: Bool, borrows: Bool) throws(SearchError) {
    self.query = query
    self.options = options
    self.keeps = keeps
    transforms = options.transform != nil
    self.borrows = borrows
    separator = options.separator
    terminator = options.terminator
    let buffer = try UnsafeBlockBuffer(capacity: 1 << 12)
    self.buffer = buffer
    chunk = UnsafeLineChunk(base: buffer.pointer, count: 0, limit: buffer.limit, ordinal: 0)
    lowers = query.uses(.fold) || query.uses(.ci)
    lowered = try UnsafeBlockBuffer(capacity: 1)
    output = try UnsafeBlockBuffer(capacity: 1)
    kept = try OneShotKept()
    let table = try UnsafeScalarFoldCache()
    self.table = table
    forms = try UnsafeLineForms(variants: query.variants, table: table)
    let owner = FuzzyScorer()
    kernelOwner = owner
    kernel = query.soleFuzzyPattern.flatMap { owner.maskScorer(pattern: $0.scalars, count: $0.count) }
    kernelLowered = query.soleFuzzyPattern?.lowered ?? false
  }

  /// Tests the lines of `block`, gathering its matches in `output` (from its start) or keeping them.
  func process(_ block: UnsafeLineChunk, writer: OneShotWriter) throws(SearchError) {
    chunk = block
    outputCount = 0
    if query.matchesEverything {
      try everyLine(writer)
    } else if let scan = query.scan, !transforms {
      try self.scan(scan, writer)
    } else {
      // Every line is read: its lowercased copy serves them all, and the fuzzy mask kernel.
      if lowers {
        try lowered.reserve(block.count)
        UnsafeSpecialScan.lowercase(block.base, into: lowered.pointer, count: block.count)
      }
      try eachLine(writer)
    }
    if scorer.refusedBytes > 0 { throw .searchOutOfMemory(requested: scorer.refusedBytes) }
  }

  /// Every line matches: printed as it came (a block at once when nothing changes it).
  private func everyLine(_ writer: OneShotWriter) throws(SearchError) {
    if !keeps, options.escape == nil, !transforms, terminator == separator {
      try output.reserve(chunk.count &+ 1)
      output.pointer.update(from: chunk.base, count: chunk.count)
      outputCount = chunk.count
      var rows = 0
      for index in 0..<chunk.count { rows &+= chunk.base[index] == separator ? 1 : 0 }
      if chunk.base[chunk.count &- 1] != separator {
        output.pointer[outputCount] = terminator
        outputCount &+= 1
        rows &+= 1
      }
      printed &+= rows
      return
    }
    var position = 0
    while position < chunk.count {
      let end = lineEnd(from: position)
      if let transform = options.transform {
        transformed.reset()
        transform.transform(row(position, end), into: &transformed)
        try emit(position, end, score: 0, length: transformed.shownCount, writer)
      } else {
        try emit(position, end, score: 0, length: end &- position, writer)
      }
      position = end &+ 1
    }
  }

  /// The lines the driving term hits, and the lines that need folding, tested; the others
  /// cannot match.
  ///
  /// The scan stops at the next special byte (past ASCII, NUL, or LF inside a row): a hit before
  /// it is in an ASCII line, unless its line goes on to one; the special byte's line is folded.
  private func scan(_ scan: UnsafeFoldFind, _ writer: OneShotWriter) throws(SearchError) {
    let count = chunk.count
    var position = 0
    var special = nextSpecial(from: 0)
    while position < count {
      let hit = scan.find(chunk.base, from: position, end: special, limit: chunk.limit)
      let inside: Int
      if hit >= 0 {
        inside = hit
      } else if special < count {
        inside = special
      } else {
        break
      }
      let end = lineEnd(from: inside)
      let isSpecial = special < end
      if query.hitDecides, !isSpecial {
        let start = lineStart(before: inside, notBefore: position)
        try emit(start, end, score: 0, length: end &- start, writer)
      } else if query.hitDecidesFolded {
        try decide(after: position, inside: inside, end, special: special, hit: hit >= 0, scan, writer)
      } else {
        // Lowercased here, not in a copy of the whole block: the scan read the bytes as they are.
        try consider(lineStart(before: inside, notBefore: position), end, folds: true, writer)
      }
      position = end &+ 1
      if special < position { special = nextSpecial(from: position) }
    }
  }

  /// Decides the line holding `inside`, past ASCII from `special`, under a plain `fold` term.
  ///
  /// A match when its bytes hold the needle, none when its scalars past ASCII fold apart from the
  /// needle (`UnsafeWideLineCheck`), else folded and tested. Where it starts (at `floor` or
  /// after) is looked for only when it prints or is tested: most such lines are skipped.
  private func decide(
    after floor: Int, inside: Int, _ end: Int, special: Int, hit: Bool, _ scan: UnsafeFoldFind,
    _ writer: OneShotWriter
  ) throws(SearchError) {
    if hit || scan.find(chunk.base, from: special, end: end, limit: chunk.limit) >= 0 {
      let start = lineStart(before: inside, notBefore: floor)
      let line = row(start, end)
      let length = query.ranks ? PipedRows.searchableForm(line)?.count ?? line.count : line.count
      return try emit(start, end, score: 0, length: length, writer)
    }
    let check = wideCheck ?? UnsafeWideLineCheck(needle: scan.needle, length: scan.length, table: table)
    wideCheck = check
    if check.foldsApart(chunk.base, from: special, to: end) { return }
    try consider(lineStart(before: inside, notBefore: floor), end, folds: true, writer)
  }

  /// Every line tested (a query with no driving term to scan for).
  private func eachLine(_ writer: OneShotWriter) throws(SearchError) {
    let count = chunk.count
    var position = 0
    var special = nextSpecial(from: 0)
    while position < count {
      let end = lineEnd(from: position)
      let isSpecial = special < end
      if let kernel, !isSpecial, end &- position <= 64, !transforms {
        // The one fuzzy term's mask kernel, as `FuzzyScorer.score` would call it for this line.
        let text = (kernelLowered ? UnsafePointer(lowered.pointer) : chunk.base) + position
        let score = kernel.score(text, cased: chunk.base + position, length: end &- position)
        if score > FuzzyScorer.none { try emit(position, end, score: score, length: end &- position, writer) }
      } else {
        try consider(position, end, folds: isSpecial, writer)
      }
      position = end &+ 1
      if special < position { special = nextSpecial(from: position) }
    }
  }

  /// Tests line `start..<end` of the block and emits it if it matches: its forms made from its
  /// bytes when `folds` (it needs folding, or the block has no lowercased copy), else read in
  /// the block and its copy.
  private func consider(_ start: Int, _ end: Int, folds: Bool, _ writer: OneShotWriter) throws(SearchError) {
    if transforms { return try considerTransformed(start, end, writer) }
    if let regex = query.regex {
      guard folds else {
        if regex.matches(chunk.base, start: start, end: end) {
          try emit(start, end, score: 0, length: end &- start, writer)
        }
        return
      }
      let form = PipedRows.searchableForm(row(start, end)) ?? Array(row(start, end))
      let matches = form.withUnsafeBufferPointer { bytes in
        bytes.baseAddress.map { regex.matches($0, start: 0, end: bytes.count) } ?? regex.matches("")
      }
      if matches { try emit(start, end, score: 0, length: form.count, writer) }
      return
    }
    let subject: UnsafeLineSubject
    let length: Int
    if folds {
      forms.reset()
      length = try forms.appendPart(chunk.base + start, count: end &- start)
      subject = forms.subject()
    } else {
      length = end &- start
      subject = forms.subject(
        raw: UnsafeRowSlice(base: chunk.base, start: start, end: end, limit: chunk.limit),
        lowered: UnsafeRowSlice(base: lowered.pointer, start: start, end: end, limit: lowered.limit))
    }
    guard query.matches(subject) else { return }
    try emit(start, end, score: query.ranks ? query.score(subject, scorer) : 0, length: length, writer)
  }

  /// `consider` through fzf's field and colour options: the parts they make are searched.
  private func considerTransformed(_ start: Int, _ end: Int, _ writer: OneShotWriter) throws(SearchError) {
    guard let transform = options.transform else { return }
    transformed.reset()
    transform.transform(row(start, end), into: &transformed)
    forms.reset()
    var matches = false
    try transformed.text.withUnsafeBufferPointer { (text) throws(SearchError) in
      var partStart = 0
      for partEnd in transformed.partEnds {
        let part = UnsafeBufferPointer(rebasing: text[partStart..<partEnd])
        partStart = partEnd
        if let regex = query.regex {
          let form = PipedRows.searchableForm(part) ?? Array(part)
          matches =
            matches
            || form.withUnsafeBufferPointer { bytes in
              bytes.baseAddress.map { regex.matches($0, start: 0, end: bytes.count) } ?? regex.matches("")
            }
        } else if let base = part.baseAddress {
          _ = try forms.appendPart(base, count: part.count)
        } else {
          var empty: UInt8 = 0
          _ = try forms.appendPart(&empty, count: 0)
        }
      }
    }
    var score: Int32 = 0
    if query.regex == nil {
      let subject = forms.subject()
      matches = subject.parts > 0 && query.matches(subject)
      if matches, query.ranks { score = query.score(subject, scorer) }
    }
    if matches { try emit(start, end, score: score, length: transformed.shownCount, writer) }
  }

  /// Prints (or keeps) line `start..<end`, which matches with `score`; `length` is what the
  /// tiebreak compares.
  @inline(__always)
  private func emit(_ start: Int, _ end: Int, score: Int32, length: Int, _ writer: OneShotWriter)
    throws(SearchError)
  {
    printed &+= 1
    guard !transforms || transformed.printsLine else {
      return try transformed.printed.withUnsafeBufferPointer { (bytes) throws(SearchError) in
        try deliver(bytes, start: start, score: score, length: length, writer)
      }
    }
    try deliver(row(start, end), start: start, score: score, length: length, writer)
  }

  /// Hands a printed row to the output or the kept rows.
  @inline(__always)
  private func deliver(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, score: Int32, length: Int, _ writer: OneShotWriter
  ) throws(SearchError) {
    if keeps {
      // fzf's tiebreak: the row's length in scalars, whitespace at either end not counted.
      let length =
        query.ranks ? bytes.baseAddress.map { TitleLengths.length($0, count: bytes.count) } ?? 0 : length
      let ordinal = UInt64(truncatingIfNeeded: chunk.ordinal) &<< 32 | UInt64(truncatingIfNeeded: start)
      try kept.add(bytes, ordinal: ordinal, score: score, length: length, borrowing: borrows && !transforms)
    } else {
      try writer.append(bytes, to: output, count: &outputCount)
    }
  }

  /// Bytes `start..<end` of the block.
  @inline(__always)
  private func row(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: chunk.base + start, count: end &- start)
  }

  /// Where the line holding `position` ends (its separator, or the block's end).
  @inline(__always)
  private func lineEnd(from position: Int) -> Int {
    guard let found = memchr(chunk.base + position, Int32(separator), chunk.count &- position) else {
      return chunk.count
    }
    return chunk.base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Where the line holding `position` starts, no earlier than `floor` (a line start).
  @inline(__always)
  private func lineStart(before position: Int, notBefore floor: Int) -> Int {
    UnsafeSpecialScan.last(separator, in: chunk.base, from: floor, before: position).map { $0 &+ 1 }
      ?? floor
  }

  /// The first byte from `position` on that makes a line need folding: past ASCII, or the other
  /// of NUL and LF than the separator; the block's end when none.
  @inline(__always)
  private func nextSpecial(from position: Int) -> Int {
    UnsafeSpecialScan.next(
      chunk.base, from: position, end: chunk.count, limit: chunk.limit,
      other: separator == 0 ? ByteCodes.lineFeed : 0)
  }

  /// Checks the worker's buffers and kept rows.
  func checkInvariants() {
    precondition(outputCount <= output.capacity, "output past its buffer")
    for buffer in [buffer, lowered, output] { buffer.checkInvariants() }
    kept.checkInvariants()
    table.checkInvariants()
  }
}
