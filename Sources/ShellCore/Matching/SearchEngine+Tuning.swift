import Foundation

extension SearchEngine {
  /// The engine's named thresholds, fixed at init: the defaults are the shell's; tests and the
  /// engine fuzz target lower them so the chunked and parallel paths run on tiny datasets.
  struct Tuning: Sendable, Equatable {
    /// Rows (or re-checked candidates, from a quarter of it) from which a search splits into chunks.
    var parallel = 100_000
    /// Rows from which `RankSorter.best` selects in chunks.
    var ranking = 1 << 16
    /// Rows from which `RankSorter.sort` radix-sorts instead of comparing.
    var radixSort = 2_048
    /// Rows from which the radix sort runs in slices on every core.
    var sortSlices = 131_072
    /// Rows from which a regex judged by ICU splits into chunks (ICU costs a microsecond a row).
    var regexICU = 2_000
    /// Wide rows from which their side forms are built in chunks.
    var sideForms = 4_096
    /// Row ids from which a result is packed into bits in chunks.
    var bitmap = 1 << 18
    /// The fewest rows a compact copy may hold, however long the rows.
    var compactFloor = 4_096
    /// How many results the cache keeps (1-32; `SEARCHSHELL_CACHE_ENTRIES`, read once).
    var cacheEntries = Self.environmentCacheEntries

    /// The shell's thresholds.
    static let standard = Tuning()

    /// Every threshold at `value` (at least 1), for tests that split tiny datasets.
    static func small(_ value: Int) -> Tuning {
      let value = max(1, value)
      var tuning = Tuning()
      tuning.parallel = value
      tuning.ranking = value
      tuning.radixSort = value
      tuning.sortSlices = value
      tuning.regexICU = value
      tuning.sideForms = value
      tuning.bitmap = value
      tuning.compactFloor = value
      return tuning
    }

    /// The cache size the environment asks for, read once per process: the variable is for
    /// measuring (`scripts/instructions.sh` sets it to 1), not for changing while running.
    static let environmentCacheEntries: Int =
      ProcessInfo.processInfo.environment["SEARCHSHELL_CACHE_ENTRIES"].flatMap(Int.init).map {
        max(1, min($0, 32))
      } ?? 32
  }
}
