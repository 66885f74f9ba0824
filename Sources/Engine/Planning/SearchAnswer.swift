import Tables

/// How the engine answered one search, for `explain`: the plan that found its rows and the
/// passes it chose at run time, whether the cache gave them this time, how many there are and
/// how many threads a full pass could use.
package struct SearchAnswer: Equatable, Sendable {
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
  /// The passes the plan chose at run time (sweep, probe or scan; the initials' pick).
  let run: SearchRun
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
  package func sentence(rowCount: Int) -> String {
    let found = Self.rowsText(rows)
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
    case .absentGram(let gram):
      return "answered '\(query)' without reading a row: no row holds '\(Sanitizer.printable(gram))'"
    case .signatureBits: return "read '\(query)' from row signatures' bits \(every) \(threads)"
    case .probedBits: return "probed every row for the letter '\(query)' \(every) \(threads)"
    case .sweptBits: return "swept '\(query)' into bits \(every) \(threads)"
    case .initialBits: return "read the word-start letter '\(query)' from row initials \(every)"
    case .fuzzyLetter: return "ranked the fuzzy letter '\(query)' from row signatures \(every)"
    case .initials(_, let limit, _, let otherwise):
      switch run.initials {
      case .rechecked(let picked):
        return "picked \(Self.rowsText(picked)) for '\(query)' by their initials and re-checked them"
      case .tooMany:
        return
          "found over \(Self.rowsText(limit)) for '\(query)' by their initials, so \(phrase(otherwise, rowCount: rowCount))"
      case nil:
        return
          "picked rows for '\(query)' by their initials (re-checked if at most \(Self.number(limit)), else \(every))"
      }
    case .narrow(let from, let base, let recheck):
      let copy: String
      switch recheck {
      case .compactCopy:
        copy = "its compact copy" + (Self.verbs(run).count == 1 ? " \(Self.verbs(run)[0].done)" : "")
      case .probe: copy = "its scattered rows probed"
      case .plain, .generic: copy = "its scattered rows tested"
      case .fuzzyRank: copy = "its rows ranked"
      case .fuzzySweep: copy = "its rows gathered and swept"
      }
      return
        "narrowed '\(query)' from the cached '\(Sanitizer.printable(from))' result (\(Self.rowsText(base)), \(copy))"
    case .everyChunk(let pass): return phrase(pass, rowCount: rowCount)
    }
  }

  /// What a pass over every row did, as a verb phrase: for a term swept, probed or scanned as
  /// its chunks chose, those that ran.
  private func phrase(_ pass: SearchPlan.Pass, rowCount: Int) -> String {
    let query = Sanitizer.printable(self.query)
    let every = "over \(Self.number(rowCount)) rows"
    let threads = "on \(self.threads) \(self.threads == 1 ? "thread" : "threads")"
    switch pass {
    case .fuzzyRank: return "ranked '\(query)' fuzzily \(every) \(threads)"
    case .fuzzySweep:
      if run.swept == rowCount { return "ranked '\(query)' fuzzily from bits swept \(every) \(threads)" }
      if run.swept == 0 {
        return "ranked '\(query)' fuzzily row by row (its letters are rare) \(every) \(threads)"
      }
      return
        "ranked '\(query)' fuzzily, \(Self.number(run.swept)) of \(Self.number(rowCount)) rows from swept bits, \(threads)"
    case .testEveryRow: return "tested '\(query)' on each row \(every) \(threads)"
    case .scan(let term, let approach):
      let term = Sanitizer.printable(term)
      let verbs = approach == .signature ? [] : Self.verbs(run)
      if verbs.count == 1 { return "\(verbs[0].past) '\(term)' \(every) \(threads)" }
      if let first = verbs.first {
        // Some chunks (or a chunk's first rows) took one pass, the others another.
        let others = verbs.dropFirst().map { "\($0.past) it in \(Self.number($0.rows))" }
        return
          "\(first.past) '\(term)' in \(Self.number(first.rows)) of \(Self.number(rowCount)) rows and "
          + "\(others.joined(separator: " and ")) \(threads)"
      }
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

  /// The passes that read rows in `run`, as verbs (before a term, and of what was read) with their
  /// rows, most rows first (ties: sweep, probe, scan, test).
  private static func verbs(_ run: SearchRun) -> [(past: String, done: String, rows: Int)] {
    let passes = [
      (past: "swept", done: "swept", rows: run.swept), (past: "probed", done: "probed", rows: run.probed),
      (past: "scanned for", done: "scanned", rows: run.scanned),
      (past: "tested", done: "tested", rows: run.tested),
    ]
    return passes.enumerated().filter { $0.element.rows > 0 }
      .sorted {
        $0.element.rows != $1.element.rows ? $0.element.rows > $1.element.rows : $0.offset < $1.offset
      }
      .map(\.element)
  }

  /// "1 row", "1,234 rows".
  private static func rowsText(_ count: Int) -> String {
    "\(number(count)) \(count == 1 ? "row" : "rows")"
  }

  /// `1,000,000`.
  static func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }
}
