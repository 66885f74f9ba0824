import Testing

@testable import UIKitModel

/// The tutorials' code beside the trace: every method a tutorial app implements has its excerpt,
/// in the app's language and era, and the excerpt says what the model does.
@Suite("source excerpts")
struct AppSourceExcerptTests {
  static let tutorialApps = AppID.allCases.filter { $0 != .generic }

  static func model(_ id: AppID) -> AppModel { AppModel.tutorial(id, options: LifecycleOptions()) }

  /// Every implemented method has one excerpt, and every excerpt is an implemented method's.
  @Test(arguments: tutorialApps)
  func everyImplementedMethodHasItsExcerpt(_ id: AppID) {
    let app = Self.model(id)
    for method in app.methods {
      let found = AppSourceExcerpt.all.filter {
        $0.app == id && $0.object == method.object && $0.callback == method.callback
      }
      #expect(found.count == 1, "\(id.rawValue): \(method.object).\(method.callback.selector)")
    }
    for excerpt in AppSourceExcerpt.all where excerpt.app == id {
      #expect(
        app.methods.contains { $0.object == excerpt.object && $0.callback == excerpt.callback },
        "\(id.rawValue): no method for the excerpt of \(excerpt.callback.selector)")
    }
  }

  /// The generic app is no tutorial's: it has no excerpt and no language.
  @Test func theGenericAppHasNone() {
    #expect(!AppSourceExcerpt.all.contains { $0.app == .generic })
    #expect(AppSourceExcerpt.language(of: .generic) == nil)
  }

  /// The language is the one the app's summary names (the recipes' variant: the recipes').
  @Test(arguments: tutorialApps)
  func theLanguageIsTheSummarys(_ id: AppID) throws {
    let language = try #require(AppSourceExcerpt.language(of: id))
    let summary = Self.model(id == .recipesBeforeFix ? .recipes : id).summary
    switch language {
    case .swift1: #expect(summary.hasSuffix("(Swift)"), "\(summary)")
    case .objectiveC: #expect(summary.hasSuffix("(Objective-C)"), "\(summary)")
    }
  }

  /// The declaration names the method's selector as the app's language and era spell it.
  ///
  /// Objective-C's `searchBar:` ... `textDidChange:`, Swift 1's `func searchBar(` ...
  /// `textDidChange searchText:`.
  @Test(arguments: AppSourceExcerpt.all)
  func theDeclarationNamesTheSelector(_ excerpt: AppSourceExcerpt) throws {
    let language = try #require(AppSourceExcerpt.language(of: excerpt.app))
    let parts = excerpt.callback.objcSelector.split(separator: ":").map(String.init)
    for live in [true, false] {
      let lines = excerpt.lines(live: live)
      let end = try #require(lines.firstIndex { $0.contains("{") }, "\(excerpt.callback.selector): no body")
      var declaration = Substring(lines[...end].joined(separator: " "))
      for (index, part) in parts.enumerated() {
        let spellings: [String]
        switch language {
        case .objectiveC:
          spellings = [part + ":"]
        case .swift1:
          spellings = index == 0 ? ["func \(part)("] : [part + " ", part + ":"]
        }
        let found = spellings.compactMap { declaration.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }
        let range = try #require(found, "\(excerpt.app.rawValue) \(excerpt.callback.selector): no \(part)")
        declaration = declaration[range.upperBound...]
      }
    }
  }

  /// Each NSLog string the method logs is in its excerpt; with live search off, no row is
  /// matched, so the per-row line is not.
  @Test(arguments: AppSourceExcerpt.all)
  func theLogsAreTheModels(_ excerpt: AppSourceExcerpt) throws {
    let language = try #require(AppSourceExcerpt.language(of: excerpt.app))
    let method = try #require(
      Self.model(excerpt.app).methods.first { $0.object == excerpt.object && $0.callback == excerpt.callback }
    )
    let opening = language == .objectiveC ? "NSLog(@\"" : "NSLog(\""
    for live in [true, false] {
      let code = excerpt.lines(live: live).joined(separator: "\n")
      let logged = method.logs(live: live).flatMap(Self.strings)
      for string in logged {
        #expect(code.contains(opening + string), "\(excerpt.app.rawValue) (live \(live)): \(string)")
      }
      let dropped = method.logs.flatMap(Self.strings).filter { !logged.contains($0) }
      for string in dropped { #expect(!code.contains(opening + string), "live off still logs \(string)") }
    }
  }

  /// The text an NSLog format starts with.
  static func strings(_ log: AppLog) -> [String] {
    switch log {
    case .text(let text): return [text]
    case .searchText(let prefix), .eachMatch(let prefix): return [prefix + "%@"]
    case .selectedItem(let whileActive, let otherwise): return [whileActive + "%@", otherwise + "%@"]
    }
  }

  /// The segue the model performs is the one the excerpts perform, with the same sender, and
  /// prepareForSegue reads the row where the model does (the recipe tutorial's bug before its fix).
  @Test(arguments: tutorialApps)
  func theSegueIsTheModels(_ id: AppID) throws {
    guard let segue = Self.model(id).code.segue else { return }
    let select = try #require(AppSourceExcerpt.all.first { $0.app == id && $0.callback == .didSelectRow })
    let selecting = select.lines.joined(separator: " ")
    #expect(selecting.contains(segue.identifier))
    for trigger in [segue.fromMainTable, segue.fromResultsTable] {
      guard case .didSelect(let sender) = trigger else { continue }
      switch sender {
      case .tappedTable: #expect(selecting.contains("sender: tableView"))
      case .viewController: #expect(selecting.contains("sender:self]"))
      }
    }
    let prepare = try #require(AppSourceExcerpt.all.first { $0.app == id && $0.callback == .prepareForSegue })
    let preparing = prepare.lines.joined(separator: " ")
    switch segue.reads {
    case .tappedTable:
      #expect(preparing.contains("isActive") || preparing.contains("sender as UITableView"))
    case .mainTable:
      #expect(!preparing.contains("isActive") && !preparing.contains("searchResultsTableView"))
      #expect(preparing.contains("[self.tableView indexPathForSelectedRow]"))
    }
  }

  /// An excerpt is a few lines that fit 80 columns behind the trace's gutter.
  @Test(arguments: AppSourceExcerpt.all)
  func itIsShortAndNarrow(_ excerpt: AppSourceExcerpt) {
    for live in [true, false] {
      let lines = excerpt.lines(live: live)
      #expect(lines.count <= AppSourceExcerpt.longest, "\(excerpt.app.rawValue) \(excerpt.callback)")
      for line in lines {
        #expect(Self.columns(line) <= AppSourceExcerpt.widest, "\(line)")
        #expect(!line.hasSuffix(" ") && !line.contains("\t"), "\(line)")
      }
    }
  }

  /// Columns as a terminal counts them: CJK ideographs take two.
  static func columns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ((0x2E80...0x9FFF).contains($1.value) ? 2 : 1) }
  }
}
