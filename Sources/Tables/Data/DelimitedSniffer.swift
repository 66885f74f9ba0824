/// Guesses from a file's first bytes how it is delimited: the separator, by how evenly it splits
/// the lines, and whether the first row names the columns, by how unlike the rows below it is.
enum DelimitedSniffer {
  /// The separators tried, in the order a tie is broken.
  static let candidates: [UInt8] = [ByteCodes.comma, ByteCodes.tab, UInt8(ascii: ";"), UInt8(ascii: "|")]
  /// Records sampled per guess.
  static let sampledRecords = 40

  /// The first records of a prefix, and the comment lines before them.
  struct Sample {
    /// The records, each its fields (quotes removed, escapes left as written).
    var records: [[String]] = []
    /// The last comment line before the first record, without its comment byte.
    var lastComment: String?
    /// Whether the first line of the input is a comment line.
    var startsWithComment = false
  }

  /// The first `limit` records of `prefix` split by `delimiter`, comment and blank lines left out.
  ///
  /// Quotes are respected when `quoting`. A record the prefix cuts short is dropped unless the
  /// prefix is the whole input.
  static func sample(
    _ prefix: UnsafeBufferPointer<UInt8>, delimiter: UInt8, quoting: Bool, comment: UInt8?, isWhole: Bool,
    limit: Int = sampledRecords
  ) -> Sample {
    var sample = Sample()
    var index = hasByteOrderMark(prefix) ? 3 : 0
    var isFirstLine = true
    while index < prefix.count, sample.records.count < limit {
      let byte = prefix[index]
      if byte == ByteCodes.lineFeed || byte == ByteCodes.carriageReturn {
        index += 1
        continue
      }
      if byte == comment {
        let end = lineEnd(prefix, from: index)
        if sample.records.isEmpty {
          sample.lastComment = String(
            decoding: UnsafeBufferPointer(rebasing: prefix[(index + 1)..<end]), as: UTF8.self)
        }
        if isFirstLine { sample.startsWithComment = true }
        isFirstLine = false
        index = end
        continue
      }
      isFirstLine = false
      let (fields, end, complete) = record(prefix, from: index, delimiter: delimiter, quoting: quoting)
      guard complete || isWhole else { break }
      sample.records.append(fields)
      index = end
    }
    return sample
  }

  /// The separator among `candidates` that splits the sampled lines most evenly into two fields
  /// or more, or nil when none does for at least `minimumRecords` records.
  ///
  /// Every record must have the separator; the field counts may differ by one (an optional last
  /// column, as tzdata's tables have), or nine in ten must agree, or none may pass the first's. `prose` guards text files:
  /// a comma followed by a space in most fields is a sentence's, not a separator.
  static func delimiter(
    _ prefix: UnsafeBufferPointer<UInt8>, isWhole: Bool, comment: UInt8?, candidates: [UInt8] = candidates,
    minimumRecords: Int, prose: Bool
  ) -> UInt8? {
    var best: (byte: UInt8, share: Double, fields: Int)?
    for candidate in candidates {
      let records = sample(
        prefix, delimiter: candidate, quoting: candidate != ByteCodes.tab, comment: comment, isWhole: isWhole
      ).records
      let counts = records.map(\.count)
      guard counts.count >= minimumRecords, let low = counts.min(), let high = counts.max(), low >= 2 else {
        continue
      }
      var tally: [Int: Int] = [:]
      for count in counts { tally[count, default: 0] += 1 }
      guard let mode = tally.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
      let share = Double(mode.value) / Double(counts.count)
      if high - low > 1, share < 0.9 {
        // Ragged rows shorter than the first (a CSV whose last columns are often left off) are
        // a table; tabs that leave empty fields in most lines align text (`/etc/services`).
        guard counts.first == high, candidate != ByteCodes.tab || !isAligned(records) else { continue }
      }
      if prose, candidate == ByteCodes.comma || candidate == UInt8(ascii: ";"), looksLikeProse(records) {
        continue
      }
      if let current = best, (current.share, current.fields) >= (share, mode.key) { continue }
      best = (candidate, share, mode.key)
    }
    return best?.byte
  }

  /// Whether most records have an empty field, as runs of tabs that align columns make.
  private static func isAligned(_ records: [[String]]) -> Bool {
    records.filter { $0.contains("") }.count * 2 > records.count
  }

  /// Whether most fields after the first start with a space, as a sentence's clauses do.
  private static func looksLikeProse(_ records: [[String]]) -> Bool {
    let later = records.flatMap { $0.dropFirst() }
    let spaced = later.filter { $0.first == " " }.count
    return spaced * 2 > later.count
  }

