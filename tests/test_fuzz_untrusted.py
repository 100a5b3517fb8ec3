"""Issue 14's fuzz test: hostile files, arguments and links never end in a traceback.

The property, for the command line run in-process (``asteroyds.cli.main``):
exit 0 with valid output (UTF-8 text; with ``--json`` a valid scenario), or
exit 2 with exactly one line on stderr and nothing on stdout; no exception
escapes. For links: :func:`asteroyds.ui.links.read_query` answers a request or
raises the project's own error. How long a run takes is no part of the
property (no deadline): a loaded machine must not fail a correct answer. Generated inputs: mutated
scenario files and saved games (structure and bytes), programs files, argument
lists and query strings; the issue's cases are kept as explicit examples.

Bounded for CI (``.ci/run`` runs the slow tests): a few hundred examples, well
under a minute on two cores.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from asteroyds import AsteroydsError, scenario, setup
from asteroyds.cli import main
from asteroyds.modes.capture import layout
from asteroyds.simulate import play_bot_game
from asteroyds.ui import links
from asteroyds.ui.sandbox.view import Sandbox

pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
HUGE = "9" * 5000


def hostile(base: Any, how: str) -> str:
    """The issue's cases, as text: a 5000-digit round, or a lone surrogate in the first piece id."""
    text = json.dumps(base)
    if how == "huge":
        return text.replace('"round": 1', '"round": ' + HUGE)
    return text.replace('"id": "', '"id": "\\ud800', 1)


PROGRAMS = {"blue": "F F R . . . S", "red": "F . R L . . S"}


def _bases() -> list[Any]:
    game = play_bot_game(players=["blue", "red"], styles=["greedy", "random"], seed=5, max_rounds=2)
    return [
        scenario.to_dict(setup("racing", seed=1, players=["blue", "red"])),
        scenario.to_dict(setup("targets", seed=2, players=["blue", "red"])),
        scenario.to_dict(layout(2)),
        json.loads(game.dumps()),
    ]


BASES = _bases()

# --- strategies ---------------------------------------------------------------------------------

ODD_TEXT = st.sampled_from(["", " ", "x", "\ud800", "\udcff", "a\nb", "\x00", "\u2028", "é", "💥", "F" * 999])
NUMBERS = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.sampled_from([0, -1, 1, 6, 7, 10**6, 2**63, 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, ODD_TEXT, st.text(max_size=12))
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8) | ODD_TEXT, inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["id", "kind", "cell", "round", "priority", "player", "facing", "orientation", "mask", "board",
     "inputs", "roll", "order", "program", "text", "answers", "seed", "team", "format", "pieces", "x"]
)  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn, base: Any | None = None) -> Any:
    """A base document with a few nodes replaced, removed, duplicated or added."""
    data = json.loads(json.dumps(base if base is not None else draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(1, 4))):
        node = data
        for _ in range(draw(st.integers(0, 4))):
            if isinstance(node, dict) and node:
                node = node[draw(st.sampled_from(sorted(node)))]
            elif isinstance(node, list) and node:
                node = node[draw(st.integers(0, len(node) - 1))]
        action = draw(st.sampled_from(["replace", "remove", "add", "duplicate"]))
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if action == "remove":
                del node[key]
            elif action == "add":
                node[draw(KEYS)] = draw(JSON_VALUES)
            elif action == "duplicate":
                node[draw(KEYS)] = json.loads(json.dumps(node[key]))
            else:
                node[key] = draw(JSON_VALUES)
        elif isinstance(node, list) and node:
            index = draw(st.integers(0, len(node) - 1))
            if action == "remove":
                del node[index]
            elif action == "duplicate":
                node.insert(index, json.loads(json.dumps(node[index])))
            else:
                node[index] = draw(JSON_VALUES)
    return data


@st.composite
def file_bytes(draw: st.DrawFn, documents: st.SearchStrategy[Any]) -> bytes:
    """A document as JSON bytes, sometimes damaged at the byte level (truncated, bytes inserted)."""
    text = json.dumps(draw(documents), ensure_ascii=draw(st.booleans()), allow_nan=True)
    raw = text.encode("utf-8", "surrogatepass")
    damage = draw(st.sampled_from(["none", "none", "truncate", "insert", "bom", "deep"]))
    if damage == "truncate" and raw:
        raw = raw[: draw(st.integers(0, len(raw) - 1))]
    elif damage == "insert":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=6)) + raw[at:]
    elif damage == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif damage == "deep":
        depth = draw(st.sampled_from([17, 1000, 100_000]))
        raw = b"[" * depth + raw + b"]" * depth
    return raw


