"""Drills for the practice page's tests, made here with the engine in the drills' --json format.

The page takes any ``generate(level, seed)``; these stand in for :mod:`asteroyds.drills` so the
page's own behaviour (answers, record, store) is tested apart from how drills are chosen.
"""

from __future__ import annotations

import random

from asteroyds.asteroids import resolve_asteroids
from asteroyds.coach import best_plan
from asteroyds.damage import never
from asteroyds.dice import Dice
from asteroyds.pieces import ASTEROID
from asteroyds.scenario import to_dict
from asteroyds.setups import racing


def engine_drill(level: int, seed: int) -> dict:
    """An end-cell drill (levels 1-4: one or two asteroids) or a plan drill (level 5)."""
    rng = random.Random(f"practice-test:{level}:{seed}")
    state = racing(seed=seed, players=["blue"])
    dice = Dice(*rng.choices(range(1, 7), k=3))
    as_json = {"red": dice.red, "white": dice.white, "blue": dice.blue}
    if level == 5:
        plan = best_plan(state, dice, "blue", destroy=False, style="careful")
        return {
            "level": 5, "seed": seed, "kind": "plan", "scenario": to_dict(state), "dice": as_json,
            "question": "Take a gate token with no damage.", "pieces": [],
            "answer": {"player": "blue", "program": str(plan.program),
                       "goal": {"tokens": int(plan.score["tokens"]), "max_damage": 0}},
            "explanation": ["the coach's plan"],
        }  # fmt: skip
    after, _events = resolve_asteroids(state, dice, decide=never)
    asteroids = sorted(p.id for p in state.pieces if p.kind == ASTEROID)
    asked = rng.sample(asteroids, 1 if level == 1 else 2)
    ends = {p.id: list(p.cell) for p in after.pieces if p.id in asked}
    return {
        "level": level, "seed": seed, "kind": "end-cell", "scenario": to_dict(state), "dice": as_json,
        "question": "Where do these asteroids end?", "pieces": asked, "answer": {"cells": ends},
        "explanation": ["the engine's asteroid phase"],
    }  # fmt: skip
