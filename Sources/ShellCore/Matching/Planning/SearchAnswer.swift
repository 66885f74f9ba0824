/// How the engine answered one search, for `explain`: the plan that found its rows, whether the
/// cache gave them this time, how many there are and how many threads a full pass could use.
struct SearchAnswer: Equatable, Sendable {
  /// The query as typed.
  let query: String
  /// The rule it was matched by.
  let rule: MatchRule
  /// How the query was read.
  var syntax: QuerySyntax = .extended
  /// The scope it was searched in (0 is every scope).
  let scope: Int
  /// The plan that found the rows (nil only for a cached result from before plans were kept).
  let plan: SearchPlan?
  /// Whether the cache held the result.
  let fromCache: Bool
  /// How many rows it found.
  let rows: Int
  /// How many threads a pass over every row is split over.
  let threads: Int

  /// Whether this answers `query` under `rule`, read in `syntax`, in `scope`.
  func asks(_ query: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int) -> Bool {
    self.query == query && self.rule == rule && self.syntax == syntax && self.scope == scope
  }

  /// One plain sentence, without a final period: "swept 'st' … over 1,000,000 rows on 2 threads, …".
  func sentence(rowCount: Int) -> String {
    let found = "\(Self.number(rows)) \(rows == 1 ? "row" : "rows")"
    let how = plan.map { phrase($0, rowCount: rowCount) }
    guard fromCache else { return "\(how ?? "searched '\(Sanitizer.printable(query))'"), \(found)" }
    let first = how.map { " (first \($0))" } ?? ""
    return "took '\(Sanitizer.printable(query))' from the cache\(first), \(found)"
  }

  /// What `plan` did, as a verb phrase.
  private func phrase(_ plan: SearchPlan, rowCount: Int) -> String {
    let query = Sanitizer.printable(self.query)
    let every = "over \(Self.number(rowCount)) rows"
    let threads = "on \(self.threads) \(self.threads == 1 ? "thread" : "threads")"
    switch plan {
    case .everyRow: return "listed every row in the scope (an empty query)"
    case .regex: return "matched the regex '\(query)' \(every) \(threads)"
    case .signatureBits: return "read '\(query)' from row signatures' bits \(every) \(threads)"
    case .probedBits: return "probed every row for the letter '\(query)' \(every) \(threads)"
    case .initialBits: return "read the word-start letter '\(query)' from row initials \(every)"
    case .fuzzyLetter: return "ranked the fuzzy letter '\(query)' from row signatures \(every)"
    case .initials(_, let limit, _, _):
      return
        "picked rows for '\(query)' by their initials (re-checked if at most \(Self.number(limit)), else \(every))"
    case .narrow(let from, let base, let recheck):
      let copy = recheck == .compactCopy ? "its compact copy" : "its scattered rows"
      return
        "narrowed '\(query)' from the cached '\(Sanitizer.printable(from))' result (\(Self.number(base)) rows, \(copy))"
    case .everyChunk(.fuzzyRank): return "ranked '\(query)' fuzzily \(every) \(threads)"
    case .everyChunk(.testEveryRow): return "tested '\(query)' on each row \(every) \(threads)"
    case .everyChunk(.scan(let term, let approach)):
      let term = Sanitizer.printable(term)
      let verb: String
      switch approach {
      case .signature: verb = "read '\(term)' from row signatures"
      case .sweepWhenCommon, .sweepWordStartWhenCommon: verb = "swept (or scanned, where rare) '\(term)'"
      case .probeWhenCommon: verb = "probed (or scanned, where rare) '\(term)'"
      case .scan: verb = "scanned for '\(term)'"
      }
      return "\(verb) \(every) \(threads)"
    }
  }

  /// `1,000,000`.
  private static func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }
}
