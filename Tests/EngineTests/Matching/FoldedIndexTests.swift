import EngineTestSupport
import Foundation
import Testing

@testable import Engine
@testable import Tables

/// `FoldedIndex`'s build: every way of reading the rows (in bulk from one column, joined from
/// several, in one chunk or many) gives each row its fold form, the invariants hold, and a
/// cancelled build leaves empty rows.
struct FoldedIndexTests {
  /// Random rows, plus rows that fold outside `ScalarFoldTable` and an empty one.
  static func rows() -> [String] {
    var random = SeededGenerator(seed: 23)
    return RandomRows.rows(500, &random) + ["", "ǅemal", "ﬁne", "İstanbul", "東京 Tower"]
  }

  /// The index's bytes of `row` in its fold arena, as a slice reads them (without pad bytes).
  static func fold(_ index: FoldedIndex, _ row: Int) -> [UInt8] {
    let slice = index.foldView.slice(row)
    return Array(UnsafeBufferPointer(start: slice.base + slice.start, count: slice.count))
  }

  /// The bytes the fold arena holds for `row`, pad bytes included.
  static func rawFold(_ index: FoldedIndex, _ row: Int) -> [UInt8] {
    let view = index.foldView
    return Array(
      UnsafeBufferPointer(start: view.base + view.start(row), count: view.end(row) - view.start(row)))
  }

