"""Conspiracy's board geometry and its coin chains.

The board has a fixed number of columns (3 in the rulebook) and as many rows as tiles
reach: row 0 is the Present, row r >= 1 is Future r (Take Actions 5.a.iii.c-d).  A
face-down tile shows its back, a 2x2 grid, and coins sit in those cells (5.a.ii.d), so
coin positions use a *cell* lattice twice as fine as the tile lattice: the tile at
``(column, row)`` covers cells ``x in {2c, 2c+1}``, ``y in {2r, 2r+1}``.  Cells with
``y`` 0 or 1 are in the Present row; ``y == 2`` is the top edge of Future 1.

A coin points at one of its eight neighbours (:data:`DIRECTIONS`, ``y`` grows toward
the future).  The chains of coins pointing at coins or face-up tiles form the
networkx graph :func:`coin_graph` that the views draw; the Reveal Coin rules follow the
same pointers on plain mappings (:func:`pointers`, :func:`chain_reaction`).

The functions here take plain mappings so that views and calculators can call them:
``tiles: {(column, row): TileSpot}``, ``coins: {(x, y): CoinSpot}``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple
from collections.abc import Mapping

if TYPE_CHECKING:                 # networkx is imported when a graph is made: not for every page
    import networkx as nx

#: Compass names and (dx, dy) steps; north points toward the Present row.
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("N", 0, -1), ("NE", 1, -1), ("E", 1, 0), ("SE", 1, 1),
    ("S", 0, 1), ("SW", -1, 1), ("W", -1, 0), ("NW", -1, -1),
)
DIRECTION_NAMES = tuple(d[0] for d in DIRECTIONS)
DIRECTION_STEP = {name: (dx, dy) for name, dx, dy in DIRECTIONS}
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
CELL_HALVES = ("top-left", "top-right", "bottom-left", "bottom-right")


class TileSpot(NamedTuple):
    name: str         # "Crowns-3"
    face_up: bool
    placed_by: int    # seat that put it on the board (it knows a face-down tile's face)
    seen: bool = False  # it was face up (everyone saw it) before it was turned face down


class CoinSpot(NamedTuple):
    name: str           # "Arms-4"
    direction: str      # one of DIRECTION_NAMES
    symbol_up: bool     # False: number (value) side up
    placed_by: int
    suit_seen: bool     # True once its suit side has been shown to everyone


def tile_of(x: int, y: int) -> tuple[int, int]:
    return x // 2, y // 2


def tile_cells(column: int, row: int) -> tuple[tuple[int, int], ...]:
    x, y = 2 * column, 2 * row
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def row_name(row: int) -> str:
    return "Present" if row == 0 else f"Future {row}"


def cell_name(x: int, y: int, columns: int = 3) -> str:
    c, r = tile_of(x, y)
    half = CELL_HALVES[(y % 2) * 2 + (x % 2)]
    return f"{row_name(r)}, {column_name(c, columns)} column, {half}"


def place_words(x, y, columns: int = 3) -> str:
    """A board cell in words (:func:`cell_name`); a cell off the board says so instead of failing."""
    if isinstance(x, int) and isinstance(y, int) and 0 <= x < 2 * columns and 0 <= y < 12:
        return cell_name(x, y, columns)
    return f"space ({x}, {y}), off the board"


def column_name(column: int, columns: int = 3) -> str:
    if columns == 3:
        return ("left", "middle", "right")[column]
    return f"#{column + 1}"


def direction_to(frm, to) -> str:
    """The compass name of the step from cell ``frm`` to its neighbour ``to``."""
    d = (to[0] - frm[0], to[1] - frm[1])
    for name, dx, dy in DIRECTIONS:
        if (dx, dy) == d:
            return name
    raise ValueError("cells are not neighbours")


def target_cell(x: int, y: int, direction: str) -> tuple[int, int]:
    dx, dy = DIRECTION_STEP[direction]
    return x + dx, y + dy


def mark_cells(tiles: Mapping, coins: Mapping) -> set[tuple[int, int]]:
    """Cells holding a coin or lying on a face-up tile: what a coin may sit next to and
    point at (Take Actions 5.a.ii.b-c)."""
    out = set(coins)
    for (c, r), spot in tiles.items():
        if spot.face_up:
            out.update(tile_cells(c, r))
    return out


def placement_directions(marks, columns: int, x: int, y: int) -> tuple[str, ...]:
    """Directions a new coin in cell (x, y) may point (Take Actions 5.a.ii.c): at a coin
    or face-up tile (``marks``, from :func:`mark_cells`), or at a Present-row space."""
    return _directions(neighbour_steps(columns, x, y), marks)


def _directions(steps, marks) -> tuple[str, ...]:
    return tuple([name for name, n in steps if n[1] <= 1 or n in marks])      # a list first: faster


def neighbour_steps(columns: int, x: int, y: int) -> tuple:
    """``(direction, neighbour cell)`` for the neighbours of cell (x, y) on a board of
    ``columns`` columns (rows without limit), in :data:`DIRECTIONS` order."""
    width = 2 * columns
    return tuple((name, (x + dx, y + dy)) for name, dx, dy in DIRECTIONS
                 if 0 <= x + dx < width and y + dy >= 0)


def cell_may_hold_coin(tiles: Mapping, coins: Mapping, x: int, y: int, marks=None) -> bool:
    """Take Actions 5.a.ii.b and d: the cell is an empty square on a face-down tile and
    touches a coin or a face-up tile (or is on the top edge of Future 1)."""
    spot = tiles.get((x // 2, y // 2)) if x >= 0 and y >= 0 else None
    if spot is None or spot.face_up or (x, y) in coins or y < 2:
        return False
    if y == 2:
        return True
    if marks is None:
        marks = mark_cells(tiles, coins)
    return any((x + dx, y + dy) in marks for _, dx, dy in DIRECTIONS)


def coin_placements(tiles: Mapping, coins: Mapping, columns: int, only_tile=None,
                    marks=None) -> dict[tuple[int, int], tuple[str, ...]]:
    """Every cell a coin may be placed in, with the directions it may point.

    ``only_tile=(column, row)`` restricts to the cells of that tile (the new-tile rule
    5.a.iii.e puts the coin on the tile just placed; pass ``tiles`` including it)."""
    return dict(iter_placements(tiles, coins, columns, only_tile, marks))


def iter_placements(tiles: Mapping, coins: Mapping, columns: int, only_tile=None, marks=None):
    """:func:`coin_placements` one ``(cell, directions)`` at a time, for a caller that
    only needs to know whether there is any."""
    if marks is None:
        marks = mark_cells(tiles, coins)
    positions = [only_tile] if only_tile is not None else [p for p, s in tiles.items() if not s.face_up]
    for c, r in positions:
        yield from placements_on_tile(coins, columns, c, r, marks)


def placements_on_tile(coins: Mapping, columns: int, column: int, row: int, marks):
    """The ``(cell, directions)`` pairs of :func:`coin_placements` on the face-down tile
    at ``(column, row)``: its empty squares that touch a coin or face-up tile (or lie on
    the top edge of Future 1, 5.a.ii.b), each with the directions it may point (5.a.ii.c)."""
    for cell in tile_cells(column, row):
        if cell in coins:
            continue
        steps, near = _neighbours(columns, cell)
        if cell[1] != 2 and marks.isdisjoint(near):
            continue
        dirs = _directions(steps, marks)
        if dirs:
            yield cell, dirs


def any_placement(tiles: Mapping, coins: Mapping, columns: int, marks) -> bool:
    """Whether :func:`iter_placements` yields anything, without working out directions: an
    empty square of a face-down tile that lies on the top edge of Future 1 or touches a mark
    always has one (the Present-row space north of it, or the mark itself)."""
    for (c, r), spot in tiles.items():
        if not spot.face_up:
            for cell in tile_cells(c, r):
                if cell not in coins and (cell[1] == 2 or not marks.isdisjoint(_neighbours(columns, cell)[1])):
                    return True
    return False


_NEIGHBOURS: dict = {}    # (columns, cell) -> (neighbour_steps, their cells), for the cells of tiles on the board


def _neighbours(columns: int, cell) -> tuple:
    got = _NEIGHBOURS.get((columns, cell))
    if got is None:
        steps = neighbour_steps(columns, *cell)
        got = _NEIGHBOURS[(columns, cell)] = (steps, frozenset(n for _, n in steps))
    return got


_AROUND: dict = {}        # cell -> its eight neighbours (off the board too)


def around(cell) -> frozenset:
    """The eight cells next to ``cell``, as a set (for asking whether any is in another set)."""
    got = _AROUND.get(cell)
    if got is None:
        x, y = cell
        got = _AROUND[cell] = frozenset((x + dx, y + dy) for _, dx, dy in DIRECTIONS)
    return got


def new_tile_positions(tiles: Mapping, columns: int) -> list[tuple[int, int]]:
    """Take Actions 5.a.iii.b-d: empty future positions orthogonally next to a tile, or
    anywhere empty in Future 1; inside the fixed columns; rows without limit."""
    out = set()
    for c in range(columns):
        if (c, 1) not in tiles:
            out.add((c, 1))
    for (c, r) in tiles:
        for dc, dr in ORTHOGONAL:
            p = (c + dc, r + dr)
            if 0 <= p[0] < columns and p[1] >= 1 and p not in tiles:
                out.add(p)
    return sorted(out)


def with_tile(tiles: Mapping, position, spot: TileSpot) -> dict:
    new = dict(tiles)
    new[position] = spot
    return new


def pointers(coins: Mapping) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """For each cell, the cells of the coins pointing at it."""
    out: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for (x, y), spot in coins.items():
        dx, dy = DIRECTION_STEP[spot.direction]
        out.setdefault((x + dx, y + dy), []).append((x, y))
    return out


def coin_graph(tiles: Mapping, coins: Mapping) -> nx.DiGraph:
    """The coin chains: nodes are coins ``("coin", x, y)`` and face-up tiles
    ``("tile", column, row)``; an edge u -> v means coin u points at v.

    Node attributes: coins carry ``name``, ``symbol_up``, ``direction``; tiles ``name``."""
    import networkx as nx
    g = nx.DiGraph()
    for (x, y), spot in coins.items():
        g.add_node(("coin", x, y), kind="coin", name=spot.name, symbol_up=spot.symbol_up,
                   direction=spot.direction, placed_by=spot.placed_by)
    for (c, r), spot in tiles.items():
        if spot.face_up:
            g.add_node(("tile", c, r), kind="tile", name=spot.name)
    for (x, y), spot in coins.items():
        tx, ty = target_cell(x, y, spot.direction)
        if (tx, ty) in coins:
            g.add_edge(("coin", x, y), ("coin", tx, ty))
        elif tx >= 0 and ty >= 0:
            t = tiles.get((tx // 2, ty // 2))
            if t is not None and t.face_up:
                g.add_edge(("coin", x, y), ("tile", tx // 2, ty // 2))
    return g


def chain_reaction(coins: Mapping, symbol_up: dict, start=None, pointed=None) -> list[tuple[int, int]]:
    """Take Actions 5.b.vii: turn each number-side-up coin with two symbol-side-up coins
    pointing at it, again and again; returns the cells turned, in order.

    ``symbol_up`` maps each coin's cell to whether it shows its symbol; it must be
    current and is updated.  ``start`` (the cell just revealed) limits the chain to what
    that reveal sets off: the coin it points at, then the coin each newly turned coin
    points at.  ``start=None`` reads the rule for the whole board (every such coin
    anywhere turns, in board order, pass after pass), so a coin that an attack flipped
    back is turned up again by any unrelated reveal.  ``pointed`` is
    ``pointers(coins)`` when the caller has it."""
    if pointed is None:
        pointed = pointers(coins)

    def ready(cell):
        return not symbol_up[cell] and sum(1 for u in pointed.get(cell, ()) if symbol_up[u]) >= 2

    def coin_pointed_at(cell):
        t = target_cell(*cell, coins[cell].direction)
        return t if t in coins else None

    turned = []
    if start is not None:
        cell = coin_pointed_at(start)
        while cell is not None and ready(cell):
            symbol_up[cell] = True
            turned.append(cell)
            cell = coin_pointed_at(cell)
        return turned
    changed = True
    while changed:
        changed = False
        for cell in coins:
            if ready(cell):
                symbol_up[cell] = True
                turned.append(cell)
                changed = True
    return turned


def reveal_chain(tiles: Mapping, coins: Mapping, cell, *, whole_board: bool = False,
                 pointed=None) -> list[tuple[int, int]]:
    """The cells of the coins a reveal of the coin at ``cell`` turns by chain reaction
    (Take Actions 5.b.vii), in order; ``whole_board`` as in :func:`chain_reaction`.  The
    rules apply it and the views preview it: one computation for both.  (Only coins take
    part: a face-up tile a coin points at never turns.)"""
    start = tuple(cell)
    if start not in coins:
        raise KeyError(("coin",) + start)
    symbol_up = {c: spot.symbol_up for c, spot in coins.items()}
    symbol_up[start] = True
    return chain_reaction(coins, symbol_up, None if whole_board else start, pointed)
