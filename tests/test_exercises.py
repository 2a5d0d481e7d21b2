"""Every game's exercises (issue 33): at least ten per game, each citing the game's own rule sections;
every answer recomputed by the engine and compared with the pinned record
(``tests/data/exercise_answers.json``, written by ``python -m explorer.engine.exercises
tests/data/exercise_answers.json [GAME ...]``, so a rule change that alters an answer fails here
naming the exercise); a right response is judged right and a wrong one wrong with a line citing a
rule; a Predict's choices hold the answer and another; an exercise posed to a seat of a game with
hidden information keeps its answer and its observation when what the seat cannot see is resampled;
and the sheet (explorer/views/exercises.py) takes each answer where it lives (board or buttons),
drawing only the seat's observation, shows the answer only when it is right or asked for, counts
"answer seen" apart from solved, clears the choice on "try again" and lists the sections trained
(issue 41; the feedback's words themselves: tests/test_exercise_feedback.py).

A game whose ``exercises.py`` has not landed yet fails its cases here (by design: every game must
have its exercises).
"""
from __future__ import annotations

import html
import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from explorer.engine.errors import RuleRef
from explorer.engine.exercises import (GAMES, HowLikely, PickLegal, Predict, answer_record, exercises,
                                       pin_answers)
from explorer.engine.record import GameRecord
from explorer.engine.registry import get_game

PINNED = Path(__file__).parent / "data" / "exercise_answers.json"
PIN_COMMAND = "python -m explorer.engine.exercises tests/data/exercise_answers.json GAME"
RESAMPLES = 3
#: the games with hidden information (a sampler of what a seat cannot see)
HIDDEN = tuple(g for g in GAMES if get_game(g).hidden_variants is not None)


@cache
def _exercises(game: str):
    return tuple(exercises(game))


def _sections(state) -> set[str]:
    return {r.section for r in type(state).RULES.values()}


def wrong_pick(ex: PickLegal, state):
    """An action in the exercise's scope that is not a right pick: one of the options it offers."""
    right = ex.answer(state)
    return next((a for a in ex.offered(state, limit=len(right) + 1) if a not in right), None)


def wrong_response(ex, state):
    """A wrong answer of the exercise's kind (PickLegal: one wrong pick and one right one missed)."""
    if isinstance(ex, PickLegal):
        right = ex.answer(state)
        response = set(right)
        if response:
            response.discard(sorted(right, key=repr)[0])
        bad = wrong_pick(ex, state)
        if bad is not None:
            response.add(bad)
        return response
    if isinstance(ex, Predict):
        answer = ex.answer(state)
        other = [c for c in ex.choices(state) if c != answer]
        if not other and ex.place:
            other = board_places(ex, state, answer)
        assert other, f"{ex.key}: no other answer to give"
        return other[0]
    if isinstance(ex, HowLikely):
        return (ex.answer(state) + 1) % len(ex.ranges())
    raise AssertionError(f"{ex.key}: an exercise of an unknown kind {type(ex).__name__}")


def board_places(ex, state, answer) -> list:
    """Other places of the answer's kind a learner can click on the game's board at the exercise's
    position (the board's clickable keys, as it drew them from the seat's observation)."""
    from explorer.views.exercises import board_for
    board = board_for(ex.game, state)
    board.draw(state, state.observation(ex.viewer), [])
    keys = [k for name, v in sorted(vars(board).items()) if name.endswith("_keys") and isinstance(v, list)
            for k in v]
    return sorted({k for k in keys if isinstance(k, tuple) and k[:1] == answer[:1] and k != answer}, key=repr)


def right_response(ex, state):
    return set(ex.answer(state)) if isinstance(ex, PickLegal) else ex.answer(state)


@pytest.mark.parametrize("game", GAMES)
def test_at_least_ten_exercises_citing_the_games_own_rules(game):
    exs = _exercises(game)
    assert len(exs) >= 10, f"{game} has {len(exs)} exercises; the issue asks for at least 10"
    keys = [e.key for e in exs]
    assert len(set(keys)) == len(keys), keys
    cited = set()
    for e in exs:
        state = e.state()
        sections = _sections(state)
        assert e.game == game, (e.key, e.game)
        assert e.title and e.question and e.rules, f"{e.key}: a title, a question and the rules it trains"
        for r in e.rules:
            assert isinstance(r, RuleRef) and r.game == game, (e.key, r)
            assert r.section in sections, f"{e.key} cites {r.section!r}, not a section of {game}'s rule tables"
            cited.add(r.section)
    print(f"{game}: {len(exs)} exercises citing {len(cited)} sections: {sorted(cited)}")


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_is_recomputed_and_matches_the_pinned_record(game):
    now = answer_record(game)
    assert PINNED.exists(), f"no pinned answers: run {PIN_COMMAND}"
    pinned = json.loads(PINNED.read_text()).get(game)
    assert pinned is not None, f"{game}'s answers are not pinned yet: run {PIN_COMMAND.replace('GAME', game)}"
    changed = {k: (pinned.get(k), now.get(k)) for k in set(now) | set(pinned) if pinned.get(k) != now.get(k)}
    assert not changed, (f"{game}: these exercises' answers differ from the pinned ones (pinned, now); if the "
                         f"change is meant, run {PIN_COMMAND.replace('GAME', game)}: {changed}")


