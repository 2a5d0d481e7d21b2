"""Every step cites its rule (issue 29, item 3) and texts use a person's words (item 4).

Over random games of every game and every worked example, for the teacher and every seat:
each line of the step list ends with the rulebook sections the step follows (the rule the
decision or the chance step was taken under, then the rules that fired), each a section of
that game's own rule table, and the "What happened, and the rule" panel always shows a
sentence with its section."""
from __future__ import annotations

import random
import re

import pytest

from explorer.engine import Result, game_names, get_game
from explorer.engine.examples import example_names, load_example
from explorer.engine.words import article, cited_sections, seat_name, seat_names, with_article
from explorer.views.explorer import events_html, step_label

EMPTY = "nothing happened by rule"
CITE = re.compile(r"^\d+\. .+  \[([^\[\]]+)\]$")


def _random_game(name: str, seed: int, cap: int = 160):
    st = get_game(name).initial_state()
    rng = random.Random(seed)
    states, actions = [st], []
    while not st.is_terminal() and len(actions) < cap:
        a = st.sample_chance(rng) if st.is_chance_node() else rng.choice(list(st.legal_actions()))
        actions.append(a)
        st = st.apply(a)
        states.append(st)
    return states, actions


def _example_game(name: str):
    record = load_example(name).record
    states = [record.initial_state()]
    for a in record.actions:
        states.append(states[-1].apply(a))
    return states, list(record.actions)


def _check_cited(states, actions) -> int:
    """Assert every step line and panel of every perspective cites real sections; the lines checked."""
    rules = type(states[0]).RULES.values()
    sections = {r.section for r in rules}
    checked = 0
    for viewer in [None, *range(states[0].players)]:
        for i, a in enumerate(actions):
            before, after = states[i], states[i + 1]
            assert before.step_rule() in rules, (before.phase, before.step_rule())
            line = step_label(before, a, after, i, viewer)
            m = CITE.match(line)
            assert m, f"step {i + 1} cites no section for viewer {viewer}: {line!r}"
            cited = m[1].split("; ")
            assert set(cited) <= sections, f"not a section of the game's rules: {set(cited) - sections}"
            assert cited == cited_sections(cited), f"a section cited twice or inside another: {line!r}"
            panel = events_html(after, viewer, before, a)
            assert EMPTY not in panel and "<b>" in panel, panel
            checked += 1
    return checked


@pytest.mark.parametrize("name", game_names())
def test_every_step_of_random_games_cites_its_rule(name):
    lines = sum(_check_cited(*_random_game(name, seed)) for seed in (1, 2))
    assert lines > 100


@pytest.mark.parametrize("name", example_names())
def test_every_step_of_the_worked_examples_cites_its_rule(name):
    assert _check_cited(*_example_game(name)) > 0


@pytest.mark.parametrize("name", game_names())
def test_the_panel_before_any_step_says_what_comes_next_and_its_rule(name):
    st = get_game(name).initial_state()
    panel = events_html(st, None)
    assert EMPTY not in panel and st.step_rule().section in panel


def test_a_citation_keeps_the_most_specific_section_once():
    assert cited_sections(["Completion", "Completion 2, Enact", "Completion 2, Enact"]) == ["Completion 2, Enact"]
    assert cited_sections(["Step 2", "Step 2.d", "Step 3 - Slide Tiles"]) == ["Step 2.d", "Step 3 - Slide Tiles"]
    assert cited_sections(["Phase 2 (a)", "Phase 2 (b)"]) == ["Phase 2 (a)", "Phase 2 (b)"]
    assert cited_sections(["Setup 1", "Setup 10"]) == ["Setup 1", "Setup 10"]


def test_seats_are_named_from_one_and_results_read_as_words():
    assert seat_name(0) == "Player 1" and seat_names([0, 2]) == "Players 1 and 3"
    assert seat_names([0, 1, 3]) == "Players 1, 2 and 4"
    assert str(Result((1,), "victory")) == "Player 2 wins (victory)"
    assert str(Result((0, 2), "tie")) == "Players 1 and 3 share the win (tie)"
    assert str(Result((), "cap")) == "Nobody wins (the round cap was reached)"


def test_a_or_an_follows_the_sound():
    assert with_article("arms coin") == "an arms coin" and with_article("suns coin") == "a suns coin"
    assert ([article(w) for w in ("ace", "8", "11", "1", "one", "hour", "Moons")]
            == ["an", "an", "an", "a", "a", "an", "a"])


def test_a_decay_position_reads_in_tiles_from_the_start():
    from explorer.games.decay.actions import Place, SlideTo
    from explorer.games.decay.places import axis_label, position_name
    assert position_name((10, 10)) == "2½ E, 2½ N" and position_name((-1, 19)) == "¼ W, 4¾ N"
    assert position_name((0, 0)) == "the start" and position_name((0, -8)) == "2 S"
    assert [axis_label(u, "x") for u in (-4, 0, 4, 5)] == ["1 W", "0", "1 E", "1¼ E"]
    assert axis_label(-3, "y") == "¾ S"
    assert str(Place(4, -3)) == "put it at 1 E, ¾ S" and f"{Place(4, -3):at}" == "1 E, ¾ S"
    assert str(SlideTo(0, 2)) == "slide it to ½ N"
    with pytest.raises(ValueError, match="axis"):
        axis_label(1, "z")
