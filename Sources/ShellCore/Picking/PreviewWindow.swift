/// fzf's `--preview-window`: where the preview pane sits and how big it is (`right:50%`,
/// `down,40%`, `up:10`, `hidden`, `wrap`).
public struct PreviewWindow: Equatable, Sendable {
  /// The side of the screen the pane takes.
  public enum Position: String, Equatable, Sendable, CaseIterable {
    case right, left, up, down
  }

  public var position = Position.right
  /// Its width (left, right) or height (up, down).
  public var size = PickHeight.Size.percent(50)
  /// Starts hidden (fzf's `hidden`).
  public var isHidden = false
  /// Long lines wrap instead of being cut (fzf's `wrap`).
  public var wraps = false

  public init() {}

  /// The window `text` describes, or the first word in it that fzf's syntax has but this does not.
  public static func parse(_ text: String) -> Result<PreviewWindow, PreviewWindowError> {
    var window = PreviewWindow()
    for word in text.split(whereSeparator: { $0 == ":" || $0 == "," }) {
      if let position = Position(rawValue: String(word)) {
        window.position = position
      } else if word == "top" || word == "bottom" {
        window.position = word == "top" ? .up : .down
      } else if word == "hidden" || word == "wrap" || word == "nohidden" || word == "nowrap" {
        if word.hasSuffix("hidden") {
          window.isHidden = word == "hidden"
        } else {
          window.wraps = word == "wrap"
        }
      } else if let height = PickHeight(String(word)), !height.isAdaptive {
        window.size = height.size
      } else {
        return .failure(PreviewWindowError(word: String(word)))
      }
    }
    return .success(window)
  }
}

/// A word of `--preview-window` that is not understood.
public struct PreviewWindowError: Error, Equatable {
  public let word: String
}
