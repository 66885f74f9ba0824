import Foundation
import ShellCore
import Tables

/// Draws a progress bar on standard error for loads that take more than a moment, and turns
/// Ctrl-C (the flag `SignalHandling` sets) into a cancelled load.
final class TerminalLoadMonitor: LoadMonitor {
  /// How long a load runs before the bar appears, so quick loads print nothing.
  private let delay: TimeInterval = 0.3
  private var started = Date()
  private var lastDrawn = Date.distantPast
  private var label = ""
  private var isShown = false

  func loadWillStart(_ label: String) {
    self.label = label
    started = Date()
    lastDrawn = .distantPast
    isShown = false
    SignalHandling.interrupted = 0
  }

  func loadProgressed(bytesRead: Int, totalBytes: Int?) {
    let now = Date()
    guard now.timeIntervalSince(started) >= delay, now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
    lastDrawn = now
    isShown = true
    var line = "\rLoading \(label) "
    if let totalBytes, totalBytes > 0 {
      let fraction = min(1, Double(bytesRead) / Double(totalBytes))
      let filled = Int(fraction * 30)
      line += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] "
      line += String(
        format: "%3d%%  %@ of %@", Int(fraction * 100), Self.megabytes(bytesRead), Self.megabytes(totalBytes))
    } else {
      line += Self.megabytes(bytesRead)
    }
    // Ctrl-C hint, then clear to the end of the line so a shorter line leaves no remains.
    write(line + "  (Ctrl-C cancels)\u{1B}[K")
  }

  func loadIndexing(rows: Int) {
    // Only a load long enough to show its bar says it goes on indexing.
    guard isShown || Date().timeIntervalSince(started) >= delay else { return }
    isShown = true
    write("\rIndexing \(label): \(rows) rows  (Ctrl-C cancels)\u{1B}[K")
  }

  var isCancelled: Bool { SignalHandling.interrupted != 0 }

  func loadDidEnd() {
    if isShown { write("\r\u{1B}[K") }
    // The interrupt was this load's; the prompt must not also discard a line for it.
    SignalHandling.interrupted = 0
  }

  /// Writes the bar's own escapes and an already escaped label; never traps.
  private func write(_ text: String) {
    StandardStreams.writeError(text)
  }

  private static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }
}
