/// The fuzzy score as fzf's v2 algorithm defines it, written cell by cell as fzf's matrices are
/// filled: the yardstick the scorer's kernels (which visit only the matching positions) are
/// tested against.
extension ReferenceMatcher {
  /// A matching row's fuzzy score: per clause, the best score among its matching fuzzy terms.
  package static func score(_ text: String, _ parsed: ParsedQuery) -> Int32 {
    var total: Int32 = 0
    let original = text.unicodeScalars.map(\.value)
    for clause in parsed.clauses {
      let scores = clause.filter { $0.kind == .fuzzy && termMatches($0, text: text) }.compactMap { term in
        fuzzyScore(
          text: TextFolding.form(text, term.variant).unicodeScalars.map(\.value),
          pattern: term.needle.unicodeScalars.map(\.value), original: original)
      }
      total += scores.max() ?? 0
    }
    return total
  }

  /// A title's length as a ranking's ties are broken by (`TitleLengths`): its characters, less
  /// whitespace at either end.
  package static func titleLength(_ title: String) -> Int { TitleLengths.length(of: title) }

  /// The best score of `pattern` in `text` (a row's scalars in its term's form), or nil if it is
  /// not a subsequence; `original` is the row's own scalars, which give the form's letters their
  /// case when there are as many.
  static func fuzzyScore(text: [UInt32], pattern: [UInt32], original: [UInt32]? = nil) -> Int32? {
    fuzzyAlignment(text: text, pattern: pattern, original: original)?.score
  }

  /// The bonus of every position of `text` (`FuzzyBonus`): classes from the form's scalars, a
  /// lowercase one made uppercase where `original` (when as long) has an uppercase letter; the
  /// row's start counts as after whitespace.
  static func fuzzyBonuses(text: [UInt32], original: [UInt32]?) -> [Int32] {
    var classes = text.map(FuzzyBonus.scalarClass)
    if let original, original.count == text.count {
      for index in classes.indices where classes[index] == FuzzyBonus.lower {
        if FuzzyBonus.isUppercase(original[index]) { classes[index] = FuzzyBonus.upper }
      }
    }
    return classes.indices.map { index in
      FuzzyBonus.bonus(index == 0 ? FuzzyBonus.white : classes[index - 1], classes[index])
    }
  }

  /// The score and the matched positions of `pattern` in `text`.
  ///
  /// fzf's cells: `H[step][column]` is the best score with the pattern up to `step` matched at or
  /// before `column`, `C` the length of the consecutive run a matched cell ends. A step's row is
  /// filled from the first occurrence of its scalar after the previous step's first (`first`) to
  /// the last occurrence of the pattern's last scalar. A cell takes the larger of the match (the
  /// cell before it in the previous row plus `match` and the bonus) and the cell to its left less
  /// the gap's cost (3 for its first character, 1 after), and never less than 0. The first step
  /// scores `match` plus twice the bonus wherever it matches. A character in a run earns the larger
  /// of its own bonus, `consecutive` and the bonus of the run's first character, unless its own is
  /// a word start's and higher: the run then starts again there. A match that scores less than
  /// the gap leaves the cell to the gap. One scalar alone scores its best position. The positions
  /// are those of the cells the best score came through.
  static func fuzzyAlignment(text: [UInt32], pattern: [UInt32], original: [UInt32]? = nil) -> (
    score: Int32, positions: [Int]
  )? {
    if pattern.isEmpty { return (0, []) }
    let count = text.count
    var first: [Int] = []
    var from = 0
    for scalar in pattern {
      guard from <= count, let found = (from..<count).first(where: { text[$0] == scalar }) else { return nil }
      first.append(found)
      from = found + 1
    }
    let bonus = fuzzyBonuses(text: text, original: original)
    if pattern.count == 1 {
      var best = first[0]
      for index in first[0]..<count where text[index] == pattern[0] && bonus[index] > bonus[best] {
        best = index
      }
      return (FuzzyBonus.match + 2 * bonus[best], [best])
    }
    let last = (0..<count).last { text[$0] == pattern[pattern.count - 1] } ?? count - 1
    var score = [[Int32]](repeating: [Int32](repeating: 0, count: count), count: pattern.count)
    var run = [[Int32]](repeating: [Int32](repeating: 0, count: count), count: pattern.count)
    var inGap = false
    for column in first[0]...last {
      if text[column] == pattern[0] {
        score[0][column] = FuzzyBonus.match + 2 * bonus[column]
        run[0][column] = 1
        inGap = false
      } else {
        let left = column > first[0] ? score[0][column - 1] : 0
        score[0][column] = max(left - (inGap ? FuzzyBonus.gapExtension : FuzzyBonus.gapStart), 0)
        inGap = true
      }
    }
    for step in 1..<pattern.count {
      inGap = false
      for column in first[step]...last {
        let left = column > first[step] ? score[step][column - 1] : 0
        let gap = left - (inGap ? FuzzyBonus.gapExtension : FuzzyBonus.gapStart)
        var matched: Int32 = 0
        var length: Int32 = 0
        if text[column] == pattern[step] {
          matched = score[step - 1][column - 1] + FuzzyBonus.match
          var earned = bonus[column]
          length = run[step - 1][column - 1] + 1
          if length > 1 {
            let lead = bonus[column - Int(length) + 1]
            if earned >= FuzzyBonus.boundary && earned > lead {
              length = 1
            } else {
              earned = max(earned, FuzzyBonus.consecutive, lead)
            }
          }
          if matched + earned < gap {
            matched += bonus[column]
            length = 0
          } else {
            matched += earned
          }
        }
        run[step][column] = length
        inGap = matched < gap
        score[step][column] = max(matched, gap, 0)
      }
    }
    let lastStep = pattern.count - 1
    var end = first[lastStep]
    for column in first[lastStep]...last where score[lastStep][column] > score[lastStep][end] { end = column }
    // Back through the cells the score came from: each step's match is the nearest matched cell
    // (a run, or the first step's scalar) at or before the column after the next step's.
    var positions: [Int] = []
    var column = end
    for step in stride(from: lastStep, through: 0, by: -1) {
      while column > first[step], run[step][column] == 0 { column -= 1 }
      positions.append(column)
      column -= 1
    }
    return (score[lastStep][end], positions.reversed())
  }
}
