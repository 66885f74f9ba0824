import Tables

/// The load's two passes over a dataset's rows, each chunk of rows on a core of its own: pass 1
/// finds the wide rows and measures every row's fold form, pass 2 writes the forms straight into
/// an arena of exact size, each chunk into its own slice.
struct FoldPasses {
  /// The dataset folded.
  let dataset: Dataset
  /// The searched columns.
  let columns: [Int]
  /// The chunks of rows.
  let split: Parallel.Chunks
  /// Whether rows lie back to back in the dataset's arena (one column), to be folded in bulk.
  let contiguous: Bool

  init(dataset: Dataset, columns: [Int], parallelThreshold: Int) {
    self.dataset = dataset
    self.columns = columns
    split = Parallel.chunks(dataset.rowCount, threshold: parallelThreshold)
    contiguous = dataset.columns.count == 1 && columns == [0]
  }

  /// Pass 1: each chunk's wide rows (written ascending into `wide` from the chunk's first row
  /// on; room for every row) and sizes (joined rows' lengths go to `lengths[row + 1]`), or nil
  /// once `isCancelled`, asked before each chunk and after the pass, says stop.
  ///
  /// Memory the workers need is allocated before they start (`wide`, by the caller): a Swift
  /// array a worker grows traps when the system refuses it, and the threads' own stacks and
  /// arenas take room a trial on this thread cannot see. Only Foundation's forms of rare rows
  /// grow (`ForeignForms`); `searchOutOfMemory` is thrown when the system refused them room.
  func measure(
    lengths: UnsafeMutablePointer<UInt32>, wide: UnsafeMutablePointer<Int32>, isCancelled: (() -> Bool)?
  ) throws(SearchError) -> [ChunkFold]? {
    let chunkCount = split.count
    var chunks = [ChunkFold](repeating: ChunkFold(), count: chunkCount)
    // Each chunk marks its own slot when it skipped its rows, so the skip is seen even if
    // `isCancelled` changed its mind.
    var skipped = [Bool](repeating: false, count: chunkCount)
    let (split, contiguous) = (split, contiguous)
    withSource(placeholder: UnsafeRawPointer(lengths)) { source in
      chunks.withUnsafeMutableBufferPointer { results in
        skipped.withUnsafeMutableBufferPointer { skips in
          guard let results = results.baseAddress, let skips = skips.baseAddress else { return }
          Parallel.forEach(chunkCount) { chunk in
            if let isCancelled, isCancelled() {
              skips[chunk] = true
              return
            }
            let rows = split.range(chunk)
            let chunkWide = wide + rows.lowerBound
            results[chunk] =
              contiguous
              ? FoldedIndex.measureContiguous(source, rows: rows, wide: chunkWide)
              : FoldedIndex.measureJoined(source, rows: rows, lengths: lengths, wide: chunkWide)
          }
        }
      }
    }
    if let refused = chunks.lazy.compactMap(\.refusedBytes).first {
      throw .searchOutOfMemory(requested: refused)
    }
    return skipped.contains(true) || isCancelled?() == true ? nil : chunks
  }

  /// Pass 2: writes every chunk's rows from its `starts` (its wide rows, from pass 1's `wide`,
  /// into `wideRows`), and their ends (unless `writesOffsets` is false: they are the dataset's)
  /// and signatures; `output.offsets` holds pass 1's lengths for joined rows.
  func fill(
    _ chunks: [ChunkFold], starts: [ChunkFold],
    into output: (
      bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
      signatures: UnsafeMutablePointer<UInt32>
    ),
    wide: UnsafePointer<Int32>, wideRows: UnsafeMutablePointer<Int32>, writesOffsets: Bool = true
  ) {
    // Only the fold forms are written now: the side forms wait for a search that needs them.
    let targets = WideFormWriter.UnsafeTargets(fold: output.bytes)
    let signatureTable = RowSignature.table.pointer
    let (split, contiguous) = (split, contiguous)
    withSource(placeholder: UnsafeRawPointer(output.offsets)) { source in
      chunks.withUnsafeBufferPointer { results in
        Parallel.forEach(split.count) { chunk in
          let rows = split.range(chunk)
          let work = results[chunk]
          let start = starts[chunk]
          let chunkWide = wide + rows.lowerBound
          (wideRows + start.wideCount).update(from: chunkWide, count: work.wideCount)
          var writer = WideFormWriter(
            into: targets, fold: start.foldBytes, exact: 0, ci: 0, strip: 0, row: start.wideCount)
          if contiguous {
            FoldedIndex.fillContiguous(
              source, rows: rows, work: work, wide: chunkWide, writer: &writer, into: output,
              table: signatureTable, writesOffsets: writesOffsets)
          } else {
            FoldedIndex.fillJoined(
              source, rows: rows, work: work, wide: chunkWide, writer: &writer, into: output,
              table: signatureTable)
          }
        }
      }
    }
  }

  /// Calls `body` with the dataset's rows; `placeholder` stands in for an empty buffer's address.
  private func withSource(placeholder: UnsafeRawPointer, _ body: (UnsafeSourceRows) -> Void) {
    let stride = dataset.columns.count
    dataset.withStorage { bytes, offsets in
      body(UnsafeSourceRows(bytes, offsets, stride: stride, columns: columns, placeholder: placeholder))
    }
  }
}
