import Testing

@testable import ShellCore

/// `Session` stays a thin driver: features keep their state in `SearchScreen` and its settings,
/// not in new stored properties of the session (the structure issue's limit is 15; 14 today).
struct SessionShapeTests {
  @Test func theSessionHoldsAtMostFourteenStoredProperties() throws {
    let fixture = try SessionFixture()
    let names = Mirror(reflecting: fixture.session).children.compactMap(\.label)
    #expect(names.count <= 14, "Session's stored properties: \(names)")
  }
}
