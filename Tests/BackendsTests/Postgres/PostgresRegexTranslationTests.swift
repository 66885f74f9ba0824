import Foundation
import Testing

@testable import Backends

/// The engine's ICU patterns as PostgreSQL AREs (pure: no server), and the constructs refused.
struct PostgresRegexTranslationTests {
  /// `.` as ICU means it: every scalar but the line terminators.
  static let dot = "[^\\u000A-\\u000D\\u0085\\u2028-\\u2029]"
  static let end = PostgresRegexTranslation.endOfText

  static let rewrites: [(String, String)] = [
    ("abc", "abc"),
    ("a.c", "a\(dot)c"),
    ("^ab$", "^ab\(end)"),
    ("ab\\Z", "ab\(end)"),
    ("\\Aab\\z", "^ab$"),
    ("a*?b+?c??", "a*b+c?"),
    ("x{2}y{2,}z{2,5}w{3,3}", "x{2}y{2,}z{2,5}w{3}"),
    ("(a|b)", "(?:a|b)"),
    ("(?:a)(?<n>b)", "(?:a)(?:b)"),
    ("(?=a)(?!b)(?<=c)(?<!d)", "(?=a)(?!b)(?<=c)(?<!d)"),
    ("\\.\\*\\\\", "\\u002E\\u002A\\u005C"),
    ("a%b_c", "a\\u0025b\\u005Fc"),
    ("é😀", "\\u00E9\\U0001F600"),
    ("\\Qa.b\\E*", "a\\u002Eb*"),
    ("[abc]", "[a-c]"),
    ("[^a]", "[^a]"),
    ("\\d", "[0-9\\u0660-\\u0669\\u06F0-\\u06F9"),
    ("\\x{41}\\u0042\\N{LATIN SMALL LETTER C}", "[A][B][c]"),
    ("\\x4g", "[\\u0004]g"),
    ("[\\s\\S]+", ".+"),
    ("a|", "a|"),
  ]

  @Test(arguments: rewrites) func aPatternIsRewrittenToItsARE(_ pattern: String, _ expected: String) {
    guard case .translated(let translated) = PostgresRegexTranslation.translate(pattern) else {
      Issue.record("\(pattern) was refused: \(PostgresRegexTranslation.translate(pattern))")
      return
    }
    // `\d`'s bracket goes on through every script's digits: its start is enough here.
    #expect(expected.hasSuffix("9") ? translated.hasPrefix(expected) : translated == expected, "\(pattern)")
  }

  static let refusals: [(String, String)] = [
    ("(?i)a", "an inline flag ((?i);"),
    ("(?i:a)", "an inline flag ((?i:;"),
    ("(?s).", "an inline flag"),
    ("(a)\\1", "a backreference (\\1)"),
    ("(?<n>a)\\k<n>", "a backreference (\\k)"),
    ("a{256}", "a bound above 255 ({256})"),
    ("a{2,300}", "a bound above 255 ({2,300})"),
    ("a*+", "a possessive quantifier (a*+)"),
    ("a{2}+", "a possessive quantifier (a{2}+)"),
    ("(?>a)", "an atomic group"),
    ("\\X", "the escape \\X"),
    ("\\R", "the escape \\R"),
    ("\\Ga", "the escape \\G"),
    ("(?#note)a", "a comment"),
    ("[{ab}]", "a '{' inside a class"),
    ("^*a", "a quantified anchor or lookaround (^*)"),
    ("a)", "a pattern ICU does not compile"),
    ("[]a]", "a class starting with ']'"),
    ("\\Q\\E", "an empty \\Q\\E"),
    ("\\y", "the escape \\y"),
  ]

  @Test(arguments: refusals) func aConstructIsRefusedByName(_ pattern: String, _ construct: String) {
    guard case .refused(let why) = PostgresRegexTranslation.translate(pattern) else {
      Issue.record("\(pattern) was translated")
      return
    }
    #expect(why.contains(construct), "\(pattern): \(why)")
  }

