import Engine

/// The engine's other text forms as SQL, generated from its own definitions (`TextFolding`):
/// what `exact`, `ci`, `smart` and `prefix` test on the server once the fold filter has found
/// the candidates.
///
/// `exact` compares NFC text, which is the server's `normalize(…, NFC)`. `ci` (lowercased NFC)
/// and `strip` (NFD without nonspacing marks, case kept) are functions built as the fold function
/// is (`PostgresFold`): one inlinable SQL expression of built-ins, the server's normalisation,
/// then a per-scalar map computed here from the engine's own case mapping and folds, never
/// `lower()` of non-ASCII text under the column's locale (which lowercases Σ at a word's end to
/// ς, İ to i, or only ASCII under "C"). `prepare` installs them in the table's schema beside the
/// fold function; an unprepared table's session creates them in `pg_temp`. No test names a
/// collation, so postgres_fdw sends them to the shards; a title column whose collation is
/// nondeterministic (where `LIKE` and regular expressions fail) is read under "C" (`Context`).
enum PostgresForms {
  /// A form the server computes with a function of the shell's.
  enum Form: CaseIterable, Sendable {
    /// `TextFolding.caseForm`: lowercased NFC (`ci`, accented `smart` terms).
    case lower
    /// `TextFolding.stripForm`: accents stripped, case kept (uppercase `smart` terms).
    case strip

    /// The function's name (in the table's schema, or `pg_temp`).
    var functionName: String {
      switch self {
      case .lower: "searchshell_case"
      case .strip: "searchshell_strip"
      }
    }
  }

  /// How one table's search spells the forms' tests: the functions computing them and how the
  /// title is read as text.
  struct Context: Equatable, Sendable {
    /// The `lower` form's function, quoted and schema-qualified.
    var lower = PostgresForms.temporary(.lower)
    /// The `strip` form's function, quoted and schema-qualified.
    var strip = PostgresForms.temporary(.strip)
    /// Whether the title column's collation is nondeterministic, so its text is read under "C".
    ///
    /// `LIKE`, `strpos()` and regular expressions fail under a nondeterministic collation; "C"
    /// compares scalar by scalar. Any other collation is left as it is: no test depends on it,
    /// and postgres_fdw sends no expression with an explicit `COLLATE` to a shard.
    var underC = false

    /// The function computing `form`.
    func function(_ form: Form) -> String { form == .lower ? lower : strip }

    /// The quoted title column as text, under "C" when its collation is nondeterministic.
    func text(_ title: String) -> String {
      "\(title)::pg_catalog.text" + (underC ? " COLLATE pg_catalog.\"C\"" : "")
    }
  }

  /// The session's temporary function computing `form`.
  static func temporary(_ form: Form) -> String { "pg_temp." + form.functionName }

  /// The title's text in `variant`'s form, as SQL over the quoted title column (NULL for a NULL
  /// title: the search SQL adds the NULL rows where the engine's empty text matches).
  static func expression(_ variant: TextVariant, title: String, folded: String, context: Context = Context())
    -> String
  {
    let text = context.text(title)
    switch variant {
    case .fold: return folded
    case .exact: return "pg_catalog.normalize(\(text), 'NFC')"
    case .ci: return "\(context.lower)(\(text))"
    case .strip: return "\(context.strip)(\(text))"
    }
  }

  /// The per-scalar map after the server's normalisation (NFC for `lower`, NFD for `strip`), as
  /// `PostgresForms+Stored.swift` stores it (computed from `TextFolding` by
  /// `computedMapping`; a test holds the two equal): computing it reads every scalar's
  /// properties, about a second of CPU on the first `ci` or `smart` search of each session.
  static func mapping(_ form: Form) -> PostgresFold.Mapping {
    form == .lower ? storedLower : storedStrip
  }

  /// `mapping(.lower)`, parsed (computed only if the stored text does not parse).
  private static let storedLower =
    PostgresFoldTables(parsing: storedLowerText)?.mapping ?? computedMapping(.lower)
  /// `mapping(.strip)`, likewise.
  private static let storedStrip =
    PostgresFoldTables(parsing: storedStripText)?.mapping ?? computedMapping(.strip)

  /// The body of `form`'s function, computed once (the map reads every scalar's properties).
  static func body(_ form: Form) -> String {
    form == .lower ? lowerBody : stripBody
  }

  /// `body(.lower)`.
  private static let lowerBody = makeBody(.lower)
  /// `body(.strip)`.
  private static let stripBody = makeBody(.strip)
  /// `comment(.lower)` and `comment(.strip)`.
  private static let comments = (makeComment(.lower), makeComment(.strip))

