import CommandLineSupport

extension Option where Value == String? {
  /// A profile beside a run: `--profile`, as every command that reads a
  /// run (`answer`, `compare`, `report`) calls it, declared once so that
  /// its name, value and help are one across them.
  package static var profile: Option {
    Option.value(
      "--profile", "PROFILE.csv",
      """
      A profile of the run's binary (dispatch-bench profile): its
      instructions, branch mispredicts, retains and releases per
      element, beside the times.
      """,
      example: "--profile results/reference/run-profile.csv")
  }
}
