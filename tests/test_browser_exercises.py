"""Exercises in a browser (issues 33 and 41): each game's app page (``notebooks/<game>_app.ipynb`` as Voilà
renders it, as on Binder) opens its Practice tab, which lists the sections its chapters train, and a
person answers an exercise by clicking: first wrongly (the feedback is marked wrong, cites a rulebook
section and does NOT show the answer: neither "The answer" nor the right answer's words, range or
exact chance, nor a missed pick's words), then "try again" clears the choice, then rightly (marked
right with the answer, the progress counts it solved).  On the next exercise "show answer" shows
the answer, and the progress counts it apart ("1 answer seen").  Where the game's board takes an
exercise's picks (Take Off, Eh!'s home province, Decay's pawn steps), the answer is clicked on the
board itself; otherwise on the answer's buttons.

The right and wrong answers and the buttons' words are computed here, in the test's own process, by
the same engine and view code the page runs (:mod:`explorer.views.exercises`).  Screenshots go to
``tests/artifacts/``: ``exercises-wrong-<game>.png`` (the sheet with a wrong answer's feedback) and
``exercises-<game>.png`` (the sheet at the end).
"""
from __future__ import annotations

import re
import time

import pytest

from browser_support import ARTIFACTS, Page, _in_a_browser, mark_dot, open_app_page
from explorer.engine.exercises import GAMES, HowLikely, PickLegal, Predict, exercises, trained_sections
from explorer.views import exercises as V
from test_exercises import right_response, wrong_response

pytestmark = pytest.mark.browser

RENDER_TIMEOUT = 420

#: boards whose clicks the test makes: game -> (the board's list of clickable keys, its mark's index)
BOARD_MARKS = {"take_off_eh": ("_area_keys", 3), "decay": ("_tile_keys", 9)}


def _plan(game: str):
    """The exercise to answer (its index), how (board or buttons) and the clicks: ``(index, mode, mark,
    wrong, right, exercise, state, wrong response)`` where each answer is a list of ``("button", label)``
    or ``("board", dot index)``, and the wrong response is what ``check`` gets from those clicks."""
    items = exercises(game)
    sheet = V.exercise_sheet(game)
    chosen = None
    for i, ex in enumerate(items):
        sheet.show(i)
        if game in BOARD_MARKS and sheet.board_mode and isinstance(ex, PickLegal) and len(ex.answer(sheet.state)) >= 2:
            chosen = (i, "board")
            break
        if chosen is None and not sheet.board_mode and sheet.choice is not None:
            chosen = (i, "buttons")
            if game not in BOARD_MARKS:
                break
    assert chosen is not None, f"{game}: no exercise answered by buttons or on the board"
    i, mode = chosen
    sheet.show(i)
    ex, st = sheet.exercise, sheet.state
    if mode == "board":
        attr, mark = BOARD_MARKS[game]
        keys = getattr(sheet.board, attr)
        index_of = {a: keys.index(sheet.board.key_of(st, a)) for a in ex.answer(st)}
        right = sorted(index_of.values())
        wrong = right[:-1]                  # one right pick missed
        missed = [a for a, k in index_of.items() if k not in wrong]
        return (i, mode, mark, [("board", k) for k in wrong], [("board", k) for k in right], ex, st,
                set(ex.answer(st)) - set(missed))
    labels = [b.description for b in sheet.choice.buttons]

    def clicks(response):
        if isinstance(ex, PickLegal):
            return [("button", labels[j]) for j, a in enumerate(sheet.options) if a in response]
        return [("button", labels[sheet.options.index(response)])]
    wrong = wrong_response(ex, st)
    return i, mode, None, clicks(wrong), clicks(right_response(ex, st)), ex, st, wrong


