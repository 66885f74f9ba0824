import Engine
import Foundation

extension PostgresFold {
  /// The map, from `TextFolding.foldForm` of every assigned scalar past ASCII (private-use
  /// scalars have no case and no decomposition, so they fold to themselves and are skipped).
  ///
  /// What `PostgresFoldTables+Stored.swift` holds, computed again: for the test that holds the
  /// two equal and for `scripts/generate-fold-tables.sh` (a toolchain's new Unicode tables).
  static func computedMapping() -> Mapping {
    var deleted: [UInt32] = []
    var groups = [[(source: UInt32, target: UInt32)]](repeating: [], count: groupStarts.count)
    var expansions: [(source: UInt32, target: [UInt32])] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), isCandidate(scalar) else { continue }
      let text = String(String.UnicodeScalarView([scalar]))
      let folded = TextFolding.foldForm(text).unicodeScalars.map(\.value)
      if folded == [value] { continue }
      if folded.isEmpty {
        deleted.append(value)
        continue
      }
      // A scalar NFD splits never reaches the map: the server's NFD splits it first.
      guard text.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]) else { continue }
      if folded.count == 1, let group = groupStarts.lastIndex(where: { $0 <= value }) {
        groups[group].append((value, folded[0]))
      } else {
        expansions.append((value, folded))
      }
    }
    return Mapping(deletions: ranges(deleted), groups: groups, expansions: expansions)
  }

  /// The scalars whose NFD holds a `translate()` source of `map`, as ranges.
  static func computedTranslatedBy(_ map: Mapping) -> [ClosedRange<UInt32>] {
    let sources = Set(map.groups.flatMap { $0.map(\.source) })
    return ranges(
      (UInt32(0x80)...0x10FFFF).filter { value in
        guard let scalar = Unicode.Scalar(value), isCandidate(scalar) else { return false }
        if sources.contains(value) { return true }
        let text = String(String.UnicodeScalarView([scalar]))
        return text.decomposedStringWithCanonicalMapping.unicodeScalars.contains {
          sources.contains($0.value)
        }
      })
  }
}
