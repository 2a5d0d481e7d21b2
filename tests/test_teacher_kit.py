"""The teacher's kit without a browser (issue 44 items 2 and 3): a lesson made from a game through the
lesson maker's widgets round-trips (saved, opened in Learn with its chapters and notes); refused lesson
files leave Learn as it was and write nothing; a learner's answers are saved as a small CSV (header in
plain words, one row per exercise: solved, answer seen, attempts), atomically at a path in a notebook
and as a download link in the app.
"""
from __future__ import annotations

import base64
import html
import csv
import io
import json
import re

import pytest

from explorer.engine import Timeline
from explorer.engine.examples import data_file, example_names
from explorer.engine.lessons import LessonError, lesson, lesson_text, load_lesson, save_lesson
from explorer.views import exercises as X
from explorer.views.kit import TeacherKit
from explorer.views.lessons import LearnPage, open_lesson
from explorer.views.practice import COLUMNS, PracticePage, answers_csv

GAME = "journalists"          # a small worked example (25 steps) with hidden cards


def _downloaded(html_text: str) -> tuple[str, bytes]:
    """The file name and content of the download link a save control shows."""
    m = re.search(r"download='([^']+)' href='data:[^;]+;base64,([^']+)'", html_text)
    assert m, f"no download link in {html_text!r}"
    return m.group(1), base64.b64decode(m.group(2))


@pytest.fixture()
def learn():
    from explorer.views.journalists import learn_opening
    return LearnPage(GAME, learn_opening(), download=True, kit=lambda v: TeacherKit(v, download=True))


def test_every_worked_example_loads_as_a_lesson():
    for name in example_names():
        text = data_file("examples", f"{name}.json").read_text(encoding="utf-8")
        example = load_lesson(text, name=name)
        assert example.record.actions and example.chapters and example.notes == {}, name


def test_a_lesson_made_through_the_widgets_opens_in_learn_with_its_chapters_and_notes(learn):
    view = learn.view
    maker = learn.holder.children[1].lessons
    ex = view.explorer
    n = len(ex.timeline)
    maker.title.value = "Cubes and evidence"
    ex._goto(3)
    maker.note.value = "Look where the cubes went."
    ex._goto(6)
    maker.start_chapter("", "")                       # no heading: refused, said so
    assert "heading first" in maker.message.value and 6 not in maker.chapters
    maker.start_chapter("The first turns", "Each player takes a card or its cubes.")
    ex._goto(3)
    assert maker.note.value == "Look where the cubes went.", "the note typed for a step comes back at that step"
    ex._goto(8)
    assert maker.note.value == ""
    maker.saver.save()
    name, raw = _downloaded(maker.saver.message.value)
    assert name == "journalists-lesson.json"
    data = json.loads(raw)
    assert [c["title"] for c in data["chapters"]] == ["Cubes and evidence", "The first turns"]
    assert sum(len(c["actions"]) for c in data["chapters"]) == n
    assert data["notes"] == {"3": "Look where the cubes went."}
    assert learn.opener.open_file(raw, name), learn.opener.message.value
    assert "Opened “Cubes and evidence”" in learn.opener.message.value
    shown = learn.view
    assert shown is not view and shown.example.record == view.explorer.timeline.record
    assert [(c.title, c.start) for c in shown.example.chapters] == [("Cubes and evidence", 0), ("The first turns", 6)]
    notes = shown.explorer.notes
    assert "Look where the cubes went." in notes[3] and "Cubes and evidence" in notes[3]
    assert "Look where" not in notes[4] and "Cubes and evidence" in notes[4], "a step's note shows at its step only"
    assert "The first turns" in notes[6] and "Each player takes a card" in notes[6]
    assert isinstance(learn.holder.children[1], TeacherKit) and learn.holder.children[1].view is shown


