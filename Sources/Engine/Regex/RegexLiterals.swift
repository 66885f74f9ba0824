/// Literal strings a regex match must contain, so rows without them can be skipped by a byte scan.
///
/// Works on `RegexSyntax`, whose meaning is exact, and stays conservative: a node yields a set of
/// alternatives only when every match of the node contains one of them. The scan runs on the
/// rows' original bytes (the pattern is case-sensitive: `RegexMatcher` sets no options, and
/// inline flags are outside the subset), and every scalar the pattern names is matched as that
/// exact scalar, so a match of the literal in a row's scalars is the literal's UTF-8 bytes in the
/// row's bytes. U+FFFD is never required: a row's invalid bytes decode to it.
package enum RegexLiterals {
  /// At most this many alternatives are carried per node.
  static let limit = 16

  /// What one node guarantees.
  private struct Facts {
    /// Every string the node can match, when few (scalars).
    var exact: [[UInt32]]?
    /// Strings one of which every match contains, when known.
    var required: [[UInt32]]?
    /// Every such set found, `required` among them (a sequence requires one per part).
    var all: [[[UInt32]]] = []
  }

  /// The OR-set of UTF-8 literals that every match of `syntax` contains, or nil when none is
  /// known or worth scanning for; `cost` estimates how many rows a literal would let through.
  static func required(_ syntax: RegexSyntax, cost: ([UInt8]) -> Double) -> [[UInt8]]? {
    let scalarCost: ([[UInt32]]) -> Double = { set in
      set.reduce(0) { $0 + cost(Self.utf8($1)) }
    }
    let facts = Self.facts(syntax, cost: scalarCost)
    guard let required = facts.required ?? facts.exact, usable(required) else { return nil }
    return required.map(utf8)
  }

  /// Every OR-set of UTF-8 literals that every match of `syntax` contains (a match holds one of
  /// each), cheapest first by `cost`.
  package static func requiredSets(_ syntax: RegexSyntax, cost: ([UInt8]) -> Double) -> [[[UInt8]]] {
    func scalarCost(_ set: [[UInt32]]) -> Double {
      set.reduce(0) { $0 + cost(Self.utf8($1)) }
    }
    let facts = Self.facts(syntax, cost: scalarCost)
    var sets = facts.all
    if let required = facts.required ?? facts.exact, usable(required), !sets.contains(required) {
      sets.append(required)
    }
    return sets.filter(usable).sorted { scalarCost($0) < scalarCost($1) }.map { $0.map(utf8) }
  }

  /// Whether `literal` occurs in `bytes[start..<end]` (rows are short: a first-byte test per
  /// position is enough).
  @inline(__always)
  static func occurs(
    _ literal: UnsafePointer<UInt8>, _ count: Int, in bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> Bool {
    assert(count >= 0 && start >= 0, "a literal of \(count) bytes in text from \(start)")
    guard count > 0 else { return true }
    let first = literal[0]
    var position = start
    while position &+ count <= end {
      if bytes[position] == first {
        var index = 1
        while index < count, bytes[position &+ index] == literal[index] { index &+= 1 }
        if index == count { return true }
      }
      position &+= 1
    }
    return false
  }

  private static func usable(_ set: [[UInt32]]) -> Bool {
    !set.isEmpty && set.allSatisfy { !$0.isEmpty && !$0.contains(0xFFFD) }
  }

  private static func utf8(_ scalars: [UInt32]) -> [UInt8] {
    var bytes: [UInt8] = []
    for value in scalars {
      if let scalar = Unicode.Scalar(value) {
        bytes.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
      }
    }
    return bytes
  }

  /// Every concatenation of a string of `left` with one of `right`, if few.
  private static func product(_ left: [[UInt32]], _ right: [[UInt32]]) -> [[UInt32]]? {
    guard left.count * right.count <= limit else { return nil }
    var result: [[UInt32]] = []
    for prefix in left {
      for suffix in right where !result.contains(prefix + suffix) { result.append(prefix + suffix) }
    }
    return result
  }

  /// What every match of `syntax` contains; `cost` ranks the candidate sets of a sequence.
  private static func facts(_ syntax: RegexSyntax, cost: ([[UInt32]]) -> Double) -> Facts {
    switch syntax {
    case .set(let set):
      let exact = set.members(limit: 4).map { $0.map { [$0] } }
      return Facts(exact: exact, required: exact)
    case .textStart, .textEnd, .assertion:
      return Facts(exact: [[]], required: nil)
    case .unknown:
      return Facts(exact: nil, required: nil)
    case .alternation(let branches):
      return alternationFacts(branches.map { facts($0, cost: cost) })
    case .repetition(let part, let min, let max):
      let inner = facts(part, cost: cost)
      if max == 0 { return Facts(exact: [[]], required: nil) }
      if min == max, let strings = inner.exact {
        var exact: [[UInt32]]? = [[]]
        for _ in 0..<min { exact = exact.flatMap { product($0, strings) } }
        return Facts(exact: exact, required: exact ?? inner.required)
      }
      return Facts(exact: nil, required: min >= 1 ? inner.required ?? inner.exact : nil)
    case .sequence(let items):
      return sequenceFacts(items, cost: cost)
    }
  }

  /// An alternation's facts from its branches': the union of their strings, while few.
  private static func alternationFacts(_ all: [Facts]) -> Facts {
    var exact: [[UInt32]]? = []
    var required: [[UInt32]]? = []
    for branch in all {
      if let strings = branch.exact, let known = exact {
        let union = known + strings.filter { !known.contains($0) }
        exact = union.count <= limit ? union : nil
      } else {
        exact = nil
      }
      if let strings = branch.required ?? branch.exact, usable(strings), let known = required {
        let union = known + strings.filter { !known.contains($0) }
        required = union.count <= limit ? union : nil
      } else {
        required = nil
      }
    }
    return Facts(exact: exact, required: required)
  }

  /// A sequence's facts: the cheapest of the sets its runs of known items and its other items
  /// require.
  private static func sequenceFacts(_ items: [RegexSyntax], cost: ([[UInt32]]) -> Double) -> Facts {
    // `run` holds the exact strings of the items since the last unknown one: any match contains
    // one of them. An unknown item ends the run; its own requirement is another candidate.
    var candidates: [[[UInt32]]] = []
    var run: [[UInt32]]? = [[]]
    var complete = true
    func flush() {
      if let strings = run, usable(strings) { candidates.append(strings) }
    }
    for item in items {
      let fact = facts(item, cost: cost)
      if let strings = fact.exact {
        if let known = run, let joined = product(known, strings) {
          run = joined
        } else {
          complete = false
          flush()
          run = strings
        }
        continue
      }
      complete = false
      if case .repetition(let part, let min, _) = item, min >= 1,
        let strings = facts(part, cost: cost).exact
      {
        // `x+` starts with one `x` and ends with one: the run continues through it, then
        // restarts with it.
        if let known = run, let joined = product(known, strings) { run = joined }
        flush()
        run = strings
        continue
      }
      flush()
      candidates += fact.all.filter(usable)
      if let strings = fact.required, usable(strings), !candidates.contains(strings) {
        candidates.append(strings)
      }
      run = [[]]
    }
    flush()
    let best = candidates.min { cost($0) < cost($1) }
    return Facts(exact: complete ? run : nil, required: best, all: candidates)
  }
}
