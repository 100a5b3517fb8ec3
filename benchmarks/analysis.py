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

The baselines, each measured in the same run (``benchmarks/_report.py``):

- the danger map: the brute force it replaces (216 calls of
  ``resolve_asteroids`` on the same board), in rounds alternating with its own;
- a best plan: plain Python (``sum(range(1000))``) run right after each search
  for as long as the search took: the search is plain Python, so the ratio is
  its cost in units of this machine's interpreter at that moment, whatever else
  the machine is doing;
- a win rate: a greedy bot in the coach's seat (or team) over the same seeds,
  the games the coach's opponents would play among themselves: the ratio is
  how much more often the coach wins than the bot it plays against.

``--races`` and ``--positions`` shorten a run; ``--quick`` is a smoke run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _report import arguments, figure, for_as_long, header, paired, python_work  # noqa: E402

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


def win_rate(mode: str, races: int, style: str = "coach") -> tuple[int, int, int]:
    """(races the ``style`` bot in the turning seat won or shared, of which shared, races with no
    winner); the other three seats are greedy bots."""
    wins = shared = none = 0
    for seed in range(races):
        styles = ["greedy"] * 4
        styles[seed % 4] = style
        seat = PLAYERS[seed % 4]
        game = play_bot_game(PLAYERS, styles, seed=seed, mode=mode, max_rounds=100)
        winners = game.outcome.winners if game.outcome else ()
        if seat in winners:
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


def capture_win_rate(games: int, style: str = "coach", turns: int = 60) -> tuple[int, int]:
    """(games the ``style`` team won, games with no winner in ``turns`` turns): against a greedy team,
    2 crafts each, the ``style`` team red in even seeds and white in odd ones."""
    wins = none = 0
    for seed in range(games):
        ours, greedy = ("red", "white") if seed % 2 == 0 else ("white", "red")
        record = play_capture_game(seed=seed, styles={ours: style, greedy: "greedy"}, max_turns=turns)
        winners = record.outcome.winners if record.outcome else ()
        wins += any(record.state.craft(p).team == ours for p in winners)
        none += not winners
    return wins, none


def plan_times(cases) -> tuple[list[float], list[float]]:
    """Milliseconds of one ``best_plan`` call per (position, dice, player), and of the baseline after each."""
    times, base = [], []
    for position, dice, player in cases:
        start = time.perf_counter()
        best_plan(position, dice, player)
        times.append((time.perf_counter() - start) * 1000)
        base.append(for_as_long(python_work, times[-1] / 1000) * 1000)
    return times, base


def plan_figure(name: str, cases: list, goal: bool) -> None:
    times, base = plan_times(cases)
    if not times:
        print(f"{name}: no position found")
        return
    median = statistics.median(times)
    aim = f"goal < 250 ms: {median / 250:.2f} of it; " if goal else ""
    figure(
        f"{name}, {len(times)} positions, median",
        median,
        "ms",
        BASELINE,
        statistics.median(base),
        f"{aim}slowest {max(times):.1f} ms",
    )


BASELINE = "plain Python, sum(range(1000))"


def main() -> None:
    parser = arguments(__doc__)
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
    parser.add_argument(
        "--capture-turns", type=int, default=60, help="turns before a capture game has no winner (60)"
    )
    args = parser.parse_args()
    if args.quick:
        args.races, args.mode_races, args.positions, args.repeat = 4, 1, 2, 3
        args.capture_positions, args.capture_games, args.capture_turns = 1, 1, 2
    mode_races = args.races if args.mode_races is None else args.mode_races
    header("the coach", args.quick)

    state = setup("racing", seed=1, players=PLAYERS)
    rolls = all_outcomes()
    danger, brute = paired(
        lambda: danger_map(state), lambda: [resolve_asteroids(state, d) for d in rolls], args.repeat
    )
    figure(
        "danger map, racing setup, 216 rolls, median",
        danger * 1000,
        "ms",
        "brute force: 216 resolve_asteroids",
        brute * 1000,
        f"goal < 50 ms: {danger * 1000 / 50:.2f} of it",
    )

    plan_figure("coach, racing", positions(args.positions), goal=True)
    for mode in ("shooting", "targets", "drones"):
        plan_figure(f"coach, {mode}", positions(max(1, args.positions // 2), mode), goal=False)
    plan_figure("coach, capture", capture_positions(args.capture_positions), goal=True)

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
        greedy, greedy_shared, _ = win_rate(mode, count, style="greedy")
        goal = "goal >= 60 %; " if mode == "racing" else ""
        team = "its team: coach + a greedy bot; " if mode == "targets" else ""
        figure(
            f"coach bot vs 3 greedy, {mode}, {count} games, wins",
            100 * wins / count,
            "%",
            "a greedy bot in its seat",
            100 * greedy / count,
            f"{goal}{team}won {wins} ({shared} shared), the greedy bot {greedy} ({greedy_shared} shared); "
            f"{none} without a winner; {seconds:.0f} s",
        )

    if args.capture_games > 0:
        start = time.perf_counter()
        wins, none = capture_win_rate(args.capture_games, turns=args.capture_turns)
        seconds = time.perf_counter() - start
        greedy, greedy_none = capture_win_rate(args.capture_games, style="greedy", turns=args.capture_turns)
        figure(
            f"coach team vs greedy team, capture, {args.capture_games} games, wins",
            100 * wins / args.capture_games,
            "%",
            "a greedy team in its place",
            100 * greedy / args.capture_games,
            f"won {wins}, the greedy team {greedy}; no winner in {args.capture_turns} turns {none}, "
            f"the greedy team {greedy_none}; {seconds:.0f} s",
        )


if __name__ == "__main__":
    main()
