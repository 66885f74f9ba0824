/// A table-view option that not every backend can serve (a database table is searched and
/// ordered where it lives).
package enum BackendFeature: Equatable, Sendable {
  /// Ordering the table by a column (`sort`).
  case sorting
  /// Searching columns besides the title (`set fields`).
  case searchingOtherColumns
}
