import Engine
import Foundation
import Tables

/// Watches live mode's input while a frame is drawn: a key arriving cancels the frame's search.
///
/// The frame's search runs on the caller's thread; a watcher thread polls the descriptor and
/// cancels when input is ready (read nothing: the loop reads the keys after the frame). A slow
/// first page of a database then stops on the next keystroke instead of delaying it.
public struct LiveInputWatch: Sendable {
  /// The descriptor keys come from.
  public let descriptor: Int32
  /// How long one wait for input lasts before the watcher looks whether the frame ended (ms).
  static let pollInterval: Int32 = 5

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Draws with `draw`, the session's frame search stoppable by input; nil when input arrived
  /// meanwhile (the search may have stopped short: the frame for the waiting keys follows).
  public func frame(of session: Session, _ draw: () -> [String]) -> [String]? {
    let cancellation = SearchCancellation()
    let finished = SearchCancellation()
    let stopped = DispatchSemaphore(value: 0)
    let descriptor = descriptor
    Thread.detachNewThread {
      defer { stopped.signal() }
      while !finished.isCancelled {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&watched, 1, Self.pollInterval) > 0 {
          cancellation.cancel()
          return
        }
      }
    }
    session.screen.frameCancellation = cancellation
    let lines = draw()
    session.screen.frameCancellation = nil
    finished.cancel()
    stopped.wait()
    return cancellation.isCancelled ? nil : lines
  }
}
