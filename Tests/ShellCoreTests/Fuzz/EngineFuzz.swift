#if !FUZZING
  @testable import ShellCore
#endif
// swift-format-ignore: OrderedImports
@testable import Engine

import Foundation

@testable import Tables

/// The search engine against `ReferenceMatcher` on tiny datasets, every rule, typed and
/// backspaced queries, at thresholds small enough that the chunked and parallel paths run.
///
/// The bytes are read as a program: a header (thresholds, columns, rule), then rows and queries
/// built from a palette of awkward pieces (empty text, CR, LF, NFD accents, multi-byte scalars,
/// long runs), so that the edge cases are a few bytes away from any input.
enum EngineFuzz {
  static func run(_ bytes: [UInt8]) {
    if bytes.starts(with: Array(literalMark.utf8)) {
      runLiteral(bytes)
      return
    }
    var input = FuzzInput(bytes)
    let tuning = tuning(input.byte())
    let layout = input.byte()
    let twoColumns = layout & 1 != 0
    let scoped = layout & 2 != 0
    let rowCount = Int(input.byte() % 16)
    var titles: [String] = []
    var categories: [String] = []
    for _ in 0..<rowCount {
      titles.append(text(&input, long: true))
      categories.append(twoColumns || scoped ? category(&input) : "")
    }
    let dataset = self.dataset(titles, categories: twoColumns || scoped ? categories : nil, scoped: scoped)
    let columns = twoColumns && layout & 4 != 0 ? [0, 1] : nil
    let texts = columns == nil ? titles : zip(titles, categories).map { $0 + " " + $1 }
    let engine = SearchEngine(dataset: dataset, columns: columns, tuning: tuning)
    // A bounded number of searches, each checked against the (slow) reference.
    var budget = maxChecks
    func check(_ query: String, _ rule: MatchRule, _ scope: Int, _ syntax: QuerySyntax) {
      guard budget > 0 else { return }
      budget -= 1
      Self.check(engine, dataset, texts, query, rule, scope, syntax: syntax)
    }
    while !input.isEmpty, budget > 0 {
      var rule = MatchRule.allCases[Int(input.byte()) % MatchRule.allCases.count]
      // ICU backtracks: patterns stay on short rows (`RegexFuzz` takes them further).
      if rule == .regex, texts.contains(where: { $0.utf8.count > 200 }) { rule = .fold }
      let scope = scoped ? Int(input.byte() % 4) : 0
      let query = rule == .regex ? RegexFuzz.pattern(&input, depth: 0) : self.query(&input)
      let mode = input.byte()
      if mode & 8 != 0 { engine.clearCache() }
      let syntax: QuerySyntax = mode & 16 != 0 ? .literal : .extended
      // Typed a character at a time, as the live search does, then maybe backspaced.
      var typed = ""
      for character in query {
        typed.append(character)
        if mode & 1 == 0 || typed.count == query.count { check(typed, rule, scope, syntax) }
      }
      if mode & 2 != 0 {
        while !typed.isEmpty {
          typed.removeLast()
          check(typed, rule, scope, syntax)
        }
      }
    }
    checkInvariants(engine)
  }

  /// How many searches one input may check.
  static let maxChecks = 32

  /// The index's arenas and every compact copy's bookkeeping, after the searches.
  static func checkInvariants(_ engine: SearchEngine) {
    engine.index.checkInvariants()
    for builder in engine.builders { builder.checkInvariants() }
  }

  /// What starts a literal input (a reproducer from a report, kept as a regression).
  static let literalMark = "literal "

  /// A literal input: `literal RULE THRESHOLD QUERY...` on the first line (each query typed a
  /// character at a time), then a data file as the shell loads it (its format sniffed).
  static func runLiteral(_ bytes: [UInt8]) {
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let words = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
    guard words.count >= 3, let rule = MatchRule(rawValue: words[1]), let threshold = Int(words[2]) else {
      return
    }
    let file = Data(bytes[min(bytes.count, newline + 1)...])
    let options = LoadOptions(name: "fuzz", source: .standardInput, presets: DatasetPresets(title: "fuzz"))
    guard let dataset = try? DatasetLoader.load(.data(file, label: "fuzz"), options: options).dataset else {
      return
    }
    let engine = SearchEngine(dataset: dataset, tuning: threshold > 0 ? .small(threshold) : .standard)
    let texts = (0..<dataset.rowCount).map(dataset.title)
    for query in words.dropFirst(3) {
      var typed = ""
      for character in query {
        typed.append(character)
        check(engine, dataset, texts, typed, rule, 0)
      }
    }
    checkInvariants(engine)
  }

