import Foundation

/// Whether the address space has room for worker threads' stacks right now.
///
/// Under an address-space limit (`ulimit -v`, `prlimit --as`) a worker thread whose stack cannot
/// be mapped is not an error to Dispatch: `concurrentPerform` waits for it forever
/// (`_dispatch_temporary_resource_shortage`). Mapping the stacks' room first, and running on
/// the calling thread when it is refused, turns that hang into slower work.
package enum ThreadRoom {
  /// The stack a new thread maps: the stack limit, as glibc sizes a thread's default stack by it.
  static var stackBytes: Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
      limit.rlim_cur > 0, limit.rlim_cur < 1 << 32
    else { return 8 << 20 }
    return Int(limit.rlim_cur)
  }

  /// True unless an address-space limit is set and `threads` stacks (and one more, for the
  /// thread's guard pages and the memory the work itself takes meanwhile) do not fit under it now.
  ///
  /// One `getrlimit` when there is no limit; an `mmap` and `munmap` of reserved, untouched
  /// memory when there is one: per fan-out, never per row.
  package static func hasRoom(threads: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
      return true
    }
    let bytes = (max(threads, 1) + 1) * stackBytes
    let address = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let address, address != MAP_FAILED else { return false }
    munmap(address, bytes)
    return true
  }
}
