"""A whole round as a composition of pure phases (docs/rules.md#3-a-round).

``play_round`` = the asteroid phase, then flight, then the end of the round
(victory check, charts reset, the next player becomes player one). The
:class:`~asteroyds.game.Game` drives the same functions one phase at a time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .asteroids import resolve_asteroids
from .damage import Decide, never
from .dice import Dice
from .event_text import colour_text, player_text
from .events import Event
from .flight import fly
from .i18n import _
from .outcome import Outcome
from .pieces import DIE_COLOURS
from .program import Program, as_program, shields_of, validate_program
from .registry import mode_of
from .state import State


def _without_default_word(event: Event) -> dict[str, Any]:
    """An event's dict without ``word`` when it is the usual "round" (saved logs keep their shape)."""
    data = Event.to_dict(event)
    if data.get("word") == "round":
        del data["word"]
    return data


@dataclass(slots=True)
class DiceRolled(Event):
    TYPE: ClassVar[str] = "dice_rolled"
    round: int
    red: int
    white: int
    blue: int
    order: tuple[str, ...]
    word: str = "round"  # what the mode calls its turns (TurnWord): capture's "turn" holds six rounds

    def to_dict(self) -> dict[str, Any]:
        return _without_default_word(self)

    def text(self) -> str:
        dice = {"round": self.round, "red": self.red, "white": self.white, "blue": self.blue}
        if self.word == "turn":
            return _("Turn {round}: the dice show red {red}, white {white}, blue {blue}", **dice)
        if self.order == DIE_COLOURS:
            return _("Round {round}: the dice show red {red}, white {white}, blue {blue}", **dice)
        return _(
            "Round {round}: the dice show red {red}, white {white}, blue {blue} "
            "(this round the colours move {order})",
            order=", ".join(colour_text(c) for c in self.order),
            **dice,
        )


@dataclass(slots=True)
class RoundEnded(Event):
    TYPE: ClassVar[str] = "round_ended"
    round: int
    player_one: str
    word: str = "round"  # see DiceRolled.word: capture ends a turn, not a round

    def to_dict(self) -> dict[str, Any]:
        return _without_default_word(self)

    def text(self) -> str:
        if self.word == "turn":
            return _(
                "End of turn {round}: charts reset; {player} is now player one",
                round=self.round,
                player=player_text(self.player_one),
            )
        return _(
            "End of round {round}: charts reset; {player} is now player one",
            round=self.round,
            player=player_text(self.player_one),
        )


@dataclass(slots=True)
class GameOver(Event):
    TYPE: ClassVar[str] = "game_over"
    winners: tuple[str, ...]
    reason: str

    def text(self) -> str:
        return _("Game over. {reason}", reason=self.reason)


def programs_for(state: State, programs: Mapping[str, Program | str]) -> dict[str, Program]:
    """Validated programs for every craft still flying; a missing one is an empty chart.

    Raises ProgramError naming the player and the column; an unknown player is
    rejected too. Nothing is changed.
    """
    from .errors import ProgramError

    players = {c.player: c for c in state.crafts}
    for player in programs:
        if player not in players:
            raise ProgramError(
                _(
                    "{player}: no such player in this game ({choices})",
                    player=player,
                    choices=", ".join(sorted(players)),
                )
            )
    result: dict[str, Program] = {}
    for player in state.player_order:
        craft = players[player]
        if craft.cell is None:
            continue
        given = programs.get(player)
        program = Program.empty() if given is None else as_program(given, player=player)
        result[player] = validate_program(program, craft, state.mode, rules=state.rules)
    return result


def end_round(state: State, round_events: Sequence[Event]) -> tuple[State, list[Event], Outcome | None]:
    """The mode's clean-up, the victory check, then rotate player one and advance the round."""
    mode = mode_of(state)
    state, cleanup = mode.finish_round(state, round_events)
    result = mode.outcome(state, [*round_events, *cleanup])
    order = state.player_order[1:] + state.player_order[:1] if state.player_order else ()
    after = state.replace(player_order=order, round=state.round + 1)
    word = str(mode.turn.word)
    events: list[Event] = [*cleanup, RoundEnded(state.round, order[0] if order else "", word)]
    if result is not None:
        events.append(GameOver(result.winners, result.reason))
    return after, events, result


def play_round(
    state: State,
    dice: Dice | Sequence[int],
    programs: Mapping[str, Program | str],
    decide: Decide = never,
    order: Sequence[str] = DIE_COLOURS,
) -> tuple[State, list[Event], Outcome | None]:
    """One whole round; programs are validated first, so bad input changes nothing.

    >>> from asteroyds.setups import racing
    >>> s = racing(seed=1, players=["blue", "red"])
    >>> after, events, result = play_round(s, (3, 5, 2), {"blue": "F F F . . . S"})
    >>> after.round, after.player_order, result
    (2, ('red', 'blue'), None)
    """
    return mode_of(state).turn.play(state, Dice.of(dice), programs, decide, order)


def play_one_round(
    state: State,
    dice: Dice,
    programs: Mapping[str, Program | str],
    decide: Decide = never,
    order: Sequence[str] = DIE_COLOURS,
) -> tuple[State, list[Event], Outcome | None]:
    """The standard turn: the asteroid phase, flight, then the end of the round."""
    state, started = mode_of(state).start_round(state)
    checked = programs_for(state, programs)
    events: list[Event] = [DiceRolled(state.round, *dice.as_tuple(), tuple(order)), *started]
    state, phase_events = resolve_asteroids(
        state, dice, shields=shields_of(checked), order=order, decide=decide
    )
    events += phase_events
    state, phase_events = fly(state, checked, decide=decide)
    events += phase_events
    state, phase_events, result = end_round(state, events)
    return state, events + phase_events, result
