"""The Sands of Time's map in bqplot, a player board panel, and the Explorer around them.

Everything drawn comes from ``observation(viewer)`` plus the map's borders and positions (public,
``data/sands_of_time/positions.yaml``, reconstructed): territories as discs in their owner's colour
(grey: nobody's; white: out of play), sized by capacity, a star on a capital, borders as thin
lines (trade goods gold), caravans as short coloured strokes beside their border, and beside each
territory its name and its citizens per player (peasants/warriors) and structures' initials, placed
where no label covers another or a disc (:mod:`explorer.views.sands_of_time_labels`).  What a seat cannot
see is not in its observation, so it is not drawn: the board shows no hidden card or tile.

Board keys: ``("territory", name)``: a click means the one legal action naming that territory
(claiming it, a capital, conquering, raiding, building there ...); where several share it, the
Explorer's menu remains and says so.
"""
from __future__ import annotations

import html

import bqplot as bq
import ipywidgets as W
import networkx as nx

from explorer.games.sands_of_time import positions
from explorer.games.sands_of_time.actions import Move, Route, Select
from explorer.games.sands_of_time.empire import geo
from explorer.games.sands_of_time.rules import _data

from explorer.games.sands_of_time.odds import chronicle_plan, route_graph, routes_within

from .explorer import BoardView, Explorer, play_as
from .graph import GraphView
from . import sands_of_time_labels as labels
from .style import fit_figure, html_table, legend_html
from .tabs import ExplorerPage

HIGHLIGHT = "#ff8c00"
SEAT_COLORS = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#16a085")
FOREIGN = {"black empire": "#222222", "blue empire": "#5dade2"}
NOBODY, OUT = "#b3b3b3", "#ffffff"
GOOD = "#d4ac0d"
X_RANGE, Y_RANGE = (-19.0, 57.0), (15.0, 57.5)
#: the figure's mark order, for readers of the SVG (the browser test)
MARK_ORDER = ("borders", "trade goods", "caravans", "territories", "capitals", "names", "citizens", "label click areas",
              "border targets", "targets")
INITIALS = {"Quarry": "Q", "Irrigation": "I", "Victory Arch": "V", "Roads": "R", "Library": "L", "Colosseum": "C",
            "City": "Ci", "Amphitheater": "Am", "Walls": "W", "Aqueduct": "Aq", "University": "U", "Wonder": "Wo"}


LABEL_SQUARE = 14          # px: a label's click squares' side (about a line's height)


def _squares(box) -> list[tuple[float, float]]:
    """The centres of squares of :data:`LABEL_SQUARE` px tiling a label's ``box`` (px, y down)."""
    w, h = box.x1 - box.x0, box.y1 - box.y0
    nx, ny = max(1, round(w / LABEL_SQUARE)), max(1, round(h / LABEL_SQUARE))
    return [(box.x0 + (i + 0.5) * w / nx, box.y0 + (j + 0.5) * h / ny) for i in range(nx) for j in range(ny)]


def seat_color(owner) -> str:
    if owner is None:
        return NOBODY
    return SEAT_COLORS[owner % len(SEAT_COLORS)] if owner < 6 else "#555"


