import Foundation

/// A compiled `regex` query: NSRegularExpression, with errors that name the position.
///
/// Patterns in the subset `RegexSyntax` understands also get a `RegexAutomaton`, which judges
/// most rows from their bytes, and the literals every match contains (`literals`), which let
/// a byte scan skip the rows that cannot match. ICU stays the authority: it compiles every
/// pattern first, and judges every row the automaton cannot.
struct RegexMatcher: @unchecked Sendable {
  /// The compiled expression (immutable, safe to share between threads).
  let expression: NSRegularExpression
  /// The pattern's tree, when inside the understood subset (perhaps approximated: see
  /// `RegexSyntax.parse`).
  let syntax: RegexSyntax?
  /// The byte automaton for `syntax`, unless it would be too large.
  let automaton: RegexAutomaton?
  /// The bytes a match can start with, for patterns that cannot match the empty string.
  let firstBytes: RegexFirstBytes?
  /// Whether a repeated group holds a repeat or an alternation (`RegexMatcher.nestsRepeats`):
  /// ICU may backtrack exponentially, so a watched match reports its progress.
  let nestsRepeats: Bool

  /// Compiles `pattern`; an invalid one throws `invalidPattern` with a 1-based character position.
  init(pattern: String) throws(SearchError) {
    try self.init(pattern: pattern, fastPaths: true)
  }

  /// `init(pattern:)`, without the automaton and literals when `fastPaths` is false (for tests
  /// that compare the two).
  init(pattern: String, fastPaths: Bool) throws(SearchError) {
    do {
      expression = try NSRegularExpression(pattern: pattern, options: [])
    } catch {
      let problem = Self.locate(pattern)
      throw .invalidPattern(pattern, position: problem.position, reason: problem.reason)
    }
    // An approximate parse still yields literals; only an exact one may build the automaton.
    let parsed = fastPaths ? RegexSyntax.parse(pattern, approximate: true) : nil
    let exact = parsed?.exact == true && parsed?.syntax.consumesAfterEnd == false ? parsed : nil
    syntax = parsed?.syntax
    automaton = exact.flatMap { RegexAutomaton($0.syntax, asciiOnly: $0.asciiOnly) }
    firstBytes = exact.flatMap { RegexFirstBytes($0.syntax, asciiOnly: $0.asciiOnly) }
    nestsRepeats = Self.nestsRepeats(pattern)
  }

  /// The literals to scan for, when selective enough to be worth a scan.
  ///
  /// Every match contains one literal of `scan` and each literal of `checks` (checked in a
  /// candidate row before the automaton runs). `frequency` counts bytes in a sample of the text
  /// (`FoldedIndex.byteFrequency`); `averageRowBytes` turns the chance per byte into a chance
  /// per row.
  func literals(frequency: [Int], averageRowBytes: Double) -> (scan: [[UInt8]], checks: [[UInt8]])? {
    guard let syntax else { return nil }
    let total = Double(max(1, frequency.reduce(0, +)))
    // The chance that a literal starts at a given byte, if bytes were independent: upper-case
    // bytes never occur in the (folded) sample and count as rare, which they mostly are.
    let cost: ([UInt8]) -> Double = { literal in
      literal.reduce(1) { $0 * (Double(frequency[Int($1)]) + 1) / total }
    }
    let sets = RegexLiterals.requiredSets(syntax, cost: cost)
    // A literal that most rows contain saves nothing: the rows are judged either way.
    func selective(_ set: [[UInt8]]) -> Bool { set.reduce(0) { $0 + cost($1) } * averageRowBytes < 0.5 }
    guard let first = sets.first, selective(first) else { return nil }
    let checks = sets.dropFirst().filter { $0.count == 1 && selective($0) }.prefix(2).map { $0[0] }
    return (first, Array(checks))
  }

