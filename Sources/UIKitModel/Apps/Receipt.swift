/// Whether the app's code receives a callback UIKit sends, and which object it goes to.
package enum Receipt: Equatable, Sendable {
  /// The object implements the method: its code runs.
  case received(by: String)
  /// The slot names an object that does not implement the method: UIKit skips it.
  case notImplemented(by: String)
  /// The app never set the slot: UIKit sends the callback to nobody.
  case unsent(DelegateSlot)

  /// Whether the app's code runs.
  package var isReceived: Bool {
    if case .received = self { return true } else { return false }
  }

  /// The object the slot names, if any.
  package var object: String? {
    switch self {
    case .received(let object), .notImplemented(let object): return object
    case .unsent: return nil
    }
  }

  /// The mark a trace line carries, such as `(ViewController: not implemented)`.
  package var mark: String {
    switch self {
    case .received(let object): return "(\(object))"
    case .notImplemented(let object): return "(\(object): not implemented)"
    case .unsent(let slot): return "(nobody: \(slot.rawValue) not set)"
    }
  }
}
