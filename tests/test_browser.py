"""The widgets in a real browser: JupyterLab + headless Chromium (Playwright for Python).

The test starts its own JupyterLab server on a free local port (see ``browser_support.py``),
opens ``notebooks/conspiracy.ipynb``, runs all cells and checks that

- every cell finishes without an error or a traceback, and every widget renders;
- the Learn board is drawn, with as many tiles as the kernel's state holds;
- in the Play explorer, pressing a choice button leads to a step with orange targets,
  and a click on one reaches the kernel: the board is redrawn and the step list grows;
  the Place Coin move is then finished and its tile and coin are drawn.

The kernel's side is read from the notebook's variables ``learn`` and ``game``, silently
(``user_expressions``: nothing is added to the notebook).

It needs Debian's ``chromium`` and the ``playwright`` package (``pip install -e ".[test]"``);
``playwright install`` is never needed.  A screenshot of the Play explorer is saved to
``tests/artifacts/conspiracy-browser.png``.
"""
from __future__ import annotations

from pathlib import Path

import time

import pytest

from explorer.views.decay import MARK_ORDER as DECAY_MARKS

from browser_support import (ARTIFACTS, BOARD_JS, MARK_TARGET_JS, board_js, UI_TIMEOUT, Page, _check_plots,
                             _in_a_browser, _open_and_run_all, check_layout, _output_of, at_last_step, mark_dot,
                             screenshot_at)

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/conspiracy.ipynb"
SCREENSHOT = ARTIFACTS / "conspiracy-browser.png"
FAILURE_SCREENSHOT = ARTIFACTS / "conspiracy-browser-failure.png"


def test_conspiracy_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check, FAILURE_SCREENSHOT)


def _run_and_check(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, NOTEBOOK)
    check_layout(nb, Path(NOTEBOOK).stem)           # what a student sees (test_browser_layout.py)
    _check_plots(nb, "How many rounds random games last")

    # -- the Learn board --------------------------------------------------------------------------
    learn = _output_of(page, "learn_example(")
    nb.settle(learn)
    board = nb.board(learn)
    assert board["title"] == "Conspiracy board" and board["marks"] >= 4, board["title"]
    expect_learn = (
        "len([t for t in learn.explorer.state.observation(learn.explorer.perspective)['tiles']"
        " if t['row'] < learn.board.max_rows])")
    labels_learn = "len([t for t in learn.board.tile_labels.text if t])"
    where = "at the step it opens on"
    if nb.kernel(n=expect_learn)["n"] == 0:
        # the record may open before any tile is laid: jump to its last step
        where = "at its last step: it opens before any tile is laid"
        with nb.step("pressing the Learn explorer's 'last step' button"):
            learn.locator("button[title='last step']").first.click()
        nb.settle(learn)
        board = nb.board(learn)
    want = nb.kernel(tiles=expect_learn, labels=labels_learn)
    assert want["tiles"] > 0, f"the Learn record shows no tiles even at its end: {want}"
    assert board["tiles"] == want["tiles"], (
        f"the Learn board draws {board['tiles']} tiles, the kernel's state has {want['tiles']}")
    assert board["labels"] == want["labels"], (
        f"the Learn board shows {board['labels']} tile labels, the kernel's model has {want['labels']}")
    print(f"Learn board: {board['tiles']} tiles, {board['labels']} tile labels, as in the kernel ({where})")

    # -- the Play explorer: menu + "do it" until orange targets show, then click one -----------------
    play = Play(nb, _output_of(page, "play_game("))
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    for _ in range(6):
        board = nb.board(play.output)
        if board["orange"]:
            break
        options = play.options()
        assert options, "the Play explorer offers no legal action and no target"
        play.do(next((i for i, o in enumerate(options) if "Place Coin" in o), 0))
    else:
        pytest.fail("no orange targets appeared on the Play board after 6 actions", pytrace=False)
    assert board["targets"] == board["orange"] > 0
    play.check_against_kernel(board)

    steps_before = play.steps.count()
    after = play.click_target()
    assert after["svg"] != board["svg"], "the board did not change after the click"
    assert play.steps.count() > steps_before
    play.check_against_kernel(after)
    print(f"Play: clicked 1 of {board['orange']} orange targets; steps {steps_before} -> "
          f"{play.steps.count()}, tiles {board['tiles']} -> {after['tiles']}")

    # Finish the move (tile and coin from the hand in the menu, the coin's cell and direction
    # on the board) until the new tile and coin are on the board, as in the kernel.
    for _ in range(8):
        if after["tiles"] > board["tiles"] and after["coins"] > board["coins"]:
            break
        after = play.click_target() if after["orange"] else play.do(None)
    else:
        pytest.fail("the Place Coin move did not finish with a new tile within 8 steps", pytrace=False)
    play.check_against_kernel(after)
    print(f"Play: Place Coin finished (steps {steps_before} -> {play.steps.count()}): "
          f"{after['tiles']} tile(s), {after['coins']} coin(s) on the board, as in the kernel")

    # the Play explorer at the top of the window, the mouse off the board (no bqplot toolbar)
    screenshot_at(page, play.output, SCREENSHOT)


