import Foundation
import Testing

/// The dataset a session opens with (`searchshell FILE`, `--dataset`) says what `load` would.
struct StartupWarningTests {
  @Test func theFirstDatasetsWarningsAreShownAsLoadShowsThem() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "startup-\(UUID().uuidString).csv"
    ).path
    try "name,kind\nfig,fruit,extra\nleek,vegetable\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let warning = "warning: 1 row has more fields than the header; the extra fields were dropped"
    let fixture = try SessionFixture(dataset: path)
    #expect(fixture.console.errors == [warning])
    #expect(fixture.run("load \(path)").errors == [warning])
  }
}
