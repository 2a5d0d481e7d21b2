"""Decay's board as geometry: square tiles laid edge to edge with offsets.

Positions live on a quarter-tile lattice: a tile is 4x4 units and its position is the
integer (x, y) of its lower-left corner, so it covers ``[x, x+4] x [y, y+4]``; ``y``
grows to the north.  Every offset the rulebook allows (a quarter of a side or more)
is representable, and two tiles

- *overlap* when their interiors meet (``|dx| < 4 and |dy| < 4``) — never allowed;
- *touch* on a side when they are edge to edge with a positive length in common
  (e.g. ``dx == 4 and |dy| < 4``: the first tile's east side touches the second's
  west side over ``4 - |dy|`` units); corners alone do not touch;
- *share a whole edge* when they touch with no offset (``dy == 0``), which placements
  may not do (Board Creation 1.c).

Everything here works on plain mappings ``{tile name: (x, y)}`` so that rules, views,
calculators and property tests use the same functions.  The board's adjacency graph
(:func:`adjacency`) is a networkx Graph rebuilt from positions.
"""
from __future__ import annotations

from itertools import combinations, compress
from typing import NamedTuple
from collections.abc import Iterable, Mapping

import networkx as nx

from . import spots as S
from .connectivity import Connectivity
from .spots import CELL, SHIFT

