import Engine

/// The shell's fold (`TextFolding.foldForm`) as an IMMUTABLE PostgreSQL function, generated from it.
///
/// The fold is a per-scalar map once the text is in NFD (lowercasing has no context rules and
/// every mark that could reorder is dropped), so the function is: the server's `normalize(NFD)`,
/// ASCII lowercasing by `translate()` (never the database's locale), the marks deleted by
/// one regular expression, and the remaining scalars mapped by `translate()` lists and a few
/// `replace()`s, all computed here from `TextFolding` itself. `lower(unaccent())` differs from
/// the shell on Hangul, Cyrillic й, kana, ligatures, full-width forms and marks past U+0362;
/// this function needs no extension, no server file and no particular locale.
enum PostgresFold {
  /// The scalar-level map the function applies after NFD.
  struct Mapping: Sendable {
    /// Scalars deleted (nonspacing marks, and scalars whose NFD is marks only), as ranges.
    var deletions: [ClosedRange<UInt32>]
    /// One-to-one maps, in groups by code point (see `groupStarts`), each `translate()`d alone.
    var groups: [[(source: UInt32, target: UInt32)]]
    /// One-to-many maps (æ → ae, ß → ss, …).
    var expansions: [(source: UInt32, target: [UInt32])]

  }

  /// Where each `translate()` group starts: `translate()` scans its whole list for every
  /// character, so Latin, Greek and Cyrillic text each meet a short list (guarded by a test for
  /// the group's scalars) instead of all of them.
  static let groupStarts: [UInt32] = [0x80, 0x250, 0x370, 0x530, 0x2000, 0x10000]

  /// The map, as `PostgresFoldTables` stores it (computed from `TextFolding` by
  /// `computedMapping`; a test holds the two equal): computing it costs about a second of CPU,
  /// which every `load` of a PostgreSQL table would pay.
  static let mapping: Mapping = PostgresFoldTables.stored.mapping

