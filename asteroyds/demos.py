"""The gallery of ready demonstrations: one small scenario per rule, with its dice and programs.

A demo file (``asteroyds/data/demos/NAME.json``, format ``asteroyds/demo@1``,
described in ``asteroyds/data/demos/README.md``) wraps a scenario (``asteroyds/scenario.py``)
with what a teacher needs to show one rule in under a minute: a title, the
rule and its section (``§4 Red die``: docs/rules.md's numbering), two or three plain
sentences for the class, the dice and, optionally, the programs and the answers to the
mid-flight questions. Like the
rest of the engine this module uses the standard library only.

>>> "rulebook-white-6-before-gate-24" in list_demos()
True
>>> demo = load_demo("rulebook-white-6-before-gate-24")
>>> demo.dice
Dice(red=1, white=1, blue=1)
>>> print(demo.play().asteroid_events[2])
White asteroid #6 moves 1 space E to (6, 6)
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from . import i18n, scenario
from .asteroids import resolve_asteroids
from .damage import POLICIES, Decide, policy
from .dice import Dice
from .errors import AsteroydsError, ScenarioError
from .events import Event
from .flight import fly
from .i18n import _
from .program import shields_of
from .registry import mode_of
from .round import GameOver, programs_for
from .state import State

FORMAT = "asteroyds/demo@1"
DEMO_DIR = "data/demos"
DEMO_KEYS = frozenset(
    {
        "format",
        "title",
        "rule",
        "explain",
        "dice",
        "programs",
        "decide",
        "victory",
        "notes",
        "scenario",
        "translations",
    }
)
# What a demo's "translations" may say again in another language (the notes are the author's).
TRANSLATED_KEYS = ("title", "rule", "explain")
DECIDE_KEYS = ("destroy", "lawrence")
# A demo's name is its file name: lower-case words joined by hyphens (safe in a URL and a path).
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
SECTION_PATTERN = re.compile(r"§\s*(\d+)")


@dataclass(frozen=True)
class DemoPlay:
    """What happens in a demo's round: the asteroid phase, then the flight of the given programs.

    ``start`` is the board the class sees first, before the mode's start of the
    round; ``asteroid_events`` begin with that start (drones launched), so the
    class watches the launches and stepping never launches a drone twice. Feed
    ``start`` and :attr:`events` to
    :func:`asteroyds.snapshots.snapshots` to step through the round.
    """

    start: State
    asteroid_events: tuple[Event, ...]
    after_asteroids: State
    flight_events: tuple[Event, ...]
    end: State

    @property
    def events(self) -> tuple[Event, ...]:
        return self.asteroid_events + self.flight_events


@dataclass(frozen=True)
class Demo:
    """One demonstration of the gallery (see the module docstring for the file format)."""

    name: str
    title: str
    rule: str
    explain: str
    state: State
    dice: Dice
    programs: tuple[tuple[str, str], ...] = ()
    decide: tuple[tuple[str, str], ...] = (("destroy", "never"), ("lawrence", "never"))
    # end on the round's victory check (docs/rules.md#7-shooting, docs/rules.md#8-victory): a demo of who wins
    victory: bool = False
    notes: str = ""
    translations: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    _played: list = field(default_factory=list, compare=False, repr=False, hash=False)

    def shown(self, key: str, lang: str | None = None) -> str:
        """``title``, ``rule`` or ``explain`` in ``lang`` (default: the language shown now), else English.

        >>> load_demo("pilot-hector").shown("title", "fr")
        'Hector : avancer deux fois'
        """
        wanted = lang or i18n.language()
        for code, texts in self.translations:
            if code == wanted:
                return dict(texts).get(key) or getattr(self, key)
        return getattr(self, key)

    @property
    def shown_title(self) -> str:
        return self.shown("title")

    @property
    def shown_rule(self) -> str:
        return self.shown("rule")

    @property
    def shown_explain(self) -> str:
        return self.shown("explain")

    @property
    def section(self) -> int | None:
        """The rules section the demo cites first (``4`` for "§4 Red die"): docs/rules.md's numbering."""
        match = SECTION_PATTERN.search(self.rule)
        return int(match.group(1)) if match else None

    @property
    def program_map(self) -> dict[str, str]:
        return dict(self.programs)

    def policy(self) -> Decide:
        """The answers to the mid-flight questions (destroy an asteroid? Lawrence?)."""
        return policy(**dict(self.decide))

    def play(self) -> DemoPlay:
        """Play the asteroid phase with the demo's dice, then fly the demo's programs (cached)."""
        if not self._played:
            self._played.append(_play(self))
        return self._played[0]


