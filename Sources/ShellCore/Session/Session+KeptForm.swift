import Backends

extension Session {
  /// `line` as history keeps it: every database URL in it without its password.
  public static func keptForm(of line: String) -> String { PostgresURL.redactingURLs(in: line) }
}
