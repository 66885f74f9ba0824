import Tables

/// A parsed query turned into byte needles and an evaluation plan.
struct CompiledQuery {
  /// Clauses in evaluation order (cheap and selective first); terms within a clause are ORed.
  let clauses: [[CompiledTerm]]
  /// The clause a full scan starts with (a single positive `contains`/`wordStart` term), if any.
  let driver: CompiledTerm?
  /// `clauses` flattened for `plan`.
  private let planTerms: UnsafePinnedBuffer<UnsafeTermPlan>
  private let planClauseEnds: UnsafePinnedBuffer<Int>

  /// Compiles `parsed`, choosing needle bytes by the arena's `frequency`.
  ///
  /// With `sampledHits` (how many of a sample of rows a term matches), a query of several terms
  /// that could drive the scan is driven by the one that matches fewest: the rarest bytes alone
  /// misjudge groups of common letters (`ing`, keyed on the rare `g`, matches far more rows than
  /// `sta`).
  init(_ parsed: ParsedQuery, frequency: [Int], sampledHits: ((CompiledTerm) -> Int)? = nil) {
    var clauses = parsed.clauses.map { $0.map { CompiledTerm($0, frequency: frequency) } }
    let total = max(1, frequency.reduce(0, +))
    /// Estimated share of positions where both scan bytes match (lower is more selective).
    func selectivity(_ term: CompiledTerm) -> Double {
      let needle = term.needle
      if needle.count == 0 { return 1 }
      let first = Double(frequency[Int(needle.bytes[needle.firstIndex])]) / Double(total)
      let second =
        needle.firstIndex == needle.secondIndex
        ? 1 : Double(frequency[Int(needle.bytes[needle.secondIndex])]) / Double(total)
      return first * second / Double(needle.count)
    }
    let candidates = clauses.indices.filter { index in
      let clause = clauses[index]
      guard clause.count == 1, let term = clause.first else { return false }
      return !term.term.negated && term.term.kind != .fuzzy && !term.term.anchoredStart
        && !term.term.anchoredEnd && term.needle.count > 0
    }
    var hits: [Int: Int] = [:]
    if candidates.count > 1, let sampledHits {
      for index in candidates { hits[index] = sampledHits(clauses[index][0]) }
    }
    let best = candidates.min { left, right in
      let a = hits[left] ?? 0
      let b = hits[right] ?? 0
      return a != b ? a < b : selectivity(clauses[left][0]) < selectivity(clauses[right][0])
    }
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
    let flat = self.clauses.joined().map(\.plan)
    planTerms = UnsafePinnedBuffer(flat)
    var ends: [Int] = []
    for clause in self.clauses { ends.append((ends.last ?? 0) + clause.count) }
    planClauseEnds = UnsafePinnedBuffer(ends)
  }

  /// Whether a term is compared in a form other than `fold` (so wide rows' side forms are read).
  var comparesOutsideFold: Bool { sideVariantBits != 0 }

  /// The forms other than `fold` that some term compares in, each once in `TextVariant`'s order:
  /// the side arenas the search reads.
  var sideVariants: [TextVariant] {
    let bits = sideVariantBits
    return TextVariant.allCases.filter { bits & 1 << $0.rawValue != 0 }
  }

  /// `sideVariants` as bits (bit `rawValue`): a search asks for them once, and a `Set` of them
  /// cost more to build, its type's metadata included, than the rest of a small search.
  private var sideVariantBits: UInt8 {
    var bits: UInt8 = 0
    for clause in clauses { for term in clause { bits |= 1 << term.term.variant.rawValue } }
    if let driver { bits |= 1 << driver.term.variant.rawValue }
    return bits & ~(1 << TextVariant.fold.rawValue)
  }

  /// Whether the query is one positive, unanchored substring or word-start term on the folded text.
  var isPlainFold: Bool { clauses.isEmpty && driver?.plan.isPlainFold == true }