def _play(demo: Demo) -> DemoPlay:
    decide = demo.policy()
    mode = mode_of(demo.state)
    state, started = mode.start_round(demo.state)
    if not mode.turn.asteroid_phase:
        # Capture: the turn's six rounds are one resolution, lasers and moves together.
        # (the rules: docs/rules.md#11-capture-the-asteroyd)
        resolution = mode.turn.resolve(state, demo.dice, demo.program_map, decide=decide)
        return DemoPlay(
            start=demo.state,
            asteroid_events=tuple(started),
            after_asteroids=state,
            flight_events=tuple(resolution.events),
            end=resolution.state,
        )
    checked = programs_for(state, demo.program_map)
    after, asteroid_events = resolve_asteroids(state, demo.dice, shields=shields_of(checked), decide=decide)
    # Only the crafts the demo gives a program fly (an empty chart would only add noise).
    flying = {p: checked[p] for p in demo.program_map if p in checked and after.craft(p).cell is not None}
    end, flight_events = fly(after, flying, decide=decide)
    played = [*started, *asteroid_events, *flight_events]
    return DemoPlay(
        start=demo.state,
        asteroid_events=tuple(started) + tuple(asteroid_events),
        after_asteroids=after,
        flight_events=tuple(flight_events) + (_victory(end, played) if demo.victory else ()),
        end=end,
    )


def _victory(end: State, played: Sequence[Event]) -> tuple[Event, ...]:
    """The round's victory check (docs/rules.md#8-victory), so a demo of a tie-break ends on its winner.

    Only for demos that ask (``"victory": true``): on a hand-made board with one gate, the
    check would crown whoever crossed it, which is not what a demo of crossing shows.

    The board is left as the flight ended (the mode's clean-up is not shown): only the verdict
    is added, as the game's own "game over" event.
    """
    mode = mode_of(end)
    cleaned, cleanup = mode.finish_round(end, played)
    result = mode.outcome(cleaned, [*played, *cleanup])
    return () if result is None else (GameOver(result.winners, result.reason),)


# --- reading -------------------------------------------------------------------------


def from_dict(data: Any, name: str = "demo", where: str | None = None) -> Demo:
    """Build a valid demo from a parsed JSON object; raise :class:`ScenarioError` naming the problem."""
    where = where or f"demo {name!r}"
    if not isinstance(data, dict):
        raise ScenarioError(
            _("{where}: a demo is a JSON object, got {kind}", where=where, kind=type(data).__name__)
        )
    if data.get("format") != FORMAT:
        raise ScenarioError(
            _(
                "{where}: format must be {FORMAT!r}, got {found!r}",
                where=where,
                FORMAT=FORMAT,
                found=data.get("format"),
            )
        )
    unknown = sorted(set(data) - DEMO_KEYS)
    if unknown:
        raise ScenarioError(_("{where}: unknown key {unknown!r}", where=where, unknown=unknown[0]))
    texts = {}
    for key in ("title", "rule", "explain", "notes"):
        value = data.get(key, "")
        if not isinstance(value, str) or (key != "notes" and not value.strip()):
            raise ScenarioError(
                _(
                    "{where}: {key} must be a non-empty string, got {value!r}",
                    where=where,
                    key=key,
                    value=value,
                )
            )
        texts[key] = value.strip()
    state = scenario.from_dict(data.get("scenario"), where=f"{where}: scenario")
    dice = _dice(data.get("dice"), where)
    programs = _programs(data.get("programs", {}), state, where)
    decide = _decide(data.get("decide", "never"), where)
    victory = data.get("victory", False)
    if not isinstance(victory, bool):
        raise ScenarioError(
            _("{where}: victory must be true or false, got {value!r}", where=where, value=victory)
        )
    translations = _translations(data.get("translations", {}), where)
    return Demo(
        name=name,
        state=state,
        dice=dice,
        programs=programs,
        decide=decide,
        victory=victory,
        translations=translations,
        title=texts["title"],
        rule=texts["rule"],
        explain=texts["explain"],
        notes=texts["notes"],
    )


