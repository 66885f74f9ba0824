import Foundation
import Testing

@testable import Engine
@testable import ShellCore

/// `SearchMemory`: memory the system refuses, or whose size overflows, is a `searchOutOfMemory`
/// error naming the bytes asked for; memory it grants is usable.
struct SearchMemoryTests {
  /// 2^50 elements of 8 bytes (8 PiB) pass any x86-64 or arm64 address space; 2^62 of them
  /// overflow `Int`.
  static let refused: [(count: Int, bytes: Int)] = [(1 << 50, 1 << 53), (1 << 62, .max)]

  @Test(arguments: refused.indices)
  func refusedMemoryIsAnErrorNamingTheBytes(index: Int) {
    let (count, bytes) = Self.refused[index]
    #expect(throws: SearchError.searchOutOfMemory(requested: bytes)) {
      _ = try SearchMemory.allocate(UInt64.self, count: count)
    }
    #expect(throws: SearchError.searchOutOfMemory(requested: bytes)) {
      try SearchMemory.ensureRoom(for: UInt64.self, count: count)
    }
  }

  @Test func grantedMemoryHoldsItsElements() throws {
    let values = try SearchMemory.allocate(Int32.self, count: 1_000)
    defer { free(values) }
    values.initialize(from: Array(0..<1_000), count: 1_000)
    #expect(values[999] == 999)
    try SearchMemory.ensureRoom(for: Int32.self, count: 1 << 20)
  }

  @Test func theErrorIsOneLineSayingThePreviousResultsStay() {
    #expect(
      ShellError.searchOutOfMemory(requested: 24_000_000).description
        == "Not enough memory for this search (22.9 MiB more was refused); the previous results stay")
  }
}