class Play:
    """The Play explorer's controls (its board, legal menu, "do it" and step list)."""

    # what the kernel's Play game holds (the notebook's ``game`` variable), seen as the board sees it
    KERNEL = {
        "tiles": "len([t for t in game.explorer.state.observation(game.explorer.perspective)['tiles']"
                 " if t['row'] < game.board.max_rows])",
        "coins": "len([c for c in game.explorer.state.observation(game.explorer.perspective)['coins']"
                 " if c['y'] < 2 * game.board.max_rows])",
        "targets": "len(game.board.targets.x) if game.board.targets.visible else 0",
    }

    def __init__(self, nb: Page, output, title: str = "Conspiracy board", js: str = BOARD_JS):
        self.nb, self.output = nb, output
        self.title, self.js = title, js
        page = nb.page
        self.legal = output.locator(".widget-dropdown").filter(
            has=page.locator("label", has_text="legal")).locator("select")
        self.do_button = output.locator("button", has_text="do it")
        self.buttons = output.locator(".explorer-choices button")   # few choices: one button each
        self.steps = output.locator(".widget-select select:not([multiple]) option")  # not the odds' picker
        self.message = output.locator(".widget-html", has_text="Not allowed")

    def options(self) -> list[str]:
        """The choices' texts, as buttons (few) or in the legal menu (many); ipywidgets
        shows spaces as no-break spaces."""
        if self.buttons.count():
            assert not self.legal.is_visible(), "choices shown both as buttons and in the menu"
            return [t.replace("\xa0", " ") for t in self.buttons.all_inner_texts()]
        return [t.replace("\xa0", " ") for t in self.legal.locator("option").all_inner_texts()]

    def _acted(self, what: str, before: int) -> dict:
        """Wait for the step list to grow past ``before``; the board then."""
        deadline = time.monotonic() + UI_TIMEOUT
        while self.steps.count() <= before:
            if self.message.count():
                pytest.fail(f"{what} was refused: {self.message.first.inner_text()}", pytrace=False)
            if time.monotonic() > deadline:
                pytest.fail(f"{what} added no step to the Play explorer within {UI_TIMEOUT} s",
                            pytrace=False)
            time.sleep(0.2)
        self.nb.settle(self.output)
        assert self.message.count() == 0, f"{what} was refused: {self.message.first.inner_text()}"
        return self.nb.board(self.output, self.title, self.js)

    def do(self, choice: int | None) -> dict:
        """Press choice button ``choice`` (None: the first) when the choices are buttons;
        else choose option ``choice`` (None: the one selected) in the legal menu, press "do it"."""
        if self.buttons.count():
            button = self.buttons.nth(choice or 0)
            chosen = button.inner_text().replace("\xa0", " ")
            before = self.steps.count()
            with self.nb.step(f"pressing the choice button {chosen!r}"):
                button.click()
            return self._acted(f"the choice button {chosen!r}", before)
        if choice is not None:
            self.legal.select_option(index=choice)
        chosen = self.legal.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")
        before = self.steps.count()
        with self.nb.step(f"pressing 'do it' for {chosen!r}"):
            self.do_button.click()
        return self._acted(f"'do it' for {chosen!r}", before)

    def click_target(self) -> dict:
        """Click the first orange target on the board."""
        figure = self.output.locator("svg.svg-figure").filter(has_text=self.title).first
        figure.evaluate(MARK_TARGET_JS)
        before = self.steps.count()
        with self.nb.step("clicking an orange target"):
            figure.locator("[data-test-target]").click()
        return self._acted("clicking an orange target", before)

    def check_against_kernel(self, board: dict) -> None:
        want = self.nb.kernel(**self.KERNEL)
        got = {"tiles": board["tiles"], "coins": board["coins"], "targets": board["orange"]}
        assert got == want, f"the Play board draws {got}, the kernel's state has {want}"


