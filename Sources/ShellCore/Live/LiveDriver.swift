/// What live mode's terminal loop drives: keys in, frames out, until a key leaves.
///
/// `LiveController` is live mode; `PickerController` is the picker built on it.
public protocol LiveDriver: AnyObject {
  /// The session the keys act on (what the audience sees passes it too).
  var session: Session { get }
  /// Whether a key asked to leave.
  var hasLeft: Bool { get }
  /// Applies keys in order; returns false once a key left (later keys are dropped).
  @discardableResult func handle(_ keys: [LiveKey]) -> Bool
  /// The frame for a terminal of `width` × `height`: exactly `height` lines.
  func frame(width: Int, height: Int) -> [String]
}
