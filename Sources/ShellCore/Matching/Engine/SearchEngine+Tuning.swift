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
    /// Rows picked by their initials are re-checked one by one when at most one in this many:
    /// fewer are cheaper to test than every row to read.
    var initialsShare = 12
    /// The first rows of a chunk whose hits tell whether a short term is swept, probed or scanned.
    var scanSample = 4_096
    /// A four-byte substring is swept from one row in this many: its scan keys on three of the
    /// bytes, whose common letters give candidates that are not hits.
    var fourByteSweepShare = 32
    /// A `fold` substring of one to three bytes is swept from one row in this many, where the
    /// scan's work per hit passes the sweep's per row.
    var foldSweepShare = 16
    /// A substring in another form is swept from one row in this many: its sweep also checks wide
    /// rows in their own form.
    var formSweepShare = 6
    /// A word start is swept when one row in this many holds its bytes anywhere: the scan pays for
    /// every occurrence, most of them inside words.
    var wordStartSweepShare = 6
    /// A three-byte term is probed from one row in this many: its scan's candidates are mostly hits.
    var threeByteProbeShare = 6
    /// A term of one or two bytes is probed from one row in this many: the scan pays per candidate.
    var shortProbeShare = 25
    /// Other clauses are tested from bits when a swept block finds one row in this many: a pass
    /// over the block per term then costs less than testing each row.
    var clauseBitsShare = 16
    /// The most bytes of text a compact copy holds: beyond that narrowing re-reads the arenas.
    var compactBytes = 8 << 20
    /// How many results the cache keeps (1-32); the shell's configuration sets it at start.
    var cacheEntries = 32

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
  }
}
