import UIKitModel

/// What one side of `compare` runs: a tutorial's app (with its flavor), or a flavor (with the
/// app that fits it).
enum ComparisonSide: Equatable {
  case app(AppID)
  case flavor(Flavor)

  /// The side `word` names: an app's name or a flavor's (they never collide).
  init?(_ word: String) {
    if let id = AppID(rawValue: word) {
      self = .app(id)
    } else if let flavor = Flavor(rawValue: word) {
      self = .flavor(flavor)
    } else {
      return nil
    }
  }

  /// Every word that names a side, for completion and "Did you mean".
  static let words = AppID.allCases.map(\.rawValue) + Flavor.allCases.map(\.rawValue)
}

/// A comparison under way (`compare A B` to `end`): two screens over the session's dataset,
/// each running its side's app or flavor with the session's other settings, driven by the
/// same actions.
struct Comparison {
  /// One side: the word that named it and the screen it drives.
  struct Side {
    let word: String
    let screen: SearchScreen

    /// `fruits · controller`: the app that runs and its flavor.
    var label: String { "\(screen.app.id.rawValue) · \(screen.settings.lifecycle.flavor.rawValue)" }
  }

  let left: Side
  let right: Side
  /// The actions run so far.
  var actions: [String] = []
  /// The actions after which the two sides had received different callbacks.
  var differentCallbacks: [String] = []
  /// The actions after which the two sides said or showed something different.
  var differentScreens: [String] = []

  /// `fruits|countries`: what the prompt shows.
  var prompt: String { left.word + "|" + right.word }
}

/// What one action did on one side of a comparison.
struct ComparisonRun {
  /// The callbacks the side's app received, each followed by its NSLog lines under
  /// `set app-log on`; `(nothing received)` when there were none.
  var received: [String]
  /// What the command printed besides the screen (a row selected, the dimming view's tap), and
  /// its error line if it failed.
  var said: [String]
  /// The screen afterwards: the bars and the table's header, or the detail view's title.
  var screen: [String]
  /// The error the command threw on this side.
  var error: ShellError?
}
