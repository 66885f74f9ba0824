/// How many of a needle's rarest bytes `ByteScanner.scan` keys on, as a type.
protocol ScanKeys {
  /// Whether a third byte is tested besides the two rarest.
  static var three: Bool { get }
}

/// Key on the two rarest bytes.
enum TwoKeys: ScanKeys {
  static var three: Bool { false }
}

/// Key on the three rarest bytes.
enum ThreeKeys: ScanKeys {
  static var three: Bool { true }
}