class SandsBoard(BoardView):
    """The map: territories, borders, trade goods, caravans, capitals, citizens and structures."""

    def __init__(self, size: int = 640, title: str = "The Sands of Time", data_dir: str = "",
                 players: int | None = None):
        self.base_title = title
        self.data = _data(data_dir)
        self.geo = geo(self.data)
        self.pos = positions(data_dir or None)
        self.players = players
        self.xs = bq.LinearScale(min=X_RANGE[0], max=X_RANGE[1])
        self.ys = bq.LinearScale(min=Y_RANGE[0], max=Y_RANGE[1])
        sc = {"x": self.xs, "y": self.ys}
        borders = sorted(self.geo.borders)
        plain = [b for b in borders if b not in self.geo.goods]
        goods = [b for b in borders if b in self.geo.goods]
        self.border_marks = bq.Lines(x=[[self.pos[a][0], self.pos[b][0]] for a, b in plain],
                                     y=[[self.pos[a][1], self.pos[b][1]] for a, b in plain],
                                     scales=sc, colors=["#cccccc"], stroke_width=1)
        self.good_marks = bq.Lines(x=[[self.pos[a][0], self.pos[b][0]] for a, b in goods],
                                   y=[[self.pos[a][1], self.pos[b][1]] for a, b in goods],
                                   scales=sc, colors=[GOOD], stroke_width=3, line_style="dashed")
        self.caravan_marks = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=sc, colors=["#000"], stroke_width=4,
                                      visible=False)
        ssc = {"x": self.xs, "y": self.ys, "size": bq.LinearScale(min=0, max=5)}
        names = sorted(self.pos)
        self.names = names
        self.territory_marks = bq.Scatter(x=[self.pos[t][0] for t in names], y=[self.pos[t][1] for t in names],
                                          size=[3] * len(names), scales=ssc, marker="circle", default_size=700,
                                          colors=[NOBODY] * len(names), stroke="#333", stroke_width=1.5,
                                          names=names, display_names=False)
        self.capital_marks = bq.Scatter(x=[0], y=[0], scales=sc, marker="cross", default_size=90,
                                        colors=["white"], stroke="#111", visible=False)
        # names and citizens' lines go where sands_of_time_labels.layout puts them at each draw
        self.name_marks = bq.Label(x=[self.pos[t][0] for t in names], y=[self.pos[t][1] + 2.3 for t in names],
                                   text=names, scales=sc, align="middle", default_size=labels.NAME_SIZE,
                                   font_weight="bold", colors=["#222"])
        self.citizen_marks = bq.Label(x=[0], y=[0], text=[""], scales=sc, align="middle",
                                      default_size=labels.CITIZEN_SIZE, colors=["#333"], visible=False)
        self.label_boxes: dict = {}         # territory -> its labels' boxes (px at the reference width)
        self.discs: dict = {}               # territory -> (x px, y px, radius px) at the reference width
        self._layouts: dict = {}            # the labels' layouts already found, by what they say
        self.target_marks = bq.Scatter(x=[0], y=[0], scales=sc, marker="circle", default_size=1100, fill=False,
                                       colors=[HIGHLIGHT], stroke=HIGHLIGHT, stroke_width=4, visible=False)
        self.targets = self.target_marks          # the name the click benchmark (views/bench.py) uses
        # a territory's name and citizens' lines take a click for it (a Label takes none): squares of a line's
        # height along each, nearly transparent
        self.label_click = bq.Scatter(x=[0], y=[0], scales=sc, marker="square", default_size=100, colors=["#000"],
                                      opacities=[0.01], stroke=None, visible=False)
        # a caravan's legal borders: an orange diamond at the border's middle, clicked to place it
        self.border_targets = bq.Scatter(x=[0], y=[0], scales=sc, marker="diamond", default_size=260,
                                         colors=[HIGHLIGHT], stroke="#a34f00", visible=False)
        marks = [self.border_marks, self.good_marks, self.caravan_marks, self.territory_marks, self.capital_marks,
                 self.name_marks, self.citizen_marks, self.label_click, self.border_targets, self.target_marks]
        assert len(marks) == len(MARK_ORDER)
        # every mark on a territory passes its click to it: the disc, its capital's cross, its name and
        # citizens' lines, the ring round it
        self.pass_clicks(self.territory_marks, lambda: self._name_keys)
        self.pass_clicks(self.capital_marks, lambda: self._capital_keys)
        self.pass_clicks(self.label_click, lambda: self._label_keys)
        self.pass_clicks(self.border_targets, lambda: self._borders)
        self.pass_clicks(self.target_marks, lambda: self._target_keys)
        self._name_keys = [("territory", t) for t in names]
        self._capital_keys: list = []
        self._label_keys: list = []
        self._targets = []
        self._borders: list = []
        self._from = None               # a move's territory clicked first: (state, territory)
        self.pending = None             # (state, moves) from there to a territory clicked second
        self._pending_callbacks: list = []
        self.figure = bq.Figure(marks=marks, title=title, animation_duration=0, padding_x=0, padding_y=0,
                                fig_margin={"top": 30, "bottom": 6, "left": 6, "right": 6},
                                title_style={"font-size": "14px"})
        fit_figure(self.figure, 0.62)
        self.widget = self.figure
        self.legend = legend_html(
            [(f"<span style='color:{seat_color(q)}'>●</span>", f"Player {q + 1}") for q in range(6)]
            + [(f"<span style='color:{NOBODY}'>●</span>", "nobody's"), ("●", "a disc's size: the capacity"),
               ("✚", "a capital"), (f"<span style='color:{GOOD}'>- -</span>", "a border with a trade good"),
               ("<b>▬</b>", "a caravan, in its owner's colour"),
               ("<b>C4</b> / <b>G4</b>", "Crops or Gold, capacity 4"),
               ("<b>P1:2/1</b>", "Player 1's peasants / warriors (B, b: the black, blue empire's)"),
               ("<b>[Q]</b>", "structures: " + ", ".join(f"{v} {k}" for k, v in INITIALS.items())),
               ("<span style='color:#ff8c00'>◯</span>", "where you may click now")])

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, state, observation, highlights) -> None:
        obs = observation
        terr = obs["territories"]
        colors, sizes, texts = [], [], []
        for t in self.names:
            info = terr.get(t)
            if info is None:
                colors.append(OUT)
                sizes.append(2)
                texts.append("")
                continue
            colors.append(seat_color(info["owner"]) if info["owner"] is not None and info["owner"] < 6 else NOBODY)
            sizes.append(info["capacity"])
            people = " ".join(f"{self._short(w)}{p}/{k}" for w, (p, k) in info["citizens"].items())
            built = "".join(INITIALS.get(x, x[:2]) for x in info["structures"])
            res = "C" if info["resource"] == "Crops" else "G"
            texts.append(f"{res}{info['capacity']} {people}" + (f" [{built}]" if built else ""))
        with self.territory_marks.hold_sync():
            self.territory_marks.colors = colors
            self.territory_marks.size = sizes
        caps = [p["capital"] for p in obs["players"] if p["capital"]]
        self._capital_keys = [("territory", c) for c in caps]
        self._set(self.capital_marks, x=[self.pos[c][0] for c in caps], y=[self.pos[c][1] for c in caps])
        xs, ys, cs = [], [], []
        for p in obs["players"]:
            off = 0.5 * (p["seat"] - (len(obs["players"]) - 1) / 2)
            for r in p["routes"]:
                a, b = r.split("-", 1) if r.split("-", 1)[0] in self.pos else _split(r, self.pos)
                (xa, ya), (xb, yb) = self.pos[a], self.pos[b]
                mx, my = (xa + xb) / 2, (ya + yb) / 2
                dx, dy = xb - xa, yb - ya
                n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
                px, py = -dy / n * off, dx / n * off
                xs.append([mx - dx * 0.15 + px, mx + dx * 0.15 + px])
                ys.append([my - dy * 0.15 + py, my + dy * 0.15 + py])
                cs.append(seat_color(p["seat"]))
        self._set(self.caravan_marks, x=xs, y=ys, colors=cs)
        self._place_labels(dict(zip(self.names, sizes, strict=True)), dict(zip(self.names, texts, strict=True)),
                           tuple((x[0], y[0], x[1], y[1]) for x, y in zip(xs, ys, strict=True)))
        if self._from is not None and self._from[0] is not state:
            self._from = None
        self._targets = sorted({k[1] for k in highlights if isinstance(k, tuple) and k[0] == "territory"})
        self._set(self.target_marks, x=[self.pos[t][0] for t in self._targets],
                  y=[self.pos[t][1] for t in self._targets])
        self._borders = sorted({k for k in highlights if isinstance(k, tuple) and k[0] == "border"})
        self._set(self.border_targets, x=[(self.pos[a][0] + self.pos[b][0]) / 2 for _, a, b in self._borders],
                  y=[(self.pos[a][1] + self.pos[b][1]) / 2 for _, a, b in self._borders])
        d = obs["dynasty"]
        self.figure.title = (f"{self.base_title}: Dynasty {min(d, 3)}, Generation space {obs['generation_space']}, "
                             f"Dynasty space {obs['dynasty_space']}")

    def _place_labels(self, sizes: dict, texts: dict, strokes: tuple = ()) -> None:
        """Each territory's name and citizens' lines where :func:`labels.layout` finds them clear of
        every other label and every disc (and, where it can, of the caravans' ``strokes``)."""
        radii = {t: labels.disc_radius(sizes[t]) for t in self.names}
        key = (tuple((sizes[t], texts[t]) for t in self.names), strokes)
        if key not in self._layouts:            # stepping back and forth draws the same map again
            if len(self._layouts) > 256:
                self._layouts.clear()
            self._layouts[key] = labels.layout({t: (t, texts[t]) for t in self.names}, self.pos, radii,
                                               strokes=strokes)
        boxes = self._layouts[key]
        sx, sy = labels.scales()
        self.discs = {t: ((self.pos[t][0] - X_RANGE[0]) * sx, (Y_RANGE[1] - self.pos[t][1]) * sy, radii[t])
                      for t in self.names}
        self.label_boxes = boxes
        names = [labels.to_map(boxes[t][0]) for t in self.names]
        lines = [(b.text, labels.to_map(b)) for t in self.names for b in boxes[t][1:]]
        squares = [(t, x, y) for t in self.names for b in boxes[t] for x, y in _squares(b)]
        self._label_keys = [("territory", t) for t, *_ in squares]
        self._set(self.label_click, x=[x / sx + X_RANGE[0] for _, x, _ in squares],
                  y=[Y_RANGE[1] - y / sy for *_, y in squares], default_size=LABEL_SQUARE ** 2)
        with self.name_marks.hold_sync():
            self.name_marks.x = [x for x, _ in names]
            self.name_marks.y = [y for _, y in names]
        self._set(self.citizen_marks, x=[x for _, (x, _) in lines], y=[y for _, (_, y) in lines],
                  text=[t for t, _ in lines])

    @staticmethod
    def _short(who: str) -> str:
        """A citizen's owner, short: ``"player 0"`` -> ``"P1:"`` (seats counted from 1), the foreign
        empires ``B`` (black) and ``b`` (blue)."""
        head, _, n = who.rpartition(" ")
        if head.lower() == "player" and n.isdigit():
            return f"P{int(n) + (1 if head == 'player' else 0)}:"
        return who.replace("black empire", "B").replace("blue empire", "b") + ":"

    @staticmethod
    def _set(mark, **values) -> None:
        empty = not values.get("x")
        with mark.hold_sync():
            for k, v in values.items():
                setattr(mark, k, v if not empty else ([[0, 0]] if isinstance(mark, bq.Lines) and k in "xy" else
                                                      [0] if k in "xy" else v))
            mark.visible = not empty

    # -- clicks -------------------------------------------------------------------------------------------
    @property
    def _target_keys(self) -> list:
        return [("territory", t) for t in self._targets]

    def key_of(self, state, action):
        """A territory named by the action; a move's territory it leaves from (once that is
        clicked: the one it goes to); a caravan's border."""
        kind = type(action)
        if kind is Route:
            return ("border", *sorted((action.a, action.b)))
        if kind is Move:
            start = self._from[1] if self._from is not None and self._from[0] is state else None
            if start is None:
                return ("territory", action.source)
            return ("territory", action.target) if action.source == start else None
        t = getattr(action, "territory", None)
        return ("territory", t) if t is not None else None

    def _hits(self, state, key) -> list:
        if not (isinstance(key, tuple) and key and key[0] in ("territory", "border")) or state.is_chance_node() \
                or state.is_terminal():
            return []
        return [a for a in state.legal_actions() if self.key_of(state, a) == key]

    def action_for(self, state, key):
        hits = self._hits(state, key)
        if len(hits) == 1 and not (type(hits[0]) is Move and (self._from is None or self._from[0] is not state)):
            return hits[0]
        return None

    def shows(self, state, action) -> bool:
        """A move is made by two clicks, where from and where to (and, when several kinds of
        citizen could go, a button of :class:`MoveKind`); the rest as any board's."""
        return type(action) is Move or super().shows(state, action)

    def no_action_reason(self, state, key):
        if state.is_chance_node() or state.is_terminal():
            return None
        hits = self._hits(state, key)
        moves = [a for a in hits if type(a) is Move]
        if moves and (self._from is None or self._from[0] is not state):
            self._from = (state, key[1])            # where the move starts: now, where to?
            self._targets = sorted({m.target for m in state.legal_actions()
                                    if type(m) is Move and m.source == key[1]})
            self._set(self.target_marks, x=[self.pos[t][0] for t in self._targets],
                      y=[self.pos[t][1] for t in self._targets])
            return f"moving from {key[1]}: click the ringed territory to move to"
        if len(hits) > 1 and moves and len(moves) == len(hits):
            self.pending = (state, moves)         # which citizen moves: the MoveKind chooser asks
            for cb in self._pending_callbacks:
                cb()
            return f"from {moves[0].source} to {moves[0].target}: which citizen moves? (the buttons above)"
        if len(hits) > 1:
            where = key[1] if key[0] == "territory" else f"{key[1]}-{key[2]}"
            return f"{len(hits)} choices name {where}: pick one of the buttons"
        what = key[1] if key[0] == "territory" else f"the border {key[1]}-{key[2]}"
        return f"nothing to do in {what} at this step: {state.prompt()}"


