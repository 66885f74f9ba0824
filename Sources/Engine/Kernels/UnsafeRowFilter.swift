/// The checks a row must pass besides the scanned term: its scope and the query's other clauses.
///
/// A value rather than a closure so that the per-row loops inline it, and the common case (no
/// scope, no other clause) costs two predictable branches per row.
struct UnsafeRowFilter {
  /// The selected scope (0 is "All").
  let scope: Int
  /// Each row's scope.
  let scopes: UnsafeBufferPointer<UInt16>
  /// The query's clauses besides the scanned term.
  let plan: UnsafeQueryPlan
  /// The rows' texts, for `plan`.
  let texts: UnsafeRowTexts
  /// Each row's signature, the bits a row must have to pass `plan` and those it must not have
  /// (`CompiledQuery.requiredSignature`, `forbiddenSignature`): a row that fails them is turned
  /// down without reading its text.
  let signatures: UnsafePointer<UInt32>
  let required: UInt32
  let forbidden: UInt32
  /// Whether the signature bits decide `plan` alone (`CompiledQuery.isDecidedBySignature`).
  let bySignature: Bool
  /// The bits that decide `plan` for an ASCII row besides `required`, if they do
  /// (`CompiledQuery.asciiSignature`).
  let asciiRequired: UInt32?

  /// Whether every row passes (no scope, no other clause): loops test this once, not per row.
  var acceptsAll: Bool { scope == 0 && plan.clauseCount == 0 }

  /// 1 if `row` passes, else 0, when no scope is set and the signature decides every clause
  /// (`bySignature`): a number, for loops with no branch per row.
  @inline(__always)
  func passesBySignature(_ row: Int) -> Int {
    fits(signatures[row]) ? 1 : 0
  }

  /// `passesBySignature` when the signature decides ASCII rows only (`asciiRequired`, in `ci`):
  /// wide rows are read, the others answered with no branch (rather than `accepts` on each).
  @inline(__always)
  func passesByASCIISignature(_ row: Int, _ asciiRequired: UInt32) -> Int {
    if texts.isWide(row) { return fits(row) && plan.matches(row, texts) ? 1 : 0 }
    return fits(signatures[row], requiring: required | asciiRequired) ? 1 : 0
  }

  /// Whether a signature has every `required` bit and no `forbidden` one.
  @inline(__always)
  private func fits(_ signature: UInt32) -> Bool {
    fits(signature, requiring: required)
  }

  /// Whether a signature has every bit of `needed` and no `forbidden` one.
  @inline(__always)
  private func fits(_ signature: UInt32, requiring needed: UInt32) -> Bool {
    (signature & needed) ^ needed | signature & forbidden == 0
  }

  /// Whether `row`'s signature has every `required` bit and no `forbidden` one.
  @inline(__always)
  func fits(_ row: Int) -> Bool { fits(signatures[row]) }

  /// Whether `row` is in the selected scope (every row is in "All").
  @inline(__always)
  func isInScope(_ row: Int) -> Bool { Self.isInScope(row, scope: scope, scopes: scopes) }

  /// Whether `row` is in `scope` (0 is "All") given each row's scope, for loops without a filter.
  @inline(__always)
  static func isInScope(_ row: Int, scope: Int, scopes: UnsafeBufferPointer<UInt16>) -> Bool {
    scope == 0 || (row < scopes.count && Int(scopes[row]) == scope)
  }

  /// Whether `row` is in the scope and passes every other clause.
  @inline(__always)
  func accepts(_ row: Int) -> Bool {
    if !isInScope(row) { return false }
    if plan.clauseCount == 0 { return true }
    let signature = signatures[row]
    if !fits(signature) { return false }
    if bySignature { return true }
    if let asciiRequired, !texts.isWide(row) { return signature & asciiRequired == asciiRequired }
    return plan.matches(row, texts)
  }
}
