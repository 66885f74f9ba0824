import Foundation
import Tables

/// Finds `GramPresence` over a fold arena: each part of its bytes on a core of its own, into
/// flags of its own, joined at the end.
///
/// The arena is read as one text, rows back to back, without a branch per byte: every gram ending
/// at each byte is flagged, one byte per gram (260 KiB per part) and a bit in a register for the
/// byte itself: stores without loads, so none waits on another (bits, which need a load each,
/// took longer). Grams that straddle two rows or hold
/// a byte outside the alphabet are flagged too: the first only make a gram look held that no row
/// holds (a search then reads the rows, as it would without this), the second are never asked.
enum GramScan {
  /// The grams of `count` bytes of `fold`, or nil once `isCancelled`, asked after every block of
  /// bytes, says stop; `searchOutOfMemory` when the system refuses the flags' memory (a load near
  /// an address-space limit), taken before the workers start.
  static func presence(
    fold: UnsafePointer<UInt8>, count: Int, isCancelled: (() -> Bool)?
  ) throws(SearchError) -> GramPresence? {
    let split = Parallel.Chunks(work: count, count: count < blockBytes ? 1 : Parallel.cores)
    let slots = GramPresence.slotCount
    let parts = try SearchMemory.allocate(UInt8.self, count: slots * split.count)
    defer { free(parts) }
    parts.initialize(repeating: 0, count: slots * split.count)
    let (bits, words) = try UnsafePinnedBuffer<UInt64>.unsafeWritableChecked(count: GramPresence.wordCount)
    var stopped = [Bool](repeating: false, count: split.count)
    let sendable = UncheckedSendable(parts)
    let symbols = GramPresence.symbolTable.pointer
    stopped.withUnsafeMutableBufferPointer { stops in
      let stops = UncheckedSendable(stops)
      Parallel.forEach(split.count) { part in
        let flags = sendable.value + slots * part
        var bytes = split.range(part)
        // A part's first grams start in the part before: those bytes are read again.
        var code = 0
        for position in max(0, bytes.lowerBound - 2)..<bytes.lowerBound {
          code = (code &<< 6 | Int(symbols[Int(fold[position])])) & 0x3FFFF
        }
        while !bytes.isEmpty {
          let block = bytes.lowerBound..<min(bytes.upperBound, bytes.lowerBound + blockBytes)
          code = scan(block, fold: fold, symbols: symbols, code: code, into: flags)
          bytes = block.upperBound..<bytes.upperBound
          if let isCancelled, isCancelled() {
            stops.value[part] = true
            return
          }
        }
      }
    }
    if stopped.contains(true) { return nil }
    if count > 0 {
      // The first grams read two bytes outside the alphabet before the arena's start: their
      // own grams are marked too, so every held gram's parts are held (`invariantViolation`).
      parts[0] = 1
      parts[GramPresence.pairBase] = 1
    }
    for part in 0..<split.count {
      let flags = parts + slots * part
      for slot in 0..<slots where flags[slot] != 0 { words[slot >> 6] |= 1 << UInt64(slot & 63) }
    }
    return GramPresence(bits: bits)
  }

  /// Bytes scanned between two questions whether to stop.
  static let blockBytes = 1 << 22

  /// Flags every gram ending in `bytes` (the last two bytes before them in `code`); returns the
  /// code of the last three.
  private static func scan(
    _ bytes: Range<Int>, fold: UnsafePointer<UInt8>, symbols: UnsafePointer<UInt8>, code start: Int,
    into flags: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var code = start
    var singles: UInt64 = 0
    for position in bytes {
      let symbol = Int(symbols[Int(fold[position])])
      code = (code &<< 6 | symbol) & 0x3FFFF
      singles |= 1 &<< UInt64(symbol)
      flags[GramPresence.pairBase &+ code & 4095] = 1
      flags[GramPresence.tripleBase &+ code] = 1
    }
    for symbol in 0..<64 where singles & 1 << UInt64(symbol) != 0 { flags[symbol] = 1 }
    return code
  }
}
