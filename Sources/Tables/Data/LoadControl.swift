/// Hooks the caller gives a load: progress reports and a cancellation check.
///
/// ShellCore does no terminal I/O; the executable turns `progress` into a progress bar and
/// answers `isCancelled` from a flag its SIGINT handler sets. Both are called once per chunk
/// read (every 256 KiB), on the loading thread; `isCancelled` also while waiting on a FIFO and
/// between the passes of the index build.
package struct LoadControl {
  /// Called with the bytes read so far and the total when it is known (nil for a pipe).
  package var progress: ((_ bytesRead: Int, _ totalBytes: Int?) -> Void)?
  /// Returns true when the user asked to stop; the load then throws `TableError.loadCancelled`.
  package var isCancelled: (() -> Bool)?
  /// Called once, with the input's name, when a FIFO has had no writer for a moment: the load
  /// waits for one (until `isCancelled` says stop).
  package var waiting: ((_ label: String) -> Void)?
  /// Allocations of the load larger than this many bytes fail as if the system refused them
  /// (tests inject an exhausted address space this way; `LoadBudget.failsAllocationsAbove`).
  var failsAllocationsAbove = Int.max

  package init(
    progress: ((Int, Int?) -> Void)? = nil, isCancelled: (() -> Bool)? = nil,
    waiting: ((String) -> Void)? = nil
  ) {
    self.progress = progress
    self.isCancelled = isCancelled
    self.waiting = waiting
  }
}