ARG_TOKENS = st.one_of(
    st.sampled_from(
        ["racing", "targets", "drones", "shooting", "capture", "--dice", "--seed", "--json", "--size",
         "--programs", "--destroy", "--lawrence", "always", "never", "-h", "--", "-", "1", "6", "0", "-5",
         "nan", "inf", "1e308", HUGE, "1_0", "٣"]
    ),
    ODD_TEXT.filter(lambda t: "\x00" not in t),  # a real command line cannot hold a NUL
    st.integers(-20, 20).map(str),
)  # fmt: skip


# --- running the command line in-process ---------------------------------------------------------


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` with stdout as strict UTF-8 bytes (like a real pipe) and stderr captured."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)  # any exception escaping here fails the test
        out.flush()
        err.flush()
    err.seek(0)
    return code, raw.getvalue().decode("utf-8"), err.read()


def check_outcome(argv: list[str], code: int, out: str, err: str) -> None:
    assert code in (0, 2), (argv[:4], code, err[-300:])
    event(f"exit {code}")  # --hypothesis-show-statistics: both kinds of outcome are reached
    if code == 2:
        assert out == "", out[:200]
        assert err.endswith("\n") and len(err.splitlines()) == 1, err[:500]
        assert "Traceback" not in err
        return
    assert err == ""
    if not out.startswith(("usage:", "asteroyds ")) and "--json" in argv:  # not --help nor --version
        scenario.from_dict(json.loads(out)["scenario"])  # valid output


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private working folder: whatever a generated command writes lands here."""
    path = tmp_path_factory.mktemp("fuzz")
    (path / "programs.json").write_text(json.dumps(PROGRAMS), encoding="utf-8")
    return path


@contextlib.contextmanager
def inside(folder: Path):
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


# --- the properties -------------------------------------------------------------------------------


@FUZZ
@given(raw=file_bytes(mutated()), command=st.sampled_from(["asteroids", "render", "round"]))
@example(raw=b"\xff" + json.dumps(BASES[0]).encode(), command="asteroids")
@example(raw=hostile(BASES[0], "huge").encode(), command="round")
@example(raw=b"[" * 100_000 + b"]" * 100_000, command="render")
@example(raw=json.dumps({**BASES[0], "board": {"mask": ["#" * 1000] * 1000}}).encode(), command="asteroids")
@example(raw=hostile(BASES[0], "surrogate").encode(), command="render")
@example(raw=json.dumps(BASES[3]).replace('"roll": [', '"roll": [9, ', 1).encode(), command="asteroids")
def test_fuzz_scenario_and_saved_game_files(folder, raw, command):
    path = folder / "scenario.json"
    path.write_bytes(raw)
    argv = {
        "asteroids": ["asteroids", str(path), "--dice", "3", "5", "2", "--json"],
        "render": ["render", str(path), "-o", "-"],
        "round": ["round", str(path), "--dice", "1", "4", "6", "--programs", "programs.json", "--json"],
    }[command]
    with inside(folder):
        check_outcome(argv, *run_cli(argv))


PROGRAM_DOCUMENTS = st.one_of(
    mutated(PROGRAMS),
    st.dictionaries(st.sampled_from(["blue", "red", "green", "\ud800", ""]), JSON_VALUES, max_size=3),
    JSON_VALUES,
)


@FUZZ
@given(raw=file_bytes(PROGRAM_DOCUMENTS), destroy=st.sampled_from(["never", "always"]))
@example(raw=b"\xff" + json.dumps(PROGRAMS).encode(), destroy="never")
@example(raw=b"[" * 100_000, destroy="never")
@example(raw=json.dumps({"blue": "F " * 5000}).encode(), destroy="always")
def test_fuzz_programs_files(folder, raw, destroy):
    path = folder / "fuzzed-programs.json"
    path.write_bytes(raw)
    argv = ["round", "racing", "--seed", "1", "--dice", "1", "2", "3", "--programs", str(path)]
    argv += ["--destroy", destroy, "--json"]
    with inside(folder):
        check_outcome(argv, *run_cli(argv))


@FUZZ
@given(
    command=st.sampled_from(["asteroids", "render", "round", "play", "asteroid", "--version", ""]),
    tokens=st.lists(ARG_TOKENS, max_size=8),
)
@example(command="render", tokens=["racing", "-o", "-", "--size", "0"])
@example(command="render", tokens=["racing", "-o", "-", "--size", "nan"])
@example(command="render", tokens=["racing", "-o", "-", "--size", "inf"])
@example(command="render", tokens=["racing", "-o", "-", "--size", "1e308"])
@example(command="asteroids", tokens=["racing", "--dice", "1", "2", HUGE])
@example(command="asteroids", tokens=["racing", "--dice", "1", "2", "3", "--seed", HUGE])
@example(command="asteroids", tokens=["\udcff\n", "--dice", "1", "2", "3"])
@example(command="play", tokens=["--players", HUGE])
@example(command="--version", tokens=["--json"])
@example(command="asteroids", tokens=["racing", "--dice", "1", "2", "3", "--json", "--he"])
def test_fuzz_argument_lists(folder, command, tokens):
    argv = [command, *tokens] if command else tokens
    if command == "render" and "-o" not in tokens:
        argv += ["-o", "-"]
    if command == "play":  # a valid play command plays a whole game: keep only refused ones
        argv += ["--max-rounds", "0"]
    if command == "round" and "--programs" not in tokens:
        argv += ["--programs", "programs.json"]
    with inside(folder):
        check_outcome(argv, *run_cli(argv))


def _packed(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


QUERY_PARTS = st.one_of(
    file_bytes(mutated(BASES[0])).map(lambda raw: "scenario=" + _packed(raw)),
    st.sampled_from(["demo=pilot-hector", "demo=", "demo=%ED%A0%80", "demo=\udcff", "dice=1,2,3", "dice=9",
                     "dice=" + HUGE, "scenario=", "scenario=%%%", "voila-theme=dark", "&&", "=", "?"]),
    st.text(max_size=30),
)  # fmt: skip


@FUZZ
@given(parts=st.lists(QUERY_PARTS, min_size=1, max_size=3))
@example(parts=["scenario=" + _packed(hostile(BASES[0], "huge").encode())])
@example(parts=["scenario=" + _packed(hostile(BASES[0], "surrogate").encode())])
def test_fuzz_query_strings(parts):
    query = "&".join(parts)
    try:
        request = links.read_query(query)
    except AsteroydsError as exc:
        message = links.link_error(exc)
        assert "\n" not in message and message.encode("utf-8")  # shows on a page
    else:
        if request.state is not None:  # what opens can be shared and shown again
            assert links.scenario_from_query(links.share_link(request.state).lstrip("?")) == request.state
            scenario.dumps(request.state).encode("utf-8")


@FUZZ
@given(raw=file_bytes(mutated(BASES[3])))
@example(raw=json.dumps(BASES[3]).replace('"roll": [', '"roll": [9, ', 1).encode())
@example(raw=json.dumps(BASES[3]).replace('"inputs": [', '"inputs": [{"fly": true}, ', 1).encode())
def test_fuzz_saved_games_in_the_sandbox(sandbox_view, raw):
    """The sandbox's Load…: a corrupted save is refused with its reason and the game is untouched."""
    controller = sandbox_view.controller
    game, inputs = controller.game, list(controller.game.inputs)
    sandbox_view.parts.run(
        lambda: sandbox_view.parts.load_upload([{"name": "save.json", "content": memoryview(raw)}])
    )
    if sandbox_view.error:
        assert sandbox_view.error.startswith(("ScenarioError: ", "InputError: ")), sandbox_view.error[:300]
        assert controller.game is game and controller.game.inputs == inputs
    else:  # a save that still replays: it is the game now; back to the original for the next one
        sandbox_view.parts.run(lambda: sandbox_view.parts.load(json.dumps(BASES[3]), "the original"))
        assert sandbox_view.error == ""


@pytest.fixture(scope="module")
def sandbox_view() -> Sandbox:
    view = Sandbox()
    view.parts.load(json.dumps(BASES[3]), "the original")
    return view


def test_the_fuzz_streams_are_not_all_refused(folder):
    """The generators reach the engine too: an unmutated file still plays (exit 0)."""
    path = folder / "plain.json"
    path.write_text(json.dumps(BASES[0]), encoding="utf-8")
    argv = ["round", str(path), "--dice", "1", "4", "6", "--programs", "programs.json", "--json"]
    with inside(folder):
        assert run_cli(argv)[0] == 0
    assert sys.getrecursionlimit() >= 1000
