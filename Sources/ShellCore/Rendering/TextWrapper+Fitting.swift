import Engine
import Tables

extension TextWrapper {
  /// `text` (plain) in at most `columns` columns: whole when it fits, else cut with `…` at its
  /// end, or, `keepingEnd`, at its start (a text field scrolled to its cursor).
  ///
  /// Cuts fall between scalars; marks of no width stay with the scalar before them.
  static func fitting(_ text: String, columns: Int, keepingEnd: Bool = false) -> String {
    guard displayWidth(text) > columns else { return text }
    guard columns > 1 else { return columns == 1 ? "…" : "" }
    var units = self.units(Array(text.unicodeScalars))
    if keepingEnd { units.reverse() }
    var kept: [[Unicode.Scalar]] = []
    var used = 0
    for unit in units {
      let unitWidth = displayWidth(unit[...])
      if used + unitWidth > columns - 1 { break }
      kept.append(unit)
      used += unitWidth
    }
    if keepingEnd { kept.reverse() }
    let body = String(String.UnicodeScalarView(kept.joined()))
    return keepingEnd ? "…" + body : body + "…"
  }

  /// The longest start of `text` whose printed form fits `columns` less one (for the `…`), whole
  /// Characters only, and whether it was cut: a table row's title keeps its match offsets.
  static func fittingCharacters(_ text: String, columns: Int) -> (text: String, isCut: Bool) {
    // Most titles are short: no need to measure them scalar by scalar.
    if let bound = widthBound(text), bound <= columns { return (text, false) }
    guard displayWidth(Sanitizer.printable(text)) > columns else { return (text, false) }
    var kept = ""
    var used = 0
    for character in text {
      let characterWidth = displayWidth(Sanitizer.printable(String(character)))
      if used + characterWidth > columns - 1 { break }
      kept.append(character)
      used += characterWidth
    }
    return (kept, true)
  }

  /// Scalars grouped so that each group starts with a scalar that takes room and holds the marks
  /// of no width after it.
  private static func units(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
    var units: [[Unicode.Scalar]] = []
    for scalar in scalars {
      if scalarWidth(scalar) == 0, !units.isEmpty {
        units[units.count - 1].append(scalar)
      } else {
        units.append([scalar])
      }
    }
    return units
  }
}

extension TextWrapper {
  /// The text before and after a caret (both plain) in at most `columns` columns, as a text
  /// field scrolls: whole when it fits, else the end, the start, or the caret in the middle,
  /// cut with `…`; the caret is always in sight.
  static func fitting(before: String, after: String, columns: Int) -> (before: String, after: String) {
    let beforeWidth = displayWidth(before)
    let afterWidth = displayWidth(after)
    guard beforeWidth + afterWidth > columns else { return (before, after) }
    // Typing at the end keeps the end in sight; moving back keeps it until the caret would leave.
    if afterWidth < columns {
      return (fitting(before, columns: columns - afterWidth, keepingEnd: true), after)
    }
    if beforeWidth < columns { return (before, fitting(after, columns: columns - beforeWidth)) }
    let half = columns / 2
    return (fitting(before, columns: half, keepingEnd: true), fitting(after, columns: columns - half))
  }
}
