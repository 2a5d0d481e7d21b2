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
from explorer.views.lessons import LearnPage, lesson_view
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
    assert sum(len(c["actions"]) for c in data["chapters"]) == n and data["notes"] == {"3": "Look where the cubes went."}
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
    shown = lesson_view(example)
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
