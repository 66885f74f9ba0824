import Engine
import Tables

/// libpq's keyword/value connection strings (`host=/var/run/postgresql dbname=shop table=items`),
/// read wherever a URL is, with the shell's own `table`, `title`, `scope` and `order` keywords.
///
/// Split the way libpq's `conninfo_parse` splits: `key = value` pairs separated by blanks, a
/// value in single quotes may hold blanks, and a backslash escapes the next character. The
/// password stays in `connectionString` only; `display` is the string without its pair.
extension PostgresURL {
  /// The keywords that make a text a connection string when it starts with one of them.
  static let keywords: Set<String> = [
    "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
    "options", "application_name", "connect_timeout", "target_session_attrs", "sslrootcert",
    "sslcert", "sslkey", "channel_binding", "gssencmode", "krbsrvname", "load_balance_hosts",
  ]

  /// Whether `text` reads as a keyword/value connection string: its first word is `KEY=` with a
  /// libpq keyword or one of the shell's.
  static func isKeywordValue(_ text: String) -> Bool {
    let scalars = text.unicodeScalars.drop { $0 == " " || $0 == "\t" }
    let key = scalars.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
    guard key.count < scalars.count else { return false }
    let name = String(String.UnicodeScalarView(key))
    let rest = scalars.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
    return rest.first == "=" && (keywords.contains(name) || ShellParameter(rawValue: name) != nil)
  }

  /// Reads a keyword/value connection string; throws `invalidDatabaseURL` for one that cannot
  /// be read (a key without `=`, an unterminated quote, a shell keyword given twice or empty).
  init(keywordValue text: String) throws(BackendError) {
    let pairs = try Self.keywordPairs(text)
    var parameters: [ShellParameter: String] = [:]
    var kept: [(key: String, value: String)] = []
    for pair in pairs {
      guard let parameter = ShellParameter(rawValue: pair.key) else {
        kept.append(pair)
        continue
      }
      let shown = Self.keywordString(kept.filter { $0.key != "password" })
      guard parameters[parameter] == nil else {
        throw .invalidDatabaseURL(shown, reason: "'\(pair.key)' is given twice")
      }
      guard !pair.value.isEmpty else { throw .invalidDatabaseURL(shown, reason: "'\(pair.key)' is empty") }
      parameters[parameter] = pair.value
    }
    let shellPairs = ShellParameter.allCases.compactMap { parameter in
      parameters[parameter].map { (key: parameter.rawValue, value: $0) }
    }
    let named = Dictionary(kept, uniquingKeysWith: { _, last in last })
    self.init(
      connectionString: Self.keywordString(kept),
      display: Self.keywordString(kept.filter { $0.key != "password" } + shellPairs),
      parameters: parameters, host: named["host"], database: named["dbname"], user: named["user"],
      secrets: kept.filter { $0.key == "password" && !$0.value.isEmpty }.map(\.value))
  }

  /// `pairs` as a connection string, every value quoted (quotes and backslashes escaped).
  static func keywordString(_ pairs: [(key: String, value: String)]) -> String {
    pairs.map { pair in
      var value = String.UnicodeScalarView()
      for scalar in pair.value.unicodeScalars {
        if scalar == "'" || scalar == "\\" { value.append("\\") }
        value.append(scalar)
      }
      return pair.key + "='" + String(value) + "'"
    }.joined(separator: " ")
  }

  /// The pairs of a connection string, in order, as libpq reads them.
  private static func keywordPairs(_ text: String) throws(BackendError) -> [(key: String, value: String)] {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var pairs: [(key: String, value: String)] = []
    func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
    func skipBlanks() { while index < scalars.count, isBlank(scalars[index]) { index += 1 } }
    while true {
      skipBlanks()
      guard index < scalars.count else { return pairs }
      var key = String.UnicodeScalarView()
      while index < scalars.count, scalars[index] != "=", !isBlank(scalars[index]) {
        key.append(scalars[index])
        index += 1
      }
      skipBlanks()
      let shown = keywordString(pairs.filter { $0.key != "password" })
      guard index < scalars.count, scalars[index] == "=" else {
        throw .invalidDatabaseURL(
          shown, reason: "the keyword \(Sanitizer.quoted(String(key))) has no '=VALUE' after it")
      }
      index += 1
      skipBlanks()
      var value = String.UnicodeScalarView()
      let quoted = index < scalars.count && scalars[index] == "'"
      if quoted { index += 1 }
      var closed = !quoted
      while index < scalars.count {
        let scalar = scalars[index]
        if quoted, scalar == "'" {
          closed = true
          index += 1
          break
        }
        if !quoted, isBlank(scalar) { break }
        if scalar == "\\", index + 1 < scalars.count { index += 1 }
        value.append(scalars[index])
        index += 1
      }
      guard closed else {
        throw .invalidDatabaseURL(
          shown, reason: "the value of \(Sanitizer.quoted(String(key))) has no closing quote")
      }
      pairs.append((String(key), String(value)))
    }
  }
}
