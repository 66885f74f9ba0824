/// The era of an app and the UIKit properties its code sets; a property left nil keeps the
/// default of the SDK the app is linked against.
package struct AppSettings: Equatable, Sendable {
  /// The SDK the tutorial's app was built with.
  package var sdk = SDKEra.current
  /// `obscuresBackgroundDuringPresentation` (or `dimsBackgroundDuringPresentation`), if set.
  package var obscures: Bool?

  /// An app of `sdk` that sets `obscures` (nil: never sets it).
  package init(sdk: SDKEra = .current, obscures: Bool? = nil) {
    self.sdk = sdk
    self.obscures = obscures
  }
}