  /// Whether the UTF-8 text `bytes[start..<end]` contains a match, by the automaton when it can
  /// judge the text, else by ICU.
  @inline(__always)
  func matches(_ bytes: UnsafePointer<UInt8>, start: Int, end: Int, watch: RegexWatch? = nil) -> Bool {
    if let automaton, let answer = automaton.matches(bytes, start: start, end: end) { return answer }
    return matches(
      String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self),
      watch: watch)
  }

  /// Whether `text` contains a match; false when `watch` stopped ICU (it says why).
  func matches(_ text: String, watch: RegexWatch? = nil) -> Bool {
    let range = NSRange(text.startIndex..., in: text)
    // Progress reports cost a call per start position (about 3 times the match), so only
    // patterns that can backtrack exponentially pay them.
    guard let watch, nestsRepeats else {
      return expression.firstMatch(in: text, options: [], range: range) != nil
    }
    var found = false
    var reports = 0
    let options: NSRegularExpression.MatchingOptions = [.reportProgress, .reportCompletion]
    expression.enumerateMatches(in: text, options: options, range: range) { result, flags, stop in
      if result != nil {
        found = true
        stop.pointee = true
      } else if flags.contains(.internalError) {
        // ICU gave up (its backtracking stack is full): it has no answer, not "no match".
        watch.gaveUp()
      } else if flags.contains(.progress) {
        reports &+= 1
        if watch.shouldStop(reports: reports, length: range.length) { stop.pointee = true }
      }
    }
    return found
  }

  /// The first match in `text` as a range of `text`.
  func firstMatch(in text: String) -> Range<String.Index>? {
    expression.firstMatch(in: text, options: [], range: NSRange(text.startIndex..., in: text))
      .flatMap { Range($0.range, in: text) }
  }

  /// Finds where an invalid pattern goes wrong (Foundation's error does not say).
  ///
  /// Checks the usual mistakes in one pass (a trailing backslash, an unclosed class or group, a
  /// stray `)`, a quantifier with nothing to repeat); otherwise reports the first prefix that
  /// cannot be completed into a valid pattern by closing its groups.
  static func locate(_ pattern: String) -> (position: Int?, reason: String) {
    let characters = Array(pattern)
    var groups: [Int] = []
    var index = 0
    var atomStart = true  // nothing to repeat yet
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "\\":
        if index + 1 >= characters.count { return (index + 1, "trailing backslash") }
        index += 2
        atomStart = false
        continue
      case "[":
        var end = index + 1
        if end < characters.count, characters[end] == "^" { end += 1 }
        if end < characters.count, characters[end] == "]" { end += 1 }
        var depth = 1
        while end < characters.count, depth > 0 {
          if characters[end] == "\\" {
            end += 1
          } else if characters[end] == "[" {
            depth += 1
          } else if characters[end] == "]" {
            depth -= 1
          }
          end += 1
        }
        if depth > 0 { return (index + 1, "unclosed character class") }
        index = end
        atomStart = false
        continue
      case "(":
        groups.append(index)
        atomStart = true
        index += 1
        if index < characters.count, characters[index] == "?" {
          index += 1  // group flags: (?: (?i) (?= ... are not quantifiers
        }
        continue
      case ")":
        if groups.popLast() == nil { return (index + 1, "unmatched ')'") }
        atomStart = false
      case "*", "+", "?", "{":
        if atomStart, character != "{" {
          return (index + 1, "quantifier '\(character)' has nothing to repeat")
        }
      case "|":
        atomStart = true
        index += 1
        continue
      default:
        atomStart = false
      }
      index += 1
    }
    if let open = groups.last { return (open + 1, "unclosed group") }
    for end in 1...max(1, characters.count) {
      let prefix = String(characters[0..<min(end, characters.count)])
      let closers = String(repeating: ")", count: prefix.filter { $0 == "(" }.count)
      if (try? NSRegularExpression(pattern: prefix + closers)) == nil,
        (try? NSRegularExpression(pattern: prefix)) == nil
      {
        return (end, "invalid syntax")
      }
    }
    return (nil, "invalid regular expression")
  }
}
