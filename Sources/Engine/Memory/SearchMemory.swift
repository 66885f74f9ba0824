import Foundation

/// Memory for a search whose size grows with the dataset or the query, refused as an error.
///
/// `UnsafeMutablePointer.allocate` and Swift's own array storage trap when the system refuses
/// memory (`ulimit -v`, an exhausted address space); a search must fail instead, leaving the
/// previous result as it was. One nil test per allocation, never per row.
enum SearchMemory {
  /// `count` uninitialized elements from `malloc` (released with `free`), or
  /// `searchOutOfMemory` when their size overflows or the system refuses it.
  static func allocate<Element>(
    _ type: Element.Type, count: Int
  ) throws(SearchError) -> UnsafeMutablePointer<Element> {
    let bytes = try self.bytes(of: type, count: count)
    guard let address = malloc(max(bytes, 1)) else { throw .searchOutOfMemory(requested: bytes) }
    return address.bindMemory(to: Element.self, capacity: max(count, 1))
  }

  /// Throws `searchOutOfMemory` unless the system grants `count` elements now.
  ///
  /// Checked just before Swift allocates an array of them, whose refusal would trap. A trial,
  /// not a reservation: on one thread between two allocations nothing else of size takes the room.
  static func ensureRoom<Element>(for type: Element.Type, count: Int) throws(SearchError) {
    free(try allocate(type, count: count))
  }

  /// The bytes of `count` elements, or `searchOutOfMemory` when they pass `Int.max`.
  static func bytes<Element>(of type: Element.Type, count: Int) throws(SearchError) -> Int {
    let (bytes, overflow) = max(count, 0).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    guard !overflow else { throw .searchOutOfMemory(requested: .max) }
    return bytes
  }
}
