"""``asteroyds drill``: print a drill for a level and a seed (the command line's side of this package).

Text: the question, the dice, the pieces asked about; the answer and its
explanation only with ``--answer`` (a learner can try first). ``--json``
always carries the answer (issue 22's format). Without ``--seed`` a seed is
drawn and printed, so any drill can be asked for again.
"""

from __future__ import annotations

import argparse
import json
import random

from .. import untrusted
from ..event_text import cell_text, player_text, tile_name
from ..i18n import _
from .drill import LEVELS, MAX_SEED, PLAN, Drill
from .levels import generate

LEVEL = untrusted.whole_number(min(LEVELS), max(LEVELS))
SEED = untrusted.whole_number(0, MAX_SEED)


def add_drill_command(sub: argparse._SubParsersAction) -> None:
    """The ``drill`` sub-command, on the command line's parser (see :mod:`asteroyds.cli`)."""
    p = sub.add_parser("drill", help="a practice question the engine made and answered (levels 1-5)")
    p.add_argument(
        "--level",
        type=LEVEL,
        required=True,
        help="1 where an asteroid ends, 2 blocked/stopped/void, 3 pushes and bicolour tiles, "
        "4 three tiles that interact, 5 plan against the dice",
    )
    p.add_argument("--seed", type=SEED, default=None, help=f"0-{MAX_SEED}: the same seed, the same drill")
    p.add_argument("--answer", action="store_true", help="also print the answer and why (text output)")
    p.add_argument("--json", action="store_true", help="print the drill, its answer included, as JSON")
    p.set_defaults(run=cmd_drill)


def cmd_drill(args: argparse.Namespace) -> str:
    """Print one drill; a seed is drawn when none is given, and shown, so the drill can be asked again."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
    drill = generate(args.level, seed)
    if args.json:
        return json.dumps(drill.to_json(), indent=2, ensure_ascii=False)
    return "\n".join(drill_lines(drill, args.answer))


def drill_lines(drill: Drill, answer: bool) -> list[str]:
    """The drill in words: a heading, the question, the pieces; then, if asked, the answer and why."""
    d = drill.dice
    lines = [
        _("Drill level {level}, seed {seed}", level=drill.level, seed=drill.seed),
        drill.question,
        _("Dice: red {red}, white {white}, blue {blue}", red=d.red, white=d.white, blue=d.blue),
    ]
    for pid in drill.pieces:
        if drill.kind == PLAN:
            craft = drill.state.craft(pid)
            lines.append(
                _(
                    "  {player} craft at {cell}",
                    player=player_text(pid),
                    cell=cell_text(craft.cell),
                )
            )
        else:
            p = drill.state.piece(pid)
            lines.append(
                _(
                    "  {id}: {tile} at {cell}",
                    id=pid,
                    tile=tile_name(p.colour or "", p.kind, p.priority),
                    cell=cell_text(p.cell),
                )
            )
    if not answer:
        lines.append(_("(add --answer to see the answer and why)"))
        return lines
    if drill.kind == PLAN:
        lines.append(_("Answer: {program}", program=drill.program))
    else:
        ends = ", ".join(f"{pid} {cell_text(cell)}" for pid, cell in drill.cells.items())
        lines.append(_("Answer: {cells}", cells=ends))
    lines.append(_("Why:"))
    lines.extend(f"  {line}" for line in drill.explanation)
    return lines
