import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// A column named like a category makes the scope bar only when a bar can hold its values; named
/// with `--scope`, it makes one whatever its size.
struct ScopeBarLimitTests {
  /// A CSV of `name,category` with `categories` distinct categories, two rows each.
  static func csv(categories: Int) -> [UInt8] {
    let rows = (0..<categories * 2).map { "item \($0),kind \($0 % categories)" }
    return Array(("name,category\n" + rows.joined(separator: "\n") + "\n").utf8)
  }

  @Test(arguments: [
    (1, ColumnChoice.automatic, true), (ColumnRoles.scopeBarLimit, .automatic, true),
    (ColumnRoles.scopeBarLimit + 1, .automatic, false), (109, .automatic, false),
    (109, .named("category"), true), (3, .none, false),
  ])
  func theBarHoldsAFewCategories(categories: Int, scope: ColumnChoice, hasBar: Bool) throws {
    let dataset = try DataFixture.load(Self.csv(categories: categories), format: .csv, scope: scope).dataset
    #expect((dataset.scopeColumn != nil) == hasBar)
    #expect(dataset.scopeTitles.count == (hasBar ? categories + 1 : 1))
    #expect(dataset.rowCount == categories * 2)
    dataset.checkInvariants()
  }
}
