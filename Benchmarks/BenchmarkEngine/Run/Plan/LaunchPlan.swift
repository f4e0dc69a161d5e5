/// Everything a launch needs, planned once by the run: what to time, how
/// memory is held, how long each case is sampled, how many launches there
/// are and whether progress is shown. A launch in the run's own process
/// takes it as it is; a launch child reads it from the one encoding the
/// run wrote (`LaunchFiles`), so no launch plans anything again.
package struct LaunchPlan: Equatable, Codable {
  package var plan: RunPlan
  package var memory: MemoryPlan
  package var sampling: SamplingSettings
  /// The run's seed, from which every case's shuffle seed and each
  /// launch's perturbation are drawn.
  package var seed: UInt64
  package var launches: Int
  /// With adaptive launches, how many launches of every case come first
  /// (more may follow); `nil` for a fixed number.
  package var adaptiveAfter: Int?
  /// No progress on standard error (`--quiet`).
  package var quiet: Bool

  package init(_ plan: RunPlan, memory: MemoryPlan, options: RunOptions) {
    self.init(
      plan: plan, memory: memory, sampling: options.sampling, seed: options.matrix.seed, launches: options.launches,
      adaptiveAfter: options.design.adaptive == nil ? nil : options.launches, quiet: options.quiet)
  }

  package init(
    plan: RunPlan, memory: MemoryPlan, sampling: SamplingSettings, seed: UInt64, launches: Int,
    adaptiveAfter: Int? = nil,
    quiet: Bool
  ) {
    self.plan = plan
    self.memory = memory
    self.sampling = sampling
    self.seed = seed
    self.launches = launches
    self.adaptiveAfter = adaptiveAfter
    self.quiet = quiet
  }

  /// Launch `index` of this plan.
  package func launch(_ index: Int) -> LaunchContext {
    LaunchContext(index: index, count: launches, seed: seed, adaptiveAfter: adaptiveAfter)
  }

  /// The plan as a launch child reads it.
  package func encoded() throws(PlanCodingError) -> String { try PlanCoding.encode(self) }

  /// The plan `text` encodes, its feed files loaded again.
  package static func decoded(_ text: String) throws(PlanCodingError) -> LaunchPlan {
    try PlanCoding.decode(LaunchPlan.self, from: text, context: FeedFiles())
  }
}
