import BenchmarkResults

extension Comparison {
  /// What `compare` says first of two runs whose `cpu_model` differs: that
  /// it compares machines, not builds, and what its verdicts and exit
  /// status then mean; `nil` when both runs name one CPU. A run's intervals
  /// are over one machine's launches, and another CPU moves the cheap rows'
  /// ratios further than they reach, so a verdict between two machines is
  /// the machines', whatever the code did.
  package static func machinesNote(base: MeasuredFile, new: MeasuredFile) -> String? {
    let (a, b) = (CPUModel(base.info.machine.cpuModel), CPUModel(new.info.machine.cpuModel))
    guard a != b else { return nil }
    let named = "\(base.path) on \"\(a.text)\", \(new.path) on \"\(b.text)\""
    let meaning =
      "each verdict says how a row's ratio to the baseline moved from the first machine to the second, and a "
      + "regression (exit status 2) is the second machine's, not a change to the code. To judge a change to the "
      + "code, compare two runs of one machine; to read the answer on each machine, `answer A.csv B.csv`."
    if a.name == b.name, let unnamed = [a, b].first(where: { !$0.namesFamily }) {
      return "Machines, perhaps: these runs name their CPU differently (\(named)). \"\(unnamed.text)\" gives no "
        + "family, model or stepping, as runs did before the cpu_model column named them, so they may be one "
        + "machine or two; if two, this compares machines, not builds: " + meaning
    }
    return "Machines, not builds: these runs were made on different CPUs (\(named)), so this compares the "
      + "machines: " + meaning
  }
}
