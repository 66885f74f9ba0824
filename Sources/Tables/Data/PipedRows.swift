import Foundation

/// The rows piped into `--pick` and `--filter`, split as fzf splits them and printed back byte
/// for byte.
///
/// fzf on Unix ends a row at LF only (at NUL with `--read0`): a CR is a byte of its row (`a\r\n`
/// is the row `a\r`), a NUL in LF mode too, and an empty row in the middle is a row. The
/// dataset holds each row's searchable form (what the picker shows and the rules match); the
/// rows whose form is not their bytes keep their bytes here, so that what is printed is what
/// came in. Ordinary input costs nothing extra: only those rows are kept twice.
public struct PipedRows: Sendable {
  /// The byte that ends a row on the way in, or a record on the way out.
  public enum Separator: UInt8, Sendable {
    /// LF: fzf's default.
    case lineFeed = 0x0A
    /// NUL: fzf's `--read0` and `--print0` (`find -print0`, `xargs -0`).
    case nul = 0x00
  }

  /// What ends a row in the input.
  public let separator: Separator
  /// What ends a row printed.
  public let terminator: Separator
  /// How many rows there are.
  public private(set) var rowCount = 0
  /// The rows whose searchable form differs from their bytes, ascending.
  private var keptRows: [Int] = []
  /// Where each kept row's bytes end in `keptBytes`.
  private var keptEnds: [Int] = []
  /// The kept rows' bytes, one after another: a Latin-1 file of a million rows costs its bytes
  /// and two words a row, not a million arrays.
  private var keptBytes: [UInt8] = []

  /// How much memory the kept rows take, held to the load limit with the table.
  package var originalBytes: Int { keptBytes.count &+ keptRows.count &* 2 &* MemoryLayout<Int>.stride }

  /// Rows split at `separator`, printed ending with `terminator`.
  public init(separator: Separator = .lineFeed, terminator: Separator = .lineFeed) {
    self.separator = separator
    self.terminator = terminator
  }

  /// Row `row`'s bytes as they came in, or nil when they are its title in the dataset.
  public func originalBytes(ofRow row: Int) -> [UInt8]? {
    // Binary search: the kept rows were added in order.
    var low = 0
    var high = keptRows.count
    while low < high {
      let middle = low + (high - low) / 2
      if keptRows[middle] < row { low = middle + 1 } else { high = middle }
    }
    guard low < keptRows.count, keptRows[low] == row else { return nil }
    return Array(keptBytes[(low == 0 ? 0 : keptEnds[low - 1])..<keptEnds[low]])
  }

  /// Counts a row whose form is its bytes (`original` nil) or differs from them.
  mutating func addRow(original: UnsafeBufferPointer<UInt8>?) {
    if let original {
      keptRows.append(rowCount)
      keptBytes.append(contentsOf: original)
      keptEnds.append(keptBytes.count)
    }
    rowCount &+= 1
  }

  /// Forgets the rows from `count` on (a row the load limit cut short).
  mutating func removeRows(from count: Int) {
    guard count < rowCount else { return }
    // From the end: only the last rows are dropped.
    var kept = keptRows.count
    while kept > 0, keptRows[kept - 1] >= count { kept -= 1 }
    keptRows.removeSubrange(kept...)
    keptEnds.removeSubrange(kept...)
    keptBytes.removeSubrange((keptEnds.last ?? 0)...)
    rowCount = count
  }

  /// The same rows numbered from the last (fzf's `--tac`): row `r` becomes `rowCount - 1 - r`.
  package func reversed() -> PipedRows {
    var reversed = PipedRows(separator: separator, terminator: terminator)
    reversed.rowCount = rowCount
    var start = keptBytes.count
    for index in keptRows.indices.reversed() {
      let begin = index == 0 ? 0 : keptEnds[index - 1]
      reversed.keptRows.append(rowCount - 1 - keptRows[index])
      reversed.keptBytes.append(contentsOf: keptBytes[begin..<start])
      reversed.keptEnds.append(reversed.keptBytes.count)
      start = begin
    }
    return reversed
  }

  /// A row's searchable form, or nil when it is the row's bytes.
  ///
  /// Invalid UTF-8 is repaired (U+FFFD, as every loader does), and NUL and LF, which no title
  /// holds, are shown as their control pictures (U+2400, U+240A). A CR stays: titles may hold
  /// one, and the sanitizer shows it.
  package static func searchableForm(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard let base = bytes.baseAddress else { return nil }
    let hasBreak =
      memchr(base, 0, bytes.count) != nil || memchr(base, Int32(ByteCodes.lineFeed), bytes.count) != nil
    let isValid = UTF8Repair.isValid(bytes)
    if isValid && !hasBreak { return nil }
    let text = isValid ? Array(bytes) : UTF8Repair.repaired(bytes)
    guard hasBreak else { return text }
    var form: [UInt8] = []
    form.reserveCapacity(text.count &+ 8)
    for byte in text {
      switch byte {
      case 0: form += [0xE2, 0x90, 0x80]
      case ByteCodes.lineFeed: form += [0xE2, 0x90, 0x8A]
      default: form.append(byte)
      }
    }
    return form
  }
}
