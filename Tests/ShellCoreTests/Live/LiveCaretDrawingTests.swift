import ShellCoreTestSupport
import Testing

@testable import ShellCore
@testable import Tables

/// The caret in live mode's bar: where it is drawn, in colour and without, and that a long
/// text scrolls to keep it in sight.
struct LiveCaretDrawingTests {
  /// The bar line of a live frame `width` wide after `keys`.
  static func bar(after keys: [LiveKey], width: Int = 60, color: Bool = false) throws -> String {
    let session = try Session(
      console: BufferConsole(), catalog: SessionFixture.catalog, dataset: "countries", isInteractive: false,
      useColor: color)
    let controller = LiveController(session: session)
    controller.handle(keys)
    let frame = controller.frame(width: width, height: 12)
    return try #require(frame.first { $0.contains("[ ") })
  }

  @Test func withoutColourTheCaretIsABarBetweenCharacters() throws {
    #expect(try Self.bar(after: [.paste("foo bar")]) == "[ foo bar| ] Cancel")
    #expect(try Self.bar(after: [.paste("foo bar"), .left]) == "[ foo ba|r ] Cancel")
    #expect(try Self.bar(after: [.paste("foo bar"), .lineStart]) == "[ |foo bar ] Cancel")
    #expect(try Self.bar(after: [.paste("a👍東京"), .left, .left]) == "[ a👍|東京 ] Cancel")
  }

  @Test func inColourTheCaretIsAReverseVideoBlock() throws {
    let inverse = "\u{1B}[7m"
    let middle = try Self.bar(after: [.paste("foo bar"), .left], color: true)
    #expect(middle.contains(inverse + "\u{1B}[34mr\u{1B}[0m"))
    #expect(!middle.contains("|"))
    let end = try Self.bar(after: [.paste("foo")], color: true)
    #expect(end.contains(inverse + "\u{1B}[34m \u{1B}[0m"))
    let empty = try Self.bar(after: [], color: true)
    #expect(empty.contains(inverse))
  }

  /// A text longer than the bar scrolls so the caret stays in sight, wherever it goes.
  @Test(arguments: [0, 1, 20, 50, 80, 99, 100])
  func aLongTextKeepsTheCaretInSight(_ caret: Int) throws {
    let text = (0..<100).map { String($0 % 10) }.joined()
    let keys = [LiveKey.paste(text), .lineStart] + Array(repeating: .right, count: caret)
    let bar = try Self.bar(after: keys, width: 40)
    #expect(bar.count <= 39)
    let shown = try #require(bar.split(separator: "|", omittingEmptySubsequences: false).first)
    // The character before the caret, if any, is the text's.
    if caret > 0 { #expect(shown.last == text[text.index(text.startIndex, offsetBy: caret - 1)]) }
    #expect(bar.contains("|"))
  }

  @Test(arguments: [
    ("abc", "def", 10, "abc", "def"), ("abcdefgh", "", 5, "…efgh", ""),
    ("ab", "cdefgh", 5, "ab", "cd…"), ("", "abcdefgh", 5, "", "abcd…"),
    ("abcdefgh", "ijklmnop", 6, "…gh", "ij…"), ("東京東京", "東", 6, "…京", "東"),
  ])
  func fittingAroundACaret(
    before: String, after: String, columns: Int, fittedBefore: String, fittedAfter: String
  ) {
    let fitted = TextWrapper.fitting(before: before, after: after, columns: columns)
    #expect(fitted.before == fittedBefore)
    #expect(fitted.after == fittedAfter)
    #expect(TextWrapper.displayWidth(fitted.before + fitted.after) <= columns)
  }
}
