"""Decay's *Learn* helpers for the notebook: the Board Creation restrictions and the Step 2
pick-up readings drawn on tiny boards, and a narrated opening in the Explorer.

Every verdict comes from the engine's board functions (:mod:`explorer.games.decay.board`,
the same ones :mod:`explorer.games.decay.rules` uses), never from a second reckoning."""
from __future__ import annotations

import html
from dataclasses import dataclass

import ipywidgets as W

from explorer.engine import GameRecord, Timeline, random_playout
from explorer.engine.options import option_words
from explorer.games.decay import board as B

from .decay import DecayBoard, DecayExplorer
from .style import page


@dataclass(frozen=True)
class PlacementExample:
    """One Board Creation restriction shown on a tiny board: a tile tried at ``at``."""

    section: str
    title: str
    tiles: dict
    tile: str
    at: tuple
    note: str = ""

    @property
    def verdict(self) -> str | None:
        """The engine's reason for refusing it (:func:`board.placement_problem`), or None."""
        return B.placement_problem(self.tiles, self.at)


#: Each restriction of Board Creation 1 with an allowed and a refused try.
PLACEMENT_EXAMPLES = (
    PlacementExample("Board Creation 1.a", "touches a placed tile", {"Suns-2": (0, 0)}, "Moons-3", (4, 1)),
    PlacementExample("Board Creation 1.a", "touches nothing (a corner is not a touch)", {"Suns-2": (0, 0)},
                     "Moons-3", (4, 4)),
    PlacementExample("Board Creation 1.b", "touches two tiles that do not touch",
                     {"Suns-2": (0, 0), "Suns-3": (4, 1), "Suns-4": (1, -4)}, "Moons-3", (5, -3)),
    PlacementExample("Board Creation 1.b", "touches two tiles that touch each other",
                     {"Suns-2": (0, 0), "Suns-3": (4, 0)}, "Moons-3", (2, 4),
                     "with quarter offsets this only happens after a slide left a whole edge"),
    PlacementExample("Board Creation 1.c", "offset by a quarter", {"Suns-2": (0, 0)}, "Moons-3", (1, 4)),
    PlacementExample("Board Creation 1.c", "edges lined up, no offset", {"Suns-2": (0, 0)}, "Moons-3", (0, 4)),
)


def placement_lines(examples=PLACEMENT_EXAMPLES) -> list[str]:
    """Each example with the engine's verdict, as text."""
    out = []
    for ex in examples:
        v = ex.verdict
        out.append(f"{ex.section}, {ex.title}: {ex.tile} at {ex.at} -> "
                   + ("allowed" if v is None else f"refused: {v}"))
    return out


def placement_board(ex: PlacementExample, size: int = 300) -> W.VBox:
    """One example drawn, half the output's width (two side by side), its verdict under it."""
    v = ex.verdict
    board = DecayBoard(size=size, title=f"{ex.section[-3:]} {'YES' if v is None else 'NO'}", interactive=False,
                       fit=True)
    board.show(ex.tiles, ghost=ex.at, ghost_ok=v is None, highlights=())
    words = "allowed" if v is None else f"refused: {v}"
    note = f"<br><i>{html.escape(ex.note)}</i>" if ex.note else ""
    caption = W.HTML(f"<div style='font-size:12px'><i>{html.escape(ex.title)}</i><br>"
                     f"<b>{html.escape(ex.tile)} at {ex.at}</b>: {html.escape(words)}{note}</div>")
    return W.VBox([board.widget, caption], layout=W.Layout(width="49%"))


def placement_rules(examples=PLACEMENT_EXAMPLES) -> W.VBox:
    """Every Board Creation restriction as a row: a legal and an illegal try, drawn, with
    the engine's verdict (the dashed square is the tile being placed)."""
    rows = []
    by_section: dict[str, list] = {}
    for ex in examples:
        by_section.setdefault(ex.section, []).append(ex)
    for section, exs in by_section.items():
        rows.append(W.HTML(f"<b>{html.escape(section)}</b>"))
        rows.append(W.HBox([placement_board(e) for e in exs], layout=W.Layout(flex_flow="row wrap")))
    return page(W.VBox(rows))


# -- a scripted opening --------------------------------------------------------------------------
OPENING_SEED = 15


def opening_record(seed: int = OPENING_SEED, players: int = 4) -> GameRecord:
    """The roll-off, Board Creation and the first turn of a seeded random game."""
    rec, _ = random_playout("decay", {"players": players}, seed=seed, max_actions=2000)
    states = rec.states()
    end = next(i for i, s in enumerate(states) if s.turns >= 2 or s.is_terminal())
    return GameRecord(rec.game, rec.options, rec.seed, rec.actions[:end])


