"""The timed loops of a release binary, by (demangled) name: what
check-kernels.py checks for fairness and layouts-check.py checks for being
the same machine code in every layout. One list of patterns for both.

- `KERNEL_NAME`: the harness's loops (`StrategyRegistry.Kernels.*`),
  specialised per strategy; groups: module, strategy type, kernel.
- `APP_LOOP_NAME`: the app-mode loops (`App<Strategy>.AppLoops.*Loop`);
  groups: module, loop.
- `SYNTHETIC_LOOP_NAME`: the synthetic loops
  (`Synthetic<Pattern>.Kinds<N>.Workload.*Loop`); groups: module, kinds, loop.
- `EXISTENTIAL_LOOP_NAME`: the existential domain's loops
  (`Existential.<Contender>.*Loop`, a generic one's specialisation too);
  groups: contender type, loop.

Not public interface. Imported by the scripts beside it, which set
`sys.dont_write_bytecode` first so that no `__pycache__` lands in
Benchmarks/Scripts.
"""
import re

KERNEL_NAME = re.compile(
    r"^(?:merged )?generic specialization <(\w+)\.(\w+)> of "
    r"(?:closure #\d+ .* in )?static StrategyRegistry\.Kernels\.(\w+)<")
APP_LOOP_NAME = re.compile(r"\b(App\w+)\.AppLoops\.(\w+Loop)\(")
SYNTHETIC_LOOP_NAME = re.compile(r"\b(Synthetic\w+)\.(Kinds\d+)\.Workload\.(\w+Loop)\(")
EXISTENTIAL_LOOP_NAME = re.compile(r"(?<![\w.])Existential\.(\w+)\.(\w+Loop)(?:<[^>(]*>)?\(")


def is_timed_loop(name):
    """Whether a demangled function name is one of the timed loops (or a
    closure, specialisation or merged body of one)."""
    return bool(KERNEL_NAME.match(name) or APP_LOOP_NAME.search(name) or SYNTHETIC_LOOP_NAME.search(name)
                or EXISTENTIAL_LOOP_NAME.search(name))
