/// One of fzf's field index expressions (`--nth`, `--with-nth`): `2`, `-1`, `2..`, `..3`,
/// `1..-2`, `..`; fields count from 1, and from the end when negative.
public struct FieldRange: Equatable, Sendable {
  /// The first field, from 1 (negative: from the end); nil: the first of all.
  public var lower: Int?
  /// The last field, from 1 (negative: from the end); nil: the last of all.
  public var upper: Int?

  public init(lower: Int?, upper: Int?) {
    self.lower = lower
    self.upper = upper
  }

  /// A comma-separated list of ranges (`1,3..`), or nil when one is not fzf's syntax (a 0 index,
  /// a word, a number past 2^31, an empty part).
  public static func list(_ text: String) -> [FieldRange]? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard !parts.isEmpty else { return nil }
    var ranges: [FieldRange] = []
    for part in parts {
      guard let range = FieldRange(Substring(part)) else { return nil }
      ranges.append(range)
    }
    return ranges
  }

  /// One range, or nil when it is not fzf's syntax.
  init?(_ text: Substring) {
    guard let dots = text.range(of: "..") else {
      guard let index = Self.index(text) else { return nil }
      self.init(lower: index, upper: index)
      return
    }
    let lowerText = text[..<dots.lowerBound]
    let upperText = text[dots.upperBound...]
    let lower = lowerText.isEmpty ? nil : Self.index(lowerText)
    let upper = upperText.isEmpty ? nil : Self.index(upperText)
    guard lowerText.isEmpty || lower != nil, upperText.isEmpty || upper != nil else { return nil }
    self.init(lower: lower, upper: upper)
  }

  /// A nonzero field index of at most 2^31 either way.
  private static func index(_ text: Substring) -> Int? {
    guard let value = Int32(text), value != 0 else { return nil }
    return Int(value)
  }

  /// The indices (from 0) of the fields this range takes among `count`, in order; empty when
  /// it falls outside them.
  public func indices(among count: Int) -> Range<Int> {
    func resolve(_ index: Int) -> Int { index > 0 ? index - 1 : count + index }
    let first = max(lower.map(resolve) ?? 0, 0)
    let last = min(upper.map(resolve) ?? count - 1, count - 1)
    return first <= last ? first..<(last + 1) : 0..<0
  }
}
