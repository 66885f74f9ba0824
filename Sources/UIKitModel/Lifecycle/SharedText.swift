import Foundation

/// Text whose copies and prefixes share one append-only UTF-8 buffer.
///
/// Typing N characters fires a few callbacks per character, each holding the text at that step.
/// As separate Strings those are N texts of up to N bytes: quadratic time and memory. Here each
/// step is a length into one buffer, appending at the buffer's end happens in place (no value
/// ever sees bytes past its own length), and deleting from the end only shortens the length.
public struct SharedText: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible,
  CustomReflectable
{
  /// The buffer this value is a prefix of.
  private let storage: Storage
  /// How many bytes of the buffer this value is.
  let byteCount: Int
  /// Its length in UTF-16 code units, as `NSRange` offsets count.
  package let utf16Count: Int

  /// The empty text.
  public init() {
    self.init(storage: Storage([]), byteCount: 0, utf16Count: 0)
  }

  /// `text` in a buffer of its own.
  public init(_ text: String) {
    self.init(storage: Storage(Array(text.utf8)), byteCount: text.utf8.count, utf16Count: text.utf16.count)
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  private init(storage: Storage, byteCount: Int, utf16Count: Int) {
    self.storage = storage
    self.byteCount = byteCount
    self.utf16Count = utf16Count
  }

  /// The text as a String (a copy of its bytes).
  public var string: String { storage.read { String(decoding: $0[..<byteCount], as: UTF8.self) } }

  public var description: String { string }

  /// Dumps and test diffs show the text, not the buffer.
  public var customMirror: Mirror { Mirror(self, children: ["text": string]) }

  /// Whether the text is empty.
  public var isEmpty: Bool { byteCount == 0 }

  public static func == (lhs: SharedText, rhs: SharedText) -> Bool {
    guard lhs.byteCount == rhs.byteCount, lhs.utf16Count == rhs.utf16Count else { return false }
    if lhs.storage === rhs.storage { return true }
    // One lock at a time: two threads comparing a with b and b with a must not deadlock.
    let left = lhs.storage.read { $0 }
    let right = rhs.storage.read { $0 }
    return left[..<lhs.byteCount] == right[..<rhs.byteCount]
  }

  /// Traps unless this value is a whole-scalar prefix of its buffer with the right UTF-16 length.
  func checkInvariants() {
    let bytes = storage.read { $0 }
    precondition(byteCount >= 0 && byteCount <= bytes.count, "a prefix within the buffer")
    precondition(byteCount == bytes.count || bytes[byteCount] & 0xC0 != 0x80, "ends between scalars")
    precondition(string.utf16.count == utf16Count, "the UTF-16 length is the text's")
  }

  /// This text with `edit` applied; the same as `TextEdit.applied(to:)` on its String.
  ///
  /// Typing at the end and deleting from the end cost only the edit; other edits copy the text.
  func applying(_ edit: TextEdit) -> SharedText {
    let start = min(max(edit.location, 0), utf16Count)
    let end = start + min(max(edit.length, 0), utf16Count - start)
    if start == utf16Count { return appending(edit.replacement) }
    if end == utf16Count, edit.replacement.isEmpty, let shorter = droppingUnits(from: start) {
      return shorter
    }
    return SharedText(edit.applied(to: string))
  }

  /// This text followed by `text`, in place when this value ends where the buffer does.
  func appending(_ text: String) -> SharedText {
    guard !text.isEmpty else { return self }
    let added = Array(text.utf8)
    let units = utf16Count + text.utf16.count
    if storage.append(added, ifCountIs: byteCount) {
      return SharedText(storage: storage, byteCount: byteCount + added.count, utf16Count: units)
    }
    let copy = storage.read { Array($0[..<byteCount]) } + added
    return SharedText(storage: Storage(copy), byteCount: copy.count, utf16Count: units)
  }

  /// The prefix that ends at UTF-16 offset `offset`, or nil when that splits a scalar.
  private func droppingUnits(from offset: Int) -> SharedText? {
    storage.read { bytes -> SharedText? in
      var end = byteCount
      var units = utf16Count
      while units > offset {
        // Step back over one scalar: continuation bytes are 10xxxxxx.
        var first = end - 1
        while first > 0, bytes[first] & 0xC0 == 0x80 { first -= 1 }
        let scalarUnits = end - first == 4 ? 2 : 1
        guard units - scalarUnits >= offset else { return nil }
        units -= scalarUnits
        end = first
      }
      return SharedText(storage: storage, byteCount: end, utf16Count: units)
    }
  }

  /// The append-only bytes; the lock makes in-place appends safe for values on other threads.
  private final class Storage: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8]

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }

    func read<Result>(_ body: ([UInt8]) -> Result) -> Result {
      lock.lock()
      defer { lock.unlock() }
      return body(bytes)
    }

    /// Appends `added` if the buffer still ends at `count`; false when another value got there first.
    func append(_ added: [UInt8], ifCountIs count: Int) -> Bool {
      lock.lock()
      defer { lock.unlock() }
      guard bytes.count == count else { return false }
      bytes += added
      return true
    }
  }
}
