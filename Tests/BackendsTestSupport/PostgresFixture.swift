import Backends
import Engine
import EngineTestSupport
import Foundation
import Tables

/// A generated table loaded both ways: into the test cluster and into the in-memory engine.
///
/// Titles are one to four words from a vocabulary of accents (NFC and NFD), special letters,
/// Hangul, Cyrillic, kana, ligatures, full-width forms and LIKE's wildcards; five categories.
package struct PostgresFixture: Sendable {
  static let vocabulary = [
    "stand", "standard", "station", "star", "Start", "café", "cafe\u{301}", "Crème", "brûlée", "Straße",
    "STRASSE", "Øresund", "Ærø", "łódź", "naïve", "한국", "한글", "서울", "Йошкар", "йогурт", "ёлка", "Москва",
    "がっこう", "ガラス", "ﬁsh", "ＦＵＬＬ", "İstanbul", "ΣΑΣ", "zebra", "100%", "a_b", "back\\slash", "x",
  ]
  static let categories = ["Toys", "Food", "Books", "Music", "Tools"]

  /// The titles, row by row (row i has id i).
  package let titles: [String]
  /// The category of each row.
  package let rowCategories: [String]

  /// `count` rows from a fixed seed.
  package init(count: Int) {
    var generator = SeededGenerator(seed: 2024)
    var titles: [String] = []
    var categories: [String] = []
    for _ in 0..<count {
      let words = Int(generator.next() % 4) + 1
      titles.append(
        (0..<words).map { _ in Self.vocabulary[Int(generator.next() % UInt64(Self.vocabulary.count))] }
          .joined(separator: " "))
      categories.append(Self.categories[Int(generator.next() % UInt64(Self.categories.count))])
    }
    self.titles = titles
    rowCategories = categories
  }

  /// The rows as an in-memory dataset (columns `title`, `category`).
  package func dataset() -> Dataset {
    MatchingFixtures.dataset(titles, categories: rowCategories)
  }

  /// Creates `table` (`id` primary key, `name`, `category`) with the rows, replacing any earlier one.
  package func load(into table: String, _ connection: PostgresConnection) throws {
    let quoted = try connection.quotedIdentifier(table)
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS \(quoted)"), about: table)
    try connection.run(
      PostgresStatement("CREATE TABLE \(quoted) (id int PRIMARY KEY, name text, category text)"), about: table
    )
    try connection.run(
      PostgresStatement(
        "INSERT INTO \(quoted) SELECT i - 1, n, c FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(n, c, i)",
        [PostgresBackend.arrayLiteral(titles), PostgresBackend.arrayLiteral(rowCategories)]),
      about: table)
    try connection.run(PostgresStatement("ANALYZE \(quoted)"), about: table)
  }
}

extension PostgresFixture {
  /// The categories in order of their first row (the scope bar's order).
  package var firstCategories: [String] {
    var seen: [String] = []
    for category in rowCategories where !seen.contains(category) { seen.append(category) }
    return seen
  }
}
