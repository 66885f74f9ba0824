/// A row as `FuzzyScorer`'s positions program reads it: its scalars in the term's form and each
/// position's bonus (`FuzzyBonus`).
///
/// A protocol so that the program is specialised for ASCII rows, whose bonuses come from their
/// original bytes as it visits them, and for decoded ones, whose bonuses are computed first.
protocol FuzzyText {
  /// Number of scalars.
  var count: Int { get }
  /// The scalar at `index`, in the term's form.
  func scalar(at index: Int) -> UInt32
  /// The bonus of the position `index`.
  func bonus(at index: Int) -> Int32
}

/// An ASCII row: its bytes in the term's form and its original bytes (as many), which give the
/// classes their case.
struct UnsafeASCIIFuzzyText: FuzzyText {
  let text: UnsafePointer<UInt8>
  let cased: UnsafePointer<UInt8>
  let count: Int
  let table: UnsafePointer<UInt8>

  @inline(__always)
  func scalar(at index: Int) -> UInt32 { UInt32(text[index]) }

  @inline(__always)
  func bonus(at index: Int) -> Int32 { FuzzyBonus.ascii(table, cased, index) }
}

/// A decoded row: its scalars and their bonuses, in scratch rows.
struct UnsafeDecodedFuzzyText: FuzzyText {
  let text: UnsafePointer<UInt32>
  let bonuses: UnsafePointer<Int32>
  let count: Int

  @inline(__always)
  func scalar(at index: Int) -> UInt32 { text[index] }

  @inline(__always)
  func bonus(at index: Int) -> Int32 { bonuses[index] }
}
