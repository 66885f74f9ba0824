import Engine
import Foundation

extension PostgresForms {
  /// The per-scalar map after the server's normalisation (NFC for `lower`, NFD for `strip`),
  /// from the engine's own `caseForm` and `stripForm` of every assigned scalar past ASCII.
  ///
  /// What `PostgresForms+Stored.swift` holds, computed again: for the test that holds the
  /// two equal and for `scripts/generate-fold-tables.sh` (a toolchain's new Unicode tables).
  static func computedMapping(_ form: Form) -> PostgresFold.Mapping {
    var deleted: [UInt32] = []
    var groups = [[(source: UInt32, target: UInt32)]](repeating: [], count: PostgresFold.groupStarts.count)
    var expansions: [(source: UInt32, target: [UInt32])] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), PostgresFold.isCandidate(scalar), mayChange(scalar, form)
      else {
        continue
      }
      let text = String(String.UnicodeScalarView([scalar]))
      let normalized =
        form == .lower
        ? text.precomposedStringWithCanonicalMapping : text.decomposedStringWithCanonicalMapping
      // A scalar the server's normalisation replaces never reaches the map.
      guard normalized.unicodeScalars.elementsEqual([scalar]) else { continue }
      let mapped =
        (form == .lower ? TextFolding.caseForm(text) : TextFolding.stripForm(text)).unicodeScalars.map(
          \.value)
      if mapped == [value] { continue }
      if mapped.isEmpty {
        deleted.append(value)
      } else if mapped.count == 1, let group = PostgresFold.groupStarts.lastIndex(where: { $0 <= value }) {
        groups[group].append((value, mapped[0]))
      } else {
        expansions.append((value, mapped))
      }
    }
    return PostgresFold.Mapping(
      deletions: PostgresFold.ranges(deleted), groups: groups, expansions: expansions)
  }

  /// Whether `form` may map `scalar` to something else (a quick test before the exact one): the
  /// engine's forms change only scalars with a lowercase, marks, and its few extra folds.
  private static func mayChange(_ scalar: Unicode.Scalar, _ form: Form) -> Bool {
    switch form {
    case .lower: scalar.properties.changesWhenLowercased
    case .strip: scalar.properties.generalCategory == .nonspacingMark || TextFolding.casedFolds[scalar] != nil
    }
  }
}
