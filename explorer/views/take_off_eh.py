"""Take Off, Eh!'s map of Canada in bqplot, its adjacency graph, and the Explorer around them.

Everything drawn comes from ``observation(viewer)`` (plus the map's layout, which is public): coins
lie suit side up, so every coin shows its suit's colour and, only where the viewer knows it, its
value; the slush fund in Hudson Bay shows its size and its top coin's value; a seceded province is a
tile back.

Coordinates are the layout's half-tile lattice (:mod:`explorer.games.take_off_eh.canada`): a tile is
a 2x2 square whose south-west corner is its ``at``, ``y`` grows to the north.  Under the map lie the
agenda tiles (and the chosen tile), and under those one row per seat: its suit, score, bribe and
play-area coins.

Board keys (what a click means, see :class:`~explorer.views.explorer.BoardView`):

- ``("province", name)``: a province or territory (home, the Queen, a strike, a tour, a referendum,
  a pawn's or a coin's destination, pork; funding it when only one coin could go there);
- ``("slush",)``: the slush fund (funding it);
- ``("agenda", suit, value)``: an agenda tile (choosing it, discarding it after a hockey game);
- ``("coin", province, index)``: a coin on a province (taking it back, moving it, returning it);
- ``("hand", seat, index)``: a coin in a seat's play area (a home coin, a bribe);
- ``("pawn", seat)``: a seat's pawn (a political scandal moves it).

A click means the one legal action with that key; where several share it (funding with a choice of
coins) or the choice is not on the board (suits, dice, enact or prevent, stop), the Explorer's
buttons and menu remain.
"""
from __future__ import annotations

import html

import bqplot as bq

from explorer.games.take_off_eh.actions import (Agenda, BoardCoin, Fund, HandCoin, Pawn, Province,
                                                value_name)
from explorer.games.take_off_eh.canada import HUDSON_BAY, map_of

from .explorer import BoardView, Explorer, play_as
from .graph import GraphView
from .style import SUIT_COLOR, SUIT_SYMBOL, fit_figure, legend_html
from .tabs import ExplorerPage, tab_page

HIGHLIGHT = "#ff8c00"
BACK = "#4a4a4a"            # a tile lying face down (a seceded province)
EMPTY = "#eeeeee"           # a province whose tile is not drawn yet
WATER = "#d6ebf7"
QUEEN = SUIT_COLOR["Crowns"]
#: two-letter postal codes: short enough to sit on a tile
CODES = {"Alberta": "AB", "British Columbia": "BC", "Manitoba": "MB", "New Brunswick": "NB",
         "Newfoundland": "NL", "Northwest Territories": "NT", "Nova Scotia": "NS", "Nunavut": "NU",
         "Ontario": "ON", "Prince Edward Island": "PE", "Quebec": "QC", "Saskatchewan": "SK",
         "Yukon Territories": "YT"}
#: the figure's mark order, for readers of the SVG (the browser test)
MARK_ORDER = ("tiles", "tile values", "small labels", "click areas", "coins", "coin values", "pawns",
              "queen", "tile targets", "piece targets")
PHASE_WORDS = {
    "map": "Preparation: building the map", "platform": "Preparation: choosing suits",
    "draw_suit": "drawing a coin", "draw_value": "drawing a coin", "home_tile": "Preparation: home provinces",
    "home": "Preparation: home province", "home_coin": "Preparation: home coin", "queen": "Preparation: the Queen",
    "agenda": "Agenda", "bribe": "Bribery", "choose": "Completion: choose a tile", "order": "Completion",
    "enact": "Completion: enact?", "fund": "Completion: Fund", "scandal": "Political Scandal",
    "scandal_to": "Political Scandal", "beer": "Beer and Doughnut Run", "beer_coin": "Beer and Doughnut Run",
    "strike": "Labour Strike", "strike_tile": "Labour Strike", "tour": "Queen's Jubilee Tour",
    "referendum": "Secession Referendum", "vote": "Secession Referendum", "relocate": "Secession Referendum",
    "fish": "Fishing Holiday", "fish_to": "Fishing Holiday", "hockey": "Hockey Game",
    "hockey_discard": "Hockey Game", "pork": "Special Scoring: pork", "pork_place": "Special Scoring: pork",
    "retrieve": "Special Scoring: retrieval",
}

