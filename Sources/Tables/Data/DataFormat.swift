/// The shapes of file `load` reads, chosen by extension, by `--format`, or by a look at the first bytes.
public enum DataFormat: String, CaseIterable, Sendable {
  /// One row per line, one column named `title`.
  case text
  /// RFC 4180 comma-separated values with a header row.
  case csv
  /// Tab-separated values with a header row; `\t`, `\n`, `\r`, `\\` and `\0` are escapes.
  case tsv
  /// A JSON array of strings (one column) or of objects (one column per key).
  case json
  /// One JSON value (a string or an object) per line.
  case jsonl

  /// The format an extension names, or nil for an extension that names none.
  package init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "txt", "text", "list", "lst": self = .text
    case "csv": self = .csv
    case "tsv", "tab": self = .tsv
    case "json": self = .json
    case "jsonl", "ndjson": self = .jsonl
    default: return nil
    }
  }

  /// The format a `--format` value names; `txt`, `ndjson` and the like are accepted too.
  package init?(name: String) {
    if let format = DataFormat(rawValue: name.lowercased()) {
      self = format
    } else if let format = DataFormat(fileExtension: name) {
      self = format
    } else {
      return nil
    }
  }

  /// The format of `path` by its extension, or nil when the extension is missing or unknown.
  ///
  /// A compressed file's extension is the one before `.gz` (`x.csv.gz` is CSV).
  package static func forPath(_ path: String) -> DataFormat? {
    guard let ext = fileExtension(of: path) else { return nil }
    return DataFormat(fileExtension: ext)
  }

  /// The extension of `path` (lowercased), the one before `.gz` for a compressed file; nil when none.
  package static func fileExtension(of path: String) -> String? {
    var name = Substring(path)
    if name.lowercased().hasSuffix(".gz") { name = name.dropLast(3) }
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
    return name[name.index(after: dot)...].lowercased()
  }

  /// A guess from the first bytes, for standard input and unknown extensions.
  ///
  /// Only JSON announces itself (`[` or `{`); CSV cannot be told from text reliably, so
  /// anything else is text and CSV on standard input needs `--format csv`. A `{` is JSON Lines
  /// when its object closes on its first line, and a JSON document when it runs past it (a
  /// pretty-printed object, `jq .`'s output), which JSON Lines would read as one row.
  static func sniff(_ prefix: UnsafeBufferPointer<UInt8>) -> DataFormat {
    var index = 0
    // Skip a byte-order mark and leading whitespace.
    if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { index = 3 }
    while index < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[index]) { index += 1 }
    guard index < prefix.count else { return .text }
    switch prefix[index] {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"): return closesOnItsLine(prefix[index...]) ? .jsonl : .json
    default: return .text
    }
  }

  /// Whether the JSON value starting `bytes` closes before the first line break outside a
  /// string; true when the prefix ends first (a longer line than the prefix is one record).
  private static func closesOnItsLine(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    var (depth, inString, escaped) = (0, false, false)
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return true }
      case 0x0A, 0x0D: return false
      default: break
      }
    }
    return true
  }
}
