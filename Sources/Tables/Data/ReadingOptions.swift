/// How a delimited file is read when the user says: `--delimiter`, `--header` and `--comment`.
package struct ReadingOptions: Equatable, Sendable {
  /// The field separator; nil takes the format's, or sniffs it.
  package var delimiter: UInt8?
  /// Whether the first row names the columns.
  package var header = HeaderMode.auto
  /// The byte that starts a comment line; nil skips none, except the `#` lines of a tab table.
  package var comment: UInt8?

  /// The defaults: every choice sniffed.
  package init(delimiter: UInt8? = nil, header: HeaderMode = .auto, comment: UInt8? = nil) {
    self.delimiter = delimiter
    self.header = header
    self.comment = comment
  }

  /// Whether any option differs from the default.
  package var isDefault: Bool { self == ReadingOptions() }

  /// The first option given that `format` cannot honour (`--comment` works on text too), or nil.
  package func unusable(by format: DataFormat) -> String? {
    guard !format.isDelimited else { return nil }
    if delimiter != nil { return "--delimiter" }
    if header != .auto { return "--header" }
    return comment != nil && format != .text ? "--comment" : nil
  }

  /// The delimiter words `--delimiter` takes besides a single byte, with their bytes.
  package static let delimiterWords: [(word: String, byte: UInt8)] = [
    ("comma", ByteCodes.comma), ("semicolon", UInt8(ascii: ";")), ("tab", ByteCodes.tab),
    ("pipe", UInt8(ascii: "|")), ("space", UInt8(ascii: " ")),
  ]

  /// The byte a `--delimiter` or `--comment` value names: one byte (`;`, `|`), `\t`, or a word
  /// (`tab`, `comma`, …); nil for anything else, or for a byte that cannot separate fields (a
  /// line break, a quote, NUL).
  package static func byte(named value: String) -> UInt8? {
    if value == "\\t" { return ByteCodes.tab }
    if let word = delimiterWords.first(where: { $0.word == value.lowercased() }) { return word.byte }
    let bytes = Array(value.utf8)
    guard bytes.count == 1, let byte = bytes.first else { return nil }
    let refused = [0, ByteCodes.lineFeed, ByteCodes.carriageReturn, ByteCodes.quote]
    return refused.contains(byte) ? nil : byte
  }

  /// A byte as the user reads it: `'\t'`, `' '`, `';'`; a control byte in hexadecimal.
  package static func describe(_ byte: UInt8) -> String {
    switch byte {
    case ByteCodes.tab: return "tab"
    case UInt8(ascii: " "): return "space"
    case 0x21...0x7E: return "'" + String(UnicodeScalar(byte)) + "'"
    default: return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
  }
}

/// `--header`: whether the first row of a delimited file names its columns.
package enum HeaderMode: String, CaseIterable, Sendable {
  /// Sniffed: a first row that looks like the rows below it is data.
  case auto
  /// The first row names the columns.
  case yes
  /// Every row is data; the columns are named `1`, `2`, ….
  case none
}