  /// Whether the query is one positive, unanchored substring or word-start term, in any form.
  var isPlain: Bool { clauses.isEmpty && driver?.plan.isPlain == true }

  /// Signature bits every matching row has: from the positive, single-term clauses compared in
  /// `fold` form (whose bytes are exactly what signatures are built from) or in `strip` form
  /// (whose matches' fold forms hold the needle's).
  var requiredSignature: UInt32 {
    var mask: UInt32 = 0
    for clause in clauses where clause.count == 1 {
      let term = clause[0]
      if !term.term.negated { mask |= term.foldMask }
    }
    return mask
  }

  /// The driver and the terms that are a clause on their own: what a matching row must hold,
  /// unless a term is negated.
  var singleTerms: [CompiledTerm] {
    let single = clauses.filter { $0.count == 1 }.map { $0[0] }
    return driver.map { [$0] + single } ?? single
  }

  /// Letters that start a word in every matching row, packed as `FoldedIndex.initialSignatures`
  /// has them (`PackedInitials.bit`): the first letters of the positive word-start terms
  /// of one-term clauses (and the driver) compared in `fold` form.
  var requiredInitials: UInt32 {
    var mask: UInt32 = 0
    for term in singleTerms {
      guard term.term.kind == .wordStart, term.term.variant == .fold, !term.term.negated,
        let byte = term.needle.bytes.first, byte &- 0x61 < 26
      else { continue }
      mask |= PackedInitials.bit(byte)
    }
    return mask
  }

  /// Signature bits no matching row has: the letters (or space) that negated one-letter clauses
  /// exclude.
  var forbiddenSignature: UInt32 {
    var mask: UInt32 = 0
    for clause in clauses where clause.count == 1 && clause[0].term.negated {
      if let byte = Self.signatureLetter(clause[0]) { mask |= RowSignature.bit(byte) }
    }
    return mask
  }

  /// Whether the signature bits alone decide every clause: each is one letter or space, wanted or
  /// excluded (then no found row's text is searched for its other letters).
  var isDecidedBySignature: Bool {
    clauses.allSatisfy { $0.count == 1 && Self.signatureLetter($0[0]) != nil }
  }

  /// The bits an ASCII row must have besides `requiredSignature`, when the signature decides it.
  ///
  /// That is when every clause is one letter or space, and those not in `fold` form are wanted
  /// ones in `ci` form, which an ASCII row holds as its fold form; nil for any other query. Wide
  /// rows are read.
  var asciiSignature: UInt32? {
    var mask: UInt32 = 0
    for clause in clauses {
      guard clause.count == 1 else { return nil }
      if Self.signatureLetter(clause[0]) != nil { continue }
      guard !clause[0].term.negated, let byte = Self.signatureLetter(clause[0], in: .ci) else { return nil }
      mask |= RowSignature.bit(byte)
    }
    return mask
  }

  /// The byte of a term that its signature bit decides: one letter or space, anywhere in the
  /// row's `fold` form (a bit that no other byte shares, set exactly when the row holds it), or in
  /// another form given as `variant`.
  private static func signatureLetter(_ compiled: CompiledTerm, in variant: TextVariant = .fold) -> UInt8? {
    let term = compiled.term
    guard term.kind == .contains, term.variant == variant, !term.anchoredStart, !term.anchoredEnd,
      compiled.needle.count == 1, let byte = compiled.needle.bytes.first, RowSignature.isExact(byte)
    else { return nil }
    return byte
  }

  /// The most scalars in one fuzzy term (0: none), which a ranking's stream scorers hold.
  var longestFuzzyTerm: Int {
    clauses.joined().lazy.map(\.plan).filter { $0.kind == .fuzzy }.map(\.scalarCount).max() ?? 0
  }

