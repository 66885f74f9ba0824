/// The Thompson NFA of a `RegexSyntax` pattern, and the subset construction `RegexAutomaton`
/// encodes as its table.
struct RegexNFA {
  /// One node.
  enum Node {
    case consume(set: Int, next: Int)
    case split(Int, Int)
    case textStart(next: Int)
    case textEnd(next: Int)
    case accept
  }

  /// The nodes; node 0 accepts.
  private(set) var nodes: [Node] = [.accept]
  /// The scalar sets the `consume` nodes name, each once.
  private(set) var sets: [RegexScalarSet] = []
  /// Where a match starts.
  private(set) var entry = 0

  /// The NFA of `syntax`, or nil when the pattern is outside the subset or over
  /// `RegexAutomaton.maxNodes` nodes.
  init?(_ syntax: RegexSyntax) {
    guard let entry = compile(syntax, next: 0) else { return nil }
    self.entry = entry
  }

  private mutating func add(_ node: Node) -> Int? {
    guard nodes.count < RegexAutomaton.maxNodes else { return nil }
    nodes.append(node)
    return nodes.count - 1
  }

  /// Thompson construction, back to front: each part is compiled knowing its successor.
  private mutating func compile(_ syntax: RegexSyntax, next: Int) -> Int? {
    switch syntax {
    case .set(let set):
      let index = sets.firstIndex(of: set) ?? sets.count
      if index == sets.count { sets.append(set) }
      return add(.consume(set: index, next: next))
    case .textStart: return add(.textStart(next: next))
    case .textEnd: return add(.textEnd(next: next))
    case .assertion, .unknown: return nil
    case .sequence(let items):
      var entry = next
      for item in items.reversed() {
        guard let start = compile(item, next: entry) else { return nil }
        entry = start
      }
      return entry
    case .alternation(let branches):
      guard var entry = compile(branches[branches.count - 1], next: next) else { return nil }
      for branch in branches.dropLast().reversed() {
        guard let start = compile(branch, next: next), let split = add(.split(start, entry)) else {
          return nil
        }
        entry = split
      }
      return entry
    case .repetition(let part, let min, let max):
      return compileRepetition(part, min: min, max: max, next: next)
    }
  }

  /// `part` repeated `min` to `max` times (without end when `max` is nil).
  private mutating func compileRepetition(_ part: RegexSyntax, min: Int, max: Int?, next: Int) -> Int? {
    var entry = next
    if let max {
      for _ in min..<max {
        guard let start = compile(part, next: entry), let split = add(.split(start, next)) else {
          return nil
        }
        entry = split
      }
    } else {
      // The loop's split is patched once the body (which returns to it) exists.
      guard let loop = add(.split(next, next)), let body = compile(part, next: loop) else { return nil }
      nodes[loop] = .split(body, next)
      entry = loop
    }
    for _ in 0..<min {
      guard let start = compile(part, next: entry) else { return nil }
      entry = start
    }
    return entry
  }

  /// The sorted set of nodes reached from `seeds`, closed over splits (and `^` only at the start,
  /// `$` only at the end).
  func closure(_ seeds: [Int], atStart: Bool, atEnd: Bool) -> [Int32] {
    var seen = Set<Int>()
    var stack = seeds
    while let node = stack.popLast() {
      guard seen.insert(node).inserted else { continue }
      switch nodes[node] {
      case .split(let a, let b):
        stack.append(b)
        stack.append(a)
      case .textStart(let next): if atStart { stack.append(next) }
      case .textEnd(let next): if atEnd { stack.append(next) }
      case .consume, .accept: break
      }
    }
    return seen.sorted().map(Int32.init)
  }

  /// A state's `RegexAutomaton` flags: accepting, dead, accepting at the end of the text.
  func flags(of state: [Int32], atStart: Bool) -> UInt8 {
    var flags: UInt8 = 0
    if state.contains(0) { flags |= RegexAutomaton.acceptBit }
    if closure(state.map(Int.init), atStart: atStart, atEnd: true).contains(0) {
      flags |= RegexAutomaton.acceptAtEndBit
    }
    let alive = state.contains { node in
      if case .consume = nodes[Int(node)] { return true }
      return false
    }
    if !alive, flags & RegexAutomaton.acceptAtEndBit == 0 { flags |= RegexAutomaton.deadBit }
    return flags
  }

  /// Subset construction over `classes`: per state its flags, and per state and class the next
  /// state (state 0 is the start); nil past `RegexAutomaton.maxStates` states.
  ///
  /// A state is the sorted set of nodes reached, closed over splits (and `^` only at the start);
  /// `$` nodes stay in the set and are followed at the end.
  func states(classes: RegexClasses) -> (flags: [UInt8], targets: [Int])? {
    let classCount = classes.count
    let restart = closure([entry], atStart: false, atEnd: false)
    var states: [[Int32]] = [closure([entry], atStart: true, atEnd: false)]
    var stateFlags: [UInt8] = [flags(of: states[0], atStart: true)]
    // Not the start state: its set reads differently (`^` holds there), so a later state with
    // the same nodes is another state.
    var index: [[Int32]: Int] = [:]
    var targets: [Int] = []  // per state and class, the next state
    var current = 0
    while current < states.count {
      let state = states[current]
      for klass in 0..<classCount {
        if stateFlags[current] & (RegexAutomaton.acceptBit | RegexAutomaton.deadBit) != 0 {
          targets.append(current)  // never followed: the row is decided
          continue
        }
        var seeds = restart.map(Int.init)
        for node in state {
          if case .consume(let set, let next) = nodes[Int(node)], classes.members[klass][set] {
            seeds.append(next)
          }
        }
        let target = closure(seeds, atStart: false, atEnd: false)
        if let known = index[target] {
          targets.append(known)
        } else {
          guard states.count < RegexAutomaton.maxStates else { return nil }
          index[target] = states.count
          targets.append(states.count)
          states.append(target)
          stateFlags.append(flags(of: target, atStart: false))
        }
      }
      current += 1
    }
    return (stateFlags, targets)
  }
}