class MoveKind:
    """After a move's two clicks, when a peasant or a warrior could go: one button each."""

    def __init__(self, board: SandsBoard):
        self.board = board
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([W.HTML("<b>Which citizen moves?</b>"), self.buttons], layout=W.Layout(display="none"))
        self.explorer = None
        board._pending_callbacks.append(self._show)

    def covers(self, state, action) -> bool:
        return False                     # the moves are the board's (SandsBoard.shows)

    def update(self, explorer, legal) -> None:
        self.explorer = explorer
        self._show()

    def _show(self) -> None:
        p = self.board.pending
        ex = self.explorer
        if p is None or ex is None or p[0] is not ex.state:
            self.widget.layout.display = "none"
            self.buttons.children = ()
            return
        items = []
        for m in p[1]:
            b = W.Button(description=f"a {m.kind}", tooltip=str(m), layout=W.Layout(width="auto"))
            b.on_click(lambda _, m=m: ex.play_action(m))
            items.append(b)
        self.buttons.children = items
        self.widget.layout.display = None


class CardHand:
    """The secret choice of two Action cards (Select) as the seat's hand: click two cards, then
    play them.  Shown only when the seat viewing may choose them."""

    def __init__(self):
        self.head = W.HTML()
        self.cards = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.confirm = W.Button(description="play these cards", icon="check", disabled=True,
                                layout=W.Layout(width="auto"))
        self.confirm.on_click(lambda _: self.play())
        self.widget = W.VBox([self.head, self.cards, self.confirm], layout=W.Layout(display="none"))
        self.options: list = []
        self.explorer = None

    def covers(self, state, action) -> bool:
        return type(action) is Select

    def update(self, explorer, legal) -> None:
        self.explorer = explorer
        self.options = [a for a in legal if type(a) is Select]
        if not self.options:
            self.widget.layout.display = "none"
            self.cards.children = ()
            return
        self.need = len(self.options[0].cards)
        names = list(dict.fromkeys(c for a in self.options for c in a.cards))
        toggles = []
        for name in names:
            t = W.ToggleButton(description=name, value=False, tooltip=f"choose {name}",
                               layout=W.Layout(width="auto"))
            t.add_class("re-card")
            t.observe(lambda _: self._picked(), names="value")
            toggles.append(t)
        self.cards.children = toggles
        self.head.value = (f"<b>Your hand</b>: click {self.need} card{'s' if self.need != 1 else ''} to play "
                           "this turn (kept secret until every player has chosen).")
        self.widget.layout.display = None
        self._picked()

    def chosen(self) -> list[str]:
        return [t.description for t in self.cards.children if t.value]

    def action(self):
        """The Select action the picked cards make, if they make one."""
        picked = sorted(self.chosen())
        return next((a for a in self.options if sorted(a.cards) == picked), None)

    def _picked(self) -> None:
        self.confirm.disabled = self.action() is None
        n = len(self.chosen())
        self.confirm.description = ("play these cards" if n == self.need
                                    else f"pick {self.need - n} more" if n < self.need else f"{n} picked: too many")

    def play(self) -> bool:
        a = self.action()
        return a is not None and self.explorer.play_action(a)