  /// The clauses as raw pointers for the hot loops (valid while `self` lives).
  var plan: UnsafeQueryPlan {
    UnsafeQueryPlan(
      terms: planTerms.pointer, clauseEnds: planClauseEnds.pointer, clauseCount: planClauseEnds.count)
  }
}

/// The non-driver clauses as plain pointers: no reference counting in per-row loops, which would
/// make both cores fight over the same retain counts.
struct UnsafeQueryPlan {
  /// Every term, clause after clause.
  let terms: UnsafePointer<UnsafeTermPlan>
  /// Where each clause ends in `terms`.
  let clauseEnds: UnsafePointer<Int>
  /// Number of clauses.
  let clauseCount: Int

  /// Whether row `row` passes every clause.
  @inline(__always)
  func matches(_ row: Int, _ texts: UnsafeRowTexts) -> Bool {
    matches(IndexedRow(row: row, texts: texts))
  }

  /// Whether `subject` (a row of the index, or a line the one-shot filter reads) passes every
  /// clause.
  @inline(__always)
  func matches<Subject: PlanSubject>(_ subject: Subject) -> Bool {
    if clauseCount == 0 { return true }
    var start = 0
    for clause in 0..<clauseCount {
      let end = clauseEnds[clause]
      var any = false
      for index in start..<end where subject.matches(terms[index]) != terms[index].negated {
        any = true
        break
      }
      if !any { return false }
      start = end
    }
    return true
  }

  /// Whether the plan is one clause holding one positive fuzzy term.
  var isSingleFuzzyTerm: Bool {
    clauseCount == 1 && clauseEnds[0] == 1 && terms[0].kind == .fuzzy && !terms[0].negated
  }

  /// Number of terms in all clauses.
  var termCount: Int { clauseCount == 0 ? 0 : clauseEnds[clauseCount - 1] }

  /// Whether a row's score is the sum of its fuzzy terms' own: there is one, and each stands as a
  /// clause of its own (not an alternative of `|`, where the best of several counts).
  var isRankedBySum: Bool {
    var start = 0
    var fuzzy = false
    for clause in 0..<clauseCount {
      let end = clauseEnds[clause]
      for index in start..<end where terms[index].kind == .fuzzy {
        guard end - start == 1 else { return false }
        fuzzy = true
      }
      start = end
    }
    return fuzzy
  }

  /// Whether row `row` passes every clause but the one-term fuzzy ones (decided by the caller).
  ///
  /// `matches`'s loop with one test more, written out: one function for both, with the test
  /// behind a constant flag, cost the fuzzy loop measurably more instructions.
  @inline(__always)
  func matchesUnranked(_ row: Int, _ texts: UnsafeRowTexts) -> Bool {
    var start = 0
    for clause in 0..<clauseCount {
      let end = clauseEnds[clause]
      defer { start = end }
      if end - start == 1, terms[start].kind == .fuzzy { continue }
      var any = false
      for index in start..<end where terms[index].matches(row, texts) != terms[index].negated {
        any = true
        break
      }
      if !any { return false }
    }
    return true
  }

  /// The fuzzy score of a matching row: per clause, the best score of its matching fuzzy terms.
  func score(_ row: Int, _ texts: UnsafeRowTexts, _ scorer: FuzzyScorer) -> Int32 {
    score(IndexedRow(row: row, texts: texts), scorer)
  }

  /// `score` for a matching `subject` (a row of the index, or a line the one-shot filter reads).
  func score<Subject: PlanSubject>(_ subject: Subject, _ scorer: FuzzyScorer) -> Int32 {
    var total: Int32 = 0
    var start = 0
    for clause in 0..<clauseCount {
      let end = clauseEnds[clause]
      var best: Int32?
      // A one-term clause is known to match: only alternatives need re-checking.
      for index in start..<end
      where terms[index].kind == .fuzzy && (end - start == 1 || subject.matches(terms[index])) {
        let value = subject.score(terms[index], scorer)
        best = max(best ?? value, value)
      }
      total &+= best ?? 0
      start = end
    }
    return total
  }
}

