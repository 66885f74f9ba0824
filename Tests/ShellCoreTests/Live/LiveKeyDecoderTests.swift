import Testing

@testable import ShellCore

/// Raw terminal bytes to keys: controls, escape sequences, UTF-8, bracketed paste and bursts,
/// also when a read ends in the middle of one.
struct LiveKeyDecoderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let reads: [[UInt8]]
    let keys: [LiveKey]
    var testDescription: String { name }

    init(name: String, reads: [String], keys: [LiveKey]) {
      self.init(name: name, bytes: reads.map { Array($0.utf8) }, keys: keys)
    }

    init(name: String, bytes: [[UInt8]], keys: [LiveKey]) {
      self.name = name
      self.reads = bytes
      self.keys = keys
    }
  }

  static let cases: [Case] = [
    Case(name: "one character", reads: ["g"], keys: [.character("g")]),
    Case(
      name: "three characters in one read are typing", reads: ["ger"],
      keys: ["g", "e", "r"].map(LiveKey.character)),
    Case(name: "a burst of four is a paste", reads: ["germ"], keys: [.paste("germ")]),
    Case(name: "a burst ends at a control key", reads: ["germany\r"], keys: [.paste("germany"), .enter]),
    Case(name: "DEL and Ctrl-H are backspace", reads: ["\u{7F}\u{08}"], keys: [.backspace, .backspace]),
    Case(name: "Ctrl-U", reads: ["\u{15}"], keys: [.deleteLine]),
    Case(name: "CR and LF are Enter", reads: ["\r", "\n"], keys: [.enter, .enter]),
    Case(name: "Tab and Shift-Tab", reads: ["\t\u{1B}[Z"], keys: [.tab, .backTab]),
    Case(name: "arrows in both modes", reads: ["\u{1B}[A\u{1B}OB"], keys: [.up, .down]),
    Case(name: "Ctrl-O and Ctrl-C", reads: ["\u{0F}\u{03}"], keys: [.open, .interrupt]),
    Case(name: "unused sequences are dropped", reads: ["\u{1B}[C\u{1B}[3~x"], keys: [.character("x")]),
    Case(name: "a precomposed accent is one character", reads: ["é"], keys: [.character("é")]),
    Case(name: "an emoji is one character", reads: ["👍🏽"], keys: [.character("👍🏽")]),
    Case(name: "a sequence split across reads", reads: ["\u{1B}[", "A"], keys: [.up]),
    Case(
      name: "UTF-8 split across reads", bytes: [[0x61, 0xC3], [0xA9]],
      keys: [.character("a"), .character("é")]),
    Case(
      name: "bracketed paste keeps its line breaks", reads: ["\u{1B}[200~ab\ncd\u{1B}[201~x"],
      keys: [.paste("ab\ncd"), .character("x")]),
    Case(
      name: "bracketed paste across reads", reads: ["\u{1B}[200~Ger", "many\u{1B}[2", "01~"],
      keys: [.paste("Germany")]),
    Case(
      name: "Esc then a key that starts no sequence", reads: ["\u{1B}x"], keys: [.escape, .character("x")]),
  ]

  @Test(arguments: cases)
  func decodes(_ example: Case) {
    var decoder = LiveKeyDecoder()
    var keys: [LiveKey] = []
    for read in example.reads { keys += decoder.decode(read) }
    #expect(keys == example.keys)
    #expect(!decoder.hasPending)
  }

  @Test func aLoneEscIsHeldUntilNothingFollows() {
    var decoder = LiveKeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [.escape])
    #expect(!decoder.hasPending)
  }
}