TILE = 2                    # a map tile's side (the layout's tile_size)
SMALL = 1.5                 # an agenda tile's side
COIN = 0.42                 # a coin's diameter, in map units
AGENDA_Y = -2.1             # the agenda row's lower edge
ROW_H = 1.05                # one seat's row
X_RANGE = (1.0, 15.0)        # the map's west and east edges
Y_TOP = 7.0                  # its north edge
CLICK_AREA = 1.9             # a click area's side, in map units


def suit_color(suit: str | None) -> str:
    return SUIT_COLOR.get((suit or "").capitalize(), "#999")


def suit_symbol(suit: str | None) -> str:
    return SUIT_SYMBOL.get((suit or "").capitalize(), "?")


def tile_words(tile) -> str:
    """``["fall", 3]`` -> ``"❦3"``."""
    return f"{suit_symbol(tile[0])}{tile[1]}"


def _square(x, y, side, inset=0.06):
    return ([x + inset, x + side - inset, x + side - inset, x + inset, x + inset],
            [y + inset, y + inset, y + side - inset, y + side - inset, y + inset])


class CanadaBoard(BoardView):
    """The map (tiles by suit and value, seceded ones as backs, Hudson Bay with the slush fund),
    coins, pawns and the Queen; under it the agenda and each seat's bribe and coins.  Legal
    targets get an orange ring (a square round a tile, a circle round a coin or pawn); a click on
    anything goes to the Explorer as a board key."""

    def __init__(self, size: int = 560, title: str = "Canada", layout: str = "", interactive: bool = True):
        self.size, self.base_title = size, title
        self.map = map_of(layout)
        self.xs = bq.LinearScale(min=X_RANGE[0], max=X_RANGE[1])
        self.ys = bq.LinearScale(min=-8.0, max=Y_TOP)
        sc = {"x": self.xs, "y": self.ys}
        self.tile_marks = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, fill="inside", close_path=True,
                                   colors=["#333"], fill_colors=["white"], stroke_width=1.2)
        self.tile_values = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=16,
                                    font_weight="bold", colors=["white"])
        self.small_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="start", default_size=11,
                                     font_weight="bold", colors=["#222"])
        self.click_areas = bq.Scatter(x=[0], y=[0], scales=sc, marker="square", default_size=100,
                                      colors=["#000"], opacities=[0.01], stroke=None)
        ssc = {"x": self.xs, "y": self.ys, "size": bq.LinearScale(min=0, max=1)}
        self.coin_marks = bq.Scatter(x=[0], y=[0], size=[1], scales=ssc, marker="circle", default_size=100,
                                     colors=["#999"], stroke="#111", stroke_width=1, visible=False)
        self.coin_values = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=10,
                                    font_weight="bold", colors=["white"], visible=False)
        self.pawn_marks = bq.Scatter(x=[0], y=[0], scales=sc, marker="triangle-up", default_size=120,
                                     colors=["#999"], stroke="#111", stroke_width=1.5, visible=False)
        self.queen_mark = bq.Scatter(x=[0], y=[0], scales=sc, marker="diamond", default_size=160,
                                     colors=[QUEEN], stroke="#f5d76e", stroke_width=2, visible=False)
        # rings, not discs: what they ring stays readable, and a click inside falls through to it
        self.tile_targets = bq.Scatter(x=[0], y=[0], scales=sc, marker="square", default_size=100, fill=False,
                                       colors=[HIGHLIGHT], stroke=HIGHLIGHT, stroke_width=4, visible=False)
        self.targets = bq.Scatter(x=[0], y=[0], scales=sc, marker="circle", default_size=100, fill=False,
                                  colors=[HIGHLIGHT], stroke=HIGHLIGHT, stroke_width=3, visible=False)
        marks = [self.tile_marks, self.tile_values, self.small_labels, self.click_areas, self.coin_marks,
                 self.coin_values, self.pawn_marks, self.queen_mark, self.tile_targets, self.targets]
        assert len(marks) == len(MARK_ORDER)
        self.figure = bq.Figure(marks=marks, title=title, animation_duration=0, padding_x=0, padding_y=0,
                                fig_margin={"top": 30, "bottom": 6, "left": 6, "right": 6},
                                title_style={"font-size": "14px"})
        fit_figure(self.figure, 1.0)             # until the first drawing gives the map's shape
        self.widget = self.figure
        self.legend = legend_html(
            [(f"<b style='color:{SUIT_COLOR[s]}'>{SUIT_SYMBOL[s]}</b>", s.lower()) for s in SUIT_COLOR]
            + [("<b>3</b>", "a tile's or coin's value (0 null, 1 ace; a blank coin lies face down to you)"),
               ("▲", "a pawn (its player's home province)"), (f"<b style='color:{QUEEN}'>◆</b>", "the Queen"),
               ("<span style='color:#ff8c00'>◯</span>", "where you may click now"),
               ("", "Hudson Bay holds the slush fund")]
            + [(f"<b>{code}</b>", name) for name, code in sorted(CODES.items(), key=lambda kv: kv[1])])
        self.viewer = None
        self._area_keys: list = []
        self._coin_keys: list = []
        self._pawn_keys: list = []
        self._target_keys: list = []        # every key ringed in orange
        self._tile_target_keys: list = []
        self._piece_target_keys: list = []
        self.coin_items: list = []      # every coin drawn: (key or None, x, y, fill, value shown, text colour)
        self.spots: dict = {}           # board key -> (x, y) centre, for the targets
        self._queen_keys: list = []     # the province under the Queen
        self._under: dict = {}          # a coin's or pawn's key -> its province's key
        if interactive:                 # (the Queen, a coin or pawn on a province pass their clicks on; a
            #                             coin's value lets a click through to it: style.PAGE_CSS)
            for mark, keys in ((self.click_areas, "_area_keys"), (self.coin_marks, "_coin_keys"),
                               (self.pawn_marks, "_pawn_keys"),
                               (self.queen_mark, "_queen_keys"), (self.tile_targets, "_tile_target_keys"),
                               (self.targets, "_piece_target_keys")):
                self.pass_clicks(mark, lambda keys=keys: getattr(self, keys))

    # -- clicks ---------------------------------------------------------------------------------------
    def key_of(self, state, action):
        t = type(action)
        if t is Province:
            return ("province", action.name)
        if t is Fund:
            return ("slush",) if action.where == HUDSON_BAY else ("province", action.where)
        if t is Agenda:
            return ("agenda", action.suit, action.value)
        if t is BoardCoin:
            return ("coin", action.province, action.index)
        if t is HandCoin:
            p = state.current_player
            coin = (action.suit, action.value)
            return ("hand", p, state.hands[p].index(coin)) if coin in state.hands[p] else None
        if t is Pawn:
            return ("pawn", action.seat)
        return None

    def beneath(self, key):
        return self._under.get(key)

    def action_for(self, state, key):
        """The one legal action a click on ``key`` means; else the try the rules should refuse (a
        province for a step that names one, a coin of one's own for a bribe...); else None."""
        p = state.current_player
        if p < 0 or (self.viewer is not None and self.viewer != p):
            return None                 # not this seat's decision (or chance's)
        legal = state.legal_actions()
        hits = [a for a in legal if self.key_of(state, a) == key]
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None                 # several choices share the spot: the menu tells them apart
        kinds = {type(a) for a in legal}
        kind = key[0]
        if kind == "province" and Province in kinds:
            return Province.of(key[1])
        if kind in ("province", "slush") and Fund in kinds and len(state.hands[p]) == 1:
            return Fund.of(*state.hands[p][0], HUDSON_BAY if kind == "slush" else key[1])
        if kind == "agenda" and Agenda in kinds:
            return Agenda.of(key[1], key[2])
        if kind == "coin" and BoardCoin in kinds:
            return BoardCoin.of(key[1], key[2])
        if kind == "hand" and HandCoin in kinds and key[1] == p and key[2] < len(state.hands[p]):
            return HandCoin.of(*state.hands[p][key[2]])
        if kind == "pawn" and Pawn in kinds:
            return Pawn.of(key[1])
        return None

    def no_action_reason(self, state, key):
        p = state.current_player
        if p < 0 or (self.viewer is not None and self.viewer != p):
            return None
        if sum(self.key_of(state, a) == key for a in state.legal_actions()) > 1:
            return "Several choices lead there (which coin?): pick one with the buttons or the menu below."
        return None

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, state, observation, highlights):
        self.viewer = observation.get("viewer")
        self.show(observation, highlights, title=self._title(state, observation))

    def _title(self, state, obs):
        if obs.get("winner") is not None or state.is_terminal():
            r = state.result()
            who = ", ".join(f"Player {w + 1}" for w in r.winners) or "nobody"
            return f"{self.base_title} · game over: {who} won"
        words = PHASE_WORDS.get(obs["phase"], obs["phase"])
        rnd = f"round {obs['round']}/{obs['rounds']} · " if obs["round"] else ""
        who = f": Player {obs['current_player'] + 1}" if obs["current_player"] >= 0 else ""
        return f"{self.base_title} · {rnd}{words}{who}"

    def show(self, obs: dict, highlights=(), title: str | None = None) -> None:
        """Draw observation ``obs`` with orange discs on the ``highlights`` (board keys)."""
        squares, fills, values, small = [], [], [], []
        areas, coins, pawns, queen = [], [], [], []
        self.spots, self._under = {}, {}
        for unit in self.map.units:
            self._unit(unit, obs, squares, fills, values, small, areas, coins, pawns, queen)
        self._agenda(obs, squares, fills, values, small, areas)
        self._seats(obs, small, coins, pawns)
        n = len(obs["players"])
        with self.figure.hold_sync():
            self.ys.min = AGENDA_Y - 0.85 - ROW_H * (n - 1) - 0.3
            width, height = X_RANGE[1] - X_RANGE[0], self.ys.max - self.ys.min
            # bqplot pads the plot area on every side by half its largest marker (the click
            # areas), in pixels: the figure's height keeps the tiles square (seen in Chromium)
            unit_px = (self.size - 12) / (width + CLICK_AREA)
            fit_figure(self.figure, keep=width / height, pad=unit_px * CLICK_AREA / 2)
            self._set(self.tile_marks, x=[s[0] for s in squares], y=[s[1] for s in squares],
                      fill_colors=fills, colors=["#333"] * len(squares))
            self._labels(self.tile_values, values, max(10, int(unit_px * 0.55)))
            self._labels(self.small_labels, small, max(10, int(unit_px * 0.34)))
            self._area_keys = [k for k, *_ in areas]
            self._set(self.click_areas, x=[a[1] for a in areas], y=[a[2] for a in areas],
                      default_size=int((unit_px * CLICK_AREA) ** 2))
            self._coins(coins, unit_px)
            self._pawn_keys = [k for k, *_ in pawns]
            self._set(self.pawn_marks, x=[p[1] for p in pawns], y=[p[2] for p in pawns],
                      colors=[p[3] for p in pawns], default_size=int((unit_px * 0.36) ** 2))
            self._queen_keys = [q[2] for q in queen]
            self._set(self.queen_mark, x=[q[0] for q in queen], y=[q[1] for q in queen],
                      default_size=int((unit_px * 0.38) ** 2))
            self._targets(highlights, unit_px)
            if title is not None:
                self.figure.title = title

    @staticmethod
    def _set(mark, **attrs):
        if not attrs["x"]:
            mark.visible = False
            return
        with mark.hold_sync():
            for k, v in attrs.items():
                setattr(mark, k, v)
            mark.visible = True

    def _labels(self, mark, items, size):
        """``items``: (x, y, text, colour)."""
        self._set(mark, x=[i[0] for i in items], y=[i[1] for i in items], text=[i[2] for i in items],
                  colors=[i[3] for i in items], default_size=size)

    def _unit(self, unit, obs, squares, fills, values, small, areas, coins, pawns, queen):
        x, y = unit.at
        cx, cy = x + TILE / 2, y + TILE / 2
        squares.append(_square(x, y, TILE))
        if not unit.is_tile:
            fills.append(WATER)
            slush = obs["slush"]
            small.append((x + 0.12, y + 1.62, "Hudson", "#2a5d84"))
            small.append((x + 0.12, y + 1.17, "Bay", "#2a5d84"))
            small.append((x + 0.12, y + 0.15, f"slush: {slush['count']}", "#2a5d84"))
            if slush["count"]:
                # a face-up stack: only its top coin's value shows (Completion 3, Fund)
                coins.append((("slush",), x + 1.45, y + 0.8, "#f8f8f8", str(slush["top"]), "#111", 1.0))
            self.spots[("slush",)] = (cx, cy)
            areas.append((("slush",), cx, cy))
            return
        prov = obs["provinces"][unit.name]
        tile = prov["tile"]
        face_up = prov["face_up"] and tile is not None
        fills.append(suit_color(tile[0]) if face_up else BACK if tile is not None else EMPTY)
        small.append((x + 0.12, y + 1.62, CODES[unit.name], "white" if tile is not None else "#555"))
        if face_up:
            values.append((cx + 0.1, y + 1.0, tile_words(tile), "white"))
        elif tile is not None:
            values.append((cx, y + 0.95, "seceded", "#ddd"))
        key = ("province", unit.name)
        self.spots[key] = (cx, cy)
        areas.append((key, cx, cy))
        row = prov["coins"]
        per = max(4, -(-len(row) // 2))         # two rows; more than eight coins get smaller
        step, scale = 1.7 / per, min(1.0, 4 / per)
        for i, c in enumerate(row):
            cx_i = x + 0.15 + step * (i % per + 0.5)
            cy_i = y + 0.27 + 0.4 * (i // per)
            k = ("coin", unit.name, i)
            coins.append((k, cx_i, cy_i, suit_color(c["suit"]), str(c["value"]) if "value" in c else "",
                          "white", scale))
            self.spots[k] = (cx_i, cy_i)
            self._under[k] = key
        for j, seat in enumerate(prov["pawns"]):
            px, py = x + 1.75 - 0.36 * j, y + 1.6
            pawns.append((("pawn", seat), px, py, suit_color(obs["players"][seat]["suit"])))
            self.spots[("pawn", seat)] = (px, py)
            self._under[("pawn", seat)] = key
        if prov["queen"]:
            queen.append((x + 0.3, y + 1.12, key))

    def _agenda(self, obs, squares, fills, values, small, areas):
        y = AGENDA_Y
        if obs["agenda"]:
            small.append((1.0, y + SMALL + 0.25, "agenda", "#222"))
        x = 1.0

        def tile(t, key=None, x=0.0):
            squares.append(_square(x, y, SMALL, 0.04))
            fills.append(suit_color(t[0]))
            values.append((x + SMALL / 2, y + 0.5, tile_words(t), "white"))
            if key is not None:
                self.spots[key] = (x + SMALL / 2, y + SMALL / 2)
                areas.append((key, x + SMALL / 2, y + SMALL / 2))

        for t in obs["agenda"]:
            tile(t, ("agenda", t[0], t[1]), x)
            x += SMALL + 0.25
        gap = 0.5 if obs["agenda"] else 0.0
        if obs["chosen"] is not None:
            x += gap
            gap = 0.5
            small.append((x, y + SMALL + 0.25, "chosen", "#222"))
            tile(obs["chosen"], None, x)
            x += SMALL + 0.25
        if obs["drawn"]:
            x += gap
            small.append((x, y + SMALL + 0.25, "drawn", "#222"))
            for t in obs["drawn"]:
                tile(t, None, x)
                x += SMALL + 0.25

    def _seats(self, obs, small, coins, pawns):
        """One row per seat: who, score, bribe (face up), play-area coins (values as the viewer
        knows them), coins set aside as pork."""
        viewer = obs.get("viewer")
        for q, seat in enumerate(obs["players"]):
            y = AGENDA_Y - 0.85 - ROW_H * q
            mark = "▶ " if obs["current_player"] == q else ""
            you = " (you)" if viewer == q else ""
            who = f"{suit_symbol(seat['suit'])} {seat['suit']}" if seat["suit"] else "no suit yet"
            small.append((1.0, y - 0.15, f"{mark}Player {q + 1}{you} {who}: {seat['score']}",
                          suit_color(seat["suit"]) if seat["suit"] else "#222"))
            small.append((6.9, y - 0.15, "bribe", "#555"))
            if seat["bribe"] is not None:
                b = seat["bribe"]
                coins.append((None, 8.25, y, suit_color(b["suit"]), str(b["value"]), "white", 1.0))
            small.append((8.75, y - 0.15, "coins", "#555"))
            x = 10.1
            for i, c in enumerate(seat["coins"]):
                k = ("hand", q, i)
                coins.append((k, x, y, suit_color(c["suit"]), str(c["value"]) if "value" in c else "", "white", 1.0))
                self.spots[k] = (x, y)
                x += 0.55
            if seat["pork"]:
                small.append((x, y - 0.15, "pork", "#555"))
                x += 1.3
                for c in seat["pork"]:
                    coins.append((None, x, y, suit_color(c["suit"]), str(c["value"]) if "value" in c else "", "white",
                                  1.0))
                    x += 0.55

    def _coins(self, coins, unit_px):
        """``coins``: (key or None, x, y, fill, value text, text colour, size factor)."""
        self.coin_items = coins
        self._coin_keys = [c[0] for c in coins]
        self._set(self.coin_marks, x=[c[1] for c in coins], y=[c[2] for c in coins], size=[c[6] for c in coins],
                  colors=[c[3] for c in coins], default_size=int((unit_px * COIN) ** 2))
        shown = [c for c in coins if c[4]]
        font = max(10, int(unit_px * 0.32))
        lift = 0.35 * font / unit_px            # a label's y is its baseline: centre the digit
        self._set(self.coin_values, x=[c[1] for c in shown], y=[c[2] - lift for c in shown],
                  text=[c[4] for c in shown], colors=[c[5] for c in shown], default_size=font)

    def _targets(self, highlights, unit_px):
        keys = [k for k in dict.fromkeys(highlights) if k in self.spots]
        self._target_keys = keys
        tiles = [k for k in keys if k[0] in ("province", "slush", "agenda")]
        pieces = [k for k in keys if k not in tiles]
        self._tile_target_keys, self._piece_target_keys = tiles, pieces
        self._set(self.tile_targets, x=[self.spots[k][0] for k in tiles], y=[self.spots[k][1] for k in tiles],
                  default_size=int((unit_px * 1.6) ** 2))
        self._set(self.targets, x=[self.spots[k][0] for k in pieces], y=[self.spots[k][1] for k in pieces],
                  default_size=int((unit_px * 0.62) ** 2))


# -- the adjacency graph ------------------------------------------------------------------------------
def graph_data(obs: dict, layout: str = ""):
    """The map's graph (Hudson Bay included) at the tiles' centres: the Queen's province in the
    crowns colour, provinces with pawns in their owners' colour (labelled with the pawns),
    seceded ones dark, the others light."""
    m = map_of(layout)
    g = m.graph
    pos, labels, colors = {}, {}, {}
    for u in m.units:
        pos[u.name] = (u.at[0] + TILE / 2, u.at[1] + TILE / 2)
        if not u.is_tile:
            labels[u.name] = f"Hudson Bay ({obs['slush']['count']})"
            colors[u.name] = WATER
            continue
        prov = obs["provinces"][u.name]
        seats = prov["pawns"]
        marks = "".join("▲" + suit_symbol(obs["players"][q]["suit"]) for q in seats)
        labels[u.name] = CODES[u.name] + (" ♛" if prov["queen"] else "") + (f" {marks}" if marks else "")
        colors[u.name] = (QUEEN if prov["queen"] else suit_color(obs["players"][seats[0]]["suit"]) if seats
                          else BACK if not prov["face_up"] else "#e8e8e8")
    return g, pos, labels, colors


def graph_view(obs: dict, layout: str = "", title: str = "Adjacency: an edge where two tiles touch") -> GraphView:
    view = GraphView(title=title, width="560px", height="340px")
    update_graph(view, obs, layout)
    return view


def update_graph(view: GraphView, obs: dict, layout: str = "") -> None:
    g, pos, labels, colors = graph_data(obs, layout)
    view.show(g, pos, labels=labels, colors=colors)


# -- what each perspective may see, as a table --------------------------------------------------------
def coin_html(c: dict | None) -> str:
    if c is None:
        return "—"
    suit = c.get("suit")
    value = value_name(c["value"]) if "value" in c else "?"
    return (f"<span style='color:{suit_color(suit)};font-weight:bold' title='{html.escape(str(suit))}'>"
            f"{suit_symbol(suit)}{html.escape(value)}</span>")


def suit_html(suit: str | None) -> str:
    """A suit's symbol and name in its colour (a dash before a suit is chosen)."""
    if not suit:
        return "—"
    return (f"<span style='color:{suit_color(suit)};font-weight:bold'>{suit_symbol(suit)} "
            f"{html.escape(str(suit or '—'))}</span>")


def toe_panel(obs: dict) -> str:
    """Each seat's suit, score, home, bribe and coins (values only where this view knows them), the
    slush fund and the tax revenues."""
    rows = []
    for q, s in enumerate(obs["players"]):
        moving = "▶ " if obs["current_player"] == q else ""
        coins = " ".join(coin_html(c) for c in s["coins"]) or "—"
        pork = " ".join(coin_html(c) for c in s["pork"])
        rows.append(f"<tr><td>{moving}Player {q + 1}</td><td>{suit_html(s['suit'])}</td><td>{s['score']}</td>"
                    f"<td>{html.escape(str(s['pawn'] or '—'))}</td><td>{coin_html(s['bribe'])}</td><td>{coins}"
                    + (f" <small>pork: {pork}</small>" if pork else "") + "</td></tr>")
    slush = obs["slush"]
    top = f", top coin {value_name(slush['top'])}" if slush["count"] else ""
    tax = ", ".join(f"{n} {html.escape(s)}" for s, n in obs["tax"].items()) or "none"
    head = (f"<b>Round {obs['round']} of {obs['rounds']}</b> · the Queen tours "
            f"{html.escape(str(obs['queen'] or '—'))} · slush fund: {slush['count']} coins{top}")
    return (f"<div style='font-size:12px'>{head}<table style='font-size:12px'><tr><th>seat</th><th>suit</th>"
            "<th>score</th><th>home</th><th>bribe</th><th>coins (? = face down to you)</th></tr>"
            + "".join(rows) + f"</table><small>tax revenues (face down): {tax}; tile stacks: {obs['stack']}, "
            f"discarded tiles: {len(obs['discard'])}</small></div>")


# -- the Explorer -------------------------------------------------------------------------------------
class TakeOffEhExplorer(ExplorerPage):
    """The Explorer on a Take Off, Eh! timeline with the map board, and tabs following the step
    shown: the adjacency graph, the scoring panel and the odds panel."""

    def __init__(self, timeline, *, random_seats=(), perspective=None, title="", notes=None, seed=0,
                 follow_turn=False):
        from .take_off_eh_panels import OddsPanel, ScoringPanel
        layout = timeline.state.options.layout
        self.board = CanadaBoard(layout=layout)
        ex = Explorer(timeline, self.board, random_seats=random_seats, perspective=perspective,
                      title=title, notes=notes, seed=seed, follow_turn=follow_turn, panel=toe_panel)
        self.graph = graph_view(timeline.state.observation(perspective), layout)
        super().__init__(ex, {"adjacency graph": self.graph.widget, "who scores what?": ScoringPanel,
                              "odds": OddsPanel})

    def _follow(self, state, obs):
        """Update the tab shown, from what the Explorer's perspective may see."""
        viewer = self.explorer.perspective
        obs = obs if obs is not None else state.observation(viewer)
        tab = self.tabs.selected_index
        if tab == 0:
            update_graph(self.graph, obs, state.options.layout)
        elif tab == 1:
            self.scoring.set_observation(obs, state.options)
        elif tab == 2:
            self.odds.set_state(state, obs)

    scoring = tab_page(1, "Who scores what (a :class:`~.take_off_eh_panels.ScoringPanel`).")
    odds = tab_page(2, "The odds (an :class:`~.take_off_eh_panels.OddsPanel`).")


def play_game(seed: int = 1, human: int = 0, players: int = 4, options=None) -> TakeOffEhExplorer:
    """A hot-seat game: you are ``human``; the other seats play uniformly at random."""
    return play_as("take_off_eh", TakeOffEhExplorer, "Take Off, Eh!", seed=seed, human=human,
                   options={"players": players, **(options or {})})
