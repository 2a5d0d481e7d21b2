"""Exercises in a browser (issue 33): each game's app page (``notebooks/<game>_app.ipynb`` as Voilà renders
it, as on Binder) opens its Practice tab, and a person answers an exercise by clicking: first wrongly
(the feedback is marked wrong and cites a rulebook section), then, after "try again", rightly (marked
right, the progress counts it).  Where the game's board takes an exercise's picks (Take Off, Eh!'s
home province, Decay's pawn steps), the answer is clicked on the board itself; otherwise on the
answer's buttons.

The right and wrong answers and the buttons' words are computed here, in the test's own process, by
the same engine and view code the page runs (:mod:`explorer.views.exercises`).  A screenshot of each
sheet goes to ``tests/artifacts/exercises-<game>.png``.
"""
from __future__ import annotations

import re
import time

import pytest

from browser_support import ARTIFACTS, UI_TIMEOUT, Page, _in_a_browser, lab, mark_dot  # noqa: F401 (fixture)
from explorer.engine.exercises import GAMES, PickLegal, exercises
from explorer.views import exercises as V
from test_exercises import right_response, wrong_response

RENDER_TIMEOUT = 420

#: boards whose clicks the test makes: game -> (the board's list of clickable keys, its mark's index)
BOARD_MARKS = {"take_off_eh": ("_area_keys", 3), "decay": ("_tile_keys", 9)}


def _plan(game: str):
    """The exercise to answer (its index), how (board or buttons) and the clicks: ``(index, mode,
    wrong, right)`` where each answer is a list of ``("button", label)`` or ``("board", dot index)``."""
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
        right = sorted(keys.index(sheet.board.key_of(st, a)) for a in ex.answer(st))
        wrong = right[:-1]                  # one right pick missed
        return i, mode, mark, [("board", k) for k in wrong], [("board", k) for k in right], ex, st
    labels = [b.description for b in sheet.choice.buttons]

    def clicks(response):
        if isinstance(ex, PickLegal):
            return [("button", labels[j]) for j, a in enumerate(sheet.options) if a in response]
        return [("button", labels[sheet.options.index(response)])]
    return i, mode, None, clicks(wrong_response(ex, st)), clicks(right_response(ex, st)), ex, st


# the feedback's text once it shows (null before)
FEEDBACK_JS = """
() => { const f = document.querySelector('.re-exercises .re-exercise-feedback');
        return f && /Right|Not right/.test(f.innerText) ? f.innerText : null; }
"""


@pytest.mark.parametrize("game", GAMES)
def test_an_exercise_answered_wrong_then_right_by_clicking(request, tmp_path, game):
    index, mode, mark, wrong, right, ex, st = _plan(game)
    wrong_sections = {r.section for _, r in ex.check(_response(ex, st, wrong_response), st).lines if r}
    total = len(exercises(game))

    def check(nb: Page) -> None:
        page = nb.page
        page.set_viewport_size({"width": 1280, "height": 1000})
        url = f"{nb.lab['url']}/voila/render/notebooks/{game}_app.ipynb"
        with nb.step(f"opening {url}"):
            page.goto(url, wait_until="commit", timeout=UI_TIMEOUT * 1000)
        nb.wait_js("the app's tabs", "() => [...document.querySelectorAll('.lm-TabBar-tabLabel, .p-TabBar-tabLabel')]"
                   ".some(t => t.textContent === 'Practice')", timeout=RENDER_TIMEOUT)
        with nb.step("opening the Practice tab"):
            page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="Practice").first.click()
        sheet = page.locator(".re-exercises").first
        nb.wait_js("the exercise sheet", "() => !!document.querySelector('.re-exercises svg.svg-figure')")
        for _ in range(index):
            with nb.step("pressing 'next'"):
                sheet.locator("button.re-ex-next").click()
        nb.wait_js(f"exercise {index + 1}", "(n) => [...document.querySelectorAll('.re-exercises b')]"
                   ".some(b => b.textContent === `Exercise ${n} of " + str(total) + "`)", arg=index + 1)
        time.sleep(1)
        text = _answer_and_check(nb, sheet, mode, mark, wrong)
        assert "✘ Not right" in text, f"a wrong answer is not marked wrong: {text!r}"
        cited = [s for s in wrong_sections if s in text]
        assert cited, f"the feedback cites none of {sorted(wrong_sections)}: {text!r}"
        with nb.step("pressing 'try again'"):
            sheet.locator("button.re-ex-retry").click()
        nb.wait_js("the feedback cleared", "() => !document.querySelector('.re-exercises .re-exercise-feedback')"
                   ".innerText.trim()")
        text = _answer_and_check(nb, sheet, mode, mark, right)
        assert "✔ Right" in text, f"the right answer is not marked right: {text!r}"
        progress = sheet.inner_text()
        assert re.search(rf"\b1 of {total}\b", progress), "the progress does not count the solved exercise"
        print(f"{game}: exercise {index + 1} ({ex.key}, {mode}) answered wrong (cites {cited}) then right")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.mouse.move(1, 1)
        height = sheet.evaluate("e => Math.ceil(e.getBoundingClientRect().height) + 40")
        page.set_viewport_size({"width": 1280, "height": min(3200, max(1000, height))})   # the whole sheet
        sheet.evaluate("e => e.scrollIntoView({block: 'start'})")
        time.sleep(1)
        sheet.screenshot(path=str(ARTIFACTS / f"exercises-{game}.png"))

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"exercises-{game}-failure.png")


def _response(ex, st, make):
    return make(ex, st)


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
