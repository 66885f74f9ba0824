/// One fuzzy term's mask kernel with the best score any row could give it, for ranking without
/// scoring every row.
struct FuzzyTermBound {
  let kernel: UnsafeFuzzyMaskScorer
  /// The pattern's best possible score.
  let bound: Int32
  /// What a row loses of `bound` when the pattern's first byte starts none of its words (the
  /// double word-start bonus), or the second does not (its best step beyond a consecutive one).
  let losses: (first: Int32, second: Int32)

  init(kernel: UnsafeFuzzyMaskScorer, scalars: UnsafePointer<UInt32>, count: Int) {
    self.kernel = kernel
    var bound = FuzzyScorer.match &* Int32(count)
    // (The first two only: checking every letter cost longer patterns more than it saved.)
    var losses: (first: Int32, second: Int32) = (0, 0)
    for step in 0..<count {
      let best: Int32
      if step == 0 {
        best = 2 &* FuzzyScorer.boundary
      } else {
        let afterWord = TextFolding.isWordScalar(scalars[step &- 1])
        best = max(
          FuzzyScorer.consecutive &+ (afterWord ? 0 : FuzzyScorer.boundary), FuzzyScorer.boundary &- 3)
      }
      bound &+= best
      // Off a word start, the first byte earns no bonus and the second a consecutive step at best.
      if step == 0 {
        losses.first = best
      } else if step == 1 {
        losses.second = best &- FuzzyScorer.consecutive
      }
    }
    self.bound = bound
    self.losses = losses
  }
}

extension FuzzyTermBound: FuzzyRowBound {
  @inline(__always)
  func ceiling(
    _ text: UnsafePointer<UInt8>, length: Int, lettersAndSpaces: Bool, row: Int, texts: UnsafeRowTexts
  ) -> Int32 {
    kernel.ceiling(text, length: length, bound: bound, losses: losses, lettersAndSpaces: lettersAndSpaces)
  }

  @inline(__always)
  func score(_ text: UnsafePointer<UInt8>, length: Int) -> Int32 {
    kernel.score(text, length: length)
  }
}
