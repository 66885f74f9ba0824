/// What live mode's terminal loop drives: keys in, frames out, until a key leaves.
///
/// `LiveController` is live mode; `PickerController` is the picker built on it, whose frame
/// also changes by itself: rows arrive, a preview ends, the spinner turns.
public protocol LiveDriver: AnyObject {
  /// The session the keys act on (what the audience sees passes it too).
  var session: Session { get }
  /// Whether a key asked to leave.
  var hasLeft: Bool { get }
  /// Applies keys in order; returns false once a key left (later keys are dropped).
  @discardableResult func handle(_ keys: [LiveKey]) -> Bool
  /// The frame for a terminal of `width` × `height`: exactly `height` lines.
  func frame(width: Int, height: Int) -> [String]
  /// How many lines the frame takes on a terminal of `terminalHeight` lines.
  func frameHeight(terminalHeight: Int) -> Int
  /// A descriptor that turns readable when something besides a key arrived (nil: nothing does).
  var wakeDescriptor: Int32? { get }
  /// How long the frame may stay as it is before it changes by itself, in milliseconds (nil:
  /// until a key or an arrival).
  var redrawDelay: Int32? { get }
  /// Takes what arrived (or the time that passed); returns whether the frame changed.
  func takeArrivals() -> Bool
}

extension LiveDriver {
  /// The terminal's height less one line, so the command that started live mode stays in sight.
  public func frameHeight(terminalHeight: Int) -> Int { max(3, terminalHeight - 1) }
  public var wakeDescriptor: Int32? { nil }
  public var redrawDelay: Int32? { nil }
  public func takeArrivals() -> Bool { false }
}
