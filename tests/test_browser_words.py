"""Plain words on every app page (issue 41 item 6): each game's Voilà app page
(``notebooks/<game>_app.ipynb``) read as a student reads it, in headless Chromium at 1280 px.

Every tab is opened (Learn, Play, What if, Practice and the Learn explorer's own tabs), Learn is
stepped forward three times and Play makes three moves (a choice button, else an orange mark
on the board, else the hand's cards; "play on" lets the random players answer).  After each,
every text of the page is read -- text nodes, choices and tooltips, the SVG labels of the plots
-- leaving out ``<code>``, ``<pre>`` and ``<kbd>`` (command lines a designer copies stay there).
The test fails on a word no person should read: "seat N", "Player 0", a Python repr
(``Name(field=``), a rule option's identifier (``name_with_underscores=``), a traceback; and on
any error the browser console logs (a request the test blocks, to anything but the local
server, is not the page's error).
"""
from __future__ import annotations

import re
import time

import pytest

from browser_support import ARTIFACTS, UI_TIMEOUT, Page, _in_a_browser

RENDER_TIMEOUT = 420          # seconds for Voilà to show the first board on a loaded machine
GAMES = ("conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh")

#: what a person should never read, outside code font
WORDS = {
    "seat N": re.compile(r"\bseat \d", re.I),
    "Player 0": re.compile(r"\bPlayer 0\b"),
    "Python repr": re.compile(r"\b[A-Z][A-Za-z]+\([a-z_]+="),
    "option identifier": re.compile(r"\b[a-z]+(?:_[a-z]+)+="),
    "traceback": re.compile(r"Traceback \(most recent|NoneType|object at 0x"),
}

#: every text of the page a person may read: text nodes (SVG labels included), the options of
#: menus and lists, and tooltips; nothing inside code, pre, kbd, script or style
TEXT_JS = """
() => {
  const skip = n => n.closest && n.closest('code, pre, kbd, script, style');
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!skip(n.parentElement) && n.textContent.trim()) out.push(n.textContent);
  }
  for (const e of document.querySelectorAll('[title]')) if (!skip(e)) out.push(e.getAttribute('title'));
  return out.join('\\n');
}
"""

#: the page's DOM changes counted by a MutationObserver (installed once), to wait for it to settle
MUTATIONS_JS = """
() => {
  if (window.__reMutations === undefined) {
    window.__reMutations = 0;
    new MutationObserver(ms => { window.__reMutations += ms.length; })
      .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  }
  return window.__reMutations;
}
"""

#: the first board on the page
BOARD_JS = """() => [...document.querySelectorAll('svg.svg-figure text.mainheading')]
                     .some(t => t.getBoundingClientRect().width > 0)"""

#: a move in the open Play tab, as a person makes it; returns what was done, or "" when nothing was
#: offered (chance or the random players move next: the caller presses "play on")
MOVE_JS = """
() => {
  const shown = e => e && e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility !== 'hidden';
  const panel = [...document.querySelectorAll('.lm-TabPanel > .lm-Widget, .p-TabPanel > .p-Widget')]
                  .filter(shown).pop() || document.body;
  const buttons = [...panel.querySelectorAll('.explorer-choices button')].filter(shown);
  if (buttons.length) { buttons[0].setAttribute('data-test-move', '1'); return 'button ' + buttons[0].innerText; }
  const cards = [...panel.querySelectorAll('button.re-card')].filter(shown);
  if (cards.length >= 2) {
    cards.slice(0, 2).forEach(c => c.setAttribute('data-test-card', '1'));
    return 'cards ' + cards.slice(0, 2).map(c => c.innerText).join(', ');
  }
  const orange = [...panel.querySelectorAll('svg.svg-figure path, svg.svg-figure rect')].filter(e => {
    const s = getComputedStyle(e);
    return shown(e) && [s.fill, s.stroke].includes('rgb(255, 140, 0)') && s.pointerEvents !== 'none';
  });
  if (orange.length) { orange[0].setAttribute('data-test-move', '1'); return 'an orange mark'; }
  return '';
}
"""


def _settle(nb: Page, seconds: float = 0.6, limit: float = UI_TIMEOUT) -> None:
    """Wait until the page's DOM has not changed for ``seconds`` (a tab built, a step drawn)."""
    page = nb.page
    last, since = page.evaluate(MUTATIONS_JS), time.monotonic()
    deadline = since + limit
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = page.evaluate(MUTATIONS_JS)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return
    pytest.fail(f"the page kept changing for {limit} s", pytrace=False)