def _bad_lessons(good: dict) -> dict[str, tuple[bytes, str]]:
    """Malformed lesson files and a word their error must say."""
    text = lesson_text(good)
    illegal = json.loads(text)
    illegal["chapters"][-1]["actions"][-1] = illegal["chapters"][0]["actions"][0]
    unknown = dict(good, hints=[])
    late = dict(good, notes={"999": "after the end"})
    other = json.loads(data_file("examples", "conspiracy-extended-example.json").read_text())
    record = Timeline.new(GAME, {"players": 3}, 1).record.to_json()
    sheet = {"format": "rules-explorer-exercises", "version": 1, "game": GAME, "exercises": []}
    no_chapters = {k: v for k, v in good.items() if k != "chapters"}
    return {"truncated": (text[: len(text) // 2].encode(), "not valid JSON"),
            "illegal action": (json.dumps(illegal).encode(), "illegal"),
            "unknown field": (json.dumps(unknown).encode(), "unknown field"),
            "a note past the end": (json.dumps(late).encode(), "step “999”"),
            "another game's lesson": (json.dumps(other).encode(), "for Conspiracy, not Journalists"),
            "a saved game": (json.dumps(record).encode(), "saved game, not a lesson"),
            "an exercise sheet": (json.dumps(sheet).encode(), "exercise sheet"),
            "no chapters": (json.dumps(no_chapters).encode(), "no “chapters”"),
            "not text": (b"\xff\xfe\x00", "not a text file")}


def test_a_refused_lesson_file_leaves_learn_as_it_was_and_says_why_in_one_line(learn, tmp_path):
    view = learn.view
    good = lesson(view.explorer.timeline.record, title="A lesson")
    for case, (raw, words) in _bad_lessons(good).items():
        before = learn.holder.children
        assert not learn.opener.open_file(raw, "bad.json"), case
        said = html.unescape(learn.opener.message.value)
        assert "Not opened: bad.json: " in said and words in said and "\n" not in said, (case, said)
        assert "Traceback" not in said and learn.view is view and learn.holder.children == before, case
        if case in ("truncated", "not text", "another game's lesson"):      # (no lesson of this game to save)
            continue
        target = tmp_path / f"{case}.json"
        with pytest.raises(LessonError):
            save_lesson(target, json.loads(raw))
        assert not target.exists(), f"{case}: a refused lesson was written"


def test_a_lesson_saved_at_a_path_in_a_notebook_is_written_whole(tmp_path):
    from explorer.views.journalists import learn_opening
    view = learn_opening()
    kit = TeacherKit(view, download=False)
    maker = kit.lessons
    target = tmp_path / "opening.json"
    target.write_text("the old file")
    maker.saver.name.value = str(tmp_path / "no-such-folder" / "x.json")
    assert maker.saver.save() is None and "Not saved" in maker.saver.message.value
    assert target.read_text() == "the old file"
    maker.saver.name.value = str(target)
    assert maker.saver.save() is not None and str(target) in maker.saver.message.value
    example = load_lesson(target, game=GAME)
    assert example.record == view.explorer.timeline.record
    assert not list(tmp_path.glob(".*.part")), "a temporary file was left behind"
    shown = open_lesson(target, game=GAME)          # a notebook's way to open a lesson
    assert shown.example.record == example.record
    shown.explorer._goto(len(example.record.actions))
    assert shown.explorer.state.observation(None) == view.explorer.timeline.record.replay().observation(None)


# -- a learner's answers -------------------------------------------------------------------------------
def test_the_answers_csv_counts_solved_seen_and_attempts(monkeypatch, tmp_path):
    for name in ("SOLVED", "SEEN", "ATTEMPTS"):
        monkeypatch.setattr(X, name, {})
    page = PracticePage("decay", X.exercise_sheet("decay"), download=True)
    sheet = page.sheet
    first, second = sheet.items[0], sheet.items[1]
    sheet.show(0)
    st = sheet.state
    from test_exercises import _answer
    _answer(sheet, first, st, right=False)
    assert not sheet.check().correct
    sheet.retry()
    _answer(sheet, first, st, right=True)
    assert sheet.check().correct
    sheet.show(1)
    sheet.reveal()
    page.saver.save()
    name, raw = _downloaded(page.saver.message.value)
    assert name == "decay-answers.csv"
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8"))))
    assert tuple(rows[0]) == COLUMNS == ("game", "exercise key", "title", "solved", "answer seen", "attempts")
    by_key = {r[1]: r for r in rows[1:]}
    assert len(rows) == 1 + len(sheet.items) and set(by_key) == {e.key for e in sheet.items}
    assert by_key[first.key] == ["Decay", first.key, first.title, "yes", "no", "2"]
    assert by_key[second.key] == ["Decay", second.key, second.title, "no", "yes", "0"]
    assert all(r[3:] == ["no", "no", "0"] for k, r in by_key.items() if k not in (first.key, second.key))
    notebook = PracticePage("decay", sheet, download=False)
    notebook.saver.name.value = str(tmp_path / "answers.csv")
    notebook.saver.save()
    assert (tmp_path / "answers.csv").read_text(encoding="utf-8") == answers_csv(sheet) == raw.decode("utf-8")


# -- exercises made from a game, and sheets opened in Practice -----------------------------------------
def _maker(view, download=True):
    return TeacherKit(view, download=download).exercises


FIRST = object()          # (the first choice offered)


def _pose(maker, *, kind, seat, question, **parts) -> None:
    """Fill the panel as a teacher does: the kind, the seat, the parts (by their words), the question."""
    maker.kind.value = kind
    maker.seat.value = seat
    for part, words in parts.items():
        menu = getattr(maker, part)
        menu.value = next(i for label, i in menu.options if label == words or words is FIRST)
    maker.question.value = question


def test_an_exercise_made_at_a_step_has_the_engines_answer_and_round_trips_through_practice(monkeypatch):
    from explorer.views.journalists import learn_opening
    from explorer.engine.words import seat_name
    for name in ("SOLVED", "SEEN", "ATTEMPTS"):
        monkeypatch.setattr(X, name, {})
    view = learn_opening()
    maker = _maker(view)
    ex = view.explorer
    ex._goto(12)
    st = ex.state
    action = st.legal_actions()[0]
    words = st.describe(action, None)
    after = st.apply(action)
    want = "a chance step comes first (a draw or a roll)" if after.is_chance_node() else seat_name(after.current_player)
    _pose(maker, kind="predict", seat=-1, question="Who takes the next step?", action=words,
          outcome="who takes the next step")
    assert maker.see_answer() == want and html.escape(want) in maker.answer.value
    assert maker.add() and len(maker.entries) == 1 and maker.question.value == ""
    assert "no “section”" not in maker.answer.value
    _pose(maker, kind="pick", seat=st.current_player, question="Which cards may you buy?",
          scope=FIRST)
    maker.title.value = "Buying"
    assert maker.add(), maker.answer.value
    picks = {st.describe(a, st.current_player) for a in st.legal_actions()}
    assert set(maker.answers[1].split("; ")) == picks
    entry = maker.entries[1]
    assert entry["viewer"] == seat_name(st.current_player) and entry["position"]["step"] == 12
    assert len(entry["position"]["record"]["actions"]) == 12, "the sheet holds nothing after the step"
    assert entry["rules"] and "answer" not in json.dumps(entry).lower(), "no answer is stored in the sheet"
    maker.saver.save()
    name, raw = _downloaded(maker.saver.message.value)
    assert name == "journalists-exercises.json"
    page = PracticePage(GAME, X.exercise_sheet(GAME), download=True)
    assert page.opener.open_file(raw, "mine.json"), page.opener.message.value
    sheet = page.sheet
    assert [e.title for e in sheet.items] == ["Who takes the next step", "Buying"]
    assert "mine.json" in sheet.children[2].value, "the sheet's heading names its file"
    sheet.show(0)
    assert sheet.exercise.answer_text() == want
    wrong = next(i for i, c in enumerate(sheet.options) if str(sheet.exercise.words(c)) != want)
    sheet.choice.toggle(wrong)
    assert not sheet.check().correct and "✘ Not right" in sheet.feedback.value
    sheet.retry()
    sheet.choice.toggle(next(i for i, c in enumerate(sheet.options) if str(sheet.exercise.words(c)) == want))
    assert sheet.check().correct and "✔ Right" in sheet.feedback.value
    rows = list(csv.reader(io.StringIO(answers_csv(sheet))))
    assert rows[1][1:] == [sheet.items[0].key, "Who takes the next step", "yes", "no", "2"]
    assert X.SOLVED.get(GAME, set()) == set(), "a loaded sheet keeps its progress apart from the game's own"


def _small_sheet(game: str) -> dict:
    """A one-exercise sheet of ``game``: who takes the step after the first legal action at step 12 of a
    seeded game (made with the sheet API, as the panel makes it)."""
    from explorer.engine import sheets as S
    tl = Timeline.new(game, None, 3)
    rng = __import__("random").Random(3)
    while len(tl) < 12:
        st = tl.state
        tl.play(st.sample_chance(rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    st = tl.state
    actions, _ = S.predict_choices(game, st, None)
    rule = st.step_rule() or next(iter(type(st).RULES.values()))
    e = S.entry(game, kind="predict", position=S.position_from_record(tl.record, 12), viewer=None,
                question="Who takes the next step?", rules=[rule.section], action=actions[0][0], outcome="next-mover")
    return S.sheet(game, [e])


def test_a_refused_sheet_leaves_practice_as_it_was_and_says_why_in_one_line(tmp_path):
    page = PracticePage(GAME, X.exercise_sheet(GAME), download=True)
    shown = page.sheet
    good = _small_sheet(GAME)
    unknown_kind = json.loads(json.dumps(good))
    unknown_kind["exercises"][0]["kind"] = "essay"
    other = _small_sheet("decay")
    lesson_file = data_file("examples", "journalists-opening.json").read_text(encoding="utf-8")
    text = json.dumps(good)
    cases = {"truncated": (text[: len(text) // 3], "not valid JSON"),
             "unknown kind": (json.dumps(unknown_kind), "unknown kind"),
             "another game's sheet": (json.dumps(other), "not of Journalists"),
             "a lesson": (lesson_file, "not an exercise sheet")}
    for case, (raw, words) in cases.items():
        assert not page.opener.open_file(raw.encode("utf-8"), "bad.json"), case
        said = html.unescape(page.opener.message.value)
        assert said.count("Not opened: bad.json: ") == 1 and words in said and "\n" not in said, (case, said)
        assert page.sheet is shown and page.holder.children == (shown,), case
    path = tmp_path / "bad.json"
    path.write_text(cases["unknown kind"][0])
    with pytest.raises(ValueError, match="unknown kind"):
        X.exercise_sheet(path=path)


def test_a_question_a_seat_cannot_see_is_not_offered_and_nothing_is_added():
    from explorer.views.conspiracy import learn_example
    view = learn_example()
    maker = _maker(view)
    view.explorer._goto(80)                     # Player 2 chooses among coins Player 1 cannot see
    maker.kind.value, maker.seat.value = "pick", 0
    maker.question.value = "Which coins may Player 2 choose?"
    assert maker.scope.options == () and not maker.add() and maker.entries == []
    said = html.unescape(maker.answer.value)
    assert "Not added: Player 2 is choosing: what Player 2 may choose is theirs to see" in said, said
    maker.seat.value = 1                        # posed to Player 2 it is a question
    maker.scope.value = 0
    assert maker.add(), maker.answer.value
    maker.question.value = "Which coins?"
    maker.rules.value = ()
    assert not maker.add() and "Choose the rule sections it trains" in maker.answer.value
    maker.question.value = ""
    assert maker.see_answer() is None and "Type the question first" in maker.answer.value
    maker.drop_last()
    assert maker.entries == []
    maker.saver.save()
    assert "Not saved: the sheet has no exercise yet" in maker.saver.message.value


class _Shown:
    """What the exercise panel reads of an Explorer: the timeline shown at a step."""

    def __init__(self, record, step):
        self.timeline = Timeline(record)
        self.timeline.jump(step)
        self.state = self.timeline.state

    def on_refresh(self, hook):
        pass


def test_the_exercise_panel_shows_only_what_the_chosen_seat_may_see():
    """The panel's board, its words and every choice it offers are the same in any history the seat
    cannot tell from the real one (the game's sampler redraws what it cannot see: Conspiracy's tiles
    and goal coins)."""
    import random

    from explorer.engine.examples import load_example
    from explorer.engine.registry import get_game
    from explorer.views.authoring import ExerciseMaker
    record = load_example("conspiracy-extended-example").record
    g = get_game("conspiracy")

    def seen(rec, step, seat):
        m = ExerciseMaker(_Shown(rec, step), download=True)
        drawn = []
        m.board.draw = lambda st, obs, hl: drawn.append(obs)
        out = []
        for kind in ("pick", "predict", "chance"):
            m.kind.value = kind
            m.seat.value = seat
            out.append((kind, m.where.value, drawn[-1], [[label for label, _ in getattr(m, p).options]
                                                         for p in ("scope", "action", "outcome", "probability")],
                        [getattr(w, "value", "") for w in m.parts_box.children]))
        return out
    states = record.states()
    rng = random.Random(5)
    offered = {}
    for step, seat in ((20, 1), (30, 2), (40, 0), (80, 0), (80, 1), (100, 2)):
        mine = seen(record, step, seat)
        assert mine[0][2] == states[step].observation(seat), "the board got more than the seat's view"
        offered[step, seat] = {kind: bool(menus[{"pick": 0, "predict": 1, "chance": 3}[kind]])
                               for kind, _w, _o, menus, _n in mine}
        sampler = g.hidden_variants.sampler(states[: step + 1], list(record.actions[:step]), seat)
        for _ in range(2):
            actions, _others = sampler.sample(rng)
            other = type(record)(record.game, record.options, record.seed, tuple(actions))
            assert seen(other, step, seat) == mine, f"step {step}: the panel shows Player {seat + 1} what it cannot see"
    assert offered[40, 0]["chance"] and offered[80, 1]["pick"], "a roll's odds and a seat's own choices are offered"
    assert not offered[30, 2]["chance"] and not offered[80, 0]["pick"], (
        "a deal's outcomes and another's choices are not")


def test_the_sheet_made_through_the_widgets_in_a_browser_opens_in_a_notebook():
    """``tests/data/kit-sheet-journalists.json`` was made and downloaded by test_browser_teacher_kit.py: it
    opens with ``exercise_sheet(path=...)`` and the engine computes its answer again."""
    from pathlib import Path
    path = Path(__file__).parent / "data" / "kit-sheet-journalists.json"
    sheet = X.exercise_sheet(path=path)
    (ex,) = sheet.items
    assert sheet.game == GAME and ex.question == ("Player 1 takes The Author for 1 chip as evidence (a). "
                                                  "Who takes the next step afterwards?")
    assert ex.answer_text() == "a chance step comes first (a draw or a roll)"
    assert "kit-sheet-journalists.json" in sheet.children[2].value


def test_in_play_the_exercise_panel_starts_from_the_players_own_seat():
    from explorer.views.conspiracy import play_game
    view = play_game(seed=2026, human=1)
    maker = _maker(view)
    drawn = []
    maker.board.draw = lambda st, obs, hl: drawn.append(obs)
    maker.follow()
    assert maker.viewer == 1 and drawn[-1] == view.explorer.state.observation(1)
    assert "what Player 2 may see" in maker.where.value


def test_the_empty_question_box_suggests_a_question_naming_the_step_asked_about():
    """A learner reads only the question, so the panel's example question for a prediction names the
    action in the words of the seat posed to; a pick's example gives no count or legal choice away."""
    from explorer.engine.examples import load_example
    from explorer.views.authoring import ExerciseMaker
    maker = ExerciseMaker(_Shown(load_example("journalists-opening").record, 10), download=True)
    maker.follow()
    _pose(maker, kind="predict", seat=-1, question="", action=FIRST, outcome="who wins")
    action_words = next(label for label, i in maker.action.options if i == maker.action.value)
    assert maker.question.placeholder == f"e.g. {action_words}. Who wins?"
    maker.kind.value = "pick"
    assert maker.question.placeholder == "e.g. What may Player 1 do now? Pick every legal choice."


@pytest.mark.parametrize("question, title", [
    ("Player 1 takes The Author for 1 chip as evidence (a). Who takes the next step afterwards?",
     "Who takes the next step afterwards"),
    ("Who takes the next step?", "Who takes the next step"),
    ("Pick every legal move.", "Pick every legal move"),
    ("Which of the tiles on the board may Player 3 lift this turn, given every coin in the hand?",
     "Which of the tiles on the board may Player 3 lift this turn"),
    ("x" * 100, "x" * 60),
])
def test_an_exercise_given_no_title_is_titled_by_its_asking_sentence(question, title):
    from explorer.views.authoring import default_title
    assert default_title(question) == title