  @Test(arguments: [1, 64, 1_000_000])
  func everyLayoutFoldsEachRowAsTextFoldingDoes(parallelThreshold: Int) {
    let titles = Self.rows()
    let others = titles.reversed().map { $0 + " x" }
    let layouts: [(dataset: Dataset, columns: [Int], texts: [String])] = [
      (MatchingFixtures.dataset(titles), [0], titles),
      (MatchingFixtures.dataset(titles, categories: others), [0], titles),
      (MatchingFixtures.dataset(titles, categories: others), [1], others),
      (
        MatchingFixtures.dataset(titles, categories: others), [0, 1],
        zip(titles, others).map { "\($0) \($1)" }
      ),
    ]
    for (dataset, columns, texts) in layouts {
      let index = FoldedIndex(dataset: dataset, columns: columns, parallelThreshold: parallelThreshold)
      index.checkInvariants()
      #expect(!index.wasCancelled)
      #expect(index.rowCount == texts.count)
      for (row, text) in texts.enumerated() {
        #expect(
          Self.fold(index, row) == Array(TextFolding.foldForm(text).utf8), "columns \(columns) row \(row)")
        #expect(index.isWide(row) == !text.utf8.allSatisfy { $0 < 0x80 }, "columns \(columns) row \(row)")
      }
      let wide = texts.indices.filter { index.isWide($0) }
      #expect(Array(index.wideRows.buffer).map(Int.init) == wide, "columns \(columns)")
    }
  }

  /// One column whose rows all fold to at most their own length (ASCII, scripts the fold keeps
  /// as they are, `ß` to `ss`, and accents that fold shorter, `café`) shares the dataset's
  /// offsets, each shorter form padded to its row's length; a row that folds longer (`Ⱥ` to the
  /// three bytes of `ⱥ`) gives the index offsets of its own.
  @Test(arguments: [1, 1_000_000])
  func theFoldOffsetsAreTheDatasetsWhenNoRowFoldsLonger(parallelThreshold: Int) {
    let kept = ["Alpha", "東京 Tower", "plain", "ΕΛΛΑΣ", "x-ray 12", "Straße"]
    let cases: [(rows: [String], shares: Bool)] = [
      (kept, true), (["café"] + kept, true), (kept + ["naïve", "ﬁne", "İstanbul"], true),
      (["", "x", ""], true), (["é"], true), (["Ⱥ"] + kept, false), (["café", "xȺ"], false),
    ]
    for (rows, shares) in cases {
      let dataset = MatchingFixtures.dataset(rows)
      let index = FoldedIndex(dataset: dataset, columns: [0], parallelThreshold: parallelThreshold)
      index.checkInvariants()
      let fits = (0..<rows.count).allSatisfy {
        TextFolding.foldForm(dataset.title($0)).utf8.count <= dataset.title($0).utf8.count
      }
      #expect(fits == shares, "the case's rows \(rows)")
      let datasetOffsets = dataset.withStorage { $1.baseAddress }
      #expect((index.foldOffsets.base == datasetOffsets) == shares, "rows \(rows)")
      for (row, text) in rows.enumerated() {
        let folded = Array(TextFolding.foldForm(text).utf8)
        #expect(Self.fold(index, row) == folded, "rows \(rows) row \(row)")
        let padCount = shares ? text.utf8.count - folded.count : 0
        #expect(
          Self.rawFold(index, row) == folded + Array(repeating: FoldedIndex.padByte, count: padCount),
          "rows \(rows) row \(row)")
      }
    }
    // Two columns are joined: never shared.
    let joined = MatchingFixtures.dataset(kept, categories: kept)
    let index = FoldedIndex(dataset: joined, columns: [0], parallelThreshold: parallelThreshold)
    #expect(index.foldOffsets.base != joined.withStorage { $1.baseAddress })
  }

  /// A pad byte anywhere but at the end of a wide row's fold form breaks the invariants (a
  /// persisted index holding one is refused): a slice drops pad bytes from the end only.
  @Test func aPadByteBeforeARowsTextEndsIsRefused() {
    // 26 bytes: the last two (`xy`) are read one by one after the 8-byte words.
    let rows = ["café au lait", "plain", "naïve", "xy"]
    let index = FoldedIndex(dataset: MatchingFixtures.dataset(rows), columns: [0])
    #expect(index.invariantViolation() == nil)
    let parts = index.parts
    let count = parts.foldBytes.count
    let plainStart = Int(parts.foldOffsets.base[1])
    for position in [0, 2, plainStart, count - 1] {
      let bytes = UnsafePinnedBuffer<UInt8>(count: count, padding: FoldedIndex.padding) { target in
        target.update(from: parts.foldBytes.base, count: count)
        target[position] = FoldedIndex.padByte
      }
      let damaged = FoldedIndex(
        restoring: FoldedIndex.Parts(
          foldBytes: bytes, foldOffsets: parts.foldOffsets, signatures: parts.signatures,
          wideRows: parts.wideRows, wideBits: parts.wideBits, wideRanks: parts.wideRanks,
          foldWideRows: parts.foldWideRows, byteFrequency: parts.byteFrequency),
        rowCount: rows.count, columns: [0], sideFormThreshold: 4_096)
      #expect(damaged.invariantViolation() != nil, "a pad byte at \(position)")
    }
  }

  /// The side forms, built on first use in one chunk or many, hold each wide row's form.
  @Test(arguments: [1, 1_000_000])
  func sideFormsHoldEachWideRowsForm(sideFormThreshold: Int) throws {
    let titles = Self.rows()
    let dataset = MatchingFixtures.dataset(titles)
    let index = FoldedIndex(dataset: dataset, columns: [0], sideFormThreshold: sideFormThreshold)
    for variants in [[TextVariant.ci], [.exact, .strip]] {
      let sides = try index.sideForms(dataset: dataset, variants: variants)
      index.checkInvariants()
      for variant in variants {
        let view = sides.view(variant)
        for (wideIndex, row) in index.wideRows.buffer.enumerated() {
          let bytes = Array(
            UnsafeBufferPointer(
              start: view.base + view.start(wideIndex), count: view.end(wideIndex) - view.start(wideIndex)))
          #expect(bytes == Array(TextFolding.form(titles[Int(row)], variant).utf8), "\(variant) row \(row)")
        }
      }
    }
  }

  /// Every scalar of the table's range, inside a row, folds to TextFolding's forms in every
  /// variant, whether the packed table (`ScalarFoldTable.packed`) or Foundation folds it.
  @Test func everyLatinScalarFoldsAsTextFoldingDoes() throws {
    let titles = (0x80..<Int(ScalarFoldTable.end)).compactMap { Unicode.Scalar($0) }.map {
      "A\(Character($0))b"
    }
    let dataset = MatchingFixtures.dataset(titles)
    let index = FoldedIndex(dataset: dataset, columns: [0], parallelThreshold: 64, sideFormThreshold: 64)
    index.checkInvariants()
    let sides = try index.sideForms(dataset: dataset, variants: [.exact, .ci, .strip])
    for (row, title) in titles.enumerated() {
      #expect(Self.fold(index, row) == Array(TextFolding.foldForm(title).utf8), "row \(row) \(title)")
      for variant in [TextVariant.exact, .ci, .strip] {
        let slice = sides.view(variant).slice(row)
        let bytes = Array(UnsafeBufferPointer(start: slice.base + slice.start, count: slice.count))
        #expect(bytes == Array(TextFolding.form(title, variant).utf8), "\(variant) row \(row) \(title)")
      }
    }
  }

  /// A build cancelled before its first chunk or between the passes: every row empty, the
  /// invariants still hold.
  @Test(arguments: [0, 1])
  func cancelledBuildLeavesEveryRowEmpty(answersBeforeStop: Int) {
    let titles = Self.rows()
    var asked = 0
    // One chunk: the answers come in order, on this thread.
    let index = FoldedIndex(
      dataset: MatchingFixtures.dataset(titles), columns: [0], parallelThreshold: 1_000_000
    ) {
      asked += 1
      return asked > answersBeforeStop
    }
    #expect(index.wasCancelled)
    index.checkInvariants()
    #expect(index.foldBytes.count == 0)
    #expect(index.wideRows.count == 0)
    #expect((0..<titles.count).allSatisfy { Self.fold(index, $0).isEmpty })
  }
}
