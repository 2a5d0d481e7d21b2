"""Conspiracy's board in bqplot, its coin-chain graph view, and its odds panel.

Coordinates are the board's cell lattice (see :mod:`explorer.games.conspiracy.board`):
a tile covers 2x2 cells; y grows downward from the Present row.
"""
from __future__ import annotations

import html
import math
from fractions import Fraction

import bqplot as bq
import ipywidgets as W

from explorer.engine.words import seat_name
from explorer.games.conspiracy import board as B
from explorer.games.conspiracy import odds
from explorer.games.conspiracy.actions import (Cell, Column, Direction, Mark, NewTile, Target,
                                               TargetTile)
from explorer.games.conspiracy.reckoning import DIE_SUITS
from explorer.games.conspiracy.equipment import number_words, piece_words

from .explorer import BoardView, Explorer, chapter_notes, play_as
from .graph import GraphView
from .style import SUIT_COLOR, SUIT_SYMBOL, fit_figure, html_table, legend_html, piece_html, tile_text
from .tabs import ExplorerPage, tab_page

FACE_DOWN = "#9aa5ad"
HIGHLIGHT = "#ff8c00"
NUMBER_SIDE = "#fffbe6"      # a coin's number side
POINTER = "#333"             # a coin's pointer tab
COIN_FONT = 15               # a coin's face, in px
#: a suit's colour as ink on a light coin (Suns' own gold reads too faintly there)
SUIT_INK = {**SUIT_COLOR, "Suns": "#9a6700"}
#: the ink on a symbol-side-up coin of each suit
SYMBOL_INK = {s: ("#2b2000" if s == "Suns" else "white") for s in SUIT_COLOR}
# coin geometry in board units (a cell is 1): the disc's radius, the pointer tab's tip and its base
# (under the disc) and half-width; the tip stays out of the tile's middle, where the viewer's own
# face-down tile is named, and short of the next cell's disc
COIN_R, TIP_R, BASE_R, TAB_HALF = 0.33, 0.47, 0.16, 0.2
RING_R = 0.44                # an orange ring round a cell to click
_CIRCLE = [(math.cos(2 * math.pi * k / 28), math.sin(2 * math.pi * k / 28)) for k in range(29)]
CELL_PX = 42                 # the coin-chain graph's cell
BOARD_PX = 560               # the board's width at a 1280-px window (it follows the page's width)




def rows_shown(state) -> int:
    deepest = max((r for (_, r) in state.tiles), default=0)
    return max(6, deepest + 2)


