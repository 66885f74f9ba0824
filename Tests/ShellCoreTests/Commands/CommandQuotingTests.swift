import Testing

@testable import ShellCore

/// Quoting is the tokenizer's inverse: what `record` and live mode write reads back unchanged.
struct CommandQuotingTests {
  static let texts = [
    "ger", "Côte d'Ivoire", "two words", " leading", "trailing ", "", "\"quoted\"", "'single'",
    "back\\slash", "tab\there", "a \"mix\" of 'both' \\",
    // A quote, a space or a backslash followed by a combining mark is one Character.
    "\"\u{301}", "'\u{301}", " \u{301}x", "x \u{301}", "\\\u{301}", "\u{301}", "a\u{604}\"b",
    "\u{A0}nbsp\u{A0}", "\u{3000}",
  ]

  @Test(arguments: texts)
  func quotedWordReadsBackAsOneWord(_ text: String) throws {
    let words = try CommandTokenizer.tokens(CommandTokenizer.quotedWord(text))
    #expect(words.map(\.text) == [text])
  }

  @Test(arguments: texts)
  func quotedRestOfLineReadsBackUnchanged(_ text: String) throws {
    let quoted = CommandTokenizer.quotedRestOfLine(text)
    #expect(try CommandTokenizer.restOfLine(Substring(" " + quoted)) == text)
  }

  /// Scalars, not Characters, separate and quote: each case's line and the words it gives.
  static let splits: [(line: String, words: [String])] = [
    ("select \"\u{301}1\"", ["select", "\u{301}1"]),
    ("a \u{301}b", ["a", "\u{301}b"]),
    ("a\\ \u{301}b", ["a \u{301}b"]),
    ("'x\u{301}' y", ["x\u{301}", "y"]),
    ("\"a\\\"\u{301}\"", ["a\"\u{301}"]),
  ]

  @Test func tokensSplitOnScalars() throws {
    for (line, words) in Self.splits {
      #expect(try CommandTokenizer.tokens(line).map(\.text) == words, "\(line)")
    }
  }

  @Test func aTrailingBackslashIsNotAQuote() {
    #expect(throws: ShellError.trailingBackslash("1\\")) { try CommandTokenizer.tokens("select 1\\") }
    #expect(throws: ShellError.unterminatedQuote("\"1\\")) { try CommandTokenizer.tokens("select \"1\\") }
  }

  @Test func theFirstWordEndsAtASpaceBeforeACombiningMark() {
    let (word, rest) = CommandTokenizer.firstWord("title \u{301}x")
    #expect(word == "title")
    #expect(rest.unicodeScalars.elementsEqual(" \u{301}x".unicodeScalars))
  }

  @Test func plainTextStaysLiteral() {
    #expect(CommandTokenizer.quotedWord("ger") == "ger")
    #expect(CommandTokenizer.quotedRestOfLine("Côte d'Ivoire") == "Côte d'Ivoire")
    #expect(CommandTokenizer.quotedWord("Côte d'Ivoire") == "\"Côte d'Ivoire\"")
  }
}
