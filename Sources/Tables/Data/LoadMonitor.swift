/// Watches a long load on behalf of the executable: progress for a progress bar, and Ctrl-C.
///
/// ShellCore never touches the terminal; the executable implements this (drawing on standard
/// error, reading a flag its SIGINT handler sets) and hands it to `Session.loadMonitor`.
public protocol LoadMonitor: AnyObject {
  /// A load of `label` (a path, or "standard input") is starting.
  func loadWillStart(_ label: String)
  /// `bytesRead` of `totalBytes` (nil for a pipe) have been read; called once per chunk.
  func loadProgressed(bytesRead: Int, totalBytes: Int?)
  /// Whether the user asked to stop the load; checked once per chunk, when a read is
  /// interrupted, while waiting for a FIFO's writer, and by the index build's threads.
  var isCancelled: Bool { get }
  /// The file is read: its `rows` are being indexed (the rest of a first open's time).
  func loadIndexing(rows: Int)
  /// The load (its reading and its index build) finished, failed or was cancelled.
  func loadDidEnd()
}

extension LoadMonitor {
  /// Nothing to show by default: a monitor that only draws the reading's bar keeps it.
  public func loadIndexing(rows: Int) {}
}
