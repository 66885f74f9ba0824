/// The search's named thresholds, fixed when the engine is made.
///
/// The defaults are the shell's; tests and the engine fuzz target lower them so the chunked and
/// parallel paths run on tiny datasets. Planning owns them: the planner decides by them, the
/// engine only reads them.
package struct SearchTuning: Sendable, Equatable {
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
  package var sideForms = 4_096
  /// Rows from which the load finds which short grams the rows hold (`GramPresence`): below, a
  /// pass over every row is within a frame, and the scan would only lengthen the load.
  var gramRows = 2_000_000
  /// Row ids from which a result is packed into bits in chunks.
  var bitmap = 1 << 18
  /// Rows from which a short term that a sample says most rows hold is swept into bits
  /// (`SearchPlan.sweptBits`): below, its ids' pages cost less than the sample.
  var sweptBits = 1 << 19
  /// Rows from which a fuzzy ranking of every row that a sample says most rows enter is found
  /// as bits (`SearchEngine.ranksAsBits`): below, its ids' pages cost less than the sample.
  var rankedBits = 1 << 18
  /// Rows (or candidates) from which a chunked search gives each chunk the room a sample of its
  /// rows predicts (`ChunkSlots`): below, the pages a move touches cost less than the sample.
  var slotEstimate = 1 << 20
  /// Rows sampled per chunk for its room, and the ids of room given past the prediction.
  var slotSample = 256
  var slotSlack = 8_192
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
  /// A compact copy holds up to one row in this many (a result narrowing would use, as
  /// `ResultCache.narrows` allows), within `compactFloor` and `compactBytes`.
  var compactRowShare = 4
  /// Rows of slack each chunk's copy has past its even share of the copy's rows: a small
  /// result's chunks are uneven.
  var copySlack = 64
  /// A chunk's copy gives up past its share plus a this-many-th of it.
  var copyOverrun = 2
  /// A copy held to the narrowing limit gives up once its pace outruns its share by a
  /// this-many-th (over twice the spread of an estimate from 4,096 rows): a common term then
  /// does not copy for nothing.
  var copyEstimateMargin = 16
  /// A copy held to its bytes may outrun its share by a this-many-th and is still read: the next
  /// keystroke needs it most.
  var copyBytesMargin = 4
  /// Candidates (scattered rows) split into chunks from a this-many-th of `parallel`: their
  /// cache misses, which two cores wait on in parallel, cost more than a run of rows.
  var scatteredSplit = 4
  /// Scattered candidate rows touched ahead per block, with independent loads whose cache misses
  /// overlap, before they are tested from cache.
  var touchBlock = 32
  /// The first rows whose signatures tell whether the rows picked by their initials would pass
  /// the re-check limit, before a pass over every row counts them.
  var initialsSample = 8_192
  /// The first rows whose signatures tell whether a one- or two-byte fuzzy term takes the
  /// branch-free loop (`rankShortFuzzyRows`).
  var shortFuzzySample = 8_192
  /// That loop runs when one sampled row in this many has every required bit: it pays from well
  /// below half, and loses badly for a pair of rare letters.
  var shortFuzzyShare = 2
  /// A single fuzzy term of this many scalars or more is checked as a subsequence before a row
  /// the mask kernels cannot take is scored: fewer rows match it, and the cheap check pays.
  var fuzzyCheckedScalars = 4
  /// The longest fuzzy term (at most 4 bytes) whose ceilings are swept from bits: every row then
  /// costs a fixed pass per byte, which a longer term's rarer subsequences do not repay.
  var fuzzySweepBytes = 4
  /// A chunk sweeps a fuzzy term when one of its first rows in this many has every byte of it;
  /// else the row loop's signature test skips most rows for less.
  var fuzzySweepShare = 4
  /// Rows a chunk's sweep reads at a time: their hit bits (one per byte) then stay in cache for
  /// rows of short text.
  var sweepBlock = 4_096
  /// Rows a probe offers the compact copy at a time, with room reserved for all of them, so the
  /// loop stores every row's bytes without a check.
  var probeCopyBlock = 1_024
  /// A probe stores every row's bytes in the copy once one row in this many was kept so far;
  /// fewer kept rows are cheaper to copy one by one, behind a branch then seldom taken.
  var probeStoreShare = 8
  /// The blocks and rows per block of the sample a query's terms are ranked by (`sampledHits`):
  /// spread over the dataset, so a sorted file's first rows do not stand for all of it.
  var hitSampleBlocks = 8
  var hitSampleRows = 256
  /// Without a literal, a regex skips rows by the bytes a match can start with when an average
  /// row holds fewer than this many of them (`[0-9]+`).
  var regexFirstByteShare = 0.5
  /// Whole pages of a result's spare capacity are given back to the system from this many on:
  /// fewer are not worth a system call.
  var releasedPages = 256
  /// How many results the cache keeps (1 to `maxCacheEntries`); the shell's configuration
  /// sets it at start.
  package var cacheEntries = 32
  /// The most bytes the index build may allocate (what the load limit leaves after the
  /// dataset); a larger index is not built (`FoldedIndex.exceededLimit`).
  package var indexBytes = Int.max

  /// The shell's thresholds.
  package static let standard = SearchTuning()

  /// The most results the cache keeps: each holds its rows until evicted.
  static let maxCacheEntries = 32
  /// Rows a signature pass writes to a small local block before it copies their matches out
  /// (the block, one longer, is on the stack: a constant).
  static let signatureBlock = 511
  /// How often a regex chunk asks whether it is cancelled: every this many candidates, or rows
  /// when it reads every row (constants: the test is a mask, not a division, per row).
  static let regexCancelCandidates = 1_024
  static let regexCancelRows = 4_096

  /// Where candidate rows re-checked split into chunks: `parallel / scatteredSplit`, at least 1.
  var scatteredParallel: Int { max(1, parallel / scatteredSplit) }

  /// Every threshold at `value` (at least 1), for tests that split tiny datasets.
  static func small(_ value: Int) -> SearchTuning {
    let value = max(1, value)
    var tuning = SearchTuning()
    tuning.parallel = value
    tuning.ranking = value
    tuning.radixSort = value
    tuning.sortSlices = value
    tuning.regexICU = value
    tuning.sideForms = value
    tuning.bitmap = value
    tuning.slotEstimate = value
    tuning.sweptBits = value
    tuning.rankedBits = value
    tuning.slotSlack = value
    tuning.compactFloor = value
    tuning.gramRows = value
    return tuning
  }
}
