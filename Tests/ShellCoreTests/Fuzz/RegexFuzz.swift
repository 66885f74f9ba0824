#if !FUZZING
  @testable import ShellCore
#endif
// swift-format-ignore: OrderedImports
@testable import Engine

import Foundation

/// The regex engine's fast paths (`RegexSyntax`, `RegexAutomaton`, `RegexFirstBytes`, required
/// literals, the engine's regex scan) against a plain `NSRegularExpression` loop over Strings.
///
/// Patterns come from the grammar `RegexPropertyTests` uses, the subset whose meaning the fast
/// paths share with ICU (lazy and possessive quantifiers only on single atoms, no inline flags,
/// no back references): outside it the matcher leaves every row to ICU by design.
enum RegexFuzz {
  static func run(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let tuning = EngineFuzz.tuning(input.byte())
    let rowCount = Int(input.byte() % 12)
    let rows = (0..<rowCount).map { _ in EngineFuzz.text(&input, long: false) }
    let engine = SearchEngine(
      dataset: EngineFuzz.dataset(rows, categories: nil, scoped: false), columns: nil, tuning: tuning)
    while !input.isEmpty {
      let pattern = self.pattern(&input, depth: 0)
      check(pattern, rows, engine)
    }
  }

  /// One pattern on every row, every way it can be judged; traps on a difference.
  static func check(_ pattern: String, _ rows: [String], _ engine: SearchEngine) {
    guard let expression = try? NSRegularExpression(pattern: pattern) else {
      precondition((try? RegexMatcher(pattern: pattern)) == nil, "accepted \(EngineFuzz.debug(pattern))")
      return
    }
    let plain = rows.indices.filter { row in
      let text = rows[row]
      return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    guard let matcher = try? RegexMatcher(pattern: pattern) else {
      preconditionFailure("refused \(EngineFuzz.debug(pattern)), which ICU compiles")
    }
    let described = EngineFuzz.debug(pattern)
    for (row, text) in rows.enumerated() {
      // A byte past the end, so even an empty row has an address.
      let bytes = Array(text.utf8) + [0]
      let fast = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { matcher.matches($0, start: 0, end: buffer.count - 1) } ?? false
      }
      precondition(fast == plain.contains(row), "\(described) on row \(EngineFuzz.debug(text)): \(fast)")
    }
    if let syntax = matcher.syntax {
      for literals in RegexLiterals.requiredSets(syntax, cost: { _ in 0 }) {
        for row in plain {
          let held = holdsOne(of: literals, Array(rows[row].utf8))
          precondition(held, "\(described): row \(EngineFuzz.debug(rows[row])) lacks all of \(literals)")
        }
      }
    }
    if let first = matcher.firstBytes {
      for row in plain {
        precondition(
          rows[row].utf8.contains { byte in first.ranges.contains { $0.contains(byte) } },
          "\(described): row \(EngineFuzz.debug(rows[row])) has none of the first bytes \(first.ranges)")
      }
    }
    if !pattern.allSatisfy(\.isWhitespace) {
      let found = (try? engine.search(pattern, rule: .regex))?.map(Int.init)
      precondition(found == plain, "\(described): engine \(found ?? []), ICU \(plain)")
    }
  }

  static let literals = [
    "a", "e", "s", "t", "n", "S", "A", "1", " ", "-", "'", "é", "ü", "東", "🍕", "x", "\u{301}", "ω",
    "\\n", "\\r", "\\t",
  ]
  static let classes = [
    "[aeé]", "[^ae]", "[a-z]", "[A-Z]", "[0-9]", "[^a-z]", "[st]", "[東🍕]", "[ \\-]", "\\d", "\\w", "\\s",
    "\\D", "\\S", "\\W", "[^\\d]", "\\.", "\\$", "[.]", "[\\r\\n]", "[^\\n]",
  ]
  static let outside = ["^", "\\b", "\\B", "(?=a)", "(?!e)", "(?<=s)", "\\p{L}"]
  static let quantifiers = ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}"]

  /// A pattern from the grammar, read from the fuzz bytes.
  static func pattern(_ input: inout FuzzInput, depth: Int) -> String {
    var branches: [String] = []
    let branchCount = input.byte() % 8 == 0 ? 2 + Int(input.byte() % 2) : 1
    for _ in 0..<branchCount {
      var branch = ""
      for _ in 0..<Int(input.byte() % 5) {
        var atom: String
        var quantifiable = true
        let choice = input.byte()
        switch choice % 20 {
        case 0..<8: atom = literals[Int(input.byte()) % literals.count]
        case 8..<10: atom = "."
        case 10..<14: atom = classes[Int(input.byte()) % classes.count]
        case 14:
          // Outside the automaton's subset: literals come from an approximate parse, ICU judges.
          atom = outside[Int(input.byte()) % outside.count]
          quantifiable = atom == "\\p{L}"
        case 15:
          atom = "$"
          quantifiable = false
        case 16..<18 where depth < 2:
          let inner = pattern(&input, depth: depth + 1)
          atom = (choice & 0x80 == 0 ? "(" : "(?:") + inner + ")"
        default: atom = literals[Int(input.byte()) % literals.count]
        }
        let quantifier = input.byte()
        if quantifiable, quantifier % 4 == 0 {
          // Lazy and possessive ones only on single atoms: ICU can loop forever on `(?:)*?x`.
          let lazy = atom.hasPrefix("(") ? [] : ["*?", "+?", "*+"]
          let all = quantifiers + lazy
          atom += all[Int(quantifier >> 2) % all.count]
        }
        branch += atom
      }
      branches.append(branch)
    }
    return branches.joined(separator: "|")
  }

  /// Whether `bytes` hold at least one of `literals` as a substring (a required set's promise).
  static func holdsOne(of literals: [[UInt8]], _ bytes: [UInt8]) -> Bool {
    literals.contains { literal in
      bytes.count >= literal.count
        && (0...(bytes.count - literal.count)).contains { Array(bytes[$0..<$0 + literal.count]) == literal }
    }
  }
}
