import Engine
import Tables

/// One search a session asks of its backend: the text, how it is read, the rule and the scope.
package struct SearchRequest: Equatable, Sendable {
  /// The query as typed.
  package var text: String
  /// How the text is compared with the rows.
  package var rule: MatchRule
  /// How the text is read: one literal substring, or the extended query syntax.
  package var syntax: QuerySyntax
  /// The scope-bar index (0 is "All").
  package var scope: Int
  /// The table's order (`sort`); nil for the rule's (dataset order, or best first for `fuzzy`).
  package var order: SortOrder?
  /// The column filter (`filter COL = VALUE`) the rows must also pass; nil for none.
  package var filter: ColumnFilter?
  /// Whether a ranking rule's rows keep the dataset's order instead of best first (fzf's
  /// `--no-sort`); a backend over a database ranks regardless.
  package var keepsRowOrder = false

  package init(
    text: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int, order: SortOrder? = nil,
    filter: ColumnFilter? = nil
  ) {
    self.text = text
    self.rule = rule
    self.syntax = syntax
    self.scope = scope
    self.order = order
    self.filter = filter
  }
}
