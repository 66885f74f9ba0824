import Foundation

/// Runs writes to a FIFO or socket with SIGPIPE ignored, so a reader that goes away is an
/// error ("broken pipe") the writer reports instead of a signal that ends the session.
enum BrokenPipeGuard {
  /// Runs `body` with SIGPIPE ignored, then puts the previous disposition back.
  package static func run<Result>(_ body: () throws(TableError) -> Result) throws(TableError) -> Result {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var previous = sigaction()
    sigaction(SIGPIPE, &ignore, &previous)
    defer { sigaction(SIGPIPE, &previous, nil) }
    return try body()
  }
}
