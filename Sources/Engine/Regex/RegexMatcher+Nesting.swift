extension RegexMatcher {
  /// Whether `pattern` repeats a group that holds a repeat or an alternation.
  ///
  /// `(a|b?)*`, `(\w+\s?)+`, `((ab)+){2,}`: the shapes on which ICU's backtracking can take
  /// exponential time. Read scalar by scalar, escapes, `\Q…\E` and classes skipped; a repeat of
  /// a group of literals (`(ab)+`) or of a class is not such a shape.
  static func nestsRepeats(_ pattern: String) -> Bool {
    let scalars = Array(pattern.unicodeScalars)
    // Per open group: whether it holds a repeat or an alternation so far.
    var groups: [Bool] = []
    var index = 0
    var closedHolding = false
    while index < scalars.count {
      let scalar = scalars[index]
      var closed = false
      switch scalar {
      case "\\":
        index = skipEscape(scalars, at: index)
      case "[":
        index = skipClass(scalars, at: index)
      case "(":
        groups.append(false)
        // `(?:`, `(?=`, `(?<name>`: that `?` repeats nothing.
        if index + 1 < scalars.count, scalars[index + 1] == "?" { index += 1 }
      case ")":
        if let holding = groups.popLast() {
          closed = holding
          if holding, !groups.isEmpty { groups[groups.count - 1] = true }
        }
      case "|":
        if !groups.isEmpty { groups[groups.count - 1] = true }
      case "*", "+", "?", "{":
        if closedHolding { return true }
        if !groups.isEmpty { groups[groups.count - 1] = true }
        if scalar == "{" {
          while index < scalars.count, scalars[index] != "}" { index += 1 }
        }
      default:
        break
      }
      closedHolding = closed
      index += 1
    }
    return false
  }

  /// The index of the last scalar of the escape at `index` (a backslash): `\Q…\E` to its `\E`.
  private static func skipEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Int {
    guard index + 1 < scalars.count else { return index }
    guard scalars[index + 1] == "Q" else { return index + 1 }
    var next = index + 2
    while next + 1 < scalars.count, !(scalars[next] == "\\" && scalars[next + 1] == "E") { next += 1 }
    return min(next + 1, scalars.count - 1)
  }

  /// The index of the `]` closing the class at `index` (nested classes and escapes skipped).
  private static func skipClass(_ scalars: [Unicode.Scalar], at index: Int) -> Int {
    var depth = 0
    var next = index
    while next < scalars.count {
      switch scalars[next] {
      case "\\": next += 1
      case "[": depth += 1
      case "]":
        depth -= 1
        if depth == 0 { return next }
      default: break
      }
      next += 1
    }
    return scalars.count - 1
  }
}
