/// One fuzzy term's mask kernel with the best score any row could give it, for ranking without
/// scoring every row.
struct FuzzyTermBound {
  let kernel: UnsafeFuzzyMaskScorer
  /// The pattern's best possible score.
  let bound: Int32

  init(kernel: UnsafeFuzzyMaskScorer) {
    self.kernel = kernel
    bound = kernel.bound
  }
}

extension FuzzyTermBound: FuzzyRowBound {
  @inline(__always)
  func ceiling(
    _ text: UnsafePointer<UInt8>, length: Int, lettersAndSpaces: Bool, row: Int, texts: UnsafeRowTexts
  ) -> Int32 {
    kernel.ceiling(text, length: length, lettersAndSpaces: lettersAndSpaces)
  }

  @inline(__always)
  func score(_ text: UnsafePointer<UInt8>, cased: UnsafePointer<UInt8>, length: Int) -> Int32 {
    kernel.score(text, cased: cased, length: length)
  }
}
