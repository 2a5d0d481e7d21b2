"""What the Take Actions steps read off one board, computed at most once per board.

A Conspiracy turn is a long run of small decisions (choose an action, a tile, a coin, a
cell, a direction, a payment ...), and most of them leave the board as it was.  The
choices of every step are derived from the board alone -- where a coin may go and point
(Take Actions 5.a.ii-iii), which coins a reveal or an attack may target (5.b.iii-v,
5.c.iii.a), which tiles a Reveal Tile may turn (5.d.iii) -- so they are worked out once
per board in a :class:`BoardFacts` and shared by every state showing that board.

Which board: the pair of a state's ``tiles`` and ``coins`` mappings (and its options).
The rules never change those mappings in place, they replace them (copies of a state
share containers, see :mod:`explorer.engine.machine`), so the identity of the two
objects names the board.  :func:`facts_of` keeps the facts in the state field
``_board_facts`` (a copy shares it, ``key()`` leaves it out) and builds new ones as soon
as a handler has replaced either mapping: a coin placed, revealed, flipped back or
returned to the bag; a tile laid, revealed, flipped, taken or moved up by Time Marches
On.  Nothing needs invalidating by hand.

Every value is computed on first use.  Callers must treat them as read-only: lists,
dicts and sets here are shared by many states.
"""
from __future__ import annotations


from explorer.components.piecepack import ACE

from . import board as B
from .actions import Cell, NewTile
from .equipment import rank_of


