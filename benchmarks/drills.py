"""Drill generation time per level (issue 22): print the figures, never assert them.

Run: ``python benchmarks/drills.py [--seeds N]``. For each level, every seed
0..N-1 is generated once (generate and reject included: the time a page waits
for a new drill); the median, the 95th percentile and the slowest are printed,
with the goal for level 5 (a web page: under ~1 s per drill) and the ratio to
a plain-Python baseline (``sum(range(1000))``) measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from asteroyds.drills import LEVELS, generate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds per level (default 200)")
    args = parser.parse_args()
    baseline = min(timeit.repeat(lambda: sum(range(1000)), number=1000, repeat=5)) / 1000 * 1e6
    print(f"baseline sum(range(1000))  {baseline:8.2f} µs")
    for level in LEVELS:
        generate(level, args.seeds)  # warm up (the board's facts are read once per process), not timed
        times = []
        for seed in range(args.seeds):
            start = time.perf_counter()
            generate(level, seed)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        median = statistics.median(times)
        p95 = times[int(len(times) * 0.95) - 1]
        goal = f"  (goal < 1000 ms: ratio {times[-1] / 1000:.3f})" if level == 5 else ""
        print(
            f"level {level}: median {median:7.2f} ms, p95 {p95:7.2f} ms, slowest {times[-1]:7.2f} ms "
            f"over {len(times)} seeds; median {median * 1000 / baseline:.0f}x baseline{goal}"
        )


if __name__ == "__main__":
    main()
