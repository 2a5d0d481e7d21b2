"""Every ringed target takes a click anywhere on what is drawn for it, in a real Chromium.

One JupyterLab server; for each of the five games a notebook (written to the git-ignored
``tests/artifacts``) holding a hot-seat game of it.  The kernel walks the game with random choices of the
person and picks a few positions (the first with a ringed target, then those adding the most kinds of
targets: a tile, a position, a coin...).  At each position the test clicks, with the mouse, the centre of
every orange ring and of everything drawn inside it (a tile's value, a coin's value, a capital's
cross, a pawn, the Queen...), and every label the board draws for a target beside it (a territory's
name and citizens, Journalists' a / b).  Meanwhile the board's clicks go to a recorder in the kernel:
each click must arrive there and stand for its target (the same board key, or the same action).
Then one target per position is clicked for real, through the Explorer: the game steps on (or, for
a move of The Sands of Time, the territory to move from is picked).
"""
from __future__ import annotations

import json
import time

import pytest

from browser_support import ARTIFACTS, Page, _in_a_browser, _open_and_run_all, _output_of

pytestmark = pytest.mark.browser

NOTEBOOK_DIR = ARTIFACTS / "clicks"
POSITIONS = 3                     # positions per game
WALK = 60                         # the person's random choices the kernel looks through for them
CLICK_WAIT = 5.0                  # seconds for one click to reach the kernel

# game -> (its view's module, the board's title)
GAMES = {
    "conspiracy": ("conspiracy", "Conspiracy board"),
    "decay": ("decay", "Decay board"),
    "journalists": ("journalists", "Journalists table"),
    "sands_of_time": ("sands_of_time", "The Sands of Time"),
    "take_off_eh": ("take_off_eh", "Canada"),
}
#: a board whose rings are drawn by a Lines mark, one curve per target in the targets' order (its
#: translucent dot is smaller than the ring): that mark's index
RING_CURVES = {"conspiracy": 4}

# The kernel's side: the views, the positions, the targets and a recorder of the board's clicks.
HELPERS = r'''
import random
from explorer.views import conspiracy, decay, journalists, sands_of_time, take_off_eh
views, _got, _saved = {}, [], {}

def _ex(game):
    return views[game].explorer

def _meaning(ex, key):
    """What a click on ``key`` stands for now: the key the Explorer resolves it to, and its action."""
    k = ex.resolve(key)
    return [repr(k), repr(ex.board.action_for(ex.state, k) if k is not None else None)]

def _rings(game):
    """Each ringed target: [its key, what it means, [mark index, element index] of its ring (the topmost
    element standing for it), [[mark, element], ...] of the labels and markers the board passes to it]."""
    ex = _ex(game)
    b = ex.board
    marks = list(b.figure.marks)
    ringed = list(dict.fromkeys(ex.highlights()))
    out = []
    for key in ringed:
        ring, own = None, []
        for mark, keys in b.click_marks:
            if not mark.visible:
                continue
            for i, k in enumerate(keys()):
                if k == key or (k != key and k not in ringed and ex.resolve(k) == key):
                    own.append([marks.index(mark), i])
                    if k == key and (ring is None or marks.index(mark) > ring[0]):
                        ring = [marks.index(mark), i]
        if ring is not None:
            acts = b.action_for(ex.state, key) is not None or any(
                type(a).__name__ == "Move" and b.key_of(ex.state, a) == key for a in ex.state.legal_actions())
            out.append([repr(key), _meaning(ex, key), ring, [o for o in own if o != ring], acts])
    return out

def _positions(game, n, walk, seed=5):
    """Walk the game (the person's choices at random, the others' as the Explorer plays them) from its
    start, undrawn; the cursors of up to ``n`` positions with ringed targets: the first, then those adding
    the most kinds of targets (a tile, a position, a coin...)."""
    ex = _ex(game)
    tl = ex.timeline
    rng = random.Random(seed)
    seen = []
    for _ in range(walk):
        legal = ex.legal_here()
        if not legal:
            break
        ringed = ex.highlights()
        if ringed:
            seen.append((tl.cursor, {k[0] for k in ringed}))
        tl.play(rng.choice(legal))
        ex._auto_moves()
    ex._rebuild_log()
    ex.refresh()
    chosen, kinds = [], set()
    while seen and len(chosen) < n:
        best = seen[0] if not chosen else max(seen, key=lambda s: len(s[1] - kinds))
        chosen.append(best[0])
        kinds |= best[1]
        seen.remove(best)
    return sorted(chosen)

def _go(game, cursor):
    """The main line at ``cursor``, as a new line of its own to play on."""
    ex = _ex(game)
    ex.line_choice.value = 0
    ex._goto(cursor)
    ex.branch()
    return len(ex.timeline)

def _record(game):
    """The board's clicks go to ``_got`` (what each stands for) instead of the Explorer."""
    b = _ex(game).board
    _saved[game] = b.__dict__["_callbacks"]
    b.__dict__["_callbacks"] = [lambda key: _got.append(_meaning(_ex(game), key))]
    _got.clear()
    return 0

def _unrecord(game):
    _ex(game).board.__dict__["_callbacks"] = _saved.pop(game)
    return 0

def _progress(game):
    """What a real click changes: the steps, and The Sands of Time's move begun."""
    ex = _ex(game)
    return [len(ex.timeline), repr(getattr(ex.board, "_from", None) and ex.board._from[1]), ex.message.value]
'''

