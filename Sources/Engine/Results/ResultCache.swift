import Tables

/// The search engine's recent results: a repeated query (backspace) is answered from here, and a
/// typed keystroke narrows the smallest result that provably holds its rows.
///
/// Least recently used first; bounded by a number of entries and by the row ids' worth of memory
/// they hold (the newest entry is always kept).
struct ResultCache {
  /// One remembered result.
  package struct Entry {
    var query: String
    var rule: MatchRule
    /// How the query was read (a literal and an extended query of the same text differ).
    var syntax: QuerySyntax = .extended
    var scope: Int
    /// nil for regex, which never narrows.
    var parsed: ParsedQuery?
    /// The result in table order, unless `ranked` holds it.
    var rows: [Int32]
    /// A fuzzy result, with its rows ascending (narrowing needs row order).
    var ranked: RankedRows?
    /// The rows' folded text, copied contiguously (only the newest entry keeps it).
    var compact: UnsafeCompactRows?
    /// `rows` as bits, which then is empty: a one-letter result of most rows (`letterRows`), or
    /// one packed by `packLargeEntries`.
    var packed: RowBitmap?
    /// How the engine found the result (`explain` tells it when the cache answers again).
    var plan: SearchPlan?
    /// The passes that plan chose at run time.
    var run = SearchRun()

    /// The rows in row order.
    var ascending: [Int32] { ranked?.ascending ?? rows }
    /// How many rows the result has.
    var count: Int { packed?.count ?? ranked?.count ?? rows.count }
    /// Row ids' worth of memory held: a ranking holds its rows, their scores and maybe the order;
    /// a compact copy its rows' text.
    var size: Int {
      rows.count + (ranked?.idsOfRoom ?? 0) + (packed?.idsOfRoom ?? 0) + (compact?.idsOfRoom ?? 0)
    }
    var result: SearchResult {
      if let packed { return .bits(packed) }
      return ranked.map { .ranked($0) } ?? .rows(rows)
    }
  }

  /// The entries, least recently used first.
  private(set) var entries: [Entry] = []
  /// The dataset's row count.
  let rowCount: Int
  /// At most this many entries (32; `SEARCHSHELL_CACHE_ENTRIES` lowers it so a benchmark that
  /// repeats queries measures real searches, not cache hits).
  let capacity: Int
  /// Row ids held by the entries (bits counted as the ids they take the room of) are bounded by
  /// this.
  private let budget: Int
  private var heldIDs: Int { entries.reduce(0) { $0 + $1.size } }
  /// Ids from which a packed entry's bits are set in chunks (`RowBitmap`).
  private let bitmapThreshold: Int

  init(rowCount: Int, capacity: Int, bitmapThreshold: Int = 1 << 18) {
    self.rowCount = rowCount
    self.capacity = capacity
    self.bitmapThreshold = bitmapThreshold
    budget = max(rowCount, 1 << 20)
  }

  /// The entry for exactly this query, rule, syntax and scope, now the most recently used.
  mutating func take(_ query: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int) -> Entry?
  {
    let position = entries.lastIndex {
      $0.query == query && $0.rule == rule && $0.syntax == syntax && $0.scope == scope
    }
    guard let position else { return nil }
    let entry = entries.remove(at: position)
    entries.append(entry)
    return entry
  }

  /// Forgets every entry.
  mutating func removeAll() {
    entries.removeAll()
  }

  /// Turns cached results of over a quarter of the rows, or over an eighth that `query` cannot
  /// narrow from, into bits before a search the cache cannot answer.
  ///
  /// Such a result is never a narrowing base, and as ids it would be held through the search,
  /// raising the session's peak memory. Ranked (fuzzy) results keep their order, which bits
  /// cannot hold. A cache of one entry replaces its entry after the search anyway: it drops it
  /// now unless the search narrows from it, so that it is not held through the search.
  mutating func packLargeEntries(keepingBasesOf query: ParsedQuery?, rule: MatchRule, scope: Int) {
    guard capacity > 1 else {
      if query.flatMap({ narrowingBase(for: $0, rule: rule, scope: scope) }) == nil { entries.removeAll() }
      return
    }
    // A large ranking is dropped instead: searching again costs little more than sorting it.
    let rankingLimit = rankingLimit
    entries.removeAll { $0.ranked != nil && $0.count > rankingLimit }
    for index in entries.indices {
      let entry = entries[index]
      guard entry.packed == nil, entry.ranked == nil, entry.rows.count > rowCount / 8 else { continue }
      // A result the query may narrow from stays as ids (`narrowingBase` takes up to a quarter).
      if entry.rows.count <= rowCount / 4, let query, let base = entry.parsed, entry.rule == rule,
        entry.scope == scope || entry.scope == 0, query.implies(base)
      {
        continue
      }
      entries[index].packed = RowBitmap(entry.rows, rowCount: rowCount, threshold: bitmapThreshold)
      entries[index].rows = []
      entries[index].compact = nil
    }
  }

  /// The smallest cached result that provably contains every row `query` can match, if it is
  /// small enough that re-checking its rows beats a full scan.
  func narrowingBase(for query: ParsedQuery, rule: MatchRule, scope: Int) -> NarrowingBase? {
    var best: Entry?
    for entry in entries where entry.rule == rule && (entry.scope == scope || entry.scope == 0) {
      guard let parsed = entry.parsed, query.implies(parsed) else { continue }
      if entry.packed == nil, best == nil || entry.count < best?.count ?? 0 { best = entry }
    }
    // Re-checked rows are scattered, so each costs memory latency (and, tested one by one, a
    // hard-to-predict branch) where a full scan streams: re-checking rows of the arena breaks even
    // with a scan near 6% of the rows, whichever kernel tests them. A compact copy is read in one
    // sequential pass of only its rows' bytes, so a result that has one narrows up to a quarter
    // of the rows. Ranking a fuzzy row costs many times reaching it, so a fuzzy ranking narrows up
    // to half the rows.
    guard let best,
      best.ranked == nil ? narrows(from: best.count, copied: best.compact != nil) : ranks(from: best.count)
    else { return nil }
    return (best.query, best.ascending, best.ranked == nil ? best.compact : nil)
  }

  /// A cached result to narrow from: the query it answered, its rows ascending, maybe their copy.
  typealias NarrowingBase = (query: String, rows: [Int32], compact: UnsafeCompactRows?)

  /// Whether a result of `count` rows is worth narrowing from (see `narrowingBase`): up to a
  /// sixteenth of the rows scattered over the arena, a quarter from a compact copy.
  func narrows(from count: Int, copied: Bool) -> Bool {
    count <= narrowingLimit(copied: copied)
  }

  /// Whether a fuzzy ranking of `count` rows is worth narrowing from: up to half the rows.
  func ranks(from count: Int) -> Bool { count <= rankingLimit }

  /// The most rows a fuzzy ranking may have to be narrowed from, or be kept at all.
  var rankingLimit: Int { max(rowCount / 2, 4096) }

  /// The most rows a result may have to be narrowed from.
  func narrowingLimit(copied: Bool) -> Int {
    max(rowCount / (copied ? 4 : 16), 4096)
  }

  /// Adds an entry, evicting the least recently used beyond the budget.
  mutating func remember(_ entry: Entry) {
    // Typing extends the newest query: only its compact copy is worth its memory.
    for index in entries.indices { entries[index].compact = nil }
    entries.append(entry)
    while entries.count > 1, heldIDs > budget || entries.count > capacity {
      entries.removeFirst()
    }
  }
}
