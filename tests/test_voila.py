"""Each game notebook as an app for students (Voilà): the page a Binder link
``?urlpath=voila/render/notebooks/<game>.ipynb`` opens, rendered in headless Chromium from
the test's own JupyterLab server (Voilà is its server extension, as on Binder).

For every game notebook: Voilà runs all cells with no error output, shows no code, renders
every widget (no "Error displaying widget"), draws the game's board in the Learn and Play
explorers, tells the person whose turn it is and what to decide, and its plots show their
data (bars taller than zero, tick labels apart).  A screenshot of the top of each app is
saved to ``tests/artifacts/voila-<game>.png``.
"""
from __future__ import annotations

import time

import pytest

from browser_support import ARTIFACTS, UI_TIMEOUT, Page, _check_plots, _in_a_browser

pytestmark = pytest.mark.browser

RENDER_TIMEOUT = 420     # seconds for Voilà to run every cell (the What-if part takes ~40 s)

# game notebook -> (the board figure's title, the what-if chart's title)
APPS = {
    "conspiracy": ("Conspiracy board", "How many rounds random games last"),
    "decay": ("Decay board", "How many rounds random games of Decay last"),
    "take_off_eh": ("Canada", "How far the Queen travels in a random game"),
    "journalists": ("Journalists table", "Who wins, counted from the start player"),
    "sands_of_time": ("The Sands of Time", "Turns in a whole game, by Generation track"),
}

# True once Voilà has run every cell (its "Executing i of n" spinner is gone) or an error shows.
DONE_JS = """
() => document.readyState === 'complete'
      && !document.querySelector('#loading, .voila-spinner')
"""

STATE_JS = """
() => ({
  errors: [...document.querySelectorAll('[data-mime-type="application/vnd.jupyter.error"], '
                                        + '[data-mime-type="application/vnd.jupyter.stderr"]')]
            .map(e => e.innerText).filter(t => t.includes('Traceback') || /\\w*(Error|Exception)\\b/.test(t)),
  broken: [...document.querySelectorAll('.jp-OutputArea-output')]
            .filter(e => /Error displaying widget|Loading widget/.test(e.innerText)).map(e => e.innerText.slice(0, 300)),
  code: [...document.querySelectorAll('.jp-InputArea-editor, .jp-InputArea .cm-editor')]
            .filter(e => e.getBoundingClientRect().height > 0).length,
  widgets: document.querySelectorAll('.jupyter-widgets').length,
  boards: [...document.querySelectorAll('svg.svg-figure text.mainheading')].map(t => t.textContent),
  turn: [...document.querySelectorAll('.widget-html-content')].map(e => e.innerText)
            .filter(t => /^Your turn \\(Player \\d+\\):/.test(t.trim())),
})
"""  # noqa: E501  (JavaScript lines kept as written)


@pytest.mark.parametrize("game", sorted(APPS))
def test_game_notebook_as_an_app(request, tmp_path, game):
    board_title, chart_title = APPS[game]

    def check(nb: Page) -> None:
        page = nb.page
        url = f"{nb.lab['url']}/voila/render/notebooks/{game}.ipynb"
        started = time.monotonic()
        with nb.step(f"opening {url}"):
            page.goto(url, wait_until="commit", timeout=UI_TIMEOUT * 1000)
        nb.wait_js(f"Voilà running every cell of {game}.ipynb (limit {RENDER_TIMEOUT} s)", DONE_JS,
                   timeout=RENDER_TIMEOUT)
        time.sleep(2)                      # the last widget views attach
        seen = page.evaluate(STATE_JS)
        assert not seen["errors"], "a cell failed in Voilà:\n\n" + "\n\n".join(e[:3000] for e in seen["errors"])
        assert not seen["broken"], f"a widget did not render in Voilà: {seen['broken']}"
        assert seen["code"] == 0, f"Voilà shows {seen['code']} code cells: an app shows none"
        boards = [t for t in seen["boards"] if t.startswith(board_title)]
        assert len(boards) >= 2, f"expected the {board_title!r} in Learn and in Play, found plots {seen['boards']}"
        assert seen["turn"], "no 'Your turn (Player p): ...' line tells the person what to decide"
        _check_plots(nb, chart_title)
        print(f"{game}: Voilà ran every cell in {time.monotonic() - started:.0f} s; {seen['widgets']} widgets, "
              f"{len(boards)} boards; {seen['turn'][0][:100]!r}")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.mouse.move(1, 1)
        page.screenshot(path=str(ARTIFACTS / f"voila-{game}.png"))

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"voila-{game}-failure.png")