  /// Whether a scalar may fold to something else: assigned, not a surrogate, not private use.
  static func isCandidate(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .unassigned, .surrogate, .privateUse: return false
    default: return true
    }
  }

  /// Sorted values as maximal ranges of consecutive values.
  static func ranges(_ values: [UInt32]) -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    for value in values {
      if let last = result.last, last.upperBound &+ 1 == value {
        result[result.count - 1] = last.lowerBound...value
      } else {
        result.append(value...value)
      }
    }
    return result
  }

  /// The body of the function: one SQL expression (`SELECT CASE …`), ASCII only, every other
  /// scalar a `\u` escape.
  ///
  /// A `LANGUAGE sql` function whose body is one expression, without `SET` or `STRICT`, is
  /// inlined by the planner: an index on it matches the inlined expression, and postgres_fdw can
  /// ship the built-ins it is made of to another server. Every function, operator, type and
  /// collation is schema-qualified instead of a pinned search_path: a schema placed before
  /// pg_catalog must never supply one (CVE-2018-1058).
  static let body: String = {
    let map = mapping
    // ASCII text (most rows) only needs lowercasing. Without a capital I, `lower()` under any
    // collation does exactly that (only Turkish and Azeri lowercase I otherwise), and is several
    // times faster than `translate()`; no COLLATE, so postgres_fdw can send it.
    let ascii = "pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) pg_catalog.char_length(t)"
    var cases = [
      "WHEN \(ascii) AND pg_catalog.strpos(t, 'I') OPERATOR(pg_catalog.=) 0 THEN pg_catalog.lower(t)",
      "WHEN \(ascii) THEN \(asciiLower("t"))",
    ]
    // Text none of whose scalars can bring a `translate()` source (most accented Latin, lowercase
    // Greek and Cyrillic, CJK, Hangul) needs no list at all.
    cases.append(
      "WHEN t OPERATOR(pg_catalog.!~) \(bracket(PostgresFoldTables.stored.translatedBy)) THEN \(chain(map, below: 0))"
    )
    for bound in scriptBounds {
      cases.append(
        "WHEN t OPERATOR(pg_catalog.!~) E'[^\\u0001-\(escape(bound - 1))]' THEN \(chain(map, below: bound))")
    }
    return "SELECT CASE \(cases.joined(separator: " ")) ELSE \(chain(map, below: nil)) END"
  }()

  /// `text` with its ASCII letters lowercased, as `lower()` under "C" does, but by `translate()`:
  /// an explicit `COLLATE` keeps postgres_fdw from sending the expression to a shard.
  static func asciiLower(_ text: String) -> String {
    "pg_catalog.translate(\(text), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
  }

  /// Texts whose scalars all lie below one of these bounds (Latin, then Greek and Cyrillic too)
  /// take a chain without the `translate()` lists they cannot reach: `translate()` scans its
  /// whole list for every character, and the function is one expression, so no list can be
  /// skipped by testing the text it has folded so far.
  static let scriptBounds: [UInt32] = [0x370, 0x530]

  /// The fold of `t` for texts whose scalars are all below `bound` (nil: any text; 0: texts
  /// without a scalar of `PostgresFoldTables.translatedBy`, which reach no group): NFD, ASCII
  /// lowercasing, marks deleted, then the `translate()` groups and `replace()`s that such a text
  /// can reach (its scalars' NFD, then what earlier maps produced), in the full chain's order.
  static func chain(_ map: Mapping, below bound: UInt32?) -> String {
    var reachable = Set<UInt32>()
    if let bound, bound > 0x80 {
      for value in UInt32(0x80)..<bound {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let text = String(String.UnicodeScalarView([scalar]))
        reachable.formUnion(text.decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value))
      }
    }
    var folded =
      "pg_catalog.regexp_replace(\(asciiLower("pg_catalog.normalize(t, 'NFD')")), \(bracket(map.deletions)), '', 'g')"
    for group in map.groups where !group.isEmpty {
      let reached = group.filter { reachable.contains($0.source) }
      if bound != nil, reached.isEmpty { continue }
      reachable.formUnion(reached.map(\.target))
      folded =
        "pg_catalog.translate(\(folded), \(literal(group.map(\.source))), \(literal(group.map(\.target))))"
    }
    for expansion in map.expansions where bound == nil || bound == 0 || reachable.contains(expansion.source) {
      reachable.formUnion(expansion.target)
      folded = "pg_catalog.replace(\(folded), \(literal([expansion.source])), \(literal(expansion.target)))"
    }
    return folded
  }

  /// A digest of `body` and of the indexed expression's shape (FNV-1a, 64 bits, hex): the
  /// function's version, kept in its comment and in the index's, so an index over another
  /// version's expression is built again.
  static let digest: String = {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (body + PostgresTable.foldedExpression(function: "f", title: "t")).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }()

  /// The comment the function carries, naming its version.
  static var comment: String { "SearchShell fold \(digest)" }

  /// `CREATE OR REPLACE FUNCTION` for the fold, under `name` (already a quoted identifier).
  static func createFunction(named name: String) -> [PostgresStatement] {
    [
      PostgresStatement(
        "CREATE OR REPLACE FUNCTION \(name)(t pg_catalog.text) RETURNS pg_catalog.text LANGUAGE sql "
          + "IMMUTABLE PARALLEL SAFE AS $searchshell$\n\(body)\n$searchshell$"),
      PostgresStatement("COMMENT ON FUNCTION \(name)(pg_catalog.text) IS '\(comment)'"),
    ]
  }

  /// An `E'…'` literal of `values`.
  static func literal(_ values: [UInt32]) -> String {
    "E'" + values.map(escape).joined() + "'"
  }

  /// An `E'[…]'` regular-expression bracket of `ranges`.
  static func bracket(_ ranges: [ClosedRange<UInt32>]) -> String {
    let items = ranges.map { range in
      range.count == 1 ? escape(range.lowerBound) : escape(range.lowerBound) + "-" + escape(range.upperBound)
    }
    return "E'[" + items.joined() + "]'"
  }

  /// One scalar inside an `E'…'` literal: ASCII letters and digits as they are, others escaped.
  static func escape(_ value: UInt32) -> String {
    let isPlain =
      (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    if isPlain, let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
    let hex = String(value, radix: 16, uppercase: true)
    if value <= 0xFFFF { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
    return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
  }
}
