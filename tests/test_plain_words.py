"""Plain words and text that says what is drawn (issue 41 items 6 and 7), without a browser.

- Rule options read in the rulebook's words from one place (``option(default, words)`` on each
  game's options dataclass, :func:`explorer.engine.options.option_words`), and every page that
  shows an option (the What-if lines, the designer answers, the lab's variant labels) uses it.
- The step list's lines may wrap between words (not inside one), and "What happened" says a line once.
- The worked examples name a player "A (Player 1)" and a piece as the steps do ("Moons blank").
- Decay's Learn narration, the Sands card choice's line and the click on a placed Decay tile say
  what the board shows at that step.
"""
from __future__ import annotations

import dataclasses
import re

import pytest

from explorer.engine import Timeline, get_game
from explorer.engine.errors import OptionsError
from explorer.engine.examples import load_example
from explorer.engine.options import option_words, options_words
from explorer.views.explorer import BREAK, events_html, observation_html, step_label, wrappable

GAMES = ("conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh")
CODE_WORDS = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|=|\bTrue\b|\bFalse\b|\bNone\b|\bseat \d|\bPlayer 0\b")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_option_reads_in_words(game):
    """Each option of each game has words: its default value and, for a yes/no option, both
    values read without an identifier, a Python value or an equals sign; the two sides of a
    yes/no option differ."""
    cls = get_game(game).options_type
    for f in dataclasses.fields(cls):
        words = option_words(game, f.name, getattr(cls(), f.name))
        assert words and not CODE_WORDS.search(words), (f.name, words)
        if f.type in (bool, "bool"):
            yes, no = option_words(cls, f.name, True), option_words(cls, f.name, False)
            assert yes != no and not CODE_WORDS.search(yes + no), (f.name, yes, no)


def test_option_words_are_the_rulebooks_and_refuse_what_is_not_an_option():
    assert option_words("conspiracy", "action_points", 3) == "3 action points"
    assert option_words("journalists", "most_chips_next", True) == "most chips goes next"
    assert option_words("take_off_eh", "bonus_to", "top scorer") == "bonus to the top scorer"
    assert option_words("decay", "round_cap", None) == "no round cap"
    assert options_words("journalists", {"players": 3, "excuse": False}) == "3 players, without the Excuse"
    assert options_words("decay", {}) == "the rulebook's rules"
    with pytest.raises(OptionsError, match="no option 'seats'"):
        option_words("decay", "seats", 3)
    with pytest.raises(OptionsError, match="yes or no"):
        option_words("journalists", "courts", "yes")
    with pytest.raises(OptionsError, match="one of"):
        option_words("take_off_eh", "tie_drop", "two places")


def test_what_if_lines_and_designer_answers_name_options_in_words():
    """The shipped What-if lines and every designer answer's variants: no identifier, no repr."""
    from explorer import shipped
    from explorer.lab import answers as A
    from explorer.views.shipped_whatif import _variants
    for game in shipped.PLANS:
        for question, spec in shipped.load(game)["questions"].items():
            line = _variants(game, spec)
            assert not CODE_WORDS.search(line), (game, question, line)
    assert "most chips goes next and 3 players" in _variants("journalists",
                                                             shipped.load("journalists")["questions"]["rules"])
    for key, q in A.QUESTIONS.items():
        names = [q.label] if q.by is None else [option_words(q.game, q.by, v) for v in q.grid[q.by]]
        for name in names:
            assert not CODE_WORDS.search(name), (key, name)
    assert A.measure_name("start", "conspiracy").startswith("Player 1's share")


def test_the_lab_labels_its_variants_and_players_in_words():
    from explorer.lab import Experiment
    from explorer.views.lab import _labels, win_rate_chart
    frame = Experiment("conspiracy", grid={"action_points": [2, 3], "progress_marking": [True, False]},
                       games=1, seed=1, options={"round_cap": 2}).run()
    assert _labels(frame) == ["2 action points, progress marking on", "2 action points, progress marking off",
                              "3 action points, progress marking on", "3 action points, progress marking off"]
    legend = win_rate_chart(frame).children[0].value
    assert "Player 1 (random)" in legend and "seat" not in legend


def test_step_list_lines_wrap_between_words_only():
    """ipywidgets shows a Select's spaces as no-break spaces: a zero-width space after each lets a
    long line wrap between words; taken out, the line is the step's words."""
    line = "42. roll-off: Player 2 rolls 2, Player 4 rolls 4  [Determine Player Order 2; Time Marches On 1]"
    shown = wrappable(line)
    assert shown.replace(BREAK, "") == line and shown.count(BREAK) == line.count(" ")
    assert all(shown[i + 1] == BREAK for i, c in enumerate(shown) if c == " ")
    from explorer.views.conspiracy import learn_example
    ex = learn_example().explorer
    tl = ex.timeline
    assert [o.replace(BREAK, "") for o in ex.steps.options[:3]] == [
        step_label(tl.state_at(i), tl.actions[i], tl.state_at(i + 1), i) for i in range(3)]


def _lines(html_text: str) -> list[str]:
    return re.findall(r"<li>(.*?) <br>", html_text)


def test_what_happened_says_each_line_once_under_each_of_its_rules():
    """Take Off, Eh!'s map tiles (the step and its event read alike) were said twice; now once."""
    ex = load_example("take-off-eh-first-round")
    tl = Timeline(ex.record)
    first = events_html(tl.state_at(1), None, tl.state_at(0), tl.actions[0])
    assert _lines(first) == ["Alberta is the 5 of suns tile"] and first.count("Preparation 3") == 1
    for i in range(1, len(tl) + 1):
        lines = _lines(events_html(tl.state_at(i), None, tl.state_at(i - 1), tl.actions[i - 1]))
        assert len(lines) == len(set(lines)), (i, lines)


