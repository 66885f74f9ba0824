/// The files named on the command line, as less's and vim's argument list: the session opens
/// the first, and `next` and `previous` move along them.
package struct FileList: Equatable {
  /// One request per file, in order, each with the command line's load options.
  package let requests: [LoadRequest]
  /// The index of the file last opened from the list.
  package private(set) var position = 0

  /// The list of `requests`, at the first.
  package init(_ requests: [LoadRequest] = []) {
    self.requests = requests
  }

  /// The request of the file at the position, if any file was given.
  package var current: LoadRequest? { requests.indices.contains(position) ? requests[position] : nil }

  /// The index `offset` files away from the position, if the list has one there.
  package func index(movingBy offset: Int) -> Int? {
    // A count typed as 9999999999999999999 is clamped, never a trap.
    let (index, overflow) = position.addingReportingOverflow(offset)
    return !overflow && requests.indices.contains(index) ? index : nil
  }

  /// Moves the position to `index`, once the file there has opened (a failure leaves it).
  package mutating func move(to index: Int) {
    guard requests.indices.contains(index) else { return }
    position = index
  }
}
