import Testing

@testable import Engine

/// A compact copy gives up as soon as its rows, extrapolated over the whole scan, pass its share
/// by its margin, and not before.
struct UnsafeCompactRowsTests {
  /// Rows found at `rate` times the share's pace, offered 256 at a time over 40,000 scanned rows
  /// for a share of 1,000 (a 40th of the rows): whether the copy is still open at the end.
  static func staysOpen(margin: Int, rate: Double) -> Bool {
    let builder = UnsafeCompactRows.PartBuffer()
    let total = 40_000
    builder.reset(limit: 2_000, share: 1_000, margin: margin, bytes: 64_000)
    let text: [UInt8] = Array("row".utf8) + [UInt8](repeating: 0, count: 96)
    return text.withUnsafeBufferPointer { text in
      guard let base = text.baseAddress else { return false }
      let row = UnsafeRowSlice(base: base, start: 0, end: 3, limit: text.count)
      var offered = 0
      for scanned in stride(from: 4_096, through: total, by: 4_096) {
        let due = Int(Double(scanned) / Double(total) * 1_000 * rate)
        guard builder.isOpen else { break }
        if builder.refuses(due - offered, scanned: scanned, of: total) {
          builder.abandon()
          break
        }
        for _ in offered..<due { builder.append(row) }
        offered = due
      }
      return builder.isOpen
    }
  }

  /// The margins `SearchEngine.chunks` gives a share of 1,000 rows.
  static let estimateMargin = 1_000 / SearchTuning.standard.copyEstimateMargin
  static let bytesMargin = 1_000 / SearchTuning.standard.copyBytesMargin

  @Test(arguments: [
    // A 16th: a result 10% past its share is given up early; one at 97% is copied.
    (estimateMargin, 1.10, false), (estimateMargin, 0.97, true),
    // A quarter: 10% past is still copied (narrowing reads a copy held to its bytes); 30% is not.
    (bytesMargin, 1.10, true), (bytesMargin, 1.30, false),
  ])
  func givesUpPastItsMargin(margin: Int, rate: Double, open: Bool) {
    #expect(Self.staysOpen(margin: margin, rate: rate) == open)
  }
}
