import Foundation

/// Wakes the picker's terminal loop from another thread: rows arrived, a preview finished.
///
/// A pipe the loop polls beside the terminal (a thread cannot interrupt `poll` otherwise);
/// `signal` writes a byte without ever blocking, and `drain` empties it before the loop looks
/// at what arrived, so a wake is never lost between the two.
public final class PickerWake: @unchecked Sendable {
  /// The end the loop polls.
  public let descriptor: Int32
  private let writeEnd: Int32

  /// A wake pipe, or nil when the system has no descriptor left.
  public init?() {
    guard let ends = ChildProcess.makePipe(nonBlocking: true) else { return nil }
    descriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(descriptor)
    close(writeEnd)
  }

  /// Wakes the loop (a full pipe means it is woken already).
  public func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe.
  public func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// Waits up to `milliseconds` (-1: forever) for a wake; true when one came.
  public func wait(milliseconds: Int32) -> Bool {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&watched, 1, milliseconds) > 0
  }
}
