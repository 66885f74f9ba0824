import Synchronization

/// What a sample of a dataset's cells says of each column: whether it holds text a person
/// would search for, and how well it names its row.
///
/// A loaded file's search looks in its text columns (not ids, numbers, dates or hashes), and a
/// file with no column named like a title shows its most name-like text column. The sample is
/// at most `sampleRows` rows spread evenly over the file, so the work is bounded whatever its
/// size.
package struct ColumnProfile: Equatable, Sendable {
  /// The columns most of whose non-empty sampled values are text, in file order.
  package let textColumns: [Int]
  /// Per column, how well it names its row (0: not at all): non-empty share × distinct share ×
  /// letters per value (at most `letterCap`).
  package let titleScores: [Double]

  /// Rows read at most.
  package static let sampleRows = 2_000
  /// Letters per value past which a longer value names its row no better.
  static let letterCap = 24.0

  /// Counts the profiles built in a task while set (tests: a load profiles its columns once).
  @TaskLocal package static var builds: ProfileCount?

  /// Profiles `dataset`'s columns from a sample of its rows.
  package init(_ dataset: Dataset, sampleRows: Int = Self.sampleRows) {
    Self.builds?.count.add(1, ordering: .relaxed)
    let rows = Self.sample(rowCount: dataset.rowCount, limit: sampleRows)
    self.init(names: dataset.columns) { column in rows.map { dataset.cell(row: $0, column: column) } }
  }

  /// Profiles the columns named `names` from `values`, each column's sampled cells (a database
  /// table's first rows).
  package init(names: [String], values: (_ column: Int) -> [String]) {
    var text: [Int] = []
    var scores: [Double] = []
    for column in names.indices {
      let stats = ColumnStats(values(column))
      if stats.isText { text.append(column) }
      let idLike = Self.isIdentifierName(names[column])
      scores.append(stats.isText && !idLike ? stats.titleScore(letterCap: Self.letterCap) : 0)
    }
    textColumns = text
    titleScores = scores
  }

  /// The column that names its rows best, other than `excluding`; nil when none is text.
  package func bestTitle(excluding: Int?) -> Int? {
    var best: Int?
    for column in titleScores.indices where column != excluding && titleScores[column] > 0 {
      // Ties go to the leftmost column (the first of equals).
      if best.map({ titleScores[column] > titleScores[$0] }) ?? true { best = column }
    }
    return best
  }

  /// The rows a sample reads: all of them up to `limit`, else `limit` spread evenly.
  static func sample(rowCount: Int, limit: Int) -> [Int] {
    guard rowCount > limit, limit > 0 else { return Array(0..<max(rowCount, 0)) }
    return (0..<limit).map { $0 * (rowCount / limit) }
  }

  /// Whether `name` names a key rather than a value: `id`, `uuid`, `key`, `…_id`, `…Id`.
  static func isIdentifierName(_ name: String) -> Bool {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let lowered = trimmed.lowercased()
    if ["id", "uuid", "guid", "key", "pk", "#", "no", "nr", "number"].contains(lowered) { return true }
    return lowered.hasSuffix("_id") || lowered.hasSuffix("-id") || lowered.hasSuffix(" id")
      || (trimmed.hasSuffix("Id") && trimmed.count > 2) || trimmed.hasSuffix("ID")
  }
}

/// How many `ColumnProfile`s a task built (`ColumnProfile.builds`).
package final class ProfileCount: Sendable {
  /// The profiles built so far.
  package let count = Atomic<Int>(0)

  /// A count from zero.
  package init() {}
}