def opening_notes(record: GameRecord) -> dict[int, str]:
    """Narration for the opening, keyed by the first step of each stage."""
    states = record.states()
    notes = {0: ("<b>Setup 2</b>: every player rolls their die; the highest roll starts "
                 "(ties roll again). Press ▶ to step.")}

    def first(pred, start=0):
        return next((i for i in range(start, len(states)) if pred(states[i])), None)

    i = first(lambda s: s.phase in ("choose_tile", "place_tile"))
    if i is not None:
        notes[i] = ("<b>Board Creation 1</b>: in turn, each side picks one of its six tiles and places it. "
                    "The first tile goes anywhere (here at (0, 0)); every later one must touch the board "
                    "(1.a), must not touch two tiles that touch each other (1.b) and must be offset by at "
                    "least a quarter from every tile it touches (1.c). Stepping through, the board shows "
                    "each tile where it went; where a choice is open (at the last step, or after "
                    "<i>branch here</i>), orange dots mark the legal spots and grey ones spots that are "
                    "refused: a click on one says why.")
    j = first(lambda s: s.round >= 1)
    if j is not None:
        notes[j] = ("<b>Board Creation 2</b>: with all 24 tiles down, each pawn starts on its own ace. "
                    "<b>Normal Play Step 1</b>: the side to move must move its pawn to touching tiles, paying "
                    "for each: one coin of the tile's suit, or as many coins as its value (null is free). "
                    "Where a choice is open (at the last step, or after <i>branch here</i>), orange rings mark "
                    "the tiles it may step onto; the <i>where can a pawn go?</i> tab lists every tile it can "
                    "reach this turn with the cheapest payment.")
    k = first(lambda s: s.phase in ("pick_up", "pay_pick_up", "put_down"), j or 0)
    if k is not None:
        notes[k] = ("<b>Normal Play Step 2</b>: the pawn has stopped. Now the side may pay to lift one tile "
                    "touched on at most two sides that meet at a corner, and put it down by the Board "
                    "Creation rules (not against the same side of a former neighbour). The die marks it; "
                    "a split board loses its smaller part, and a moved tile attacks the enemy tiles it "
                    "touches. Try the <i>what if I move a tile?</i> tab.")
    m = first(lambda s: s.phase in ("slide", "slide_to", "pay_slide"), k or j or 0)
    if m is not None:
        notes[m] = ("<b>Normal Play Step 3</b>: for a coin each, tiles touched on three sides may slide "
                    "toward their open side; then the turn ends, spent coins come back, and the next player "
                    "moves.")
    return notes


def turn_events(timeline: Timeline, turn: int = 1) -> list:
    """``(step, event)`` for every rule that fired during Normal Play turn ``turn``."""
    n = len(timeline)
    steps = [i for i in range(n + 1) if timeline.state_at(i).turns == turn]
    if not steps:
        return []
    return timeline.events(steps[0] - 1, min(steps[-1] + 1, n))


def learn_opening(seed: int = OPENING_SEED, players: int = 4) -> DecayExplorer:
    """The scripted opening in the Explorer, narrated stage by stage, from the first step."""
    rec = opening_record(seed, players)
    view = DecayExplorer(Timeline(rec), title="Decay: an opening, step by step", notes=opening_notes(rec))
    view.record = rec
    return view


# -- Step 2: which tiles may be lifted, under both readings ---------------------------------------
#: A small board for the Step 2.a figure the rulebook text lost: Moons-3 is touched on two
#: opposite sides (west and east), Crowns-4 on three, the others on one side or two that
#: meet at a corner.
MOVABILITY_BOARD = {"Suns-2": (0, 0), "Moons-3": (4, 1), "Crowns-4": (8, 2), "Arms-5": (9, 6),
                    "Suns-3": (9, -2), "Arms-2": (-1, 4)}
READINGS = (("our reading", False), ("the other reading", True))


def movable_under(tiles, opposite_sides_movable: bool) -> list[str]:
    """The tiles whose touched sides allow a lift (Step 2.a, geometry only) under a reading."""
    lay = B.Layout(tiles)
    return sorted(t for t in tiles if lay.may_pick_up(t, opposite_counts_as_adjacent=opposite_sides_movable))


def movability_lines(tiles=MOVABILITY_BOARD) -> list[str]:
    """Per tile: the sides touched and the verdict under each reading."""
    lay = B.Layout(tiles)
    verdicts = {o: set(movable_under(tiles, o)) for _, o in READINGS}
    out = []
    for t in sorted(tiles):
        sides = "".join(s for s in B.SIDES if s in lay.touched_sides(t))
        words = ", ".join(f"{name}: {'may move' if t in verdicts[o] else 'stays'}" for name, o in READINGS)
        out.append(f"{t} touched on {sides}: {words}")
    return out


def movable_readings(tiles=MOVABILITY_BOARD, size: int = 300) -> W.VBox:
    """The same board twice, the tiles that may be lifted ringed in orange: on the left
    under our reading (a tile touched on two opposite sides stays), on the right under
    the option ``opposite_sides_movable`` (only the count of touched sides matters)."""
    boards = []
    for name, opposite in READINGS:
        movable = movable_under(tiles, opposite)
        board = DecayBoard(size=size, title=f"{name}: {len(movable)} may move", interactive=False, fit=True)
        board.show(tiles, highlights=[("tile", t) for t in movable])
        boards.append(W.Box([board.widget], layout=W.Layout(width="49%")))
    other = option_words("decay", "opposite_sides_movable", True)
    caption = W.HTML("<div style='font-size:12px'><i>Orange: may be lifted in Step 2 (other limits, such as "
                     f"dice, aces and coins, aside). The other reading: {html.escape(other)}.</i><br>"
                     + "<br>".join(html.escape(x) for x in movability_lines(tiles)) + "</div>")
    return page(W.VBox([W.HBox(boards), caption]))