def test_a_line_said_under_two_rules_keeps_both():
    from explorer.engine.errors import RuleRef
    from explorer.engine.state import Event

    class Before:
        def step_rule(self):
            return RuleRef("g", "Setup 2", "roll to start")

        def describe(self, action, viewer):
            return "Player 1 rolls 5"

    class After:
        events = (Event("Player 1 rolls 5", RuleRef("g", "Setup 3", "ties roll again")),
                  Event("Player 1 rolls 5", RuleRef("g", "Setup 2", "roll to start")))

    out = events_html(After(), None, Before(), "roll")
    assert re.findall(r"<li>(.*?) <br>", out) == ["Player 1 rolls 5"]
    assert out.count("Setup 2") == 1 and out.count("Setup 3") == 1


def test_the_raw_observation_shows_field_names_as_code_and_no_seat_number():
    st = get_game("journalists").initial_state({"players": 3})
    out = observation_html(st.observation(None))
    assert "<code>highest_completed</code>" in out and "Player 3:" in out
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<code>.*?</code>", "", out))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text[:400]
    assert "seat" not in text


def test_conspiracy_narration_names_players_and_pieces_as_the_steps_do():
    """Each chapter names a player "A (Player 1)" at first, and every piece by the name the step
    list, the events and the refusals use, the rulebook's ("Moons blank", "Crowns spiral",
    "Arms 5"), never the piecepack's "Moons-null" nor "Moon-0"; the board's legend says what ☾0 is."""
    from explorer.engine.playout import random_playout
    from explorer.games.conspiracy.equipment import ALL_PIECES, piece_words
    from explorer.views.conspiracy import ConspiracyBoard
    ex = load_example("conspiracy-extended-example")
    names = {piece_words(p) for p in ALL_PIECES}
    hyphenated = re.compile(r"\b(?:Moon|Sun|Crown|Arm)s?-\w+|\b(?:null|ace) (?:coin|tile)")
    seats = {"A": 1, "B": 2, "C": 3, "D": 4}
    said = 0
    for ch in ex.chapters:
        for text in (ch.title, ch.source, *ch.reconstructed):
            assert not hyphenated.search(text), (ch.title, hyphenated.search(text).group(0))
            said += sum(name in text for name in names)
        for letter in re.findall(r"\b([ABCD])\b", ch.source)[:1]:
            assert re.search(rf"\b{letter}(?:'s)? \(Player {seats[letter]}(?:'s)?\)", ch.source), (ch.title, ch.source)
    assert said >= 20
    # the steps and events of the example, and of a random game, name pieces the same way
    record, _ = random_playout("conspiracy", {"round_cap": 3}, seed=4)
    for rec in (ex.record, record):
        states = rec.states()
        texts = [s.describe(a, None) for s, a in zip(states, rec.actions, strict=False)]
        texts += [e.text for s in states for e in s.events]
        assert not [t for t in texts if hyphenated.search(t)], [t for t in texts if hyphenated.search(t)][:3]
        assert any(name in t for t in texts for name in names)
    legend = ConspiracyBoard().legend
    assert "☾0" in legend and "Moons blank" in legend and not hyphenated.search(legend), legend


def test_decay_learn_narration_claims_marks_only_where_the_board_draws_them():
    """Stepping through the opening, the board draws no orange dot or ring (nothing is to choose
    in the past): the notes say the marks come where a choice is open; at the last step it is,
    and the board draws them."""
    from explorer.views.decay_learn import learn_opening
    view = learn_opening()
    ex = view.explorer
    n = len(ex.timeline)
    for step in sorted(ex.notes):
        if step >= n:
            continue
        ex._goto(step)
        note = ex.note_at(step)
        assert not (view.board.targets.visible or view.board.candidates.visible), step
        if "orange" in note:
            assert "where a choice is open" in note.lower(), note
    ex._goto(n)
    assert view.board.targets.visible, "at the last step the legal choices are drawn"


def test_decay_click_on_a_placed_tile_while_choosing_says_it_is_on_the_board():
    from explorer.views.decay import play_game
    view = play_game(seed=3, human=0)
    ex = view.explorer
    for _ in range(40):
        st = ex.state
        if st.phase == "choose_tile" and st.pos and ex.may_act():
            break
        legal = ex.legal_here()
        ex.play_action(legal[0]) if legal else ex.play_on()
    st = ex.state
    assert st.phase == "choose_tile" and st.pos
    placed = next(iter(st.pos))
    ex.board._emit(("tile", placed))
    assert f"{placed} is on the board already" in ex.message.value, ex.message.value
    assert "is not a" not in ex.message.value


def test_sands_card_choice_points_to_the_hand_not_to_an_orange_mark():
    """The secret card choice is made in the hand above the board, which draws no mark then."""
    from explorer.views.sands_of_time import Select, play_game
    view = play_game(seed=2026, human=0, players=3)
    ex = view.explorer
    for _ in range(60):
        legal = ex.legal_here()
        if any(type(a) is Select for a in legal):
            break
        ex.play_action(legal[0]) if legal else ex.play_on()
    line = ex.choice_buttons.children[0].value
    assert re.search(r"\d+ choices above", line) and "orange" not in line, line
