import EngineTestSupport
import Testing

@testable import Engine
@testable import Tables

/// A pattern ICU would backtrack on for minutes stops within its step budget, or at Ctrl-C,
/// and the search fails with one line instead of hanging or leaving a row out.
struct RegexBacktrackingTests {
  @Test(arguments: [
    ("(?:a|b?)*?1\\d", true), ("(\\w+\\s?)*:", true), ("((ab)+){2,}", true), ("(a|b)+", true),
    ("(?:x*)*y", true), ("(a+)+", true), ("a+b", false), ("(ab)+", false), ("[(a+)]*", false),
    ("\\(a+\\)*", false), ("\\Q(a+)*\\E", false), ("(?:ab)?c*", false), ("(a)|(b)*", false),
    ("a{2}(b|c)", false),
  ])
  func aRepeatOfAGroupHoldingARepeatOrAnAlternationIsSeen(pattern: String, nests: Bool) {
    #expect(RegexMatcher.nestsRepeats(pattern) == nests, "\(pattern)")
  }

  /// ICU takes seconds per row here (about 5 s for "a" alone, and doubling with each "a").
  static let hanging = "(?:a|b?)*?1\\d"

  @Test func aWatchedRowOverTheBudgetStopsAndSaysSo() throws {
    let matcher = try RegexMatcher(pattern: Self.hanging)
    let watch = RegexWatch(cancellation: nil)
    #expect(!matcher.matches("aaaa1 aaaa1", watch: watch))
    #expect(watch.exceeded)
    // A row that matches is found as before.
    let fresh = RegexWatch(cancellation: nil)
    #expect(matcher.matches("aa12", watch: fresh))
    #expect(!fresh.exceeded && !fresh.isStopped)
  }

  /// ICU gives up on this one (its backtracking stack fills) and reports no match, though the
  /// text holds `E`, a `\p{Lu}`: a watched match says it has no answer.
  @Test func icuGivingUpIsNoAnswer() throws {
    let pattern = "\\p{Lu}|(?:\\b|[\\s\\S]$)+?\\\\"
    let matcher = try RegexMatcher(pattern: pattern)
    let watch = RegexWatch(cancellation: nil)
    #expect(!matcher.matches("_😀E n[", watch: watch))
    #expect(watch.exceeded)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(["_😀E n["]))
    #expect(throws: SearchError.regexBacktracking(pattern, budget: RegexWatch.progressBudget)) {
      _ = try engine.search(pattern, rule: .regex)
    }
  }

  @Test func aCancelledWatchStopsICUWithoutBlamingThePattern() throws {
    let matcher = try RegexMatcher(pattern: Self.hanging)
    let cancellation = SearchCancellation()
    cancellation.cancel()
    let watch = RegexWatch(cancellation: cancellation)
    #expect(!matcher.matches("aaaa1 aaaa1", watch: watch))
    #expect(watch.isStopped && !watch.exceeded)
  }

  @Test func theSearchFailsWithTheBacktrackingError() throws {
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(["bbb", "aaaa1 aaaa1", "Standing 12"]))
    #expect(throws: SearchError.regexBacktracking(Self.hanging, budget: RegexWatch.progressBudget)) {
      _ = try engine.search(Self.hanging, rule: .regex)
    }
    // Cancelled first: no answer and no error.
    let cancellation = SearchCancellation()
    cancellation.cancel()
    #expect(try engine.search(Self.hanging, rule: .regex, cancellation: cancellation) == nil)
    // A pattern with nested repeats that ICU answers quickly is answered.
    #expect(try engine.search("(\\w+\\s?)+\\d", rule: .regex) == [1, 2])
  }
}