class computed_once:
    """:func:`functools.cached_property` without its lock (Python 3.11 takes one on every
    first computation, a real share of the cost of a fact read once): the value goes into
    the instance's ``__dict__`` on first use and shadows this descriptor from then on.  A
    state is never shared between threads."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class BoardFacts:
    """The derived facts of one board (``tiles``, ``coins``) under ``options``."""

    def __init__(self, tiles, coins, options):
        self.tiles = tiles
        self.coins = coins
        self.options = options
        self._on_new = {}          # new tile position -> placements on it (5.a.iii.e)
        self._attack_cells = {}    # target cell -> free face-down squares next to it (5.c.iii.a)
        self._attack_new = {}      # target cell -> new tile positions that would touch it
        self._support = {}         # cell -> (revealable, supporters) (5.b.iii-v)
        self._can_attack = {}      # with a tile in hand? -> whether any coin may be attacked

    # -- Place Coin, 5.a.ii-iii ------------------------------------------------------------
    @computed_once
    def marks(self) -> set:
        """Cells a new coin may touch and point at (5.a.ii.b-c): see :func:`board.mark_cells`."""
        return B.mark_cells(self.tiles, self.coins)

    @computed_once
    def placements(self) -> dict:
        """Cell -> directions, for every square of a face-down tile a coin may take now."""
        return B.coin_placements(self.tiles, self.coins, self.options.columns, marks=self.marks)

    @computed_once
    def can_place(self) -> bool:
        """Whether :attr:`placements` has any cell, found without listing them all."""
        if "placements" in self.__dict__:
            return bool(self.placements)
        return B.any_placement(self.tiles, self.coins, self.options.columns, self.marks)

    @computed_once
    def new_tile_positions(self) -> list:
        """Where a tile from hand may be laid (5.a.iii.b-d)."""
        return B.new_tile_positions(self.tiles, self.options.columns)

    def placements_on_new(self, pos) -> dict:
        """The placements on a tile newly laid at ``pos``.  The new tile is face down, so it
        adds nothing to the cells a coin may point at (``marks`` stay those of the board)."""
        pl = self._on_new.get(pos)
        if pl is None:
            pl = self._on_new[pos] = dict(B.placements_on_tile(self.coins, self.options.columns, *pos, self.marks))
        return pl

    @computed_once
    def new_tile_positions_for_place(self) -> list:
        """The new-tile positions on which the coin would have a legal square."""
        return [p for p in self.new_tile_positions if self._any_placement_on_new(p)]

    def _any_placement_on_new(self, pos) -> bool:
        if pos in self._on_new:
            return bool(self._on_new[pos])
        return next(B.placements_on_tile(self.coins, self.options.columns, *pos, self.marks), None) is not None

    @computed_once
    def can_place_on_new(self) -> bool:
        """Whether :attr:`new_tile_positions_for_place` has any position."""
        if "new_tile_positions_for_place" in self.__dict__:
            return bool(self.new_tile_positions_for_place)
        return any(self._any_placement_on_new(p) for p in self.new_tile_positions)

    @computed_once
    def cell_choices(self) -> tuple:
        """The ``cell`` step's choices for a coin placed on the board as it is."""
        return tuple(Cell(x, y) for (x, y) in sorted(self.placements))

    @computed_once
    def new_tile_choices(self) -> tuple:
        """The ``new_tile`` step's tile positions for Place Coin (a tile in hand is
        checked by the caller)."""
        return tuple(NewTile(c, r) for c, r in self.new_tile_positions_for_place)

    # -- Attack Coin, 5.c.iii.a ----------------------------------------------------------------
    @computed_once
    def free_squares(self) -> frozenset:
        """The empty squares of the face-down tiles: where an attacking coin may go."""
        columns = self.options.columns
        free = set()
        for pos, spot in self.tiles.items():
            if not spot.face_up:
                free |= _squares(columns, pos)
        return frozenset(free.difference(self.coins))

    def attack_cells(self, target) -> list:
        """The :attr:`free_squares` next to ``target`` (a cell tuple), in direction order."""
        out = self._attack_cells.get(target)
        if out is None:
            free = self.free_squares
            out = self._attack_cells[target] = [c for c in _behind(target) if c in free]
        return out

    def attack_cells_on_new(self, target, new_tile) -> list:
        """Squares of a tile newly laid at ``new_tile`` next to ``target``, in direction order."""
        tx, ty = target
        width = 2 * self.options.columns
        out = []
        for _, dx, dy in B.DIRECTIONS:
            x, y = tx - dx, ty - dy
            if x < 0 or y < 2 or x >= width or (x, y) in self.coins:
                continue
            if (x // 2, y // 2) == new_tile:
                out.append((x, y))
        return out

    def attack_new_tiles(self, target) -> list:
        """New-tile positions next to ``target`` (a tile in hand is checked by the caller)."""
        out = self._attack_new.get(target)
        if out is None:
            free = self.new_tile_set
            out = self._attack_new[target] = [p for p in _tiles_behind(self.options.columns, target) if p in free]
        return out

    @computed_once
    def new_tile_set(self) -> frozenset:
        """:attr:`new_tile_positions` as a set."""
        return frozenset(self.new_tile_positions)

    @computed_once
    def attack_targets_from_board(self) -> list:
        """Coins an attacking coin could point at from a square already on the board."""
        return [c for c in self.coins if self.attack_cells(c)]

    @computed_once
    def attack_targets_with_new_tile(self) -> list:
        """Coins an attacking coin could point at, laying a new tile if need be."""
        return [c for c in self.coins if self.attack_cells(c) or self.attack_new_tiles(c)]

    def can_attack(self, with_new_tile: bool) -> bool:
        """Whether the matching ``attack_targets_*`` list has any coin."""
        got = self._can_attack.get(with_new_tile)
        if got is None:
            name = "attack_targets_with_new_tile" if with_new_tile else "attack_targets_from_board"
            if name in self.__dict__:
                got = bool(self.__dict__[name])
            else:
                # a coin has attack cells when a free square is next to it (without listing them)
                free, around = self.free_squares, B.around
                if with_new_tile:
                    got = any(not free.isdisjoint(around(c)) or self.attack_new_tiles(c) for c in self.coins)
                else:
                    got = any(not free.isdisjoint(around(c)) for c in self.coins)
            self._can_attack[with_new_tile] = got
        return got

    # -- Reveal Coin, 5.b.iii-v --------------------------------------------------------------
    @computed_once
    def pointers(self) -> dict:
        """Cell -> the cells of the coins pointing at it (:func:`board.pointers`)."""
        return B.pointers(self.coins)

    def reveal_support(self, cell) -> tuple[bool, list]:
        """Whether the coin at ``cell`` (a tuple) may be revealed, and its number-side-up
        pointers: one of equal value, or two or more whose total beats it; spirals wild."""
        got = self._support.get(cell)
        if got is not None:
            return got
        coins = self.coins
        spot = coins.get(cell)
        if spot is None or spot.symbol_up:
            got = (False, [])
        else:
            supporters = [c for c in self.pointers.get(cell, ()) if not coins[c].symbol_up]
            value = rank_of(spot.name)
            ranks = [rank_of(coins[c].name) for c in supporters]
            if len(ranks) == 1:
                ok = ranks[0] == ACE or ranks[0] == value
            elif len(ranks) >= 2:
                ok = sum(self.options.spiral_wild_max if r == ACE else r for r in ranks) > value
            else:
                ok = False
            got = (ok, supporters)
        self._support[cell] = got
        return got

    @computed_once
    def reveal_targets(self) -> list:
        """Cells of the number-side-up coins Reveal Coin could turn now."""
        pointed = self.pointers          # a coin nobody points at has no support
        return [c for c, spot in self.coins.items()
                if not spot.symbol_up and c in pointed and self.reveal_support(c)[0]]

    @computed_once
    def can_reveal(self) -> bool:
        """Whether :attr:`reveal_targets` has any coin."""
        if "reveal_targets" in self.__dict__:
            return bool(self.reveal_targets)
        coins = self.coins
        return any(c in coins and not coins[c].symbol_up and self.reveal_support(c)[0] for c in self.pointers)

    # -- Reveal Tile, 5.d.iii ----------------------------------------------------------------
    @computed_once
    def tile_targets(self) -> list:
        """Face-down tiles holding two or more symbol-side-up coins."""
        counts = {}
        for (x, y), spot in self.coins.items():
            if spot.symbol_up:
                counts[(x // 2, y // 2)] = counts.get((x // 2, y // 2), 0) + 1
        return sorted(p for p, n in counts.items() if n >= 2 and p in self.tiles and not self.tiles[p].face_up)


_BEHIND: dict = {}      # target cell -> the cells a coin pointing at it could sit in, in direction order
_TILES_BEHIND: dict = {}  # (columns, target cell) -> the tiles of those cells inside the board, sorted


def _behind(target) -> tuple:
    got = _BEHIND.get(target)
    if got is None:
        tx, ty = target
        got = _BEHIND[target] = tuple((tx - dx, ty - dy) for _, dx, dy in B.DIRECTIONS)
    return got


def _tiles_behind(columns: int, target) -> list:
    """The positions of the tiles holding the cells of :func:`_behind` that a coin may take
    (inside the columns, past the Present), sorted without repeats."""
    got = _TILES_BEHIND.get((columns, target))
    if got is None:
        width = 2 * columns
        got = _TILES_BEHIND[(columns, target)] = sorted(
            {(x // 2, y // 2) for x, y in _behind(target) if x >= 0 and y >= 2 and x < width})
    return got


_SQUARES: dict = {}     # (columns, tile position) -> its cells inside the columns and past the Present


def _squares(columns: int, pos) -> frozenset:
    """The squares of the tile at ``pos`` where an attacking coin may go if they are empty."""
    got = _SQUARES.get((columns, pos))
    if got is None:
        width = 2 * columns
        got = _SQUARES[(columns, pos)] = frozenset(c for c in B.tile_cells(*pos) if c[1] >= 2 and 0 <= c[0] < width)
    return got


def carry_over_placement(state, coins, cell) -> None:
    """Before ``state.coins`` becomes ``coins`` -- the same mapping plus a new number-side-up
    coin at ``cell`` (Place Coin 5.a.ii, or an attacking coin 5.c.iii.a), tiles unchanged --
    start the new board's facts from what is already known of the old one: the new coin adds
    a mark (5.a.ii.b), takes a free square, adds one pointer, and changes the reveal support
    of its own cell and of the cell it points at only.  Nothing is carried over unless the
    state's facts are those of its current board."""
    old = state.__dict__.get("_board_facts")
    if (old is None or old.coins is not state.coins or old.tiles is not state.tiles
            or old.options is not state.options or cell in state.coins):
        return
    new = BoardFacts(state.tiles, coins, state.options)
    known = old.__dict__
    if "marks" in known:
        new.marks = known["marks"] | {cell}
    if "free_squares" in known:
        new.free_squares = known["free_squares"] - {cell}
    for same in ("new_tile_positions", "tile_targets"):     # tiles and symbol-side-up coins as they were
        if same in known:
            new.__dict__[same] = known[same]
    if "pointers" in known:
        target = B.target_cell(*cell, coins[cell].direction)
        pointed = dict(known["pointers"])
        pointed[target] = pointed.get(target, []) + [cell]     # a new list: the old one is shared
        new.pointers = pointed
        new._support = {c: v for c, v in old._support.items() if c != cell and c != target}
    state._board_facts = new


def facts_of(state) -> BoardFacts:
    """The :class:`BoardFacts` of ``state``'s board, reused while its ``tiles``, ``coins``
    and ``options`` are the objects they were computed from."""
    f = state.__dict__.get("_board_facts")
    if f is None or f.coins is not state.coins or f.tiles is not state.tiles or f.options is not state.options:
        new = BoardFacts(state.tiles, state.coins, state.options)
        if f is not None and f.tiles is state.tiles and f.options is state.options:
            # only coins changed: what depends on the tiles alone still holds
            if "new_tile_positions" in f.__dict__:
                new.new_tile_positions = f.new_tile_positions
            new._attack_new = dict(f._attack_new)
        f = state._board_facts = new
    return f