# the feedback's text once it shows (null before)
FEEDBACK_JS = """
() => { const f = document.querySelector('.re-exercises .re-exercise-feedback');
        return f && /Right|Not right/.test(f.innerText) ? f.innerText : null; }
"""
# the feedback's text without the rules' paraphrases (which state a rule, not this answer)
SAID_JS = """
() => { const f = document.querySelector('.re-exercises .re-exercise-feedback').cloneNode(true);
        f.querySelectorAll('small').forEach(e => e.remove()); return f.textContent; }
"""
# the answer shown with "show answer"
REVEALED_JS = """
() => { const f = document.querySelector('.re-exercises .re-exercise-feedback');
        return f && /The answer/.test(f.innerText) ? f.innerText : null; }
"""


def _secrets(ex, st, wrong) -> list[str]:
    """The words a wrong answer's feedback must not show: the right answer's (a prediction's words, a
    range and the exact chance, the picks missed)."""
    if isinstance(ex, HowLikely):
        p = ex.exact(st)
        return [ex.ranges()[ex.answer(st)], str(p), f"{float(p):.1%}"]
    if isinstance(ex, Predict):
        return [str(ex.words(ex.answer(st)))]
    words = [st.describe(a, ex.viewer) for a in ex.answer(st) - set(wrong)]
    return words + [w.split(": ", 1)[1] for w in words if ": " in w]


@pytest.mark.parametrize("game", GAMES)
def test_an_exercise_answered_wrong_then_right_by_clicking(request, tmp_path, game):
    index, mode, mark, wrong, right, ex, st, wrong_response_ = _plan(game)
    wrong_sections = {r.section for _, r in ex.check(wrong_response_, st).lines if r}
    secrets = [w for w in _secrets(ex, st, wrong_response_) if w.strip()]
    named = sorted({r.section for r in ex.rules} | wrong_sections, key=len, reverse=True)
    items = exercises(game)
    total = len(items)
    trained = {s for secs in trained_sections(items).values() for s in secs}
    other = index + 1 if index + 1 < total else index - 1
    other_answer = items[other].answer_text()

    def check(nb: Page) -> None:
        page = nb.page
        open_app_page(nb, game)
        nb.wait_js("the app's tabs", "() => [...document.querySelectorAll('.lm-TabBar-tabLabel, .p-TabBar-tabLabel')]"
                   ".some(t => t.textContent === 'Practice')", timeout=RENDER_TIMEOUT)
        with nb.step("opening the Practice tab"):
            page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="Practice").first.click()
        sheet = page.locator(".re-exercises").first
        nb.wait_js("the exercise sheet", "() => !!document.querySelector('.re-exercises svg.svg-figure')")
        header = sheet.locator(".re-trains").first.inner_text()
        unlisted = sorted(s for s in trained if s not in header)
        assert not unlisted, f"the Practice tab does not list the sections trained {unlisted}: {header!r}"
        _go(nb, sheet, index, total)
        text = _answer_and_check(nb, sheet, mode, mark, wrong)
        assert "✘ Not right" in text, f"a wrong answer is not marked wrong: {text!r}"
        cited = [s for s in wrong_sections if s in text]
        assert cited, f"the feedback cites none of {sorted(wrong_sections)}: {text!r}"
        said = page.evaluate(SAID_JS)
        assert "The answer" not in text, f"a wrong answer's feedback shows the answer: {text!r}"
        for section in named:               # (a section's number is no answer)
            said = said.replace(section, " ")
        shown = [w for w in secrets if re.search(rf"(?<![\w.%/]){re.escape(w)}(?![\w%/])", said)]
        assert not shown, f"a wrong answer's feedback gives the answer away ({shown}): {said!r}"
        _shot(page, sheet, ARTIFACTS / f"exercises-wrong-{game}.png")
        with nb.step("pressing 'try again'"):
            sheet.locator("button.re-ex-retry").click()
        nb.wait_js("the feedback and the choice cleared",
                   "() => !document.querySelector('.re-exercises .re-exercise-feedback').innerText.trim()"
                   " && !document.querySelector('.re-exercises button.re-choice.mod-info')"
                   " && ![...document.querySelectorAll('.re-exercises .widget-html')]"
                   ".some(e => /Your picks \\(/.test(e.innerText))")
        text = _answer_and_check(nb, sheet, mode, mark, right)
        assert "✔ Right" in text and "The answer" in text, f"the right answer is not marked right: {text!r}"
        nb.wait_js("the progress counting the solved exercise", "() => /\\b1 of \\d+\\b.*solved/.test("
                   "document.querySelector('.re-exercises .re-ex-progress').innerText)")
        progress = sheet.locator(".re-ex-progress").first.inner_text()
        assert re.search(rf"\b1 of {total}\b.*solved", progress) and "answer seen" not in progress, \
            f"the progress does not count the solved exercise: {progress!r}"
        print(f"{game}: exercise {index + 1} ({ex.key}, {mode}) answered wrong (cites {cited}, none of "
              f"{secrets[:3]} shown) then right: {progress!r}")
        _go(nb, sheet, other, total)
        with nb.step("pressing 'show answer'"):
            sheet.locator("button.re-ex-reveal").click()
        text = nb.wait_js("the answer shown", REVEALED_JS).json_value()
        assert other_answer[:40] in text, f"'show answer' does not show {other_answer!r}: {text!r}"
        nb.wait_js("the progress counting the answer seen", "() => /answer seen/.test(document.querySelector("
                   "'.re-exercises .re-ex-progress').innerText)")
        progress = sheet.locator(".re-ex-progress").first.inner_text()
        assert re.search(rf"\b1 of {total}\b.*solved, 1 answer seen", progress), progress
        print(f"{game}: exercise {other + 1}: 'show answer' shows it; progress {progress!r}")
        _shot(page, sheet, ARTIFACTS / f"exercises-{game}.png")

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"exercises-{game}-failure.png")


