/// Which of `SearchEngine.probeLoop`'s tests are known before it runs: a type, so that each mode
/// is a specialisation of its own with the known tests folded away (nil: all decided at run time).
protocol ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)? {
    get
  }
}

/// A short term re-checked on a compact copy of the previous result.
enum CompactNarrowing: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)? {
    (false, true, true, true, false)
  }
}

/// A short `fold` term probed on every row.
enum FoldScan: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)? {
    (false, false, false, true, false)
  }
}

/// A short term compared in another form than `fold` (`ci`, `exact`), probed on every row.
enum FormScan: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)? {
    (false, false, false, false, false)
  }
}

/// A short `fold` term probed on every row, with other clauses of one letter each, which the
/// row's signature decides without a branch (`UnsafeRowFilter.passesBySignature`).
enum FoldBySignature: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)? {
    (true, false, false, true, true)
  }
}

/// Everything else.
enum AnyProbe: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)? {
    nil
  }
}