# The points to click for one target (each scrolled into view first): the ring's centre, the centre of
# everything drawn inside the ring, and the labels and markers the board passes to it.  For each point,
# what is on top there (for the failure message).
POINTS_JS = """
(figure, rings) => rings.map(([ring, own, curves, ordinal]) => {
  const marks = [...figure.querySelector('g.g_legend').parentNode.children]
                  .filter(g => !g.classList.contains('g_legend'));
  const shown = el => { for (let e = el; e && e !== figure; e = e.parentElement)
                          if (getComputedStyle(e).display === 'none') return false;
                        const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const parts = g => [...g.querySelectorAll('path.dot, text.label')];
  const at = ([m, i]) => parts(marks[m])[i];
  const ringEl = at(ring);
  let box = ringEl.getBoundingClientRect();
  if (curves >= 0) {
    const c = marks[curves].querySelectorAll('g.curve path.line')[ordinal];
    if (c) { const b = c.getBoundingClientRect();
             box = {left: Math.min(box.left, b.left), right: Math.max(box.right, b.right),
                    top: Math.min(box.top, b.top), bottom: Math.max(box.bottom, b.bottom)}; }
  }
  const centre = el => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const what = (m, el) => `marks[${m}] ${el.tagName.toLowerCase()}${el.textContent.trim() ? ' "' + el.textContent.trim() + '"' : ''}`;
  const out = [{x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2, what: 'the ring\\'s centre'}];
  marks.forEach((g, m) => {
    if (m === ring[0]) return;
    parts(g).forEach(el => {
      if (!shown(el) || (el.tagName === 'text' && !el.textContent.trim())) return;
      const [x, y] = centre(el);
      // inside: within the diamond inscribed in the ring's box (so inside a round or diamond ring too)
      const dx = Math.abs(x - (box.left + box.right) / 2) / ((box.right - box.left) / 2);
      const dy = Math.abs(y - (box.top + box.bottom) / 2) / ((box.bottom - box.top) / 2);
      if (dx + dy < 0.9)
        out.push({x, y, what: what(m, el) + ' inside the ring'});
    });
  });
  for (const o of own) {
    const el = at(o);
    if (el && shown(el)) { const [x, y] = centre(el); out.push({x, y, what: what(o[0], el) + ' standing for it'}); }
  }
  const seen = new Set();
  return out.filter(p => { const k = `${Math.round(p.x)},${Math.round(p.y)}`;
                           if (seen.has(k)) return false; seen.add(k); return true; })
            .map(p => { const top = document.elementFromPoint(p.x, p.y);
                        const m = marks.findIndex(g => g.contains(top));
                        return {...p, top: top ? (m >= 0 ? what(m, top) : top.tagName.toLowerCase() + '.' + top.getAttribute('class')) : 'nothing'}; });
})
"""  # noqa: E501  (JavaScript lines kept as written)


def _notebook(game: str) -> str:
    """A notebook of the helpers and ``game``'s hot-seat view (written to the git-ignored artifacts)."""
    mod = GAMES[game][0]
    cells = [HELPERS, f"views[{game!r}] = {mod}.play_game(seed=3)\nviews[{game!r}]"]
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                     "outputs": [], "source": src} for i, src in enumerate(cells)],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    NOTEBOOK_DIR.mkdir(parents=True, exist_ok=True)
    (NOTEBOOK_DIR / f"{game}.ipynb").write_text(json.dumps(nb))
    return f"tests/artifacts/clicks/{game}.ipynb"          # (served from the repository's root)


def _call(nb: Page, expression: str):
    return nb.kernel_values(v=expression)["v"]