# --- Decay ------------------------------------------------------------------------------------

DECAY_NOTEBOOK = "notebooks/decay.ipynb"
DECAY_SCREENSHOT = ARTIFACTS / "decay-browser.png"
DECAY_FAILURE_SCREENSHOT = ARTIFACTS / "decay-browser-failure.png"

# The Decay board's marks (explorer.views.decay.MARK_ORDER): 1 = tiles (Lines, one g.curve per
# tile), 4 = tile labels (Label), 6 = pawns (Scatter), 10 = grey positions, last = orange targets.
DECAY_BOARD_JS = board_js("""
    tiles: tileboxes.length,
    // distinct tile corners on screen: tiles drawn at their own offsets, not stacked
    corners: new Set(tileboxes.map(b => `${Math.round(b.x)},${Math.round(b.y)}`)).size,
    square: tileboxes.every(b => Math.abs(b.width - b.height) <= 1.5),
    sizes: sizes(tileboxes),
    dims: dims(),
    labels: shown(marks[4]) ? [...marks[4].querySelectorAll('text.label')].map(t => t.textContent)
                                .filter(t => t.trim()).sort() : [],
    pawns: dots(marks[6]),
    grey: dots(marks[10]),
    targets: dots(targets),
    orange: orange(targets),""", setup="  const tileboxes = boxes(marks[1]);")


def test_decay_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check_decay, DECAY_FAILURE_SCREENSHOT)


def _decay_board_matches_kernel(nb: Page, board: dict, var: str) -> None:
    """The drawn tiles, labels and pawns are the kernel's (``var`` is a DecayExplorer)."""
    want = nb.kernel_values(
        tiles=f"len({var}.explorer.state.pos)",
        labels=f"sorted(str(t) for t in {var}.board.tile_labels.text if t) if {var}.board.tile_labels.visible else []",
        pawns=f"len([t for t in {var}.explorer.state.pawns.values() if t in {var}.explorer.state.pos])",
        targets=f"len({var}.board._target_keys)")
    got = {"tiles": board["tiles"], "labels": board["labels"], "pawns": board["pawns"],
           "targets": board["orange"]}
    assert got == want, f"the {var} board draws {got}, the kernel's state has {want}"
    assert board["corners"] == board["tiles"] and board["square"], \
        (f"tiles are not drawn as squares at their own offsets: {board['corners']} corners for "
         f"{board['tiles']} tiles, sizes {board['sizes']}, {board['dims']}")