  /// The body of `form`'s function: one SQL expression (`SELECT CASE …`), ASCII only, every
  /// name schema-qualified (no `SET search_path`: CVE-2018-1058), no `COLLATE`, not `STRICT`, so
  /// the planner inlines it and postgres_fdw can send the built-ins it is made of.
  private static func makeBody(_ form: Form) -> String {
    let map = mapping(form)
    let ascii = "pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) pg_catalog.char_length(t)"
    switch form {
    case .lower:
      // ASCII text needs only lowercasing: `lower()` under any collation does that to a text
      // without a capital I (only Turkish and Azeri lowercase I otherwise), else `translate()`.
      var cases = [
        "WHEN \(ascii) AND pg_catalog.strpos(t, 'I') OPERATOR(pg_catalog.=) 0 THEN pg_catalog.lower(t)",
        "WHEN \(ascii) THEN \(PostgresFold.asciiLower("t"))",
      ]
      // `translate()` scans its whole list for each character: a text whose NFC holds no source
      // at or past a bound takes only the lists below it. No source at all (lowercase accents,
      // Hangul, CJK, kana: most text) takes none; then Latin's, then Greek's and Cyrillic's too.
      let sources = (map.groups.flatMap { $0.map(\.source) } + map.expansions.map(\.source)).sorted()
      for bound in [0] + PostgresFold.scriptBounds {
        cases.append(
          "WHEN pg_catalog.normalize(t, 'NFC') OPERATOR(pg_catalog.!~) "
            + "\(PostgresFold.bracket(PostgresFold.ranges(sources.filter { $0 >= bound }))) "
            + "THEN \(lowerChain(map, below: bound))")
      }
      return "SELECT CASE \(cases.joined(separator: " ")) ELSE \(lowerChain(map, below: nil)) END"
    case .strip:
      var stripped =
        "pg_catalog.regexp_replace(pg_catalog.normalize(t, 'NFD'), \(PostgresFold.bracket(map.deletions)), '', 'g')"
      for group in map.groups where !group.isEmpty {
        stripped =
          "pg_catalog.translate(\(stripped), \(PostgresFold.literal(group.map(\.source))), "
          + "\(PostgresFold.literal(group.map(\.target))))"
      }
      for expansion in map.expansions {
        stripped =
          "pg_catalog.replace(\(stripped), \(PostgresFold.literal([expansion.source])), "
          + "\(PostgresFold.literal(expansion.target)))"
      }
      return "SELECT CASE WHEN \(ascii) THEN t ELSE \(stripped) END"
    }
  }

  /// Lowercased NFC of `t` for texts whose NFC holds no source of the map at or past `bound`
  /// (nil: any text): NFC, ASCII
  /// lowercasing by `translate()`, the map's sources below the bound (a lowercase is never
  /// lowercased again, so one pass of each list is the whole map), then NFC again (a capital and
  /// a mark with no precomposed form may have a lowercase one: W and a ring above, ẘ).
  private static func lowerChain(_ map: PostgresFold.Mapping, below bound: UInt32?) -> String {
    var lowered = PostgresFold.asciiLower("pg_catalog.normalize(t, 'NFC')")
    for group in map.groups {
      let reached = group.filter { bound == nil || $0.source < bound ?? 0 }
      if reached.isEmpty { continue }
      lowered =
        "pg_catalog.translate(\(lowered), \(PostgresFold.literal(reached.map(\.source))), "
        + "\(PostgresFold.literal(reached.map(\.target))))"
    }
    for expansion in map.expansions where bound == nil || expansion.source < bound ?? 0 {
      lowered =
        "pg_catalog.replace(\(lowered), \(PostgresFold.literal([expansion.source])), "
        + "\(PostgresFold.literal(expansion.target)))"
    }
    return "pg_catalog.normalize(\(lowered), 'NFC')"
  }

  /// The comment naming the function's version (a digest of its body, as the fold's).
  static func comment(_ form: Form) -> String {
    form == .lower ? comments.0 : comments.1
  }

  /// `comment(form)`, computed.
  private static func makeComment(_ form: Form) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body(form).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return "SearchShell \(form.functionName) \(String(hash, radix: 16))"
  }

  /// Whether `comment` is one of the shell's on `form`'s function (any version).
  static func isOurs(_ comment: String?, _ form: Form) -> Bool {
    comment?.hasPrefix("SearchShell \(form.functionName) ") == true
  }

  /// `CREATE OR REPLACE FUNCTION` for `form` under `name` (quoted, schema-qualified: the table's
  /// schema, or `pg_temp`), with its comment.
  static func createFunction(_ form: Form, named name: String) -> [PostgresStatement] {
    [
      PostgresStatement(
        "CREATE OR REPLACE FUNCTION \(name)(t pg_catalog.text) RETURNS pg_catalog.text LANGUAGE sql "
          + "IMMUTABLE PARALLEL SAFE AS $searchshell$\n\(body(form))\n$searchshell$"),
      PostgresStatement("COMMENT ON FUNCTION \(name)(pg_catalog.text) IS '\(comment(form))'"),
    ]
  }

  /// The scalars the engine counts as word characters (`TextFolding.isWordScalar`), as ranges.
  static let wordRanges: [ClosedRange<UInt32>] = {
    var values: [UInt32] = []
    for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil && TextFolding.isWordScalar(value) {
      values.append(value)
    }
    return PostgresFold.ranges(values)
  }()

  /// An ARE pattern matching `needle` where the engine's `prefix` finds it: at the text's start
  /// or after a scalar that is not a word character (and at the start or end when anchored).
  static func wordStartPattern(_ needle: String, anchoredStart: Bool, anchoredEnd: Bool) -> String {
    let before =
      anchoredStart
      ? "^"
      : "(^|[^" + wordRanges.map { "\(regexEscaped($0.lowerBound))-\(regexEscaped($0.upperBound))" }.joined()
        + "])"
    return before + needle.unicodeScalars.map { regexEscaped($0.value) }.joined() + (anchoredEnd ? "$" : "")
  }

  /// One scalar as a literal inside an ARE (in or out of a bracket): ASCII letters and digits as
  /// they are, every other scalar as a `\u`/`\U` escape, which ARE reads as that scalar.
  static func regexEscaped(_ value: UInt32) -> String { PostgresFold.escape(value) }

}
