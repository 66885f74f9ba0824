import Engine
import Tables

/// What the environment configures, read once when the shell starts and passed to the session.
///
/// Nothing in `ShellCore` reads the environment after that: a variable changed while the shell
/// runs changes nothing, and tests get the defaults unless they pass their own.
public struct ShellConfiguration: Sendable {
  /// How many results the search cache keeps by default.
  static let defaultCacheEntries = SearchTuning.standard.cacheEntries
  /// The variable that lowers the cache size, so a benchmark measures searches, not cache hits.
  static let cacheEntriesVariable = "SEARCHSHELL_CACHE_ENTRIES"

  /// How many recent results the in-memory backend keeps (1-32).
  var cacheEntries = Self.defaultCacheEntries
  /// The load limit, or the error an unreadable `SEARCHSHELL_LOAD_LIMIT` gives: a bad value
  /// fails each load that needs the limit, not the start.
  var loadLimit: Result<LoadLimit, ShellError>
  /// Where persisted indexes go and their folder's limit (nil: no caching), or the error an
  /// unreadable `SEARCHSHELL_INDEX_CACHE` gives (each load then says so and builds its index).
  var indexCache: Result<IndexCacheSettings?, ShellError> = .success(nil)

  /// The defaults: no variables set.
  public init() {
    self.init(environment: [:])
  }

  /// The configuration `environment` (the process's, at start) asks for.
  public init(environment: [String: String]) {
    if let entries = environment[Self.cacheEntriesVariable].flatMap(Int.init) {
      cacheEntries = max(1, min(entries, Self.defaultCacheEntries))
    }
    loadLimit = Result { () throws(ShellError) in
      try tables { () throws(TableError) in try LoadLimit.standard(environment: environment) }
    }
    indexCache = IndexCacheSettings.standard(environment: environment).mapError(ShellError.init)
  }
}
