import EngineTestSupport
import Testing

@testable import Engine

/// The byte kernels (`ByteScanner.bits`, `RowFinder`, `UnsafeArenaView.row(containing:)`, the SIMD scan)
/// against byte-by-byte definitions, on random rows that cross 32-byte steps and end at the arena's
/// last readable byte, where the kernels switch to their scalar tails.
struct ByteKernelTests {
  /// Rows packed into one arena, either padded like the engine's or ending exactly at `limit`.
  struct Arena {
    let bytes: UnsafePinnedBuffer<UInt8>
    let offsets: UnsafePinnedBuffer<UInt32>
    let rows: [[UInt8]]
    let limit: Int

    init(_ rows: [[UInt8]], padded: Bool) {
      self.rows = rows
      let joined = rows.flatMap { $0 }
      bytes = UnsafePinnedBuffer(joined, padding: padded ? FoldedIndex.padding : 0)
      var ends: [UInt32] = [0]
      for row in rows { ends.append((ends.last ?? 0) + UInt32(row.count)) }
      offsets = UnsafePinnedBuffer(ends)
      limit = joined.count + (padded ? FoldedIndex.padding : 0)
    }

    var view: UnsafeArenaView {
      UnsafeArenaView(base: bytes.pointer, limit: limit, offsets: offsets.pointer, stride: 1, column: 0)
    }
  }

  /// Letters, separators and a two-byte letter (é), so word starts and UTF-8 both occur.
  static let alphabet: [[UInt8]] = ["s", "t", "a", "n", "S", " ", "-", "1", "é"].map { Array($0.utf8) }

  static func randomRow(_ random: inout SeededGenerator, maxScalars: Int) -> [UInt8] {
    (0..<Int.random(in: 0...maxScalars, using: &random)).flatMap { _ in
      alphabet.randomElement(using: &random) ?? []
    }
  }

  /// Every start of `needle` in `row` (at a word start when asked), by plain comparison.
  static func naiveMatches(_ arena: Arena, row: Int, needle: [UInt8], wordStart: Bool) -> Bool {
    let view = arena.view
    let start = view.start(row)
    let text = arena.rows[row]
    guard needle.count <= text.count else { return needle.isEmpty }
    for offset in 0...(text.count - needle.count) where Array(text[offset..<offset + needle.count]) == needle
    {
      if !wordStart || ByteScanner.isWordStart(view.base, rowStart: start, start + offset) { return true }
    }
    return false
  }

