#if !FUZZING
  @testable import ShellCore
#endif

/// The command tokenizer on any line: it returns tokens or throws, and never traps.
enum TokenizerFuzz {
  static func run(_ bytes: [UInt8]) {
    let line = String(decoding: bytes, as: UTF8.self)
    _ = try? CommandTokenizer.tokens(line)
    _ = try? CommandTokenizer.restOfLine(Substring(line))
  }
}