  /// `\b` and `\B` are ICU's rule as lookarounds, never ARE's `\y`/`\Y`, and stay zero-width.
  @Test func aWordBoundaryIsICUsRuleAsLookarounds() throws {
    let boundary = try #require(PostgresRegexBoundary.boundary)
    let notBoundary = try #require(PostgresRegexBoundary.notBoundary)
    #expect(PostgresRegexTranslation.translate("\\bcat\\B") == .translated(boundary + "cat" + notBoundary))
    for are in [boundary, notBoundary] {
      #expect(are.hasPrefix("(?:(?"), "a group of lookarounds: \(are.prefix(12))")
      #expect(!are.contains("\\y") && !are.contains("\\Y") && !are.contains("\\w"))
    }
    // U+0301 (a combining acute) is neither side of a boundary: ICU skips it.
    #expect(boundary.contains("\\u0300-\\u036F"))
  }

  /// The sets come from ICU: Unicode digits, word characters and white space, and `.` and `[^…]`
  /// as ICU treats line terminators.
  @Test func theSetsAreICUs() throws {
    func members(_ token: String) throws -> [ClosedRange<UInt32>] {
      try #require(PostgresRegexSets.members(token))
    }
    func contains(_ token: String, _ value: UInt32) throws -> Bool {
      try members(token).contains { $0.contains(value) }
    }
    #expect(try contains("\\d", 0x663))  // ٣
    #expect(try !contains("\\d", 0x61))
    #expect(try contains("\\w", 0xE9))  // é
    #expect(try contains("\\w", 0x5F))
    #expect(try contains("\\s", 0x2028))
    #expect(try contains("[^a]", 0x0A))
    #expect(try contains("\\p{Hangul}", 0xD55C))  // 한
    #expect(try !contains("\\p{Hangul}", 0x41))
    #expect(PostgresRegexSets.complement(try members(".")) == [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])
    #expect(try members("[\\x{D7FE}-\\x{E001}]") == [0xD7FE...0xD7FF, 0xE000...0xE001])
    #expect(try members("\\x{10FFFF}") == [0x10FFFF...0x10FFFF])
    #expect(try members("\\x{10000}") == [0x10000...0x10000])
    #expect(PostgresRegexSets.members("[") == nil)
  }

  @Test func aBracketIsTheShorterOfASetAndItsComplement() {
    #expect(PostgresRegexSets.bracket([0x61...0x63]) == "[a-c]")
    #expect(PostgresRegexSets.bracket([0x1...0x60, 0x62...0xD7FF, 0xE000...0x10FFFF]) == "[^a]")
    #expect(PostgresRegexSets.bracket(PostgresRegexSets.all) == ".")
    #expect(PostgresRegexSets.bracket([]) == nil)
    #expect(PostgresRegexSets.bracket([0x2D...0x2D, 0x5D...0x5E]) == "[\\u002D\\u005D-\\u005E]")
  }

  /// ICU's `$` also matches before one line terminator (CR LF counts as one) that ends the text.
  @Test func theEndOfTextIsICUs() throws {
    let dollar = try NSRegularExpression(pattern: "a$", options: [])
    for terminator in ["", "\n", "\u{0B}", "\u{0C}", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
      let text = "a" + terminator
      #expect(dollar.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil)
    }
    for tail in ["\n\n", "\r\r", "\n\r", "\u{1E}", "b"] {
      let text = "a" + tail
      #expect(dollar.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil)
    }
    // Not between the CR and the LF of a final CR LF.
    let crDollar = try NSRegularExpression(pattern: "a\\r$", options: [])
    #expect(crDollar.firstMatch(in: "a\r\n", range: NSRange(location: 0, length: 3)) == nil)
    #expect(crDollar.firstMatch(in: "a\r", range: NSRange(location: 0, length: 2)) != nil)
    #expect(
      Self.end
        == "(?:(?=(?:\\u000D\\u000A|[\\u000B-\\u000D\\u0085\\u2028\\u2029])?$)|(?<!\\u000D)(?=\\u000A$))")
  }
}
