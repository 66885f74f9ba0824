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
    Case(name: "CR is Enter; LF, Ctrl-J, moves down as in fzf", reads: ["\r", "\n"], keys: [.enter, .down]),
    Case(name: "Ctrl-N and Ctrl-P, Ctrl-K", reads: ["\u{0E}\u{10}\u{0B}"], keys: [.down, .up, .up]),
    Case(
      name: "Ctrl-A, Ctrl-E, Ctrl-B, Ctrl-F", reads: ["\u{01}\u{05}\u{02}\u{06}"],
      keys: [.lineStart, .lineEnd, .left, .right]),
    Case(
      name: "Ctrl-W, Ctrl-D, Ctrl-L", reads: ["\u{17}\u{04}\u{0C}"],
      keys: [.unixWordRubout, .deleteOrQuit, .redraw]),
    Case(name: "Tab and Shift-Tab", reads: ["\t\u{1B}[Z"], keys: [.tab, .backTab]),
    Case(name: "arrows in both modes", reads: ["\u{1B}[A\u{1B}OB"], keys: [.up, .down]),
    Case(name: "Ctrl-O and Ctrl-C", reads: ["\u{0F}\u{03}"], keys: [.open, .interrupt]),
    Case(
      name: "unused sequences are dropped (Insert, PageUp, F1, Shift-Up)",
      reads: ["\u{1B}[2~\u{1B}[5~\u{1B}OP\u{1B}[1;2Ax"], keys: [.character("x")]),
    Case(name: "Esc and a letter that is no Alt key", reads: ["\u{1B}q"], keys: [.escape, .character("q")]),
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

  /// What each terminal sends for the editing keys (xterm in both cursor modes, tmux and the
  /// Linux console, rxvt), and the key it is.
  static let sequences: [(terminal: String, bytes: String, key: LiveKey)] = [
    ("xterm Home", "\u{1B}[H", .lineStart), ("xterm Home (application mode)", "\u{1B}OH", .lineStart),
    ("xterm End", "\u{1B}[F", .lineEnd), ("xterm End (application mode)", "\u{1B}OF", .lineEnd),
    ("tmux and Linux Home", "\u{1B}[1~", .lineStart), ("tmux and Linux End", "\u{1B}[4~", .lineEnd),
    ("rxvt Home", "\u{1B}[7~", .lineStart), ("rxvt End", "\u{1B}[8~", .lineEnd),
    ("Left", "\u{1B}[D", .left), ("Left (application mode)", "\u{1B}OD", .left),
    ("Right", "\u{1B}[C", .right), ("Right (application mode)", "\u{1B}OC", .right),
    ("xterm and tmux Ctrl-Left", "\u{1B}[1;5D", .wordLeft),
    ("xterm and tmux Ctrl-Right", "\u{1B}[1;5C", .wordRight),
    ("xterm Alt-Left", "\u{1B}[1;3D", .wordLeft), ("xterm Shift-Right", "\u{1B}[1;2C", .wordRight),
    ("old rxvt Ctrl-Left", "\u{1B}[5D", .wordLeft), ("rxvt Ctrl-Left", "\u{1B}Od", .wordLeft),
    ("rxvt Ctrl-Right", "\u{1B}Oc", .wordRight), ("rxvt Shift-Left", "\u{1B}[d", .wordLeft),
    ("rxvt Alt-Left", "\u{1B}\u{1B}[D", .wordLeft), ("rxvt Alt-Right", "\u{1B}\u{1B}[C", .wordRight),
    ("Delete", "\u{1B}[3~", .delete), ("Alt-b", "\u{1B}b", .wordLeft), ("Alt-f", "\u{1B}f", .wordRight),
    ("Alt-d", "\u{1B}d", .killWord), ("Alt-Backspace", "\u{1B}\u{7F}", .backwardKillWord),
    ("Alt-Ctrl-H", "\u{1B}\u{08}", .backwardKillWord), ("Shift-Tab", "\u{1B}[Z", .backTab),
  ]

  @Test(arguments: sequences.map { ($0.terminal, $0.bytes, $0.key) })
  func decodesTheTerminalsSequences(_ terminal: String, _ bytes: String, _ key: LiveKey) {
    var decoder = LiveKeyDecoder()
    #expect(decoder.decode(Array(bytes.utf8)) == [key], "\(terminal)")
    #expect(!decoder.hasPending)
    // Typed fast after other keys, still one key.
    #expect(decoder.decode(Array(("a" + bytes + "b").utf8)) == [.character("a"), key, .character("b")])
  }

  /// A read may end anywhere in a sequence: split at every byte, it is still the one key.
  @Test(arguments: sequences.map { ($0.terminal, $0.bytes, $0.key) })
  func decodesTheSequencesSplitAcrossReads(_ terminal: String, _ bytes: String, _ key: LiveKey) {
    let all = Array(bytes.utf8)
    for split in 1..<all.count {
      var decoder = LiveKeyDecoder()
      let keys = decoder.decode(Array(all[..<split])) + decoder.decode(Array(all[split...]))
      #expect(keys == [key], "\(terminal) split after \(split) bytes")
      #expect(!decoder.hasPending)
    }
  }

  @Test func aLoneEscIsHeldUntilNothingFollows() {
    var decoder = LiveKeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [.escape])
    #expect(!decoder.hasPending)
    // Two, in case they start rxvt's Alt-Left: two Esc keys when nothing follows.
    #expect(decoder.decode([0x1B, 0x1B]) == [])
    #expect(decoder.flushPending() == [.escape, .escape])
  }
}