def _wait_count(nb: Page, n: int, wait: float = CLICK_WAIT) -> int:
    deadline = time.monotonic() + wait
    while True:
        got = _call(nb, "len(_got)")
        if got >= n or time.monotonic() > deadline:
            return got
        time.sleep(0.05)


def _click_all(nb: Page, points: list, ok) -> list:
    """Click every point; what the kernel recorded for each (None: nothing reached it).  The clicks go
    out together and are matched to what arrived in order (two marks' messages may arrive the other
    way round): where that does not match (``ok(i, got)`` is false), the point is clicked again alone."""
    page = nb.page
    _call(nb, "_got.clear()")
    for p in points:
        page.mouse.click(p["x"], p["y"])
    _wait_count(nb, len(points))
    got = _call(nb, "_got")
    got = got + [None] * (len(points) - len(got))
    for i, p in enumerate(points):
        if not ok(i, got[i]):
            _call(nb, "_got.clear()")
            page.mouse.click(p["x"], p["y"])
            got[i] = _call(nb, "_got[0]") if _wait_count(nb, 1, 1.5) else None
    return got


def _check_game(nb: Page, game: str, title: str) -> tuple[int, int, int]:
    page = nb.page
    output = _output_of(page, f"views[{game!r}] = ")
    output.scroll_into_view_if_needed()
    figure = output.locator("svg.svg-figure").filter(has_text=title).first
    positions = _call(nb, f"_positions({game!r}, {POSITIONS}, {WALK})")
    assert positions, f"{game}: no position with a ringed target in {WALK} of the person's choices"
    dead, clicks, targets = [], 0, 0
    for n, cursor in enumerate(positions):
        print(f"{game}: step {cursor}", flush=True)
        _call(nb, f"_go({game!r}, {cursor})")
        nb.settle(output, 0.5)
        rings = _call(nb, f"_rings({game!r})")
        figure.evaluate("f => f.scrollIntoView({block: 'start'})")
        found = figure.evaluate(POINTS_JS,
                                [[r[2], r[3], RING_CURVES.get(game, -1), i] for i, r in enumerate(rings)])
        points = [(r, p) for r, ps in zip(rings, found, strict=False) for p in ps]
        def stands_for_it(i, g, *, points=points):
            meaning = points[i][0][1]
            return g is not None and (g[0] == meaning[0] or (g[1] == meaning[1] and meaning[1] != "None"))

        _call(nb, f"_record({game!r})")
        try:
            got = _click_all(nb, [p for _, p in points], stands_for_it)
        finally:
            _call(nb, f"_unrecord({game!r})")
        targets += len(rings)
        clicks += len(points)
        for i, (((key, meaning, *_), p), g) in enumerate(zip(points, got, strict=False)):
            if g is None:
                dead.append(f"step {cursor}: {key}: {p['what']} (on top: {p['top']}): the kernel got no click")
            elif not stands_for_it(i, g):
                dead.append(f"step {cursor}: {key}: {p['what']} (on top: {p['top']}) stood for {g[0]} "
                            f"({g[1]}), not for the target ({meaning[1]})")
        # one real click through the Explorer, on a label or marker where there is one: the game
        # steps on, or a move's start is picked
        acting = [(r, p) for r, p in points if r[4]]
        if acting:
            (key, *_), p = acting[-1 if n % 2 else 0]
            before = _call(nb, f"_progress({game!r})")
            page.mouse.click(p["x"], p["y"])
            deadline = time.monotonic() + 30
            while (now := _call(nb, f"_progress({game!r})"))[:2] == before[:2] and time.monotonic() < deadline:
                time.sleep(0.1)
            assert now[:2] != before[:2], (f"{game} step {cursor}: a real click on {p['what']} of {key} changed "
                                           f"nothing; the explorer says {now[2]!r}")
    assert not dead, f"{game}: {len(dead)} of {clicks} clicks on ringed targets did not reach them:\n" + "\n".join(dead)
    return len(positions), targets, clicks


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_ringed_target_takes_a_click_on_its_centre_and_labels(request, tmp_path, game):
    notebook = _notebook(game)

    def check(nb: Page) -> None:
        _open_and_run_all(nb, notebook)
        started = time.monotonic()
        positions, targets, clicks = _check_game(nb, game, GAMES[game][1])
        print(f"{game}: {positions} positions, {targets} ringed targets, {clicks} clicks, "
              f"{time.monotonic() - started:.0f} s")

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"clicks-{game}-failure.png")
