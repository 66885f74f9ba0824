import EngineTestSupport
import Foundation
import Tables
import Testing

@testable import Engine

/// The one-shot filter's own kernels against plain definitions, and its reading of blocks.
struct OneShotKernelTests {
  /// The block lowercasing is `ByteCodes.lowercased`, byte for byte, at every length and offset.
  @Test func lowercasingIsTheFoldOfEveryByte() {
    let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) } + (0...255).map { UInt8($0) }
    var target = [UInt8](repeating: 0, count: bytes.count)
    for offset in [0, 1, 5, 16, 31] {
      for count in [0, 1, 15, 16, 17, 33, 100, bytes.count - offset] where offset + count <= bytes.count {
        bytes.withUnsafeBufferPointer { source in
          target.withUnsafeMutableBufferPointer { output in
            guard let from = source.baseAddress, let to = output.baseAddress else { return }
            UnsafeSpecialScan.lowercase(from + offset, into: to, count: count)
          }
        }
        #expect(Array(target[0..<count]) == bytes[offset..<offset + count].map(ByteCodes.lowercased))
      }
    }
  }

  /// The special-byte scan finds what a byte loop finds, whatever the limit and the other byte.
  @Test(arguments: [UInt8(0), 0x0A])
  func specialBytesAreFoundAsALoopFindsThem(_ other: UInt8) {
    var random = SeededGenerator(seed: UInt64(other) + 11)
    for _ in 0..<300 {
      let count = Int.random(in: 0...200, using: &random)
      let specials: [UInt8] = [other, 0xC3, 0x0A, 0x00]
      let bytes: [UInt8] = (0..<count).map { _ in
        Int.random(in: 0..<40, using: &random) == 0 ? specials[Int.random(in: 0..<4, using: &random)] : 0x61
      }
      let from = Int.random(in: 0...count, using: &random)
      let end = Int.random(in: from...count, using: &random)
      let expected = (from..<end).first { bytes[$0] >= 0x80 || bytes[$0] == other } ?? end
      let found = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map {
          UnsafeSpecialScan.next($0, from: from, end: end, limit: count, other: other)
        } ?? end
      }
      #expect(found == expected)
    }
  }

  /// `last` walks back to the last separator, not before its floor.
  @Test func theLastSeparatorIsFound() {
    let bytes = Array("ab\ncd\nef".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      #expect(UnsafeSpecialScan.last(0x0A, in: base, from: 0, before: 8) == 5)
      #expect(UnsafeSpecialScan.last(0x0A, in: base, from: 0, before: 5) == 2)
      #expect(UnsafeSpecialScan.last(0x0A, in: base, from: 3, before: 5) == nil)
    }
  }

  /// Header rows are dropped across blocks of any size, the blocks handed out in order, and a
  /// row as long as several blocks comes whole.
  @Test(arguments: [1, 2, 5, 9])
  func headerRowsAndLongRowsSpanBlocks(_ headerLines: Int) throws {
    let rows = ["h1", "h2", String(repeating: "x", count: 300), "", "a b", "last"]
    let input = Array(rows.joined(separator: "\n").utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("oneshot-\(UUID().uuidString)")
    try Data(input).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    for mapped in [true, false] {
      let descriptor = mapped ? open(url.path, O_RDONLY) : try pipeHolding(input)
      defer { close(descriptor) }
      let source = OneShotSource(
        descriptor: descriptor, separator: 0x0A, headerLines: headerLines, blockSize: 64, limit: 1 << 20,
        label: "t")
      #expect(source.isMapped == mapped)
      let buffer = try UnsafeBlockBuffer(capacity: 16)
      var read: [UInt8] = []
      var ordinals: [Int] = []
      while let chunk = try source.next(into: buffer) {
        read += UnsafeBufferPointer(start: chunk.base, count: chunk.count)
        ordinals.append(chunk.ordinal)
        buffer.checkInvariants()
      }
      let kept = rows.dropFirst(min(headerLines, rows.count)).joined(separator: "\n")
      #expect(read == Array(kept.utf8), "mapped \(mapped)")
      #expect(ordinals == Array(0..<ordinals.count))
    }
  }

  /// A row longer than the limit stops the read with the limit's error, mapped or piped.
  @Test func aRowPastTheLimitIsRefused() throws {
    let input = [UInt8](repeating: 0x41, count: 5_000) + [0x0A]
    let descriptor = try pipeHolding(input)
    defer { close(descriptor) }
    let source = OneShotSource(
      descriptor: descriptor, separator: 0x0A, headerLines: 0, blockSize: 64, limit: 1_000, label: "t")
    let buffer = try UnsafeBlockBuffer(capacity: 16)
    #expect(throws: SearchError.table(.loadTooLarge("t", limit: 1_000))) {
      _ = try source.next(into: buffer)
    }
  }

  /// A pipe already holding `bytes` (fewer than its 64 KiB), its writing end closed.
  private func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
    _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    return ends[0]
  }
}
