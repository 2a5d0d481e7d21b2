"""Decay's board in bqplot, its adjacency graph, and its two calculator panels.

Coordinates are the engine's quarter-tile lattice (see :mod:`explorer.games.decay.board`):
a tile is a 4x4 square whose lower-left corner is an integer ``(x, y)``, ``y`` grows to
the north.  Tiles are drawn where they really lie, offsets and all, and the scales follow
the board as it grows or crumbles.

Board keys (what a click means, see :class:`~explorer.views.explorer.BoardView`):

- ``("tile", name)``: a tile on the board: the pawn steps onto it (Step 1; the pawn's own
  tile means "stop here"), it is picked up (Step 2) or slid (Step 3);
- ``("pos", x, y)``: a lattice position: a tile is placed or put down there (Board
  Creation, Step 2.d) or a sliding tile stops there (Step 3).

Choices that are not on the board (which tile to place next, how to pay, the toll coin,
the coin taken after an attack, "move no tile", "end the turn") stay in the Explorer's
*legal* menu.
"""
from __future__ import annotations

import html

import bqplot as bq
import ipywidgets as W

from explorer.engine.words import seat_name
from explorer.games.decay import analysis as A
from explorer.games.decay import board as B
from explorer.games.decay.actions import (ChooseTile, Enter, Pay, PickUp, Place, Slide, SlideTo,
                                          StopMoving)
from explorer.games.decay.places import axis_label
from explorer.games.decay.rules import SUITS

from .style import SUIT_COLOR, SUIT_SYMBOL, fit_figure, html_table, legend_html, piece_html, tile_text
from .explorer import BoardView, Explorer, hot_seat
from .graph import GraphView
from .tabs import ExplorerPage, tab_page

HIGHLIGHT = "#ff8c00"
CANDIDATE = "#8a8a8a"
#: the figure's mark order, for readers of the SVG (the browser test)
MARK_ORDER = ("drop outlines", "tiles", "ghost", "slide paths", "tile labels", "dice", "pawns",
              "piece symbols", "edge labels", "tile click areas", "other positions", "legal targets")
PHASE_WORDS = {
    "rolloff": "roll-off", "choose_tile": "choose a tile to place", "place_tile": "place the tile",
    "move": "Step 1: move the pawn", "pay_move": "Step 1: pay to enter", "toll": "Step 1: pay the toll",
    "pick_up": "Step 2: pick up a tile?", "pay_pick_up": "Step 2: pay for the lift",
    "put_down": "Step 2: put the tile down", "take_coin": "attack won: take a coin",
    "slide": "Step 3: slide a tile?", "slide_to": "Step 3: where it stops",
    "pay_slide": "Step 3: pay for the slide", "over": "game over",
}


def _square(x, y, inset=0.12):
    s = B.SIZE
    return ([x + inset, x + s - inset, x + s - inset, x + inset, x + inset],
            [y + inset, y + inset, y + s - inset, y + s - inset, y + inset])


def _centre(p):
    return p[0] + B.SIZE / 2, p[1] + B.SIZE / 2


def around(positions, *, ignore=()) -> set:
    """Every free lattice position edge to edge with some tile (whole edges included):
    the spots a click may try for a placement."""
    skip = set(ignore)
    others = [q for n, q in positions.items() if n not in skip]
    out = set()
    for name, (x, y) in positions.items():
        if name in skip:
            continue
        for off in range(-3, 4):
            out.update({(x + B.SIZE, y + off), (x - B.SIZE, y + off),
                        (x + off, y + B.SIZE), (x + off, y - B.SIZE)})
    return {p for p in out if not any(B.overlaps(p, q) for q in others)}