  @Test func bitsGatherEveryLaneInOrder() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let a = SIMD32<UInt8>((0..<32).map { _ in UInt8.random(in: 0...3, using: &random) })
      let mask = a .== SIMD32(repeating: 1)
      var expected: UInt32 = 0
      for lane in 0..<32 where mask[lane] { expected |= 1 << UInt32(lane) }
      #expect(ByteScanner.bits(mask) == expected)
    }
  }

  @Test(arguments: [false, true], [UInt64(1), 2, 3])
  func rowFinderAgreesWithPlainComparison(padded: Bool, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let rows = (0..<120).map { _ in Self.randomRow(&random, maxScalars: 70) }
    let arena = Arena(rows, padded: padded)
    let view = arena.view
    for _ in 0..<150 {
      // Needles cut from rows (so they occur) or random (so they mostly do not), 1-12 bytes.
      var needle = Self.randomRow(&random, maxScalars: 4)
      if Bool.random(using: &random), let source = rows.randomElement(using: &random), source.count > 0 {
        let start = Int.random(in: 0..<source.count, using: &random)
        needle = Array(source[start..<min(source.count, start + Int.random(in: 1...12, using: &random))])
      }
      guard !needle.isEmpty else { continue }
      let keys = NeedleKeys(
        first: Int.random(in: 0..<needle.count, using: &random),
        second: Int.random(in: 0..<needle.count, using: &random))
      let wordStart = Bool.random(using: &random)
      needle.withUnsafeBufferPointer { buffer in
        guard let pointer = buffer.baseAddress else { return }
        let finder = RowFinder(needle: pointer, length: needle.count, keys: keys, wordStart: wordStart)
        for row in rows.indices {
          let expected = Self.naiveMatches(arena, row: row, needle: needle, wordStart: wordStart)
          #expect(
            finder.matches(view.slice(row)) == expected,
            "row \(rows[row]) needle \(needle) keys \(keys.first),\(keys.second) wordStart \(wordStart)")
          #expect(
            ByteScanner.matches(
              view.slice(row), pointer, needle.count, keys: keys, wordStart: wordStart, anchoredStart: false,
              anchoredEnd: false) == expected)
        }
      }
    }
  }

  @Test(arguments: [false, true], [UInt64(4), 5])
  func scanFindsExactlyTheRowsHoldingTheNeedle(padded: Bool, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Mostly short rows with runs of empty ones and a few long ones, so hits are dense and sparse.
    let rows = (0..<400).map { index in
      index % 50 < 5 ? [] : Self.randomRow(&random, maxScalars: index % 37 == 0 ? 90 : 12)
    }
    let arena = Arena(rows, padded: padded)
    // Even counts key needles of 4+ bytes on two bytes; counts that make their bytes common give
    // them a third key (`ByteNeedle.keysOnThree`). Both verify the other bytes before the row.
    let even = [Int](repeating: 1, count: 256)
    var common = even
    for letter in Self.alphabet.joined() { common[Int(letter)] = 1000 }
    for _ in 0..<120 {
      let needle = String(decoding: Self.randomRow(&random, maxScalars: 6), as: UTF8.self)
      guard !needle.isEmpty else { continue }
      let threeKeys = Bool.random(using: &random)
      let compiled = ByteNeedle(needle, frequency: threeKeys ? common : even)
      if compiled.count > 3, compiled.thirdIndex != compiled.secondIndex {
        #expect(compiled.keysOnThree == threeKeys, "needle '\(needle)'")
      }
      for wordStart in [false, true] {
        var found: [Int] = []
        ByteScanner.scan(arena.view, rows: 0..<rows.count, needle: compiled, wordStart: wordStart) {
          found.append($0)
        }
        var foundInlined: [Int] = []
        ByteScanner.scan(
          arena.view, rows: 0..<rows.count, needle: compiled, wordStart: wordStart, steps: InlinedSteps.self
        ) { foundInlined.append($0) }
        let expected = rows.indices.filter {
          Self.naiveMatches(arena, row: $0, needle: Array(needle.utf8), wordStart: wordStart)
        }
        #expect(found == expected, "needle '\(needle)' wordStart \(wordStart)")
        #expect(foundInlined == expected, "needle '\(needle)' wordStart \(wordStart), steps inlined")
      }
    }
  }

  @Test func rowContainingAPositionSkipsEmptyRows() {
    var random = SeededGenerator(seed: 9)
    let rows = (0..<300).map { _ in
      Int.random(in: 0..<4, using: &random) == 0 ? [] : Self.randomRow(&random, maxScalars: 9)
    }
    let arena = Arena(rows, padded: true)
    let view = arena.view
    let last = rows.count - 1
    for position in 0..<view.end(last) {
      let expected = (0...last).first { view.end($0) > position } ?? last
      // From every row that ends at or before the position (the scan's state before a jump).
      for after in stride(from: 0, to: expected, by: 7) where view.end(after) <= position {
        #expect(view.row(containing: position, after: after, through: last) == expected)
        // With a guess of the rows' length, right or far off either way.
        for rowBytes in [1, 3, 8, 40] {
          let rowsPerByte = UnsafeArenaView.rowsPerByte(averageRowBytes: rowBytes)
          #expect(
            view.row(containing: position, after: after, through: last, rowsPerByte: rowsPerByte) == expected)
        }
      }
    }
  }

  @Test func laneBitsGatherEveryLaneInOrder() {
    var random = SeededGenerator(seed: 5)
    for _ in 0..<500 {
      let a = SIMD16<UInt8>((0..<16).map { _ in UInt8.random(in: 0...3, using: &random) })
      let mask = a .== SIMD16(repeating: 1)
      var expected: UInt64 = 0
      for lane in 0..<16 where mask[lane] { expected |= 1 << UInt64(lane) }
      #expect(LaneBits.bits(mask) == expected)
    }
  }

  /// Runs of rows of 0-150 bytes (empty ones, ones shorter than the needle, and ones of more
  /// than 64 places, which take the sweep's long path), dense in the needle's bytes so that hits
  /// start at row starts, end at row ends and run across row boundaries; every seventh row is
  /// "wide", answered by the recheck (here: the opposite of the plain answer).
  @Test(arguments: [false, true], [UInt64(3), 4, 5])
  func rowSweepAgreesWithPlainComparison(wordStart: Bool, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Dense in `s`, `t`, `a`, with the bytes around the word ranges (`/0 9:` and `` `a z{ ``).
    let alphabet = Array("sta -1/09:`z{".utf8)
    let rows = (0..<600).map { _ in
      let length =
        Bool.random(using: &random)
        ? Int.random(in: 0...6, using: &random) : Int.random(in: 0...150, using: &random)
      return (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0 }
    }
    let arena = Arena(rows, padded: true)
    let view = arena.view
    let hits = UnsafeMutablePointer<UInt64>.allocate(capacity: 600 * 150 / 64 + 2)
    defer { hits.deallocate() }
    let output = UnsafeMutablePointer<Int32>.allocate(capacity: 600)
    defer { output.deallocate() }
    for _ in 0..<60 {
      let needle = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? 0
      }
      // A run starting past the arena's first bytes (the sweep reads before its first row).
      let lower = Int.random(in: 4..<rows.count, using: &random)
      let run = lower..<Int.random(in: lower...rows.count, using: &random)
      if run.isEmpty { continue }
      func plain(_ row: Int) -> Bool {
        Self.naiveMatches(arena, row: row, needle: needle, wordStart: wordStart)
      }
      // The run's wide rows, as the engine passes a block's.
      let wide = run.filter { $0 % 7 == 0 }.map(Int32.init)
      func sweep<Shape: ProbeShape>(_ shape: Shape.Type) -> Int {
        wide.withUnsafeBufferPointer { wide in
          RowSweep<Shape>(needle: needle).sweep(view, rows: run, hits: hits, into: output, wide: wide) {
            row, found in
            #expect(found == plain(row), "the sweep's own answer for row \(row)")
            return !found
          }
        }
      }
      let found: Int
      switch (needle.count, wordStart) {
      case (1, false): found = sweep(OneByteProbe.self)
      case (1, true): found = sweep(OneByteWordProbe.self)
      case (2, false): found = sweep(TwoByteProbe.self)
      case (2, true): found = sweep(TwoByteWordProbe.self)
      case (_, false): found = sweep(ThreeByteProbe.self)
      case (_, true): found = sweep(ThreeByteWordProbe.self)
      }
      let expected = run.filter { $0 % 7 == 0 ? !plain($0) : plain($0) }
      #expect(
        (0..<found).map { Int(output[$0]) } == expected, "needle \(needle) rows \(run) wordStart \(wordStart)"
      )
    }
  }

  /// ASCII bytes of a folded row, with the neighbours of every range the probe's word test draws
  /// (`/` `0` `9` `:` and `` ` `` `a` `z` `{`).
  static let foldedAlphabet: [UInt8] = Array("stan /09:`az{-".utf8)

  @Test(arguments: [false, true], [UInt64(6), 7, 8])
  func rowProbeAgreesWithPlainComparison(wordStart: Bool, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Rows of 0-70 bytes: over and under 32 and 48 bytes, so every lane mask is used.
    let rows = (0..<300).map { _ in
      (0..<Int.random(in: 0...70, using: &random)).map { _ in
        Self.foldedAlphabet.randomElement(using: &random) ?? 0
      }
    }
    let arena = Arena(rows, padded: true)
    let view = arena.view
    for _ in 0..<40 {
      // The engine probes one to three bytes anywhere and one or two at a word start.
      let needle = (0..<Int.random(in: 1...(wordStart ? 2 : 3), using: &random)).map { _ in
        Self.foldedAlphabet.randomElement(using: &random) ?? 0
      }
      for index in rows.indices {
        let start = view.start(index)
        let length = view.end(index) - start
        let positions = length - needle.count + 1
        // The probe's preconditions; the engine sends other rows to `RowFinder`.
        guard start >= 1, length <= RowProbe<OneByteProbe>.maxRowBytes, start + 66 <= view.limit else {
          continue
        }
        let row = view.base + start
        let tested = max(positions, 0)
        let found: Int
        switch (needle.count, wordStart) {
        case (1, false): found = RowProbe<OneByteProbe>(needle: needle).matches(row, positions: tested)
        case (1, true): found = RowProbe<OneByteWordProbe>(needle: needle).matches(row, positions: tested)
        case (2, true): found = RowProbe<TwoByteWordProbe>(needle: needle).matches(row, positions: tested)
        case (2, false): found = RowProbe<TwoByteProbe>(needle: needle).matches(row, positions: tested)
        default: found = RowProbe<ThreeByteProbe>(needle: needle).matches(row, positions: tested)
        }
        let expected = Self.naiveMatches(arena, row: index, needle: needle, wordStart: wordStart)
        #expect(found == (expected ? 1 : 0), "row \(rows[index]) needle \(needle) wordStart \(wordStart)")
      }
    }
  }
}