  /// Rows of `titles`, with a second column of `categories` (the scope column when `scoped`).
  static func dataset(_ titles: [String], categories: [String]?, scoped: Bool) -> Dataset {
    var builder = DatasetBuilder(columns: categories == nil ? ["title"] : ["title", "category"])
    for (index, title) in titles.enumerated() {
      builder.appendRow(categories.map { [title, $0[index]] } ?? [title])
    }
    return builder.build(
      name: "fuzz", source: .standardInput, scopeColumn: scoped ? 1 : nil,
      presets: DatasetPresets(title: "fuzz"))
  }

  /// The thresholds a header byte picks: the shell's, or all of them tiny.
  static func tuning(_ byte: UInt8) -> SearchTuning {
    var tuning: SearchTuning
    switch byte % 8 {
    case 0: tuning = .standard
    case 1: tuning = .small(1)
    case 2: tuning = .small(2)
    case 3: tuning = .small(3)
    case 4: tuning = .small(5)
    case 5: tuning = .small(8)
    case 6: tuning = .small(17)
    default: tuning = .small(64)
    }
    tuning.cacheEntries = 1 + Int(byte >> 3) % SearchTuning.maxCacheEntries
    return tuning
  }

  /// One search against the reference; traps on any difference.
  static func check(
    _ engine: SearchEngine, _ dataset: Dataset, _ texts: [String], _ query: String, _ rule: MatchRule,
    _ scope: Int, syntax: QuerySyntax = .extended
  ) {
    let found: [Int32]
    do {
      found = try engine.search(query, rule: rule, syntax: syntax, scope: scope)
    } catch {
      // Only a pattern may be refused, and then the reference matches nothing with it.
      precondition(rule == .regex, "\(rule) refused \(debug(query)): \(error)")
      return
    }
    let expected = ReferenceMatcher.search(
      texts: texts, titles: (0..<dataset.rowCount).map(dataset.title), scopes: dataset.rowScopes,
      query: query, rule: rule, syntax: syntax, scope: scope)
    precondition(
      found.map(Int.init) == expected,
      "\(rule) \(syntax) \(debug(query)) scope \(scope): engine \(found), reference \(expected), rows \(texts.map(debug))"
    )
  }

  /// A string with its scalars spelled out, for a finding's message.
  static func debug(_ text: String) -> String {
    "'\(text)' [" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") + "]"
  }

  /// Pieces of row text: where the engine's byte-level assumptions are most likely to break.
  static let pieces = [
    "", "a", "b", "s", "t", "st", "sta", "x", "y", "z", "A", "S", "ST", "e", "é", "e\u{301}", "É",
    "E\u{301}", "ß", "ẞ", "İ", "ı", "\u{212A}", "k", "K", "ø", "æ", "ł", "ö", "o\u{308}", "ﬁ", "Ω",
    "σ", "ς", "Σ", "東", "京", "🍕", "👩‍💻", "\u{301}", "\u{305}", " ", "  ", "-", "'", "\"", ",",
    ".", "_", "0", "7", "\r", "\n", "\r\n", "\t", "\u{0}", "\u{85}", "\u{2028}", "tion", "ing", "the",
    "café", "cafe\u{301}", "Zürich", "\u{FEFF}", "\u{1B}", "!", "^", "$", "|", "\\",
  ]

  /// A row's (or a query's) text from a few pieces; with `long`, sometimes a run of hundreds.
  static func text(_ input: inout FuzzInput, long: Bool) -> String {
    let count = Int(input.byte() % 8)
    var text = ""
    for _ in 0..<count {
      let selector = input.byte()
      let piece = pieces[Int(selector) % pieces.count]
      if long, selector >= 250 {
        // Rows past 64 bytes (a sweep's window, a writer's block) and past a hit word or two.
        text += String(repeating: piece.isEmpty ? "a" : piece, count: 20 + Int(input.byte()))
      } else {
        text += piece
      }
    }
    return text
  }

  /// A category (the scope column, or the second searched column).
  static func category(_ input: inout FuzzInput) -> String {
    ["", "one", "Two", "thr\u{E9}e"][Int(input.byte() % 4)]
  }

  /// A query: row-like pieces with query syntax between them.
  static func query(_ input: inout FuzzInput) -> String {
    var query = ""
    let terms = 1 + Int(input.byte() % 3)
    for index in 0..<terms {
      if index > 0 { query += input.byte() % 5 == 0 ? " | " : " " }
      switch input.byte() % 10 {
      case 0: query += "!"
      case 1: query += "^"
      case 2: query += "'"
      default: break
      }
      query += text(&input, long: false)
      if input.byte() % 8 == 0 { query += "$" }
    }
    return query
  }
}
