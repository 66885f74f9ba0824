import Foundation
import Testing

/// `searchshell --completion bash|zsh|fish`: each script parses in its shell, and bash's
/// completes an option, a value and a dataset when driven as bash drives it.
@Suite struct CompletionTests {
  static func shell(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The script parses (`bash -n`, `zsh -n`, `fish -n`) where the shell is installed.
  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptParses(_ name: String) throws {
    let script = try ShellProcess.run(["--completion", name])
    #expect(script.status == 0)
    #expect(script.stdout.contains("searchshell"))
    guard let shell = Self.shell(name) else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("searchshell.\(name)")
    try script.stdout.write(to: file, atomically: true, encoding: .utf8)
    let check = try ShellProcess.runProgram(shell, ["-n", file.path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// Words typed, and what bash's completion must offer for the last one.
  @Test(arguments: [
    (["--for"], ["--format"]),
    (["--format", "js"], ["json", "jsonl"]),
    (["--format", "=", "t"], ["text", "tsv"]),
    (["--color", ""], ["auto", "always", "never"]),
    (["--completion", "z"], ["zsh"]),
    (["--match", "fu"], ["fuzzy"]),
    (["coun"], ["countries", "countries-custom"]),
    (["--dataset", "cand"], ["candies"]),
    (["-c", ""], []),
  ])
  func bashCompletes(_ words: [String], _ offered: [String]) throws {
    guard let bash = Self.shell("bash") else { return }
    let binary = ShellProcess.executableURL.path
    let quoted = ([binary] + words).map { "'" + $0 + "'" }.joined(separator: " ")
    let driver = """
      source <("\(binary)" --completion bash)
      complete -p searchshell >/dev/null || exit 2
      COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      _searchshell
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try ShellProcess.runProgram(bash, ["-c", driver])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    #expect(lines == offered)
  }

  /// fish, driven by its own `complete -C`, offers the same: an option, a value, a dataset.
  @Test(arguments: [
    ("searchshell --for", ["--format"]),
    ("searchshell --format js", ["json", "jsonl"]),
    ("searchshell --color a", ["always", "auto"]),
    ("searchshell --dataset cand", ["candies"]),
  ])
  func fishCompletes(_ line: String, _ offered: [String]) throws {
    guard let fish = Self.shell("fish") else { return }
    let binary = ShellProcess.executableURL
    let folder = binary.deletingLastPathComponent().path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let result = try ShellProcess.runProgram(
      fish, ["--no-config", "-c", "source (searchshell --completion fish | psub); complete -C '\(line)'"],
      environment: ["PATH": "\(folder):\(path)", "HOME": NSTemporaryDirectory()])
    #expect(result.status == 0, "\(result.stderr)")
    let words = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    #expect(words == offered)
  }

  /// zsh loads the script under compinit and registers its completion function.
  @Test func zshRegistersTheFunction() throws {
    guard let zsh = Self.shell("zsh") else { return }
    let binary = ShellProcess.executableURL.path
    let dump = FileManager.default.temporaryDirectory.appendingPathComponent("zcompdump-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: dump) }
    let result = try ShellProcess.runProgram(
      zsh,
      [
        "-f", "-c",
        "autoload -U compinit; compinit -u -d '\(dump)'; source <('\(binary)' --completion zsh); print -r -- $_comps[searchshell]",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "_searchshell\n")
  }
}
