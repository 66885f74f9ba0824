import Foundation

/// A temporary folder holding `rows.txt`, the lines `row 1` to `row N`, removed with the value.
final class GeneratedRows {
  let folder: URL
  /// The rows file's path.
  var path: String { folder.appendingPathComponent("rows.txt").path }

  init(_ count: Int, folderPrefix: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(folderPrefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data((1...count).map { "row \($0)\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}

extension TerminalSession {
  /// At a `rows>` prompt: clears the screen (the welcome screen shows rows too), starts `list all`
  /// and presses Ctrl-C once its rows show; returns the screen with the cancellation line.
  func cancelListingAll() async throws -> String {
    try send("C-l")
    try await waitFor("rows>")
    try type("list all")
    try send("Enter")
    try await waitFor("  row ")
    try send("C-c")
    return try await waitFor("Cancelled 'list' (Ctrl-C)")
  }
}
