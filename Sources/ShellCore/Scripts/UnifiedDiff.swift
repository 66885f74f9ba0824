/// The lines of a unified diff (`diff -u`) between two texts, with three lines of context.
enum UnifiedDiff {
  private enum Edit: Equatable {
    case same(Int, Int)
    case removed(Int)
    case added(Int)
  }

  /// The diff from `old` to `new`, or no lines when they are equal.
  static func lines(old: [String], new: [String], oldName: String, newName: String, context: Int = 3)
    -> [String]
  {
    guard old != new else { return [] }
    let edits = script(old, new)
    var output = ["--- \(oldName)", "+++ \(newName)"]
    // Group the changes into hunks that share context.
    let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
    var groups: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - context)...min(edits.count - 1, index + context)
      if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
        groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        groups.append(range)
      }
    }
    for group in groups {
      let slice = edits[group]
      var oldStart: Int?
      var newStart: Int?
      var oldCount = 0
      var newCount = 0
      var body: [String] = []
      for edit in slice {
        switch edit {
        case .same(let a, let b):
          oldStart = oldStart ?? a
          newStart = newStart ?? b
          oldCount += 1
          newCount += 1
          body.append(" " + old[a])
        case .removed(let a):
          oldStart = oldStart ?? a
          oldCount += 1
          body.append("-" + old[a])
        case .added(let b):
          newStart = newStart ?? b
          newCount += 1
          body.append("+" + new[b])
        }
      }
      // An empty side is numbered from the line before it, as diff does.
      let oldFrom =
        oldCount == 0 ? position(before: group.lowerBound, in: edits, old: true) : (oldStart ?? 0) + 1
      let newFrom =
        newCount == 0 ? position(before: group.lowerBound, in: edits, old: false) : (newStart ?? 0) + 1
      output.append("@@ -\(oldFrom),\(oldCount) +\(newFrom),\(newCount) @@")
      output += body
    }
    return output
  }

  /// How many lines of one side come before edit `index`.
  private static func position(before index: Int, in edits: [Edit], old: Bool) -> Int {
    edits[..<index].reduce(0) { count, edit in
      switch edit {
      case .same: return count + 1
      case .removed: return count + (old ? 1 : 0)
      case .added: return count + (old ? 0 : 1)
      }
    }
  }

  /// A shortest edit script by longest common subsequence (transcripts are small).
  private static func script(_ old: [String], _ new: [String]) -> [Edit] {
    let n = old.count
    let m = new.count
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] =
          old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        edits.append(.same(i, j))
        i += 1
        j += 1
      } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
        // Removals first, as diff -u prints them.
        edits.append(.removed(i))
        i += 1
      } else {
        edits.append(.added(j))
        j += 1
      }
    }
    return edits
  }
}