@pytest.mark.parametrize("game", GAMES)
def test_right_answers_are_right_and_wrong_ones_cite_a_rule(game):
    for ex in _exercises(game):
        state = ex.state()
        fb = ex.check(right_response(ex, state), state)
        assert fb.correct, f"{ex.key}: the engine's own answer is judged wrong: {fb}"
        assert fb.answer == ex.answer_text(state)
        if isinstance(ex, Predict):
            choices = list(ex.choices(state))
            if choices or not ex.place:
                assert ex.answer(state) in choices, f"{ex.key}: the choices {choices} lack the answer"
                assert len(set(choices)) >= 2, f"{ex.key}: a single choice is no question: {choices}"
        if isinstance(ex, PickLegal) and ex.candidates is not None:
            offered = set(ex.candidates(state))
            assert ex.answer(state) <= offered, f"{ex.key}: a right pick is not among the candidates"
        wrong = wrong_response(ex, state)
        fb = ex.check(wrong, state)
        assert not fb.correct, f"{ex.key}: the wrong answer {wrong!r} is judged right"
        assert any(isinstance(rule, RuleRef) for _, rule in fb.lines), f"{ex.key}: no line cites a rule: {fb}"
        if isinstance(ex, PickLegal):
            bad = [a for a in wrong if a not in ex.answer(state)]
            for a in bad:           # the wrong pick is answered with its refusal (or "not asked") and a rule
                text, rule = ex.refusal(state, a)
                assert isinstance(rule, RuleRef), f"{ex.key}: the wrong pick {a!r} gets no rule: {text}"
                assert any(line == (text, rule) for line in fb.lines)


@pytest.mark.parametrize("game", HIDDEN)
def test_an_exercise_posed_to_a_seat_does_not_depend_on_what_it_cannot_see(game):
    g = get_game(game)
    posed = [e for e in _exercises(game) if e.viewer is not None]
    checked = 0
    for ex in posed:
        assert isinstance(ex.position, GameRecord), (
            f"{ex.key}: an exercise posed to a seat of a game with hidden information needs a record "
            "position (so what the seat cannot see can be resampled)")
        states, actions = ex.history()
        real = states[-1]
        want = (ex.answer_text(real), real.observation(ex.viewer))
        sampler = g.hidden_variants.sampler(states, actions, ex.viewer)
        rng = random.Random(33)
        for _ in range(RESAMPLES):
            _, other_states = sampler.sample(rng)
            other = other_states[-1]
            got = (ex.answer_text(other), other.observation(ex.viewer))
            assert got[1] == want[1], f"{ex.key}: a resampled history looks different to {ex.viewer}"
            assert got[0] == want[0], (f"{ex.key}: the answer depends on what {ex.viewer} cannot see: "
                                       f"{want[0]!r} here, {got[0]!r} in a history the seat cannot tell apart")
            checked += 1
    print(f"{game}: {len(posed)} exercises posed to a seat, {checked} resampled histories checked")


# -- the sheet ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_sheet_takes_each_answer_where_it_lives_and_draws_only_the_seats_view(game, monkeypatch):
    """Each exercise answered wrongly (the feedback marks it wrong, cites a rule and does not show the
    answer), then, every second one, its answer shown with "show answer" first ("answer seen", not
    solved by the right answer after it); "try again" clears the choice; then answered rightly."""
    from explorer.views import exercises as V
    monkeypatch.setattr(V, "SOLVED", {})
    monkeypatch.setattr(V, "SEEN", {})
    sheet = V.exercise_sheet(game)
    other = V.exercise_sheet(game, keys={_exercises(game)[0].key})
    drawn = []
    seen = 0
    for i, ex in enumerate(_exercises(game)):
        sheet.show(i)
        board = sheet.board
        if not hasattr(board, "_recording"):
            original = board.draw
            board.draw = lambda st, obs, hl, original=original: (drawn.append((st, obs)), original(st, obs, hl))[1]
            board._recording = True
            sheet._draw()
        st = sheet.state
        assert drawn[-1][1] == st.observation(ex.viewer), f"{ex.key}: the board got more than the seat's view"
        answer = html.escape(ex.answer_text(st))
        _answer(sheet, ex, st, right=False)
        fb = sheet.check()
        shown = sheet.feedback.value
        assert fb is not None and not fb.correct and "✘ Not right" in shown, ex.key
        assert "<b>" in shown and any(html.escape(r.section) in shown for _, r in fb.lines if r)
        assert "The answer" not in shown and "re-answer" not in shown, f"{ex.key}: a wrong answer shows the answer"
        if len(answer) >= 8:            # (the rules' paraphrases, in <small>, say the rule, not this answer)
            said = re.sub(r"<small>.*?</small>", "", shown)
            assert answer not in said, f"{ex.key}: a wrong answer's feedback holds the answer {answer!r}"
        if i % 2:
            sheet.reveal()
            seen += 1
            assert "The answer" in sheet.feedback.value and answer in sheet.feedback.value, ex.key
            assert "answer seen" in sheet.where.value and f"{seen} answer seen" in sheet.progress.value, ex.key
        sheet.retry()
        assert sheet.feedback.value == "" and sheet.response() in (None, []), f"{ex.key}: try again kept the choice"
        _answer(sheet, ex, st, right=True)
        fb = sheet.check()
        assert fb is not None and fb.correct and "✔ Right" in sheet.feedback.value, (ex.key, sheet.feedback.value)
        assert answer in sheet.feedback.value, f"{ex.key}: a right answer is not confirmed with the answer"
        assert ("not counted as solved" in sheet.feedback.value) == bool(i % 2), ex.key
        assert ("✔ solved" in sheet.where.value) != bool(i % 2), (ex.key, sheet.where.value)
        if isinstance(ex, HowLikely):
            assert str(ex.exact(st)) in sheet.feedback.value, "the exact chance is shown after checking"
    n = len(_exercises(game))
    solved = n - seen
    assert f"<b>{solved} of {n}</b>" in sheet.progress.value and f"{seen} answer seen" in sheet.progress.value, \
        sheet.progress.value
    assert f"<b>{solved} of {n}</b>" in other.progress.value, "the progress is shared by every sheet of the game"


