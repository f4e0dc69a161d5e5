import BenchmarkResults
import Claims

/// The answer's claims during a run: which of them the launches so far
/// leave open, and the rows that would settle each. Adaptive launches go to
/// those rows first (`AdaptiveLaunches.claimed(_:_:elapsed:secondsPerEstimated:)`),
/// so that a run's time goes to what its answer says before the rows no
/// claim reads. Guides/Answer.md, "When a claim is settled".
package struct ClaimLaunches {
  package var claims: [MachineClaim] = MachineClaim.all
  /// The resolution a claim is settled to: the run's target.
  package var resolution: Double

  package init(resolution: Double, claims: [MachineClaim] = MachineClaim.all) {
    self.resolution = resolution
    self.claims = claims
  }

  /// An open claim and what would settle it.
  package struct Need: Equatable {
    package var claim: String
    /// The strategies of each case whose rows keep it open.
    package var strategies: [BenchmarkCase: Set<String>]
    /// The fewest launches of those rows.
    package var launches: Int
    /// About how many times `launches` would settle it (`ClaimSettling`);
    /// `nil`: no number of launches is expected to.
    package var factor: Double?

    package init(claim: String, strategies: [BenchmarkCase: Set<String>], launches: Int, factor: Double?) {
      self.claim = claim
      self.strategies = strategies
      self.launches = launches
      self.factor = factor
    }
  }

  /// The claims as the launches so far leave them: what each open one
  /// needs, and whether every claim the rows read is settled.
  package struct Reading: Equatable {
    /// Each claim still open in any build's rows, nearest to settling first.
    package var needs: [Need]
    /// The claims any build has rows for.
    package var read: Int

    package init(needs: [Need], read: Int) {
      self.needs = needs
      self.read = read
    }

    /// No claim the rows read is open (each settled or a tie), and they
    /// read one at least: what the closing line counts as all settled
    /// (`MachineClaim.settlings(_:resolution:of:)` for both).
    package var allSettled: Bool { read > 0 && needs.isEmpty }
  }

  /// The claims in every build's rows (`builds`, their ratios computed):
  /// how many they read, and what each still open in any build needs,
  /// nearest to settling first.
  package func reading(_ builds: [[TimingRow]], info: RunInfo) -> Reading {
    var needs: [String: Need] = [:]
    var read: Set<String> = []
    for rows in builds {
      guard
        let answerRows = AnswerRows(run: RunFile(path: "", info: info, rows: rows), primary: RunMatrix.primarySize)?
          .atSizeAndLayout
      else { continue }
      let byKey = Dictionary(rows.map { ($0.key, $0) }) { first, _ in first }
      for (claim, settling) in MachineClaim.settlings(answerRows, resolution: resolution, of: claims) {
        read.insert(claim.name)
        guard !settling.isSettled else { continue }
        var need = needs[claim.name] ?? Need(claim: claim.name, strategies: [:], launches: .max, factor: 0)
        for key in settling.rows {
          need.strategies[key.benchmarkCase, default: []].insert(key.strategy.rawValue)
          need.launches = min(need.launches, byKey[key]?.launches ?? 1)
        }
        need.factor = settling.launchFactor.flatMap { factor in need.factor.map { max($0, factor) } }
        needs[claim.name] = need
      }
    }
    let sorted = needs.values.sorted { a, b in
      (a.factor ?? .infinity, a.claim) < (b.factor ?? .infinity, b.claim)
    }
    return Reading(needs: sorted, read: read.count)
  }
}

extension AdaptiveLaunches {
  /// The cases the next launch times for the open claims, each with only
  /// the strategies whose rows keep a claim open (and the baseline): the
  /// claims nearest to settling first, each only while the launches it
  /// needs fit in the time left, as many as one launch's time allows.
  /// Empty when no open claim can be settled in the time left: the
  /// launches then go to the rows widest first (`next(_:elapsed:secondsPerEstimated:)`).
  /// - Parameters:
  ///   - needs: the open claims (`ClaimLaunches.reading(_:info:)`).
  ///   - states: each case's state (`states(_:)`).
  package func claimed(
    _ needs: [ClaimLaunches.Need], _ states: [BenchmarkCase: CaseState], elapsed: Double, secondsPerEstimated: Double
  ) -> [BenchmarkCase: Set<String>] {
    let left = settings.maxTime - elapsed - reserve
    var chosen: [BenchmarkCase: Set<String>] = [:]
    for need in needs where need.launches < settings.maxLaunches {
      guard let factor = need.factor else { continue }
      let more = (Double(need.launches) * (factor - 1)).rounded(.up)
      let each = seconds(of: Array(need.strategies.keys), states, secondsPerEstimated: secondsPerEstimated)
      guard more * each <= left else { continue }
      let together = chosen.merging(need.strategies) { $0.union($1) }
      if seconds(of: Array(together.keys), states, secondsPerEstimated: secondsPerEstimated) <= left {
        chosen = together
      }
    }
    return chosen
  }

  /// The plan of launch `index` (from 0) for the open claims: only
  /// `strategies`' cases, each timing those strategies and the baseline,
  /// in the rounds `rounds(_:_:)` gives it, on the first launches' slice.
  package func plan(
    claiming strategies: [BenchmarkCase: Set<String>], _ states: [BenchmarkCase: CaseState], launch index: Int
  )
    -> LaunchPlan
  {
    var launchPlan = plan
    let cases = Array(strategies.keys)
    let slices = strategies.keys.reduce(into: [BenchmarkCase: Int]()) { slices, benchmarkCase in
      slices[benchmarkCase] = states[benchmarkCase]?.slice
    }
    launchPlan.plan = plan.plan.restricted(
      to: Set(cases), rounds: rounds(cases, states), strategies: strategies.mapValues { $0.union([baseline]) },
      slices: slices)
    launchPlan.launches = index + 1
    return launchPlan
  }
}