def code_words(text: str) -> dict[str, list[str]]:
    """The words of ``text`` that :data:`WORDS` forbids, each with a little of its context."""
    text = text.replace("\u200b", "").replace("\xa0", " ")
    out: dict[str, list[str]] = {}
    for name, rx in WORDS.items():
        for m in rx.finditer(text):
            out.setdefault(name, []).append(text[max(0, m.start() - 60):m.end() + 30].replace("\n", " | "))
    return out


def test_the_word_check_finds_what_it_is_for():
    """The patterns catch each kind of code word, and pass the plain words around them."""
    assert set(code_words("Amy (seat 0) picks fall; Player 0 moves; Province(name='Yukon'); "
                          "action_points=3; Traceback (most recent call last)")) == set(WORDS)
    assert code_words("Amy (Player 1) picks fall; 3 action points; most chips goes next; "
                      "Player 10 and Player 2; seats 1-4; a = b") == {}
    assert code_words("Player\xa0\u200b0 wins") == {"Player 0": ["Player 0 wins"]}


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_every_tab_of_the_app_page_speaks_plain_words(request, tmp_path, game):
    def check(nb: Page) -> None:
        page = nb.page
        page.set_viewport_size({"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(f"{m.text[:200]} ({m.location.get('url', '')[-60:]})")
                if m.type == "error" and "127.0.0.1" in (m.location.get("url") or "127.0.0.1") else None)
        page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
        found: dict[str, set[str]] = {}
        where: list[str] = []

        def read(at: str) -> None:
            where.append(at)
            for name, hits in code_words(page.evaluate(TEXT_JS)).items():
                found.setdefault(name, set()).update(f"{at}: …{h}…" for h in hits)

        url = f"{nb.lab['url']}/voila/render/notebooks/{game}_app.ipynb"
        with nb.step(f"opening {url}"):
            page.goto(url, wait_until="commit", timeout=UI_TIMEOUT * 1000)
        nb.wait_js("the first board of the app page", BOARD_JS, timeout=RENDER_TIMEOUT)
        _settle(nb)
        read("Learn")
        for i in range(3):
            with nb.step("stepping Learn forward"):
                page.locator("button[title='one step forward']:visible").first.click()
            _settle(nb)
            read(f"Learn, step forward {i + 1}")
        tabs = [t.strip() for t in page.locator("[role=tab]").all_inner_texts()][:4]
        assert tabs == ["Learn", "Play", "What if", "Practice"], tabs
        inner: list[str] = []

        def open_tab(name: str, at: str) -> None:
            with nb.step(f"opening the tab {name!r}"):
                page.locator("[role=tab]:visible", has_text=name).first.click()
            nb.wait_js(f"the tab {name!r} built", """() => ![...document.querySelectorAll('.widget-html-content')]
                         .some(e => e.innerText.trim() === 'opening…' && e.getBoundingClientRect().width > 0)""",
                       timeout=RENDER_TIMEOUT)
            _settle(nb)
            read(at)

        def inner_tabs(at: str) -> None:
            """The explorer's own tabs (its previews and odds), each opened and read."""
            names = [t.strip() for t in page.locator("[role=tab]:visible").all_inner_texts() if t.strip() not in tabs]
            for name in names:
                open_tab(name, f"{at}, {name}")
            inner.extend(names)

        inner_tabs("Learn")
        for tab in tabs[1:]:
            open_tab(tab, tab)
            if tab != "Play":
                continue
            for move in range(3):
                did = page.evaluate(MOVE_JS)
                if did.startswith("cards"):
                    for card in page.locator("[data-test-card]").all():
                        card.click()
                    page.locator("button:visible", has_text="play these cards").first.click()
                elif did:
                    page.locator("[data-test-move]").first.click(force=True)
                    page.evaluate("() => document.querySelectorAll('[data-test-move]')"
                                  ".forEach(e => e.removeAttribute('data-test-move'))")
                _settle(nb)
                read(f"Play, move {move + 1} ({did or 'nothing offered'})")
                auto = page.locator("button:visible:not([disabled])", has_text="play on")
                if auto.count():
                    auto.first.click()
                    _settle(nb)
                    read(f"Play, move {move + 1}, then play on")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"words-{game}.png"))
        print(f"{game}: read {len(where)} times ({', '.join(tabs + inner)}); "
              f"code words {sum(map(len, found.values()))}; console errors {len(errors)}")
        assert not found, f"code words on the {game} app page:\n" + "\n".join(
            f"{name}: {sorted(hits)[:6]}" for name, hits in found.items())
        assert not errors, f"{len(errors)} browser console errors on the {game} app page, e.g. {errors[:3]}"

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"words-{game}-failure.png")
