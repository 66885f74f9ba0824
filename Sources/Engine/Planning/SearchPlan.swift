/// How the engine answers one query that the cache does not hold.
///
/// The strategy `SearchPlanner.plan` chose and the inputs it reads; `SearchEngine.run` is a
/// switch over it.
enum SearchPlan: Equatable, Sendable {
  /// An empty or all-whitespace query: every row in the scope.
  case everyRow
  /// A regular expression: its literals scanned for, the candidate rows judged by the automaton.
  case regex
  /// A term every match holds has a gram (`gram`, in fold form) that no row holds: no row, and
  /// none is read.
  case absentGram(String)
  /// One letter or space in `fold` or `ci` form (with other one-letter clauses, in `fold`): the
  /// rows whose signatures have its bit, as bits; under `ci` the wide rows lacking it are cleared.
  case signatureBits(letter: UInt8, variant: TextVariant)
  /// One lowercase letter compared with case significant, in more rows than a result to narrow
  /// from: every row probed, into bits.
  case probedBits(letter: UInt8, variant: TextVariant)
  /// One term of two or three ASCII bytes alone, in every scope, that a sample of rows says more
  /// rows hold than a result worth narrowing from: every row swept (`TermSweepBits`), into bits.
  case sweptBits(term: String, variant: TextVariant)
  /// One letter starting a word: the rows whose initials have it, as bits.
  case initialBits(letter: UInt8)
  /// One fuzzy letter: the rows whose signatures have it, the best found by their word starts.
  case fuzzyLetter(letter: UInt8)
  /// Word-start terms: the rows whose initials have all of `mask`, re-checked as `recheck` says
  /// when they are at most `limit`; else every row by `otherwise`.
  case initials(mask: UInt32, limit: Int, recheck: Recheck, otherwise: Pass)
  /// A cached result that holds every match (`ParsedQuery.implies`): only its rows re-checked.
  case narrow(from: String, rows: Int, recheck: Recheck)
  /// Every row in chunks (on every core for large datasets), by `Pass`.
  case everyChunk(Pass)

  /// How a list of candidate rows (a cached result's, or the initials') is re-checked.
  enum Recheck: Equatable, Sendable {
    /// Its compact copy read part by part, in one sequential pass (swept, probed or scanned).
    case compactCopy
    /// A short plain term probed on each scattered row, without a branch on its answer.
    case probe
    /// One plain term tested row by row in its form, each block of rows touched first.
    case plain
    /// Any query tested row by row, each block of rows touched first.
    case generic
    /// Fuzzy terms, each a clause, ranked row by row as `Pass.fuzzyRank` ranks every row: the
    /// best few scored, the others' scores left until read.
    case fuzzyRank
    /// One fuzzy term that `Pass.fuzzySweep` takes: the rows gathered a block at a time and swept.
    case fuzzySweep
  }

  /// How one chunk of every row is read.
  package enum Pass: Equatable, Sendable {
    /// The driving term found by `approach`, the other clauses tested on its rows.
    case scan(term: String, approach: ScanApproach)
    /// Fuzzy terms, each a clause: matching rows and the best few scored in one pass.
    case fuzzyRank
    /// One fuzzy term of two to four ASCII bytes, alone: each row's ceiling from bits
    /// (`FuzzySweep`) when the chunk's first rows have its bytes in one of `share`, else as
    /// `fuzzyRank`; the best few scored as found.
    case fuzzySweep(share: Int)
    /// No term to scan for: every row tested whose signature has the required bytes.
    case testEveryRow
  }

  /// How a chunk's driving term is found.
  enum ScanApproach: Equatable, Sendable {
    /// A letter or space: the rows whose signatures have it.
    case signature
    /// Swept (`RowSweep`) when the chunk's first rows hold it in at least one of `share`, else scanned.
    case sweepWhenCommon(share: Int)
    /// A word start swept when the first rows hold its bytes anywhere in one of `share`, else scanned.
    case sweepWordStartWhenCommon(share: Int)
    /// Probed (`RowProbe`) when the chunk's first rows hold it in at least one of `share`, else scanned.
    case probeWhenCommon(share: Int)
    /// The SIMD scan for the term's rarest bytes.
    case scan
  }
}
