"""Journalists' table in bqplot, its preview panel, and the hot-seat and Learn explorers.

The table (:class:`JournalistsBoard`) draws an observation (see
:meth:`~explorer.games.journalists.rules.JournalistsState.observation`): the display as its
pyramid, each slot with its chip cost; the deck's count; per player their chips and score,
the completed cards fanned left of the Ace, the evidence row right of it with each card's
cubes (filled squares) against its rank (empty squares), and the cards bought with Turn (b)
above the row, the chips paid lying on them.  Card ranks and suits come from the Decktet
data, the ranks of Crowns and Courts from the rule options.

Board keys (what a click means, see :class:`~explorer.views.explorer.BoardView`):

- ``("a", card)`` / ``("b", card)``: the orange *a* and *b* marks on a display card the
  player to move can pay for: Turn (a) (evidence) or Turn (b) (cubes);
- ``("steal", card)``: the orange mark on another player's bought card (Taking another
  player's card);
- ``("card", card)``: a card's body.  A bought card means taking it (one's own is refused,
  with the rule); a display card is ambiguous ((a) or (b)?), so the explorer says which
  marks to click and the preview tab shows that card.

The Excuse taken for (b) with a card to complete stays in the legal menu.

The preview panel (:class:`CubePreview`) shows, for the player to move, what every
display card would do if taken for its cubes: where each cube lands, what completes, the
surplus, the score change, computed by the engine's own
:meth:`~explorer.games.journalists.rules.JournalistsState.preview` (that is,
:func:`~explorer.games.journalists.distribute_cubes`).  :class:`RevealOdds` gives the
exact chance of a suit reaching the display (:func:`~explorer.games.journalists.odds.reveal_chance`)
and :class:`ScoreProjection` the final scores random play is heading for
(:func:`~explorer.games.journalists.odds.project_scores`).
"""
from __future__ import annotations

import html

import bqplot as bq
import ipywidgets as W

from explorer.engine import Timeline
from explorer.engine.words import seat_name, seat_names
from explorer.games.journalists import odds
from explorer.games.journalists.actions import Cubes, Evidence, Steal, cubes, evidence, steal
from explorer.games.journalists.cards import CARDS, EXCUSE, KIND, SUITS_OF, fixed_rank
from explorer.games.journalists.cubes import SUIT_NAMES
from explorer.games.journalists.display import slot_costs

from .explorer import BoardView, Explorer, chapter_notes, play_as
from .style import DECKTET_SUIT_COLOR, DECKTET_SUIT_SYMBOL, fit_figure, html_table, legend_html, suits_html
from .tabs import ExplorerPage, tab_page

HIGHLIGHT = "#ff8c00"
TABLE_STYLE = "font-size:12px;border-spacing:8px 2px"
LETTER = "#b35900"                        # the a / b beside the orange marks
CUBE = "#c0392b"
CHIP = "#f4c430"
BOARD_TITLE = "Journalists table"
#: the figure's mark order, for readers of the SVG (the browser test)
MARK_ORDER = ("cards", "names", "ranks", "suits", "cubes", "chips", "headers", "texts", "target letters",
              "card click areas", "legal targets")

# sizes in card widths
CW, CH, BH, GAP = 1.0, 1.3, 1.05, 0.12    # card width and height, a bought card's height, gap
LABEL_W = 1.35                            # the players' column of words
FAN = 0.3                                 # how much of each earlier completed card shows
PAD = 0.12                                # a player's band: above and below its cards
LETTER_AREA = (0.2 / 0.95) ** 2           # an a / b's click square (0.2 card widths a side), in card areas


def band_height(player: dict) -> float:
    """A player's band, top to bottom, sized by what it holds: its row of cards, and above it the
    row of cards bought with Turn (b) only when there are some."""
    return PAD + (BH + GAP if player["bought"] else 0.0) + CH + PAD
MIN_SPAN = 15.0                           # card widths across the figure, at least


def short_name(name: str) -> list[str]:
    """A card's name on one or two lines, without "The": ``"The Chance Meeting"`` -> two."""
    words = name.removeprefix("The ").split()
    if len(words) > 1:
        return [" ".join(words[:-1]), words[-1]]
    return words


