"""The Sands of Time's notebook in JupyterLab in headless Chromium (as the other games' in
``test_browser.py``): every cell runs, the Learn explorer's map draws the kernel's territories and
caravans, the plots show their data, and in Play a click on a ringed territory plays it."""
from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import (ARTIFACTS, Page, board_js, _check_plots, _in_a_browser, _open_and_run_all, check_layout,
                             _output_of, at_last_step, mark_dot, screenshot_at)
from test_browser import Play

from explorer.views.sands_of_time import MARK_ORDER

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/sands_of_time.ipynb"
SCREENSHOT = ARTIFACTS / "sands-of-time-browser.png"
FAILURE_SCREENSHOT = ARTIFACTS / "sands-of-time-browser-failure.png"
TITLE = "The Sands of Time"

# The map's marks (explorer.views.sands_of_time.MARK_ORDER): 2 = caravans (Lines, one g.curve each),
# 3 = territories (Scatter), 4 = capitals (Scatter), last = orange rings (Scatter).
BOARD_JS = board_js("""
    caravans: curves(marks[2]),
    territories: dots(marks[3]),
    capitals: dots(marks[4]),
    orange: dots(targets),""")


def _matches_kernel(nb: Page, board: dict, var: str) -> None:
    b = f"{var}.board"
    want = nb.kernel(territories=f"len({b}.names)",
                     caravans=f"len({b}.caravan_marks.x) if {b}.caravan_marks.visible else 0",
                     capitals=f"len({b}.capital_marks.x) if {b}.capital_marks.visible else 0",
                     orange=f"len({b}._targets)")
    got = {k: board[k] for k in want}
    assert got == want, f"the {var} map draws {got}, the kernel's model has {want}"


class SandsPlay(Play):
    KERNEL = {}

    def check_against_kernel(self, board: dict) -> None:
        _matches_kernel(self.nb, board, "game")

    def click_target(self) -> dict:
        """Click the territory under the first orange ring: the rings are open circles, so a click
        inside one lands on the disc under it (marks[3]), as a person's does."""
        index = self.nb.kernel(i="game.board.names.index(game.board._targets[0])")["i"]
        figure = self.output.locator("svg.svg-figure").filter(has_text=self.title).first
        mark_dot(figure, 3, index)
        before = self.steps.count()
        with self.nb.step("clicking a ringed territory"):
            figure.locator("[data-test-target]").click()
        return self._acted("clicking a ringed territory", before)


def test_sands_of_time_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check, FAILURE_SCREENSHOT)


def _run_and_check(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, NOTEBOOK)
    check_layout(nb, Path(NOTEBOOK).stem)           # what a student sees (test_browser_layout.py)
    _check_plots(nb, "Turns in a whole game, by Generation track")

    # -- Learn: the first Generation at its last step: territories, capitals and caravans drawn ------
    learn = at_last_step(nb, "learn_generation(", "Learn")
    board = nb.board(learn, TITLE, BOARD_JS)
    assert board["title"].startswith(TITLE) and board["marks"] == len(MARK_ORDER), board["title"]
    _matches_kernel(nb, board, "learn")
    assert board["territories"] == 28 and board["capitals"] == 3 and board["caravans"] >= 3, board
    print(f"Learn map: {board['territories']} territories, {board['capitals']} capitals, "
          f"{board['caravans']} caravans")
    screenshot_at(page, learn, SCREENSHOT)

    # -- Play: click the first ringed territory (a province to claim) -------------------------------
    play = SandsPlay(nb, _output_of(page, "play_game("), TITLE, BOARD_JS)
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    board = nb.board(play.output, TITLE, BOARD_JS)
    assert board["orange"] > 0, "the Play map rings no territory on the human's turn"
    play.check_against_kernel(board)
    owned_before = nb.kernel(n="sum(1 for o in game.explorer.state.owner.values() if o == 0)")["n"]
    steps_before = play.steps.count()
    after = play.click_target()
    assert after["svg"] != board["svg"], "the map did not change after the click"
    owned = nb.kernel(n="sum(1 for o in game.explorer.timeline"
                        f".state_at({steps_before + 1}).owner.values() if o == 0)")["n"]
    assert owned == owned_before + 1, "the click did not claim the ringed territory for player 0"
    print(f"Play: clicked 1 of {board['orange']} rings; steps {steps_before} -> {play.steps.count()}")

    # -- Play: the secret two-card choice as the hand: click two cards, then play them ----------------
    # (the person's other decisions up to it are made at random in the kernel, silently)
    reached = nb.kernel(n=(
        "next((i for i in range(400) if any(type(a).__name__ == 'Select' for a in game.explorer.legal_here())"
        " or not game.explorer.play_action(__import__('random').Random(i).choice(game.explorer.legal_here()))),"
        " -1)"))["n"]
    assert reached >= 0, "the Play game never came to the secret choice of two cards"
    nb.settle(play.output)
    cards = play.output.locator(".re-card")
    assert cards.count() >= 2, "the hand of cards does not show when the two cards are chosen"
    names = [t.replace("\xa0", " ") for t in cards.all_inner_texts()]
    steps_before = play.steps.count()
    with nb.step("clicking two cards of the hand and playing them"):
        cards.nth(0).click()
        cards.nth(1).click()
        play.output.locator("button", has_text="play these cards").click()
    play._acted("playing two cards from the hand", steps_before)
    chosen = nb.kernel_values(c=f"sorted(game.explorer.timeline.actions[{steps_before}].cards)")["c"]
    assert chosen == sorted(names[:2]), f"the hand played {chosen}, the clicked cards were {names[:2]}"
    print(f"Play: clicked {names[:2]} in the hand of {len(names)} cards; steps {steps_before} -> {play.steps.count()}")
