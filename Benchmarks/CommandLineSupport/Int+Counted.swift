extension Int {
  /// The number with its noun, singular for one: `1 row`, `2 rows`,
  /// `1 launch`, `7 launches`.
  package func counted(_ noun: String, plural: String? = nil) -> String {
    "\(self) \(self == 1 ? noun : plural ?? noun + "s")"
  }
}
