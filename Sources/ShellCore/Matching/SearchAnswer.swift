/// How the engine answered one search, for `explain`: the plan it followed (nil for a result
/// taken from the cache), the rows it found and the threads it could split them over.
struct SearchAnswer: Equatable, Sendable {
  /// The query as typed.
  let query: String
  /// The rule it was matched by.
  let rule: MatchRule
  /// The scope it was searched in (0 is every scope).
  let scope: Int
  /// The plan it followed; nil when the cache held the result.
  let plan: SearchPlan?
  /// How many rows it found.
  let rows: Int
  /// How many chunks a pass over every row is split into (one per core at most).
  let threads: Int

  /// Whether this answers `query` under `rule` in `scope`.
  func asks(_ query: String, rule: MatchRule, scope: Int) -> Bool {
    self.query == query && self.rule == rule && self.scope == scope
  }

  /// One plain sentence, without a final period: "swept 'st' over 1,000,000 rows on 2 threads".
  func sentence(rowCount: Int) -> String {
    let query = Sanitizer.printable(self.query)
    let found = "\(Self.number(rows)) \(rows == 1 ? "row" : "rows")"
    let every = "over \(Self.number(rowCount)) rows"
    let threads = "on \(self.threads) \(self.threads == 1 ? "thread" : "threads")"
    guard let plan else { return "answered '\(query)' from the cache, \(found)" }
    switch plan {
    case .everyRow: return "listed every row in the scope (an empty query), \(found)"
    case .regex: return "matched the regex '\(query)' \(every) \(threads), \(found)"
    case .signatureBits: return "read '\(query)' from row signatures' bits \(every) \(threads), \(found)"
    case .probedBits: return "probed every row for the letter '\(query)' \(every) \(threads), \(found)"
    case .initialBits: return "read the word-start letter '\(query)' from row initials \(every), \(found)"
    case .fuzzyLetter: return "ranked the fuzzy letter '\(query)' from row signatures \(every), \(found)"
    case .initials(_, let limit, _, _):
      return
        "picked rows by their initials for '\(query)' (re-checked when at most \(Self.number(limit)), else \(every)), \(found)"
    case .narrow(let from, let base, let recheck):
      let how = recheck == .compactCopy ? "cached" : "cached (scattered)"
      return
        "narrowed '\(query)' from the \(how) '\(Sanitizer.printable(from))' result of \(Self.number(base)) rows, \(found)"
    case .everyChunk(let pass): return "\(Self.verb(pass, query: query)) \(every) \(threads), \(found)"
    }
  }

  /// What a pass over every row did, as a verb phrase.
  private static func verb(_ pass: SearchPlan.Pass, query: String) -> String {
    switch pass {
    case .fuzzyRank: return "ranked '\(query)' fuzzily"
    case .testEveryRow: return "tested '\(query)' on each row"
    case .scan(let term, let approach):
      let term = Sanitizer.printable(term)
      switch approach {
      case .signature: return "read '\(term)' from row signatures"
      case .sweepWhenCommon, .sweepWordStartWhenCommon: return "swept (or scanned, where rare) '\(term)'"
      case .probeWhenCommon: return "probed (or scanned, where rare) '\(term)'"
      case .scan: return "scanned for '\(term)'"
      }
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
