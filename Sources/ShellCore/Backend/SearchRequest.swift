/// One search a session asks of its backend: the text, the rule and the scope.
public struct SearchRequest: Equatable, Sendable {
  /// The query as typed.
  public var text: String
  /// How the text is compared with the rows.
  public var rule: MatchRule
  /// The scope-bar index (0 is "All").
  public var scope: Int

  public init(text: String, rule: MatchRule, scope: Int) {
    self.text = text
    self.rule = rule
    self.scope = scope
  }
}
