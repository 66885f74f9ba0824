#if !FUZZING
  @testable import ShellCore
#endif

/// The command tokenizer on any line: it returns tokens or throws, never traps, and quoting is
/// its inverse (`tokens(quotedWord(x)) == [x]`, `restOfLine(quotedRestOfLine(x)) == x`, on any x).
enum TokenizerFuzz {
  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? CommandTokenizer.tokens(text)
    _ = try? CommandTokenizer.restOfLine(Substring(text))
    _ = CommandTokenizer.firstWord(Substring(text))
    let words = try? CommandTokenizer.tokens(CommandTokenizer.quotedWord(text))
    precondition(words?.map(\.text) == [text], "quotedWord does not read back")
    let rest = try? CommandTokenizer.restOfLine(Substring(CommandTokenizer.quotedRestOfLine(text)))
    precondition(rest == text, "quotedRestOfLine does not read back")
    // As a whole command line: trimmed like one, then read as a rest-of-line argument.
    let line = CommandTokenizer.trimmingLine("set title " + CommandTokenizer.quotedRestOfLine(text))
    let argument = try? CommandTokenizer.restOfLine(
      CommandTokenizer.firstWord(
        CommandTokenizer.firstWord(Substring(line)).rest.drop(while: { $0 == " " })
      ).rest)
    precondition(argument == text, "a quoted argument does not survive the command line")
  }
}
