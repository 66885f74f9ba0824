import Testing

@testable import UIKitModel

/// An exhaustive test store for `SearchLifecycle`: every `send` states the whole callback list and
/// the whole next state (a mutation of a copy of the previous state), and both are compared with `==`.
struct LifecycleTestStore {
  let lifecycle: SearchLifecycle
  private(set) var state: SearchState

  init(
    _ options: LifecycleOptions = LifecycleOptions(), code: AppCode = AppCode(),
    state: SearchState = SearchState()
  ) {
    self.lifecycle = SearchLifecycle(options: options, code: code)
    self.state = state
  }

  /// Runs `actions` without assertions: the arrangement of a case.
  mutating func prime(_ actions: [SearchAction]) {
    for action in actions { _ = lifecycle.reduce(&state, action) }
  }

  /// Sends `action`, then asserts the exact callbacks and the exact new state.
  @discardableResult
  mutating func send(
    _ action: SearchAction, _ expected: [Callback], sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout SearchState) -> Void = { _ in }
  ) -> [Callback] {
    var expectedState = state
    update(&expectedState)
    let callbacks = lifecycle.reduce(&state, action)
    if callbacks != expected {
      Issue.record(
        "Callbacks of \(action) differ:\n\(dumpDiff(expected, callbacks))", sourceLocation: sourceLocation)
    }
    if state != expectedState {
      Issue.record(
        "State after \(action) differs:\n\(dumpDiff(expectedState, state))", sourceLocation: sourceLocation)
    }
    return callbacks
  }
}

/// A line diff of the `dump()` output of two values, expected lines marked −, actual lines +.
func dumpDiff<Value>(_ expected: Value, _ actual: Value) -> String {
  var expectedDump = ""
  var actualDump = ""
  dump(expected, to: &expectedDump)
  dump(actual, to: &actualDump)
  let old = expectedDump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = actualDump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var removed = Set<Int>()
  var inserted = Set<Int>()
  for change in new.difference(from: old) {
    switch change {
    case .remove(let offset, _, _): removed.insert(offset)
    case .insert(let offset, _, _): inserted.insert(offset)
    }
  }
  var lines = ["(Expected: −, Actual: +)"]
  var (i, j) = (0, 0)
  while i < old.count || j < new.count {
    if i < old.count, removed.contains(i) {
      lines.append("−" + old[i]); i += 1
    } else if j < new.count, inserted.contains(j) {
      lines.append("+" + new[j]); j += 1
    } else {
      lines.append(" " + (i < old.count ? old[i] : new[j])); i += 1; j += 1
    }
  }
  return lines.joined(separator: "\n")
}
