/// Hooks the caller gives a load: progress reports and a cancellation check.
///
/// ShellCore does no terminal I/O; the executable turns `progress` into a progress bar and
/// answers `isCancelled` from a flag its SIGINT handler sets. Both are called once per chunk
/// read (every 256 KiB), on the loading thread.
struct LoadControl {
  /// Called with the bytes read so far and the total when it is known (nil for a pipe).
  var progress: ((_ bytesRead: Int, _ totalBytes: Int?) -> Void)?
  /// Returns true when the user asked to stop; the load then throws `ShellError.loadCancelled`.
  var isCancelled: (() -> Bool)?

  init(progress: ((Int, Int?) -> Void)? = nil, isCancelled: (() -> Bool)? = nil) {
    self.progress = progress
    self.isCancelled = isCancelled
  }
}
