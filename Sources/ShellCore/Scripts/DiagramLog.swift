/// The commands that fired callbacks, kept for `diagram`: the latest `limit` callbacks, with a
/// count of what was let go, so a long session (or one long `type`) keeps bounded memory and a
/// diagram that draws in bounded time.
struct DiagramLog {
  /// The most callbacks kept: more than a diagram anyone reads.
  static let limit = 10_000

  /// The steps kept, oldest first; the first may have lost its earliest callbacks.
  private(set) var steps: [SequenceDiagram.Step] = []
  /// Callbacks kept across `steps`.
  private(set) var callbackCount = 0
  /// Callbacks let go, and the commands that lost all of theirs.
  private(set) var droppedCallbacks = 0
  private(set) var droppedSteps = 0
  /// Of those, the ones cut from the front of the first step kept.
  private(set) var firstStepTrimmed = 0

  /// Keeps `step`, letting the oldest callbacks go past `limit`.
  mutating func append(_ step: SequenceDiagram.Step) {
    steps.append(step)
    callbackCount += step.callbacks.count
    while callbackCount > Self.limit, let first = steps.first {
      let excess = callbackCount - Self.limit
      if first.callbacks.count <= excess {
        steps.removeFirst()
        firstStepTrimmed = 0
        droppedSteps += 1
        droppedCallbacks += first.callbacks.count
        callbackCount -= first.callbacks.count
      } else {
        steps[0].callbacks.removeFirst(excess)
        steps[0].receipts.removeFirst(excess)
        firstStepTrimmed += excess
        droppedCallbacks += excess
        callbackCount -= excess
      }
    }
  }

  /// A line saying what was let go before the steps drawn (all of them, or only the last), or
  /// nil when nothing was.
  func droppedNote(lastOnly: Bool) -> String? {
    let dropped = lastOnly ? (steps.count == 1 ? firstStepTrimmed : 0) : droppedCallbacks
    guard dropped > 0 else { return nil }
    let callbacks = dropped == 1 ? "1 earlier callback" : "\(dropped) earlier callbacks"
    return "(\(callbacks) not kept: a diagram keeps the last \(Self.limit))"
  }

  /// Checks that the counts agree with the steps kept.
  func checkInvariants() {
    precondition(callbackCount == steps.reduce(0) { $0 + $1.callbacks.count }, "callback count")
    precondition(callbackCount <= Self.limit, "\(callbackCount) callbacks kept, over \(Self.limit)")
    precondition(steps.allSatisfy { $0.callbacks.count == $0.receipts.count }, "a receipt per callback")
  }
}