def _translations(value: Any, where: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """``{"fr": {"title": …, "rule": …, "explain": …}}``: the texts a class reads, in other languages."""
    if not isinstance(value, dict):
        raise ScenarioError(
            _(
                "{where}: translations must map a language to its texts, got {value!r}",
                where=where,
                value=value,
            )
        )
    out = []
    for lang, texts in sorted(value.items()):
        if lang not in i18n.LANGUAGES or lang == i18n.DEFAULT:
            raise ScenarioError(
                _(
                    "{where}: translations: unknown language {lang!r} (expected one of {choices})",
                    where=where,
                    lang=lang,
                    choices=", ".join(x for x in i18n.LANGUAGES if x != i18n.DEFAULT),
                )
            )
        if not isinstance(texts, dict) or not texts or not set(texts) <= set(TRANSLATED_KEYS):
            raise ScenarioError(
                _(
                    "{where}: translations.{lang} must give some of {keys}, got {value!r}",
                    where=where,
                    lang=lang,
                    keys=", ".join(TRANSLATED_KEYS),
                    value=texts,
                )
            )
        for key, text in texts.items():
            if not isinstance(text, str) or not text.strip():
                raise ScenarioError(
                    _(
                        "{where}: translations.{lang}.{key} must be a non-empty string, got {value!r}",
                        where=where,
                        lang=lang,
                        key=key,
                        value=text,
                    )
                )
        out.append((lang, tuple((k, texts[k].strip()) for k in TRANSLATED_KEYS if k in texts)))
    return tuple(out)


def _dice(value: Any, where: str) -> Dice:
    ok = (
        isinstance(value, list)
        and len(value) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in value)
    )
    if not ok:
        raise ScenarioError(
            _("{where}: dice must be [red, white, blue], each 1..6, got {value!r}", where=where, value=value)
        )
    return Dice(*value)


