extension PostgresURL {
  /// `line` with every PostgreSQL URL in it shown without its password: what history, `record`,
  /// script echoes and diagrams keep of a command line.
  ///
  /// A URL runs from its scheme to the next blank or quote; one the shell cannot read loses
  /// everything up to its last `@` instead.
  package static func redactingURLs(in line: String) -> String {
    guard schemes.contains(where: { line.contains($0) }) else { return line }
    var result = ""
    var rest = Substring(line)
    while let start = schemes.compactMap({ rest.range(of: $0)?.lowerBound }).min() {
      result += rest[..<start]
      let tail = rest[start...]
      let end =
        tail.unicodeScalars.firstIndex { $0 == " " || $0 == "\t" || $0 == "'" || $0 == "\"" } ?? tail.endIndex
      let token = String(tail[..<end])
      result += (try? PostgresURL(parsing: token))?.display ?? redactedToken(token)
      rest = tail[end...]
    }
    return result + rest
  }

  /// A URL the shell cannot read, as it may be kept: the scheme, then what follows its last `@`.
  private static func redactedToken(_ token: String) -> String {
    guard let at = token.utf8.lastIndex(of: UInt8(ascii: "@")),
      let scheme = schemes.first(where: { token.hasPrefix($0) })
    else { return token }
    return scheme + "…" + token[at...]
  }
}
