/// What fzf's field and colour options (`--nth`, `--with-nth`, `-d`, `--ansi`) make of a line,
/// for the one-shot filter: the shell's `PickFields` implements it, so the engine stays free of
/// fzf's option syntax.
package protocol OneShotLineTransform: Sendable {
  /// Fills `output` (reset first) with what `line` is searched in, shown as and printed as.
  func transform(_ line: UnsafeBufferPointer<UInt8>, into output: inout OneShotTransformedLine)
}

/// One line after `OneShotLineTransform`: its searched parts, its shown length, what prints.
package struct OneShotTransformedLine: Sendable {
  /// The searched parts, back to back (one per `--nth` range, or the whole shown text).
  package var text: [UInt8] = []
  /// Where each part ends in `text`, ascending; at least one part.
  package var partEnds: [Int] = []
  /// The shown text's length in bytes (of its searchable form), which the length tiebreak
  /// measures.
  package var shownCount = 0
  /// What is printed instead of the line, when `printsLine` is false (`--ansi`: the line without
  /// its escapes).
  package var printed: [UInt8] = []
  /// Whether the line's own bytes are printed.
  package var printsLine = true

  package init() {}

  /// Empties the line for the next, keeping the arrays' storage.
  package mutating func reset() {
    text.removeAll(keepingCapacity: true)
    partEnds.removeAll(keepingCapacity: true)
    printed.removeAll(keepingCapacity: true)
    shownCount = 0
    printsLine = true
  }
}