/// One term as plain values and pointers into its `CompiledTerm`'s pinned buffers.
struct UnsafeTermPlan: BitwiseCopyable {
  let needle: UnsafePointer<UInt8>
  let length: Int
  let keys: NeedleKeys
  let scalars: UnsafePointer<UInt32>
  let scalarStarts: UnsafePointer<Int>
  let scalarCount: Int
  let kind: QueryTerm.Kind
  let variant: TextVariant
  let anchoredStart: Bool
  let anchoredEnd: Bool
  let negated: Bool

  /// Whether the term is a positive, unanchored substring or word-start term, in any form.
  var isPlain: Bool {
    !negated && !anchoredStart && !anchoredEnd && (kind == .contains || kind == .wordStart)
  }

  /// Whether the term is `isPlain` on the folded text.
  var isPlainFold: Bool { variant == .fold && isPlain }

  /// A per-row test of the needle for loops over many rows (`contains` and `wordStart` terms only).
  var finder: RowFinder {
    RowFinder(needle: needle, length: length, keys: keys, wordStart: kind == .wordStart)
  }

  /// Whether the row's text (in the term's form) matches the term, ignoring negation.
  @inline(__always)
  func matches(_ row: Int, _ texts: UnsafeRowTexts) -> Bool {
    matches(texts.slice(row, variant))
  }

  /// Whether `slice` (a text in the term's form) matches the term, ignoring negation.
  @inline(__always)
  func matches(_ slice: UnsafeRowSlice) -> Bool {
    switch kind {
    case .fuzzy:
      return ByteScanner.isSubsequence(slice, needle, scalarStarts: scalarStarts, scalarCount: scalarCount)
    case .contains, .wordStart:
      return ByteScanner.matches(
        slice, needle, length, keys: keys, wordStart: kind == .wordStart, anchoredStart: anchoredStart,
        anchoredEnd: anchoredEnd)
    }
  }
}

/// One term with its needle in pinned memory, ready for the per-row kernels.
struct CompiledTerm {
  /// The parsed term.
  let term: QueryTerm
  /// The needle's bytes and scan plan.
  let needle: ByteNeedle
  /// The needle's bytes, pinned.
  let bytes: UnsafePinnedBuffer<UInt8>
  /// Where each needle scalar starts, pinned (for subsequence matching).
  let scalarStarts: UnsafePinnedBuffer<Int>
  /// The needle's scalar values, pinned (for scoring).
  let scalarValues: UnsafePinnedBuffer<UInt32>
  /// The signature bits of the needle's fold form, which every row it matches has: for terms
  /// compared in `fold` or `strip` form (0 for the others).
  let foldMask: UInt32

  init(_ term: QueryTerm, frequency: [Int]) {
    self.term = term
    switch term.variant {
    case .fold: foldMask = RowSignature.mask(Array(term.needle.utf8))
    case .strip: foldMask = RowSignature.mask(Array(TextFolding.foldForm(term.needle).utf8))
    case .exact, .ci: foldMask = 0
    }
    needle = ByteNeedle(term.needle, frequency: frequency)
    bytes = UnsafePinnedBuffer(needle.bytes, padding: 1)
    scalarStarts = UnsafePinnedBuffer(needle.scalarStarts)
    scalarValues = UnsafePinnedBuffer(needle.scalars, padding: 1)
  }

  /// The term as plain pointers (valid while `self` lives).
  var plan: UnsafeTermPlan {
    UnsafeTermPlan(
      needle: bytes.pointer, length: needle.count,
      keys: needle.rowKeys, scalars: scalarValues.pointer,
      scalarStarts: scalarStarts.pointer,
      scalarCount: needle.scalars.count, kind: term.kind, variant: term.variant,
      anchoredStart: term.anchoredStart,
      anchoredEnd: term.anchoredEnd, negated: term.negated)
  }
}
