/// The memory one load may hold at once, charged by every buffer the load grows.
///
/// The dataset's text and offsets and the parsers' scratch (a row or cell being read, a JSON
/// key, the nesting of a value) are `UnsafeGrowableBuffer`s that charge their capacity here before
/// they allocate it, so what a load holds never passes `limit`; an allocation the system
/// refuses (`ulimit -v`, an exhausted address space) is an error, not a trap.
package final class LoadBudget {
  /// The input's name, for errors.
  package let label: String
  /// The most bytes the charged buffers may hold together.
  package let limit: Int
  /// Bytes the charged buffers hold now.
  private(set) var charged = 0
  /// The most bytes they held at once.
  private(set) var peak = 0
  /// Allocations larger than this fail as if the system refused them (tests inject failures).
  var failsAllocationsAbove = Int.max

  /// A budget of `limit` bytes for the load of `label`.
  package init(label: String, limit: Int) {
    self.label = label
    self.limit = max(0, limit)
  }

  /// A budget nothing but the system's memory bounds (bundled datasets, PostgreSQL pages).
  static func unbounded(_ label: String = "") -> LoadBudget { LoadBudget(label: label, limit: .max) }

  /// Bytes that may still be charged.
  package var available: Int { limit &- charged }

  /// Charges `bytes` more, or throws `loadTooLarge` when they do not fit under the limit.
  func charge(_ bytes: Int) throws(TableError) {
    guard bytes <= available else { throw .loadTooLarge(label, limit: min(limit, LoadLimit.ceiling)) }
    charged &+= bytes
    peak = max(peak, charged)
  }

  /// Gives back `bytes` charged before.
  func refund(_ bytes: Int) {
    charged = max(0, charged &- bytes)
  }

  /// The error for an allocation of `bytes` the system refused.
  package func outOfMemory(_ bytes: Int) -> TableError {
    .outOfMemory(label, held: charged, requested: bytes)
  }
}
