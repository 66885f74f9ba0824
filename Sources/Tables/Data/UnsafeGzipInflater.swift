import CZlib
import Foundation

/// zlib's inflate state over a chunk of compressed input: turns a gzip stream (one member or
/// several, as `cat a.gz b.gz` makes) back into its bytes, a buffer at a time.
///
/// The caller reads compressed bytes into `input` when `needsInput` says so, then asks for
/// output; memory stays at one input chunk and zlib's window, whatever the file expands to.
final class UnsafeGzipInflater {
  /// Where the caller reads compressed bytes to, `input.count` at most, before `supplied(_:)`.
  let input: UnsafeMutableBufferPointer<UInt8>
  /// The input's name in error messages.
  private let label: String
  private let stream: UnsafeMutablePointer<z_stream>
  /// Whether the last member's trailer was read (the input may end here, or a member follow).
  private var memberEnded = false
  /// Whether the compressed input ended after a whole member: no more output.
  private(set) var isDone = false

  /// A gzip inflater, or nil when memory for its state is refused.
  init?(label: String, inputBytes: Int) {
    guard let raw = malloc(inputBytes) else { return nil }
    let state = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    state.initialize(to: z_stream())
    guard searchshell_inflate_init_gzip(state) == Z_OK else {
      free(raw)
      state.deallocate()
      return nil
    }
    self.label = label
    stream = state
    input = UnsafeMutableBufferPointer(
      start: raw.bindMemory(to: UInt8.self, capacity: inputBytes), count: inputBytes)
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    free(input.baseAddress)
  }

  /// Whether the compressed bytes given so far are used up.
  var needsInput: Bool { !isDone && stream.pointee.avail_in == 0 }

  /// Takes the `count` bytes the caller read into `input`; 0 is the end of the compressed input.
  func supplied(_ count: Int) throws(TableError) {
    assert(count >= 0 && count <= input.count, "more input than the buffer holds")
    guard count > 0 else {
      guard memberEnded else {
        throw .malformedFile(
          label, line: nil, column: nil, reason: "the gzip data ends early (a truncated file?)")
      }
      isDone = true
      return
    }
    if memberEnded {
      // Another member follows the last one's trailer.
      inflateReset(stream)
      memberEnded = false
    }
    stream.pointee.next_in = input.baseAddress
    stream.pointee.avail_in = UInt32(count)
  }

  /// Inflates into `output` (`count` bytes at most) and returns how many bytes it wrote; 0 when
  /// it needs input first (or is done).
  func inflate(into output: UnsafeMutablePointer<UInt8>, count: Int) throws(TableError) -> Int {
    guard !isDone, stream.pointee.avail_in > 0 || !memberEnded else { return 0 }
    if memberEnded {
      inflateReset(stream)
      memberEnded = false
    }
    stream.pointee.next_out = output
    stream.pointee.avail_out = UInt32(min(count, Int(UInt32.max)))
    let code = CZlib.inflate(stream, Z_NO_FLUSH)
    let produced = count - Int(stream.pointee.avail_out)
    switch code {
    case Z_OK: break
    // No progress with input and room to spare cannot end: that is damage, not a pause.
    case Z_BUF_ERROR where produced == 0 && stream.pointee.avail_in > 0:
      throw .malformedFile(label, line: nil, column: nil, reason: "corrupt gzip data")
    case Z_BUF_ERROR: break
    case Z_STREAM_END: memberEnded = true
    case Z_MEM_ERROR: throw .outOfMemory(label, held: 0, requested: 0)
    default:
      let detail = stream.pointee.msg.map { String(cString: $0) } ?? "error \(code)"
      throw .malformedFile(label, line: nil, column: nil, reason: "corrupt gzip data (\(detail))")
    }
    return produced
  }

  /// Whether `bytes` start with gzip's magic number (1f 8b).
  static func isGzip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }
}