SIZE = 4                       # a tile's side, in quarter units
SIDES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
ADJACENT_SIDES = {frozenset(p) for p in (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N"))}

Pos = tuple[int, int]


def overlaps(a: Pos, b: Pos) -> bool:
    return abs(a[0] - b[0]) < SIZE and abs(a[1] - b[1]) < SIZE


def contact(a: Pos, b: Pos) -> tuple[str, int] | None:
    """Which side of the tile at ``a`` touches the tile at ``b``, and over how many
    units; None if they do not touch."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) == SIZE and abs(dy) < SIZE:
        return ("E" if dx > 0 else "W"), SIZE - abs(dy)
    if abs(dy) == SIZE and abs(dx) < SIZE:
        return ("N" if dy > 0 else "S"), SIZE - abs(dx)
    return None


def whole_edge(a: Pos, b: Pos) -> bool:
    """The two tiles touch along an entire edge (no offset)."""
    c = contact(a, b)
    return c is not None and c[1] == SIZE


def contacts(positions: Mapping[str, Pos], name: str) -> dict[str, str]:
    """``{neighbour: side of name it touches}`` for the tile ``name``."""
    p = positions[name]
    out = {}
    for other, q in positions.items():
        if other != name:
            c = contact(p, q)
            if c is not None:
                out[other] = c[0]
    return out


def touched_sides(positions: Mapping[str, Pos], name: str) -> set[str]:
    return set(contacts(positions, name).values())


def adjacency(positions: Mapping[str, Pos]) -> nx.Graph:
    """Tiles as nodes; an edge for every pair that touches, with the side of each end
    (``sides[name]``) and the length in common (``overlap``)."""
    g = nx.Graph()
    g.add_nodes_from(positions)
    names = list(positions)
    for i, a in enumerate(names):
        pa = positions[a]
        for b in names[i + 1:]:
            c = contact(pa, positions[b])
            if c is not None:
                g.add_edge(a, b, sides={a: c[0], b: OPPOSITE[c[0]]}, overlap=c[1])
    return g


def placement_problem(positions: Mapping[str, Pos], at: Pos, *, ignore: Iterable[str] = ()) -> str | None:
    """Why a tile may not be placed at ``at`` among ``positions`` (Board Creation 1.a-c),
    or None if it may.  ``ignore``: tiles to leave out (the tile being moved)."""
    skip = set(ignore)
    touching = []
    for other, q in positions.items():
        if other in skip:
            continue
        if overlaps(at, q):
            return f"it would lie on top of {other}"
        c = contact(at, q)
        if c is not None:
            if c[1] == SIZE:
                return f"it would share a whole edge with {other}; offset it by at least a quarter"
            touching.append(other)
    if not touching:
        return "it must touch at least one tile already placed"
    for i, a in enumerate(touching):
        for b in touching[i + 1:]:
            if contact(positions[a], positions[b]) is not None:
                return f"the tiles it touches, {a} and {b}, touch each other"
    return None


def candidate_positions(positions: Mapping[str, Pos], *, ignore: Iterable[str] = ()) -> set[Pos]:
    """Every lattice position edge to edge with some tile with a non-zero offset (a
    superset of the legal placements)."""
    skip = set(ignore)
    out = set()
    for name, (x, y) in positions.items():
        if name in skip:
            continue
        for off in (-3, -2, -1, 1, 2, 3):
            out.add((x + SIZE, y + off))
            out.add((x - SIZE, y + off))
            out.add((x + off, y + SIZE))
            out.add((x + off, y - SIZE))
    return out


def legal_placements(positions: Mapping[str, Pos], *, ignore: Iterable[str] = ()) -> list[Pos]:
    skip = set(ignore)
    return sorted(p for p in candidate_positions(positions, ignore=skip)
                  if placement_problem(positions, p, ignore=skip) is None)


def repeated_contacts(positions: Mapping[str, Pos], name: str, to: Pos) -> list[tuple[str, str]]:
    """Step 2.d: the former neighbours that the tile ``name``, put down at ``to``, would
    touch again on the same side as before, as ``(neighbour, side of name)``."""
    out = []
    for other, side in sorted(contacts(positions, name).items()):
        c = contact(to, positions[other])
        if c is not None and c[0] == side:
            out.append((other, side))
    return out


def components(positions: Mapping[str, Pos]) -> list[set[str]]:
    return [set(c) for c in nx.connected_components(adjacency(positions))]


def is_connected(positions: Mapping[str, Pos]) -> bool:
    return len(positions) <= 1 or nx.is_connected(adjacency(positions))


def may_pick_up(positions: Mapping[str, Pos], name: str, *, opposite_counts_as_adjacent: bool = False) -> bool:
    """Step 2 (geometry only): a tile touched on at most two sides, and when two, on two
    sides that meet at a corner (see Interpretations in :mod:`rules`)."""
    return pick_up_sides_ok(touched_sides(positions, name), opposite_counts_as_adjacent=opposite_counts_as_adjacent)


def slide_side(positions: Mapping[str, Pos], name: str) -> str | None:
    """Step 3: a tile touched on exactly three sides slides toward its free side."""
    sides = touched_sides(positions, name)
    if len(sides) != 3:
        return None
    (free,) = set(SIDES) - sides
    return free


def slide_stops(positions: Mapping[str, Pos], name: str) -> list[tuple[int, Pos]]:
    """Step 3: the distances (quarter units) the tile ``name`` may slide toward its
    free side, with the resulting position.  The slide stops at the first new contact,
    keeps contact with at least two of the tiles it touched, and never splits the board."""
    side = slide_side(positions, name)
    if side is None:
        return []
    original = set(contacts(positions, name))
    sx, sy = STEP[side]
    x, y = positions[name]
    others = {k: v for k, v in positions.items() if k != name}
    out = []
    for d in range(1, 3 * SIZE):
        p = (x + sx * d, y + sy * d)
        if any(overlaps(p, q) for q in others.values()):
            break
        now = {k for k, q in others.items() if contact(p, q) is not None}
        if len(now & original) < 2:
            break
        moved = dict(positions)
        moved[name] = p
        if is_connected(moved):
            out.append((d, p))
        if now - original:          # a new contact: the slide must stop here
            break
    return out


def split(positions: Mapping[str, Pos], keep_first: Iterable[str] = (),
          parts: list[set[str]] | None = None) -> tuple[set[str], list[set[str]]]:
    """Resolving a split board: the section that stays and the sections removed.

    The largest section stays; among equally large ones, the first that holds a tile
    of ``keep_first`` (the mover's tile, then the moved tile) stays.  ``parts``: the
    board's :func:`components` when the caller has them (e.g. from a Layout); their
    order does not matter."""
    if parts is None:
        parts = components(positions)
    if len(parts) <= 1:
        return (parts[0] if parts else set()), []
    best = max(map(len, parts))
    largest = [p for p in parts if len(p) == best]
    stay = None
    for t in keep_first:
        for p in largest:
            if t in p:
                stay = p
                break
        if stay is not None:
            break
    if stay is None:
        stay = min(largest, key=min)
    return stay, [p for p in parts if p is not stay]


def pick_up_sides_ok(sides: Iterable[str], *, opposite_counts_as_adjacent: bool = False) -> bool:
    """:func:`may_pick_up` on a set of touched sides (for callers that know them)."""
    sides = set(sides)
    if len(sides) <= 1:
        return True
    if len(sides) == 2:
        return opposite_counts_as_adjacent or frozenset(sides) in ADJACENT_SIDES
    return False


#: ``{opposite_counts_as_adjacent: the sets of touched sides that allow a pick-up}``
#: (:func:`pick_up_sides_ok` on every subset of the four sides).
_LIFT_SIDES = {opp: frozenset(frozenset(c) for r in range(5) for c in combinations(SIDES, r)
                              if pick_up_sides_ok(c, opposite_counts_as_adjacent=opp))
               for opp in (False, True)}


class _SlideWay(NamedTuple):
    """Step 3 for a tile touched on all sides but ``side``, which it slides toward.  A
    tile ``b`` units ahead of it and ``a`` units aside, its corner ``d`` (an int offset,
    as :mod:`.spots` keys) from the sliding tile's, is looked up instead of reckoned."""

    side: str
    back: str
    #: ``{d: units a side neighbour keeps touching}``: ``b + 3`` (``|a| == 4``)
    reach: dict
    #: ``{d: units slid when it is first touched}`` for the tiles ahead it may meet:
    #: ``b - 3`` aside (``|a| == 4``), ``b - 4`` in line (``|a| < 4``)
    meets: dict
    #: the cells ahead of a cell (:data:`.spots.AHEAD`)
    ahead: dict


def _slide_way(side: str) -> _SlideWay:
    sx, sy = STEP[side]

    def d(a, b):                # the corner offset of a tile b ahead and a aside
        return ((b * sx + a * abs(sy)) << S.SHIFT) + b * sy + a * abs(sx)
    reach = {d(a, b): b + 3 for a in (SIZE, -SIZE) for b in range(1 - SIZE, SIZE)}
    meets = {d(a, b): (b - 3 if abs(a) == SIZE else b - SIZE)
             for a in range(-SIZE, SIZE + 1) for b in range(SIZE, 6 * SIZE)}
    return _SlideWay(side, OPPOSITE[side], reach, meets, S.AHEAD[side])


#: ``{the three sides a tile is touched on: its _SlideWay}`` (Step 3: a tile touched on
#: exactly three sides slides toward the fourth).
_SLIDE_WAY = {frozenset(SIDES) - {s}: _slide_way(s) for s in SIDES}


class Layout(Connectivity):
    """One board position indexed for fast questions; every answer equals the plain
    function of the same name above (the tests compare them).  Which tiles hang together
    (sections, splits) it answers with :class:`.connectivity.Connectivity`.

    Tiles never overlap, so a 4x4 cell of the plane holds at most one tile's lower-left
    corner: ``cell`` (``{cell: tile}``, cells as :func:`.spots.cell_key`, whose formula the
    hot methods write out to save a call) finds every tile that could overlap or touch a
    spot among nine cells instead of the whole board.
    A state keeps its Layout for as long as its positions do not change, and a tile put
    down, moved or slid makes the next Layout from this one (:meth:`with_tile`,
    :meth:`without`, :meth:`moved`), carrying the legal placements over.

    ``legal`` is the set of the legal placements of a new tile on this board (Board
    Creation 1.a-c), a :class:`.spots.SpotSet` of int spots, or None until asked for.  Whether a spot is
    legal depends only on the tiles within a tile's side of it, so when a tile comes or
    goes only the spots of its box are decided again, by the tiles around it
    (:func:`.spots.legal_in_box`); everything else is carried over.  It serves Board Creation
    (``place_tile``), Step 2.d (``put_downs``: the legal placements of the board without
    the lifted tile, less the spots touching a former neighbour's same side) and Step
    2's "can it be put down anywhere" test."""

    __slots__ = ("pos", "corner", "cell", "nbrs", "memo", "legal", "sides", "own")

    def __init__(self, positions: Mapping[str, Pos]):
        self.pos = positions
        #: ``{tile: its corner as an int spot}``
        self.corner = {n: S.key(x, y) for n, (x, y) in positions.items()}
        self.cell = {S.cell_key(x, y): n for n, (x, y) in positions.items()}
        if len(self.cell) != len(positions):
            raise ValueError("tiles overlap: a Layout needs a legal board")
        #: ``{tile: {neighbour: side of tile it touches}}``, as :func:`contacts`.
        self.nbrs = {n: self._touching(p, n) for n, p in positions.items()}
        #: Values derived from this board position, kept as long as it lives: put-down
        #: spots and sets, the boards without a tile, the sections (``"parts"``), the
        #: liftable, three-sided and slide answers and the networkx graph (Step 1's
        #: tables live with the turn, in :mod:`.move_pawn`).  Nothing in it is ever changed.
        self.memo: dict = {}
        self.legal: S.SpotSet | None = None
        #: ``{tile: frozenset of the sides it is touched on}``, or None until asked for
        #: (:meth:`_sides`); carried over like ``legal``: only the tiles whose contacts
        #: changed are looked at again.
        self.sides: dict[str, frozenset] | None = None
        #: The token of the random playout that made this Layout (the state's ``_own``,
        #: see :class:`.engine.machine.PhasedState`), or None.  Nobody but that playout's
        #: state holds such a Layout or its ``pos``, so while the playout runs, a tile put
        #: in, moved or taken away changes them in place (the ``own`` argument of
        #: :meth:`with_tile`, :meth:`moved` and :meth:`without_all`) instead of copying
        #: the indexes.  Such a playout only applies actions its state offered, so a
        #: change never stops halfway on a refused spot (with no token, the board asked
        #: is left as it was).
        self.own = None

    @staticmethod
    def _derived(pos, corner, cell, nbrs, sides) -> Layout:
        """A Layout made from indexes another one updated (no legal spots yet)."""
        new = Layout.__new__(Layout)
        new.pos, new.corner, new.cell, new.nbrs, new.sides = pos, corner, cell, nbrs, sides
        new.memo, new.legal, new.own = {}, None, None
        return new

    def _changing(self, own) -> tuple:
        """The indexes a change makes its new Layout from: this Layout's own when the
        playout ``own`` made it (changed in place), else copies (:meth:`_indexes`)."""
        if own is not None and self.own is own:
            return self.corner, self.cell, self.nbrs, self.sides
        return self._indexes()

    def _renewed(self, pos, indexes, own) -> Layout:
        """The Layout of ``pos`` over ``indexes`` (from :meth:`_changing`): this one, its
        answers forgotten, when they are its own (and ``pos`` its own, changed), else a
        new one; made by ``own``."""
        if indexes[0] is self.corner:
            new = self
            new.pos, new.memo, new.legal = pos, {}, None
        else:
            new = Layout._derived(pos, *indexes)
        new.own = own
        return new

    def _near(self, at: Pos) -> list[str]:
        """The tiles whose corners lie within a cell of ``at``'s: all that may overlap or
        touch a tile there."""
        return list(filter(None, map(self.cell.get, S.NEAR[S.cell_key(*at)])))

    def _touching(self, at: Pos, skip: str | None) -> dict[str, str]:
        out = {}
        for n in self._near(at):
            if n != skip:
                c = contact(at, self.pos[n])
                if c is not None:
                    out[n] = c[0]
        return out

    def touched_sides(self, name: str) -> set[str]:
        return set(self.nbrs[name].values())

    def may_pick_up(self, name: str, *, opposite_counts_as_adjacent: bool = False) -> bool:
        return pick_up_sides_ok(self.nbrs[name].values(), opposite_counts_as_adjacent=opposite_counts_as_adjacent)

    def slide_side(self, name: str) -> str | None:
        way = _SLIDE_WAY.get(frozenset(self.nbrs[name].values()))
        return None if way is None else way.side

    # -- legal placements (Board Creation 1.a-c), as int spots ------------------------------------
    def legal_spots(self) -> S.SpotSet:
        """The legal placements of a new tile (see ``legal`` above); do not change it,
        Layouts built from this one share what they can."""
        legal = self.legal
        if legal is None:
            # every legal spot touches a tile, so it lies in that tile's box: none lies
            # below the lowest box row
            legal = S.SpotSet()
            corner, nbrs = self.corner, self.nbrs
            for k in corner.values():
                legal.splice(k, S.legal_in_box(k, corner, nbrs))
            self.legal = legal
        return legal

    def legal_keys(self) -> list[int]:
        """:meth:`legal_spots` as sorted int spots (do not change the list)."""
        return self.legal_spots().keys()

    def legal_placements(self, *, ignore: str | None = None) -> list[Pos]:
        """:func:`legal_placements` (memoized; do not change the list)."""
        lay = self if ignore is None else self.without(ignore)
        out = lay.memo.get("legal")
        if out is None:
            out = lay.memo["legal"] = [S.spot(k) for k in lay.legal_keys()]
        return out

    def _indexes(self):
        """Copies of the indexes (and the touched sides, if known) for a Layout made
        from this one; copies keep the order of the tiles."""
        sides = self.sides
        return (self.corner.copy(), self.cell.copy(), self.nbrs.copy(),
                None if sides is None else sides.copy())

    def _take_out(self, gone, corner, cell, nbrs, sides) -> None:
        """Take the tiles ``gone`` (a set) out of the indexes (copies of this Layout's,
        or its own: ``pos`` is still the one they index)."""
        pos = self.pos
        if len(gone) == 1:          # a tile lifted or slid: its neighbours lose it
            (name,) = gone
            x, y = pos[name]
            del corner[name], cell[(x >> 2) * CELL + (y >> 2)]
            if sides is not None:
                del sides[name]
            for n in nbrs.pop(name):
                nbrs[n] = left = nbrs[n].copy()
                del left[name]
                if sides is not None:
                    sides[n] = frozenset(left.values())
            return
        around = []
        for name in gone:
            x, y = pos[name]
            del corner[name], cell[(x >> 2) * CELL + (y >> 2)]
            around.append(nbrs.pop(name))
            if sides is not None:
                del sides[name]
        for touched in around:
            for n in touched:
                if n not in gone:
                    nbrs[n] = left = {m: side for m, side in nbrs[n].items() if m not in gone}
                    if sides is not None:
                        sides[n] = frozenset(left.values())

    @staticmethod
    def _put_in(name: str, k: int, at_cell: int, corner, cell, nbrs, sides) -> tuple[dict, int, int]:
        """Put the tile ``name`` with its corner at ``k`` into the indexes (from
        :meth:`_changing`).  The tiles around it decide its box: their masks, gathered in
        the same look at them as the tiles it touches, are returned as
        :func:`.spots.box_legal` takes them (``name`` last, as :func:`.spots.legal_in_box`
        would gather them on the board with ``name``)."""
        if at_cell in cell:
            raise ValueError(f"{name} cannot go on top of another tile")
        around = S.AROUND.get
        touching = {}
        touch = {}
        seen = twice = 0
        # the tiles around, in the board's order: those it touches, and those deciding its box
        for n, c in corner.items():
            ms = around(c - k)
            if ms is not None:
                t, side = ms
                if side is not None:
                    touching[n] = side
                touch[n] = t
                twice |= seen & t
                seen |= t
        touch[name] = t = S.MASKS[0]
        twice |= seen & t
        for n, side in touching.items():
            nbrs[n] = {**nbrs[n], name: OPPOSITE[side]}
        nbrs[name] = touching
        if sides is not None:
            for n in touching:
                sides[n] = frozenset(nbrs[n].values())
            sides[name] = frozenset(touching.values())
        corner[name] = k
        cell[at_cell] = name
        return touch, seen | t, twice

    def _placed(self, name: str, at: Pos, indexes, legal: S.SpotSet | None, own, given: bool) -> Layout:
        """The Layout with the tile ``name`` put in at ``at`` into ``indexes`` (from
        :meth:`_changing`, ``name`` not in them), and ``legal`` the legal spots before it
        came (if known) carried over: only its box changes.  When
        ``given``, ``legal`` is the caller's to give away (nobody else holds it) and
        becomes the new Layout's without a copy."""
        x, y = at
        if not -S.HALF < y < S.HALF:
            S.key(x, y)             # refuses it
        k = (x << SHIFT) + y        # S.key(x, y), written out
        corner, cell, nbrs, sides = indexes
        box = self._put_in(name, k, (x >> 2) * CELL + (y >> 2), corner, cell, nbrs, sides)
        if corner is self.corner:   # its own: pos too (the tile keeps its place in it)
            pos = self.pos
            pos[name] = at
        else:
            pos = {**self.pos, name: at}
        new = self._renewed(pos, indexes, own)
        if legal is not None:
            if not given:
                legal = legal.copy()
            legal.splice(k, S.box_legal(*box, nbrs))
            new.legal = legal
        return new

    def with_tile(self, name: str, at: Pos, own=None) -> Layout:
        """This board with the tile ``name`` added at ``at`` (Board Creation), built from
        this one: only what lies within a tile's reach of ``at`` is looked at again, and
        the legal placements, if known here, are carried over the same way.  ``own``:
        the playout asking, if any (see ``own`` above)."""
        if name in self.pos:
            raise ValueError(f"{name} is on the board already")
        indexes = self._changing(own)
        return self._placed(name, at, indexes, self.legal, own, indexes[0] is self.corner)

    def without(self, name: str) -> Layout:
        """This board with the tile ``name`` taken away (Step 2.c), built from this one
        like :meth:`with_tile` (memoized)."""
        key = ("without", name)
        new = self.memo.get(key)
        if new is None:
            new = self.memo[key] = self.without_all((name,))
        return new

    def without_all(self, names, own=None) -> Layout:
        """This board with the tiles ``names`` taken away (a section removed when the
        board splits, or one tile lifted), built from this one.  ``own``: the playout
        asking, if any (see ``own`` above)."""
        gone = set(names)
        old, corner, pos = self.legal, self.corner, self.pos
        boxes = [corner[name] for name in gone] if old is not None else ()
        indexes = self._changing(own)
        self._take_out(gone, *indexes)
        if indexes[0] is not corner:
            pos = pos.copy()
        for name in gone:
            del pos[name]
        new = self._renewed(pos, indexes, own)
        if old is not None:
            # each box decided on the new board: where two boxes meet they agree
            legal = old if new is self else old.copy()
            corner, nbrs = new.corner, new.nbrs
            for k in boxes:
                legal.splice(k, S.legal_in_box(k, corner, nbrs))
            if len(gone) > 1:       # a section left: its columns too
                legal.trim()
            new.legal = legal
        return new

    def _legal_without(self, name: str) -> S.SpotSet:
        """:meth:`legal_spots` of the board without the tile ``name`` (memoized), from
        this board's indexes: only the box of ``name`` changes, decided by the tiles
        around it but ``name`` (:func:`.spots.legal_in_box`)."""
        key = ("legal_without", name)
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = self._made_without(name)
        return out

    def _made_without(self, name: str) -> S.SpotSet:
        """:meth:`_legal_without`, made anew (the caller's own)."""
        k = self.corner[name]
        out = (self.legal if self.legal is not None else self.legal_spots()).copy()
        out.splice(k, S.legal_in_box(k, self.corner, self.nbrs, name))
        return out

    def moved(self, name: str, to: Pos, own=None) -> Layout:
        """This board with the tile ``name`` moved to ``to`` (Step 2.d, Step 3), built
        from this one as :meth:`without` then :meth:`with_tile` would, in one step; the
        tiles keep their order in ``pos``.  ``own``: the playout asking, if any (see
        ``own`` above)."""
        legal = None
        if self.legal is not None:
            # Step 2.d listed the put-downs from _legal_without's answer: the new Layout
            # takes it over (a later question makes it again), Step 3 makes its own
            legal = self.memo.pop(("legal_without", name), None)
            if legal is None:
                legal = self._made_without(name)
        indexes = self._changing(own)
        self._take_out((name,), *indexes)
        return self._placed(name, to, indexes, legal, own, True)

    # -- Step 2.d: where a lifted tile may go --------------------------------------------------------
    def put_down_set(self, name: str) -> S.SpotSet:
        """Step 2.d for the tile ``name``: the legal placements of the board without it,
        less the spots where it would touch one of its present neighbours with the same
        side as now (memoized; do not change it)."""
        key = ("put_set", name)
        out = self.memo.get(key)
        if out is None:
            out = self._legal_without(name).copy()
            pos, run = self.pos, S.SIDE_TOUCH_RUN
            for n, side in self.nbrs[name].items():
                x, y = pos[n]
                dx, columns, dy, rows = run[side]
                out.clear(x + dx, y + dy, rows, columns)
            self.memo[key] = out
        return out

    def put_down_keys(self, name: str) -> list[int]:
        """:meth:`put_down_set` as sorted int spots (do not change the list)."""
        return self.put_down_set(name).keys()

    def put_downs(self, name: str) -> list[Pos]:
        """:meth:`put_down_keys` as sorted (x, y) spots (memoized)."""
        key = ("put", name)
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = [S.spot(k) for k in self.put_down_keys(name)]
        return out

    def legal_span(self) -> tuple[int, int]:
        """The westmost and eastmost columns of the legal spots (:meth:`can_put_down`
        reads them; kept in ``memo["span"]``).  A board with a tile always has legal
        spots (its northmost tile of the westmost column has one just west of it); with
        none, a span no tile is beyond."""
        span = self.memo.get("span")
        if span is None:
            legal = self.legal if self.legal is not None else self.legal_spots()
            span = self.memo["span"] = legal.span() or (float("inf"), float("-inf"))
        return span

    def can_put_down(self, name: str) -> bool:
        """Whether :meth:`put_down_set` is not empty.  A legal spot of this board more than
        two tiles' sides from ``name`` (in x) neither touches nor overlaps it, so it stays
        legal without it, and keeps off the former neighbours' same sides (they all lie
        within two sides): the westmost and eastmost columns of legal spots (kept per board
        in ``memo["span"]``) answer at once for almost every tile, the rest are memoized."""
        x = self.pos[name][0]
        span = self.legal_span()
        if span[0] < x - 2 * SIZE or span[1] > x + 2 * SIZE:
            return True
        key = ("any", name)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = bool(self.put_down_set(name))
        return got

    def slide_stops(self, name: str) -> list[tuple[int, Pos]]:
        """:func:`slide_stops`, reckoned from the tiles' offsets instead of stepping.

        Measured along the slide, a tile ``b`` units ahead of the sliding one and ``a``
        units aside: a side neighbour (``|a| == 4``) keeps touching it for ``b + 3``
        units; the tiles behind let go at once (a three-sided tile has one); a tile not
        touching it now first touches it after ``b - 4`` units when in line (``|a| <
        4``, before it could overlap) or ``b - 3`` when aside (``|a| == 4``).  So a slide
        never overlaps a tile before it touches a new one, where it stops, and keeps two
        old neighbours as long as two side neighbours reach.  Only the tiles whose corners
        lie in the cells ahead (:data:`.spots.AHEAD`) can be met within a slide's reach.

        The board stays whole at a distance when the sections left without the tile are
        all reached by the side neighbours still touching it (and, where it stops on a new
        contact, the tiles met): fewer neighbours touch the farther it goes, so every
        distance up to the one where the last needed neighbour lets go keeps it whole,
        and only the stop on a new contact may add one more."""
        nbrs = self.nbrs
        mine = nbrs[name]
        sides = self.sides
        way = _SLIDE_WAY.get(frozenset(mine.values()) if sides is None else sides[name])
        if way is None:
            return []
        back = way.back
        corner, k = self.corner, self.corner[name]
        reach_of = way.reach
        reach = []              # (units a side neighbour keeps touching, tile)
        behind = []
        for n, touched in mine.items():
            if touched == back:
                if len(nbrs[n]) == 1:
                    return []   # a tile behind touching only this one is cut off at once
                behind.append(n)
            else:
                reach.append((reach_of[corner[n] - k], n))
        if len(reach) < 2:
            return []
        reach.sort(reverse=True)
        last = min(reach[1][0], 3 * SIZE - 1)
        if last < 1:
            return []
        first, met = 3 * SIZE, ()   # the first new contact within the slide's reach, and its tiles
        x, y = self.pos[name]
        meets = way.meets.get
        for n in filter(None, map(self.cell.get, way.ahead[(x >> 2) * CELL + (y >> 2)])):
            at = meets(corner[n] - k)
            if at is None:
                continue
            if at < first:
                first, met = at, (n,)
            elif at == first:
                met += (n,)
        if first < last:
            last = first
            if last < 1:
                return []
        # the tiles behind let go at once: a slide keeps one of them connected only
        # through a side neighbour still touching or a tile met
        if behind and (first != last or not met):
            # On a board without a loop (a tree), the tile behind reaches the side
            # neighbours only through this tile: no slide keeps the board whole.
            tree = self.memo.get("tree")
            if tree is None:
                tree = self.memo["tree"] = sum(map(len, nbrs.values())) == 2 * (len(nbrs) - 1)
            if tree:
                return []
        keep = {n for r, n in reach if r >= 1}.union(met if first == last else ())
        for n in behind:
            if not self._reaches(n, name, keep):
                return []
        # The sections of the board without this tile: each holds a side neighbour or a
        # tile behind, and the tiles behind reach a tile kept (a side neighbour or a tile
        # met), so the side neighbours and the tiles met find them all.
        sections = self._sections_of(name, [n for _, n in reach] + list(met))
        parts = sections[None]
        # the farthest distance up to which the side neighbours alone reach every section
        whole, seen = 0, set()
        for r, n in reach:
            seen.add(sections[n])
            if len(seen) == parts:
                whole = r
                break
        sx, sy = STEP[way.side]
        out = [(d, (x + sx * d, y + sy * d)) for d in range(1, min(whole, last) + 1)]
        if whole < first == last:
            now = {sections[n] for r, n in reach if r >= first}
            now.update(sections[n] for n in met)
            if len(now) == parts:
                out.append((first, (x + sx * first, y + sy * first)))
        return out

    # -- per-position answers for Step 2.a and Step 3 (memoized: a state asks them every
    #    turn, and a Layout lives as long as its position) --------------------------------
    def _sides(self) -> dict[str, frozenset]:
        """``{tile: the sides it is touched on}`` (see ``sides``; do not change it)."""
        out = self.sides
        if out is None:
            out = self.sides = {t: frozenset(d.values()) for t, d in self.nbrs.items()}
        return out

    def liftable(self, opposite_counts_as_adjacent: bool = False) -> list[str]:
        """The tiles, sorted, whose touched sides allow a pick-up (:meth:`may_pick_up`)."""
        key = ("liftable", opposite_counts_as_adjacent)
        out = self.memo.get(key)
        if out is None:
            sides = self.sides if self.sides is not None else self._sides()
            ok = _LIFT_SIDES[opposite_counts_as_adjacent]
            out = self.memo[key] = sorted(compress(sides, map(ok.__contains__, sides.values())))
        return out

    def three_sided(self) -> list[str]:
        """The tiles, sorted, touched on exactly three sides (:meth:`slide_side`)."""
        out = self.memo.get("three")
        if out is None:
            sides = self.sides if self.sides is not None else self._sides()
            # the sets of three sides are the keys of _SLIDE_WAY
            out = self.memo["three"] = sorted(compress(sides, map(_SLIDE_WAY.__contains__, sides.values())))
        return out

    def stops(self, name: str) -> list[tuple[int, Pos]]:
        """:meth:`slide_stops`, memoized."""
        key = ("stops", name)
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = self.slide_stops(name)
        return out
