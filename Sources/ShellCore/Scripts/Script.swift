import Foundation

/// A script's command lines, read whole and with `{name}` parameters filled in, ready to run.
///
/// Reading the whole file first is what lets an unset parameter stop the script before any of
/// it runs, and what makes a script run the same from a file, from `source` or from a pipe.
public struct Script: Sendable {
  /// The file the lines came from, as named (for errors and relative `source` paths).
  public let name: String
  /// The lines, parameters substituted, in order (blank lines and comments kept for `--echo`).
  public let lines: [String]
  /// The folder a relative `source` inside this script is resolved against.
  let folder: URL?

  /// A script from text already in memory.
  public init(text: String, name: String, parameters: [String: String], folder: URL? = nil) throws(ShellError)
  {
    var lines: [String] = []
    for (index, raw) in Self.splitLines(text).enumerated() {
      let trimmed = raw.trimmingCharacters(in: .whitespaces)
      // Comments are notes to the reader: a `{name}` there is not a parameter.
      if trimmed.hasPrefix("#") {
        lines.append(raw)
        continue
      }
      do throws(ShellError) {
        lines.append(try Self.substitute(raw, parameters: parameters))
      } catch {
        if case .unsetParameter(let parameter, _, _) = error {
          throw .unsetParameter(parameter, script: name, line: index + 1)
        }
        throw error
      }
    }
    self.name = name
    self.lines = lines
    self.folder = folder
  }

  /// Reads the script at `path`; a missing file, a folder or an unset parameter is an error.
  public static func load(path: String, parameters: [String: String]) throws(ShellError) -> Script {
    let expanded = (path as NSString).expandingTildeInPath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
      throw .fileNotFound(path)
    }
    if isDirectory.boolValue { throw .isDirectory(path) }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: expanded))
    } catch {
      throw .unreadableFile(path, reason: error.localizedDescription)
    }
    if data.contains(0) { throw .binaryFile(path) }
    let folder = URL(fileURLWithPath: expanded).deletingLastPathComponent()
    return try Script(
      text: String(decoding: data, as: UTF8.self), name: path, parameters: parameters, folder: folder)
  }

  /// Splits on `\n`, dropping a `\r` before it and the empty piece after a final newline.
  static func splitLines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Replaces each `{name}` with its value; `{{` stands for a literal `{`.
  ///
  /// Only `{` followed by a name and `}` is a parameter, so other braces pass through as typed.
  static func substitute(_ line: String, parameters: [String: String]) throws(ShellError) -> String {
    guard line.contains("{") else { return line }
    var result = ""
    var rest = line[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let after = rest[rest.index(after: open)...]
      if after.first == "{" {
        result += "{"
        rest = after.dropFirst()
        continue
      }
      let name = after.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
      let closing = after.dropFirst(name.count)
      guard let first = name.first, first.isLetter || first == "_", closing.first == "}" else {
        result += "{"
        rest = after
        continue
      }
      guard let value = parameters[String(name)] else {
        throw .unsetParameter(String(name), script: nil, line: nil)
      }
      result += value
      rest = closing.dropFirst()
    }
    return result + rest
  }

  /// `line` written so that substitution gives it back: every `{` doubled.
  static func escaped(_ line: String) -> String {
    line.replacingOccurrences(of: "{", with: "{{")
  }
}
