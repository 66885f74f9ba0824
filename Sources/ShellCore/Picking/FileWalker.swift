import Foundation

/// The picker's rows when standard input is a terminal and no command is set: the files under
/// a folder, as fzf's built-in walker lists them.
///
/// Files only (a symbolic link too, unless it leads to a folder), each path relative to the
/// folder without `./`; folders whose name starts with a dot are skipped, and no link is
/// followed into a folder (so no loop). A folder that cannot be read is passed over. Paths are
/// bytes, as the file system holds them: a name that is not UTF-8 comes back as it is.
struct FileWalker {
  /// The folders still to list, as paths relative to the root (empty: the root).
  private var pending: [[UInt8]]
  /// The root, with a trailing `/`, to open the folders by.
  private let root: [UInt8]

  /// A walk of the files under `root`.
  init(root: String) {
    var bytes = Array(root.utf8)
    if bytes.last != UInt8(ascii: "/") { bytes.append(UInt8(ascii: "/")) }
    self.root = bytes
    pending = [[]]
  }

  /// Whether every folder was listed.
  var isDone: Bool { pending.isEmpty }

  /// Lists the next folder: appends each of its files' paths, each ended by `separator`, to
  /// `output`, and keeps its folders for later.
  mutating func listNextFolder(into output: inout [UInt8], separator: UInt8) {
    guard let folder = pending.popLast() else { return }
    let path = folder.isEmpty ? root : root + folder
    guard let directory = path.withUnsafeBufferPointer({ openFolder($0) }) else { return }
    defer { closedir(directory) }
    var folders: [[UInt8]] = []
    while let entry = readdir(directory) {
      let name = Self.name(of: entry)
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      let relative = folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
      switch kind(of: entry.pointee.d_type, at: relative) {
      case .folder:
        if name.first != UInt8(ascii: ".") { folders.append(relative) }
      case .file:
        output += relative
        output.append(separator)
      case .other:
        break
      }
    }
    // Popped from the end: the folder's first subfolder is listed next.
    pending += folders.reversed()
  }

  private enum Kind { case folder, file, other }

  /// What an entry is, asking the file system only when the folder's listing does not say.
  private func kind(of type: UInt8, at relative: [UInt8]) -> Kind {
    switch Int32(type) {
    case Int32(DT_DIR): return .folder
    case Int32(DT_REG): return .file
    case Int32(DT_LNK): return leadsToFolder(relative) ? .other : .file
    case Int32(DT_UNKNOWN):
      var status = stat()
      guard cPath(relative, { lstat($0, &status) }) == 0 else { return .other }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: return .folder
      case S_IFREG: return .file
      case S_IFLNK: return leadsToFolder(relative) ? .other : .file
      default: return .other
      }
    default: return .other
    }
  }

  /// Whether a symbolic link leads to a folder (listed, it would lead out of the walk or loop).
  private func leadsToFolder(_ relative: [UInt8]) -> Bool {
    var status = stat()
    guard cPath(relative, { stat($0, &status) }) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFDIR
  }

  /// Calls `body` with the root-relative path as a C string.
  private func cPath(_ relative: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
    (root + relative + [0]).withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in text.baseAddress.map(body) ?? -1 }
    }
  }

  private func openFolder(_ path: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
    (Array(path) + [0]).withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in text.baseAddress.flatMap { opendir($0) } }
    }
  }

  /// An entry's name, as bytes.
  private static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeBytes(of: &entry.pointee.d_name) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let length = bytes.firstIndex(of: 0) ?? bytes.count
      return Array(bytes[..<length])
    }
  }
}
