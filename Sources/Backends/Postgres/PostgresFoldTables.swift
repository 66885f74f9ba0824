/// The fold's scalar tables, read from the text `PostgresFoldTables+Stored.swift` holds: the
/// fold function's `translate()` lists are computed from every Unicode scalar (about a second of
/// CPU), which each `load` of a PostgreSQL table would otherwise pay.
///
/// The text is whitespace-separated hex tokens: `D:LO-HI` a deleted range, `G<i>:S:T` scalar S
/// mapped to T in `translate()` group i, `E:S:T1,T2,…` scalar S expanded, `T:LO-HI` a range of
/// scalars whose NFD holds a `translate()` source. A range of one is written `LO`.
struct PostgresFoldTables: Sendable {
  /// The scalar map the fold function applies after NFD.
  var mapping: PostgresFold.Mapping
  /// The scalars whose NFD holds a `translate()` source, as ranges.
  var translatedBy: [ClosedRange<UInt32>]

  /// The stored tables; computed again only if the stored text does not parse (a test holds it
  /// parsing, and equal to the computation).
  static let stored: PostgresFoldTables = PostgresFoldTables(parsing: storedText) ?? computed()

  /// The tables computed from `TextFolding`.
  static func computed() -> PostgresFoldTables {
    let mapping = PostgresFold.computedMapping()
    return PostgresFoldTables(mapping: mapping, translatedBy: PostgresFold.computedTranslatedBy(mapping))
  }

  /// The tables `text` holds; nil when a token is malformed.
  init?(parsing text: String) {
    var mapping = PostgresFold.Mapping(
      deletions: [], groups: Array(repeating: [], count: PostgresFold.groupStarts.count), expansions: [])
    var translatedBy: [ClosedRange<UInt32>] = []
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let parts = token.split(separator: ":", omittingEmptySubsequences: false)
      guard let kind = parts.first, kind.count >= 1 else { return nil }
      switch (kind.first, parts.count) {
      case ("D", 2):
        guard kind.count == 1, let range = Self.range(parts[1]) else { return nil }
        mapping.deletions.append(range)
      case ("T", 2):
        guard kind.count == 1, let range = Self.range(parts[1]) else { return nil }
        translatedBy.append(range)
      case ("G", 3):
        guard let group = Int(kind.dropFirst()), mapping.groups.indices.contains(group),
          let source = UInt32(parts[1], radix: 16), let target = UInt32(parts[2], radix: 16)
        else { return nil }
        mapping.groups[group].append((source, target))
      case ("E", 3):
        let targets = parts[2].split(separator: ",", omittingEmptySubsequences: false).map {
          UInt32($0, radix: 16)
        }
        guard kind.count == 1, let source = UInt32(parts[1], radix: 16), !targets.isEmpty,
          !targets.contains(nil)
        else { return nil }
        mapping.expansions.append((source, targets.compactMap { $0 }))
      default:
        return nil
      }
    }
    self.init(mapping: mapping, translatedBy: translatedBy)
  }

  /// The tables with `mapping` and `translatedBy`.
  init(mapping: PostgresFold.Mapping, translatedBy: [ClosedRange<UInt32>]) {
    self.mapping = mapping
    self.translatedBy = translatedBy
  }

  /// The tables as text, in lines of at most `width` characters (what `init(parsing:)` reads).
  func text(width: Int = 96) -> String {
    func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
    func range(_ range: ClosedRange<UInt32>) -> String {
      range.count == 1 ? hex(range.lowerBound) : hex(range.lowerBound) + "-" + hex(range.upperBound)
    }
    var tokens = mapping.deletions.map { "D:" + range($0) }
    for (index, group) in mapping.groups.enumerated() {
      tokens += group.map { "G\(index):\(hex($0.source)):\(hex($0.target))" }
    }
    tokens += mapping.expansions.map { "E:\(hex($0.source)):" + $0.target.map(hex).joined(separator: ",") }
    tokens += translatedBy.map { "T:" + range($0) }
    var lines: [String] = []
    var line = ""
    for token in tokens {
      if !line.isEmpty && line.count + 1 + token.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? token : " " + token
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// `LO-HI` or `LO` in hex; nil when malformed or reversed.
  private static func range(_ token: Substring) -> ClosedRange<UInt32>? {
    let bounds = token.split(separator: "-", omittingEmptySubsequences: false).map { UInt32($0, radix: 16) }
    guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, bounds.count <= 2, low <= high else {
      return nil
    }
    return low...high
  }
}
