import Engine
import Foundation

/// The engine's other text forms as SQL, generated from its own definitions (`TextFolding`):
/// what `exact`, `ci`, `smart` and `prefix` test on the server once the fold filter has found
/// the candidates.
///
/// `exact` compares NFC text, which is the server's `normalize(…, NFC)`. `ci` (lowercased NFC)
/// and `strip` (NFD without nonspacing marks, case kept) are temporary functions built as the
/// fold function is (`PostgresFold`): the server normalises, then a per-scalar map computed here
/// from the engine's own case mapping and folds, never `lower()` under the database's locale
/// (which lowercases Σ at a word's end to ς, İ to i, or only ASCII under "C"). Every test runs
/// under `COLLATE "C"`: scalar by scalar, whatever collation the title column has.
enum PostgresForms {
  /// A form the server computes with a function of the shell's.
  enum Form: CaseIterable, Sendable {
    /// `TextFolding.caseForm`: lowercased NFC (`ci`, accented `smart` terms).
    case lower
    /// `TextFolding.stripForm`: accents stripped, case kept (uppercase `smart` terms).
    case strip

    /// The function's name in `pg_temp`.
    var functionName: String {
      switch self {
      case .lower: "searchshell_case"
      case .strip: "searchshell_strip"
      }
    }
  }

  /// The qualified function computing `form` (created by `createFunction` in `pg_temp`).
  static func function(_ form: Form) -> String { "pg_temp." + form.functionName }

  /// The title's text in `variant`'s form, as SQL over the quoted title column (NULL as empty).
  static func expression(_ variant: TextVariant, title: String, folded: String) -> String {
    let text = "COALESCE(\(title)::pg_catalog.text, '')"
    switch variant {
    case .fold: return folded
    case .exact: return "pg_catalog.normalize(\(text), 'NFC')"
    case .ci: return "\(function(.lower))(\(text))"
    case .strip: return "\(function(.strip))(\(text))"
    }
  }

  /// The per-scalar map after the server's normalisation (NFC for `lower`, NFD for `strip`).
  static func mapping(_ form: Form) -> PostgresFold.Mapping {
    var deleted: [UInt32] = []
    var groups = [[(source: UInt32, target: UInt32)]](repeating: [], count: PostgresFold.groupStarts.count)
    var expansions: [(source: UInt32, target: [UInt32])] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), PostgresFold.isCandidate(scalar), mayChange(scalar, form)
      else {
        continue
      }
      let text = String(String.UnicodeScalarView([scalar]))
      let normalized =
        form == .lower
        ? text.precomposedStringWithCanonicalMapping : text.decomposedStringWithCanonicalMapping
      // A scalar the server's normalisation replaces never reaches the map.
      guard normalized.unicodeScalars.elementsEqual([scalar]) else { continue }
      let mapped =
        (form == .lower ? TextFolding.caseForm(text) : TextFolding.stripForm(text)).unicodeScalars.map(
          \.value)
      if mapped == [value] { continue }
      if mapped.isEmpty {
        deleted.append(value)
      } else if mapped.count == 1, let group = PostgresFold.groupStarts.lastIndex(where: { $0 <= value }) {
        groups[group].append((value, mapped[0]))
      } else {
        expansions.append((value, mapped))
      }
    }
    return PostgresFold.Mapping(
      deletions: PostgresFold.ranges(deleted), groups: groups, expansions: expansions)
  }

  /// Whether `form` may map `scalar` to something else (a quick test before the exact one): the
  /// engine's forms change only scalars with a lowercase, marks, and its few extra folds.
  private static func mayChange(_ scalar: Unicode.Scalar, _ form: Form) -> Bool {
    switch form {
    case .lower: scalar.properties.changesWhenLowercased
    case .strip: scalar.properties.generalCategory == .nonspacingMark || TextFolding.casedFolds[scalar] != nil
    }
  }

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

  /// The body of `form`'s function (PL/pgSQL, ASCII only), every name schema-qualified.
  private static func makeBody(_ form: Form) -> String {
    let map = mapping(form)
    let ascii = "pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) pg_catalog.char_length(t)"
    let collateC = "COLLATE pg_catalog.\"C\""
    var lines = ["DECLARE s pg_catalog.text;", "BEGIN"]
    switch form {
    case .lower:
      // Lowercasing NFC text scalar by scalar and composing again is the engine's caseForm:
      // its lowercasing has no context rules (Σ is σ everywhere).
      lines += [
        "  IF \(ascii) THEN RETURN pg_catalog.lower(t \(collateC)); END IF;",
        "  s := pg_catalog.lower(pg_catalog.normalize(t, 'NFC') \(collateC));",
      ]
    case .strip:
      lines += [
        "  IF \(ascii) THEN RETURN t; END IF;",
        "  s := pg_catalog.regexp_replace(pg_catalog.normalize(t, 'NFD') \(collateC), "
          + "\(PostgresFold.bracket(map.deletions)), '', 'g');",
      ]
    }
    for group in map.groups where !group.isEmpty {
      let sources = group.map(\.source)
      lines.append(
        "  IF s OPERATOR(pg_catalog.~) \(PostgresFold.bracket(sources.map { $0...$0 })) THEN "
          + "s := pg_catalog.translate(s, \(PostgresFold.literal(sources)), "
          + "\(PostgresFold.literal(group.map(\.target)))); END IF;")
    }
    for expansion in map.expansions {
      lines.append(
        "  s := pg_catalog.replace(s, \(PostgresFold.literal([expansion.source])), "
          + "\(PostgresFold.literal(expansion.target)));")
    }
    lines += [form == .lower ? "  RETURN pg_catalog.normalize(s, 'NFC');" : "  RETURN s;", "END"]
    return lines.joined(separator: "\n")
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
    return "SearchShell \(form.functionName) \(String(hash, radix: 16)) pinned"
  }

  /// The `SET` clause each form's function carries: only pg_catalog and then the session's
  /// temporary schema are searched inside it, whatever the role, database or URL sets.
  static let pinnedSearchPath = "SET search_path = pg_catalog, pg_temp"

  /// `CREATE OR REPLACE FUNCTION` for `form` in `pg_temp`, with its comment.
  static func createFunction(_ form: Form) -> [PostgresStatement] {
    let name = function(form)
    return [
      PostgresStatement(
        "CREATE OR REPLACE FUNCTION \(name)(t pg_catalog.text) RETURNS pg_catalog.text LANGUAGE plpgsql "
          + "IMMUTABLE STRICT PARALLEL SAFE \(pinnedSearchPath) AS $searchshell$\n"
          + "\(body(form))\n$searchshell$"),
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
