import Testing

@testable import UIKitModel

/// `LifecycleOptions.link(against:settings:)`: an app keeps what its code sets and takes its
/// SDK's default for the rest (obscuresBackgroundDuringPresentation: YES before iOS 15).
struct SDKEraTests {
  @Test(arguments: [
    (SDKEra.ios8, nil as Bool?, Flavor.controller, true), (.ios14, nil, .controller, true),
    (.ios15, nil, .controller, false), (.ios17, nil, .controller, false),
    (.ios8, false, .controller, false), (.ios17, true, .controller, true),
    (.ios8, nil, .display, false), (.ios8, nil, .custom, false),
  ])
  func linkingTakesTheEraDefaultWhereTheAppSetsNothing(
    _ era: SDKEra, _ appSets: Bool?, _ flavor: Flavor, _ dims: Bool
  ) {
    var options = LifecycleOptions()
    options.flavor = flavor
    options.link(against: era, settings: AppSettings(sdk: .ios9, obscures: appSets))
    #expect(options.sdk == era)
    #expect(options.obscures == dims)
  }

  @Test func erasAreOrderedFromIOS7ToTheCurrentOne() {
    #expect(SDKEra.allCases.first == .ios7 && SDKEra.allCases.last == .current)
    #expect(SDKEra.ios9 < .ios15 && !(SDKEra.ios15 < .ios9))
  }
}
