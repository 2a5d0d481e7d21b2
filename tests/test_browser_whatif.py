"""Every app page (notebooks/<game>_app.ipynb in Voilà) opened as a person does at 1280 px: Learn, a few steps,
Play, then What if.  The browser console must stay free of errors all along (bqplot used to log a negative
``<rect>`` width for every figure first drawn in a hidden tab); a resource the page asks of another host (a
CDN font or MathJax, unreachable on a machine offline) is not the page's error and is left out.  The What if
tab shows the variants in the plan's order, and Decay's "play them again live" keeps their order and colours
and counts the games done in its progress bar; from 5 games a variant it draws no chart and says so."""
from __future__ import annotations

import pytest

import time

from browser_support import ARTIFACTS, UI_TIMEOUT, Page, _in_a_browser
from explorer import shipped

pytestmark = pytest.mark.browser

GAMES = {"conspiracy": "Conspiracy board", "decay": "Decay board", "journalists": "Journalists table",
         "sands_of_time": "The Sands of Time", "take_off_eh": "Canada"}
#: the legend swatches above each What if chart: (name, colour) in order
LEGENDS_JS = """
() => [...document.querySelectorAll('.explorer-legend')].filter(l => l.getBoundingClientRect().width > 0)
        .map(l => [...l.querySelectorAll(':scope > span')].map(s => [s.innerText.trim(), s.firstElementChild.style.background]))
"""  # noqa: E501  (JavaScript lines kept as written)


def _tab(nb: Page, name: str) -> None:
    with nb.step(f"opening the {name} tab"):
        nb.page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text=name).first.click()


def test_no_console_error_on_any_app_page_and_what_if_keeps_its_variants(request, tmp_path):
    def check(nb: Page) -> None:
        first = nb.page
        for game, board in GAMES.items():
            # a page of its own per app: leaving a Voilà page posts its kernel's shutdown, which the test's
            # server refuses (403, no XSRF cookie): that is the departing page's, not this one's
            page = nb.page = first.context.new_page()
            page.set_default_timeout(UI_TIMEOUT * 1000)
            page.set_viewport_size({"width": 1280, "height": 900})
            errors: list[str] = []

            def console(m, errors=errors):
                offline = ("Failed to load resource" in m.text
                           and not m.location.get("url", "").startswith("http://127.0.0.1"))
                if m.type == "error" and not offline:
                    errors.append(m.text)
            page.on("console", console)
            page.on("pageerror", lambda e, errors=errors: errors.append(f"uncaught: {e}"))
            page.on("response", lambda r, errors=errors: errors.append(f"{r.status} {r.request.method} {r.url}")
                    if r.status >= 400 else None)
            url = f"{nb.lab['url']}/voila/render/notebooks/{game}_app.ipynb"
            with nb.step(f"opening {url}"):
                page.goto(url, wait_until="commit", timeout=UI_TIMEOUT * 1000)
            nb.wait_js(f"the {board!r} on {game}'s app page", """(title) => [...document.querySelectorAll(
                'svg.svg-figure text.mainheading')].some(t => t.textContent.startsWith(title))""",
                       arg=board, timeout=300)
            for _ in range(3):
                page.locator("button[title='one step forward']").first.click()
                time.sleep(0.4)
            _tab(nb, "Play")
            nb.wait_js("the Play board", """(title) => [...document.querySelectorAll('svg.svg-figure text.mainheading')]
                .filter(t => t.textContent.startsWith(title) && t.getBoundingClientRect().width > 0).length >= 1""",
                       arg=board)
            _tab(nb, "What if")
            nb.wait_js("the What if figures", "() => [...document.querySelectorAll('button')].some("
                       "b => b.innerText.includes('play them again live') && b.getBoundingClientRect().width > 0)")
            time.sleep(2)
            legends = page.evaluate(LEGENDS_JS)
            plans = [list(q["variants"]) for q in shipped.PLANS[game].values()]
            for names in ([n for n, _ in legend] for legend in legends):
                shown = [n for n in names if not n.startswith("fair share")]
                assert any(shown == order or (len(shown) == 1 and shown[0] in order) or order == ["3 players"]
                           for order in plans), f"{game}: a What if legend shows {names}, not a plan's order {plans}"
            if game == "decay":
                before = legends
                box = page.locator(".widget-text", has_text="games per variant").first.locator("input")
                box.fill("30")
                box.press("Enter")
                page.locator("button", has_text="play them again live").first.click()
                nb.wait_js("the live games (60 of 60)",
                           "() => document.body.innerText.includes('60 of 60 games played')"
                           " && document.body.innerText.includes('played just now')", timeout=240)
                time.sleep(1)
                assert page.evaluate(LEGENDS_JS) == before, "playing again live changed the variants' order or colours"
                box.fill("5")
                box.press("Enter")
                page.locator("button", has_text="play them again live").first.click()
                nb.wait_js("the live games (10 of 10)",
                           "() => document.body.innerText.includes('10 of 10 games played')"
                           " && document.body.innerText.includes('No chart: 5 games per variant are too few')",
                           timeout=240)
            assert not errors, f"{game}'s app page logged console errors: {errors[:5]} ({len(errors)} in all)"
            print(f"{game}: no console error through Learn, Play and What if; legends {legends}")
            if game == "decay":
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "voila-whatif-decay-live.png"))
            page.close()
        nb.page = first

    _in_a_browser(request, tmp_path, check, ARTIFACTS / "voila-whatif-failure.png")
