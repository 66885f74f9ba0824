import Foundation
import Testing

@testable import Engine
@testable import Tables

/// `UnsafePinnedBuffer.checked`: a buffer the system refuses, or whose size overflows, is a
/// `searchOutOfMemory` error naming its bytes (the index build turns it into a load error); one it
/// grants is zeroed as asked.
struct UnsafePinnedBufferTests {
  /// 2^50 elements of 8 bytes (8 PiB) pass any x86-64 or arm64 address space; 2^62 of them
  /// overflow `Int`, as `Int.max` elements plus padding do.
  static let refused: [(count: Int, padding: Int, bytes: Int)] = [
    (1 << 50, 0, 1 << 53), (1 << 62, 0, .max), (.max, 8, .max),
  ]

  @Test(arguments: refused.indices)
  func refusedBuffersAreAnErrorNamingTheBytes(index: Int) {
    let (count, padding, bytes) = Self.refused[index]
    #expect(throws: SearchError.searchOutOfMemory(requested: bytes)) {
      _ = try UnsafePinnedBuffer<UInt64>.checked(count: count, padding: padding)
    }
    #expect(throws: SearchError.searchOutOfMemory(requested: bytes)) {
      _ = try UnsafePinnedBuffer<UInt64>.unsafeWritableChecked(count: count, padding: padding, zeroed: false)
    }
  }

  @Test func grantedBuffersHoldTheirElementsAndZeroedPadding() throws {
    let zeroed = try UnsafePinnedBuffer<UInt32>.checked(count: 1_000, padding: 4)
    #expect(zeroed.count == 1_000)
    #expect((0..<1_004).allSatisfy { zeroed.base[$0] == 0 })
    let copied = try UnsafePinnedBuffer<Int32>.checked(copying: Array(0..<100), padding: 2)
    #expect(Array(copied.buffer) == Array(0..<100))
    #expect(copied.base[100] == 0 && copied.base[101] == 0)
    let (written, slots) = try UnsafePinnedBuffer<UInt8>.unsafeWritableChecked(
      count: 3, padding: 5, zeroed: false)
    slots.update(repeating: 7, count: 3)
    #expect(Array(written.buffer) == [7, 7, 7])
    #expect((3..<8).allSatisfy { written.base[$0] == 0 })
    zeroed.checkInvariants()
    copied.checkInvariants()
    written.checkInvariants()
  }

  /// Without an address-space limit (the test process has none) worker threads are never refused.
  @Test func threadsHaveRoomWithoutAnAddressSpaceLimit() {
    var limit = rlimit()
    #expect(getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0)
    #expect(limit.rlim_cur == rlim_t.max)
    #expect(ThreadRoom.hasRoom(threads: 64))
  }
}
