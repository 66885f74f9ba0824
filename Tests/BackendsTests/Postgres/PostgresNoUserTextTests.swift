import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import Tables

/// No SQL text the shell sends holds the user's text: queries, their folds and scope values all
/// travel as parameters, whatever the rule.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresNoUserTextTests {
  /// A table whose category values are user text too.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect()
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS hostile"), about: "setup")
    try connection.run(
      PostgresStatement("CREATE TABLE hostile (id int PRIMARY KEY, name text, category text)"), about: "setup"
    )
    try connection.run(
      PostgresStatement(
        "INSERT INTO hostile VALUES (1, $1, $2), (2, $3, $4)",
        ["Qzmarker one", "Kat'egory; --", "Ωmarker 100%_", "Ωcat"]),
      about: "setup")
    return cluster.url("table=hostile&title=name")
  }

  static let queries = [
    "Qzmarker", "qzmarker'; DROP TABLE hostile; --", "Ωmarker", "ωmarker", "100%_", "\\\\", "$1", "'q'z",
    "\"qz",
    "zz | Qzm !yy", "^Qz", "arker$",
  ]

  @Test(arguments: MatchRule.allCases) func theSQLHoldsNoneOfTheUsersText(_ rule: MatchRule) throws {
    let opened = try PostgresOpening.open(PostgresURL(parsing: try Self.loaded.get()))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let sent = SQLLog()
    database.backend.connection.onStatement = { sent.append($0) }
    for query in Self.queries {
      for scope in 0..<opened.dataset.scopeTitles.count {
        let request = SearchRequest(text: query, rule: rule, scope: scope)
        if let rows = try database.search(request, cancellation: nil) {
          _ = try rows.exactCount()
          _ = rows.rows(in: 0..<10).map { database.detail(of: $0.id) }
        }
      }
    }
    #expect(sent.statements.count > Self.queries.count)
    let userTexts =
      Self.queries + Self.queries.map(TextFolding.foldForm) + opened.dataset.scopeTitles.dropFirst()
    for statement in sent.statements {
      for text in userTexts where text.count > 2 {
        #expect(!statement.contains(text), "\(statement) holds \(text)")
      }
      #expect(!statement.localizedCaseInsensitiveContains("marker"), "\(statement)")
    }
  }
}

/// The SQL texts a connection sent, in order.
final class SQLLog: @unchecked Sendable {
  private let lock = NSLock()
  private var sent: [String] = []

  func append(_ sql: String) { lock.withLock { sent.append(sql) } }

  var statements: [String] { lock.withLock { sent } }
}