def _split(route: str, pos) -> tuple[str, str]:
    """A border written "A-B" where a name itself may hold a hyphen."""
    for i, ch in enumerate(route):
        if ch == "-" and route[:i] in pos and route[i + 1:] in pos:
            return route[:i], route[i + 1:]
    raise ValueError(f"not a border: {route!r}")


def _card(text: str, color: str = "#555", face_down: bool = False) -> str:
    """A card as a small bordered box (a face-down one grey, without its face)."""
    if face_down:
        return ("<span style='display:inline-block;border:1px solid #999;border-radius:3px;background:#ddd;"
                "color:#666;padding:0 4px;margin:1px'>face down</span>")
    return (f"<span style='display:inline-block;border:1px solid {color};border-radius:3px;padding:0 4px;"
            f"margin:1px;white-space:nowrap'>{html.escape(str(text))}</span>")


def player_board_html(obs: dict) -> str:
    """Each player's board as the viewer may see it, a small labelled table a player: resources,
    Unrest, victory points, heritage by category, fountains and lyres, territories and the structures
    in them, advances, the Emphasis card with its boxes, the two cards chosen (or how many, where
    hidden), Chronicles in hand and placed in the bins as cards (face down where hidden)."""
    built: dict[int, list[str]] = {}
    for t, info in sorted(obs["territories"].items()):
        if info.get("owner") is not None:
            built.setdefault(info["owner"], []).extend(f"{x} ({t})" for x in info["structures"])
    boards = []
    for p in obs["players"]:
        q, color = p["seat"], seat_color(p["seat"])
        h = p["heritage"]
        chron = p["chronicles_in_hand"]
        in_hand = (" ".join(_card(f"Chronicle {c}", color) for c in chron) if isinstance(chron, list)
                   else " ".join(_card("", face_down=True) for _ in range(chron))) or "none"
        bins = " ".join(f"bin {b}: "
                        + (_card("", face_down=True) if c == "face down" else _card(f"Chronicle {c}", color))
                        for b, c in p["bins"].items()) or "none"
        sel = p["selected"]
        chosen = (" ".join(_card(c, color) for c in sel) if isinstance(sel, list)
                  else "two cards, face down" if sel else "not yet")
        adv = ", ".join(f"{a} ({where})" for where, a in p["markers"].items()) or "none"
        emph = (f"{p['emphasis']}, boxes filled {'■' * p['boxes']}{'□' * (3 - p['boxes'])}" if p["emphasis"]
                else "none")
        rows = [("Resources", f"{p['crops']} Crops, {p['gold']} Gold"), ("Unrest", p["unrest"]),
                ("Victory points", f"<b>{p['vp']}</b>"),
                ("Heritage", f"Civil {h['Civil']}, Political {h['Political']}, Cultural {h['Cultural']}"),
                ("Fountains, lyres", f"{p['fountains']}, {p['lyres']}"),
                ("Territories",
                 f"{p['territories']}" + (f" (capital {html.escape(p['capital'])})" if p["capital"] else "")),
                ("Structures", html.escape(", ".join(built.get(q, ())) or "none")),
                ("Advances", html.escape(adv)), ("Emphasis", html.escape(emph)),
                ("Cards chosen", chosen), ("Chronicles in hand", in_hand), ("Chronicles placed", bins)]
        body = "".join(f"<tr><th style='text-align:left;font-weight:normal;color:#555;padding:1px 6px 1px 0;"
                       "white-space:nowrap;"
                       f"vertical-align:top'>{k}</th><td>{v}</td></tr>" for k, v in rows)
        boards.append(f"<div style='border:2px solid {color};border-radius:4px;padding:4px 6px;margin:2px;"
                      f"flex:1 1 280px;min-width:0'><b style='color:{color}'>Player {q + 1}</b>"
                      f"<table style='border-collapse:collapse;font-size:12px'>{body}</table></div>")
    return f"<div style='display:flex;flex-wrap:wrap;font-size:12px'>{''.join(boards)}</div>"


