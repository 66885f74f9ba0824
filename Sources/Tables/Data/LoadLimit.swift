import Foundation

/// The most bytes one load may hold while it reads: the new dataset's text and offsets and the
/// parsers' scratch (the row or cell being read), all charged to a `LoadBudget`.
///
/// A file larger than memory or an endless pipe must end in one error, not exhaust memory. The
/// default is a quarter of physical memory, and of the address space `ulimit -v` allows (the
/// search index built after the load, and the previous dataset kept until the new one is whole,
/// need room too), and never more than the 4 GiB a dataset's 32-bit offsets address.
/// `SEARCHSHELL_LOAD_LIMIT` (bytes, or a number with K, M or G) changes it.
package struct LoadLimit: Equatable, Sendable {
  /// The limit in bytes.
  package let bytes: Int

  /// The environment variable that sets the limit.
  package static let variable = "SEARCHSHELL_LOAD_LIMIT"
  /// The most any load may take: a dataset's offsets are 32-bit.
  package static let ceiling = Int(UInt32.max)
  /// No limit beyond the ceiling (bundled datasets, tests).
  static let unlimited = LoadLimit(bytes: ceiling)

  package init(bytes: Int) {
    self.bytes = max(1, min(bytes, Self.ceiling))
  }

  /// The limit `environment` sets in `SEARCHSHELL_LOAD_LIMIT`, else a quarter of physical memory
  /// (`ShellConfiguration` reads it once at start).
  package static func standard(environment: [String: String]) throws(TableError) -> LoadLimit {
    guard let text = environment[variable] else {
      let memory = min(ProcessInfo.processInfo.physicalMemory, addressSpace() ?? .max)
      return LoadLimit(bytes: Int(clamping: memory / 4))
    }
    guard let bytes = parse(text) else {
      throw .invalidValue(option: variable, value: text, allowed: "a size in bytes such as 65536, 500M or 2G")
    }
    return LoadLimit(bytes: bytes)
  }

  /// The address space `ulimit -v` (RLIMIT_AS) allows the process, or nil when unlimited.
  static func addressSpace() -> UInt64? {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
    return UInt64(limit.rlim_cur)
  }

  /// A size such as `4096`, `64K`, `500M` or `2G` (powers of 1024), or nil.
  package static func parse(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
    let units: [(String, Int)] = [("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30)]
    var digits = Substring(trimmed)
    var scale = 1
    if let unit = units.first(where: { trimmed.hasSuffix($0.0) }) {
      digits = digits.dropLast()
      scale = unit.1
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0 else {
      return nil
    }
    let (product, overflow) = number.multipliedReportingOverflow(by: scale)
    return overflow ? nil : product
  }

  /// `bytes` for a message: `512 bytes`, `64.0 KiB`, `1.5 GiB`.
  package static func describe(_ bytes: Int) -> String {
    let units = ["KiB", "MiB", "GiB"]
    var value = Double(bytes)
    guard value >= 1024 else { return "\(bytes) bytes" }
    var unit = -1
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return String(format: "%.1f", value) + " " + units[unit]
  }
}
