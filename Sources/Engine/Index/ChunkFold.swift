/// One build chunk's share of the index: how many wide rows it has and how many bytes it adds to
/// each arena.
///
/// Summed over the chunks before it, the same fields give a chunk's starting positions. The
/// chunk's wide rows themselves lie in the build's list of them, from the chunk's first row on
/// (`FoldPasses.measure`).
struct ChunkFold {
  /// Number of wide rows.
  var wideCount = 0
  /// Bytes in the fold arena (every row's fold form).
  var foldBytes = 0
  /// The fold form of each wide row outside `ScalarFoldTable`, which Foundation folds in pass 1
  /// only: it is slow, and such rows are rare.
  var foreign = ForeignForms()
  /// The bytes the system refused to `foreign`, if it refused some: pass 1 stopped there.
  var refusedBytes: Int?
  /// Whether no row's fold form is longer than its text (every ASCII row's is as long; pass 1
  /// over one column tells for the wide rows): each row's fold form then fits in its own length,
  /// padded (`FoldedIndex.padByte`), and the fold offsets are the dataset's own.
  var fitsLengths = true
  /// Bytes of the chunk's rows in the dataset (one column's rows only).
  var sourceBytes = 0

  /// Takes the totals from pass 1's measuring writer; `asciiBytes` is the ASCII rows' length.
  mutating func record(_ writer: WideFormWriter, wideCount: Int, asciiBytes: Int, sourceBytes: Int = 0) {
    self.wideCount = wideCount
    foldBytes = asciiBytes + writer.fold
    self.sourceBytes = sourceBytes
  }

  /// The chunk with each row's fold form padded to the row's length: as many fold bytes as
  /// dataset bytes.
  var paddedToSource: ChunkFold {
    var padded = self
    padded.foldBytes = sourceBytes
    return padded
  }
}

extension ChunkFold {
  /// Each chunk's starting position in every arena (the sums of the chunks before it), and the
  /// totals.
  static func starts(of chunks: [ChunkFold]) -> (starts: [ChunkFold], total: ChunkFold) {
    var starts: [ChunkFold] = []
    var running = ChunkFold()
    for chunk in chunks {
      starts.append(running)
      running.wideCount += chunk.wideCount
      running.foldBytes += chunk.foldBytes
    }
    return (starts, running)
  }
}
