"""Drill generation time per level (issue 22): print the figures, never assert them.

Run: ``python benchmarks/drills.py [--seeds N] [--quick]``. For each level, every seed
0..N-1 is generated once (generate and reject included: the time a page waits
for a new drill); the median is the figure, the 95th percentile and the slowest
are in its note, with the goal for level 5 (a web page: under ~1 s per drill).

The baseline, measured in the same run (``benchmarks/_report.py``): plain Python
(``sum(range(1000))``), run right after each drill for as long as the drill took.
Generation is plain Python, so the ratio is its cost in units of this machine's
interpreter at that moment, whatever else the shared machine is doing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _report import arguments, figure, for_as_long, header, python_work  # noqa: E402

from asteroyds.drills import LEVELS, generate  # noqa: E402


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--seeds", type=int, default=200, help="seeds per level (default 200)")
    args = parser.parse_args()
    seeds = 4 if args.quick else args.seeds
    header("drills", args.quick)
    for level in LEVELS:
        generate(level, seeds)  # warm up (the board's facts are read once per process), not timed
        times, base = [], []
        for seed in range(seeds):
            start = time.perf_counter()
            generate(level, seed)
            times.append((time.perf_counter() - start) * 1000)
            base.append(for_as_long(python_work, times[-1] / 1000) * 1000)
        times.sort()
        p95 = times[max(0, int(len(times) * 0.95) - 1)]
        goal = f"; goal < 1000 ms: slowest {times[-1] / 1000:.3f} of it" if level == 5 else ""
        figure(
            f"drill level {level}, median of {seeds} seeds",
            statistics.median(times),
            "ms",
            "plain Python, sum(range(1000))",
            statistics.median(base),
            f"p95 {p95:.2f} ms, slowest {times[-1]:.2f} ms{goal}",
        )


if __name__ == "__main__":
    main()