  /// Whether the first of `records` names the columns rather than being a row like the others.
  ///
  /// Each column votes (after Python's `csv.Sniffer.has_header`): where the cells below are all
  /// numbers or dates, a first cell that is one too says data, a word says header; a first cell
  /// found below says data; where the cells below (two or more) are all one length, a first cell
  /// of another length says header, and a code (no lowercase) over codes says data. A tie is
  /// `tie`, unless the first row has an empty or repeated name (then it is data). Nil when there
  /// is no row below the first to compare with.
  static func hasHeader(_ records: [[String]], tie: Bool = true) -> Bool? {
    guard let first = records.first, records.count >= 2 else { return nil }
    let below = records.dropFirst()
    var votes = 0
    for (column, name) in first.enumerated() {
      let cells = below.compactMap { $0.count > column ? $0[column] : nil }.filter { !isBlank($0) }
      guard !cells.isEmpty, !isBlank(name) else { continue }
      if cells.allSatisfy(isNumeric) {
        votes += isNumeric(name) ? -1 : 1
      } else if cells.contains(name) {
        votes -= 1
      } else if cells.count >= 2, let length = cells.first?.count, cells.allSatisfy({ $0.count == length }) {
        // Words of one length say little (`Fruit`, `Place`); codes (`AD`, `AE`) say data.
        if name.count != length {
          votes += 1
        } else if isCode(name), cells.allSatisfy(isCode) {
          votes -= 1
        }
      }
    }
    if votes != 0 { return votes > 0 }
    let named = first.map { $0.trimmingBlanks }
    let hasEmpty = named.contains("")
    let hasRepeat = Set(named).count < named.count
    return tie && !(hasEmpty || hasRepeat)
  }

  /// Whether `cell` is a number, a date or a time: digits with the signs and separators those use.
  static func isNumeric(_ cell: String) -> Bool {
    let scalars = cell.unicodeScalars.filter { !$0.properties.isWhitespace }
    guard scalars.contains(where: { $0.properties.numericType == .decimal }) else { return false }
    return scalars.allSatisfy { numericScalars.contains($0) }
  }

  /// Whether `cell` is a code such as `AD`, `DE,DK` or `+4230+00131`: something, and no lowercase.
  private static func isCode(_ cell: String) -> Bool {
    !cell.isEmpty && !cell.unicodeScalars.contains { $0.properties.isLowercase }
  }

  /// The characters of numbers, amounts, percentages, dates and times.
  private static let numericScalars = Set("0123456789+-.,:/%$€£_eETZ".unicodeScalars)

  /// Whether `cell` holds nothing but blanks.
  private static func isBlank(_ cell: String) -> Bool {
    cell.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  /// Whether `prefix` starts with a UTF-8 byte-order mark.
  static func hasByteOrderMark(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
    prefix.count >= 3 && prefix[0] == 0xEF && prefix[1] == 0xBB && prefix[2] == 0xBF
  }

  /// The position of the first CR or LF at or after `index`, or the end.
  private static func lineEnd(_ prefix: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var end = index
    while end < prefix.count, prefix[end] != ByteCodes.lineFeed, prefix[end] != ByteCodes.carriageReturn {
      end += 1
    }
    return end
  }

  /// The record starting at `start`: its fields, where it ends, and whether a line break ended it.
  private static func record(
    _ prefix: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8, quoting: Bool
  ) -> (fields: [String], end: Int, complete: Bool) {
    var fields: [String] = []
    var field: [UInt8] = []
    var index = start
    var inQuotes = false
    var atFieldStart = true
    while index < prefix.count {
      let byte = prefix[index]
      index += 1
      if inQuotes {
        if byte != ByteCodes.quote {
          field.append(byte)
        } else if index < prefix.count, prefix[index] == ByteCodes.quote {
          field.append(byte)
          index += 1
        } else {
          inQuotes = false
        }
        continue
      }
      if quoting, atFieldStart, byte == ByteCodes.quote {
        inQuotes = true
        atFieldStart = false
        continue
      }
      atFieldStart = false
      if byte == delimiter {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        atFieldStart = true
      } else if byte == ByteCodes.lineFeed || byte == ByteCodes.carriageReturn {
        fields.append(String(decoding: field, as: UTF8.self))
        return (fields, index - 1, true)
      } else {
        field.append(byte)
      }
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return (fields, index, false)
  }
}

extension String {
  /// The string without blanks at either end.
  fileprivate var trimmingBlanks: String {
    let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop {
      $0.properties.isWhitespace
    }
    return String(String.UnicodeScalarView(scalars.reversed()))
  }
}
