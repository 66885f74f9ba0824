/// Makes text safe to print: control characters and escape sequences are shown escaped, so
/// neither a file, a token nor a name can drive the user's terminal.
///
/// `printable` is for text from outside (data, tokens, paths); `terminalSafe` is the last
/// line of defence every console line passes, which keeps only the shell's own colours.
public enum Sanitizer {
  /// How many characters of a token an error message shows before an ellipsis.
  static let tokenLimit = 80

  /// `text` with C0, DEL and C1 control characters, and the bidirectional controls, written as
  /// visible escapes.
  public static func printable(_ text: String) -> String {
    guard mayContainControl(text) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { append(scalar, to: &result) }
    return result
  }

  /// `text` cut to `limit` Unicode scalars (an ellipsis marks the cut), then made printable.
  ///
  /// Scalars, not Characters: one Character can hold a base and a million combining marks.
  package static func bounded(_ text: String, limit: Int = tokenLimit) -> String {
    var scalars = text.unicodeScalars.prefix(limit + 1)
    guard scalars.count > limit else { return printable(text) }
    scalars = scalars.prefix(limit)
    return printable(String(String.UnicodeScalarView(scalars))) + "…"
  }

  /// A token as an error message shows it: bounded, printable, in single quotes.
  public static func quoted(_ token: String) -> String {
    "'" + bounded(token) + "'"
  }

  /// One console line as the terminal may receive it: every control character escaped but
  /// newlines, tabs and, when `keepingStyle`, the SGR colour sequences `TextStyle` writes.
  public static func terminalSafe(_ line: String, keepingStyle: Bool = false) -> String {
    guard mayContainControl(line) else { return line }
    var result = ""
    let scalars = Array(line.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\n" || scalar == "\t" {
        result.unicodeScalars.append(scalar)
      } else if scalar == "\u{1B}", keepingStyle, let end = styleEnd(scalars, from: index) {
        result.unicodeScalars.append(contentsOf: scalars[index..<end])
        index = end
        continue
      } else {
        append(scalar, to: &result)
      }
      index += 1
    }
    return result
  }

  /// Whether `scalar` is a C0 control, DEL, a C1 control or a bidirectional control.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
      || isBidiControl(scalar.value)
  }

  /// The bidirectional controls (ALM, LRM, RLM, the embeddings, overrides and isolates): a row
  /// holding U+202E would show the rest of its line, and the screen's, reversed.
  private static func isBidiControl(_ value: UInt32) -> Bool {
    value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// A quick look at the bytes: C1 controls are encoded as 0xC2 0x80-0x9F and the bidi controls
  /// start with 0xD8 or 0xE2, so a text with none of those bytes, no byte below 0x20 and no 0x7F
  /// has no control character.
  private static func mayContainControl(_ text: String) -> Bool {
    text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
  }

  private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
    guard isControl(scalar) else {
      result.unicodeScalars.append(scalar)
      return
    }
    switch scalar {
    case "\u{1B}": result += "\\e"
    case "\t": result += "\\t"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
    }
  }

  /// The end of the SGR sequence `ESC [ codes m` at `start`, when its codes are ones
  /// `TextStyle` writes; nil for any other sequence.
  private static func styleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    let open = start + 1
    guard open < scalars.count, scalars[open] == "[" else { return nil }
    var codes = ""
    var index = open + 1
    // The longest code TextStyle writes is a few characters; a longer run is not ours.
    while index < scalars.count, index - open <= 16 {
      let scalar = scalars[index]
      if scalar == "m" { return TextStyle.codes.contains(codes) ? index + 1 : nil }
      guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
      codes.unicodeScalars.append(scalar)
      index += 1
    }
    return nil
  }
}
