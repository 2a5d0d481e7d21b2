"""A teacher's sheet made through the widgets round-trips in a browser (issue 44 item 5): on Journalists' app
page (``notebooks/journalists_app.ipynb`` as Voilà renders it), under Learn, "Teacher: make an exercise from
here" poses "who takes the next step?" after the first choice at the step shown; the engine's answer shows;
the exercise is added and the sheet saved (a download); the Practice tab opens the downloaded file (its upload
button); the exercise is answered wrongly (marked wrong, the answer not shown), then rightly (marked right).
The page's words are read with the panel open and with the sheet answered (no code words, as
test_browser_words.py reads every tab).  Then, back in Learn, "make a lesson from this game" saves the game
with a title and a note for the step shown (a download), and Learn's own upload button opens it: the note
shows at its step.

The file the browser downloaded is checked here too: it loads with the engine's sheet loader, holds no answer,
and its answer is the one computed in the test's own process.  Screenshots: ``tests/artifacts/kit-maker.png``
(the panel with the exercise added) and ``tests/artifacts/kit-practice.png`` (the sheet answered in the app);
the sheet goes to ``tests/artifacts/kit-sheet.json``.
"""
from __future__ import annotations

import pytest

import json
import re
import time

from browser_support import ARTIFACTS, Page, _in_a_browser, open_app_page
from test_browser_exercises import _shot
from test_browser_words import TEXT_JS, code_words
from explorer.engine.sheets import load_sheet

pytestmark = pytest.mark.browser

RENDER_TIMEOUT = 420
GAME = "journalists"


def test_a_sheet_and_a_lesson_made_through_the_widgets_round_trip(request, tmp_path):
    sheet_path = ARTIFACTS / "kit-sheet.json"

    def check(nb: Page) -> None:
        page = nb.page
        open_app_page(nb, GAME)
        nb.wait_js("the Learn tab's board", "() => !!document.querySelector('.re-learn-page svg.svg-figure')",
                   timeout=RENDER_TIMEOUT)
        with nb.step("opening 'Teacher: make an exercise from here'"):
            page.get_by_text("Teacher: make an exercise from here").first.click()
        nb.wait_js("the exercise panel", "() => !!document.querySelector('.re-exercise-maker svg.svg-figure')")
        maker = page.locator(".re-exercise-maker").first
        step = int(re.search(r"At step (\d+)", maker.inner_text()).group(1))
        box = maker.locator(".re-maker-question textarea")
        suggested = box.get_attribute("placeholder") or ""
        action = maker.locator(".re-maker-action select option:checked").inner_text().replace("\xa0", " ")
        assert suggested.startswith(f"e.g. {action}. "), (
            f"the empty question box suggests {suggested!r} ({action!r} chosen)")
        question = suggested.removeprefix("e.g. ")       # the teacher takes the suggested question
        with nb.step("typing the question"):
            box.fill(question)
        time.sleep(0.5)
        with nb.step("pressing 'see the engine's answer'"):
            maker.locator("button", has_text="see the engine's answer").click()
        shown = nb.wait_js("the engine's answer", "() => { const a = document.querySelector('.re-maker-answer');"
                           " return a && /answer/.test(a.innerText) ? a.innerText : null; }").json_value()
        assert "The engine's answer" in shown, f"no answer shown: {shown!r}"
        with nb.step("pressing 'add to the sheet'"):
            maker.locator("button", has_text="add to the sheet").click()
        nb.wait_js("the exercise added", "() => /Added as exercise 1/.test("
                   "document.querySelector('.re-maker-answer').innerText)")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        _shot(page, maker, ARTIFACTS / "kit-maker.png")
        words = code_words(page.evaluate(TEXT_JS))
        assert not words, f"code words on the page with the exercise panel open: {words}"
        _save(nb, maker, "save the sheet", sheet_path)
        data = json.loads(sheet_path.read_text(encoding="utf-8"))
        (entry,) = data["exercises"]
        assert entry["question"] == question and entry["position"]["step"] == step and entry["viewer"] is None
        assert len(entry["position"]["record"]["actions"]) == step, "the sheet holds steps after the one asked about"
        assert "answer" not in json.dumps(entry).lower(), "the sheet stores an answer"
        ex = load_sheet(sheet_path, game=GAME).exercises[0]
        want = ex.answer_text()
        assert want in shown, f"the panel's answer {shown!r} is not the engine's {want!r}"
        state = ex.state()
        labels = [str(ex.words(c)) for c in ex.choices(state)]
        wrong = next(w for w in labels if w != want)

        with nb.step("opening the Practice tab"):
            page.locator("[role=tab]", has_text="Practice").first.click()
        nb.wait_js("the Practice tab",
                   "() => !!document.querySelector('.re-practice-page .re-exercises svg.svg-figure')",
                   timeout=RENDER_TIMEOUT)
        said = _open(nb, ".re-practice-page", sheet_path)
        assert "Opened kit-sheet.json: 1 exercise" in said, said
        sheet = page.locator(".re-practice-page .re-exercises").first
        nb.wait_js("the sheet's exercise", "() => /Exercise 1 of 1/.test(document.querySelector("
                   "'.re-practice-page .re-exercises').innerText)")
        assert question in sheet.inner_text()
        text = _answer(nb, sheet, wrong)
        assert "✘ Not right" in text and want not in text.replace(wrong, ""), f"a wrong answer: {text!r}"
        with nb.step("pressing 'try again'"):
            sheet.locator("button.re-ex-retry").click()
        time.sleep(0.5)
        text = _answer(nb, sheet, want)
        assert "✔ Right" in text and "The answer" in text, f"the right answer: {text!r}"
        progress = nb.wait_js("the progress counting it solved (its line may come after the feedback)",
                              "() => { const p = document.querySelector('.re-practice-page .re-ex-progress');"
                              " return p && /\\b1 of 1\\b.*solved/.test(p.innerText) ? p.innerText : null; }"
                              ).json_value()
        _shot(page, page.locator(".re-practice-page").first, ARTIFACTS / "kit-practice.png")
        words = code_words(page.evaluate(TEXT_JS))
        assert not words, f"code words on the page with the sheet answered: {words}"
        print(f"made at step {step}: {question!r} -> {want!r}; saved {sheet_path}; answered {wrong!r} (wrong) "
              f"then {want!r}: {progress!r}")
        _lesson_round_trip(nb, tmp_path / "lesson.json", step)

    _in_a_browser(request, tmp_path, check, ARTIFACTS / "kit-failure.png")


