import Engine
import Foundation
import Tables

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
      let trimmed = CommandTokenizer.trimmingLine(raw)
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

  /// Reads the script at `path`: a missing file, a folder, a device, a file over
  /// `ScriptFile.sizeLimit`, NUL bytes or an unset parameter is an error.
  public static func load(path: String, parameters: [String: String]) throws(ShellError) -> Script {
    let expanded = HomeFolder.expanding(path)
    let bytes = try ScriptFile.contents(expanded, name: path)
    if bytes.contains(0) { throw .binaryFile(path) }
    let folder = URL(fileURLWithPath: expanded).deletingLastPathComponent()
    return try Script(
      text: String(decoding: bytes, as: UTF8.self), name: path, parameters: parameters, folder: folder)
  }

  /// The script piped to standard input, read whole so an unset parameter stops it before
  /// anything runs; as large as a script file may be.
  public static func loadStandardInput(parameters: [String: String]) throws(ShellError) -> Script {
    let bytes = try ScriptFile.standardInput()
    if bytes.contains(0) { throw .binaryFile("standard input") }
    return try Script(
      text: String(decoding: bytes, as: UTF8.self), name: "standard input", parameters: parameters)
  }

  /// Where line `index` (from 0) is, when the script was read from a file: errors name it.
  func location(ofLine index: Int) -> ScriptLocation? {
    folder == nil ? nil : ScriptLocation(name: name, line: index + 1)
  }

  /// Splits on LF, CRLF and a lone CR, as editors on every system write them, dropping the
  /// empty piece after a final line ending.
  ///
  /// It splits bytes: "\r\n" is one Character, so splitting Characters on "\n" finds no line end.
  static func splitLines(_ text: String) -> [String] {
    var lines: [String] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
        index = bytes.index(after: index)
        continue
      }
      lines.append(String(Substring(bytes[start..<index])))
      index = bytes.index(after: index)
      if byte == UInt8(ascii: "\r"), index != bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
        index = bytes.index(after: index)
      }
      start = index
    }
    if start != bytes.endIndex { lines.append(String(Substring(bytes[start...]))) }
    return lines
  }

  /// Replaces each `{name}` with its value; `{{` stands for a literal `{`.
  ///
  /// Only `{` followed by a name and `}` is a parameter, so other braces pass through as typed.
  /// It reads scalars: a `{` after a prepended mark such as U+0604 is inside that Character.
  static func substitute(_ line: String, parameters: [String: String]) throws(ShellError) -> String {
    let scalars = line.unicodeScalars
    guard scalars.contains("{") else { return line }
    var result = String.UnicodeScalarView()
    var rest = scalars[...]
    while let open = rest.firstIndex(of: "{") {
      result.append(contentsOf: rest[..<open])
      let after = rest[rest.index(after: open)...]
      if after.first == "{" {
        result.append("{")
        rest = after.dropFirst()
        continue
      }
      let name = after.prefix(while: isNameScalar)
      let closing = after[name.endIndex...]
      guard let first = name.first, first.properties.isAlphabetic || first == "_", closing.first == "}" else {
        result.append("{")
        rest = after
        continue
      }
      guard let value = parameters[String(Substring(name))] else {
        throw .unsetParameter(String(Substring(name)), script: nil, line: nil)
      }
      result.append(contentsOf: value.unicodeScalars)
      rest = closing.dropFirst()
    }
    result.append(contentsOf: rest)
    return String(result)
  }

  /// Whether `scalar` may be part of a parameter's name: a letter, a mark, a digit, `_` or `-`.
  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.isAlphabetic || properties.numericType != nil || scalar == "_" || scalar == "-"
      || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
  }

  /// `line` written so that substitution gives it back: every `{` doubled.
  static func escaped(_ line: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      if scalar == "{" { result.append("{") }
      result.append(scalar)
    }
    return String(result)
  }
}
