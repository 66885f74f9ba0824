import Foundation
import Tables

/// One worker's scratch for the text a line is searched in, in the four forms a query compares
/// (`TextVariant`), as the index would fold it, part by part.
///
/// An ASCII part is its bytes (`exact`, `strip`) and its bytes lowercased (`fold`, `ci`). Any
/// other part is first made the row's searchable form, as the index's rows are
/// (`PipedRows.searchableForm`: invalid UTF-8 repaired, NUL and LF as control pictures), then
/// folded through the index's own per-scalar table (`FoldedIndex.foldLatin`) or, for scalars
/// outside it, `TextFolding`: no second definition of folding.
final class UnsafeLineForms {
  /// Bytes readable past every form: the fuzzy mask kernel reads 64 from a text's start.
  static let padding = UnsafeFuzzyMaskScorer.reach
  /// The forms' bytes, one growable buffer per variant (`TextVariant.rawValue`), each with
  /// `padding` zeroed bytes past its room.
  private let buffers: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
  /// Each buffer's room, padding excluded.
  private let capacities: UnsafeMutablePointer<Int>
  /// Where the next part's bytes go in each buffer.
  private let positions: UnsafeMutablePointer<Int>
  /// Per part and variant (slot `part * 4 + variant`), which buffer holds its text (an ASCII
  /// part's `ci` form is its `fold` form, its `strip` form its `exact` one) and where the text
  /// starts and ends there.
  private var ranges: UnsafeMutablePointer<Int>
  /// Slots filled since `reset`, and the room in `ranges` and `slices`.
  private var slotCount = 0
  private var slotCapacity = 16
  /// The slices `subject` hands out.
  private var slices: UnsafeMutablePointer<UnsafeRowSlice>
  /// The fold table, filled a scalar at a time as parts need it.
  private let table: UnsafeScalarFoldCache
  /// The forms the query compares in.
  private let variants: UInt8

  /// Scratch for a query that compares in `variants` (bits of `TextVariant.rawValue`).
  init(variants: UInt8, table: UnsafeScalarFoldCache) throws(SearchError) {
    self.variants = variants
    self.table = table
    buffers = try SearchMemory.allocate(UnsafeMutablePointer<UInt8>.self, count: 4)
    capacities = try SearchMemory.allocate(Int.self, count: 4)
    positions = try SearchMemory.allocate(Int.self, count: 4)
    ranges = try SearchMemory.allocate(Int.self, count: 3 &* slotCapacity)
    slices = try SearchMemory.allocate(UnsafeRowSlice.self, count: slotCapacity)
    for slot in 0..<4 {
      let buffer = try SearchMemory.allocate(UInt8.self, count: 256 &+ Self.padding)
      buffer.initialize(repeating: 0, count: 256 &+ Self.padding)
      buffers[slot] = buffer
      capacities[slot] = 256
      positions[slot] = 0
    }
  }

  deinit {
    for slot in 0..<4 { free(buffers[slot]) }
    for pointer in [UnsafeMutableRawPointer(buffers), UnsafeMutableRawPointer(capacities)] { free(pointer) }
    for pointer in [UnsafeMutableRawPointer(positions), UnsafeMutableRawPointer(ranges)] { free(pointer) }
    free(slices)
  }

  /// Starts a new line.
  @inline(__always)
  func reset() {
    for slot in 0..<4 { positions[slot] = 0 }
    slotCount = 0
  }

