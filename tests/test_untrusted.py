"""Issue 14: bad input, everywhere — one test per class of hostile input the issue found.

Every case exits 2 with one line on stderr (the command line), or is shown as a
friendly message (the pages), and nothing is half-applied. The boundary itself
is :mod:`asteroyds.untrusted`; the fuzz test is ``tests/test_fuzz_untrusted.py``.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from asteroyds import ScenarioError, scenario, setup, untrusted
from asteroyds.errors import InputError
from asteroyds.game import Game
from asteroyds.simulate import play_bot_game
from asteroyds.ui import links
from asteroyds.ui.editor import ScenarioEditor
from asteroyds.ui.sandbox.view import Sandbox
from asteroyds.ui.share.files import uploaded_text
from asteroyds.ui.teach.presenter import Presenter
from tests.test_cli import assert_bad_input, run

HUGE = "9" * 5000
SURROGATE = "\ud800"
PROGRAMS = {"blue": "F F R . . . S", "red": "F . . . . . S"}


def racing_dict() -> dict:
    return scenario.to_dict(setup("racing", seed=1, players=["blue", "red"]))


def write(tmp_path, name: str, data: bytes | str) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")  # a file can hold anything
    path.write_bytes(data)
    return str(path)


def with_huge_number(field: str) -> str:
    data = racing_dict()
    if field == "round":
        data["round"] = 12345
    elif field == "priority":
        data["pieces"][0]["priority"] = 12345
    else:
        data["pieces"][0]["cell"] = [12345, 3]
    return json.dumps(data).replace("12345", HUGE)


def with_surrogate(field: str) -> str:
    data = racing_dict()
    if field == "id":
        data["pieces"][0]["id"] = SURROGATE
    else:
        data["crafts"][0]["player"] = data["player_order"][0] = SURROGATE
    return json.dumps(data)  # "\ud800" as a JSON escape: valid JSON, not Unicode text


def packed(text: str) -> str:
    """A ``scenario=`` link value holding exactly this text (as the link format packs it)."""
    raw = zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# --- the command line: one test per class --------------------------------------------------


def test_non_utf8_programs_and_scenario_files(capsys, tmp_path):
    programs = write(tmp_path, "programs.json", b"\xff" + json.dumps(PROGRAMS).encode())
    line = assert_bad_input(
        *run(capsys, "round", "racing", "--seed", "1", "--dice", "1", "2", "3", "--programs", programs)
    )
    assert line == (
        f"asteroyds: error: {programs}: not UTF-8 text (byte 0xff at offset 0); a programs file is JSON text"
    )
    bad = write(
        tmp_path, "latin1.json", json.dumps(racing_dict()).replace("racing", "r\xe9cing").encode("latin-1")
    )
    line = assert_bad_input(*run(capsys, "asteroids", bad, "--dice", "1", "2", "3"))
    assert f"{bad}: not UTF-8 text (byte 0xe9" in line


def test_a_byte_order_mark_is_allowed(capsys, tmp_path):
    path = write(tmp_path, "bom.json", b"\xef\xbb\xbf" + scenario.dumps(setup("racing", seed=1)).encode())
    code, out, err = run(capsys, "asteroids", path, "--dice", "1", "2", "3")
    assert (code, err) == (0, "") and out


@pytest.mark.parametrize("field", ["id", "player"])
@pytest.mark.parametrize("command", [["asteroids", "--dice", "1", "2", "3", "--json"], ["render", "-o", "-"]])
def test_lone_surrogates_in_ids_and_names(capsys, tmp_path, field, command):
    path = write(tmp_path, "surrogate.json", with_surrogate(field))
    line = assert_bad_input(*run(capsys, command[0], path, *command[1:]))
    assert "contains a lone surrogate '\\ud800' (not Unicode text)" in line
    assert ("pieces[0].id" if field == "id" else "[0]") in line and path in line


@pytest.mark.parametrize("field", ["round", "priority", "cell"])
def test_integers_with_5000_digits(capsys, tmp_path, field):
    path = write(tmp_path, "huge.json", with_huge_number(field))
    line = assert_bad_input(*run(capsys, "asteroids", path, "--dice", "1", "2", "3"))
    assert "a number with 5000 digits (at most 18)" in line
    assert {"round": ": round:", "priority": "pieces[0].priority", "cell": "pieces[0].cell[0]"}[field] in line


def test_integers_in_range_but_too_large_for_the_game(capsys, tmp_path):
    data = racing_dict()
    data["round"] = 10**15
    line = assert_bad_input(
        *run(capsys, "asteroids", write(tmp_path, "r.json", json.dumps(data)), "--dice", "1", "1", "1")
    )
    assert "round 1000000000000000 is out of range (at most 1,000,000)" in line


@pytest.mark.parametrize("name", ["scenario", "programs", "saved game"])
def test_deeply_nested_json(capsys, tmp_path, name):
    deep = write(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000)
    argv = {
        "scenario": ["asteroids", deep, "--dice", "1", "2", "3"],
        "programs": ["round", "racing", "--dice", "1", "2", "3", "--programs", deep],
        "saved game": ["render", deep, "-o", "-"],
    }[name]
    line = assert_bad_input(*run(capsys, *argv))
    assert (
        line == f"asteroyds: error: {deep}: JSON nested too deeply (more than {untrusted.MAX_DEPTH} levels)"
    )


@pytest.mark.parametrize("size", ["0", "-5", "nan", "inf", "1e308", "-inf", "x", "9" * 5000])
def test_render_size_is_an_argparse_error(capsys, size):
    line = assert_bad_input(*run(capsys, "render", "racing", "-o", "-", f"--size={size}"))
    assert line.startswith("asteroyds render: argument --size: ")


@pytest.mark.parametrize(
    "argv",
    [
        ["asteroids", "racing", "--dice", "1", "1", "1", "--seed", HUGE],
        ["asteroids", "racing", "--dice", "1", "1", HUGE],
        ["play", "--players", HUGE],
        ["play", "--max-rounds", "-1"],
        ["play", "--teams", "4", "--mode", "capture"],
    ],
)
def test_huge_and_out_of_range_numbers_in_arguments(capsys, argv):
    line = assert_bad_input(*run(capsys, *argv))
    assert line.startswith("asteroyds") and len(line) < 400


def never(what: str):
    """A stand-in for a step the input must be refused before: reaching it fails the test."""

    def reached(*args, **kwargs):
        raise AssertionError(f"{what} was reached: the input was not refused before it")

    return reached


def test_a_huge_file_is_refused_at_once_with_the_limit_named(capsys, tmp_path, monkeypatch):
    data = racing_dict()
    data["board"] = {"mask": ["#" * 1000] * 10_000}  # 10 MB
    path = write(tmp_path, "huge-board.json", json.dumps(data))
    monkeypatch.setattr(untrusted, "decode", never("decoding the file"))  # refused on its size alone
    monkeypatch.setattr(untrusted, "parse_json", never("parsing the file"))
    line = assert_bad_input(*run(capsys, "asteroids", path, "--dice", "1", "2", "3"))
    assert line == (
        f"asteroyds: error: {path}: larger than 1,000,000 bytes, the limit for a scenario or a saved game"
    )


def test_a_million_cell_board_is_refused_before_it_is_built(monkeypatch):
    data = racing_dict()
    data["pieces"], data["crafts"], data["player_order"] = [], [], []
    data["board"] = {"mask": ["#" * 1000] * 1000}
    monkeypatch.setattr(scenario, "Board", never("building the board"))
    with pytest.raises(InputError, match=r"api: board of 1,000 × 1,000 hexes \(at most 40 × 40\)"):
        scenario.from_dict(data, where="api")


def test_too_many_pieces_are_refused():
    data = racing_dict()
    data["pieces"] = [data["pieces"][0]] * (untrusted.MAX_PIECES + 1)
    with pytest.raises(InputError, match=r"501 pieces \(at most 500\)"):
        scenario.from_dict(data, where="api")


def test_a_special_file_cannot_hang_or_flood(capsys):
    line = assert_bad_input(*run(capsys, "asteroids", "/dev/zero", "--dice", "1", "2", "3"))
    assert "/dev/zero: larger than 1,000,000 bytes" in line


def test_messages_stay_on_one_line(capsys):
    line = assert_bad_input(*run(capsys, "asteroids", "bad\nname\udcff", "--dice", "1", "2", "3"))
    assert "bad\\nname\\udcff: no such scenario file" in line
    line = assert_bad_input(*run(capsys, "asteroids", "racing", "--dice", "1", "1", "1", "extra\nline"))
    assert "unrecognized arguments: extra\\nline" in line


def test_help_and_version_return_zero(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "usage: asteroyds" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("asteroyds ")


# --- saved games --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved_game() -> Game:
    return play_bot_game(players=["blue", "red"], styles=["greedy", "random"], seed=3, max_rounds=3)


def test_a_saved_game_is_accepted_where_a_scenario_is(capsys, tmp_path, saved_game):
    path = write(tmp_path, "game.json", saved_game.dumps())
    code, out, err = run(capsys, "asteroids", path, "--dice", "3", "5", "2", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    expected = scenario.to_dict(saved_game.state)
    assert payload["scenario"]["round"] == expected["round"] and payload["scenario"]["crafts"]
    code, out, err = run(capsys, "render", path, "-o", "-")
    assert (code, err) == (0, "") and out.startswith("<svg")


def corrupt(text: str, how: str) -> str:
    data = json.loads(text)
    inputs = data["inputs"]
    if how == "phase":
        inputs.insert(0, {"fly": True, "answers": {}})
    elif how == "dice":
        inputs[0]["roll"] = [9, 1, 1]
    elif how == "order":
        inputs[0]["order"] = ["red", "red", "blue"]
    elif how == "player":
        next(i for i in inputs if "program" in i)["program"] = "nobody"
    elif how == "program":
        next(i for i in inputs if "program" in i)["text"] = "Z Z Z"
    elif how == "unknown":
        inputs.append({"teleport": True})
    elif how == "answers":
        next(i for i in inputs if "asteroids" in i)["answers"] = {"x": "yes"}
    elif how == "input":
        inputs[1] = [1, 2, 3]
    return json.dumps(data)


CORRUPTIONS = {
    "phase": "inputs[0]: 'fly' cannot come in the 'roll' phase",
    "dice": "roll must be three dice 1..6",
    "order": "order must list red, white and blue once each",
    "player": "'nobody'",  # no such player
    "program": "inputs[1]: blue: a program has 7 tokens",
    "unknown": "holds one of roll, program, asteroids, fly, end",
    "answers": "answers must map each question to true or false",
    "input": "inputs must be a list of objects",
}


@pytest.mark.parametrize("how", sorted(CORRUPTIONS))
def test_a_corrupted_save_is_refused_with_its_reason(capsys, tmp_path, saved_game, how):
    path = write(tmp_path, "corrupt.json", corrupt(saved_game.dumps(), how))
    line = assert_bad_input(*run(capsys, "asteroids", path, "--dice", "1", "1", "1"))
    assert line.startswith(f"asteroyds: error: {path}: ") and CORRUPTIONS[how] in line


@pytest.mark.parametrize("how", ["phase", "dice", "unknown"])
def test_the_sandbox_refuses_a_corrupted_save_and_keeps_its_game(saved_game, how):
    view = Sandbox()
    view.parts.run(lambda: view.parts.load(saved_game.dumps(), "good.json"))
    game, state = view.controller.game, view.controller.game.state
    upload = [{"name": "corrupt.json", "content": corrupt(saved_game.dumps(), how).encode()}]
    view.parts.run(lambda: view.parts.load_upload(upload))
    assert "corrupt.json: the inputs do not replay" in view.error and CORRUPTIONS[how] in view.error
    assert view.controller.game is game and game.state == state
    assert "asteroyds-error-text" in view._error.value  # in the app's style


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe", "not a text file"),
        (b" " * (untrusted.MAX_FILE_BYTES + 1), "larger than 1,000,000 bytes"),
        (("[" * 100_000).encode(), "nested too deeply"),
        (with_huge_number("round").encode(), "5000 digits"),
        (with_surrogate("id").encode(), "lone surrogate"),
    ],
)
def test_the_sandbox_and_the_editor_refuse_bad_uploads(saved_game, content, words):
    view = Sandbox()
    view.parts.run(lambda: view.parts.load(saved_game.dumps(), "good.json"))
    game = view.controller.game
    upload = [{"name": "bad.json", "content": memoryview(content)}]
    view.parts.run(lambda: view.parts.load_upload(upload))
    assert words in view.error and view.controller.game is game
    view.parts.run(lambda: view.parts.scenario_uploaded(upload))
    assert words in view.error and view.controller.game is game
    editor = ScenarioEditor()
    before = editor.controller.state
    editor.parts.uploaded(upload)
    assert words in editor.controller.message and editor.controller.state == before


def test_uploaded_text_names_a_hostile_file_name_on_one_line():
    with pytest.raises(ScenarioError, match=r"a\\nb: not a text file"):
        uploaded_text([{"name": "a\nb", "content": b"\xff"}], "a scenario")


# --- links ----------------------------------------------------------------------------------------


HOSTILE_LINKS = {
    "5000 digits": ("scenario=" + packed(with_huge_number("round")), "a number with 5000 digits"),
    "surrogate": ("scenario=" + packed(with_surrogate("id")), "lone surrogate"),
    "deep": ("scenario=" + packed("[" * 100_000), "nested too deeply"),
    "raw surrogate": ("demo=\udcff", "lone surrogate"),
    "huge dice": ("demo=pilot-hector&dice=" + HUGE, "dice must be three numbers"),
    "too long": ("x=" + "a" * 200_000, "too long"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_LINKS))
def test_a_hostile_link_is_a_friendly_message_in_every_tool(name):
    query, words = HOSTILE_LINKS[name]
    with pytest.raises(ScenarioError, match=words):
        links.read_query(query)
    presenter = Presenter()
    assert presenter.open_query(query) is False
    message = presenter.controller.message
    assert message.startswith("This page's link cannot be opened: ") and words in message
    assert "\n" not in message and "\ud800" not in message and "\udcff" not in message
    assert "asteroyds-error-text" in presenter._message.value  # in the app's style
    editor = ScenarioEditor()
    editor.open_query(query)
    assert words in editor.controller.message and editor.controller.state.pieces == ()  # empty, usable
    assert "asteroyds-refused" in editor._message.value
    editor.controller.select_tool("pod")
    editor.controller.click((6, 8))  # still usable: a click places a pod
    assert [p.kind for p in editor.controller.state.pieces] == ["pod"]
    sandbox = Sandbox()
    sandbox.open_query(query)
    assert "This page's link cannot be opened" in sandbox.error and words in sandbox.error
    assert sandbox.controller.game is None


# --- the boundary's own pieces -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"a": NaN}', "a: NaN is not a number JSON allows"),
        ('{"a": [Infinity]}', "a[0]: Infinity is not a number JSON allows"),
        ('{"a": 1e999}', "a: the number '1e999' is too large"),
        ('{"a": "x\\u0000"}', "a: contains the control character '\\x00'"),
        ('{"a\\ud800": 1}', "key 'a\\ud800': contains a lone surrogate"),
        ('{"a": "' + "x" * 1001 + '"}', "a: text of 1,001 characters (at most 1,000)"),
        ("[" * 17 + "]" * 17, "nested too deeply"),
    ],
)
def test_parse_json_refuses_and_names_the_field(text, words):
    with pytest.raises(InputError) as info:
        untrusted.parse_json(text, "f.json")
    assert str(info.value).startswith("f.json: ") and words in str(info.value)


def test_depth_is_counted_outside_strings_and_within_the_limit():
    nested = "[" * untrusted.MAX_DEPTH + "]" * untrusted.MAX_DEPTH
    assert untrusted.parse_json(nested, "ok.json") is not None
    brackets = "[" * 30 + '\\"]]'  # inside a string (with an escaped quote): not nesting
    assert untrusted.parse_json(json.dumps({"a": brackets}), "s.json") == {"a": brackets}


def test_every_saved_file_of_the_project_passes_the_boundary(saved_game):
    assert Game.loads(saved_game.dumps()).state == saved_game.state
    for mode in ("racing", "shooting", "targets", "drones"):
        state = setup(mode, seed=2, players=["blue", "red"])
        assert scenario.loads(scenario.dumps(state)) == state
