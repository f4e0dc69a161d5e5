import BenchmarkResults
import DispatchModel

/// Which launch of a run this process is, and what it does besides timing.
package struct LaunchContext {
  /// From 0.
  package var index = 0
  package var count = 1
  /// The run's seed, from which every case's shuffle seed and this launch's
  /// perturbation are drawn.
  package var seed: UInt64 = 1
  /// With adaptive launches, how many launches of every case come first;
  /// `nil` for a fixed number (`LaunchPlan.adaptiveAfter`).
  package var adaptiveAfter: Int? = nil

  /// What progress calls this launch: `launch 2/4` of a fixed number;
  /// with adaptive launches, `launch 2 of 4 (then adaptive)` and
  /// `launch 14 (adaptive)`, since how many follow is not known yet.
  package var name: String {
    guard let first = adaptiveAfter else { return "launch \(index + 1)/\(count)" }
    return index < first ? "launch \(index + 1) of \(first) (then adaptive)" : "launch \(index + 1) (adaptive)"
  }

  /// The first launch checks every strategy's outputs and counts heap use;
  /// the others only time, on the same feeds.
  package var checks: Bool { index == 0 }

  /// The seed of a case's shuffles in this launch: the run's seed, the
  /// launch and the case, mixed.
  package func shuffleSeed(_ benchmarkCase: BenchmarkCase) -> UInt64 {
    Self.mixed(seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03), [benchmarkCase])
  }

  /// The seed of the order cases are sampled in, per pass: the run's seed,
  /// the launch and the cases, mixed.
  package func passSeed(_ cases: [BenchmarkCase]) -> UInt64 {
    Self.mixed(seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15) ^ 0x7061_7373, cases)
  }

  /// Bytes of stack this launch leaves unused below its first frame, a
  /// multiple of 16 under 4,096 drawn from the run's seed and the launch:
  /// the stack's alignment against cache lines and pages moves from launch to
  /// launch, as the environment's size moves where the stack starts
  /// (Mytkowicz et al., "Producing Wrong Data Without Doing Anything
  /// Obviously Wrong!", ASPLOS 2009).
  package var stackPadding: Int {
    Int(Self.mixed(seed ^ (UInt64(index) &* 0xA24B_AED4_963E_E407) ^ 0x7374_6163_6B, []) % 256) * 16
  }

  /// `seed` and the cases' names folded together (FNV-1a's step), then one
  /// draw of SplitMix64 from the result.
  private static func mixed(_ seed: UInt64, _ cases: [BenchmarkCase]) -> UInt64 {
    var seed = seed
    for benchmarkCase in cases {
      for byte in benchmarkCase.description.utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    var generator = SplitMix64(seed: seed)
    return generator.next()
  }
}
