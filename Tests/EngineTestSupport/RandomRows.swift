import Engine
import Foundation

/// Random rows and queries for the matching property tests, drawn from a `SeededGenerator`:
/// ASCII, accented (sometimes in NFD) and other-script words, and repetitive rows for fuzzy
/// scoring.
package enum RandomRows {
  package static let ascii = [
    "apple", "Banana", "cherry", "date", "Elder", "fig", "grape", "HONEY", "kiwi", "lemon", "st", "sta",
    "stand", "a", "the", "x-ray", "o'neil", "2024",
  ]
  package static let accented = [
    "café", "Crème", "brûlée", "Zürich", "Øresund", "straße", "Ærø", "naïve", "Łódź", "Đà", "ıstanbul",
    "İzmir", "ÉCLAIR", "jalapeño", "Ŧest", "œuvre",
  ]
  package static let other = [
    "東京", "タワー", "🍕", "👩‍💻", "Ελλάδα", "ΣΟΦΟΣ", "한국", "naïve", "x\u{301}y", "ɛɐʃ", "Ɐɀ",
  ]

  /// A random word, with accented words sometimes in NFD.
  package static func word(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<6: return ascii.randomElement(using: &random) ?? "a"
    case 6..<8:
      let word = accented.randomElement(using: &random) ?? "é"
      return Bool.random(using: &random) ? word.decomposedStringWithCanonicalMapping : word
    default: return other.randomElement(using: &random) ?? "🍕"
    }
  }

  /// `count` rows of up to four words each, joined by spaces or dashes.
  package static func rows(_ count: Int, _ random: inout SeededGenerator) -> [String] {
    (0..<count).map { _ in
      (0..<Int.random(in: 0...4, using: &random)).map { _ in word(&random) }.joined(
        separator: Bool.random(using: &random) ? " " : "-")
    }
  }

  /// A query built from pieces of rows, in random spellings, with random syntax.
  package static func query(_ rows: [String], _ random: inout SeededGenerator) -> String {
    var terms: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      var piece: String
      if Int.random(in: 0..<5, using: &random) == 0 {
        piece = String(
          (0..<Int.random(in: 1...2, using: &random)).map { _ in
            "aeiostxzé東🍕".randomElement(using: &random) ?? "a"
          })
      } else {
        let row = Array(rows.randomElement(using: &random) ?? "a")
        guard !row.isEmpty else { continue }
        let start = Int.random(in: 0..<row.count, using: &random)
        let length = Int.random(in: 1...min(5, row.count - start), using: &random)
        piece = String(row[start..<start + length])
      }
      switch Int.random(in: 0..<6, using: &random) {
      case 0: piece = piece.uppercased()
      case 1: piece = TextFolding.foldForm(piece)
      case 2: piece = piece.decomposedStringWithCanonicalMapping
      default: break
      }
      piece = piece.replacingOccurrences(of: " ", with: "\\ ")
      switch Int.random(in: 0..<12, using: &random) {
      case 0: piece = "!" + piece
      case 1: piece = "^" + piece
      case 2: piece = piece + "$"
      case 3: piece = "'" + piece
      default: break
      }
      terms.append(piece)
      if Int.random(in: 0..<6, using: &random) == 0 { terms.append("|") }
    }
    return terms.joined(separator: " ")
  }

  /// Rows of a few letters, spaces and dashes (many alignments per pattern), 0 to 100 bytes so
  /// some exceed the 64 bytes of the bitmask kernel, some with an accented or CJK word.
  package static func repetitiveRows(_ count: Int, _ random: inout SeededGenerator) -> [String] {
    (0..<count).map { _ in
      var row = String(
        (0..<Int.random(in: 0...100, using: &random)).map { _ in
          "aabbss t-".randomElement(using: &random) ?? "a"
        })
      if Int.random(in: 0..<8, using: &random) == 0 {
        row.insert(contentsOf: ["é", "É", "東", "ß"].randomElement(using: &random) ?? "é", at: row.startIndex)
      }
      return row
    }
  }

  /// A pattern of 1 to 8 of the same few characters: repeated characters, often no match.
  package static func repetitivePattern(_ random: inout SeededGenerator) -> String {
    String(
      (0..<Int.random(in: 1...8, using: &random)).map { _ in "absst-é".randomElement(using: &random) ?? "a" })
  }

  /// Rows of 0 to 100 characters of every class fzf's bonuses tell apart (both cases, digits,
  /// delimiters, other punctuation, spaces), over few letters so that runs and repeats are
  /// common; some with an accented letter (upper or lower case) or CJK.
  package static func classRows(_ count: Int, _ random: inout SeededGenerator) -> [String] {
    (0..<count).map { _ in
      var row = String(
        (0..<Int.random(in: 0...100, using: &random)).map { _ in
          "aAbBsStT  1/_-.:".randomElement(using: &random) ?? "a"
        })
      if Int.random(in: 0..<6, using: &random) == 0 {
        let index = row.index(row.startIndex, offsetBy: Int.random(in: 0...row.count, using: &random))
        row.insert(contentsOf: ["é", "É", "東", "ß"].randomElement(using: &random) ?? "é", at: index)
      }
      return row
    }
  }

  /// A pattern of 1 to 6 lowercase characters of `classRows`' alphabet.
  package static func classPattern(_ random: inout SeededGenerator) -> String {
    String(
      (0..<Int.random(in: 1...6, using: &random)).map { _ in "absst1/_ ".randomElement(using: &random) ?? "a"
      })
  }
}
