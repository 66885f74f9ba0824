import Foundation
import Testing

@testable import Engine

/// ICU's `$` also matches before a line terminator that ends the text: a pattern that consumes
/// after it (found by the `regex` fuzz target: `$[^ae]` on `🍕-` + U+0085) must not be judged
/// by the automaton, which decided such rows before reading their terminator.
struct RegexLineTerminatorTests {
  // `$a*` too: the test is by shape, and may refuse a pattern the automaton could have judged.
  @Test(arguments: ["$[^ae]", "$\\s", "a$[^x]", "(?:a$)+", "(?:a$){2}", "x|$[^a]", "$a*"])
  func aScalarAfterTheEndGetsNoAutomaton(pattern: String) throws {
    #expect(RegexSyntax.parse(pattern)?.syntax.consumesAfterEnd == true)
    #expect(try RegexMatcher(pattern: pattern).automaton == nil)
  }

  @Test(arguments: ["a$", "ing$", "(?:a|b$)", "^a$", "(?:a$)?", "[^a]$"])
  func anEndFollowedByNothingKeepsTheAutomaton(pattern: String) throws {
    #expect(RegexSyntax.parse(pattern)?.syntax.consumesAfterEnd == false)
  }

  @Test(arguments: ["$[^ae]", "$\\s", "a$[^x]", "$[\\r\\n]", "a$", "(?:a$)+", "-$"])
  func rowsEndingInATerminatorMatchAsICUSays(pattern: String) throws {
    let matcher = try RegexMatcher(pattern: pattern)
    let expression = try NSRegularExpression(pattern: pattern)
    for row in ["🍕-\u{85}", "a\n", "a\r\n", "a\u{2028}", "a", "xa\u{85}", "-", "a\r"] {
      let bytes = Array(row.utf8) + [0]
      let fast = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { matcher.matches($0, start: 0, end: buffer.count - 1) }
      }
      let icu = expression.firstMatch(in: row, range: NSRange(row.startIndex..., in: row)) != nil
      #expect(fast == icu, "'\(pattern)' on \(row.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
