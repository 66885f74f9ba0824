import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// `postgres://` URLs split into libpq's part and the shell's, with the password never shown.
struct PostgresURLTests {
  /// One URL and how it must split.
  struct Case: CustomTestStringConvertible, Sendable {
    var url: String
    var libpq: String
    var display: String
    var table: String?
    var host: String?
    var database: String?
    var user: String?
    var testDescription: String { display }
  }

  static let cases: [Case] = [
    Case(
      url: "postgres://ann@db.example.com/shop?table=items", libpq: "postgres://ann@db.example.com/shop",
      display: "postgres://ann@db.example.com/shop?table=items", table: "items", host: "db.example.com",
      database: "shop", user: "ann"),
    Case(
      url: "postgresql://ann:s3cret@db:5433/shop?table=items&title=name&scope=kind&order=id&sslmode=disable",
      libpq: "postgresql://ann:s3cret@db:5433/shop?sslmode=disable",
      display: "postgresql://ann@db:5433/shop?table=items&title=name&scope=kind&order=id&sslmode=disable",
      table: "items", host: "db:5433", database: "shop", user: "ann"),
    Case(
      url: "postgres:///shop?host=/tmp/pg%20dir&table=t", libpq: "postgres:///shop?host=/tmp/pg%20dir",
      display: "postgres:///shop?host=/tmp/pg%20dir&table=t", table: "t", host: "/tmp/pg dir",
      database: "shop"),
    Case(
      url: "postgres://u:p%40ss@h/d?table=my%20table", libpq: "postgres://u:p%40ss@h/d",
      display: "postgres://u@h/d?table=my%20table", table: "my table", host: "h", database: "d", user: "u"),
    Case(
      url: "postgres://h/d?password=hunter2&table=t&user=bob",
      libpq: "postgres://h/d?password=hunter2&user=bob",
      display: "postgres://h/d?table=t&user=bob", table: "t", host: "h", database: "d", user: "bob"),
    Case(
      url: "postgres://localhost", libpq: "postgres://localhost", display: "postgres://localhost",
      host: "localhost"),
    // libpq ends the user info at the first '@' or '/': here there is none.
    Case(
      url: "postgres://host/db@x?table=t", libpq: "postgres://host/db@x",
      display: "postgres://host/db@x?table=t",
      table: "t", host: "host", database: "db@x"),
    Case(
      url: "postgres://:only-password@h/d", libpq: "postgres://:only-password@h/d",
      display: "postgres://@h/d",
      host: "h", database: "d"),
    // Keyword/value connection strings, split as libpq splits them.
    Case(
      url: "host=/tmp/pg dbname=shop table=items title=name", libpq: "host='/tmp/pg' dbname='shop'",
      display: "host='/tmp/pg' dbname='shop' table='items' title='name'", table: "items", host: "/tmp/pg",
      database: "shop"),
    Case(
      url: "  user = ann password='s3 cr\\'et' host=db port=5433 dbname='my shop' order=id table = 'a b'",
      libpq: "user='ann' password='s3 cr\\'et' host='db' port='5433' dbname='my shop'",
      display: "user='ann' host='db' port='5433' dbname='my shop' table='a b' order='id'", table: "a b",
      host: "db", database: "my shop", user: "ann"),
    Case(
      url: "service=shop table=t password=a\\ b", libpq: "service='shop' password='a b'",
      display: "service='shop' table='t'", table: "t"),
  ]

  @Test(arguments: [
    ("host=h table=t", true), ("table=t", true), ("dbname = d", true), ("sslmode=require", true),
    ("countries", false), ("a=b.csv", false), ("host", false), ("=x", false), ("data/host=x.csv", false),
    ("postgres://h/d", true),
  ])
  func aConnectionStringIsToldFromAFileName(text: String, isDatabase: Bool) {
    #expect(PostgresURL.isPostgresURL(text) == isDatabase)
  }

