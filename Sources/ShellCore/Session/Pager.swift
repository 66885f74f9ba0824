/// The user's pager (`$PAGER`, `less -FRX` by default), which the executable starts on a
/// terminal for output longer than the screen, as psql does.
public protocol Pager: AnyObject {
  /// Starts the pager and returns where its lines go, or nil when it cannot start (the output
  /// then goes to the terminal directly).
  func open() -> (any PagerOutput)?
}

/// A running pager's input.
public protocol PagerOutput: Console {
  /// Whether the pager has gone (quit with `q`) and takes no more lines.
  var hasQuit: Bool { get }
  /// Ends the pager's input and waits for the person to leave it.
  func close()
}