def _answer(nb: Page, sheet, label: str) -> str:
    """Press the answer button ``label``, then check; the feedback's text."""
    with nb.step(f"pressing the answer {label!r}"):
        sheet.locator("button.re-choice").filter(has_text=re.compile(f"^{re.escape(label)}$")).first.click()
    time.sleep(0.5)
    with nb.step("pressing 'check'"):
        sheet.locator("button.re-ex-check").click()
    return nb.wait_js("the feedback", "() => { const f = document.querySelector('.re-practice-page "
                      ".re-exercise-feedback'); return f && /Right|Not right/.test(f.innerText) ? f.innerText : null; }"
                      ).json_value()


LESSON_TITLE = "An opening made in the browser"
NOTE = "Watch which card Player 1 takes."


def _lesson_round_trip(nb: Page, path, step: int) -> None:
    """Back in Learn: "make a lesson" with a title and a note for the step shown, saved (a download), then
    opened with Learn's own upload button: the lesson shows, its note at its step."""
    page = nb.page
    with nb.step("opening the Learn tab"):
        page.locator("[role=tab]", has_text="Learn").first.click()
    with nb.step("opening 'Teacher: make a lesson from this game'"):
        page.get_by_text("Teacher: make a lesson from this game").first.click()
    maker = page.locator(".re-lesson-maker").first
    nb.wait_js("the lesson panel", "() => { const e = document.querySelector('.re-lesson-maker');"
               " return !!e && /At step/.test(e.innerText); }")
    with nb.step("typing the lesson's title and a note"):
        maker.locator(".re-lesson-title input").fill(LESSON_TITLE)
        maker.locator(".re-lesson-note textarea").fill(NOTE)
    nb.wait_js("the note kept", f"() => /Notes: at steps {step}/.test(document.querySelector('.re-lesson-maker')"
               ".innerText)")
    _save(nb, maker, "save the lesson", path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["title"] == LESSON_TITLE and data["notes"] == {str(step): NOTE}, data.get("notes")
    said = _open(nb, ".re-learn-page", path)
    assert f"Opened “{LESSON_TITLE}”" in said, said
    with nb.step(f"moving the lesson to step {step}"):
        for _ in range(step):
            page.locator(".re-learn-page button[title='one step forward']").first.click()
            time.sleep(0.2)
    nb.wait_js("the step's note", "(note) => document.querySelector('.re-learn-page').innerText.includes(note)",
               arg=NOTE)
    print(f"lesson: {LESSON_TITLE!r} saved with a note at step {step}, opened in Learn, the note shown at its step")


def _save(nb: Page, panel, button: str, path) -> None:
    """Press the panel's save button, then its download link; the file the browser saves goes to ``path``."""
    with nb.step(f"pressing {button!r}"):
        panel.locator("button", has_text=button).click()
    with nb.step(f"downloading the file of {button!r}"):
        with nb.page.expect_download() as got:
            panel.locator("a.re-download").click()
        got.value.save_as(str(path))


def _open(nb: Page, where: str, path) -> str:
    """Open ``path`` with the upload button of the page part ``where`` (a CSS selector); what it says."""
    with nb.step(f"opening {path.name} with the upload button of {where}"):
        with nb.page.expect_file_chooser() as chooser:
            nb.page.locator(f"{where} .re-open").first.click()
        chooser.value.set_files(str(path))
    return nb.wait_js(f"{path.name} opened", "(w) => { const m = document.querySelector(w + ' .re-open-message');"
                      " return m && m.innerText.trim() ? m.innerText : null; }", arg=where).json_value()
