import Engine
import Foundation
import Tables

/// Presenting a script to an audience: the pace between actions, `--step`, `type` shown key by
/// key, `pause`, and where a failing line is.
///
/// Every wait also moves the presentation clock, so a cast rendered from a script carries the
/// same rhythm the audience at a terminal would see, on any machine.
extension Session {
  /// Lines that are no action of a demo: narration, stage directions and checks wait neither
  /// for the pace nor for Enter (`source` and `demo` pace their own lines instead).
  static let stageDirections: Set<Substring> = ["echo", "pause", "expect", "quiet", "source", "demo"]
  /// A stepping demo's set-up lines, which run without a step: the learner steps through actions.
  static let demoSetUp: Set<Substring> = ["load", "set", "trace", "app", "explain", "status", "diagram"]

  /// Lines `--echo` shows only as what they print: narration (`echo`), notes (`#`) and `pause`.
  static func isNarration(_ line: String) -> Bool {
    line.hasPrefix("#") || ["echo", "pause"].contains(CommandTokenizer.firstWord(line[...]).word)
  }

  /// Before a script's line runs at `depth` (> 0): the pace, its echo and `--step`'s wait.
  ///
  /// The pace comes before the echo, so the last output and its narration stay in sight for a
  /// while; `--step` shows the command first, then waits for Enter. Returns false when Ctrl-C
  /// ended a wait: the line is skipped (`skippedLine`), and its script stops before it.
  func introduce(_ line: String, depth: Int, written: String?) -> Bool {
    let isAction =
      depth > 0 && !line.hasPrefix("#")
      && !Self.stageDirections.contains(CommandTokenizer.firstWord(line[...]).word)
    let options = hooks.scriptOptions
    if isAction, scripting.actionsPresented > 0 {
      audience.clock.advance(seconds: options.pace ?? ScriptOptions.defaultCastPace)
      if let pacer = options.pacer, !options.step, let pace = options.pace, pace > 0 {
        flushCast()
        pacer.sleep(seconds: pace)
        if hooks.interruption.isCancelled { return skip() }
      }
    }
    let echoed = isEchoing(line, depth: depth)
    let shown = written.map(CommandTokenizer.trimmingLine) ?? line
    if echoed { printEcho(shown, depth: depth) }
    guard isAction else { return true }
    scripting.actionsPresented += 1
    let isSetUp = scripting.stepsDemo && Self.demoSetUp.contains(CommandTokenizer.firstWord(line[...]).word)
    if let pacer = options.pacer, options.step, !isSetUp {
      if !echoed { printEcho(shown, depth: depth) }
      flushCast()
      if scripting.stepsDemo {
        if !pacer.waitForStep() { scripting.demoStopped = true }
      } else {
        pacer.waitForKey(enterOnly: true, timeout: nil)
      }
      if hooks.interruption.isCancelled || scripting.demoStopped { return skip() }
    }
    return true
  }

  /// Marks the line about to run as skipped; returns false, for `introduce` to return.
  private func skip() -> Bool {
    scripting.skippedLine = true
    return false
  }

  /// After each character `type` or `backspace` sends but the last: on a presented terminal, and
  /// in a cast, the bar is drawn again in place with the text so far, a typing delay apart.
  func showKeystroke() {
    // The common case, every typed character off a stage: nothing to show.
    guard audience.cast != nil || hooks.scriptOptions.isPresenting, output.drawsScreen else { return }
    let options = hooks.scriptOptions
    let terminal = options.isPresenting ? options.pacer : nil
    let inCast = audience.cast.map { _ in audience.clock.kind == .virtual || terminal != nil } ?? false
    guard terminal != nil || inCast else { return }
    let width = options.pacer?.size.width ?? audience.cast?.width ?? 80
    // One line, cut to the width: a bar that wrapped could not be drawn again in place.
    let bar = LiveScreen.fitStyled(renderer().searchBarLine(), max(1, width - 1))
    audience.drawInPlace(
      Sanitizer.terminalSafe(bar, keepingStyle: style.isEnabled), on: terminal, inCast: inCast)
    audience.clock.advance(seconds: options.typeDelay)
    if let terminal, options.typeDelay > 0 { terminal.sleep(seconds: options.typeDelay) }
  }

  /// `pause [DURATION]`: on a terminal, waits for a key (at most DURATION); elsewhere nothing,
  /// but a rendered cast holds the screen for DURATION (2 seconds without one).
  func pauseCommand(_ text: String?) throws(ShellError) {
    var duration: Double?
    if let text {
      guard let seconds = ScriptOptions.seconds(text), seconds <= ScriptOptions.paceLimit else {
        throw .invalidValue(option: "pause", value: text, allowed: ScriptOptions.durationForms)
      }
      duration = seconds
    }
    audience.clock.advance(seconds: duration ?? ScriptOptions.defaultPauseHold)
    guard let pacer = hooks.scriptOptions.pacer else { return }
    flushCast()
    pacer.waitForKey(enterOnly: false, timeout: duration)
  }

  /// Where the line running now is, for an error: `demo.txt:12: ` (nothing outside a script file).
  var failurePlace: String {
    scripting.location.map { Sanitizer.printable($0.name) + ":\($0.line): " } ?? ""
  }
}

/// A line of a script file, for the place of an error.
struct ScriptLocation: Equatable {
  /// The script as named (the path given to `--script` or `source`).
  var name: String
  /// The line, from 1.
  var line: Int
}

extension ScriptOptions {
  /// The longest pace or pause: a wait longer than a minute is a typo.
  public static let paceLimit = 60.0

  /// The longest delay between two typed characters.
  public static let typeDelayLimit = 2.0

  /// How a duration is written, for errors.
  static let durationForms = "a duration from 0 to 60 seconds such as 500ms, 2s or 1.5"

  /// Seconds from `500ms`, `2s` or a plain number of seconds; nil for anything else.
  public static func seconds(_ text: String) -> Double? {
    var number = text[...]
    var scale = 1.0
    if text.hasSuffix("ms") {
      number = text.dropLast(2)
      scale = 0.001
    } else if text.hasSuffix("s") {
      number = text.dropLast()
    }
    guard let value = Double(number), value >= 0, value.isFinite else { return nil }
    return value * scale
  }
}
