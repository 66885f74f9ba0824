import TablesTestSupport

@testable import ShellCore
@testable import Tables

extension DataFixture {
  /// The `ShellError` `body` throws, or nil when it succeeds (or throws something else): the
  /// tables tier's own errors are compared as the shell shows them.
  static func error<T>(_ body: () throws -> T) -> ShellError? {
    do {
      _ = try body()
      return nil
    } catch {
      if let error = error as? TableError { return ShellError(error) }
      return error as? ShellError
    }
  }
}