  /// What a part needs besides lowercasing: bit 0x80 for a byte past ASCII, bit 1 for a NUL or
  /// an LF (0: none).
  @inline(__always)
  static func specialBits(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt8 {
    var flags: UInt8 = 0
    for index in 0..<count {
      let byte = bytes[index]
      flags |= (byte & 0x80) | (byte == 0 ? 1 : 0) | (byte == 0x0A ? 1 : 0)
    }
    return flags
  }

  /// Adds a part, `count` bytes at `bytes`, and returns the byte length of its searchable form
  /// (what the engine's length tiebreak measures).
  ///
  /// A part the fold table takes whole is valid UTF-8 (ASCII and two-byte scalars), so with no
  /// NUL or LF it is its own searchable form: most parts past ASCII skip the repair's checks.
  func appendPart(_ bytes: UnsafePointer<UInt8>, count: Int) throws(SearchError) -> Int {
    let special = Self.specialBits(bytes, count)
    if special == 0 {
      try appendASCII(bytes, count)
      return count
    }
    if special & 1 == 0, try appendTable(bytes, count) { return count }
    let buffer = UnsafeBufferPointer(start: bytes, count: count)
    guard let repaired = PipedRows.searchableForm(buffer) else {
      try appendFoundation(bytes, count)
      return count
    }
    try repaired.withUnsafeBufferPointer { (form) throws(SearchError) in
      let start = form.baseAddress ?? bytes
      if try !appendTable(start, form.count) { try appendFoundation(start, form.count) }
    }
    return repaired.count
  }

  /// The parts added since `reset`, as a plan's subject.
  func subject() -> UnsafeLineSubject {
    for slot in 0..<slotCount {
      let buffer = ranges[3 &* slot]
      slices[slot] = UnsafeRowSlice(
        base: buffers[buffer], start: ranges[3 &* slot &+ 1], end: ranges[3 &* slot &+ 2],
        limit: capacities[buffer] &+ Self.padding)
    }
    return UnsafeLineSubject(slices: slices, parts: slotCount / 4)
  }

  /// A line known to be ASCII whose forms already lie in a block: `raw` as it is, `lowered`
  /// lowercased (no copy).
  func subject(raw: UnsafeRowSlice, lowered: UnsafeRowSlice) -> UnsafeLineSubject {
    slices[TextVariant.exact.rawValue] = raw
    slices[TextVariant.strip.rawValue] = raw
    slices[TextVariant.fold.rawValue] = lowered
    slices[TextVariant.ci.rawValue] = lowered
    return UnsafeLineSubject(slices: slices, parts: 1)
  }

  /// An ASCII part: its bytes, and its bytes lowercased.
  private func appendASCII(_ bytes: UnsafePointer<UInt8>, _ count: Int) throws(SearchError) {
    let cased = TextVariant.exact.rawValue
    let lower = TextVariant.fold.rawValue
    let wantsCased = variants & (1 << cased | 1 << TextVariant.strip.rawValue) != 0
    let wantsLower = variants & (1 << lower | 1 << TextVariant.ci.rawValue) != 0
    if wantsCased {
      try reserve(count, in: cased)
      (buffers[cased] + positions[cased]).update(from: bytes, count: count)
    }
    if wantsLower {
      try reserve(count, in: lower)
      UnsafeSpecialScan.lowercase(bytes, into: buffers[lower] + positions[lower], count: count)
    }
    let casedStart = positions[cased]
    let lowerStart = positions[lower]
    positions[cased] &+= wantsCased ? count : 0
    positions[lower] &+= wantsLower ? count : 0
    // In `TextVariant` order: exact, ci, fold, strip.
    try addSlot(in: cased, casedStart, positions[cased])
    try addSlot(in: lower, lowerStart, positions[lower])
    try addSlot(in: lower, lowerStart, positions[lower])
    try addSlot(in: cased, casedStart, positions[cased])
  }

  /// A part's forms through the index's table (only `fold` when no term compares in another
  /// form), or false, adding nothing, when some byte is not ASCII or a table scalar.
  private func appendTable(_ bytes: UnsafePointer<UInt8>, _ count: Int) throws(SearchError) -> Bool {
    let (exact, ci, fold, strip) = (
      TextVariant.exact.rawValue, TextVariant.ci.rawValue, TextVariant.fold.rawValue,
      TextVariant.strip.rawValue
    )
    table.prepare(bytes, count)
    let table = self.table.pointer
    // One pass into room enough: a table scalar takes 2 bytes and its forms at most 7 each.
    let sides = variants & ~(1 << fold) != 0
    let (room, overflow) = count.multipliedReportingOverflow(by: 4)
    guard !overflow else { throw .searchOutOfMemory(requested: .max) }
    try reserve(room, in: fold)
    if sides {
      try reserve(room, in: exact)
      try reserve(room, in: ci)
      try reserve(room, in: strip)
    }
    var targets = WideFormWriter.UnsafeTargets(fold: buffers[fold])
    if sides { (targets.exact, targets.ci, targets.strip) = (buffers[exact], buffers[ci], buffers[strip]) }
    var writer = WideFormWriter(
      into: targets, fold: positions[fold], exact: positions[exact], ci: positions[ci],
      strip: positions[strip],
      row: 0)
    if FoldedIndex.foldLatin(bytes, count, forms: table, into: &writer, sides: sides) {
      // Without the side forms, their slots are empty: no term reads them.
      let ends =
        sides ? (writer.exact, writer.ci, writer.strip) : (positions[exact], positions[ci], positions[strip])
      try addSlot(in: exact, positions[exact], ends.0)
      try addSlot(in: ci, positions[ci], ends.1)
      try addSlot(in: fold, positions[fold], writer.fold)
      try addSlot(in: strip, positions[strip], ends.2)
      (positions[exact], positions[ci], positions[fold], positions[strip]) = (
        ends.0, ends.1, writer.fold, ends.2
      )
      return true
    }
    return false
  }

  /// A part in valid UTF-8: the forms the query compares in, through `TextFolding` (the other
  /// forms' slots empty).
  private func appendFoundation(_ bytes: UnsafePointer<UInt8>, _ count: Int) throws(SearchError) {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    for variant in TextVariant.allCases {
      let slot = variant.rawValue
      let start = positions[slot]
      if variants & (1 << slot) != 0 {
        var form = TextFolding.form(text, variant)
        let refused: SearchError? = form.withUTF8 { utf8 in
          do throws(SearchError) {
            try reserve(utf8.count, in: slot)
          } catch {
            return error
          }
          if let source = utf8.baseAddress { (buffers[slot] + start).update(from: source, count: utf8.count) }
          positions[slot] &+= utf8.count
          return nil
        }
        if let refused { throw refused }
      }
      try addSlot(in: slot, start, positions[slot])
    }
  }

  /// Records the next slot's text, `start..<end` of buffer `buffer`.
  @inline(__always)
  private func addSlot(in buffer: Int, _ start: Int, _ end: Int) throws(SearchError) {
    if slotCount == slotCapacity {
      let grown = slotCapacity &* 2
      let bytes = try SearchMemory.bytes(of: Int.self, count: 3 &* grown)
      guard let moved = realloc(ranges, bytes) else { throw .searchOutOfMemory(requested: bytes) }
      ranges = moved.assumingMemoryBound(to: Int.self)
      free(slices)
      slices = try SearchMemory.allocate(UnsafeRowSlice.self, count: grown)
      slotCapacity = grown
    }
    ranges[3 &* slotCount] = buffer
    ranges[3 &* slotCount &+ 1] = start
    ranges[3 &* slotCount &+ 2] = end
    slotCount &+= 1
  }

  /// Grows buffer `slot` to hold `count` more bytes (its padding zeroed).
  private func reserve(_ count: Int, in slot: Int) throws(SearchError) {
    let (needed, overflow) = positions[slot].addingReportingOverflow(count)
    guard !overflow else { throw .searchOutOfMemory(requested: .max) }
    guard needed > capacities[slot] else { return }
    let grown = max(needed, capacities[slot] &* 2)
    let bytes = try SearchMemory.bytes(of: UInt8.self, count: grown &+ Self.padding)
    guard let moved = realloc(buffers[slot], bytes) else { throw .searchOutOfMemory(requested: bytes) }
    buffers[slot] = moved.assumingMemoryBound(to: UInt8.self)
    capacities[slot] = grown
    (buffers[slot] + grown).initialize(repeating: 0, count: Self.padding)
  }
}
