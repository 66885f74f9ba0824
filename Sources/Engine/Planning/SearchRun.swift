/// What the engine chose at run time for a plan that leaves it the choice (`SearchPlan`'s
/// "when common" approaches, `initials`' limit, a compact copy read part by part): how many rows
/// each pass read, summed over the chunks, for `explain`.
struct SearchRun: Equatable, Sendable {
  /// Rows swept (`RowSweep`: every row at a fixed cost).
  var swept = 0
  /// Rows probed (`RowProbe`: every row, without a branch on its answer).
  var probed = 0
  /// Rows scanned for the term's rarest bytes (`ByteScanner`).
  var scanned = 0
  /// Rows tested one by one (`RowFinder`).
  var tested = 0
  /// What the initials picked, for a plan by initials (`SearchPlan.initials`).
  var initials: Initials?

  /// What the rows picked by their initials came to.
  enum Initials: Equatable, Sendable {
    /// This many, few enough to re-check one by one.
    case rechecked(Int)
    /// Too many (by their count, or their first rows' share): every row was read instead.
    case tooMany
  }

  /// Two chunks' counts together (the initials' pick is the search's, not a chunk's).
  static func + (left: SearchRun, right: SearchRun) -> SearchRun {
    SearchRun(
      swept: left.swept + right.swept, probed: left.probed + right.probed,
      scanned: left.scanned + right.scanned, tested: left.tested + right.tested,
      initials: left.initials ?? right.initials)
  }
}