class SandsExplorer(ExplorerPage):
    """The Explorer on a Sands of Time timeline: the map above, the player boards as its panel, and
    tabs following the step shown: the caravan network (networkx), the Chronicle planner and where
    caravans can reach, for the seat viewing (the teacher: every seat)."""

    def __init__(self, timeline, *, perspective=None, random_seats=(), follow_turn: bool = False, title: str = "",
                 notes=None, seed: int = 0):
        opts = timeline.state.options
        self.board = SandsBoard(data_dir=opts.data_dir)
        ex = Explorer(timeline, self.board, perspective=perspective, random_seats=random_seats,
                      follow_turn=follow_turn, title=title, notes=notes, seed=seed,
                      panel=player_board_html, wide_board=True)
        self.network = GraphView(title="Caravans: the borders with a caravan", width="560px", height="360px",
                                 x_range=X_RANGE, y_range=Y_RANGE, empty="no caravan on the map yet")
        self.planner = W.HTML()
        self.hand = CardHand()
        ex.add_chooser(self.hand)
        ex.add_chooser(MoveKind(self.board))
        super().__init__(ex, {"caravan network": self.network.widget,
                              "Chronicle planner and caravan reach": self.planner}, follow_shown=False)

    def _follow(self, state, obs) -> None:
        seat = self.explorer.perspective
        g = route_graph(state)
        kept = nx.Graph()
        for a, b, d in g.edges(data=True):
            if d["caravans"]:
                kept.add_edge(a, b)
        owners = {t: g.nodes[t]["owner"] for t in kept.nodes}
        self.network.show(kept, self.board.pos, colors={t: seat_color(o) for t, o in owners.items()})
        self.planner.value = planner_html(state, seat)


