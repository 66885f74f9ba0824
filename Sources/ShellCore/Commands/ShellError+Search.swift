import Engine
import Tables

extension ShellError {
  /// The shell's case for an engine error, of the same name and payload.
  package init(_ error: SearchError) {
    switch error {
    case .invalidPattern(let pattern, let position, let reason):
      self = .invalidPattern(pattern, position: position, reason: reason)
    case .regexBacktracking(let pattern, let budget): self = .regexBacktracking(pattern, budget: budget)
    case .searchOutOfMemory(let requested): self = .searchOutOfMemory(requested: requested)
    case .table(let error): self = ShellError(error)
    }
  }
}

/// Runs `body`, a call into the engine, with its error as the shell's.
func inEngine<T>(_ body: () throws(SearchError) -> T) throws(ShellError) -> T {
  do { return try body() } catch { throw ShellError(error) }
}