class DecayBoard(BoardView):
    """Tiles at their true offsets (suit colour, value), pawns, dice, and the current
    decision's targets: orange rings on tiles (step, pick up, slide), orange dots at the
    centre of every legal drop or slide position (with its outline), grey dots at the
    other positions next to the board so that an illegal placement can be tried too."""

    def __init__(self, size: int = 560, title: str = "Decay board", interactive: bool = True,
                 fit: bool | None = None):
        self.size = size
        self.base_title = title
        self.margin = 30 if size >= 300 else 22
        self.xs = bq.LinearScale(min=-6, max=10)
        self.ys = bq.LinearScale(min=-6, max=10)
        sc = {"x": self.xs, "y": self.ys}

        def lines(**kw):
            return bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, visible=False, **kw)

        self.outlines = lines(colors=[HIGHLIGHT], opacities=[0.35], stroke_width=1)
        self.tile_marks = lines(fill="inside", close_path=True, colors=["#333"], fill_colors=["white"],
                                stroke_width=1.5)
        self.ghost = lines(colors=[HIGHLIGHT], stroke_width=2.5, line_style="dashed", fill="inside",
                           close_path=True, fill_colors=["white"], fill_opacities=[0.0])
        self.paths = lines(colors=[HIGHLIGHT], stroke_width=2)
        self.tile_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=14,
                                    font_weight="bold", colors=["white"], visible=False)
        # pawns are white discs and dice white squares, each with its suit's symbol in colour
        self.dice_marks = bq.Scatter(x=[0], y=[0], scales=sc, marker="square", default_size=90,
                                     colors=["white"], stroke="#222", stroke_width=1.5, visible=False)
        self.pawn_marks = bq.Scatter(x=[0], y=[0], scales=sc, marker="circle", default_size=200,
                                     colors=["white"], stroke="#111", stroke_width=2.5, visible=False)
        self.piece_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=12,
                                     font_weight="bold", colors=["black"], visible=False)
        size_scale = bq.LinearScale(min=0, max=1)
        ssc = {"x": self.xs, "y": self.ys, "size": size_scale}
        self.tile_click = bq.Scatter(x=[0], y=[0], scales=sc, marker="square", default_size=900,
                                     colors=["#000"], opacities=[0.01], stroke=None, visible=False)
        self.candidates = bq.Scatter(x=[0], y=[0], scales=sc, marker="circle", default_size=40,
                                     colors=[CANDIDATE], opacities=[0.45], stroke=None, visible=False)
        self.targets = bq.Scatter(x=[0], y=[0], size=[1], scales=ssc, marker="circle", default_size=100,
                                  colors=[HIGHLIGHT], opacities=[0.8], stroke="#a34f00", visible=False)
        # where positions lie, in the board's words (places.axis_label), along the bottom and left
        self.edge_labels = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle", default_size=11,
                                    colors=["#666"], visible=False)
        self.show_edges = interactive
        marks = [self.outlines, self.tile_marks, self.ghost, self.paths, self.tile_labels,
                 self.dice_marks, self.pawn_marks, self.piece_labels, self.edge_labels, self.tile_click,
                 self.candidates, self.targets]
        assert len(marks) == len(MARK_ORDER)
        self.figure = bq.Figure(
            marks=marks, title=title, animation_duration=0, min_aspect_ratio=1, max_aspect_ratio=1,
            padding_x=0, padding_y=0,
            fig_margin={"top": self.margin, "bottom": self.margin, "left": self.margin, "right": self.margin},
            layout=W.Layout(width=f"{size}px", height=f"{size}px"),
            title_style={"font-size": "13px" if size < 300 else "15px"})
        if interactive if fit is None else fit:      # the board follows the page's width (``size``: nominal)
            fit_figure(self.figure, keep=1.0)
        self.widget = self.figure
        self.legend = legend_html(
            [(f"<b style='color:{SUIT_COLOR[s]}'>{SUIT_SYMBOL[s]}</b>", s.lower()) for s in SUITS]
            + [("<b>0</b>, <b>A</b>", "a tile's value: null, ace"), ("◯", "a pawn (its side's symbol)"),
               ("▢", "a die (its side's symbol)"),
               ("1 E, ½ S", "along the edges: how far east or west, north or south of the first tile's "
                "place a tile's lower-left corner lies, in tiles (the steps name positions so)"),
               ("<span style='color:#ff8c00'>●</span>", "where you may click now"),
               ("<span style='color:#8a8a8a'>●</span>", "another spot next to the board (to try it)")])
        self._tile_keys: list = []
        self._candidate_keys: list = []
        self._target_keys: list = []
        if interactive:
            self.pass_clicks(self.tile_click, lambda: self._tile_keys)
            self.pass_clicks(self.candidates, lambda: self._candidate_keys)
            self.pass_clicks(self.targets, lambda: self._target_keys)

    # -- clicks -------------------------------------------------------------------------------
    def key_of(self, state, action):
        if isinstance(action, (Enter, PickUp, Slide)):
            return ("tile", action.tile)
        if isinstance(action, StopMoving):
            return ("tile", state.pawns[state.side])
        if isinstance(action, (Place, SlideTo)):
            return ("pos", action.x, action.y)
        return None

    def action_for(self, state, key):
        ph = state.phase
        if key[0] == "tile":
            t = key[1]
            if ph == "move":
                return StopMoving() if t == state.pawns.get(state.side) else Enter(t)
            if ph == "pick_up":
                return PickUp(t)
            if ph == "slide":
                return Slide(t)
            if ph in ("place_tile", "put_down") and t in state.pos:
                return Place(*state.pos[t])         # refused: on top of a tile (or not a new place)
            if ph == "slide_to" and t in state.pos:
                return SlideTo(*state.pos[t])
            if ph == "choose_tile":
                return ChooseTile(t)
            return None
        _, x, y = key
        if ph in ("place_tile", "put_down"):
            return Place(x, y)
        if ph == "slide_to":
            return SlideTo(x, y)
        return None

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, state, observation, highlights):
        tiles = {t["tile"]: (t["x"], t["y"]) for t in observation["tiles"]}
        pawns = {s["suit"]: s["pawn"] for s in observation["sides"] if s["pawn"]}
        dice = {s["suit"]: s["die"] for s in observation["sides"] if s["die"]}
        ph = state.phase
        pend = state.pend or {}
        ghost = None
        paths = []
        others = []
        if ph == "put_down" or ph == "pay_pick_up":
            ghost = tiles.get(pend.get("lift"))
        if ph in ("slide_to", "pay_slide") and pend.get("slide") in tiles:
            t = pend["slide"]
            ghost = tiles[t]
            stops = [(k[1], k[2]) for k in highlights if k[0] == "pos"] or ([pend["to"]] if "to" in pend else [])
            paths = [[_centre(tiles[t]), _centre(p)] for p in stops]
        if state.current_player >= 0 and ph in ("place_tile", "put_down") and highlights:
            legal = {(k[1], k[2]) for k in highlights if k[0] == "pos"}
            ignore = [pend["lift"]] if ph == "put_down" else []
            others = sorted(around(tiles, ignore=ignore) - legal)
        self.show(tiles, pawns=pawns, dice=dice, highlights=highlights, ghost=ghost, paths=paths,
                  others=others, mover=state.side if ph in ("move", "pay_move", "toll") else None,
                  title=self._title(state, observation))

    def _title(self, state, obs):
        if state.is_terminal():
            r = state.result()
            who = f"Player {r.winners[0] + 1} wins" if r.winners else "no winner"
            return f"{self.base_title} · game over: {who} ({r.reason})"
        if state.side is None:
            return f"{self.base_title} · {PHASE_WORDS.get(state.phase, state.phase)}"
        what = PHASE_WORDS.get(state.phase, state.phase)
        if state.phase == "place_tile" and state.pend:
            what = f"place {state.pend['tile']}"
        rnd = f"round {obs['round']}, " if obs["round"] else "Board Creation, "
        return f"{self.base_title} · {rnd}{state.side} (Player {state.current_player + 1}): {what}"

    def show(self, tiles, *, pawns=None, dice=None, highlights=(), ghost=None, ghost_ok=None,
             paths=(), others=(), mover=None, title=None):
        """Draw ``tiles`` ``{name: (x, y)}`` with ``pawns`` and ``dice`` (``{side: tile}``),
        the target ``highlights`` (board keys), a dashed ``ghost`` square at a position
        (green/red when ``ghost_ok`` says whether it is allowed), slide ``paths`` and grey
        ``others`` positions."""
        pawns, dice = dict(pawns or {}), dict(dice or {})
        highlights = [k for k in highlights if k[0] == "pos" or k[1] in tiles]
        pos_keys = [(k[1], k[2]) for k in highlights if k[0] == "pos"]
        spots = list(tiles.values()) + pos_keys + list(others) + ([ghost] if ghost else [])
        with self.figure.hold_sync():
            unit = self._fit(spots)
            self._draw_tiles(tiles, unit)
            self._draw_pieces(tiles, pawns, dice, mover, unit)
            self._draw_ghost(ghost, ghost_ok)
            self._draw_paths(paths)
            self._draw_targets(tiles, highlights, others, unit)
            if title is not None:
                self.figure.title = title

    def _fit(self, spots) -> float:
        """Square scales around every spot (plus room for a neighbour); returns pixels per unit."""
        if not spots:
            spots = [(0, 0)]
        xs = [p[0] for p in spots]
        ys = [p[1] for p in spots]
        lo_x, hi_x = min(xs) - 1, max(xs) + B.SIZE + 1
        lo_y, hi_y = min(ys) - 1, max(ys) + B.SIZE + 1
        span = max(hi_x - lo_x, hi_y - lo_y, 3 * B.SIZE)
        cx, cy = (lo_x + hi_x) / 2, (lo_y + hi_y) / 2
        if self.show_edges:                     # a band along the bottom and the left for the edge labels
            span += 3
            cx, cy = cx - 1.5, cy - 1.5
        self.xs.min, self.xs.max = cx - span / 2, cx + span / 2
        self.ys.min, self.ys.max = cy - span / 2, cy + span / 2
        unit = (self.size - 2 * self.margin) / span
        if self.show_edges:
            self._draw_edges(unit)
        return unit

    def _draw_edges(self, unit) -> None:
        """One label a tile along the bottom (east-west) and the left (north-south) edge, each at
        the lattice line it names, as far apart as their words need."""
        step = B.SIZE * max(1, -(-60 // int(B.SIZE * unit)))        # at least 60 px apart
        x0, x1, y0, y1 = self.xs.min, self.xs.max, self.ys.min, self.ys.max
        xs = [v for v in range(int(x0 // step * step), int(x1) + 1, step) if x0 + 2.5 <= v <= x1 - 1]
        ys = [v for v in range(int(y0 // step * step), int(y1) + 1, step) if y0 + 2.5 <= v <= y1 - 0.5]
        with self.edge_labels.hold_sync():
            self.edge_labels.x = [float(v) for v in xs] + [x0 + 1.2] * len(ys)
            self.edge_labels.y = [y0 + 0.5] * len(xs) + [float(v) for v in ys]
            self.edge_labels.text = [axis_label(v, "x") for v in xs] + [axis_label(v, "y") for v in ys]
            self.edge_labels.visible = bool(xs or ys)

    def _draw_tiles(self, tiles, unit):
        names = list(tiles)
        self._tile_keys = [("tile", n) for n in names]
        if not names:
            for m in (self.tile_marks, self.tile_labels, self.tile_click):
                m.visible = False
            return
        xs, ys, fills = [], [], []
        for n in names:
            sx, sy = _square(*tiles[n])
            xs.append(sx)
            ys.append(sy)
            fills.append(SUIT_COLOR[n.rpartition("-")[0]])
        with self.tile_marks.hold_sync():
            self.tile_marks.x, self.tile_marks.y = xs, ys
            self.tile_marks.fill_colors = fills
            self.tile_marks.colors = ["#333"] * len(names)
            self.tile_marks.visible = True
        cx = [tiles[n][0] + 2 for n in names]
        cy = [tiles[n][1] + 2 for n in names]
        with self.tile_labels.hold_sync():
            self.tile_labels.x, self.tile_labels.y = cx, [y - 0.9 for y in cy]
            self.tile_labels.text = [tile_text(n) for n in names]
            self.tile_labels.colors = ["white"] * len(names)
            self.tile_labels.default_size = max(10, min(18, int(unit * 1.3)))
            self.tile_labels.visible = True
        with self.tile_click.hold_sync():        # the whole tile as drawn takes a click
            self.tile_click.x, self.tile_click.y = cx, cy
            self.tile_click.default_size = int((unit * (B.SIZE - 0.24)) ** 2)
            self.tile_click.visible = True

    def _draw_pieces(self, tiles, pawns, dice, mover, unit):
        """Pawns in the upper half of their tile (the mover's beside a pawn it is passing),
        dice in the upper-left corner."""
        font = max(10, min(16, int(unit * 1.1)))
        pw = [(s, t) for s, t in pawns.items() if t in tiles]
        taken = {t for s, t in pw if s != mover}
        px = [tiles[t][0] + (3.0 if s == mover and t in taken else 2) for s, t in pw]
        py = [tiles[t][1] + 2.75 for s, t in pw]
        dc = [(s, t) for s, t in dice.items() if t in tiles]
        dx = [tiles[t][0] + 0.75 for _, t in dc]
        dy = [tiles[t][1] + 3.25 for _, t in dc]
        self._scatter(self.pawn_marks, px, py, int(max(30, (unit * 1.7) ** 2)))
        self._scatter(self.dice_marks, dx, dy, int(max(16, (unit * 1.2) ** 2)))
        sym = [SUIT_SYMBOL[s] for s, _ in pw] + [SUIT_SYMBOL[s] for s, _ in dc]
        if sym:
            with self.piece_labels.hold_sync():
                self.piece_labels.x = px + dx
                self.piece_labels.y = [y - 0.3 * font / unit for y in py] + [y - 0.25 * font / unit for y in dy]
                self.piece_labels.text = sym
                self.piece_labels.colors = [SUIT_COLOR[s] for s, _ in pw] + [SUIT_COLOR[s] for s, _ in dc]
                self.piece_labels.default_size = font
                self.piece_labels.visible = True
        else:
            self.piece_labels.visible = False

    @staticmethod
    def _scatter(mark, xs, ys, size):
        if not xs:
            mark.visible = False
            return
        with mark.hold_sync():
            mark.x, mark.y = xs, ys
            mark.default_size = size
            mark.visible = True

    def _draw_ghost(self, ghost, ok):
        if ghost is None:
            self.ghost.visible = False
            return
        sx, sy = _square(*ghost, inset=0.05)
        colour = HIGHLIGHT if ok is None else ("#1a8f3c" if ok else "#c0392b")
        with self.ghost.hold_sync():
            self.ghost.x, self.ghost.y = [sx], [sy]
            self.ghost.colors = [colour]
            self.ghost.fill_colors = [colour]
            self.ghost.fill_opacities = [0.0 if ok is None else 0.3]
            self.ghost.visible = True

    def _draw_paths(self, paths):
        if not paths:
            self.paths.visible = False
            return
        with self.paths.hold_sync():
            self.paths.x = [[a[0], b[0]] for a, b in paths]
            self.paths.y = [[a[1], b[1]] for a, b in paths]
            self.paths.visible = True

    def _draw_targets(self, tiles, highlights, others, unit):
        keys = list(dict.fromkeys(highlights))
        self._target_keys = keys
        pos = [(k[1], k[2]) for k in keys if k[0] == "pos"]
        if pos:
            xs, ys = zip(*(_square(*p, inset=0.2) for p in pos), strict=True)
            with self.tile_click.hold_sync():    # a legal position's whole square takes a click, not its dot only
                tiles_shown = self.tile_click.visible
                self.tile_click.x = (list(self.tile_click.x) if tiles_shown else []) + [x + 2 for x, _ in pos]
                self.tile_click.y = (list(self.tile_click.y) if tiles_shown else []) + [y + 2 for _, y in pos]
                self.tile_click.default_size = int((unit * (B.SIZE - 0.24)) ** 2)
                self.tile_click.visible = True
            self._tile_keys = self._tile_keys + [("pos", x, y) for x, y in pos]
            with self.outlines.hold_sync():
                self.outlines.x, self.outlines.y = list(xs), list(ys)
                self.outlines.visible = True
        else:
            self.outlines.visible = False
        self._candidate_keys = [("pos", x, y) for x, y in others]
        if others:
            with self.candidates.hold_sync():
                self.candidates.x = [x + 2 for x, _ in others]
                self.candidates.y = [y + 2 for _, y in others]
                self.candidates.default_size = int(max(12, (unit * 0.55) ** 2))
                self.candidates.visible = True
        else:
            self.candidates.visible = False
        if not keys:
            self.targets.visible = False
            return
        xs, ys, sizes, alpha = [], [], [], []
        for k in keys:
            if k[0] == "tile":          # a translucent disc over the tile: its label shows through
                x, y = tiles[k[1]]
                xs.append(x + 2)
                ys.append(y + 2)
                sizes.append(1.0)
                alpha.append(0.5)
            else:                       # a dot at the centre of the position
                xs.append(k[1] + 2)
                ys.append(k[2] + 2)
                sizes.append(0.08)
                alpha.append(0.9)
        with self.targets.hold_sync():
            self.targets.x, self.targets.y = xs, ys
            self.targets.size = sizes
            self.targets.opacities = alpha
            self.targets.default_size = int(max(80, (unit * 3.2) ** 2))
            self.targets.visible = True


# -- the adjacency graph -----------------------------------------------------------------------
def adjacency_data(state, reach=()):
    """The board's adjacency graph with positions (tile centres), labels and colours:
    tiles holding a pawn are orange (labelled with the pawn), tiles in ``reach`` light
    orange, the others in their suit's colour."""
    g = state.graph()
    pawn_on = {t: s for s, t in state.pawns.items()}
    reach = set(reach)
    pos, labels, colors = {}, {}, {}
    for n in g.nodes:
        pos[n] = _centre(state.pos[n])
        labels[n] = tile_text(n) + (f" ♟{SUIT_SYMBOL[pawn_on[n]]}" if n in pawn_on else "")
        colors[n] = (HIGHLIGHT if n in pawn_on else "#ffd27f" if n in reach
                     else SUIT_COLOR[n.rpartition("-")[0]])
    return g, pos, labels, colors


def graph_view(state, title="Adjacency (an edge: the tiles touch)") -> GraphView:
    view = GraphView(title=title, width="460px", height="460px")
    update_graph(view, state)
    return view


def update_graph(view: GraphView, state, reach=()) -> None:
    g, pos, labels, colors = adjacency_data(state, reach)
    view.show(g, pos, labels=labels, colors=colors)


# -- calculators on a state ----------------------------------------------------------------------
def _coins(payment) -> str:
    return str(Pay(tuple(payment)))[4:]


def _suits(counts) -> list[str]:
    """A hand as counts in suit order -> one suit name per coin."""
    return [s for s, n in zip(SUITS, counts, strict=True) for _ in range(n)]


def reach_for(state, side: str | None = None) -> dict[str, A.Reach]:
    """:func:`analysis.reach` for ``side`` (default: the side to move): the engine's own
    Step 1 choices, from where the pawn stands now with its unspent coins (or, for a side
    not moving, as if its turn began now)."""
    return A.reach(state, side)


def reach_rows(reach: dict[str, A.Reach]) -> list[dict]:
    """One row per reachable tile, cheapest first."""
    rows = []
    for t, r in sorted(reach.items(), key=lambda kv: (kv[1].cost, len(kv[1].route), kv[0])):
        rows.append({"tile": t, "coins": r.cost, "payment": _coins(r.payment),
                     "route": " → ".join(r.route),
                     "tolls": ", ".join(f"{s} to {who}" for who, s in r.tolls) or "—"})
    return rows


def movable_tiles(state) -> list[str]:
    """Tiles the side to move may lift in Step 2 (:func:`analysis.movable_tiles`, the engine's list)."""
    return A.movable_tiles(state) if state.round and not state.is_terminal() else []


def tile_moves(state, tile: str) -> list[A.TileMove]:
    """:func:`analysis.all_tile_moves` for the side to move in ``state``."""
    return A.all_tile_moves(state, tile)


def tile_move_text(m: A.TileMove) -> list[str]:
    """A tile-move preview in words, one fact a line."""
    lines = [f"move {m.tile} from {m.origin} to {m.to}" + (f", paying {_coins(m.payment)}" if m.payment else "")]
    if not m.legal:
        return lines + [f"not allowed ({p.section}): {p.text}" for p in m.problems]
    if m.removed:
        lines.append(f"the board splits: {len(m.removed)} tile(s) leave play: {', '.join(sorted(m.removed))}")
    else:
        lines.append("the board stays in one piece")
    if m.killed:
        lines.append("pawns killed: " + ", ".join(map(str, m.killed)) + (" (the mover too!)" if m.mover_killed else ""))
    if m.game_over:
        lines.append("the game ends: " + (f"{seat_name(m.winner)} wins" if m.winner is not None else "nobody wins"))
    if not m.attacks:
        lines.append("no attack")
    for a in m.attacks:
        spoils = f"; the attacker takes one coin of {', '.join(a.spoils)}" if a.spoils else ""
        lines.append(f"attack on {a.defender}: {a.attack} against {a.defence}, the {a.winner} wins{spoils}")
    return lines


# -- side panels ----------------------------------------------------------------------------------
def decay_panel(obs: dict) -> str:
    """Every side in the game's own words: its player, pawn, die marker, coins (unspent
    ones for the side moving) and tiles still to place, with the board's glyphs."""
    def coins(counts):
        return " ".join(f"{n}{piece_symbol(suit)}" for suit, n in counts.items() if n) or "—"

    rows = []
    for side in obs["sides"]:
        moving = side["suit"] == obs["side"] and obs["phase"] != "over"
        money = coins(side["hand"])
        if moving and side["unspent"] is not None:
            money += f" <small>(unspent: {coins(side['unspent'])})</small>"
        rows.append(
            f"<tr><td>{'▶ ' if moving else ''}{piece_symbol(side['suit'])} {html.escape(side['suit'])}</td>"
            f"<td>{seat_name(side['seat'])}</td>"
            f"<td>{piece_html(side['pawn'], '—') if side['alive'] else '<i>out of the game</i>'}</td>"
            f"<td>{piece_html(side['die'], '—') if side['die'] else '—'}</td><td>{money}</td>"
            f"<td>{' '.join(piece_html(t) for t in side['to_place']) or '—'}</td></tr>")
    head = f"<b>Round {obs['round']}</b>" + (f" &middot; {html.escape(obs['side'])} to play" if obs.get("side") else "")
    return (f"<div style='font-size:12px'>{head}<table style='font-size:12px'><tr><th>side</th><th>seat</th>"
            "<th>pawn on</th><th>die on</th><th>coins</th><th>tiles to place</th></tr>"
            + "".join(rows) + "</table></div>")


def piece_symbol(suit: str) -> str:
    return f"<span style='color:{SUIT_COLOR[suit]}'>{SUIT_SYMBOL[suit]}</span>"


class ReachPanel(W.VBox):
    """Where a pawn can end its move this turn, with the cheapest payment and route
    (:func:`analysis.reachable`), drawn on a small board and listed in a table."""

    def __init__(self, state=None):
        self.side_choice = W.Dropdown(options=[("side to move", "")], value="", description="pawn of")
        self.board = DecayBoard(size=420, title="Reachable this turn", interactive=False)
        self.table = W.HTML()
        self.state = None
        self.reach: dict[str, A.Reach] = {}
        self.side_choice.observe(lambda _: self._update(), names="value")
        super().__init__([self.side_choice, W.HBox([self.board.widget, self.table])])
        if state is not None:
            self.set_state(state)

    def set_state(self, state):
        self.state = state
        opts = [("side to move", "")] + [(f"{SUIT_SYMBOL[s]} {s}", s) for s in state.sides]
        if list(self.side_choice.options) != opts:
            self.side_choice.options = opts
        self._update()

    @property
    def side(self):
        return self.side_choice.value or (self.state.side if self.state is not None else None)

    def _update(self):
        st = self.state
        if st is None:
            return
        side = self.side
        self.reach = reach_for(st, side) if st.round else {}
        tiles = dict(st.pos)
        pawns = dict(st.pawns)
        self.board.show(tiles, pawns=pawns, dice=st.dice,
                        highlights=[("tile", t) for t in self.reach],
                        title=f"Reachable this turn{f' by {side}' if side else ''}: {len(self.reach)} tiles")
        if not st.round:
            self.table.value = "<i>Pawns move once Normal Play begins.</i>"
        elif side is None or side not in st.pawns:
            self.table.value = f"<i>{html.escape(str(side))} has no pawn on the board.</i>"
        elif not self.reach:
            self.table.value = (f"<b>{html.escape(side)} can reach no tile: at the start of its turn "
                                "it dies</b> (Step 1 Death).")
        else:
            here = st.pawns[side]
            if side == st.side and st.phase in ("move", "pay_move", "toll"):
                where = (f"From {here} with the unspent coins ({_coins(_suits(st.unspent))}); "
                         f"{st.start}, where the turn began, is off limits")
            else:
                where = f"If its turn began now: from {here} with {_coins(_suits(st.hands[side]))}"
            self.table.value = (f"<small>{html.escape(where)} (Normal Play Step 1; cheapest = fewest coins)</small>"
                                + html_table(reach_rows(self.reach)))


class TileMovePanel(W.VBox):
    """Step 2 before committing: pick a tile the side to move may lift and a place to put
    it; see the split, the deaths and every attack with its totals
    (:func:`analysis.all_tile_moves`).  When the game is waiting for exactly this choice,
    *do this move* plays it (pick-up, cheapest payment, put-down)."""

    def __init__(self, state=None, explorer: Explorer | None = None):
        self.explorer = explorer
        self.tile_choice = W.Dropdown(options=[], description="lift")
        self.to_choice = W.Dropdown(options=[], description="put at", layout=W.Layout(width="420px"))
        self.do_button = W.Button(description="do this move", icon="check", disabled=True,
                                  tooltip="play the pick-up, the cheapest payment and the put-down")
        self.board = DecayBoard(size=420, title="After the move", interactive=False)
        self.result = W.HTML()
        self.moves: list[A.TileMove] = []
        self.state = None
        self.tile_choice.observe(lambda _: self._tile_changed(), names="value")
        self.to_choice.observe(lambda _: self._show(), names="value")
        self.do_button.on_click(lambda _: self.commit())
        super().__init__([W.HBox([self.tile_choice, self.to_choice, self.do_button]),
                          W.HBox([self.board.widget, self.result])])
        if state is not None:
            self.set_state(state)

    def set_state(self, state):
        self.state = state
        tiles = movable_tiles(state) if state.round else []
        self._quiet = True
        self.tile_choice.options = [(t, t) for t in tiles]
        self.tile_choice.value = tiles[0] if tiles else None
        self._quiet = False
        self._tile_changed()

    def _tile_changed(self):
        if getattr(self, "_quiet", False):
            return
        t = self.tile_choice.value
        self.moves = tile_moves(self.state, t) if t else []
        self._quiet = True
        self.to_choice.options = [(self._label(m), i) for i, m in enumerate(self.moves)]
        self.to_choice.value = 0 if self.moves else None
        self._quiet = False
        self._show()

    @staticmethod
    def _label(m):
        bits = []
        if m.removed:
            bits.append(f"splits off {len(m.removed)}")
        if m.killed:
            bits.append("kills " + ", ".join(map(str, m.killed)))
        won = sum(a.succeeds for a in m.attacks)
        if m.attacks:
            bits.append(f"{len(m.attacks)} attack(s), {won} won")
        return f"{m.to}" + (f": {'; '.join(bits)}" if bits else "")

    @property
    def move(self) -> A.TileMove | None:
        i = self.to_choice.value
        return self.moves[i] if i is not None and i < len(self.moves) else None

    def _show(self):
        if getattr(self, "_quiet", False):
            return
        st, m = self.state, self.move
        if st is None:
            return
        if m is None:
            side = st.side or "nobody"
            why = ("Tiles move once Normal Play begins." if not st.round else
                   "Tile moves are previewed once the pawn may stop (Step 2)."
                   if st.phase in ("move", "pay_move", "toll") and not movable_tiles(st)
                   else f"{side} may lift no tile now (Step 2.a-b).")
            self.result.value = f"<i>{html.escape(why)}</i>"
            self.board.show(dict(st.pos), pawns=st.pawns, dice=st.dice, title="After the move")
            self.do_button.disabled = True
            return
        pawns = {s: t for s, t in st.pawns.items() if t in m.positions}
        self.board.show(dict(m.positions), pawns=pawns, highlights=[("tile", m.tile)],
                        ghost=m.origin, title=f"After moving {m.tile}")
        self.result.value = "<ul style='margin:0;padding-left:1.2em;font-size:13px'>" + "".join(
            f"<li>{html.escape(x)}</li>" for x in tile_move_text(m)) + "</ul>"
        ex = self.explorer
        self.do_button.disabled = not (ex is not None and ex.timeline.at_end and st.phase == "pick_up"
                                       and ex.state is st)

    def commit(self) -> bool:
        """Play the previewed move in the explorer (only at its Step 2 decision)."""
        ex, m = self.explorer, self.move
        if ex is None or m is None or ex.state.phase != "pick_up":
            return False
        if not ex.play_action(PickUp(m.tile)):
            return False
        if ex.state.phase == "pay_pick_up":
            pays = [a for a in ex.legal_here() if isinstance(a, Pay)]
            st = ex.state
            best = A.cheapest([a.coins for a in pays], st.suits_of(st.seat_of(st.side)))
            if not ex.play_action(Pay(best)):
                return False
        return ex.play_action(Place(*m.to))


class DecayExplorer(ExplorerPage):
    """The Explorer on a Decay timeline, with every side's coins under it and three tabs
    following the step shown: the adjacency graph, where a pawn can go this turn, and
    what moving a tile would do."""

    def __init__(self, timeline, *, random_seats=(), perspective=None, title="", notes=None, seed=0,
                 follow_turn=False):
        self.board = DecayBoard()
        ex = Explorer(timeline, self.board, random_seats=random_seats, perspective=None,
                      title=title, notes=notes, seed=seed, follow_turn=follow_turn, panel=decay_panel)
        # the generic Explorer lists seats from an observation's "players"; Decay's names them "seats"
        ex.set_seat_labels([f"Player {q + 1} ({', '.join(timeline.state.suits_of(q))})"
                            for q in range(timeline.state.options.players)], perspective)
        self.graph = graph_view(ex.state)
        super().__init__(ex, {"adjacency graph": self.graph.widget, "where can a pawn go?": ReachPanel,
                              "what if I move a tile?": lambda: TileMovePanel(explorer=ex)})

    def _follow(self, state, _obs):
        """Update the tab shown (the hidden ones wait until shown)."""
        tab = self.tabs.selected_index
        if tab == 0:
            shown = self.tabs.is_built(1) and self.reach.state is state
            update_graph(self.graph, state, reach=self.reach.reach if shown else ())
        elif tab == 1:
            self.reach.set_state(state)
        elif tab == 2:
            self.tile_move.set_state(state)

    reach = tab_page(1, "Where a pawn can go (a :class:`ReachPanel`).")
    tile_move = tab_page(2, "What moving a tile would do (a :class:`TileMovePanel`).")


# -- playing and learning -------------------------------------------------------------------------
def play_game(seed: int = 1, human: int = 0, players: int = 4, options=None) -> DecayExplorer:
    """A hot-seat game: you are ``human``; the other seats play uniformly at random."""
    def view(tl, others):
        suits = ", ".join(tl.state.suits_of(human))
        return DecayExplorer(tl, random_seats=others, perspective=human, seed=seed, follow_turn=True,
                             title=f"Decay: you are Player {human + 1} ({suits})")
    return hot_seat("decay", view, seed=seed, human=human, options={"players": players, **(options or {})})


# -- what if --------------------------------------------------------------------------------------
def cap_rows(results: dict[str, dict], long_game: int = 20) -> list[dict]:
    """How games ended per variant: won, everybody killed, drawn (the engine's reading of the
    rulebook's draw: a long run of rounds with no tile out of play and nobody killed; a column
    only when some game was), stopped at the round cap, and how many were still going after
    ``long_game`` rounds."""
    rows = []
    drawn = any(o.reason == "draw" for s in results.values() for o in s["outcomes"])
    for name, s in results.items():
        outs = s["outcomes"]
        n = len(outs)
        count = {r: sum(o.reason == r for o in outs) for r in ("victory", "all killed", "cap", "draw")}
        rows.append({"variant": name, "games": n,
                     "won": f"{count['victory'] / n:.0%}",
                     "all killed": f"{count['all killed'] / n:.0%}",
                     **({"drawn": f"{count['draw'] / n:.0%}"} if drawn else {}),
                     "round cap reached": f"{count['cap'] / n:.0%}",
                     f"over {long_game} rounds": f"{sum((o.rounds or 0) > long_game for o in outs) / n:.0%}"})
    return rows
