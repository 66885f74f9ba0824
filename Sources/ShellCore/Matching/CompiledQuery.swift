/// A parsed query turned into byte needles and an evaluation plan.
struct CompiledQuery {
  /// Clauses in evaluation order (cheap and selective first); terms within a clause are ORed.
  let clauses: [[CompiledTerm]]
  /// The clause a full scan starts with (a single positive `contains`/`wordStart` term), if any.
  let driver: CompiledTerm?
  /// Whether any term is fuzzy (the rows then need scores).
  let isFuzzy: Bool

  /// Compiles `parsed`, choosing needle bytes by the arena's `frequency`.
  init(_ parsed: ParsedQuery, frequency: [Int]) {
    var clauses = parsed.clauses.map { $0.map { CompiledTerm($0, frequency: frequency) } }
    let total = max(1, frequency.reduce(0, +))
    /// Estimated share of positions where both scan bytes match (lower is more selective).
    func selectivity(_ term: CompiledTerm) -> Double {
      let needle = term.needle
      if needle.count == 0 { return 1 }
      let first = Double(frequency[Int(needle.bytes[needle.firstIndex])]) / Double(total)
      let second = needle.firstIndex == needle.secondIndex ? 1 : Double(frequency[Int(needle.bytes[needle.secondIndex])]) / Double(total)
      return first * second / Double(needle.count)
    }
    let candidates = clauses.indices.filter { index in
      let clause = clauses[index]
      guard clause.count == 1, let term = clause.first else { return false }
      return !term.term.negated && term.term.kind != .fuzzy && !term.term.anchoredStart
        && !term.term.anchoredEnd && term.needle.count > 0
    }
    let best = candidates.min { selectivity(clauses[$0][0]) < selectivity(clauses[$1][0]) }
    driver = best.map { clauses[$0][0] }
    if let best { clauses.remove(at: best) }
    // Positive single terms first, then fuzzy, then alternatives, then exclusions.
    func cost(_ clause: [CompiledTerm]) -> Int {
      if clause.contains(where: \.term.negated) { return 3 }
      if clause.count > 1 { return 2 }
      return clause[0].term.kind == .fuzzy ? 1 : 0
    }
    self.clauses = clauses.enumerated().sorted { left, right in
      let a = cost(left.element)
      let b = cost(right.element)
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
    isFuzzy = parsed.clauses.contains { $0.contains { $0.kind == .fuzzy } }
  }

  /// Whether row `row` passes every clause except the driver.
  @inline(__always)
  func matchesRest(_ row: Int, _ texts: RowTexts) -> Bool {
    for clause in clauses {
      var any = false
      for term in clause where term.matches(row, texts) != term.term.negated {
        any = true
        break
      }
      if !any { return false }
    }
    return true
  }

  /// The fuzzy score of a matching row: per clause, the best score of its matching fuzzy terms.
  func score(_ row: Int, _ texts: RowTexts, _ scorer: inout FuzzyScorer) -> Int32 {
    var total: Int32 = 0
    for clause in clauses {
      var best: Int32?
      for term in clause where term.term.kind == .fuzzy && term.matches(row, texts) {
        let value = scorer.score(texts.slice(row, term.term.variant), pattern: term.needle.scalars)
        best = max(best ?? value, value)
      }
      total &+= best ?? 0
    }
    return total
  }
}

/// One term with its needle in pinned memory, ready for the per-row kernels.
struct CompiledTerm {
  /// The parsed term.
  let term: QueryTerm
  /// The needle's bytes and scan plan.
  let needle: ByteNeedle
  /// The needle's bytes, pinned.
  let bytes: PinnedBuffer<UInt8>
  /// Where each needle scalar starts, pinned (for subsequence matching).
  let scalarStarts: PinnedBuffer<Int>

  init(_ term: QueryTerm, frequency: [Int]) {
    self.term = term
    needle = ByteNeedle(term.needle, frequency: frequency)
    bytes = PinnedBuffer(needle.bytes, padding: 1)
    scalarStarts = PinnedBuffer(needle.scalarStarts)
  }

  /// Whether the row's text (in the term's form) matches the term, ignoring negation.
  @inline(__always)
  func matches(_ row: Int, _ texts: RowTexts) -> Bool {
    let slice = texts.slice(row, term.variant)
    switch term.kind {
    case .fuzzy:
      return ByteScanner.isSubsequence(
        slice, bytes.pointer, scalarStarts: scalarStarts.pointer, scalarCount: needle.scalars.count)
    case .contains, .wordStart:
      return ByteScanner.matches(
        slice, bytes.pointer, needle.count, wordStart: term.kind == .wordStart,
        anchoredStart: term.anchoredStart, anchoredEnd: term.anchoredEnd)
    }
  }
}
