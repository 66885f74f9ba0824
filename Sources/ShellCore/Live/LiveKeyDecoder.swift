/// Turns the bytes a raw-mode terminal sends into `LiveKey`s.
///
/// A read can end in the middle of an escape sequence, a UTF-8 character or a bracketed paste,
/// so the decoder keeps the unfinished tail for the next read. Printable characters that
/// arrive in one read beyond `burstLength` are a paste: no one types that fast, and terminals
/// without bracketed paste deliver a paste as one burst.
public struct LiveKeyDecoder: Sendable {
  /// How many printable characters in one read make a paste rather than typing.
  public var burstLength: Int
  private var pending: [UInt8] = []
  private var pasteBuffer: [UInt8]?

  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  public init(burstLength: Int = 4) {
    self.burstLength = burstLength
  }

  /// Whether bytes are held back waiting for the rest of a sequence.
  public var hasPending: Bool { !pending.isEmpty || pasteBuffer != nil }

  /// The keys in `bytes` (one read), holding back an unfinished sequence.
  public mutating func decode(_ bytes: [UInt8]) -> [LiveKey] {
    var input = pending + bytes
    pending = []
    var keys: [LiveKey] = []
    var typed: [UInt8] = []
    var index = 0

    func flushTyped() {
      guard !typed.isEmpty else { return }
      let characters = String(decoding: typed, as: UTF8.self).map(String.init)
      typed = []
      keys.append(contentsOf: characters.map(LiveKey.character))
    }

    while index < input.count {
      if var paste = pasteBuffer {
        if let end = Self.find(Self.pasteEnd, in: input, from: index) {
          paste += input[index..<end]
          pasteBuffer = nil
          keys.append(.paste(String(decoding: paste, as: UTF8.self)))
          index = end + Self.pasteEnd.count
        } else {
          // Keep a possible partial end marker for the next read.
          let keep = min(Self.pasteEnd.count - 1, input.count - index)
          paste += input[index..<(input.count - keep)]
          pasteBuffer = paste
          pending = Array(input[(input.count - keep)...])
          index = input.count
        }
        continue
      }
      let byte = input[index]
      switch byte {
      case 0x1B:
        flushTyped()
        guard let (key, length) = Self.escapeSequence(input, at: index) else {
          pending = Array(input[index...])
          index = input.count
          continue
        }
        if length == Self.pasteStart.count, Array(input[index..<index + length]) == Self.pasteStart {
          pasteBuffer = []
        } else if let key {
          keys.append(key)
        }
        index += length
      case 0x20..<0x7F, 0x80...0xFF:
        let length = Self.utf8Length(byte)
        guard index + length <= input.count else {
          flushTyped()
          pending = Array(input[index...])
          index = input.count
          continue
        }
        typed += input[index..<index + length]
        index += length
      default:
        flushTyped()
        if let key = Self.controlKey(byte) { keys.append(key) }
        index += 1
      }
    }
    flushTyped()
    input = []
    return Self.mergingBursts(keys, burstLength: burstLength)
  }

  /// A lone Esc (or two) held back in case a sequence followed: when nothing came, it was the
  /// Esc key.
  public mutating func flushPending() -> [LiveKey] {
    let escapes = pending.allSatisfy { $0 == 0x1B } ? pending.count : 0
    pending = []
    if let paste = pasteBuffer {
      pasteBuffer = nil
      return [.paste(String(decoding: paste, as: UTF8.self))]
    }
    return Array(repeating: .escape, count: escapes)
  }

  /// Runs of `burstLength` or more characters from one read become one paste.
  static func mergingBursts(_ keys: [LiveKey], burstLength: Int) -> [LiveKey] {
    var result: [LiveKey] = []
    var run: [String] = []
    func endRun() {
      if run.count >= burstLength {
        result.append(.paste(run.joined()))
      } else {
        result.append(contentsOf: run.map(LiveKey.character))
      }
      run = []
    }
    for key in keys {
      if case .character(let text) = key {
        run.append(text)
      } else {
        endRun()
        result.append(key)
      }
    }
    endRun()
    return result
  }

  /// The key an escape sequence at `index` names, and its length.
  ///
  /// The key is nil for a sequence live mode ignores; the result is nil when the sequence is
  /// unfinished (a lone Esc at the end is held back).
  static func escapeSequence(_ input: [UInt8], at index: Int) -> (key: LiveKey?, length: Int)? {
    guard index + 1 < input.count else { return nil }
    let next = input[index + 1]
    // Esc Esc at the end may be rxvt's Alt-Left cut by the read: held back like a lone Esc.
    if next == 0x1B, index + 2 == input.count { return nil }
    if next == 0x1B, Self.startsSequence(input[index + 2]) {
      // rxvt's Alt-Left and Alt-Right: Esc before the arrow's own sequence.
      guard let (key, length) = Self.escapeSequence(input, at: index + 1) else { return nil }
      switch key {
      case .left?: return (.wordLeft, length + 1)
      case .right?: return (.wordRight, length + 1)
      default: return (.escape, 1)
      }
    }
    guard Self.startsSequence(next) else {
      // Alt-B, Alt-F, Alt-D and Alt-Backspace come as Esc and the key; after any other key
      // the Esc was the Esc key, then that key.
      if let key = Self.altKey(next) { return (key, 2) }
      return (.escape, 1)
    }
    var end = index + 2
    while end < input.count {
      let byte = input[end]
      if (0x40...0x7E).contains(byte) {
        let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
        return (Self.sequenceKey(final: byte, parameters: parameters), end - index + 1)
      }
      end += 1
    }
    return nil
  }

  /// Whether `byte` after Esc starts a CSI (`[`) or SS3 (`O`) sequence.
  static func startsSequence(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O")
  }

  /// The key a C0 control byte is: fzf's bindings (Ctrl-J and Ctrl-K move, CR is Enter).
  static func controlKey(_ byte: UInt8) -> LiveKey? {
    switch byte {
    case 0x01: return .lineStart
    case 0x02: return .left
    case 0x03: return .interrupt
    case 0x04: return .deleteOrQuit
    case 0x05: return .lineEnd
    case 0x06: return .right
    case 0x08, 0x7F: return .backspace
    case 0x09: return .tab
    case 0x0A, 0x0E: return .down
    case 0x0B, 0x10: return .up
    case 0x0C: return .redraw
    case 0x0D: return .enter
    case 0x0F: return .open
    case 0x15: return .deleteLine
    case 0x17: return .unixWordRubout
    default: return nil
    }
  }

  /// The length of the UTF-8 sequence that `lead` starts (1 for a stray continuation byte).
  static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC0...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF7: return 4
    default: return 1
    }
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count - start >= needle.count else { return nil }
    for offset in start...(haystack.count - needle.count)
    where haystack[offset] == needle[0] && Array(haystack[offset..<offset + needle.count]) == needle {
      return offset
    }
    return nil
  }
}
