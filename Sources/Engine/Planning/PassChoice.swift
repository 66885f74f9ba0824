/// Which pass can take a term: the predicates the planner decides by and the engine's chunks
/// check again, kept in planning so the engine carries out and never decides.
enum PassChoice {
  /// Whether `plan` is one fuzzy term that `FuzzySweep` takes: two to `longest` ASCII bytes in
  /// `fold` form, unanchored, alone (no other clause, no scope).
  static func sweepsFuzzy(_ query: CompiledQuery, scope: Int, longest: Int) -> Bool {
    let plan = query.plan
    guard scope == 0, plan.isSingleFuzzyTerm, query.driver == nil else { return false }
    let term = plan.terms[0]
    guard term.variant == .fold, !term.anchoredStart, !term.anchoredEnd,
      term.scalarCount >= 2, term.scalarCount <= min(longest, 4)
    else { return false }
    return (0..<term.scalarCount).allSatisfy { term.scalars[$0] < 0x80 }
  }

  /// Whether `sweep` takes a term: ASCII, a substring of one to four bytes in any form, or a word
  /// start of one to three in `fold` form.
  static func isSwept(_ driver: ByteNeedle, _ plan: UnsafeTermPlan) -> Bool {
    guard driver.isASCII, !plan.negated, !plan.anchoredStart, !plan.anchoredEnd else { return false }
    switch plan.kind {
    case .contains: return (1...4).contains(driver.count)
    case .wordStart: return (1...3).contains(driver.count) && plan.variant == .fold
    case .fuzzy: return false
    }
  }

  /// Whether `probe` takes a term: ASCII, of one to three bytes, a substring (or one byte at a
  /// word start, in `fold` form).
  static func isProbed(_ driver: ByteNeedle, _ plan: UnsafeTermPlan) -> Bool {
    guard driver.isASCII, !plan.negated, !plan.anchoredStart, !plan.anchoredEnd else { return false }
    switch plan.kind {
    case .contains: return (1...3).contains(driver.count)
    case .wordStart: return driver.count <= 2 && plan.variant == .fold
    case .fuzzy: return false
    }
  }
}
