"""A drill of a level and a seed: :func:`generate` asks the level's maker (:mod:`.phase`: levels
1-4; :mod:`.plan`: 5). Its own module, above the makers, which import :mod:`.drill` for the
:class:`~.drill.Drill` they make.

:func:`generate` maps a level and a seed to exactly one drill: it draws candidates from
``random.Random`` seeded by both and keeps the first whose premise the engine confirms (generate
and reject), so the same seed always gives the same drill and every drill has been checked when
it is made.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..i18n import _
from .drill import Drill, DrillError, check_level, check_seed
from .phase import MAKERS
from .plan import make_plan

ATTEMPTS = 400  # candidates tried per drill before giving up (the tests show a few suffice)
Maker = Callable[[random.Random, int, int], "Drill | None"]


def generate(level: int, seed: int) -> Drill:
    """The drill of this level and seed (levels 1-4: where pieces end; 5: plan against the dice)."""
    level, seed = check_level(level), check_seed(seed)
    maker: Maker = make_plan if level == 5 else MAKERS[level]
    rng = random.Random(f"asteroyds-drill/{level}/{seed}")
    for _attempt in range(ATTEMPTS):
        drill = maker(rng, level, seed)
        if drill is not None:
            return drill
    raise DrillError(
        _("no level {level} drill found for seed {seed}; try another seed", level=level, seed=seed)
    )


__all__ = ["ATTEMPTS", "generate"]
