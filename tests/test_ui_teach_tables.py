"""Tables of facts (the pilots, the standings) and a whole game replayed round by round on one board."""

from __future__ import annotations

from dataclasses import replace

import pytest

from asteroyds.game import Game
from asteroyds.hexgrid import parse_direction
from asteroyds.i18n import use_language
from asteroyds.pieces import Craft
from asteroyds.pilots import PILOT_TABLE
from asteroyds.simulate import play_bot_game
from asteroyds.snapshots import snapshots
from asteroyds.state import State
from asteroyds.ui.teach.game_replay import GameReplay, round_events, rounds_played
from asteroyds.ui.teach.tables import pilot_rows, pilots_table, standings_rows, table_html


def test_the_pilots_table_is_the_engine_s_table_in_the_page_language():
    rows = pilot_rows()
    assert [name for name, _tokens, _power in rows] == list(PILOT_TABLE)
    tokens = {name: tokens for name, tokens, _power in rows}
    assert tokens["Hector"] == "P" and tokens["1634"] == "PL, PR, PLL, PRR" and tokens["Lawrence"] == "—"
    html = pilots_table().value
    assert '<th scope="col">power</th>' in html and "Forward twice" in html and "M&#x27;Hand" in html
    with use_language("fr"):
        french = dict((name, power) for name, _tokens, power in pilot_rows())
        assert french["Hector"].startswith("Avance deux fois") and "pouvoir" in pilots_table().value


def test_standings_say_tokens_and_damage_or_destroyed():
    blue = Craft("blue", (3, 3), parse_direction("E"), damage=2, tokens=("A", "C"))
    red = replace(Craft("red", (4, 4), parse_direction("W")), cell=None, damage=6)
    state = State(mode="racing", pieces=(), crafts=(blue, red), player_order=("blue", "red"))
    assert standings_rows(state) == [("Blue", "A C", "2"), ("Red", "—", "destroyed")]
    with use_language("fr"):
        assert standings_rows(state)[1] == ("Rouge", "—", "détruit")


def test_table_cells_are_escaped():
    html = table_html(["a<b"], [["<script>"]], caption="x & y")
    assert "<script>" not in html and "&lt;script&gt;" in html and "<caption>x &amp; y</caption>" in html


@pytest.fixture(scope="module")
def race() -> Game:
    return play_bot_game(["blue", "red"], seed=7)


def test_the_replay_opens_on_the_last_round_and_plays_it(race):
    replay = GameReplay(race, title="round by round")
    last = rounds_played(race)
    assert replay.round == last and replay.pick.max == last
    assert replay.events == tuple(round_events(race, last)) and replay.state == race.history[last - 1]
    replay.go(len(replay.events))
    assert {c.player: c.tokens for c in replay.state.crafts} == {
        c.player: c.tokens for c in race.state.crafts
    }
    assert f"After round {last}" in replay._standings.value


def test_picking_a_round_replays_that_round_from_its_start(race):
    replay = GameReplay(race)
    replay.pick.value = 2  # the slider, as a learner moves it
    assert replay.round == 2 and replay.index == 0 and replay.state == race.history[1]
    assert replay.events == tuple(round_events(race, 2))
    end = snapshots(race.history[1], round_events(race, 2))[-1]
    assert end.pieces == race.history[2].pieces and end.crafts == race.history[2].crafts
    assert "After round 2" in replay._standings.value
    replay.show_round(99)  # clamped to the last round
    assert replay.round == rounds_played(race)


def test_a_game_with_no_round_cannot_be_replayed():
    game = Game.new(players=["blue"], seed=1)
    with pytest.raises(ValueError, match="no round"):
        GameReplay(game)
