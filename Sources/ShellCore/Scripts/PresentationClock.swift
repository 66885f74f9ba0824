import Engine
import Foundation
import Tables

/// The time a cast stamps its events with, in microseconds.
///
/// A person at the prompt is recorded in real time. A script is rendered on a virtual clock
/// that only its waits move (the pace, the typing, `pause`), so the same script gives the same
/// cast on every run, on a terminal or not.
final class PresentationClock {
  /// Which time the clock tells.
  enum Kind: Equatable {
    case real
    case virtual
  }

  let kind: Kind
  private let start = DispatchTime.now().uptimeNanoseconds
  private var virtualTime = 0

  init(kind: Kind) {
    self.kind = kind
  }

  /// Microseconds since the clock was made.
  var now: Int {
    switch kind {
    case .real: return Int(clamping: (DispatchTime.now().uptimeNanoseconds &- start) / 1000)
    case .virtual: return virtualTime
    }
  }

  /// Moves a virtual clock on by `seconds` (a wait the rendered cast shows); the real one
  /// moves by itself.
  func advance(seconds: Double) {
    guard kind == .virtual, seconds > 0, seconds.isFinite else { return }
    let step = Int(clamping: Int64((min(seconds, 1e9) * 1_000_000).rounded()))
    virtualTime = virtualTime.addingReportingOverflow(step).overflow ? Int.max : virtualTime + step
  }
}
