"""Chapters 5 and 7 in a real browser: the race replayed on a board, the pilots' table, their powers
played on a board, Lawrence's question answered on the board.

The expected boards come from the engine, run here on the chapters' own scenarios.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds.simulate import play_bot_game
from asteroyds.ui.teach.game_replay import rounds_played

from .conftest import open_notebook, screenshot
from .test_flying_boards import TIMEOUT, counter, data, played_on, step, step_to_the_end

pytestmark = pytest.mark.ui


def test_the_race_is_replayed_round_by_round_with_the_standings(page, voila_url):
    page.set_viewport_size({"width": 1366, "height": 1100})
    open_notebook(page, voila_url, "05_racing_game", wait_for=".asteroyds-rule-board .asteroyds-rule-step")
    game = play_bot_game(["blue", "red", "green", "yellow"], seed=7)
    last = rounds_played(game)
    replay = page.locator(".asteroyds-rule-board", has=page.locator(".asteroyds-replay-round")).first
    replay.scroll_into_view_if_needed()
    assert counter(replay).endswith(f"of {sum(1 for r, _p, _e in game.log if r == last)}")
    standings = replay.locator(".asteroyds-replay-standings")
    assert f"After round {last}" in standings.inner_text()
    finished = {f.player: f.column for f in game.outcome.finishers}
    assert "column of its last token this round" in standings.inner_text()
    for craft in game.state.crafts:  # the table says what the engine's game ended with
        row = standings.locator("tr", has_text=craft.player.title()).inner_text()
        assert " ".join(craft.tokens) in row
        assert row.split("\t")[2].strip() == str(finished[craft.player])  # why green lost: column 5
    start = data(replay)
    while data(replay)["pieces"] == start["pieces"]:  # the dice, then the first tile that moves
        step(replay)
    assert "How the race ended:" in page.inner_text("body")
    screenshot(replay, "race-replay")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_pilots_table_and_their_powers_on_a_board(page, voila_url):
    page.set_viewport_size({"width": 1366, "height": 1100})
    asked = ".asteroyds-decision-board .asteroyds-rule-step"  # the question itself waits for its moment
    open_notebook(page, voila_url, "07_pilot_powers", wait_for=asked)
    table = page.locator(".asteroyds-fact-table").first
    assert table.locator("tbody tr").count() == 6 and "Emergency shield" in table.inner_text()
    # Yayenek's power: one space backwards, still facing E.
    powers = page.locator(".asteroyds-rule-board", has_text="A pilot's power in column 1")
    powers.scroll_into_view_if_needed()
    page.locator(".widget-toggle-buttons button", has_text="Yayenek").click()
    expect(powers.locator(".asteroyds-rule-counter")).to_have_text("0 of 4", timeout=TIMEOUT)
    step_to_the_end(powers)
    assert data(powers)["crafts"] == "blue@6,5:E:0"
    # Lawrence: the question at the collision; yes costs 1, no costs 2.
    board = page.locator(".asteroyds-decision-board")
    board.scroll_into_view_if_needed()
    step_to_the_end(board)
    assert "hits pod P1" in board.locator(".asteroyds-rule-caption").inner_text()
    board.locator(".asteroyds-decision-yes").click()
    expect(board.locator(".asteroyds-decision-verdict")).to_contain_text("emergency shield", timeout=TIMEOUT)
    played_on(board)
    assert data(board)["crafts"] == "blue@6,7:E:1"
    board.locator(".asteroyds-decision-no").click()
    expect(board.locator(".asteroyds-decision-verdict")).to_contain_text("Keep it", timeout=TIMEOUT)
    played_on(board)
    assert data(board)["crafts"] == "blue@6,7:E:2"
    screenshot(board, "lawrence-board")
    assert page.errors == []  # type: ignore[attr-defined]