class ConspiracyBoard(BoardView):
    """The board: rows Present, Future 1..; tiles, tile backs, coins with directions,
    progress marks, the last column check's dice, and clickable highlighted targets."""

    def __init__(self, columns: int = 3, max_rows: int = 8):
        self.columns = columns
        self.max_rows = max_rows
        self.xs = bq.LinearScale(min=-1.4, max=2 * columns + 0.2)
        self.ys = bq.LinearScale(min=-0.2, max=2 * max_rows + 1.2, reverse=True)
        sc = {"x": self.xs, "y": self.ys}
        self.grid = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, colors=["#d0d0d0"], stroke_width=1)
        self.tile_marks = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, fill="inside", close_path=True,
                                   colors=["#444"], fill_colors=["white"], stroke_width=1.5, visible=False)
        self.backs = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, colors=["#6e7b85"], stroke_width=1,
                              visible=False)
        self.tile_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle",
                                    default_size=20, font_weight="bold", colors=["white"])
        self.row_labels = bq.Label(x=[-0.15] * max_rows, y=[2 * r + 1.1 for r in range(max_rows)],
                                   text=[B.row_name(r) for r in range(max_rows)], scales=sc, align="end",
                                   default_size=13, colors=["#555"])
        unit = BOARD_PX / (2 * columns + 1.6)          # a cell's side in pixels at the nominal width
        # coins are drawn in board units (they grow and shrink with the board): a pointer tab under
        # the disc, the disc, then the visible face written on it
        self.pointers = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, fill="inside", close_path=True,
                                 colors=[POINTER], fill_colors=[POINTER], stroke_width=1, visible=False)
        self.coin_marks = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, fill="inside", close_path=True,
                                   colors=["#555"], fill_colors=[NUMBER_SIDE], stroke_width=2, visible=False)
        self.coin_faces = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=COIN_FONT,
                                   font_weight="bold", colors=["#222"], visible=False)
        # the face of a face-down tile the viewer placed, small, in the tile's middle (no coin or
        # pointer reaches there)
        self.known_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=13,
                                     font_weight="bold", colors=["#1a1a1a"], visible=False)
        self.mark_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, default_size=13,
                                    colors=["#b00"], align="start", visible=False)
        self.dice_label = bq.Label(x=[-1.3], y=[2 * max_rows + 0.9], text=[""], scales=sc,
                                   default_size=12, colors=["#333"], align="start")
        # where a click is wanted: orange rings round the place, under the coin (its face and
        # pointer stay readable) ...
        self.rings = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, colors=[HIGHLIGHT], stroke_width=3.5,
                              visible=False)
        # every cell can be clicked (so an illegal click reaches the engine) ...
        cells = [(x, y) for y in range(2 * max_rows) for x in range(2 * columns)]    # the Present row too
        self._cell_keys = [("cell", x, y) for x, y in cells]
        self.cell_targets = bq.Scatter(x=[x + 0.5 for x, _ in cells], y=[y + 0.5 for _, y in cells],
                                       scales=sc, marker="square", default_size=int((unit * 0.9) ** 2), colors=["#000"],
                                       opacities=[0.02], stroke=None)
        # ... and the legal targets, a light orange tint over the ringed place, on top (clickable
        # marks go last)
        self.targets = bq.Scatter(x=[0], y=[0], scales=sc, marker="circle", default_size=int((unit * 0.62) ** 2),
                                  colors=[HIGHLIGHT], opacities=[0.3], stroke=None, visible=False)
        self._target_keys: list = []
        self.figure = bq.Figure(
            marks=[self.grid, self.tile_marks, self.backs, self.tile_labels, self.rings,
                   self.pointers, self.coin_marks, self.coin_faces, self.known_labels, self.row_labels,
                   self.mark_labels, self.dice_label, self.cell_targets, self.targets],
            fig_margin={"top": 30, "bottom": 10, "left": 10, "right": 10}, title="Conspiracy board",
            animation_duration=0, padding_x=0, padding_y=0)
        self.widget = self.figure
        self.legend = legend_html([
            ("<b style='color:#3b6fb6'>☾0</b>", "a face-up tile: its suit (☀ Suns, ☾ Moons, ♛ Crowns, ⚔ Arms) and "
             "number (0 blank, A spiral): ☾0 is the Moons blank tile"),
            ("<span style='color:#6e7b85'>▦</span>", "a face-down tile (a small ☀5 in its middle: its face, shown to "
             "whoever placed it and to the teacher)"),
            ("<b style='border:1.5px solid #555;border-radius:50%;padding:0 4px;background:#fffbe6'>3</b>",
             "a coin number side up (☀3: the Suns 3 coin, its suit known to you; 0 a blank, A a spiral)"),
            ("<b style='border-radius:50%;padding:0 3px;background:#3b6fb6;color:white'>☾</b>",
             "a coin symbol side up"),
            ("<b>◯</b><small>▶</small>", "the tab on a coin's rim: the way it points"),
            ("<b style='color:#b00'>★2</b>", "Player 2's marker"),
            ("<span style='color:#ff8c00'>◯</span>", "where you may click now")])
        self.pass_clicks(self.cell_targets, lambda: self._cell_keys)
        self.pass_clicks(self.targets, lambda: self._target_keys)
        self.rows = max_rows
        self._fit()
        self._draw_grid()

    def _fit_rows(self, obs, highlights) -> None:
        """Show the rows in play and one empty row beneath (at least four, at most
        ``max_rows``): empty future rows need not fill the view."""
        used = [t["row"] for t in obs["tiles"]] + [c["y"] // 2 for c in obs["coins"]]
        used += [k[2] // 2 if k[0] == "cell" else k[2] for k in highlights]
        rows = min(self.max_rows, max(4, max(used, default=0) + 2))
        if rows == self.rows:
            return
        self.rows = rows
        sc = self.ys
        with self.figure.hold_sync():
            sc.max = 2 * rows + 1.2
            self.row_labels.x = [-0.15] * rows
            self.row_labels.y = [2 * r + 1.1 for r in range(rows)]
            self.row_labels.text = [B.row_name(r) for r in range(rows)]
            self.dice_label.y = [2 * rows + 0.9]
            self._draw_grid()
        self._fit()

    def _fit(self) -> None:
        """The figure's height follows its width, for the rows shown."""
        w, h = 2 * self.columns + 1.6, 2 * self.rows + 1.4
        fit_figure(self.figure, keep=w / h)

    # -- clicks -------------------------------------------------------------------------------
    def key_of(self, state, action):
        if isinstance(action, (Cell, Target)):
            return ("cell", action.x, action.y)
        if isinstance(action, (TargetTile, NewTile)):
            return ("tile", action.column, action.row)
        if isinstance(action, (Column, Mark)):
            return ("tile", action.column, 0)
        if isinstance(action, Direction):
            x, y = B.target_cell(*state.pend["cell"], action.direction)
            return ("cell", x, y)
        return None

    def action_for(self, state, key):
        kind, a, b = key
        if kind == "cell":
            x, y = a, b
            c, r = x // 2, y // 2
        else:
            c, r = a, b
            x, y = 2 * c, 2 * r
        ph = state.phase
        if ph == "cell" and kind == "cell":
            return Cell(x, y)
        if ph == "target" and kind == "cell":
            return Target(x, y)
        if ph == "target_tile":
            return TargetTile(c, r)
        if ph == "new_tile":
            return NewTile(c, r)
        if ph == "column":
            return Column(c)
        if ph == "mark":
            return Mark(c)
        if ph == "direction" and kind == "cell":
            px, py = state.pend["cell"]
            for name, dx, dy in B.DIRECTIONS:
                if (px + dx, py + dy) == (x, y):
                    return Direction(name)
            return Direction("N") if (x, y) == (px, py) else None
        return None

    # -- drawing ------------------------------------------------------------------------------
    def _draw_grid(self):
        xs, ys = [], []
        for r in range(self.rows):
            for c in range(self.columns):
                x0, y0 = 2 * c + 0.08, 2 * r + 0.08
                xs.append([x0, x0 + 1.84, x0 + 1.84, x0, x0])
                ys.append([y0, y0, y0 + 1.84, y0 + 1.84, y0])
        self.grid.x, self.grid.y = xs, ys
        cells = [(x, y) for y in range(2 * self.rows) for x in range(2 * self.columns)]
        self._cell_keys = [("cell", x, y) for x, y in cells]
        with self.cell_targets.hold_sync():
            self.cell_targets.x = [x + 0.5 for x, _ in cells]
            self.cell_targets.y = [y + 0.5 for _, y in cells]

    def draw(self, state, observation, highlights):
        self._fit_rows(observation, highlights)
        with self.figure.hold_sync():
            self._draw_tiles(observation)
            self._draw_coins(observation)
            self._draw_dice(observation)
            self._draw_targets(state, highlights)

    def _draw_tiles(self, obs):
        visible = [t for t in obs["tiles"] if t["row"] < self.max_rows]
        if not visible:
            self.tile_marks.visible = False
            self.backs.visible = False
            self.tile_labels.text = [""]
            self.known_labels.visible = False
            self.mark_labels.visible = False
            return
        xs, ys, fills, bx, by = [], [], [], [], []
        lx, ly, lt = [], [], []
        kx, ky, kt = [], [], []
        mx, my, mt, mc = [], [], [], []
        for t in visible:
            c, r = t["column"], t["row"]
            x0, y0 = 2 * c + 0.12, 2 * r + 0.12
            xs.append([x0, x0 + 1.76, x0 + 1.76, x0, x0])
            ys.append([y0, y0, y0 + 1.76, y0 + 1.76, y0])
            name = t["tile"]
            if t["face_up"]:
                fills.append(SUIT_COLOR[name.rpartition("-")[0]])
                lx.append(2 * c + 1)
                ly.append(2 * r + 1)
                lt.append(tile_text(name))
            else:
                fills.append(FACE_DOWN)
                mid_x, mid_y = 2 * c + 1, 2 * r + 1
                # the lines between the tile's four cells, open in the middle where a name goes
                gx, gy = (0.3, 0.2) if name else (0, 0)
                for a, b in ((-0.88, -gy), (gy, 0.88)):
                    bx.append([mid_x, mid_x])
                    by.append([mid_y + a, mid_y + b])
                for a, b in ((-0.88, -gx), (gx, 0.88)):
                    bx.append([mid_x + a, mid_x + b])
                    by.append([mid_y, mid_y])
                if name:   # the viewer placed it and knows its face
                    kx.append(mid_x)
                    ky.append(mid_y)
                    kt.append(tile_text(name))
            if t["marked_by"]:       # (on a face-up Present tile: in the ink its colour reads under)
                mx.append(2 * c + 0.2)
                my.append(2 * r + 0.45)
                mt.append("★" + ",".join(str(q + 1) for q in t["marked_by"]))
                mc.append(SYMBOL_INK.get(name.rpartition("-")[0], "#b00") if t["face_up"] else "#b00")
        self.tile_marks.x, self.tile_marks.y = xs, ys
        self.tile_marks.fill_colors = fills
        self.tile_marks.colors = ["#333"] * len(xs)
        self.tile_marks.visible = True
        if bx:
            self.backs.x, self.backs.y = bx, by
            self.backs.colors = ["#6e7b85"] * len(bx)
            self.backs.visible = True
        else:
            self.backs.visible = False
        with self.tile_labels.hold_sync():
            self.tile_labels.x, self.tile_labels.y = (lx or [0]), (ly or [0])
            self.tile_labels.text = lt or [""]
            self.tile_labels.colors = ["white"]
        with self.known_labels.hold_sync():
            self.known_labels.x, self.known_labels.y = (kx or [0]), (ky or [0])
            self.known_labels.text = kt or [""]
            self.known_labels.visible = bool(kt)
        if mt:
            self.mark_labels.x, self.mark_labels.y, self.mark_labels.text = mx, my, mt
            self.mark_labels.colors = mc
            self.mark_labels.visible = True
        else:
            self.mark_labels.visible = False

    def _draw_coins(self, obs):
        coins = [c for c in obs["coins"] if c["y"] < 2 * self.max_rows]
        if not coins:
            self.coin_marks.visible = False
            self.coin_faces.visible = False
            self.pointers.visible = False
            return
        dx_, dy_, fills, strokes = [], [], [], []
        fx, fy, ft, fc = [], [], [], []
        px, py = [], []
        for c in coins:
            x, y = c["x"] + 0.5, c["y"] + 0.5
            dx_.append([x + COIN_R * u for u, _ in _CIRCLE])
            dy_.append([y + COIN_R * v for _, v in _CIRCLE])
            suit = c["suit"]            # None where the viewer does not know it
            fx.append(x)
            fy.append(y)
            if c["side"] == "symbol":
                fills.append(SUIT_COLOR[suit])
                strokes.append("#222")
                ft.append(SUIT_SYMBOL[suit])
                fc.append(SYMBOL_INK[suit])
            else:
                v = {"null": "0", "ace": "A"}.get(c["value"], c["value"])
                fills.append(NUMBER_SIDE)
                strokes.append(SUIT_INK[suit] if suit else "#555")
                ft.append(SUIT_SYMBOL[suit] + v if suit else v)
                fc.append(SUIT_INK[suit] if suit else "#1a1a1a")
            tx, ty = pointer_tab(x, y, c["direction"])
            px.append(tx)
            py.append(ty)
        with self.pointers.hold_sync():
            self.pointers.x, self.pointers.y = px, py
            self.pointers.colors = self.pointers.fill_colors = [POINTER] * len(px)
            self.pointers.visible = True
        with self.coin_marks.hold_sync():
            self.coin_marks.x, self.coin_marks.y = dx_, dy_
            self.coin_marks.fill_colors = fills
            self.coin_marks.colors = strokes
            self.coin_marks.visible = True
        with self.coin_faces.hold_sync():
            self.coin_faces.x, self.coin_faces.y = fx, fy
            self.coin_faces.text = ft
            self.coin_faces.colors = fc
            self.coin_faces.visible = True

    def _draw_dice(self, obs):
        lr = obs.get("last_roll")
        if not lr:
            self.dice_label.text = [""]
            return
        faces = ", ".join(f"{SUIT_SYMBOL[s]}{'·' if f == 0 else 'A' if f == 1 else f}"
                          for s, f in zip(DIE_SUITS, lr["faces"], strict=True))
        verdict = "advanced" if lr["advanced"] else "stayed"
        self.dice_label.text = [f"column {lr['column'] + 1} check: {faces} → {lr['successes']} ✓, {verdict}"]

    def _draw_targets(self, state, highlights):
        keys = [k for k in highlights if (k[2] < 2 * self.max_rows if k[0] == "cell" else k[2] < self.max_rows)]
        self._target_keys = keys
        if not keys:
            self.targets.visible = False
            self.rings.visible = False
            return
        xs, ys, rx, ry = [], [], [], []
        for kind, a, b in keys:
            if kind == "cell":
                x, y = a + 0.5, b + 0.5
                rx.append([x + RING_R * u for u, _ in _CIRCLE])
                ry.append([y + RING_R * v for _, v in _CIRCLE])
            else:
                x, y = 2 * a + 1, 2 * b + 1
                pad = [0.8] * (len(_CIRCLE) - 4)      # (every ring has as many points: bqplot wants that)
                rx.append([x - 0.8, x + 0.8, x + 0.8] + [x - 0.8 for _ in pad] + [x - 0.8])
                ry.append([y - 0.8, y - 0.8, y + 0.8] + [y + 0.8 for _ in pad] + [y - 0.8])
            xs.append(x)
            ys.append(y)
        with self.rings.hold_sync():
            self.rings.x, self.rings.y = rx, ry
            self.rings.colors = [HIGHLIGHT] * len(rx)
            self.rings.visible = True
        with self.targets.hold_sync():
            self.targets.x, self.targets.y = xs, ys
            self.targets.visible = True


def pointer_tab(x: float, y: float, direction: str) -> tuple[list[float], list[float]]:
    """The pointer tab of a coin centred at ``(x, y)`` pointing ``direction`` (a triangle whose
    base lies under the coin's disc and whose tip shows beyond its rim), in board units."""
    dx, dy = B.DIRECTION_STEP[direction]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    bx, by = x + BASE_R * ux, y + BASE_R * uy
    return ([bx - TAB_HALF * uy, x + TIP_R * ux, bx + TAB_HALF * uy, bx - TAB_HALF * uy],
            [by + TAB_HALF * ux, y + TIP_R * uy, by - TAB_HALF * ux, by + TAB_HALF * ux])


def coin_chain_data(state):
    """Positions, labels and colours for drawing ``state``'s coin graph.  Coins that Reveal
    Coin could turn now are orange; coins their reveal would also turn by chain reaction
    are light orange.  A number-side-up coin shows only its value (its suit is hidden)."""
    g = state.coin_graph()
    revealable = {("coin",) + tuple(c) for c in state.revealable_coins()}
    chained = set()
    for c in state.revealable_coins():
        chained.update(("coin",) + tuple(x) for x in state.chain_preview(c))
    pos, labels, colors = {}, {}, {}
    for node, data in g.nodes(data=True):
        suit, _, rank = data["name"].rpartition("-")
        if data["kind"] == "coin":
            _, x, y = node
            pos[node] = (x + 0.5, y + 0.5)
            labels[node] = SUIT_SYMBOL[suit] if data["symbol_up"] else rank
            colors[node] = ("#ff8c00" if node in revealable else "#ffd27f" if node in chained
                            else SUIT_COLOR[suit] if data["symbol_up"] else "#fffbe6")
        else:
            _, c, r = node
            pos[node] = (2 * c + 1, 2 * r + 1)
            labels[node] = tile_text(data["name"])
            colors[node] = SUIT_COLOR[suit]
    return g, pos, labels, colors


def coin_graph_view(state, title: str = "Coin chains (arrows: points at)") -> GraphView:
    """A :class:`GraphView` of the coin chains at their board positions."""
    rows = rows_shown(state)
    view = GraphView(title=title, empty="no coins on the board yet", flip_y=True, max_width="520px",
                     x_range=(-0.5, 2 * state.options.columns + 0.5), y_range=(-0.5, 2 * rows + 0.5),
                     height=f"{int(CELL_PX * 2 * rows * 0.8) + 60}px",
                     width=f"{int(CELL_PX * (2 * state.options.columns + 1) * 0.8) + 40}px")
    update_coin_graph(view, state)
    return view


def update_coin_graph(view: GraphView, state) -> None:
    g, pos, labels, colors = coin_chain_data(state)
    view.show(g, pos, labels=labels, colors=colors)


class ColumnOdds(W.VBox):
    """Pick face-up tiles (or take a column from a board) and see the exact chance of
    0-4 successes as bars, the advance probability, and each die's successful faces."""

    def __init__(self, state=None):
        names = [f"{s}-{r}" for s in DIE_SUITS for r in ("null", "ace", "2", "3", "4", "5")]
        self.state = state
        self.tiles = W.SelectMultiple(options=[(piece_words(n), n) for n in names], rows=8,
                                      description="face-up tiles")
        cols = [("—", None)] + ([(f"column {c + 1} of the board", c) for c in range(state.options.columns)]
                                if state is not None else [])
        self.from_board = W.Dropdown(options=cols, value=None, description="take")
        self.xs = bq.OrdinalScale()
        self.ys = bq.LinearScale(min=0, max=1)
        self.bars = bq.Bars(x=[0, 1, 2, 3, 4], y=[0] * 5, scales={"x": self.xs, "y": self.ys},
                            colors=["#3b6fb6"], labels=["P(successes)"], label_display=True,
                            label_display_format=".3f")
        self.figure = bq.Figure(marks=[self.bars], axes=[bq.Axis(scale=self.xs, label="successes", side="bottom"),
                                                          bq.Axis(scale=self.ys, side="left",
                                                                  tick_format=".0%")],
                                title="Column check", layout=W.Layout(width="420px", height="280px"),
                                fig_margin={"top": 40, "bottom": 40, "left": 50, "right": 10})
        self.table = W.HTML()
        self.tiles.observe(lambda _: self.update(), names="value")
        self.from_board.observe(self._take, names="value")
        super().__init__([W.HBox([self.tiles, self.from_board]), W.HBox([self.figure, self.table])])
        self.update()

    def _take(self, change):
        if change["new"] is None or self.state is None:
            return
        self.tiles.value = tuple(odds.column_face_up_tiles(self.state, change["new"]))

    def set_state(self, state) -> None:
        """Follow a game: the "take" menu reads columns from ``state``."""
        self.state = state
        if self.from_board.value is not None:
            self.tiles.value = tuple(odds.column_face_up_tiles(state, self.from_board.value))

    def update(self):
        chosen = list(self.tiles.value)
        dist = odds.success_distribution(chosen)
        self.bars.y = [float(dist[k]) for k in range(5)]
        adv = odds.advance_probability(chosen)
        faces = odds.column_success_faces(chosen)
        rows = "".join(
            f"<tr><td>{SUIT_SYMBOL[s]} {s}</td><td>{', '.join('A' if f == 1 else str(f) for f in fs)}</td></tr>"
            for s, fs in faces.items())
        dist_rows = "".join(f"<tr><td>{k}</td><td>{dist[k]}</td><td>{float(dist[k]):.3%}</td></tr>" for k in range(5))
        self.table.value = (
            f"<b>advances (2+ successes): {adv} ≈ {float(adv):.2%}</b>"
            f"<table style='font-size:12px'><tr><th>successes</th><th>exact</th><th></th></tr>{dist_rows}</table>"
            "<table style='font-size:12px;margin-top:6px'><tr><th>die</th><th>faces "
            f"that succeed</th></tr>{rows}</table>")

    @property
    def distribution(self) -> dict[int, Fraction]:
        return odds.success_distribution(list(self.tiles.value))




def conspiracy_panel(obs: dict) -> str:
    """What the perspective may see, in the game's own words: the round and order, each
    player's tiles, coins, saved coin, goal (secret to others), marker and gifts, the
    bag, and the last column check."""
    viewer = obs["viewer"]
    turn = obs.get("turn_player")
    order = ", ".join(seat_name(q) for q in obs["order"]) or "not yet fixed"
    head = (f"<b>Round {obs['round']}</b> &middot; order: {html.escape(order)}"
            + (f" &middot; {seat_name(turn)} has {obs['action_points']} action point(s) left"
               if turn is not None else "")
            + f" &middot; bag: {obs['bag_count']} coin(s)")

    def pieces(names, count, what):
        if names is None:
            return f"{count} {what}{'s' if count != 1 else ''} <i>(hidden)</i>" if count else "—"
        return " ".join(piece_html(n) for n in names) or "—"

    rows = []
    for q, seat in enumerate(obs["players"]):
        me = "you, " if viewer == q else ""
        goal = seat["goal"]
        goal_text = (f"{SUIT_SYMBOL[goal[0]]} {goal[0]} &amp; {number_words(goal[1])}" if goal
                     else "<i>secret</i>" if viewer is not None and viewer != q else "—")
        saved = seat["saved"]
        saved_text = ("—" if saved is None
                      else piece_html(saved) if "-" in str(saved) else f"a {html.escape(str(saved))}")
        gifts = pieces(seat["given"], seat["given_count"], "coin")
        rows.append(
            f"<tr><td>{'▶ ' if q == turn else ''}<b>{seat_name(q)}</b> "
            f"<small>({me}{seat['tile_count']} tiles)</small></td>"
            f"<td>{pieces(seat['tiles'], seat['tile_count'], 'tile')}</td>"
            f"<td>{pieces(seat['coins'], seat['coin_count'], 'coin')}</td><td>{saved_text}</td>"
            f"<td>{goal_text}</td><td>{piece_html(seat['mark'], '—') if seat['mark'] else '—'}</td>"
            f"<td>{gifts}</td></tr>")
    table = ("<table style='font-size:12px;border-collapse:collapse'><tr><th></th><th>tiles in hand</th>"
             "<th>coins in hand</th><th>saved</th><th>goal</th><th>marker on</th><th>coins given to them</th></tr>"
             + "".join(rows) + "</table>")
    roll = obs.get("last_roll")
    roll_text = ""
    if roll:
        faces = " ".join("blank" if f == 0 else "symbol" if f == 1 else str(f) for f in roll["faces"])
        roll_text = (f"<br>Last column check: column {roll['column'] + 1} rolled {faces} &rarr; "
                     f"{roll['successes']} success(es), {'advanced' if roll['advanced'] else 'stayed'}")
    end = ""
    if obs.get("end_reason"):
        end = f"<br><b>Game over</b>: {html.escape(str(obs['end_reason']))}" + (
            f", {seat_name(obs['winner'])} wins" if obs.get("winner") is not None else "")
    return f"<div style='font-size:12px'>{head}{table}{roll_text}{end}</div>"


class ConspiracyExplorer(ExplorerPage):
    """The Explorer on a Conspiracy timeline, with the coin-chain graph and the column
    odds beside it, both following the step shown."""

    def __init__(self, timeline, *, random_seats=(), perspective=None, title="", notes=None, seed=0,
                 follow_turn=False):
        self.board = ConspiracyBoard(columns=timeline.state.options.columns)
        ex = Explorer(timeline, self.board, random_seats=random_seats, perspective=perspective,
                      title=title, notes=notes, seed=seed, follow_turn=follow_turn, panel=conspiracy_panel)
        self.graph = coin_graph_view(ex.state)
        super().__init__(ex, {"coin chains": self.graph.widget, "column odds": lambda: ColumnOdds(ex.state)},
                         follow_shown=False)

    def _follow(self, state, _obs):
        update_coin_graph(self.graph, state)
        if self.tabs.is_built(1):
            self.odds.set_state(state)

    odds = tab_page(1, "The column odds (a :class:`ColumnOdds`).")


def play_game(seed: int = 1, human: int = 0, options=None) -> ConspiracyExplorer:
    """A hot-seat game: you are ``human``; the other seats play uniformly at random."""
    return play_as("conspiracy", ConspiracyExplorer, "Conspiracy", seed=seed, human=human, options=options)


def design_rows(variants: dict[str, dict]) -> list[dict]:
    """Exact figures for rule variants, one dict per variant (see :func:`odds.design_figures`)."""
    from explorer.engine import get_game
    g = get_game("conspiracy")
    rows = []
    for name, opts in variants.items():
        f = odds.design_figures(g.initial_state(opts).options)
        rows.append({"variant": name,
                     "a spiral hits one given spot": f"{f['spot_hit']} ≈ {float(f['spot_hit']):.1%}",
                     "a given Present tile is lost to it": f"{f['present_tile_lost']}",
                     "Advance Column tries per turn": f["advance_attempts"],
                     "an empty column advances in a turn (all tries)":
                         f"{f['empty_column_advances_in_a_turn']} ≈ {float(f['empty_column_advances_in_a_turn']):.1%}"})
    return rows


def compare_design(variants: dict[str, dict]) -> W.HTML:
    """The same figures as :func:`design_rows`, as a table."""
    return W.HTML(html_table(design_rows(variants)))


def learn_example(name: str = "conspiracy-extended-example") -> ConspiracyExplorer:
    """The rulebook's extended example in the Explorer, narrated chapter by chapter,
    starting at the first step."""
    from explorer.engine import Timeline
    from explorer.engine.examples import load_example
    example = load_example(name)
    tl = Timeline(example.record)
    view = ConspiracyExplorer(tl, title=example.title, notes=chapter_notes(example))
    view.example = example
    return view
