import CommandLineSupport

/// The options of `run` that the commands reading a run name in their
/// advice ("time the run with --launches 2 or more"): declared here, below
/// the engine, so that those commands name them without it. `run`'s option
/// groups hold these declarations as their own.
package enum AdvisedRunOptions {
  package static let quick = Option.flag(
    "--quick",
    """
    A smoke run: every operation at 1,000 elements, uniform,
    short sampling. Under 20 seconds on 2 cores.
    """)
  package static let launches = Option.integer(
    "--launches", "N",
    """
    A fixed design: time every case in N processes, each with its
    memory layout perturbed (--quick: 1). Without it, launches
    are adaptive: see --target-resolution.
    """,
    example: "--launches 5", in: 1...1_000)
  package static let maxTime = Option.seconds(
    "--max-time", "SECONDS",
    """
    Adaptive launches: start no launch that would end the run
    after SECONDS, code-size counting included (default: \(Int(AdaptiveSettings().maxTime))).
    """,
    example: "--max-time 600", in: 1...604_800
  ).default(AdaptiveSettings().maxTime)
  package static let alternateWith = Option.value(
    "--alternate-with", "BINARY",
    """
    Also time BINARY, another build of dispatch-bench, in this
    run: its launches alternate with this binary's, so both
    see the machine in the same states. Its CSV goes to the
    file that --alternate-output names; compare it with --output.
    """,
    example: "--alternate-with /tmp/base/dispatch-bench")
}
