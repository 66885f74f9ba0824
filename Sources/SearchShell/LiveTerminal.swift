@preconcurrency import CReadline
import Foundation
import ShellCore
import Tables

/// Live mode's terminal: raw mode, keys in, frames out, below the prompt (no alternate screen).
///
/// The frame fills the terminal's height less one line, so the `live` command stays in sight;
/// each redraw goes back to the frame's first line and rewrites it. Leaving clears the frame
/// and restores the terminal, also on every terminating signal and on a stop; after `fg` the
/// frame is drawn again in raw mode (see `TerminalRestorer`).
final class LiveTerminal {
  private let controller: any LiveDriver
  private let device: TerminalDevice
  private var decoder = LiveKeyDecoder()
  /// The frame line the cursor is on, counted from the frame's first line.
  private var cursorLine = 0
  private var lastFrame: [String] = []
  /// Whether a resized frame was skipped (a key stopped its search): the next one clears first.
  private var clearsNextFrame = false
  /// Whether Ctrl-L asked for the next frame on a cleared terminal, drawn from its top line.
  private var clearsScreen = false
  /// When the last frame was drawn (nanoseconds of uptime), for the controller's redraw delay.
  private var lastDraw: UInt64 = 0

  private init(controller: any LiveDriver, device: TerminalDevice) {
    self.controller = controller
    self.device = device
  }

  /// Runs live mode on `session` until Esc or Ctrl-C; throws when there is no terminal.
  static func run(_ session: Session, on device: TerminalDevice = .standard) throws(ShellError) {
    try run(on: device) { LiveController(session: session) }
  }

  /// Runs the driver `make` returns on `device` (the picker's, or live mode's) until it leaves.
  static func run(on device: TerminalDevice, _ make: () -> any LiveDriver) throws(ShellError) {
    guard device.isTerminal else { throw .liveNeedsTerminal }
    fflush(nil)
    guard TerminalRestorer.enterRawMode(on: device) else { throw .liveNeedsTerminal }
    defer { TerminalRestorer.restore() }
    let terminal = LiveTerminal(controller: make(), device: device)
    terminal.loop()
  }

  private func loop() {
    draw()
    while !controller.hasLeft {
      guard let event = nextEvent() else { break }
      guard case .keys(let bytes) = event else {
        if controller.takeArrivals() { draw() }
        continue
      }
      var keys = decoder.decode(bytes)
      if decoder.hasPending, !waitForInput(milliseconds: 40) { keys += decoder.flushPending() }
      // Every key is its own lifecycle event, but the table is searched and drawn once for
      // everything that was waiting: a redraw never waits for a scan of a text already gone.
      handle(keys)
      if keys.contains(.redraw) { clearsScreen = true }
      if !controller.hasLeft { draw() }
    }
    clearFrame()
  }

  /// Hands `keys` to the controller, in one batch up to each key that may leave live mode;
  /// keys read with the one that left (typed ahead for the prompt) go to readline's input.
  private func handle(_ keys: [LiveKey]) {
    var start = 0
    while start < keys.count {
      let end = keys[start...].firstIndex(where: \.mayLeave).map { $0 + 1 } ?? keys.count
      _ = controller.handle(Array(keys[start..<end]))
      start = end
      if controller.hasLeft {
        if device.isStandard { Self.typeAhead(keys[end...]) }
        return
      }
    }
  }

  /// Puts keys back as the bytes they came from, for the next line readline reads.
  private static func typeAhead(_ keys: ArraySlice<LiveKey>) {
    for key in keys {
      let text: String
      switch key {
      case .character(let typed), .paste(let typed): text = typed
      case .enter: text = "\r"
      case .backspace: text = "\u{7F}"
      case .tab: text = "\t"
      default: continue
      }
      // readline holds a few hundred bytes; what does not fit is dropped, as a flush would.
      for byte in text.utf8 where rl_stuff_char(Int32(byte)) == 0 { return }
    }
  }

  /// What woke the loop: keys, or something the controller was waiting for (rows arrived, a
  /// preview, the spinner's next turn).
  private enum Event {
    case keys([UInt8])
    case arrival
  }

  /// Blocks for input or an arrival, then reads every key already waiting; nil when the
  /// terminal went away.
  ///
  /// A resize while waiting redraws at once.
  private func nextEvent() -> Event? {
    while true {
      if TerminalRestorer.takeContinued() {
        // Stopped and continued: the shell wrote below the old frame; draw a new one there.
        cursorLine = 0
        draw(resized: true)
      }
      if TerminalRestorer.takeResize() { draw(resized: true) }
      let delay = controller.redrawDelay
      var watched = [
        pollfd(fd: device.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: controller.wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&watched, 2, min(250, delay ?? 250))
      if ready > 0, watched[0].revents != 0 { break }
      if ready > 0, watched[1].revents != 0 { return .arrival }
      if let delay, DispatchTime.now().uptimeNanoseconds &- lastDraw >= UInt64(delay) * 1_000_000 {
        return .arrival
      }
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    repeat {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(device.input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return bytes.isEmpty ? nil : .keys(bytes) }
      bytes += buffer[0..<count]
    } while waitForInput(milliseconds: 0)
    return .keys(bytes)
  }

  /// Whether input is ready within `milliseconds` (false when a signal interrupted the wait).
  private func waitForInput(milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: device.input, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }

  private func draw(resized: Bool = false) {
    let (width, height) = TerminalRestorer.size()
    let frameHeight = min(controller.frameHeight(terminalHeight: height), max(3, height))
    // A key typed while the frame searches stops the search: the keys' own frame comes next.
    guard
      let frame = LiveInputWatch(descriptor: device.input).frame(
        of: controller.session,
        {
          controller.frame(width: width, height: frameHeight)
        })
    else {
      clearsNextFrame = clearsNextFrame || resized
      return
    }
    lastDraw = DispatchTime.now().uptimeNanoseconds
    var output = "\r" + (cursorLine > 0 ? "\u{1B}[\(cursorLine)A" : "")
    let clearedScreen = clearsScreen
    if clearsScreen {
      // Whatever else wrote on the terminal goes too (as readline's Ctrl-L).
      output = "\u{1B}[H\u{1B}[2J"
      clearsScreen = false
    }
    // After a resize the old frame may be taller or reflowed: clear it all first.
    let clears = clearedScreen || resized || clearsNextFrame || frame.count != lastFrame.count
    if clears { output += "\u{1B}[J" }
    clearsNextFrame = false
    // The frame escapes its data already; the boundary lets through only the shell's colours.
    // A line the terminal shows already is passed over (the spinner changes one line).
    output += frame.indices.map { index in
      if !clears, frame[index] == lastFrame[index] { return "" }
      return "\u{1B}[2K" + Sanitizer.terminalSafe(frame[index], keepingStyle: true)
    }.joined(separator: "\r\n")
    cursorLine = frame.count - 1
    lastFrame = frame
    TerminalRestorer.write(output)
    controller.session.showOnTerminal(output)
  }

  private func clearFrame() {
    let output = "\r" + (cursorLine > 0 ? "\u{1B}[\(cursorLine)A" : "") + "\u{1B}[J"
    TerminalRestorer.write(output)
    controller.session.showOnTerminal(output)
    cursorLine = 0
  }
}
