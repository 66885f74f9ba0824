extension String {
  /// The Levenshtein distance to `other`, for "Did you mean" suggestions.
  func editDistance(to other: String) -> Int {
    let source = Array(self)
    let target = Array(other)
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    var previous = Array(0...target.count)
    var current = [Int](repeating: 0, count: target.count + 1)
    for i in 1...source.count {
      current[0] = i
      for j in 1...target.count {
        let cost = source[i - 1] == target[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[target.count]
  }

  /// The candidate nearest to this string within an edit distance of 2, if any.
  ///
  /// A string more than two characters longer than every candidate is within 2 of none, so it
  /// is never compared: the cost stays bounded by the candidates, however long the string.
  public func nearest(in candidates: [String]) -> String? {
    let longest = candidates.map(\.count).max() ?? 0
    guard !exceeds(characters: longest + 2) else { return nil }
    let scored = candidates.map { (candidate: $0, distance: lowercased().editDistance(to: $0.lowercased())) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2,
      best.distance < count
    else { return nil }
    return best.candidate
  }

  /// Whether this string has more than `limit` characters, counting no further than that.
  private func exceeds(characters limit: Int) -> Bool {
    // Bytes bound Characters from above: a short string needs no counting at all.
    if utf8.count <= limit { return false }
    var count = 0
    for _ in self {
      count += 1
      if count > limit { return true }
    }
    return false
  }
}
