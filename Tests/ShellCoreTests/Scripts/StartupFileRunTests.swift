import Foundation
import TablesTestSupport
import Testing

@testable import ShellCore

/// The start-up file inside a session, and where it is looked for.
struct StartupFileRunTests {
  private func file(_ text: String) throws -> (folder: URL, path: String) {
    let folder = try DataFixture.temporaryDirectory()
    let path = folder.appendingPathComponent("rc").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  /// Failing lines name the file and line, and count for nothing; the lines leave no history,
  /// no echo, and `quit` ends only the file.
  @Test func linesRunQuietlyAndFailuresAreNotCounted() throws {
    let (folder, path) = try file("set match fuzzy\r\n\n  # note\nbogus\necho one\nquit\necho never\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try SessionFixture()
    fixture.session.hooks.scriptOptions.echo = true
    fixture.session.runStartupFile(path)
    #expect(fixture.console.errors == ["error: \(path):4: Unknown command 'bogus'. Did you mean 'focus'?"])
    #expect(fixture.console.output.last == "one")
    #expect(!fixture.console.output.contains("never"))
    #expect(!fixture.console.output.contains { $0.hasPrefix(">") })
    #expect(!fixture.session.hasFailures)
    #expect(fixture.session.history == [])
    #expect(fixture.session.screen.settings.match == .fuzzy)
    #expect(fixture.session.hooks.scriptOptions.echo)
    #expect(fixture.session.execute("echo after"))
  }

  @Test func anUnreadableFileIsOneLine() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try SessionFixture()
    fixture.session.runStartupFile(folder.path)
    #expect(fixture.console.errors == ["error: \(folder.path): '\(folder.path)' is a directory, not a file"])
  }

  @Test func locatesTheNamedThenTheXDGThenTheHomeFile() throws {
    let home = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["HOME": home.path]
    #expect(StartupFile.locate(environment: environment) == nil)
    try Data().write(to: home.appendingPathComponent(".searchshellrc"))
    #expect(StartupFile.locate(environment: environment)?.path == home.path + "/.searchshellrc")
    let config = home.appendingPathComponent("cfg/searchshell")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data().write(to: config.appendingPathComponent("rc"))
    let xdg = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/cfg"]
    #expect(StartupFile.locate(environment: xdg)?.path == home.path + "/cfg/searchshell/rc")
    #expect(StartupFile.locate(environment: xdg)?.named == false)
    let named = StartupFile.locate(environment: xdg.merging(["SEARCHSHELL_RC": "~/x"]) { $1 })
    #expect(named?.path == home.path + "/x")
    #expect(named?.named == true)
    #expect(StartupFile.locate(environment: xdg.merging(["SEARCHSHELL_RC": ""]) { $1 }) == nil)
  }
}
