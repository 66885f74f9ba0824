/// The iOS SDK an app was linked against: UIKit keeps the defaults of that SDK for it
/// (`dyld_program_sdk_at_least` gates), whichever iOS runs it, so a tutorial app behaves as in
/// its own era.
public enum SDKEra: String, CaseIterable, Comparable, Sendable {
  case ios7, ios8, ios9, ios10, ios11, ios12, ios13, ios14, ios15, ios16, ios17

  /// The newest SDK the shell models, the one apps without a tutorial are linked against.
  package static let current = SDKEra.ios17

  /// `obscuresBackgroundDuringPresentation` (`dimsBackgroundDuringPresentation` before iOS 9.1)
  /// when the app never sets it: YES for apps linked before iOS 15, NO from iOS 15 on.
  package var obscuresByDefault: Bool { self < .ios15 }

  public static func < (lhs: SDKEra, rhs: SDKEra) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}
