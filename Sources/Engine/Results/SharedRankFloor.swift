import Synchronization

/// The highest score that any chunk's full `RankHeap` has as its worst row, shared by the chunks
/// of one ranking on every core.
///
/// A row scoring below it is in no ranking's best rows (some chunk already holds that many
/// rows scoring more), so every chunk may skip scoring it: a chunk that starts after another has
/// filled its heap does not rank its own first rows from nothing.
final class SharedRankFloor: Sendable {
  private let value = Atomic<Int32>(.min)

  /// The floor (relaxed: a stale one only skips fewer rows).
  @inline(__always)
  var score: Int32 { value.load(ordering: .relaxed) }

  /// Raises the floor to `score` if that is higher.
  @inline(__always)
  func raise(to score: Int32) {
    _ = value.max(score, ordering: .relaxed)
  }
}
