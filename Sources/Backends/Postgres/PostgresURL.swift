import Engine
import Tables

/// A `postgres://` or `postgresql://` URL, or a keyword/value connection string
/// (`PostgresURL+KeywordValue`), split into what libpq reads and what the shell reads.
///
/// libpq rejects query parameters it does not know, so the shell's own (`table`, `title`, `scope`,
/// `order`) are taken out before the rest reaches it. The password (in the user info or a
/// `password` parameter) stays in `connectionString` only: `display`, `description` and any
/// reflection show the URL without it. libpq's own parsing decides everything else (hosts, ports,
/// `?host=/socket/dir`, `sslmode`, …); this type splits the URL the way libpq scans it.
package struct PostgresURL: Equatable, Sendable {
  /// The parameters the shell reads itself.
  package enum ShellParameter: String, CaseIterable, Sendable {
    /// The table (`schema.table` for another schema).
    case table
    /// The column shown as each row's title.
    case title
    /// The column feeding the scope bar, or `none`.
    case scope
    /// The column giving the rows' order (unique or tied; the primary key when not named).
    case order
  }

  /// The URL schemes libpq accepts.
  static let schemes = ["postgresql://", "postgres://"]

  /// The URL without the shell's parameters, for libpq (it still holds the password).
  let connectionString: String
  /// The URL as shown: the password removed, everything else as typed.
  let display: String
  /// The shell's parameters, percent-decoded.
  package var parameters: [ShellParameter: String]
  /// The host part as libpq will read it (a `host` parameter wins), decoded; nil for libpq's default.
  let host: String?
  /// The database name (path or `dbname` parameter), decoded; nil for libpq's default.
  let database: String?
  /// The user name (user info or `user` parameter), decoded; nil for libpq's default.
  let user: String?
  /// Every spelling of the password in the URL, so a message quoting the URL can be scrubbed.
  let secrets: [String]

  /// Whether `text` is meant as a PostgreSQL URL (by its scheme, as libpq decides).
  static func isPostgresURL(_ text: String) -> Bool {
    schemes.contains { text.hasPrefix($0) } || isKeywordValue(text)
  }

  /// A connection the shell has split already.
  init(
    connectionString: String, display: String, parameters: [ShellParameter: String], host: String?,
    database: String?, user: String?, secrets: [String]
  ) {
    self.connectionString = connectionString
    self.display = display
    self.parameters = parameters
    self.host = host
    self.database = database
    self.user = user
    self.secrets = secrets
  }

  /// Splits `text`; throws `invalidDatabaseURL` for a URL the shell's part of cannot be read.
  package init(parsing text: String) throws(BackendError) {
    if Self.isKeywordValue(text) {
      self = try Self(keywordValue: text)
      return
    }
    guard let scheme = Self.schemes.first(where: { text.hasPrefix($0) }) else {
      throw .invalidDatabaseURL(
        Self.redactedGuess(text), reason: "it must start with postgres:// or postgresql://")
    }
    let rest = text[text.utf8.index(text.startIndex, offsetBy: scheme.utf8.count)...]
    // libpq looks for user info up to the first '@' or '/', whichever comes first.
    var userInfo: Substring? = nil
    var afterUser = rest
    if let stop = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "/") }),
      rest.utf8[stop] == UInt8(ascii: "@")
    {
      userInfo = rest[..<stop]
      afterUser = rest[rest.utf8.index(after: stop)...]
    }
    let (location, query) = Self.split(afterUser, at: "?")
    let shownBase = scheme + Self.redacted(userInfo) + location
    let pairs = try Self.pairs(query, url: shownBase)

    var secrets: [String] = []
    var userName = userInfo.map { Self.split($0, at: ":").head }
    if let password = userInfo.flatMap({ Self.split($0, at: ":").tail }) {
      secrets += [String(password), PercentDecoding.decode(password) ?? ""]
    }
    var parameters: [ShellParameter: String] = [:]
    var kept: [Substring] = []
    var shown: [Substring] = []
    var named: [String: String] = [:]
    for pair in pairs {
      if let parameter = ShellParameter(rawValue: pair.key) {
        guard parameters[parameter] == nil else {
          throw .invalidDatabaseURL(shownBase, reason: "'\(pair.key)' is given twice")
        }
        guard !pair.value.isEmpty else {
          throw .invalidDatabaseURL(shownBase, reason: "'\(pair.key)' is empty")
        }
        parameters[parameter] = pair.value
        shown.append(pair.raw)
        continue
      }
      kept.append(pair.raw)
      named[pair.key] = pair.value
      if pair.key == "password" {
        secrets += [String(pair.rawValue), pair.value]
      } else {
        shown.append(pair.raw)
      }
    }
    if let given = named["user"] { userName = Substring(given) }

    connectionString =
      scheme + (userInfo.map { $0 + "@" } ?? "") + location
      + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    display = shownBase + (shown.isEmpty ? "" : "?" + shown.joined(separator: "&"))
    self.parameters = parameters
    self.secrets = secrets.filter { !$0.isEmpty }
    user = named["user"] ?? userName.flatMap { $0.isEmpty ? nil : PercentDecoding.decode($0) }
    let (hostSpec, path) = Self.split(location, at: "/")
    host = named["host"] ?? (hostSpec.isEmpty ? nil : PercentDecoding.decode(hostSpec))
    database = named["dbname"] ?? path.flatMap { $0.isEmpty ? nil : PercentDecoding.decode($0) }
  }

  /// `text` before and after the first `separator` (an ASCII byte), or all of it and nil.
  private static func split(_ text: Substring, at separator: Unicode.Scalar) -> (
    head: Substring, tail: Substring?
  ) {
    guard let index = text.utf8.firstIndex(of: UInt8(ascii: separator)) else { return (text, nil) }
    return (text[..<index], text[text.utf8.index(after: index)...])
  }

  /// One `key=value` of the query: decoded key and value, and the pair and value as written.
  private struct Pair {
    var key: String
    var value: String
    var raw: Substring
    var rawValue: Substring
  }

  /// The query's pairs in order; a pair without `=` or with bad percent-encoding is an error.
  private static func pairs(_ query: Substring?, url: String) throws(BackendError) -> [Pair] {
    guard var remaining = query, !remaining.isEmpty else { return [] }
    var result: [Pair] = []
    while true {
      let (raw, next) = split(remaining, at: "&")
      let (rawKey, rawValue) = split(raw, at: "=")
      guard let rawValue else {
        throw .invalidDatabaseURL(
          url, reason: "the parameter \(Sanitizer.quoted(String(raw))) has no '=VALUE'")
      }
      guard let key = PercentDecoding.decode(rawKey), let value = PercentDecoding.decode(rawValue) else {
        let name = PercentDecoding.decode(rawKey) ?? String(rawKey)
        throw .invalidDatabaseURL(url, reason: "the parameter \(Sanitizer.quoted(name)) has a bad %-escape")
      }
      result.append(Pair(key: key, value: value, raw: raw, rawValue: rawValue))
      guard let next else { return result }
      remaining = next
    }
  }

  /// User info as shown: the user without the password.
  private static func redacted(_ userInfo: Substring?) -> String {
    guard let userInfo else { return "" }
    return split(userInfo, at: ":").head + "@"
  }

  /// A text that is not a PostgreSQL URL, as an error may show it: anything up to an '@' dropped.
  private static func redactedGuess(_ text: String) -> String {
    guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return text }
    return "…" + text[at...]
  }

  /// Checks what the type promises: no secret in what is shown, no shell parameter for libpq
  /// (for tests: a one-letter password may occur in a host name without anything leaking).
  func checkInvariants() {
    precondition(scrubbed(display) == display, "the display holds no secret")
    let query = connectionString.utf8.firstIndex(of: UInt8(ascii: "?")).map { connectionString[$0...] } ?? ""
    for parameter in ShellParameter.allCases {
      precondition(!query.hasPrefix("?\(parameter.rawValue)="), "libpq gets no shell parameter")
      precondition(!query.contains("&\(parameter.rawValue)="), "libpq gets no shell parameter")
    }
  }

  /// `text` with every secret of this URL replaced by `***` (libpq's messages may quote the URL).
  ///
  /// Compared scalar by scalar: a secret ending in a letter must go even when a combining mark
  /// follows it in the message.
  func scrubbed(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    for secret in secrets.sorted(by: { $0.unicodeScalars.count > $1.unicodeScalars.count }) {
      let needle = Array(secret.unicodeScalars)
      var result: [Unicode.Scalar] = []
      var index = 0
      while index < scalars.count {
        if scalars.count - index >= needle.count, scalars[index..<index + needle.count].elementsEqual(needle)
        {
          result += ["*", "*", "*"]
          index += needle.count
        } else {
          result.append(scalars[index])
          index += 1
        }
      }
      scalars = result
    }
    return String(String.UnicodeScalarView(scalars))
  }
}

extension PostgresURL: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The URL without its password.
  package var description: String { display }
  /// The URL without its password.
  package var debugDescription: String { "PostgresURL(\(display))" }
  /// No stored property: `dump` and the debugger would otherwise print the password.
  package var customMirror: Mirror { Mirror(self, children: ["display": display]) }
}
