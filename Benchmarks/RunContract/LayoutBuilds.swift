/// The K layouts of `run --layouts K`, as a run's samples number their
/// launches; the engine makes and times them (its `LayoutBuilds.make`).
package enum LayoutBuilds {
  /// Layout *j*'s launch *i* is launch `j × launchStride + i` in the run's
  /// samples, so one aggregate holds every layout's launches apart.
  package static let launchStride = 1_000
}