def _programs(value: Any, state: State, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ScenarioError(
            _(
                "{where}: programs must map each player to a program string, got {value!r}",
                where=where,
                value=value,
            )
        )
    try:
        mode = mode_of(state)
        checked = mode.turn.programs_for(mode.start_round(state)[0], value)
    except AsteroydsError as exc:
        raise ScenarioError(_("{where}: programs: {error}", where=where, error=exc)) from None
    return tuple((player, str(checked[player])) for player in value)


def _decide(value: Any, where: str) -> tuple[tuple[str, str], ...]:
    if isinstance(value, str):
        value = dict.fromkeys(DECIDE_KEYS, value)
    if not isinstance(value, dict) or not set(value) <= set(DECIDE_KEYS):
        raise ScenarioError(
            _(
                '{where}: decide must be "never", "always" or {{"destroy": ..., "lawrence": ...}}, '
                "got {value!r}",
                where=where,
                value=value,
            )
        )
    answers = {key: value.get(key, "never") for key in DECIDE_KEYS}
    for key, word in answers.items():
        if word not in POLICIES:
            raise ScenarioError(
                _(
                    "{where}: decide {key} must be one of {choices}, got {word!r}",
                    where=where,
                    key=key,
                    choices=", ".join(POLICIES),
                    word=word,
                )
            )
    return tuple(answers.items())


def loads(text: str, name: str = "demo", where: str | None = None) -> Demo:
    """Parse and validate demo JSON text."""
    where = where or f"demo {name!r}"
    return from_dict(scenario.parse_json(text, where), name=name, where=where)


def _folder() -> Any:
    return resources.files("asteroyds").joinpath(DEMO_DIR)


def list_demos() -> list[str]:
    """The names of the gallery's demos, sorted."""
    folder = _folder()
    if not folder.is_dir():
        return []
    return sorted(entry.name[: -len(".json")] for entry in folder.iterdir() if entry.name.endswith(".json"))


def check_name(name: Any) -> str:
    """The name if it can be a demo's name; else :class:`ScenarioError` (names come from URLs)."""
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        raise ScenarioError(_("{name!r} is not a demo name (lower-case words joined by hyphens)", name=name))
    return name


@cache
def load_demo(name: str) -> Demo:
    """A demo of the gallery by name; an unknown name gets a message listing the close ones."""
    check_name(name)
    entry = _folder().joinpath(f"{name}.json")
    if not entry.is_file():
        names = list_demos()
        close = [n for n in names if name in n] + difflib.get_close_matches(name, names, n=3, cutoff=0.7)
        close = list(dict.fromkeys(close))[:3]
        hint = f"did you mean {' or '.join(repr(c) for c in close)}?" if close else f"{len(names)} demos"
        raise ScenarioError(_("no demo named {name!r} in the gallery ({hint})", name=name, hint=hint))
    return loads(entry.read_text(encoding="utf-8"), name=name, where=f"{DEMO_DIR}/{name}.json")


def all_demos() -> list[Demo]:
    """Every demo of the gallery, by name."""
    return [load_demo(name) for name in list_demos()]


def by_section(demos: Sequence[Demo]) -> list[Demo]:
    """Demos in the order of the rules: by section (docs/rules.md's numbering), then by name."""
    return sorted(demos, key=lambda d: (d.section or 99, d.name))


# --- writing -------------------------------------------------------------------------


def to_dict(demo: Demo) -> dict[str, Any]:
    """The demo file's object (canonical key order)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "title": demo.title,
        "rule": demo.rule,
        "explain": demo.explain,
    }
    if demo.translations:
        data["translations"] = {lang: dict(texts) for lang, texts in demo.translations}
    data["dice"] = list(demo.dice.as_tuple())
    if demo.programs:
        data["programs"] = dict(demo.programs)
    decide = dict(demo.decide)
    if set(decide.values()) != {"never"}:
        data["decide"] = decide
    if demo.victory:
        data["victory"] = True
    if demo.notes:
        data["notes"] = demo.notes
    data["scenario"] = scenario.to_dict(demo.state)
    return data


def dumps(demo: Demo) -> str:
    """Demo JSON text: one key per line, the scenario laid out like a scenario file."""
    data = to_dict(demo)
    inner = scenario.dumps(demo.state).rstrip("\n").replace("\n", "\n  ")
    lines = [
        f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in data.items() if k != "scenario"
    ]
    return "{\n" + "\n".join(lines) + f'\n  "scenario": {inner}\n}}\n'


def make_demo(
    state: State,
    dice: Dice | Sequence[int] = (1, 1, 1),
    *,
    name: str = "my-demo",
    title: str = "My demonstration",
    rule: str = "—",
    explain: str = "A scenario made with the editor.",
    programs: Mapping[str, str] | None = None,
) -> Demo:
    """A demo around a state (the editor's "save as a demo"); validated like a file.

    ``rule`` "—" by default: a board of one's own cites no rule of the gallery.
    """
    data = to_dict(Demo(name, title, rule, explain, state, Dice.of(dice)))
    if programs:
        data["programs"] = dict(programs)
    return from_dict(data, name=check_name(name))


__all__ = [
    "FORMAT",
    "Demo",
    "DemoPlay",
    "all_demos",
    "by_section",
    "check_name",
    "dumps",
    "from_dict",
    "list_demos",
    "load_demo",
    "loads",
    "make_demo",
    "to_dict",
]