def _run_and_check_decay(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, DECAY_NOTEBOOK)
    check_layout(nb, Path(DECAY_NOTEBOOK).stem)           # what a student sees (test_browser_layout.py)
    _check_plots(nb, "How many rounds random games of Decay last")
    title = "Decay board"

    # -- Learn: the placement examples, one YES and one NO per restriction ---------------------------
    rules = _output_of(page, "placement_rules()")
    nb.settle(rules)
    heads = rules.locator("svg.svg-figure text.mainheading").evaluate_all("ts => ts.map(t => t.textContent)")
    assert len(heads) == 6 and sum(h.endswith("YES") for h in heads) == 3, heads
    print(f"placement examples: {heads}")

    # -- Learn: the opening at its last step: 24 tiles at their offsets, four pawns --------------------
    opening = at_last_step(nb, "learn_opening()", "opening")
    board = nb.board(opening, title, DECAY_BOARD_JS)
    assert board["title"].startswith(title) and board["marks"] == len(DECAY_MARKS), board["title"]
    _decay_board_matches_kernel(nb, board, "opening")
    assert board["tiles"] >= 20 and board["pawns"] >= 3, board
    print(f"opening board: {board['tiles']} tiles, {board['pawns']} pawns, as in the kernel")
    # the adjacency graph tab (shown first) follows: one node per tile
    graph = opening.locator("svg.svg-figure").filter(has_text="Adjacency").first
    nodes = graph.locator(".node").count()
    assert nodes == board["tiles"], f"the adjacency graph draws {nodes} nodes for {board['tiles']} tiles"
    screenshot_at(page, opening, DECAY_SCREENSHOT)

    # -- Play: choose a tile in the menu, then click an orange position on the board ----------------
    play = Play(nb, _output_of(page, "play_game("), title, DECAY_BOARD_JS)
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    board = nb.board(play.output, title, DECAY_BOARD_JS)
    _decay_board_matches_kernel(nb, board, "game")
    for _ in range(4):
        if board["orange"]:
            break
        board = play.do(0)
    else:
        pytest.fail("no orange targets appeared on the Decay Play board after 4 actions", pytrace=False)
    assert board["targets"] == board["orange"] > 0 and board["grey"] > 0, board
    _decay_board_matches_kernel(nb, board, "game")
    steps_before = play.steps.count()
    after = play.click_target()
    assert after["svg"] != board["svg"], "the board did not change after the click"
    assert after["tiles"] > board["tiles"], "the clicked placement added no tile"
    _decay_board_matches_kernel(nb, after, "game")
    print(f"Play: clicked 1 of {board['orange']} orange positions; steps {steps_before} -> "
          f"{play.steps.count()}, tiles {board['tiles']} -> {after['tiles']}")


# --- Take Off, Eh! ------------------------------------------------------------------------------

TOE_NOTEBOOK = "notebooks/take_off_eh.ipynb"
TOE_SCREENSHOT = ARTIFACTS / "take-off-eh-browser.png"
TOE_FAILURE_SCREENSHOT = ARTIFACTS / "take-off-eh-browser-failure.png"
TOE_TITLE = "Canada"

# The map board's marks (explorer.views.take_off_eh.MARK_ORDER): 0 = tiles (Lines, one g.curve per
# square), 3 = click areas, 4 = coins, 6 = pawns, 8 = orange rings round tiles, 9 = round pieces.
TOE_BOARD_JS = board_js("""
    squares: squares.length,
    square: squares.every(b => Math.abs(b.width - b.height) <= 1.5),
    sizes: sizes(squares),
    dims: dims(),
    coins: dots(marks[4]), pawns: dots(marks[6]), rings: dots(marks[8]) + dots(marks[9]),""",
                        setup="  const squares = boxes(marks[0]);")



def test_take_off_eh_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check_toe, TOE_FAILURE_SCREENSHOT)


def _toe_board_matches_kernel(nb: Page, board: dict, var: str) -> None:
    """The drawn squares, coins, pawns and rings are the kernel's (``var`` is a TakeOffEhExplorer)."""
    want = nb.kernel_values(
        squares=f"len({var}.board.tile_marks.x)",
        coins=f"len({var}.board.coin_items)",
        pawns=f"len({var}.board._pawn_keys)",
        rings=f"len({var}.board._target_keys)")
    got = {k: board[k] for k in want}
    assert got == want, f"the {var} board draws {got}, the kernel's state has {want}"
    assert board["square"], f"the tiles are not drawn as squares: {board['sizes']}, figure {board['dims']}"


