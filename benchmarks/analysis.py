"""Coach benchmarks (issue 13): print the figures, never assert them (run: python benchmarks/analysis.py).

- the danger map on the racing setup (216 asteroid phases), median; goal < 50 ms;
- the coach's best plan on 50 seeded racing positions (4 greedy bots play
  1-5 rounds, then the dice are rolled for player one), median; goal < 250 ms;
- the same for 25 positions of each other mode (no goal given);
- bot strength: the coach bot against three greedy bots over N seeded
  4-player races (the coach's seat turns round the table), win rate; goal
  >= 60 %; then the same in the shooting, targets and drones modes;
- capture: the coach's best plan for one craft on seeded capture positions
  (greedy teams play 0-3 turns, then the dice are rolled), median; and a
  coach team against a greedy team (2 crafts each, the coach's team
  alternating red/white) over ``--capture-games`` seeded games, win rate.

Every time is also printed as a ratio to a plain-Python baseline measured in
the same run (``sum(range(1000))``, as in ``benchmarks/engine.py``), and the
danger map as a ratio to the brute force it replaces (216 calls of
``resolve_asteroids``). ``--races`` and ``--positions`` shorten a run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from asteroyds import setup  # noqa: E402
from asteroyds.asteroids import resolve_asteroids  # noqa: E402
from asteroyds.coach import best_plan, danger_map  # noqa: E402
from asteroyds.dice import all_outcomes, roll  # noqa: E402
from asteroyds.pieces import PLAYER_COLOURS  # noqa: E402
from asteroyds.simulate import (
    play_bot_game,  # noqa: E402
    play_capture_game,  # noqa: E402
)

PLAYERS = list(PLAYER_COLOURS[:4])


def median_ms(fn, repeat: int) -> float:
    return statistics.median(timeit.repeat(fn, number=1, repeat=repeat)) * 1000


def positions(count: int, mode: str = "racing") -> list:
    """Seeded mid-game positions: greedy bots play 1-5 rounds, then player one's dice are rolled."""
    found = []
    seed = 0
    while len(found) < count:
        game = play_bot_game(PLAYERS, ["greedy"] * 4, seed=seed, mode=mode, max_rounds=1 + seed % 5)
        seed += 1
        state = game.state
        player = next((p for p in state.player_order if state.craft(p).cell is not None), None)
        if game.is_over or player is None:
            continue
        found.append((state, roll(random.Random(seed)), player))
    return found


def win_rate(mode: str, races: int) -> tuple[int, int, int]:
    """(races the coach bot won or shared, of which shared, races with no winner)."""
    wins = shared = none = 0
    for seed in range(races):
        styles = ["greedy"] * 4
        styles[seed % 4] = "coach"
        coach = PLAYERS[seed % 4]
        game = play_bot_game(PLAYERS, styles, seed=seed, mode=mode, max_rounds=100)
        winners = game.outcome.winners if game.outcome else ()
        if coach in winners:
            wins += 1
            shared += len(winners) > 1 and mode != "targets"  # a targets win is the team's
        none += not winners
    return wins, shared, none


def capture_positions(count: int) -> list:
    """Seeded capture positions: greedy teams play 0-3 turns, then the dice are rolled for a craft."""
    found = []
    seed = 0
    while len(found) < count:
        record = play_capture_game(seed=seed, max_turns=seed % 4)
        seed += 1
        state = record.state
        crafts = [c.player for c in state.crafts_in_order() if c.cell is not None]
        if record.outcome is not None or not crafts:
            continue
        rng = random.Random(seed)
        found.append((state, roll(rng), crafts[seed % len(crafts)]))
    return found


def capture_win_rate(games: int) -> tuple[int, int]:
    """(games the coach team won, games with no winner in 60 turns): coach vs greedy, 2 crafts each."""
    wins = none = 0
    for seed in range(games):
        coach, greedy = ("red", "white") if seed % 2 == 0 else ("white", "red")
        record = play_capture_game(seed=seed, styles={coach: "coach", greedy: "greedy"})
        winners = record.outcome.winners if record.outcome else ()
        wins += any(record.state.craft(p).team == coach for p in winners)
        none += not winners
    return wins, none