def planner_html(state, seat) -> str:
    """For ``seat`` (``None``: every seat): its Chronicles placed and in hand against what its empire has,
    and the borders its next one or two caravans can reach.  Only the seat's own cards: another's are
    hidden from it."""
    if state.phase_ in ("tiles", "trees", "start"):
        return "<i>the map is still being set up</i>"
    seats = range(state.players) if seat is None else (seat,)
    parts = []
    for q in seats:
        rows = [{"bin": r.bin, "card": r.card, "placed": "yes" if r.placed else "", "now": r.value,
                 "needs": r.threshold, "heritage": f"{r.heritage_now} / {r.heritage}", "VP": r.vp,
                 "what is missing": r.needs} for r in chronicle_plan(state, q)]
        reach = routes_within(state, q, 2) if state.capital[q] is not None else {}
        near = ", ".join(f"{a}-{b}" + (" (trade good)" if (a, b) in state.geo.goods else "")
                         for (a, b), n in sorted(reach.items()) if n == 1)
        parts.append(f"<h4 style='color:{seat_color(q)}'>Player {q + 1}</h4>"
                     + html_table(rows, style="font-size:12px;border-spacing:8px 1px")
                     + f"<p style='font-size:12px'>next caravan can go on: {html.escape(near) or 'nowhere yet'}; "
                       f"{sum(1 for n in reach.values() if n == 2)} more borders two caravans away</p>")
    return "".join(parts)


def play_game(seed: int = 1, human: int = 0, players: int = 4, options=None) -> SandsExplorer:
    """A hot-seat game: you are ``human``; the other seats play uniformly at random."""
    return play_as("sands_of_time", SandsExplorer, "The Sands of Time", seed=seed, human=human,
                   options={"players": players, **(options or {})})


def learn_generation(seed: int = 2, players: int = 3) -> SandsExplorer:
    """A whole first Generation of a random game, opened where the setup ends, with a note at the first
    step of each phase (:func:`explorer.games.sands_of_time.study.first_generation`).  The teacher's
    view: switch the perspective to a seat to see what that seat may see."""
    from explorer.engine import Timeline
    from explorer.games.sands_of_time.study import first_generation
    record, notes = first_generation(seed, players)
    tl = Timeline(record)
    tl.jump(min(notes))
    return SandsExplorer(tl, title="The Sands of Time: the first Generation", notes=notes)
