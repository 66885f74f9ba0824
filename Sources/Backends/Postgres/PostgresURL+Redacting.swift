extension PostgresURL {
  /// `line` with every PostgreSQL URL in it shown without its password: what history, `record`,
  /// script echoes and diagrams keep of a command line.
  ///
  /// A URL runs from its scheme to the next blank or quote; one the shell cannot read loses
  /// everything up to its last `@` instead.
  package static func redactingURLs(in line: String) -> String {
    let line = redactingPasswordPairs(in: line)
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

  /// `line` without the `password=VALUE` pairs of keyword/value connection strings in it (a
  /// quoted value to its closing quote, else to the next blank or double quote); a line naming
  /// no other connection keyword is kept as it is (`search password=x` is a search).
  static func redactingPasswordPairs(in line: String) -> String {
    let others = ["host=", "dbname=", "table=", "service=", "user=", "port="]
    guard line.contains("password"), others.contains(where: { line.contains($0) }) else { return line }
    let scalars = Array(line.unicodeScalars)
    let word = Array("password".unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let starts = index == 0 || [" ", "\t", "'", "\""].contains(scalars[index - 1])
      guard starts, scalars[index...].starts(with: word) else {
        result.append(scalars[index])
        index += 1
        continue
      }
      var end = index + word.count
      while end < scalars.count, scalars[end] == " " { end += 1 }
      guard end < scalars.count, scalars[end] == "=" else {
        result.append(scalars[index])
        index += 1
        continue
      }
      end += 1
      while end < scalars.count, scalars[end] == " " { end += 1 }
      end = valueEnd(scalars, from: end)
      while end < scalars.count, scalars[end] == " " { end += 1 }
      index = end
    }
    return String(result)
  }

  /// Where a connection string's value starting at `start` ends (past its closing quote).
  private static func valueEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var end = start
    let quoted = end < scalars.count && scalars[end] == "'"
    if quoted { end += 1 }
    while end < scalars.count {
      if scalars[end] == "\\" {
        end += 2
        continue
      }
      if quoted, scalars[end] == "'" { return end + 1 }
      if !quoted, [" ", "\"", "'"].contains(scalars[end]) { return end }
      end += 1
    }
    return min(end, scalars.count)
  }
}
