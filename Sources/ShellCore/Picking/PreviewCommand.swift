/// fzf's `--preview` template made into the command line for one row: its placeholders
/// replaced, each value single-quoted as fzf quotes it.
///
/// `{}` is the current row, `{q}` the query, `{n}` the row's index in the input (from 0),
/// `{+}` the marked rows (the current one when none is marked), `{+n}` their indices; a
/// backslash before a placeholder keeps it as it is. Field placeholders (`{1}`, `{2..}`) are
/// left as they are: the picker does not split rows into fields.
enum PreviewCommand {
  /// What the placeholders stand for.
  struct Values {
    /// The current row, as it came in.
    var row: String
    /// The query in the bar.
    var query: String
    /// The current row's index in the input, from 0.
    var index: Int
    /// The marked rows and their indices (empty: the current row stands for them).
    var marked: [(row: String, index: Int)] = []
  }

  /// `template` with its placeholders replaced by `values`.
  static func line(_ template: String, _ values: Values) -> String {
    let many = values.marked.isEmpty ? [(values.row, values.index)] : values.marked
    let replacements: [(String, String)] = [
      ("{}", quoted(values.row)),
      ("{q}", quoted(values.query)),
      ("{n}", String(values.index)),
      ("{+}", many.map { quoted($0.0) }.joined(separator: " ")),
      ("{+n}", many.map { String($0.1) }.joined(separator: " ")),
    ]
    var result = ""
    var rest = Substring(template)
    while let first = rest.first {
      if first == "\\", let (placeholder, _) = replacements.first(where: { rest.dropFirst().hasPrefix($0.0) })
      {
        result += placeholder
        rest = rest.dropFirst(1 + placeholder.count)
        continue
      }
      if first == "{", let (placeholder, value) = replacements.first(where: { rest.hasPrefix($0.0) }) {
        result += value
        rest = rest.dropFirst(placeholder.count)
        continue
      }
      result.append(first)
      rest = rest.dropFirst()
    }
    return result
  }

  /// `text` in single quotes for sh, a quote inside written `'\''` (fzf's quoting).
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
