/// Where a session writes: standard output for what the screen shows, standard error for errors.
public protocol Console: AnyObject {
  /// Writes one line (without its newline) to standard output.
  func print(_ line: String)
  /// Writes one line (without its newline) to standard error.
  func printError(_ line: String)
}
