import Testing

@testable import ShellCore

/// Quoting is the tokenizer's inverse: what `record` and live mode write reads back unchanged.
struct CommandQuotingTests {
  static let texts = [
    "ger", "Côte d'Ivoire", "two words", " leading", "trailing ", "", "\"quoted\"", "'single'",
    "back\\slash", "tab\there", "a \"mix\" of 'both' \\",
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

  @Test func plainTextStaysLiteral() {
    #expect(CommandTokenizer.quotedWord("ger") == "ger")
    #expect(CommandTokenizer.quotedRestOfLine("Côte d'Ivoire") == "Côte d'Ivoire")
    #expect(CommandTokenizer.quotedWord("Côte d'Ivoire") == "\"Côte d'Ivoire\"")
  }
}