@pytest.mark.parametrize("game", GAMES)
def test_the_sheet_lists_the_sections_its_chapters_exercises_train(game):
    from explorer.views import exercises as V
    items = _exercises(game)
    whole = V.exercise_sheet(game).trains.value
    for chapter in dict.fromkeys(e.chapter for e in items):
        mine = {r.section for e in items if e.chapter == chapter for r in e.rules}
        assert html.escape(chapter) in whole, f"the Practice tab does not name the chapter {chapter!r}"
        text = V.exercise_sheet(game, chapter=chapter).trains.value
        for section in mine:
            assert html.escape(section) in text and html.escape(section) in whole, (chapter, section)
        others = {r.section for e in items for r in e.rules} - mine
        listed = set(re.findall(r"<b>Trains</b>: (.*)</div>", text)[0].split("; "))
        assert listed == {html.escape(s) for s in mine} and not listed & {html.escape(s) for s in others}, chapter


def _answer(sheet, ex, st, right: bool) -> None:
    """Answer as a person would: clicks on the board or on the buttons."""
    want = right_response(ex, st) if right else wrong_response(ex, st)
    if isinstance(ex, PickLegal):
        if sheet.board_mode:
            for a in want:
                key = sheet.board.key_of(st, a)
                if key is not None:
                    sheet._clicked(key)
            return
        for i, a in enumerate(sheet.options):
            if a in want:
                sheet.choice.toggle(i)
        return
    if isinstance(ex, Predict) and sheet.board_mode and not sheet.options:
        sheet._clicked(want)
        return
    sheet.choice.toggle(sheet.options.index(want))


def test_pinning_writes_each_games_answers(tmp_path):
    """The pinning function keeps other games' entries and writes the one asked for."""
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"other": {"k": "v"}}))
    game = next(g for g in GAMES if _has_exercises(g))
    record = pin_answers(path, [game])
    assert record["other"] == {"k": "v"} and record[game] == answer_record(game)
    assert json.loads(path.read_text()) == record


def _has_exercises(game: str) -> bool:
    try:
        return bool(_exercises(game))
    except ImportError:
        return False


def test_the_app_has_a_practice_tab_with_all_of_the_games_exercises():
    """The Voila app's Practice tab (built when first opened) is the game's one place for its exercises."""
    import ipywidgets as W

    from explorer.views import app as A
    from explorer.views.exercises import ExerciseSheet
    made = []

    def practice():
        made.append("Practice")
        return A._practice("decay")
    app = A.App("decay", makers={"Learn": lambda: W.HTML("Learn"), "Play": lambda: W.HTML("Play"),
                                 "What if": lambda: W.HTML("What if"), "Practice": practice})
    assert not made and "Practice" in A.TABS
    app.selected_index = A.TABS.index("Practice")
    page = app.children[A.TABS.index("Practice")]
    sheet = page.sheet                  # under the sheet file to open and the answers to save
    assert made == ["Practice"] and isinstance(sheet, ExerciseSheet) and sheet in page.holder.children, page
    assert len(sheet.items) == len(_exercises("decay")) == sheet.total


def test_decays_wrong_options_name_tiles_on_the_board():
    """A pick-the-legal-ones question offers, beside the right picks, wrong options of the same kind
    that a learner could mistake for right: in Decay, moves of tiles that lie on the board, never of a
    tile still in the box."""
    from explorer.engine.exercises import exercises
    checked = 0
    for ex in exercises("decay"):
        if isinstance(ex, PickLegal) and ex.candidates is None:
            st = ex.state()
            offered = ex.offered(st)
            wrong = [a for a in offered if a not in ex.answer(st)]
            assert wrong, f"{ex.key}: no wrong option offered"
            assert all(a.tile in st.pos for a in offered), (ex.key, [a for a in offered if a.tile not in st.pos])
            checked += 1
    assert checked >= 3