def rank_text(name: str, options, highest: int | None = None) -> str:
    """A card's rank as printed on the table: 2-9, 10 for a Crown (by default), A for an
    Ace, P2 for a Pawn ranking 2 for its holder, X for the Excuse."""
    kind = KIND[name]
    if kind == "ace":
        return "A"
    if kind == "pawn":
        return f"P{highest}" if highest is not None else "P"
    if name == EXCUSE:
        return "X"
    r = fixed_rank(name, options.crown_rank, options.court_rank)
    return "?" if r is None else str(r)


def _rect(x, y, w, h):
    return [x, x + w, x + w, x, x], [y, y, y + h, y + h, y]


class JournalistsBoard(BoardView):
    """The table: the display pyramid (chip costs beside its rows) and the deck, then one
    band per player (see the module doc).  Orange marks are the current choices."""

    def __init__(self, players: int = 4, rows: int = 3, width: int = 880, title: str = BOARD_TITLE,
                 interactive: bool = True):
        self.base_title = title
        self.width = width
        self.margin = 8
        self.display_rows = rows
        self.top = 0.35 + rows * (CH + GAP) + 0.2           # depth where the players' bands begin
        self.height_units = self.top + players * (2 * PAD + CH)     # (each draw sets it by the bands)
        self.unit = (width - 2 * self.margin) / MIN_SPAN
        self.xs = bq.LinearScale(min=0, max=MIN_SPAN)
        self.ys = bq.LinearScale(min=0, max=self.height_units)
        sc = {"x": self.xs, "y": self.ys}

        def label(**kw):
            return bq.Label(x=[0], y=[0], text=[""], scales=sc, visible=False, **kw)

        def scatter(**kw):
            return bq.Scatter(x=[0], y=[0], scales=sc, visible=False, **kw)

        self.cards = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, visible=False, fill="inside", close_path=True,
                              colors=["#555"], fill_colors=["white"], stroke_width=1.2)
        self.names = label(align="middle", default_size=9, colors=["#222"])
        self.ranks = label(align="start", default_size=12, font_weight="bold", colors=["#222"])
        self.suits = label(align="end", default_size=12, font_weight="bold", colors=["#222"])
        self.cube_marks = scatter(marker="square", default_size=40, colors=[CUBE], stroke="#7a1d12",
                                  stroke_width=0.8)
        self.chip_marks = scatter(marker="circle", default_size=60, colors=[CHIP], stroke="#8a6d00",
                                  stroke_width=1)
        self.headers = label(align="start", default_size=11, font_weight="bold", colors=["#222"])
        self.texts = label(align="start", default_size=10, colors=["#444"])
        self.letters = label(align="middle", default_size=10, font_weight="bold", colors=[HIGHLIGHT])
        # a card's body, and a small square on each a / b (a Label takes no click), sized by the size scale
        self.click_areas = bq.Scatter(x=[0], y=[0], size=[1], scales={**sc, "size": bq.LinearScale(min=0, max=1)},
                                      visible=False, marker="square", default_size=900, colors=["#000"],
                                      opacities=[0.01], stroke=None)
        self.targets = scatter(marker="circle", default_size=90, colors=[HIGHLIGHT], opacities=[0.9],
                               stroke="#a34f00")
        marks = [self.cards, self.names, self.ranks, self.suits, self.cube_marks, self.chip_marks, self.headers,
                 self.texts, self.letters, self.click_areas, self.targets]
        assert len(marks) == len(MARK_ORDER)
        self.figure = bq.Figure(
            marks=marks, title=title, animation_duration=0, padding_x=0, padding_y=0,
            fig_margin={"top": 34, "bottom": self.margin, "left": self.margin, "right": self.margin},
            title_style={"font-size": "14px"})
        # the table follows the page's width (``width``: its nominal width, for the marks' sizes); its
        # height follows what the bands hold (each draw)
        fit_figure(self.figure, keep=MIN_SPAN / self.height_units)
        self.widget = self.figure
        self.legend = legend_html(
            [(f"<b style='color:{DECKTET_SUIT_COLOR[s]}'>{DECKTET_SUIT_SYMBOL[s]}</b>", s) for s in SUIT_NAMES]
            + [("■", "a cube"), ("□", "a cube still needed to complete the card"), ("●", "a chip"),
               ("A", "an Ace"), ("P", "a Pawn"), ("X", "the Excuse"),
               ("<b style='color:#ff8c00'>a</b> / <b style='color:#ff8c00'>b</b>",
                "take the card as evidence (Turn (a)) / for its cubes (Turn (b))")])
        self._card_keys: list = []
        self._target_keys: list = []
        self.places: dict[str, tuple] = {}          # card -> (x, y, w, h) as last drawn
        if interactive:
            self.pass_clicks(self.click_areas, lambda: self._card_keys)
            self.pass_clicks(self.targets, lambda: self._target_keys)

    # -- clicks -------------------------------------------------------------------------------
    def key_of(self, state, action):
        if type(action) is Evidence:
            return ("a", action.card)
        if type(action) is Cubes and not action.complete:
            return ("b", action.card)
        if type(action) is Steal:
            return ("steal", action.card)
        return None            # the Excuse completing a chosen card: in the legal menu

    def action_for(self, state, key):
        kind, card = key
        if kind == "a":
            return evidence(card)
        if kind == "b":
            return cubes(card)
        if kind == "steal" or (kind == "card" and state.holder(card) is not None):
            return steal(card)
        return None            # a display card's body: (a) or (b)? see JournalistsExplorer

    # -- drawing ------------------------------------------------------------------------------
    def _y(self, depth: float) -> float:
        return self.height_units - depth

    def draw(self, state, observation, highlights):
        self.show(observation, state.options, highlights)

    def show(self, obs: dict, options, highlights=()):
        """Draw observation ``obs`` of a game with rule ``options``; ``highlights`` are
        board keys (orange marks)."""
        d = _Drawing(options)
        players = obs["players"]
        bands = [band_height(p) for p in players]
        depths = [self.top + sum(bands[:q]) for q in range(len(players))]
        self.height_units = self.top + sum(bands)
        self._layout_display(d, obs)
        most_done = max((len(p["completed"]) for p in players), default=0)
        ace_x = LABEL_W + (GAP + CW + (most_done - 1) * FAN + 2 * GAP if most_done else 0)
        for q, p in enumerate(players):
            self._layout_player(d, obs, p, depths[q], ace_x)
        span = max(MIN_SPAN, d.right + 0.2)
        self.places = d.places
        for q in range(len(players)):                 # each player's band, the mover's tinted
            top = self._y(depths[q])
            mover = obs["current_player"] == q and obs["phase"] == "take"
            d.band(0.03, top - bands[q] + 0.04, span - 0.06, bands[q] - 0.06, "#fff6e0" if mover else "#f7f7f7")
        keys = [k for k in highlights if k[1] in d.places]
        with self.figure.hold_sync():
            self.xs.min, self.xs.max = 0, span
            self.ys.min, self.ys.max = 0, self.height_units
            fit_figure(self.figure, keep=span / self.height_units)      # cards keep their shape
            unit = self.unit * MIN_SPAN / span
            self._draw(d, keys, unit)
            self.figure.title = self._title(obs)

    def _layout_display(self, d, obs):
        rows = self.display_rows
        costs = slot_costs(rows)
        centre = MIN_SPAN / 2 - 0.4
        slots = {s["slot"]: s["card"] for s in obs["display"]}
        for k in range(rows):                         # k = 0: the bottom row (1 chip)
            width = rows - k
            y = self._y(0.35 + (rows - k) * (CH + GAP) - GAP)
            x0 = centre - (width * (CW + GAP) - GAP) / 2
            d.text(x0 - 0.95, y + CH / 2 - 0.1, f"{k + 1} chip{'s' if k else ''}")
            first = costs.index(k + 1)
            for j in range(width):
                x = x0 + j * (CW + GAP)
                card = slots.get(first + j)
                if card is None:
                    d.rect(x, y, CW, CH, fill="#f3f3f3", stroke="#bbb")     # an empty slot (the deck ran out)
                else:
                    d.card(card, x, y, CH, key=("card", card))
        x = centre + (rows * (CW + GAP)) / 2 + 0.5
        y = self._y(0.35 + rows * (CH + GAP) - GAP)
        d.rect(x, y, CW, CH, fill="#6b4f3a" if obs["deck_count"] else "#f3f3f3", stroke="#3d2b1f")
        d.text(x + CW + 0.15, y + CH - 0.25, f"deck: {obs['deck_count']}")
        d.text(x + CW + 0.15, y + CH - 0.6, f"chips discarded: {obs['discarded_chips']}")
        d.text(x + CW + 0.15, y + CH - 0.95, f"cubes discarded: {obs['wasted_cubes']}")

    def _layout_player(self, d, obs, p, depth, ace_x):
        q, high = p["seat"], p["highest_completed"]
        row_y = self._y(depth + band_height(p) - PAD)
        bought_y = self._y(depth + PAD + BH)
        mover = obs["current_player"] == q
        d.header(0.1, row_y + CH - 0.3, f"{'▶ ' if mover else ''}{seat_name(q)}")
        d.text(0.1, row_y + CH - 0.7, f"{p['chips']} chip{'s' if p['chips'] != 1 else ''}")
        d.text(0.1, row_y + CH - 1.05, f"score {p['score']}")
        done = p["completed"]
        x = LABEL_W + GAP
        for i, card in enumerate(done):            # earlier ones fanned under the later ones
            d.card(card, x, row_y, CH, fill="#eef6ee", strip=i < len(done) - 1)
            x += FAN if i < len(done) - 1 else CW
        if p["ace"]:
            d.card(p["ace"], ace_x, row_y, CH, fill="#fbf6e9")
        x = ace_x + CW + GAP
        for e in p["evidence"]:
            d.card(e["card"], x, row_y, CH, cubes=e["cubes"], highest=high)
            x += CW + GAP
        x = ace_x + CW + GAP
        for b in p["bought"]:
            d.card(b["card"], x, bought_y, BH, chips=b["chips"], key=("card", b["card"]))
            x += CW + GAP
        if not p["bought"] and not p["evidence"] and not done:
            d.text(ace_x + CW + GAP, row_y + CH / 2 - 0.1, "(no evidence yet)")

    def _draw(self, d, keys, unit):
        orange = {k[1] for k in keys}
        with self.cards.hold_sync():
            self.cards.x, self.cards.y = [r[0] for r in d.rects], [r[1] for r in d.rects]
            self.cards.fill_colors = [r[2] for r in d.rects]
            self.cards.colors = [HIGHLIGHT if r[4] in orange else r[3] for r in d.rects]
            self.cards.visible = bool(d.rects)
        font = max(10, min(12, int(unit * 0.19)))
        _fill(self.names, d.names, font)
        _fill(self.ranks, d.ranks, font + 2)
        _fill(self.suits, d.suits, font + 2)
        _fill(self.headers, d.headers, font + 2)
        _fill(self.texts, d.texts, font + 1)
        _fill(self.cube_marks, d.cubes, int((unit * 0.14) ** 2))
        _fill(self.chip_marks, d.chips, int((unit * 0.18) ** 2))
        spots, letters = [], []
        for kind, card in keys:
            x, y, w, h = d.places[card]
            if kind == "a":
                spots.append((x + 0.2, y + 0.2))
                letters.append((x + 0.4, y + 0.13, "a", LETTER))
            elif kind == "b":
                spots.append((x + 0.8, y + 0.2))
                letters.append((x + 0.6, y + 0.13, "b", LETTER))
            else:                                      # another player's bought card
                spots.append((x + w - 0.14, y + 0.16))
        self._target_keys = list(keys)
        # the click areas: each clickable card's body, then a square on each a / b taking its mark's click
        areas = [(x, y, 1.0, k) for x, y, k in d.clicks] + [
            (x, y, LETTER_AREA, k)
            for (x, y, *_), k in zip(letters, [k for k in keys if k[0] in ("a", "b")], strict=True)]
        self._card_keys = [a[3] for a in areas]
        with self.click_areas.hold_sync():
            if areas:
                self.click_areas.size = [a[2] for a in areas]
            _fill(self.click_areas, [(x, y, None) for x, y, *_ in areas], int((unit * 0.95) ** 2))
        _fill(self.letters, letters, font + 3)
        _fill(self.targets, [(x, y, None) for x, y in spots], int((unit * 0.2) ** 2))

    @staticmethod
    def _title(obs) -> str:
        if obs["phase"] == "over":
            win = seat_names(obs["winners"])
            scores = ", ".join(str(s) for s in obs["final_scores"])
            wins = "wins" if len(obs["winners"]) == 1 else "share the win"
            return f"{BOARD_TITLE} · game over: {win} {wins} (scores {scores})"
        if obs["phase"] == "take":
            return f"{BOARD_TITLE} · turn {obs['turn'] + 1}: {seat_name(obs['current_player'])} takes a card"
        if obs["turn"] == 0:
            return f"{BOARD_TITLE} · setting up"
        return f"{BOARD_TITLE} · turn {obs['turn']}: refilling the display"


