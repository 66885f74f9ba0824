import Testing

@testable import ShellCore

/// The preview pane beside, above or below the rows, its text escaped, cut or wrapped.
struct PreviewLayoutTests {
  /// A list whose lines say their size: `L` repeated to the room (`width - 1`).
  private func list(width: Int, height: Int) -> [String] {
    (0..<height).map { _ in String(repeating: "L", count: width - 1) }
  }

  private func layout(_ text: String) -> PreviewLayout {
    guard case .success(let window) = PreviewWindow.parse(text) else { fatalError("bad window \(text)") }
    return PreviewLayout(window: window)
  }

  @Test(arguments: [
    ("right:50%", ["LLLLLLLLL│one      ", "LLLLLLLLL│two      ", "LLLLLLLLL│         "]),
    ("left:4", ["one│LLLLLLLLLLLLLLL", "two│LLLLLLLLLLLLLLL", "   │LLLLLLLLLLLLLLL"]),
    ("down:1", ["LLLLLLLLLLLLLLLLLLL", "───────────────────", "one"]),
    ("up:1", ["one", "───────────────────", "LLLLLLLLLLLLLLLLLLL"]),
  ])
  func thePaneTakesItsSide(_ example: (String, [String])) {
    let frame = layout(example.0).frame(width: 20, height: 3, text: Array("one\ntwo\n".utf8), list: list)
    #expect(frame == example.1)
    #expect(frame.allSatisfy { LiveScreen.visibleCount($0) <= 19 })
  }

  @Test(arguments: [
    // Escapes shown escaped; tabs to the next multiple of 8; CR before LF dropped.
    ("a\u{1B}]0;\u{7}\r\n", false, ["a\\e]0…"]),
    ("\tx\n", true, ["      ", "  x"]),
    // Cut with an ellipsis, or wrapped.
    ("abcdefghijk\n", false, ["abcde…"]),
    ("abcdefghijk\n", true, ["abcdef", "ghijk"]),
    ("1\n2\n3\n4\n5\n", false, ["1", "2", "3"]),
    ("", false, []),
  ])
  func textIsEscapedAndFitted(_ example: (String, Bool, [String])) {
    #expect(PreviewLayout.lines(of: Array(example.0.utf8), width: 6, wraps: example.1, count: 3) == example.2)
  }
}
