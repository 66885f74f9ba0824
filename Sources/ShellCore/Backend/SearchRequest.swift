import Engine
import Tables

/// One search a session asks of its backend: the text, how it is read, the rule and the scope.
public struct SearchRequest: Equatable, Sendable {
  /// The query as typed.
  public var text: String
  /// How the text is compared with the rows.
  public var rule: MatchRule
  /// How the text is read: one literal substring, or the extended query syntax.
  public var syntax: QuerySyntax
  /// The scope-bar index (0 is "All").
  public var scope: Int
  /// The table's order (`sort`); nil for the rule's (dataset order, or best first for `fuzzy`).
  public var order: SortOrder?

  public init(
    text: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int, order: SortOrder? = nil
  ) {
    self.text = text
    self.rule = rule
    self.syntax = syntax
    self.scope = scope
    self.order = order
  }
}
