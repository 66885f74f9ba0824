import CLibPQ
import Engine
import Tables

/// A connection's server notices (`RAISE NOTICE` in a view or trigger, warnings), kept as one
/// printable line each until the session prints them; libpq never writes them to the terminal.
///
/// libpq's receiver is a C function that captures nothing: it finds this object through the
/// pointer registered with it (`register`), which the connection keeps alive as long as itself.
/// Notices of statements the shell runs for itself (`quiet`, as `prepare` does) and the routine
/// "…, skipping" of `IF [NOT] EXISTS` are dropped; at most `limit` are kept between two reads,
/// the rest only counted (a view may raise one per row).
///
/// A notice at login (a role's setting the server warns about) is kept once: the server says it
/// again whenever it applies the role's settings anew (after every statement that fails or is
/// cancelled, and at each reconnect), and each line it already said is dropped from then on.
package final class PostgresNotices {
  /// The most notices kept between two `drain`s.
  static let limit = 20
  /// The longest notice kept, in Unicode scalars.
  static let lineLimit = 300
  /// Whether notices are dropped: the shell's own statements run.
  var quiet = false
  /// The lines kept, printable.
  private var lines: [String] = []
  /// How many more arrived past `limit`.
  private var overflow = 0
  /// A FATAL message received outside a statement, kept for the reconnect line.
  private var fatal: String?
  /// Whether the connection is logging in (connecting, or its set-up after a reconnect).
  var isLoggingIn = false
  /// The lines kept at login, never kept again.
  private var loginLines: Set<String> = []

  /// Routes `connection`'s notices here (`self` must outlive the connection's last call).
  func register(on connection: OpaquePointer) {
    let receiver: PQnoticeReceiver = { context, result in
      guard let context, let result else { return }
      Unmanaged<PostgresNotices>.fromOpaque(context).takeUnretainedValue().receive(result)
    }
    _ = PQsetNoticeReceiver(connection, receiver, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Keeps one notice (libpq's result for it), unless it is dropped.
  func receive(_ result: OpaquePointer) {
    func field(_ code: UInt8) -> String {
      PQresultErrorField(result, Int32(code)).map { String(cString: $0) } ?? ""
    }
    let severity = field(UInt8(ascii: "V"))
    let message = field(UInt8(ascii: "M"))
    note(severity: severity.isEmpty ? field(UInt8(ascii: "S")) : severity, message: message)
  }

  /// Keeps a notice of `severity` saying `message` (the logic of `receive`, testable without libpq).
  func note(severity: String, message: String) {
    // The server's last words before it closes the connection: the reconnect line says them.
    if severity == "FATAL" || severity == "PANIC" {
      fatal = Sanitizer.bounded(Self.flattened(message), limit: Self.lineLimit)
      return
    }
    if quiet || (severity == "NOTICE" && message.hasSuffix(", skipping")) { return }
    guard lines.count < Self.limit else {
      overflow = overflow.addingReportingOverflow(1).overflow ? overflow : overflow + 1
      return
    }
    let label = severity.isEmpty ? "NOTICE" : severity
    let line = Sanitizer.bounded(label + ": " + Self.flattened(message), limit: Self.lineLimit)
    guard !loginLines.contains(line) else { return }
    if isLoggingIn { loginLines.insert(line) }
    lines.append(line)
  }

  /// `message` on one line: its own line breaks become spaces before the sanitizer sees it.
  static func flattened(_ message: String) -> String {
    String(String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
  }

  /// The server's FATAL message that came outside a statement (it is closing the connection),
  /// then forgets it.
  func takeFatal() -> String? {
    defer { fatal = nil }
    return fatal
  }

  /// The lines kept since the last call (and a count of those past `limit`), then forgets them.
  package func drain() -> [String] {
    var result = lines
    if overflow > 0 { result.append("… and \(overflow) more notices from the server") }
    lines = []
    overflow = 0
    return result
  }

  /// Runs `body` with notices dropped (the shell's own statements).
  func quietly<Result>(_ body: () throws(BackendError) -> Result) throws(BackendError) -> Result {
    let outer = quiet
    quiet = true
    defer { quiet = outer }
    return try body()
  }
}