class _Drawing:
    """What one :meth:`JournalistsBoard.show` draws, collected before it goes to the marks."""

    def __init__(self, options):
        self.options = options
        self.rects, self.names, self.ranks, self.suits = [], [], [], []
        self.cubes, self.chips, self.headers, self.texts, self.clicks = [], [], [], [], []
        self.places: dict[str, tuple] = {}
        self.right = 0.0

    def rect(self, x, y, w, h, fill="white", stroke="#555", card=None):
        xs, ys = _rect(x, y, w, h)
        self.rects.append((xs, ys, fill, stroke, card))
        self.right = max(self.right, x + w)

    def band(self, x, y, w, h, fill):
        """A background rectangle, under every card."""
        xs, ys = _rect(x, y, w, h)
        self.rects.insert(0, (xs, ys, fill, "#e4e4e4", None))

    def text(self, x, y, s):
        self.texts.append((x, y, s, "#444"))

    def header(self, x, y, s):
        self.headers.append((x, y, s, "#222"))

    def card(self, name, x, y, h, *, fill="white", strip=False, cubes=None, highest=None, chips=None, key=None):
        """A card at ``(x, y)`` (lower left), ``h`` high.  ``strip``: only its left edge shows
        (a completed card under the next one); ``cubes``: the cubes on a card of the row,
        against its rank; ``chips``: the chips on a bought card; ``key``: clickable."""
        self.rect(x, y, CW, h, fill=fill, card=name)
        self.places[name] = (x, y, CW, h)
        top = y + h
        self.ranks.append((x + 0.07, top - 0.28, rank_text(name, self.options, highest), "#222"))
        suits = CARDS[name].suits
        if strip:
            for i, s in enumerate(suits):
                self.suits.append((x + 0.27, top - 0.55 - 0.25 * i, DECKTET_SUIT_SYMBOL[s], DECKTET_SUIT_COLOR[s]))
            return
        for i, s in enumerate(reversed(suits)):
            self.suits.append((x + CW - 0.05 - 0.19 * i, top - 0.28, DECKTET_SUIT_SYMBOL[s], DECKTET_SUIT_COLOR[s]))
        lines = short_name(name)
        mid = top - 0.55
        for i, line in enumerate(lines):
            self.names.append((x + CW / 2, mid - 0.2 * i, line, "#222"))
        if cubes is not None:
            self._cubes(name, x, y, cubes, highest)
        if chips:
            for i in range(chips):
                self.chips.append((x + 0.18 + 0.22 * i, y + 0.16, None))
        if key is not None:
            self.clicks.append((x + CW / 2, y + h / 2, key))

    def _cubes(self, name, x, y, n, highest):
        """Filled squares for the cubes on a card, empty ones for those still missing
        (a Pawn: up to its holder's highest completed rank; the Excuse: no limit)."""
        if name == EXCUSE:
            need = n
        elif KIND[name] == "pawn":
            need = highest or 1
        else:
            need = fixed_rank(name, self.options.crown_rank, self.options.court_rank) or n
        shown = min(max(need, n), 10)
        for i in range(shown):
            filled = i < n
            self.cubes.append((x + 0.14 + 0.18 * (i % 5), y + 0.16 + 0.2 * (i // 5), CUBE if filled else "#f2f2f2"))
        if n > 10:
            self.texts.append((x + 0.1, y + 0.5, f"{n} cubes", "#444"))


def _fill(mark, items, size):
    """Set a Label from ``(x, y, text, colour)`` items or a Scatter from ``(x, y, colour or
    None)`` items (None: the mark's own colour); hidden when there are none."""
    with mark.hold_sync():
        if not items:
            mark.visible = False
            return
        mark.x = [i[0] for i in items]
        mark.y = [i[1] for i in items]
        if len(items[0]) == 4:
            mark.text = [i[2] for i in items]
        if items[0][-1] is not None:
            mark.colors = [i[-1] for i in items]
        mark.default_size = max(4, size)
        mark.visible = True


# -- the side panel --------------------------------------------------------------------------------
def journalists_panel(obs: dict) -> str:
    """Every player: Ace, chips, completed cards, the highest completed rank (a Pawn's
    rank) and the score as it stands; the deck and the discards."""
    rows = []
    for p in obs["players"]:
        mover = obs["current_player"] == p["seat"] and obs["phase"] == "take"
        ace = p["ace"] or "—"
        suit = suits_html(CARDS[p["ace"]].suits) if p["ace"] else ""
        rows.append({"": "▶" if mover else "", "player": p["seat"] + 1, "Ace": f"{suit} {ace}", "chips": p["chips"],
                     "completed": len(p["completed"]), "highest": p["highest_completed"], "score": p["score"]})
    head = "".join(f"<th>{k}</th>" for k in rows[0]) if rows else ""
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in r.values()) + "</tr>" for r in rows)
    return (f"<div style='font-size:12px'><table style='font-size:12px'><tr>{head}</tr>{body}</table>"
            f"deck {obs['deck_count']} cards &middot; chips discarded {obs['discarded_chips']} &middot; "
            f"cubes discarded {obs['wasted_cubes']}</div>")


# -- the preview panel -----------------------------------------------------------------------------
def cube_previews(state) -> list[dict]:
    """For the player to move, every display card taken for its cubes (Turn (b)): ``card``,
    ``cost``, ``affordable``, ``action`` and ``preview`` (the engine's
    :class:`~explorer.games.journalists.cubes.Distribution`), one entry per card the
    Excuse could complete.  Empty unless a player is to take a card."""
    if state.phase != "take" or state.is_terminal():
        return []
    p = state.player
    chips = state.supply[p]
    out = []
    for card, cost in zip(state.display, slot_costs(state.options.display_rows), strict=False):
        choices = [cubes(card)]
        if card == EXCUSE:
            choices += [cubes(card, t) for t in state.excuse_targets(p)]
        for a in choices:
            out.append({"card": card, "cost": cost, "affordable": cost <= chips, "action": a,
                        "preview": state.preview(a)})
    return out


def landings(row, preview) -> list[str]:
    """Where the cubes land, card by card of the row before: ``"The Origin +2, complete"``,
    ``"The Forest +1"`` (cards that gain nothing are left out)."""
    after = dict(preview.evidence)
    out = []
    for name, n in row:
        if name in preview.completed:
            out.append(f"{name} complete")
        elif after.get(name, n) > n:
            out.append(f"{name} +{after[name] - n}")
    return out


def row_html(row, options, highest: int) -> str:
    """A row of ``(card, cubes)`` as small boxes: suits, name, cubes against the rank."""
    if not row:
        return "<i>(empty)</i>"
    out = []
    for name, n in row:
        if name == EXCUSE:
            need = n
        elif KIND[name] == "pawn":
            need = highest
        else:
            need = fixed_rank(name, options.crown_rank, options.court_rank) or n
        boxes = "■" * n + "□" * max(0, need - n)
        out.append(f"<span style='display:inline-block;border:1px solid #999;border-radius:3px;padding:0 3px;"
                   f"margin:1px;white-space:nowrap'>{suits_html(CARDS[name].suits)} {html.escape(name)} "
                   f"<span style='color:{CUBE}'>{boxes}</span></span>")
    return " ".join(out)


class CubePreview(W.VBox):
    """Turn (b) before choosing: for each display card, where its cubes would land on the
    mover's row, what would complete, the surplus and the score change (the engine's
    own preview), with the row after drawn for the card chosen in the menu."""

    def __init__(self, state=None):
        self.head = W.HTML()
        self.table = W.HTML()
        self.choice = W.Dropdown(options=[], description="card")
        self.detail = W.HTML()
        self.rows: list[dict] = []
        self.state = None
        self.choice.observe(lambda _: self._detail(), names="value")
        super().__init__([self.head, self.table, self.choice, self.detail])
        if state is not None:
            self.set_state(state)

    def set_state(self, state):
        self.state = state
        self.rows = cube_previews(state)
        if not self.rows:
            self.head.value = "<i>Previews show when a player is to take a card.</i>"
            self.table.value = self.detail.value = ""
            self.choice.options = []
            self.choice.layout.display = "none"
            return
        p = state.player
        high = state.highest(p)
        self.head.value = (f"<b>{seat_name(p)}</b> ({state.supply[p]} chips, Ace of {state.ace_suit(p)}, highest "
                           f"completed rank {high}): what each display card would do if taken for its cubes "
                           "(Turn (b)). The engine's own cube walk; nothing is played.")
        table = []
        for r in self.rows:
            d, a = r["preview"], r["action"]
            land = landings(state.rows[p], d)
            spare = (d.excuse or 0) - dict(state.rows[p]).get(EXCUSE, 0)
            surplus = (f"{d.wasted} discarded" if d.wasted
                       else f"{spare}: you choose how many go on the Excuse (all: it holds {d.excuse})" if spare
                       else "")
            table.append({
                "card": r["card"] + (f" (completes {a.complete})" if a.complete else ""),
                "cost": f"{r['cost']}" + ("" if r["affordable"] else " (cannot pay)"),
                "cubes": d.cubes, "where they land": ", ".join(land) or "nowhere",
                "completes": ", ".join(d.completed) or "—", "surplus": surplus or "—",
                "score change": f"{d.score_change:+d}"})
        self.table.value = html_table(table, style=TABLE_STYLE)
        self.choice.layout.display = None
        labels = [(f"{r['card']}" + (f" completing {r['action'].complete}" if r["action"].complete else ""), i)
                  for i, r in enumerate(self.rows)]
        keep = self.choice.value
        self.choice.options = labels
        self.choice.value = keep if keep is not None and keep < len(labels) else 0
        self._detail()

    def select(self, card: str) -> None:
        """Show ``card``'s preview (its first entry) in the detail."""
        for i, r in enumerate(self.rows):
            if r["card"] == card:
                self.choice.value = i
                return

    def _detail(self):
        st, i = self.state, self.choice.value
        if st is None or i is None or i >= len(self.rows):
            return
        r = self.rows[i]
        d, p, o = r["preview"], st.player, st.options
        done = "".join(f"<li>{html.escape(c)} is complete: it moves left of the Ace, its cubes go back</li>"
                       for c in d.completed)
        self.detail.value = (
            f"<div style='font-size:12px'><b>{html.escape(r['card'])}</b> {suits_html(CARDS[r['card']].suits)} "
            f"brings {d.cubes} cube{'s' if d.cubes != 1 else ''}.<br>row now: {row_html(st.rows[p], o, st.highest(p))}"
            f"<br>row after: {row_html(d.evidence, o, d.highest_completed)}"
            f"<ul style='margin:2px 0'>{done}</ul>score {st.score(p)} → {st.score(p) + d.score_change}</div>")


class RevealOdds(W.VBox):
    """The chance that a card of each suit is turned up into the display within the next
    1, 3 or 6 reveals (one per turn that takes from the display), exactly, from the cards
    not yet seen (:func:`~explorer.games.journalists.odds.reveal_chance`)."""

    HORIZONS = (1, 3, 6)

    def __init__(self, obs=None):
        self.out = W.HTML()
        super().__init__([self.out])
        if obs is not None:
            self.set_observation(obs)

    def set_observation(self, obs):
        unseen = obs["unseen"]
        if not unseen:
            self.out.value = "<i>The deck is empty: nothing more is turned up.</i>"
            return
        rows = []
        for suit in SUIT_NAMES:
            n = sum(suit in SUITS_OF[c] for c in unseen)
            rows.append({"suit": f"{DECKTET_SUIT_SYMBOL[suit]} {suit}", "unseen cards": n}
                        | {f"within {k}": f"{float(odds.reveal_chance(unseen, suit, k)):.0%}" for k in self.HORIZONS})
        self.out.value = (f"<div style='font-size:12px'>{len(unseen)} cards not yet seen, in a shuffled deck. "
                          "The chance that at least one card of a suit is turned up within the next reveals:</div>"
                          + html_table(rows, style=TABLE_STYLE))


class ScoreProjection(W.VBox):
    """Where the position is heading if everybody played at random from here
    (:func:`~explorer.games.journalists.odds.project_scores`): each player's score now,
    the mean final score and the share of playouts won."""

    def __init__(self, games: int = 200):
        self.games = games
        self.out = W.HTML()
        super().__init__([self.out])

    def set_state(self, state):
        if state.is_terminal() or state.phase not in ("take", "reveal"):
            self.out.value = "<i>Projections show once the game is under way.</i>"
            return
        pr = odds.project_scores(state, games=self.games, seed=0)
        rows = [{"player": q, "score now": pr.now[q], "mean final score": f"{pr.mean[q]:.1f}",
                 "wins": f"{pr.wins[q]:.0%}"} for q in range(len(pr.now))]
        self.out.value = (f"<div style='font-size:12px'>{pr.games} random playouts from this position (every "
                          "player choosing at random among their legal moves, the deck shuffled): an estimate, "
                          "not a forecast of good play.</div>" + html_table(rows, style=TABLE_STYLE))


class JournalistsExplorer(ExplorerPage):
    """The Explorer on a Journalists timeline, with every player's figures beside it and
    three tabs following the step shown: what each card's cubes would do, the reveal
    odds, and a final-score projection."""

    TABS = ("cubes preview", "reveal odds", "score projection")

    def __init__(self, timeline, *, random_seats=(), perspective=None, title="", notes=None, seed=0,
                 follow_turn=False):
        o = timeline.state.options
        self.board = JournalistsBoard(players=o.players, rows=o.display_rows)
        ex = Explorer(timeline, self.board, random_seats=random_seats, perspective=perspective, title=title,
                      notes=notes, seed=seed, follow_turn=follow_turn, panel=journalists_panel, wide_board=True)
        self.board.on_click(self._hint)               # after the Explorer's own handler
        self.preview = CubePreview()
        super().__init__(ex, dict(zip(self.TABS, (self.preview, RevealOdds, ScoreProjection), strict=True)))

    def _follow(self, state, _obs):
        tab = self.tabs.selected_index
        if tab == 0:
            self.preview.set_state(state)
        elif tab == 1:
            self.odds.set_observation(state.observation(self.explorer.perspective))
        elif tab == 2:
            self.projection.set_state(state)

    def _hint(self, key):
        """A click on a display card's body: say which marks take it, and preview it."""
        st = self.explorer.state
        if key[0] != "card" or key[1] not in st.display or not self.explorer.legal_here():
            return
        self.show_tab(0)
        self.preview.select(key[1])
        self.explorer.message.value = (
            f"<span style='color:#a60'>{html.escape(key[1])}: click its orange <b>a</b> to add it to your "
            "evidence row (Turn (a)) or <b>b</b> to take its cubes (Turn (b)); the tab below previews "
            "the cubes.</span>")

    odds = tab_page(1, "The reveal odds (a :class:`RevealOdds`).")
    projection = tab_page(2, "The score projection (a :class:`ScoreProjection`).")


# -- playing and learning --------------------------------------------------------------------------
def play_game(seed: int = 1, human: int = 0, players: int = 3, options=None) -> JournalistsExplorer:
    """A hot-seat game: you are ``human``; the other seats play uniformly at random."""
    return play_as("journalists", JournalistsExplorer, "Journalists", seed=seed, human=human,
                   options={"players": players, **(options or {})})


def learn_opening(name: str = "journalists-opening") -> JournalistsExplorer:
    """The scripted opening (``data/examples/<name>.json``) in the Explorer, narrated
    chapter by chapter.  It opens where the second chapter begins (the setup done, the
    table laid out); the steps before it are a click back."""
    from explorer.engine.examples import load_example

    example = load_example(name)
    view = JournalistsExplorer(Timeline(example.record), title=example.title, notes=chapter_notes(example))
    view.example = example
    view.explorer._goto(example.chapters[1].start if len(example.chapters) > 1 else 0)
    return view
