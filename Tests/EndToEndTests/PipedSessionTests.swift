import Foundation
import Testing

/// The built binary driven through a pipe: exact stdout, stderr and exit status.
@Suite struct PipedSessionTests {
  @Test func countriesSearchShowsMatchesWithNoPromptOrColour() throws {
    let result = try ShellProcess.run(input: "search ger\n")
    #expect(
      result.stdout == """
        [ ger| ] Cancel
        results · 4 of 249
          1  Algeria
          2  Germany
          3  Niger
          4  Nigeria

        """)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }
}
