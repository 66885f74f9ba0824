import EngineTestSupport
import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// What a load holds at once: every buffer charged to its `LoadBudget`, and an allocation the
/// system refuses turned into one error.
struct LoadBudgetTests {
  /// One input of about a megabyte, named for the test's report (its text is too long to show).
  struct Input: Sendable, CustomTestStringConvertible {
    let format: DataFormat
    let name: String
    let text: String
    var testDescription: String { "\(format) \(name)" }
  }

  /// A megabyte of `x`.
  static let bigCell = String(repeating: "x", count: 1 << 20)

  static let inputs: [Input] = [
    Input(format: .text, name: "line", text: bigCell + "\n"),
    Input(format: .csv, name: "quoted field", text: "title\n\"" + bigCell + "\"\n"),
    Input(format: .tsv, name: "field", text: "title\n" + bigCell + "\n"),
    Input(format: .json, name: "string", text: "[\"" + bigCell + "\"]"),
    Input(format: .jsonl, name: "array row", text: "[\"" + bigCell + "\", 1]\n"),
    Input(format: .json, name: "object value", text: "[{\"a\": \"" + bigCell + "\"}]"),
    Input(format: .json, name: "number", text: "[[" + String(repeating: "1", count: 1 << 20) + "]]"),
    Input(
      format: .json, name: "nesting",
      text: "[{\"a\": " + String(repeating: "[", count: 1 << 19) + String(repeating: "]", count: 1 << 19)
        + "}]"),
  ]

  private static func options(_ format: DataFormat, limit: Int = LoadLimit.ceiling) -> LoadOptions {
    var options = LoadOptions(
      name: "t", source: .standardInput, presets: DatasetPresets(title: "t"), format: format)
    options.limit = LoadLimit(bytes: limit)
    return options
  }

  /// The system refusing a large allocation mid-load is one error naming the input, whatever
  /// buffer asked (the table's text, a cell being read, a JSON value's nesting).
  @Test(arguments: inputs)
  func aRefusedAllocationIsAnError(_ input: Input) {
    var control = LoadControl()
    control.failsAllocationsAbove = 256 * 1024
    let error = DataFixture.error {
      try DatasetLoader.load(
        .data(Data(input.text.utf8), label: "f"), options: Self.options(input.format), control: control)
    }
    guard case .outOfMemory(let label, let held, let requested) = error else {
      Issue.record("expected out of memory, got \(String(describing: error))")
      return
    }
    #expect(label == "f")
    // The first refusal may be the table's reservation, before anything is held.
    #expect(held >= 0 && held <= 2 << 20)
    #expect(requested > 0)
    #expect(error?.description.hasPrefix("Cannot load 'f': out of memory after ") == true)
    #expect(error?.description.contains("; the previous dataset stays") == true)
  }

  /// The same inputs load when memory allows, and the load's peak stays under its limit: a cell
  /// is held twice at most (read, then stored), plus the fixed scratch.
  @Test(arguments: inputs)
  func aLoadHoldsAtMostItsLimit(_ input: Input) throws {
    let limit = 3 << 20
    let result = try DatasetLoader.load(
      .data(Data(input.text.utf8), label: "f"), options: Self.options(input.format, limit: limit))
    #expect(result.dataset.rowCount == 1)
    #expect(result.peakBytes <= limit)
    #expect(result.peakBytes >= input.text.utf8.count)
  }

  /// A cell is read into scratch and then stored: under a limit of less than twice its size the
  /// load stops, however much of the limit the input alone takes.
  @Test(arguments: inputs)
  func aCellHeldTwiceCountsTwice(_ input: Input) {
    let limit = input.text.utf8.count * 3 / 2
    let error = DataFixture.error {
      try DatasetLoader.load(
        .data(Data(input.text.utf8), label: "f"), options: Self.options(input.format, limit: limit))
    }
    if input.format == .text || input.format == .tsv {
      // A line in one chunk is stored straight from the stream: no scratch copy.
      #expect(error == nil || error == .loadTooLarge("f", limit: limit))
    } else {
      #expect(error == .loadTooLarge("f", limit: limit))
    }
  }

  /// A buffer whose growth is refused keeps its elements and gives back what it charged.
  @Test func aRefusedGrowthLeavesTheBufferAsItWas() throws {
    let budget = LoadBudget(label: "b", limit: 1 << 20)
    let buffer = try UnsafeGrowableBuffer<UInt8>(capacity: 16, budget: budget)
    let bytes = [UInt8](repeating: 7, count: 1000)
    try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in try buffer.append(contentsOf: bytes) }
    let charged = budget.charged
    budget.failsAllocationsAbove = 1500
    let error = DataFixture.error {
      try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in try buffer.append(contentsOf: bytes) }
    }
    guard case .outOfMemory("b", let held, _) = error else {
      Issue.record("expected out of memory, got \(String(describing: error))")
      return
    }
    #expect(held == charged)
    #expect(budget.charged == charged)
    #expect(buffer.count == 1000 && buffer.buffer.allSatisfy { $0 == 7 })
    buffer.checkInvariants()
    // Over the limit is the limit's error, and charges nothing either.
    budget.failsAllocationsAbove = .max
    let big = [UInt8](repeating: 1, count: 2 << 20)
    let over = DataFixture.error {
      try big.withUnsafeBufferPointer { (bytes) throws(TableError) in try buffer.append(contentsOf: bytes) }
    }
    #expect(over == .loadTooLarge("b", limit: 1 << 20))
    #expect(budget.charged == charged)
  }

  /// Growth stops at what the budget has left, so a table that fits is not refused for doubling.
  @Test func growthIsCappedByTheBudget() throws {
    let budget = LoadBudget(label: "b", limit: 100_000)
    let buffer = try UnsafeGrowableBuffer<UInt8>(capacity: 16, budget: budget)
    let bytes = [UInt8](repeating: 1, count: 99_000)
    try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in
      for index in 0..<bytes.count { try buffer.append(bytes[index]) }
    }
    #expect(buffer.count == 99_000)
    buffer.checkInvariants()
    #expect(budget.charged <= 100_000)
    #expect(budget.peak == budget.charged)
  }

  /// Repairing a window at a time decodes exactly as the whole cell does, whatever falls on a
  /// window's edge.
  @Test(arguments: [1, 2, 3, 4, 5])
  func windowedRepairMatchesTheWholeDecode(_ seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let alphabet: [UInt8] = [0x41, 0x80, 0xBF, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF, 0xA0, 0x9F, 0x90]
    let count = UTF8Repair.repairWindow * 3 + Int(seed)
    let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
    let budget = LoadBudget.unbounded()
    let out = try UnsafeGrowableBuffer<UInt8>(budget: budget)
    try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in try UTF8Repair.repair(bytes, into: out)
    }
    let whole = bytes.withUnsafeBufferPointer { UTF8Repair.repaired($0) }
    #expect(Array(out.buffer) == whole)
  }

  /// The screen copies at most `shownBytes` of a cell, cut before a character, then "…".
  @Test func aShownCellIsCutShort() throws {
    let long = String(repeating: "é", count: Dataset.shownBytes)
    let result = try DataFixture.load("\(long)\nshort\n", format: .text)
    let shown = result.dataset.shownCell(row: 0, column: 0)
    #expect(shown.utf8.count == Dataset.shownBytes + "…".utf8.count)
    #expect(shown.hasSuffix("é…"))
    #expect(result.dataset.shownCell(row: 1, column: 0) == "short")
    #expect(result.dataset.cell(row: 0, column: 0) == long)
  }
}
