/// The apps SearchShell models: one per tutorial app, and the generic one for any other data.
public enum AppID: String, CaseIterable, Sendable {
  /// Tutorial 000, first part: UISearchController over the countries, the view controller's own table.
  case countries
  /// Tutorial 000, second part: CustomSearchController and its own delegate protocol.
  case countriesCustom = "countries-custom"
  /// Tutorial 002, first and second parts: the same controller shows the results, and logs taps.
  case guide
  /// Tutorial 002, third part: LZResultDisplayController shows the results and is the updater.
  case guideResults = "guide-results"
  /// Tutorial 001: CandySearch with UISearchDisplayController and a scope bar.
  case candies
  /// Tutorial 003: the recipe book with UISearchDisplayController and `contains[cd]`.
  case recipes
  /// Tutorial 003 before its fix: the detail of a search result shows the wrong recipe.
  case recipesBeforeFix = "recipes-before-fix"
  /// Tutorial 004: the fruit example, logging each update and each match.
  case fruits
  /// Every slot set, every method implemented, nothing logged: files and datasets without a tutorial.
  case generic

  /// The apps written over the same dataset, in the order one is chosen when the options no
  /// longer fit the current one.
  var family: [AppID] {
    switch self {
    case .countries, .countriesCustom, .guide, .guideResults:
      return [.countries, .countriesCustom, .guide, .guideResults]
    case .recipes, .recipesBeforeFix:
      return [.recipes, .recipesBeforeFix]
    case .candies, .fruits, .generic:
      return [self]
    }
  }

  /// The app that runs under `options`: this one when it fits, else the first of its family
  /// that does, else the generic app.
  package func model(under options: LifecycleOptions) -> AppModel {
    for id in [self] + family {
      let model = AppModel.tutorial(id, options: options)
      if model.fits(options) { return model }
    }
    return AppModel.generic(options)
  }
}
