extension ParsedQuery {
  /// Whether every row matching `self` provably matches `other` too, so a search for `self` can
  /// re-check only `other`'s results (narrowing).
  ///
  /// Sound, not complete: each clause of `other` must be implied by a clause of `self`, a clause
  /// implies another when each of its alternatives implies one of the other's, and a term implies
  /// another of the same form, kind and anchors when its needle contains the other's in the way
  /// the kind requires (the reverse for exclusions: `!ab` implies `!abc`).
  func implies(_ other: ParsedQuery) -> Bool {
    other.clauses.allSatisfy { old in
      clauses.contains { new in new.allSatisfy { term in old.contains { Self.implies(term, $0) } } }
    }
  }

  /// Whether term `new` matching implies term `old` matching.
  static func implies(_ new: QueryTerm, _ old: QueryTerm) -> Bool {
    guard new.variant == old.variant, new.kind == old.kind, new.negated == old.negated,
      new.anchoredStart == old.anchoredStart, new.anchoredEnd == old.anchoredEnd
    else { return false }
    // For a positive term the new needle must contain the old; for an exclusion, the reverse.
    let big = Array((new.negated ? old : new).needle.unicodeScalars)
    let small = Array((new.negated ? new : old).needle.unicodeScalars)
    switch new.kind {
    case .fuzzy:
      var iterator = small.makeIterator()
      var next = iterator.next()
      for scalar in big where scalar == next { next = iterator.next() }
      return next == nil
    case .contains:
      if new.anchoredStart && new.anchoredEnd { return big == small }
      if new.anchoredStart { return big.starts(with: small) }
      if new.anchoredEnd { return big.reversed().starts(with: small.reversed()) }
      if small.isEmpty { return true }
      if small.count > big.count { return false }
      return (0...(big.count - small.count)).contains { big[$0..<($0 + small.count)].elementsEqual(small) }
    case .wordStart:
      if new.anchoredEnd { return big == small }
      return big.starts(with: small)
    }
  }
}
