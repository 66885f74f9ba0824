/// Two positions in a needle whose bytes a per-row test compares before the rest.
struct NeedleKeys {
  /// The first compared position.
  let first: Int
  /// The second compared position (equal to `first` for a one-byte needle).
  let second: Int
}
