"""Conspiracy's per-viewer findings (issue: hidden information per viewer): what a seat
did it knows, an optional step looks the same whether or not it was possible, and bad
values are worded, never crash the description."""
from __future__ import annotations

import random

import pytest

from explorer.engine import Timeline, random_playout
from explorer.engine.examples import load_example
from explorer.games.conspiracy import odds
from explorer.games.conspiracy.actions import (Cell, Choose, EndActions, NoMark, SaveNothing,
                                               Spot, Target)

from test_conspiracy_examples import C, MOONS_3, WINNING_PRESENT, staged


def test_a_giver_knows_where_its_gift_went():
    """Extended example, step 86: B (player 1) pays D (player 3) the Moons-null.  B and D
    know it is out of the bag; A and C count it among the coins B cannot draw from."""
    tl = Timeline(load_example("conspiracy-extended-example").record)
    state = tl.state_at(86)
    assert state.given[3] == ("Moons-null",) and state.given_by[3] == (1,)
    assert state.observation(1)["players"][1]["gave"] == ["Moons-null"]
    assert state.observation(0)["players"][1]["gave"] is None
    chance = {p: odds.draw_odds(state, p, suit="Moons", rank="null") for p in range(4)}
    assert chance[1] == 0 and chance[3] == 0
    assert chance[0] == chance[2] > 0


def _turn_end_views(goal):
    """What every other seat is shown while C ends a turn with the given goal."""
    s = staged(tiles=WINNING_PRESENT, turn_player=C, hand=("Arms-2",), goals=goal, round_=2)
    out = {}
    for action in (EndActions(), SaveNothing(), NoMark()):
        assert action in s.legal_actions(), (s.phase, s.legal_actions())
        nxt = s.apply(action)
        for v in (0, 1, 3):
            out.setdefault(v, []).append((s.phase, s.describe(action, v),
                                          [e.text_for(v) for e in nxt.events]))
        s = nxt
    return out


def test_passing_the_mark_step_tells_nothing_about_the_goal():
    """Declare Progress 9: with a goal that matches a Present tile the player may mark,
    with one that does not there is nothing to mark; the others see the same steps."""
    matching = _turn_end_views(MOONS_3)
    other = _turn_end_views([("Crowns", 0)] * 4)
    assert matching == other
    assert [step[0] for step in matching[0]] == ["action", "save", "mark"]


@pytest.mark.parametrize("action, words", [
    (Cell(100, 3), "off the board"), (Cell(-1, 3), "off the board"), (Target(100, 3), "off the board"),
    (Spot(7, 2), "off the board"), (Spot(-1, 2), "off the board")])
def test_bad_values_are_described_not_crashed(action, words):
    s = staged(tiles=WINNING_PRESENT, turn_player=C, hand=("Arms-2",), goals=MOONS_3, round_=2)
    for viewer in (None, 0, C):
        text = s.describe(action, viewer)
        assert words in text and "right column" not in text


def test_a_spot_off_the_board_is_not_called_column_0():
    assert "column 0" not in str(Spot(-1, 2)) and "column index -1" in str(Spot(-1, 2))


def test_chain_preview_agrees_with_the_engine():
    """5.b.vii: what the panel says a reveal would also turn is what the engine turns."""
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        states = []
        random_playout("conspiracy", {"round_cap": 25}, seed=seed, on_state=states.append)
        for s in states:
            if s.phase != "action" or Choose("reveal_coin") not in s.legal_actions():
                continue
            for cell in s.revealable_coins()[:2]:
                preview = set(s.chain_preview(cell))
                t = s.apply(Choose("reveal_coin")).apply(Target(*cell))
                while t.phase in ("give", "give_to"):
                    t = t.apply(rng.choice(t.legal_actions()))
                if any(not e.rule.section.startswith("Take Actions") for e in t.events):
                    continue        # the turn ran on (mandatory advancement moved coins): not comparable
                turned = {c for c, spot in t.coins.items() if spot.symbol_up and not s.coins[c].symbol_up}
                assert turned == preview | {tuple(cell)}, (seed, cell)
                checked += 1
    assert checked > 30