def plan_times(cases) -> list[float]:
    """Milliseconds of one ``best_plan`` call per (position, dice, player)."""
    times = []
    for position, dice, player in cases:
        start = time.perf_counter()
        best_plan(position, dice, player)
        times.append((time.perf_counter() - start) * 1000)
    return times


LABEL = 42  # the width of a timing's name, so the figures line up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--races", type=int, default=500, help="4-player races for the win rate (default 500)"
    )
    parser.add_argument(
        "--mode-races", type=int, default=None, help="games per other mode (default: --races)"
    )
    parser.add_argument(
        "--positions", type=int, default=50, help="racing positions for the coach (default 50)"
    )
    parser.add_argument("--repeat", type=int, default=15, help="timing repetitions (default 15)")
    parser.add_argument(
        "--capture-positions", type=int, default=20, help="capture positions for the coach (default 20)"
    )
    parser.add_argument(
        "--capture-games", type=int, default=20, help="coach team vs greedy team games (default 20)"
    )
    args = parser.parse_args()
    mode_races = args.races if args.mode_races is None else args.mode_races

    baseline = (
        statistics.median(timeit.repeat(lambda: sum(range(1000)), number=2000, repeat=args.repeat)) / 2000
    )
    baseline_ms = baseline * 1000
    print(f"{'baseline sum(range(1000))':{LABEL}} {baseline * 1e6:8.2f} µs")

    state = setup("racing", seed=1, players=PLAYERS)
    rolls = all_outcomes()
    danger = median_ms(lambda: danger_map(state), args.repeat)
    brute = median_ms(lambda: [resolve_asteroids(state, d) for d in rolls], max(3, args.repeat // 3))
    print(
        f"{'danger map, racing setup, 216 rolls':{LABEL}} {danger:8.1f} ms   goal < 50 ms  "
        f"(ratio to goal {danger / 50:.2f}; {danger / baseline_ms:.0f}× baseline; "
        f"brute force {brute:.1f} ms, {danger / brute:.2f}× it)"
    )

    times = plan_times(positions(args.positions))
    coach = statistics.median(times)
    print(
        f"{f'coach, {len(times)} racing positions, median':{LABEL}} {coach:8.1f} ms   goal < 250 ms "
        f"(ratio to goal {coach / 250:.2f}; {coach / baseline_ms:.0f}× baseline; slowest {max(times):.1f} ms)"
    )
    for mode in ("shooting", "targets", "drones"):
        times = plan_times(positions(max(1, args.positions // 2), mode))
        median = statistics.median(times)
        print(
            f"{f'coach, {len(times)} {mode} positions, median':{LABEL}} {median:8.1f} ms   "
            f"({median / baseline_ms:.0f}× baseline; slowest {max(times):.1f} ms)"
        )
    times = plan_times(capture_positions(args.capture_positions))
    if times:
        median = statistics.median(times)
        print(
            f"{f'coach, {len(times)} capture positions, median':{LABEL}} {median:8.1f} ms   goal < 250 ms "
            f"(ratio to goal {median / 250:.2f}; {median / baseline_ms:.0f}× baseline; "
            f"slowest {max(times):.1f} ms)"
        )

    for mode, count in (
        ("racing", args.races),
        ("shooting", mode_races),
        ("targets", mode_races),
        ("drones", mode_races),
    ):
        if count <= 0:
            continue
        start = time.perf_counter()
        wins, shared, none = win_rate(mode, count)
        seconds = time.perf_counter() - start
        goal = "   goal >= 60 %" if mode == "racing" else ""
        team = " (its team: coach + a greedy bot)" if mode == "targets" else ""
        print(
            f"coach bot vs 3 greedy, {mode:8} {count:4} games: wins {wins / count:6.1%}{team}{goal} "
            f"({wins} won, {shared} of them shared; {none} without a winner; {seconds:.0f} s)"
        )

    if args.capture_games > 0:
        start = time.perf_counter()
        wins, none = capture_win_rate(args.capture_games)
        seconds = time.perf_counter() - start
        print(
            f"coach team vs greedy team, capture {args.capture_games:4} games: wins "
            f"{wins / args.capture_games:6.1%} ({wins} won; {none} without a winner in 60 turns; "
            f"{seconds:.0f} s)"
        )


if __name__ == "__main__":
    main()