def _run_and_check_toe(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, TOE_NOTEBOOK)
    check_layout(nb, Path(TOE_NOTEBOOK).stem)           # what a student sees (test_browser_layout.py)
    _check_plots(nb, "How far the Queen travels in a random game")

    # -- Learn: the rulebook's example at its last step: 13 tiles, Hudson Bay, the agenda, coins ------
    example = at_last_step(nb, "learn_example()", "example")
    board = nb.board(example, TOE_TITLE, TOE_BOARD_JS)
    assert board["title"].startswith(TOE_TITLE) and board["marks"] == 10, board["title"]
    _toe_board_matches_kernel(nb, board, "example")
    assert board["squares"] >= 14 and board["coins"] >= 8 and board["pawns"] == 4, board
    graph = example.locator("svg.svg-figure").filter(has_text="Adjacency").first
    assert graph.locator(".node").count() == 14, "the adjacency graph does not draw the 14 units"
    print(f"example board: {board['squares']} squares, {board['coins']} coins, {board['pawns']} pawns")

    # -- Play: press choice buttons until provinces are ringed, then click one on the map ------------
    play = Play(nb, _output_of(page, "play_game("), TOE_TITLE, TOE_BOARD_JS)
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    board = nb.board(play.output, TOE_TITLE, TOE_BOARD_JS)
    _toe_board_matches_kernel(nb, board, "game")
    for _ in range(12):
        if nb.kernel(tiles="len(game.board._tile_target_keys)")["tiles"]:
            break
        board = play.do(0)
    else:
        pytest.fail("no ringed province appeared on the Take Off, Eh! Play board after 12 choices", pytrace=False)
    _toe_board_matches_kernel(nb, board, "game")
    index = nb.kernel(i="game.board._area_keys.index(game.board._tile_target_keys[0])")["i"]
    figure = play.output.locator("svg.svg-figure").filter(has_text=TOE_TITLE).first
    mark_dot(figure, 3, index)             # the click areas (marks[3])
    steps_before = play.steps.count()
    with nb.step("clicking a ringed province"):
        figure.locator("[data-test-target]").click(force=True)
    after = play._acted("clicking a ringed province", steps_before)
    assert after["svg"] != board["svg"], "the board did not change after the click"
    _toe_board_matches_kernel(nb, after, "game")
    print(f"Play: clicked a ringed province; steps {steps_before} -> {play.steps.count()}")
    screenshot_at(page, play.output, TOE_SCREENSHOT)


# --- Journalists ------------------------------------------------------------------------------

JOURNALISTS_NOTEBOOK = "notebooks/journalists.ipynb"
JOURNALISTS_SCREENSHOT = ARTIFACTS / "journalists-browser.png"
JOURNALISTS_FAILURE_SCREENSHOT = ARTIFACTS / "journalists-browser-failure.png"

# The table's marks (explorer.views.journalists.MARK_ORDER): 0 = cards, bands and slots (Lines,
# one g.curve each), 4 = cubes (Scatter), 5 = chips (Scatter), last = orange marks (Scatter).
JOURNALISTS_BOARD_JS = board_js("""
    rects: curves(marks[0]),
    cubes: dots(marks[4]),
    chips: dots(marks[5]),
    targets: dots(targets),
    orange: orange(targets),""")


def _journalists_board_matches_kernel(nb: Page, board: dict, var: str) -> None:
    """The drawn cards, cubes, chips and orange marks are the kernel's (``var`` is a
    JournalistsExplorer)."""
    b = f"{var}.board"
    want = nb.kernel(rects=f"len({b}.cards.x) if {b}.cards.visible else 0",
                     cubes=f"len({b}.cube_marks.x) if {b}.cube_marks.visible else 0",
                     chips=f"len({b}.chip_marks.x) if {b}.chip_marks.visible else 0",
                     targets=f"len({b}._target_keys)")
    got = {k: board["orange" if k == "targets" else k] for k in want}
    assert got == want, f"the {var} table draws {got}, the kernel's model has {want}"


def test_journalists_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check_journalists, JOURNALISTS_FAILURE_SCREENSHOT)