# The app pages (notebooks/<game>_app.ipynb): Learn / Play / What if as tabs, one open at a time.
APP_PAGE_JS = """
() => ({
  height: Math.round(Math.max(0, ...[...document.querySelectorAll('.jp-Cell, .jp-OutputArea')]
            .map(e => e.getBoundingClientRect().bottom + window.scrollY))),
  boards: [...document.querySelectorAll('svg.svg-figure text.mainheading')].map(t => t.textContent),
  tabs: [...document.querySelectorAll('.lm-TabBar-tabLabel, .p-TabBar-tabLabel')].map(t => t.textContent),
})
"""
#: the most a page may measure with only its Learn tab open at 1280 px (Conspiracy's whole notebook as an app
#: measured ~4,600 px; its app page ~1,900, The Sands of Time's, with three player boards, ~2,850)
APP_HEIGHT = 3000


@pytest.mark.parametrize("game", sorted(APPS))
def test_the_app_page_is_short_and_opens_its_parts_one_at_a_time(request, tmp_path, game):
    board_title, chart_title = APPS[game]

    def check(nb: Page) -> None:
        page = nb.page
        page.set_viewport_size({"width": 1280, "height": 900})
        url = f"{nb.lab['url']}/voila/render/notebooks/{game}_app.ipynb"
        started = time.monotonic()
        with nb.step(f"opening {url}"):
            page.goto(url, wait_until="commit", timeout=UI_TIMEOUT * 1000)
        nb.wait_js(f"the first {board_title!r} on the app page", """(title) =>
            [...document.querySelectorAll('svg.svg-figure text.mainheading')].some(t => t.textContent.startsWith(title))""",  # noqa: E501  (JavaScript lines kept as written)
                   arg=board_title, timeout=RENDER_TIMEOUT)
        first_board = time.monotonic() - started
        nb.wait_js("Voilà finishing the page", DONE_JS, timeout=RENDER_TIMEOUT)
        time.sleep(1)
        seen = page.evaluate(APP_PAGE_JS)
        errors = page.evaluate(STATE_JS)
        assert not errors["errors"] and not errors["broken"], errors
        assert seen["tabs"][:3] == ["Learn", "Play", "What if"], seen["tabs"]
        assert sum(t.startswith(board_title) for t in seen["boards"]) == 1, seen["boards"]
        assert seen["height"] <= APP_HEIGHT, f"the app page is {seen['height']} px tall with Learn open"
        print(f"{game} app: first board after {first_board:.1f} s, page {seen['height']} px tall")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"voila-app-{game}.png"), full_page=True)
        # Play: its board appears when its tab is opened, and it is the person's turn
        with nb.step("opening the Play tab"):
            page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="Play").first.click()
        nb.wait_js("the Play board", """(title) =>
            [...document.querySelectorAll('svg.svg-figure text.mainheading')]
              .filter(t => t.textContent.startsWith(title) && t.getBoundingClientRect().width > 0).length >= 1
            && [...document.querySelectorAll('.widget-html-content')].some(e => /^Your turn \\(Player \\d+\\):/.test(e.innerText.trim()))""",  # noqa: E501  (JavaScript lines kept as written)
                   arg=board_title)
        with nb.step("opening the What if tab"):
            page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="What if").first.click()
        # shipped results (data/whatif/): the chart comes without playing, saying the command that made it
        nb.wait_js(f"the chart {chart_title!r}", """(title) =>
            [...document.querySelectorAll('svg.svg-figure text.mainheading')].some(t => t.textContent === title)""",
                   arg=chart_title)
        _check_plots(nb, chart_title)
        assert page.locator("code", has_text=f"explorer shipped {game}").count() >= 1

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"voila-app-{game}-failure.png")
