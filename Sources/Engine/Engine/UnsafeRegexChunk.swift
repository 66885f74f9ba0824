import Tables

/// One chunk of a regex search (`SearchEngine.regexSearch`): its candidate rows picked by the
/// bytes a match starts with, by one literal's scan, by several literals' marks, or every row,
/// each judged from its original bytes by the matcher.
struct UnsafeRegexChunk {
  let matcher: RegexMatcher
  /// Every row's original text (wide or not): the subject ICU would see.
  let view: UnsafeArenaView
  /// Further literals a match needs, checked in each candidate row before the automaton.
  let checks: [UnsafePinnedBuffer<UInt8>]
  let scope: Int
  let scopes: UnsafeBufferPointer<UInt16>
  let cancellation: SearchCancellation?
  /// Stops ICU inside a row (Ctrl-C, or the step budget of a pattern that nests repeats).
  let watch: RegexWatch

  /// The rows of `rows` that match, found as `needles` and `firstBytes` allow; nil when cancelled.
  func run(_ rows: Range<Int>, needles: [ByteNeedle], firstBytes: RegexFirstBytes?) -> UnsafeRowIDBuffer? {
    let found = UnsafeRowIDBuffer()
    guard !rows.isEmpty else { return found }
    let finished: Bool
    if let firstBytes {
      finished = byFirstBytes(firstBytes, rows, found)
    } else if needles.isEmpty {
      finished = everyRow(rows, found)
    } else if needles.count == 1 {
      finished = byLiteral(needles[0], rows, found)
    } else {
      finished = byLiterals(needles, rows, found)
    }
    return finished ? found : nil
  }

  /// Whether `row` is in the scope and matches.
  @inline(__always) private func test(_ row: Int) -> Bool {
    if scope != 0, row >= scopes.count || Int(scopes[row]) != scope { return false }
    return matcher.matches(view.base, start: view.start(row), end: view.end(row), watch: watch)
  }

  /// `test`, after the further literals.
  @inline(__always) private func candidate(_ row: Int) -> Bool {
    for check in checks
    where !RegexLiterals.occurs(check.pointer, check.count, in: view.base, view.start(row), view.end(row)) {
      return false
    }
    return test(row)
  }

  /// Whether a pass has been cancelled, asked every `SearchTuning.regexCancelCandidates` candidates.
  @inline(__always) private func cancelled(after checked: Int) -> Bool {
    checked % SearchTuning.regexCancelCandidates == 0
      && (cancellation?.isCancelled == true || watch.isStopped)
  }

  /// The rows holding a byte a match can start with; false when cancelled.
  private func byFirstBytes(_ firstBytes: RegexFirstBytes, _ rows: Range<Int>, _ found: UnsafeRowIDBuffer)
    -> Bool
  {
    if cancellation?.isCancelled == true { return false }
    var checked = 0
    var stopped = false
    firstBytes.scan(view, rows: rows) { row in
      checked &+= 1
      if stopped || cancelled(after: checked) {
        stopped = true
        return
      }
      if test(row) { found.append(row) }
    }
    return !stopped
  }

  /// Every row judged; false when cancelled.
  private func everyRow(_ rows: Range<Int>, _ found: UnsafeRowIDBuffer) -> Bool {
    for row in rows {
      if row % SearchTuning.regexCancelRows == 0, cancellation?.isCancelled == true || watch.isStopped {
        return false
      }
      if test(row) { found.append(row) }
    }
    return true
  }

  /// The rows holding the one literal every match contains; false when cancelled.
  private func byLiteral(_ needle: ByteNeedle, _ rows: Range<Int>, _ found: UnsafeRowIDBuffer) -> Bool {
    if cancellation?.isCancelled == true { return false }
    var checked = 0
    var stopped = false
    // Most rows the scan reads hold the literal: its steps are inlined into it.
    ByteScanner.scan(view, rows: rows, needle: needle, wordStart: false, steps: InlinedSteps.self) { row in
      checked &+= 1
      if stopped || cancelled(after: checked) {
        stopped = true
        return
      }
      if candidate(row) { found.append(row) }
    }
    return !stopped
  }

  /// The rows holding any of several literals; false when cancelled.
  ///
  /// One scan per literal marks the rows containing any of them; then they are judged in order.
  private func byLiterals(_ needles: [ByteNeedle], _ rows: Range<Int>, _ found: UnsafeRowIDBuffer) -> Bool {
    let lower = rows.lowerBound
    var marks = [UInt64](repeating: 0, count: (rows.count + 63) / 64)
    for needle in needles {
      if cancellation?.isCancelled == true { return false }
      ByteScanner.scan(view, rows: rows, needle: needle, wordStart: false, steps: InlinedSteps.self) { row in
        marks[(row - lower) >> 6] |= 1 << UInt64((row - lower) & 63)
      }
    }
    var checked = 0
    for word in marks.indices {
      var bits = marks[word]
      while bits != 0 {
        let row = lower + word * 64 + bits.trailingZeroBitCount
        bits &= bits - 1
        checked &+= 1
        if cancelled(after: checked) { return false }
        if candidate(row) { found.append(row) }
      }
    }
    return true
  }
}