def _run_and_check_journalists(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, JOURNALISTS_NOTEBOOK)
    check_layout(nb, Path(JOURNALISTS_NOTEBOOK).stem)           # what a student sees (test_browser_layout.py)
    _check_plots(nb, "Who wins, counted from the start player")
    title = "Journalists table"

    # -- Learn: the opening at its last step: every card of the kernel's table, cubes on a card --------
    opening = at_last_step(nb, "learn_opening()", "opening")
    board = nb.board(opening, title, JOURNALISTS_BOARD_JS)
    assert board["title"].startswith(title) and board["marks"] == 11, board["title"]
    _journalists_board_matches_kernel(nb, board, "opening")
    assert board["cubes"] > 0 and board["orange"] == 12, board     # six display cards, a and b each
    print(f"opening table: {board['rects']} outlines, {board['cubes']} cube squares, {board['orange']} orange marks")
    screenshot_at(page, opening, JOURNALISTS_SCREENSHOT)

    # -- Play: click the first orange mark (the first display card, as evidence) --------------------
    play = Play(nb, _output_of(page, "play_game("), title, JOURNALISTS_BOARD_JS)
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    board = nb.board(play.output, title, JOURNALISTS_BOARD_JS)
    assert board["orange"] > 0, "the Play table shows no orange mark on the human's turn"
    _journalists_board_matches_kernel(nb, board, "game")
    steps_before = play.steps.count()
    rows_before = nb.kernel(n="len(game.explorer.state.rows[0])")["n"]
    after = play.click_target()
    assert after["svg"] != board["svg"], "the table did not change after the click"
    _journalists_board_matches_kernel(nb, after, "game")
    rows_after = nb.kernel(n=f"len(game.explorer.timeline.state_at({steps_before + 1}).rows[0])")["n"]
    assert rows_after == rows_before + 1, "the click did not add the card to player 0's evidence row"
    print(f"Play: clicked 1 of {board['orange']} orange marks; steps {steps_before} -> {play.steps.count()}")


# --- The designer's lab ------------------------------------------------------------------------

LAB_NOTEBOOK = "notebooks/designer_lab.ipynb"
LAB_SCREENSHOT = ARTIFACTS / "designer-lab-browser.png"
LAB_FAILURE_SCREENSHOT = ARTIFACTS / "designer-lab-browser-failure.png"

# The win-rate chart (explorer.views.lab.win_rate_chart): a dot per variant and seat, an interval
# line per dot (Lines, one g.curve each) and the dashed equal-share line.
WIN_RATE_JS = """
(figure) => ({
  title: [...figure.querySelectorAll('text.mainheading')].map(t => t.textContent).join(' '),
  dots: figure.querySelectorAll('path.dot').length,
  curves: figure.querySelectorAll('g.curve').length,
})
"""


def test_designer_lab_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check_lab, LAB_FAILURE_SCREENSHOT)


def _run_and_check_lab(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, LAB_NOTEBOOK)
    check_layout(nb, Path(LAB_NOTEBOOK).stem)           # what a student sees (test_browser_layout.py)
    _check_plots(nb, "Game length")
    rates = "__import__('explorer.lab', fromlist=['win_rates']).win_rates({}).shape[0]"
    for frame, panel in (("conspiracy_games", "lab_panel(conspiracy_games"),):
        want = nb.kernel(games=f"len({frame})", dots=rates.format(frame), variants=f"{frame}['cell'].nunique()")
        bar = _output_of(page, f"{frame} = sweep(").inner_text()
        assert f"{want['games']}/{want['games']}" in bar, f"the {frame} progress bar did not finish: {bar!r}"
        output = _output_of(page, panel)
        output.scroll_into_view_if_needed()
        nb.settle(output)
        chart = nb.board(output, "Win rate by player", WIN_RATE_JS)
        assert chart["dots"] == want["dots"] and chart["curves"] == want["dots"] + 1, (chart, want)
        print(f"{frame}: {chart['dots']} win rates with intervals over {want['variants']} variants, "
              f"progress {want['games']}/{want['games']}")
    # the question asked until its answer is clear: games played and the interval reached, the answer's chart
    want = nb.kernel(games="int(coins.frame.attrs['games'])", variants="len(coins.check.rows)")
    want.update(nb.kernel_values(reached="round(coins.check.reached * 100, 1)"))
    asked = _output_of(page, "coins = ask_panel(")
    asked.scroll_into_view_if_needed()
    nb.settle(asked)
    text = asked.inner_text()
    assert f"{want['games']:,} games a variant played" in text and f"±{want['reached']:.1f} points" in text, text
    assert "Clear after" in text or "not yet clear" in text, text
    chart = nb.board(asked, "The start player's share of the won games", WIN_RATE_JS)
    assert chart["dots"] == 2 * want["variants"], chart     # a value and an equal share's mark per variant
    print(f"asked until clear: {want['games']} games a variant, ±{want['reached']} points reached")
    screenshot_at(page, _output_of(page, "lab_panel(conspiracy_games"), LAB_SCREENSHOT)