def _go(nb: Page, sheet, index: int, total: int) -> None:
    """Move the sheet to exercise ``index`` (0-based) with "next" / "previous"."""
    now = int(re.search(r"Exercise (\d+) of", sheet.inner_text()).group(1)) - 1
    while now != index:
        button = "re-ex-next" if index > now else "re-ex-prev"
        with nb.step(f"pressing {button}"):
            sheet.locator(f"button.{button}").click()
        now += 1 if index > now else -1
        nb.wait_js(f"exercise {now + 1}", "(n) => [...document.querySelectorAll('.re-exercises b')]"
                   ".some(b => b.textContent === `Exercise ${n} of " + str(total) + "`)", arg=now + 1)
    time.sleep(1)


def _shot(page, sheet, path) -> None:
    """A screenshot of the whole sheet."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(1, 1)
    height = sheet.evaluate("e => Math.ceil(e.getBoundingClientRect().height) + 40")
    page.set_viewport_size({"width": 1280, "height": min(3200, max(1000, height))})
    sheet.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(1)
    sheet.screenshot(path=str(path))
    page.set_viewport_size({"width": 1280, "height": 1000})


def _answer_and_check(nb: Page, sheet, mode: str, mark, clicks) -> str:
    """Click the answer, press check and return the feedback's text."""
    _click(nb, sheet, mode, mark, clicks)
    with nb.step("pressing 'check'"):
        sheet.locator("button.re-ex-check").click()
    return nb.wait_js("the feedback", FEEDBACK_JS).json_value()


def _click(nb: Page, sheet, mode: str, mark, clicks) -> None:
    for kind, what in clicks:
        if kind == "button":
            with nb.step(f"pressing the answer button {what!r}"):
                sheet.locator("button.re-choice").filter(has_text=re.compile(f"^{re.escape(what)}$")).first.click()
        else:
            figure = sheet.locator("svg.svg-figure").first
            with nb.step(f"clicking board element {what}"):
                page = nb.page
                page.evaluate("() => document.querySelectorAll('[data-test-target]')"
                              ".forEach(e => e.removeAttribute('data-test-target'))")
                mark_dot(figure, mark, what)
                figure.locator("[data-test-target]").click(force=True)
        time.sleep(0.4)
    time.sleep(0.6)