  @Test(arguments: [
    ("host=h table=t title=x title=y", "host='h'", "'title' is given twice"),
    ("host=h password=pw table=", "host='h'", "'table' is empty"),
    ("host=h password=pw dbname", "host='h'", "the keyword 'dbname' has no '=VALUE' after it"),
    ("host=h password='pw table=t", "host='h'", "the value of 'password' has no closing quote"),
  ])
  func aBadConnectionStringIsOneLineWithoutThePassword(text: String, shown: String, reason: String) {
    #expect(throws: BackendError.invalidDatabaseURL(shown, reason: reason)) {
      try PostgresURL(parsing: text)
    }
  }

  @Test(arguments: [
    ("load 'host=/tmp password=s3cret table=t'", "load 'host=/tmp table=t'"),
    ("load 'host=/tmp table=t password=s3cret'", "load 'host=/tmp table=t '"),
    (
      "searchshell --dataset \"host=h password='a \\' b' dbname=d\"",
      "searchshell --dataset \"host=h dbname=d\""
    ),
    ("load 'host=h password = pw table=t'", "load 'host=h table=t'"),
    ("search password=x", "search password=x"),
    ("load 'host=h mypassword=x table=t'", "load 'host=h mypassword=x table=t'"),
  ])
  func historyKeepsAConnectionStringWithoutItsPassword(line: String, kept: String) {
    #expect(PostgresURL.redactingURLs(in: line) == kept)
  }

  @Test(arguments: cases) func splits(_ expected: Case) throws {
    let url = try PostgresURL(parsing: expected.url)
    url.checkInvariants()
    #expect(url.connectionString == expected.libpq)
    #expect(url.display == expected.display)
    #expect(url.parameters[.table] == expected.table)
    #expect(url.host == expected.host)
    #expect(url.database == expected.database)
    #expect(url.user == expected.user)
  }

  @Test func shellParametersAreDecoded() throws {
    let url = try PostgresURL(parsing: "postgres://h/d?table=s.t&title=na%C3%AFve&scope=none&order=row%5Fid")
    #expect(url.parameters == [.table: "s.t", .title: "naïve", .scope: "none", .order: "row_id"])
  }

  /// A bad URL and the error line it gives (never with the password).
  static let errors: [(url: String, message: String)] = [
    ("mysql://u:pw@h/d", "Invalid PostgreSQL URL '…@h/d': it must start with postgres:// or postgresql://"),
    (
      "postgres://u:pw@h/d?table=a&table=b",
      "Invalid PostgreSQL URL 'postgres://u@h/d': 'table' is given twice"
    ),
    ("postgres://u:pw@h/d?title=", "Invalid PostgreSQL URL 'postgres://u@h/d': 'title' is empty"),
    (
      "postgres://u:pw@h/d?table",
      "Invalid PostgreSQL URL 'postgres://u@h/d': the parameter 'table' has no '=VALUE'"
    ),
    (
      "postgres://u:pw@h/d?table=%zz",
      "Invalid PostgreSQL URL 'postgres://u@h/d': the parameter 'table' has a bad %-escape"
    ),
    (
      "postgres://u:pw@h/d?order=%00",
      "Invalid PostgreSQL URL 'postgres://u@h/d': the parameter 'order' has a bad %-escape"
    ),
  ]

  @Test(arguments: errors) func badURLsGiveOneLine(_ url: String, _ message: String) {
    #expect(throws: BackendError.self) { try PostgresURL(parsing: url) }
    do {
      _ = try PostgresURL(parsing: url)
    } catch {
      #expect(ShellError(error).description == message)
      #expect(!ShellError(error).description.contains("pw"))
    }
  }

  @Test func thePasswordIsNeverPrinted() throws {
    let url = try PostgresURL(parsing: "postgres://ann:Sw0rdfish%21@h/d?password=other-secret&table=t")
    url.checkInvariants()
    var dumped = ""
    dump(url, to: &dumped)
    for shown in [
      url.description, url.debugDescription, "\(url)", String(reflecting: url), dumped, url.display,
    ] {
      #expect(!shown.contains("Sw0rdfish"))
      #expect(!shown.contains("other-secret"))
    }
    #expect(url.connectionString.contains("Sw0rdfish%21"))
    let scrubbed = url.scrubbed("user ann with Sw0rdfish! or Sw0rdfish%21 or other-secret\u{301}")
    #expect(scrubbed == "user ann with *** or *** or ***\u{301}")
  }

  @Test func onlyPostgresSchemesAreURLs() {
    #expect(PostgresURL.isPostgresURL("postgres://h"))
    #expect(PostgresURL.isPostgresURL("postgresql:///d"))
    #expect(!PostgresURL.isPostgresURL("postgres:/h"))
    #expect(!PostgresURL.isPostgresURL("countries"))
    #expect(!PostgresURL.isPostgresURL("data/postgres.csv"))
  }
}
