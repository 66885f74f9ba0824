import Tables

/// A pass over the wide rows that builds side forms, each chunk of them on a core of its own:
/// every chunk's rows go through its own `WideFormWriter`, which counts or writes their forms.
struct SideFormPasses {
  /// The dataset the rows come from.
  let dataset: Dataset
  /// The searched columns.
  let columns: [Int]
  /// The wide rows, ascending.
  let wideRows: UnsafePinnedBuffer<Int32>
  /// The chunks of wide indices.
  let split: Parallel.Chunks

  init(dataset: Dataset, columns: [Int], wideRows: UnsafePinnedBuffer<Int32>, threshold: Int) {
    self.dataset = dataset
    self.columns = columns
    self.wideRows = wideRows
    split = Parallel.chunks(wideRows.count, threshold: threshold)
  }

  /// Runs each chunk's wide rows through `writers[chunk]`, which is left where the chunk ended.
  func run(_ writers: UnsafeMutablePointer<WideFormWriter>) {
    let slots = UncheckedSendable(writers)
    let forms = ScalarFoldTable.packed.pointer
    let wide = wideRows.pointer
    let split = split
    dataset.withStorage { bytes, offsets in
      let source = UnsafeSourceRows(
        bytes, offsets, stride: dataset.columns.count, columns: columns,
        placeholder: UnsafeRawPointer(wide))
      Parallel.forEach(split.count) { chunk in
        var writer = slots.value[chunk]
        var scratch: [UInt8] = []
        for index in split.range(chunk) {
          source.withRow(Int(wide[index]), scratch: &scratch) { pointer, count in
            FoldedIndex.writeSides(pointer, count, forms: forms, writer: &writer)
          }
        }
        slots.value[chunk] = writer
      }
    }
  }
}
