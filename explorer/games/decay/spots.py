"""Board Creation 1.a-c decided by bit operations, for the board's indexes (:class:`.board.Layout`).

A *spot* (x, y) of the quarter-tile lattice is handled here as the int ``(x << 20) + y``:
ints hash and compare faster than tuples, an offset is added instead of unpacked, and
sorting the ints sorts the spots in tuple order (x first, then y) as long as
``|y| < 2**19``, which no board of 24 tiles comes near (:func:`key` refuses it).

Whether a new tile may go on a spot depends only on the tiles within a tile's side of
it (Board Creation 1.a-c): it may not overlap a tile nor share a whole edge with one
(the tile *blocks* it), it must touch some tile with an offset, and two tiles it
touches may not touch each other.  So when a tile comes or goes only the spots of its
*box* change (those within a tile's side of its corner in both directions: the ones a
tile there overlaps, touches or meets at a corner), and they are decided by the tiles
of the 5x5 cells around it (:data:`WINDOW`; cells as in :class:`.board.Layout`):
:func:`legal_in_box` does it on 81-bit masks, one bit per spot of the box.

The legal spots of a board are kept as a sorted list (the order the legal actions are
listed in).  A box's spots with the same x lie next to each other in it, so
:func:`splice_box` replaces a box's spots with nine slices, found by bisection.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

SHIFT = 20
_HALF = 1 << (SHIFT - 1)
_SIZE = 4                                         # a tile's side (board.SIZE)


def in_reach(y: int) -> bool:
    """Whether a spot with this ``y`` has an int (:func:`key`)."""
    return -_HALF < y < _HALF


def key(x: int, y: int) -> int:
    """The spot (x, y) as an int."""
    if not -_HALF < y < _HALF:
        raise ValueError(f"y = {y} is beyond the board's reach")
    return (x << SHIFT) + y


def spot(k: int) -> tuple[int, int]:
    """The spot (x, y) of the int ``k``."""
    x = (k + _HALF) >> SHIFT
    return x, k - (x << SHIFT)


def cell_key(x: int, y: int) -> int:
    """The 4x4 cell holding the corner (x, y), as an int (one tile's corner per cell)."""
    return ((x >> 2) << SHIFT) + (y >> 2)


class _PerKey(dict):
    """``{k: frozenset or tuple of k + offset}`` for fixed offsets, filled on first use:
    the same corners and cells come back all game (a cache of arithmetic only, cleared
    when it grows large)."""

    def __init__(self, offsets, kind=frozenset):
        super().__init__()
        self.offsets = tuple((dx << SHIFT) + dy for dx, dy in offsets)
        self.kind = kind

    def __missing__(self, k):
        if len(self) > 8192:
            self.clear()
        out = self[k] = self.kind(k + o for o in self.offsets)
        return out


_R = range(-_SIZE + 1, _SIZE)                   # -3..3
#: ``{side: spots}``: the spots where a tile would touch a tile at a corner with its own
#: ``side`` (Step 2.d's "not the same side again"; a whole edge included).
SIDE_TOUCH = {
    "E": _PerKey([(-_SIZE, k) for k in _R]), "W": _PerKey([(_SIZE, k) for k in _R]),
    "N": _PerKey([(k, -_SIZE) for k in _R]), "S": _PerKey([(k, _SIZE) for k in _R]),
}
#: ``{corner of a tile - spot: whether a tile on the spot would overlap it}`` for the
#: tiles it would overlap (True) or touch on a side, a whole edge included (False);
#: tiles at any other offset are apart from it.
MEETS = {(dx << SHIFT) + dy: abs(dx) < _SIZE and abs(dy) < _SIZE
         for dx in range(-_SIZE, _SIZE + 1) for dy in range(-_SIZE, _SIZE + 1) if abs(dx) + abs(dy) < 2 * _SIZE}
#: ``{corner of a tile - corner of another: the side of the other that it touches}``
#: for tiles that touch (with an offset or a whole edge), as :func:`.board.contact`.
SIDE_OF = {**{(_SIZE << SHIFT) + o: "E" for o in range(1 - _SIZE, _SIZE)},
           **{(-_SIZE << SHIFT) + o: "W" for o in range(1 - _SIZE, _SIZE)},
           **{(o << SHIFT) + _SIZE: "N" for o in range(1 - _SIZE, _SIZE)},
           **{(o << SHIFT) - _SIZE: "S" for o in range(1 - _SIZE, _SIZE)}}
#: The cells around a cell: within one (the tiles that may overlap or touch a spot
#: whose corner lies in it) and within two (the tiles that decide the spots of a
#: tile's box).
NEAR = _PerKey([(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1)], tuple)
WINDOW = _PerKey([(i, j) for i in (-2, -1, 0, 1, 2) for j in (-2, -1, 0, 1, 2)], tuple)


# -- a box as an 81-bit mask ---------------------------------------------------------------------
# The spots of the box of a corner k, (i, j) away from it (-4 <= i, j <= 4), are the bits
# 9 * (i + 4) + (j + 4) of an int, so the whole of Board Creation 1.a-c within a box is a
# handful of and/or operations on small ints.
_BOX_RANGE = range(-_SIZE, _SIZE + 1)


class _TileMasks(dict):
    """``{d: (touch, block)}``: for a tile whose corner is ``d`` (an int offset) from a
    box's corner, the box's spots it touches with an offset (``touch``), and those it
    overlaps or shares a whole edge with (``block``).  At most 23 x 23 offsets occur
    (tiles within two cells), each computed once."""

    def __missing__(self, d):
        dx = (d + _HALF) >> SHIFT
        dy = d - (dx << SHIFT)
        touch = block = 0
        for i in _BOX_RANGE:
            for j in _BOX_RANGE:
                ex, ey = abs(dx - i), abs(dy - j)        # the tile's corner from the spot
                bit = 1 << (9 * (i + _SIZE) + j + _SIZE)
                if (ex < _SIZE and ey < _SIZE) or (ex, ey) in ((_SIZE, 0), (0, _SIZE)):
                    block |= bit
                elif (ex == _SIZE and ey < _SIZE) or (ey == _SIZE and ex < _SIZE):
                    touch |= bit
        out = self[d] = (touch, block)
        return out


#: ``_COLUMN[i][bits]``: the offsets of the spots of the box's column ``i - 4`` whose 9
#: bits (rows -4..4, lowest first) are ``bits``.
_COLUMN = tuple(tuple(tuple(((i - _SIZE) << SHIFT) + j - _SIZE for j in range(9) if bits >> j & 1)
                      for bits in range(512)) for i in range(9))


_MASKS = _TileMasks()
#: The box's columns for :func:`splice_box`: (offset of the column, shift of its 9 bits
#: in a mask, its ``_COLUMN`` table).
_BOX_COLUMNS = tuple(((i - _SIZE) << SHIFT, 9 * i, col) for i, col in enumerate(_COLUMN))


def apart(p: int, k: int) -> int:
    """How far apart the spots ``p`` and ``k`` are: the larger of the differences in x
    and in y (``p`` lies in the box of ``k`` when it is at most a tile's side)."""
    d = p - k
    dx = (d + _HALF) >> SHIFT
    dy = d - (dx << SHIFT)
    return max(dx, -dx, dy, -dy)


def legal_in_box(k: int, names, corner, nbrs) -> int:
    """The spots of the box of ``k`` legal for a new tile by Board Creation 1.a-c, as a
    mask (bit ``9 * (i + 4) + j + 4`` for the spot ``(i, j)`` away from ``k``), decided
    by the tiles ``names`` (their corners ``corner[name]`` and
    contacts ``nbrs``): every tile within two cells of ``k``'s (:data:`WINDOW`) must be
    among them, and any other tile is too far to matter.

    A spot is legal when some tile touches it with an offset, no tile blocks it (overlap
    or whole edge), and no two tiles touching it touch each other."""
    masks = _MASKS
    touch = {}
    cand = blocked = 0
    for n in names:
        t, b = masks[corner[n] - k]
        touch[n] = t
        cand |= t
        blocked |= b
    cand &= ~blocked
    if cand:
        get = touch.get
        for n, t in touch.items():
            if t & cand:
                for m in nbrs[n]:
                    if m < n:
                        tm = get(m)
                        if tm is not None:
                            cand &= ~(t & tm)
    return cand


def splice_box(keys: list[int], k: int, mask: int) -> None:
    """Make the spots of the box of ``k`` in the sorted list ``keys`` those of ``mask``
    (as :func:`legal_in_box` gives them), keeping the list sorted."""
    lo = 0
    add = k.__add__
    for dc, shift, col in _BOX_COLUMNS:
        c = k + dc
        lo = bisect_left(keys, c - _SIZE, lo)
        # most columns of a box hold no legal spot: one look instead of a second search
        hi = bisect_right(keys, c + _SIZE, lo) if lo < len(keys) and keys[lo] <= c + _SIZE else lo
        bits = mask >> shift & 511
        if bits:
            new = col[bits]
            keys[lo:hi] = map(add, new)
            lo += len(new)
        elif hi > lo:
            del keys[lo:hi]
