/// The escape sequences of xterm, tmux, rxvt and the Linux console that name live mode's keys.
extension LiveKeyDecoder {
  /// The key that Alt and `byte` make, where the terminal sends Alt as an Esc before the key.
  static func altKey(_ byte: UInt8) -> LiveKey? {
    switch byte {
    case UInt8(ascii: "b"): .wordLeft
    case UInt8(ascii: "f"): .wordRight
    case UInt8(ascii: "d"): .killWord
    case 0x7F, 0x08: .backwardKillWord
    default: nil
    }
  }

  /// The key a CSI or SS3 sequence names by its final byte and parameters, or nil for one live
  /// mode ignores.
  ///
  /// `ESC [ 1 ; 5 D` is Ctrl-Left (the parameter after `;` is the modifier: 2 Shift, 3 Alt,
  /// 5 Ctrl); a modified Left or Right moves by words, as fzf's Shift-Left and readline's
  /// Ctrl-Left. rxvt sends Ctrl-Left as `ESC O d` and Shift-Left as `ESC [ d`.
  static func sequenceKey(final: UInt8, parameters: String) -> LiveKey? {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    if final == UInt8(ascii: "~") {
      // VT220 keys: `ESC [ N ~`, no modifier.
      guard numbers.count == 1, let code = numbers[0] else { return nil }
      switch code {
      case 1, 7: return .lineStart
      case 4, 8: return .lineEnd
      case 3: return .delete
      default: return nil
      }
    }
    // `ESC [ D`, `ESC [ 1 ; M D`, or rxvt's older `ESC [ M D`.
    let modifier: Int?
    switch numbers.count {
    case 1 where parameters.isEmpty: modifier = 1
    case 1: modifier = numbers[0]
    case 2 where numbers[0] == 1: modifier = numbers[1]
    default: modifier = nil
    }
    guard let modifier else { return nil }
    let plain = modifier == 1
    switch Unicode.Scalar(final) {
    case "A": return plain ? .up : nil
    case "B": return plain ? .down : nil
    case "C": return plain ? .right : .wordRight
    case "D": return plain ? .left : .wordLeft
    case "H": return plain ? .lineStart : nil
    case "F": return plain ? .lineEnd : nil
    case "Z": return plain ? .backTab : nil
    case "c": return plain ? .wordRight : nil
    case "d": return plain ? .wordLeft : nil
    default: return nil
    }
  }
}
