import ShellCore
import Tables

/// Reading the values of fzf's options.
extension PickerArguments {
  /// `--match RULE` read.
  static func matchRule(_ text: String) throws(Arguments.Failure) -> MatchRule {
    guard let rule = MatchRule(rawValue: text) else {
      let rules = MatchRule.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw Arguments.Failure(
        message: "Invalid value \(Sanitizer.quoted(text)) for '--match'. Expected one of \(rules)")
    }
    return rule
  }

  /// `--nth` or `--with-nth` read.
  static func fields(_ text: String, option: String) throws(Arguments.Failure) -> [FieldRange] {
    guard let ranges = FieldRange.list(text) else {
      throw Arguments.Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '\(option)'. Expected field numbers from 1 (or -1 from the end) and ranges such as 2.., ..3, 1..-2, separated by commas"
      )
    }
    return ranges
  }

  /// `--delimiter` read: a literal string, `\t` a tab.
  static func delimiter(_ text: String) throws(Arguments.Failure) -> String {
    let literal = text.replacingOccurrences(of: "\\t", with: "\t")
    guard !literal.isEmpty else {
      throw Arguments.Failure(message: "Invalid value '' for '--delimiter'. Expected one or more characters")
    }
    return literal
  }

  /// A positive count (`--multi=MAX`, `--header-lines`), at most a million.
  static func count(_ text: String, option: String, allowsZero: Bool = false) throws(Arguments.Failure) -> Int
  {
    guard let value = Int(text), value >= (allowsZero ? 0 : 1), value <= 1_000_000 else {
      throw Arguments.Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '\(option)'. Expected a number from \(allowsZero ? 0 : 1) to 1000000"
      )
    }
    return value
  }

  /// `--preview-window` read.
  static func previewWindow(_ text: String) throws(Arguments.Failure) -> PreviewWindow {
    switch PreviewWindow.parse(text) {
    case .success(let window): return window
    case .failure(let error):
      throw Arguments.Failure(
        message:
          "Invalid value \(Sanitizer.quoted(error.word)) in '--preview-window'. Expected right, left, up, down, N or N%, hidden, wrap"
      )
    }
  }

  /// Checks what one option cannot tell alone: `+i` needs `--exact` (fuzzy follows smart case).
  static func validate(_ picker: PickOptions) throws(Arguments.Failure) {
    if picker.caseRule == .respect, picker.rule == .fuzzy {
      throw Arguments.Failure(
        message:
          "'+i' matches case with '--exact' (or --match exact); fuzzy matches case when the query has an uppercase letter"
      )
    }
    if picker.match != nil, picker.exact {
      throw Arguments.Failure(message: "Use either '--exact' or '--match RULE', not both")
    }
  }
}
