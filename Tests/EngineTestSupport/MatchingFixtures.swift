import Engine
import Tables

/// Small datasets and a seeded random generator shared by the matching tests.
package enum MatchingFixtures {
  /// The titles every rule test searches.
  package static let titles = [
    "Crème brûlée", "Creme fraiche", "crème", "Zürich", "Zurich", "Øresund bridge", "Straße",
    "strasse", "Łódź", "Æbleskiver", "naïve café", "cafe\u{301} au lait", "東京タワー", "🍕 pizza party",
    "ZURICH airport", "Big Red Apple", "apple pie", "pineapple",
  ]

  /// A one-column dataset of `titles`, or two columns (title, category) with `categories`.
  package static func dataset(_ titles: [String], categories: [String]? = nil) -> Dataset {
    var builder = DatasetBuilder(columns: categories == nil ? ["title"] : ["title", "category"])
    for (index, title) in titles.enumerated() {
      builder.appendRow(categories.map { [title, $0[index]] } ?? [title])
    }
    return builder.build(
      name: "t", source: .standardInput, scopeColumn: categories == nil ? nil : 1,
      presets: DatasetPresets(title: "t"))
  }
}

/// SplitMix64: a tiny deterministic generator, so a failing case is reproducible from its seed.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
