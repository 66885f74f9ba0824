import EngineTestSupport
import Testing

@testable import Engine

/// The four-byte sweep (`RowSweep<FourByteProbe>`) against `ReferenceMatcher`: hits that end at a
/// row's last byte, start at its first, or run across a row boundary (which must not count), in
/// runs that begin exactly `readsBefore` bytes into the arena and end at its last row.
struct FourByteSweepTests {
  typealias Arena = ByteKernelTests.Arena

  /// The rows the sweep returns for `needle` over `run`, rows of `wide` answered by the recheck
  /// (which must be handed the sweep's own, correct, answer and here keeps it).
  static func swept(_ arena: Arena, _ needle: [UInt8], _ run: Range<Int>, wide: [Int32]) -> [Int] {
    let view = arena.view
    let byteCount = view.end(run.upperBound - 1) - view.start(run.lowerBound)
    let hits = UnsafeMutablePointer<UInt64>.allocate(
      capacity: RowSweep<FourByteProbe>.hitWords(byteCount: byteCount))
    defer { hits.deallocate() }
    let output = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, run.count))
    defer { output.deallocate() }
    let text = String(decoding: needle, as: UTF8.self)
    let found = wide.withUnsafeBufferPointer { wide in
      RowSweep<FourByteProbe>(needle: needle).sweep(view, rows: run, hits: hits, into: output, wide: wide) {
        row, found in
        let row = String(decoding: arena.rows[row], as: UTF8.self)
        #expect(found == ReferenceMatcher.matches(row, query: text, rule: .exact), "recheck of '\(row)'")
        return found
      }
    }
    return (0..<found).map { Int(output[$0]) }
  }

  /// The rows of `run` that hold `needle` by the reference's definition of `exact`.
  static func expected(_ arena: Arena, _ needle: [UInt8], _ run: Range<Int>) -> [Int] {
    let query = String(decoding: needle, as: UTF8.self)
    return run.filter {
      ReferenceMatcher.matches(String(decoding: arena.rows[$0], as: UTF8.self), query: query, rule: .exact)
    }
  }

  /// Rows built so that `tion` ends a row, starts one, fills one exactly, and is split by every
  /// row boundary it can straddle; the first row takes exactly the bytes the sweep reads before
  /// its first row, and the last row ends the arena with the needle.
  static let edgeRows: [String] = [
    "tio", "n tion", "ti", "on", "t", "ion", "tion", "tio", "ntion", "", "xtio", "n", "tiontion",
    "tion", "atio", "ion", String(repeating: "t", count: 70) + "tion", "tioN", "xtion",
  ]

  @Test func fourByteTermsAtRowBoundariesAndArenaEdgesMatchTheReference() {
    let rows = Self.edgeRows.map { Array($0.utf8) }
    let arena = Arena(rows, padded: true)
    let needle = Array("tion".utf8)
    #expect(RowSweep<FourByteProbe>.readsBefore == 3)
    #expect(
      arena.view.start(1) == RowSweep<FourByteProbe>.readsBefore,
      "row 1 starts at the arena's first sweepable byte")
    for lower in 1..<rows.count {
      for upper in (lower + 1)...rows.count {
        let run = lower..<upper
        let wide = run.filter { $0 % 5 == 0 }.map(Int32.init)
        #expect(
          Self.swept(arena, needle, run, wide: wide) == Self.expected(arena, needle, run), "rows \(run)")
      }
    }
    // Every row that holds `tion` of its own, and none that holds it only across a boundary.
    #expect(Self.expected(arena, needle, 1..<rows.count) == [1, 6, 8, 12, 13, 16, 18])
  }

  /// Random rows dense in the needle's letters, random four-byte needles, runs from the first
  /// sweepable row to the last.
  @Test(arguments: [UInt64(1), 2, 3])
  func randomFourByteTermsMatchTheReference(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let alphabet = Array("tion T-".utf8)
    var rows: [[UInt8]] = [Array("tio".utf8)]
    for _ in 0..<400 {
      let length =
        Bool.random(using: &random)
        ? Int.random(in: 0...6, using: &random) : Int.random(in: 0...140, using: &random)
      rows.append((0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0 })
    }
    let arena = Arena(rows, padded: true)
    let letters = Array("tion".utf8)
    for _ in 0..<40 {
      let needle = (0..<4).map { _ in letters.randomElement(using: &random) ?? 0 }
      let lower = Int.random(in: 1..<rows.count, using: &random)
      let upper =
        Bool.random(using: &random) ? rows.count : Int.random(in: (lower + 1)...rows.count, using: &random)
      let run = lower..<upper
      let wide = run.filter { $0 % 7 == 0 }.map(Int32.init)
      #expect(
        Self.swept(arena, needle, run, wide: wide) == Self.expected(arena, needle, run),
        "needle \(needle) rows \(run)")
    }
  }
}
