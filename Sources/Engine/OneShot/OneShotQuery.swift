import Tables

/// A query compiled for the one-shot filter: the engine's own parse and plan, plus what the
/// block scan keys on.
///
/// The terms are `ParsedQuery`'s and the clauses `CompiledQuery`'s, tested through the same
/// `UnsafeQueryPlan` as the index's rows, so a query means the same on both paths. The driving
/// term (a positive substring or word-start term the plan leaves out) is what a block is scanned
/// for: an ASCII line without it cannot match.
final class OneShotQuery: @unchecked Sendable {
  /// Every line matches: a blank query, or one whose syntax leaves no term.
  let matchesEverything: Bool
  /// The terms, for every rule but `regex`.
  let compiled: CompiledQuery?
  /// The pattern, for `regex`.
  let regex: RegexMatcher?
  /// Whether matches are printed best first (`fuzzy`, as the engine ranks them).
  let ranks: Bool
  /// The driving term's needle when it is ASCII (what a block is scanned for), and per byte the
  /// case bit its scan ignores (`UnsafeFoldFind`).
  private let scanNeedle: UnsafePinnedBuffer<UInt8>?
  private let scanCaseBits: UnsafePinnedBuffer<UInt8>?
  /// The scan for the driving term in a block's own bytes (valid while `self` lives).
  let scan: UnsafeFoldFind?
  /// Whether a scan hit in an ASCII line is a match with no other test: the driving term is the
  /// whole query, a plain substring.
  let hitDecides: Bool
  /// Whether `hitDecides` holds for lines past ASCII too when the bytes hold the needle: the
  /// driving term compares in `fold`, which keeps a line's ASCII bytes, in order, lowercased.
  let hitDecidesFolded: Bool
  /// The forms some term compares in, as bits (`1 << TextVariant.rawValue`).
  let variants: UInt8
  /// `compiled`'s plan and driving term as plain pointers (valid while `compiled` lives): a
  /// `CompiledQuery` copied per line cost a retain and release of each of its buffers.
  private let plan: UnsafeQueryPlan?
  private let driverPlan: UnsafeTermPlan?
  /// The pattern of the query's one fuzzy term, when it is the whole query (the mask kernel's),
  /// and whether it compares lowercased rows (no uppercase letter: smart case, as fzf).
  let soleFuzzyPattern: (scalars: UnsafePointer<UInt32>, count: Int, lowered: Bool)?

  /// Compiles `query` for `rule`; throws `invalidPattern` for a regex that does not compile.
  ///
  /// Before any input is read, so a bad pattern stops the run first.
  init(_ query: String, rule: MatchRule) throws(SearchError) {
    let blank = rule == .regex ? query.allSatisfy(\.isWhitespace) : QuerySyntax.extended.isBlank(query)
    regex = !blank && rule == .regex ? try RegexMatcher(pattern: query) : nil
    let parsed = blank || rule == .regex ? nil : ParsedQuery(query, rule: rule)
    let terms = parsed.flatMap { $0.isEmpty ? nil : $0 }
    compiled = terms.map { CompiledQuery($0, frequency: Self.typicalFrequency) }
    matchesEverything = compiled == nil && regex == nil
    ranks = rule == .fuzzy && compiled != nil
    let driver = compiled?.driver
    if let driver, driver.needle.isASCII, driver.needle.count > 0 {
      // `fold` and `ci` compare an ASCII row lowercased: its letters without their case bit.
      let folds = driver.term.variant == .fold || driver.term.variant == .ci
      let bits = driver.needle.bytes.map { folds && $0 &- 0x61 < 26 ? UInt8(0x20) : 0 }
      let needle = driver.bytes
      let caseBits = UnsafePinnedBuffer(bits)
      (scanNeedle, scanCaseBits) = (needle, caseBits)
      scan = UnsafeFoldFind(
        needle: needle.pointer, caseBits: caseBits.pointer, length: driver.needle.count,
        keys: NeedleKeys(first: driver.needle.firstIndex, second: driver.needle.secondIndex))
    } else {
      (scanNeedle, scanCaseBits, scan) = (nil, nil, nil)
    }
    let plan = compiled?.plan
    self.plan = plan
    driverPlan = driver?.plan
    hitDecides =
      scan != nil && plan?.clauseCount == 0 && driver?.plan.isPlain == true
      && driver?.term.kind == .contains
    hitDecidesFolded = hitDecides && driver?.term.variant == .fold
    var bits: UInt8 = 0
    for term in (compiled?.clauses.joined()).map(Array.init) ?? [] { bits |= 1 << term.term.variant.rawValue }
    if let driver { bits |= 1 << driver.term.variant.rawValue }
    variants = bits
    if let plan, driver == nil, plan.isSingleFuzzyTerm {
      let variant = plan.terms[0].variant
      soleFuzzyPattern = (
        plan.terms[0].scalars, plan.terms[0].scalarCount, variant == .fold || variant == .ci
      )
    } else {
      soleFuzzyPattern = nil
    }
  }

  /// Whether some term compares in `variant`'s form.
  @inline(__always)
  func uses(_ variant: TextVariant) -> Bool { variants & (1 << variant.rawValue) != 0 }

  /// Whether `subject` matches (any rule but `regex`).
  @inline(__always)
  func matches(_ subject: UnsafeLineSubject) -> Bool {
    guard let plan else { return true }
    if let driverPlan, !subject.matches(driverPlan) { return false }
    return plan.matches(subject)
  }

  /// A matching `subject`'s fuzzy score, as the engine ranks it.
  @inline(__always)
  func score(_ subject: UnsafeLineSubject, _ scorer: FuzzyScorer) -> Int32 {
    plan?.score(subject, scorer) ?? 0
  }

  /// Byte counts as ordinary text has them, which rank a needle's bytes for the scan.
  ///
  /// English letter frequencies per ten thousand, the space, digits and path marks, one for the
  /// rest: the rarest bytes are the ones a scan compares first. The index samples its own rows;
  /// a one-shot run has read none yet.
  static let typicalFrequency: [Int] = {
    var counts = [Int](repeating: 1, count: 256)
    let letters: [(Character, Int)] = [
      ("e", 1270), ("t", 910), ("a", 820), ("o", 750), ("i", 700), ("n", 670), ("s", 630), ("h", 610),
      ("r", 600), ("d", 430), ("l", 400), ("c", 280), ("u", 280), ("m", 240), ("w", 240), ("f", 220),
      ("g", 200), ("y", 200), ("p", 190), ("b", 150), ("v", 100), ("k", 80), ("j", 20), ("x", 20),
      ("q", 10), ("z", 10),
    ]
    for (letter, count) in letters { counts[Int(letter.asciiValue ?? 0)] = count }
    counts[Int(UInt8(ascii: " "))] = 1800
    for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { counts[Int(digit)] = 100 }
    for mark in "/.-_,".utf8 { counts[Int(mark)] = 150 }
    return counts
  }()
}
