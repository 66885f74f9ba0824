import Tables

/// Why the engine could not answer: each case carries what its message needs, and the shell
/// renders it (`ShellError.init(_:)` maps each to the shell's case of the same name).
package enum SearchError: Error, Equatable, Sendable {
  /// A regular expression that does not compile, with the 1-based character of the problem.
  case invalidPattern(String, position: Int?, reason: String)
  /// A regex ICU gave up on in a row, after `budget` progress reports (about 10,000 steps each):
  /// it repeats a group that can match the same text in many ways.
  case regexBacktracking(String, budget: Int)
  /// Memory a search needed, which overflowed or the system refused.
  case searchOutOfMemory(requested: Int)
  /// The tables tier refused: reading the dataset's text, or writing an index file.
  case table(TableError)
}
