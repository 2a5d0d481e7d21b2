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
within two sides of that corner (:data:`AROUND`): :func:`legal_in_box` does it on 81-bit
masks, one bit per spot of the box.

The legal spots of a board are kept as a :class:`SpotSet`: a list of ints, one per column x,
a bit per row y.  A box is nine columns of nine rows, so putting a box's answer in is nine
masked updates (:meth:`SpotSet.splice`), and the spots are listed in the legal actions'
order (x first, then y) only when someone asks for the list.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

SHIFT = 20
_HALF = HALF = 1 << (SHIFT - 1)
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


#: A cell (cx, cy) is the int ``cx * CELL + cy`` (:func:`cell_key`).  Not ``cx << SHIFT``:
#: a dict starts looking for an int key at its low bits, which would then be ``cy`` alone,
#: and every cell of a row would start at the same place (the tiles of a board lie in a
#: few rows, and most cells looked up around a tile hold none).  An odd multiplier well
#: above the rows a board spans mixes ``cx`` into them.
CELL = (1 << SHIFT) + 9


def cell_key(x: int, y: int) -> int:
    """The 4x4 cell holding the corner (x, y), as an int (one tile's corner per cell)."""
    return (x >> 2) * CELL + (y >> 2)


class _PerKey(dict):
    """``{k: frozenset or tuple of k + offset}`` for fixed offsets, filled on first use:
    the same corners and cells come back all game (a cache of arithmetic only, cleared
    when it grows large)."""

    def __init__(self, offsets, kind=frozenset):
        super().__init__()
        self.offsets = tuple(dx * CELL + dy for dx, dy in offsets)
        self.kind = kind

    def __missing__(self, k):
        if len(self) > 8192:
            self.clear()
        out = self[k] = self.kind(k + o for o in self.offsets)
        return out


#: ``{side: (dx, columns, dy, rows)}``: the spots where a tile would touch the tile with
#: its corner at (x, y) with its own ``side`` (Step 2.d's "not the same side again"; a
#: whole edge included), as a run: the columns ``x + dx`` to ``x + dx + columns - 1`` of the
#: rows ``y + dy`` to ``y + dy + rows - 1`` (what :meth:`SpotSet.clear` takes).
SIDE_TOUCH_RUN = {"E": (-_SIZE, 1, 1 - _SIZE, 2 * _SIZE - 1), "W": (_SIZE, 1, 1 - _SIZE, 2 * _SIZE - 1),
                  "N": (1 - _SIZE, 2 * _SIZE - 1, -_SIZE, 1), "S": (1 - _SIZE, 2 * _SIZE - 1, _SIZE, 1)}
#: ``{corner of a tile - corner of another: the side of the other that it touches}``
#: for tiles that touch (with an offset or a whole edge), as :func:`.board.contact`.
SIDE_OF = {**{(_SIZE << SHIFT) + o: "E" for o in range(1 - _SIZE, _SIZE)},
           **{(-_SIZE << SHIFT) + o: "W" for o in range(1 - _SIZE, _SIZE)},
           **{(o << SHIFT) + _SIZE: "N" for o in range(1 - _SIZE, _SIZE)},
           **{(o << SHIFT) - _SIZE: "S" for o in range(1 - _SIZE, _SIZE)}}
#: The cells around a cell, within one: the tiles that may overlap or touch a spot
#: whose corner lies in it.
NEAR = _PerKey([(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1)], tuple)
#: ``{side: cells}``: the cells ahead of a tile's cell that hold the corners of every tile
#: a slide toward ``side`` may meet (Step 3: within three sides ahead, at most a side aside).
AHEAD = {"N": _PerKey([(i, j) for i in (-1, 0, 1) for j in (1, 2, 3, 4)], tuple),
         "S": _PerKey([(i, -j) for i in (-1, 0, 1) for j in (1, 2, 3, 4)], tuple),
         "E": _PerKey([(j, i) for i in (-1, 0, 1) for j in (1, 2, 3, 4)], tuple),
         "W": _PerKey([(-j, i) for i in (-1, 0, 1) for j in (1, 2, 3, 4)], tuple)}


# -- a box as an 81-bit mask ---------------------------------------------------------------------
# The spots of the box of a corner k, (i, j) away from it (-4 <= i, j <= 4), are the bits
# 9 * (i + 4) + (j + 4) of an int, so the whole of Board Creation 1.a-c within a box is a
# handful of and/or operations on small ints.
_BOX_RANGE = range(-_SIZE, _SIZE + 1)


#: Where a box's "blocked" bits sit in a tile's mask (:class:`_TileMasks`), above its 81 "touch" bits.
_BLOCK = 81
_BOX = (1 << _BLOCK) - 1


class _TileMasks(dict):
    """``{d: mask}``: for a tile whose corner is ``d`` (an int offset) from a box's
    corner, the box's spots it touches with an offset (the low 81 bits, ``touch``) and,
    shifted up by :data:`_BLOCK`, those it overlaps or shares a whole edge with
    (``block``).  One int for both: :func:`legal_in_box` gathers both with one ``|``.
    At most 23 x 23 offsets occur (tiles within two cells), each computed once."""

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
        out = self[d] = touch | block << _BLOCK
        return out


#: The masks of :class:`_TileMasks`, by offset.
MASKS = _TileMasks()


#: ``{d: (MASKS[d], SIDE_OF.get(d))}`` for the offsets ``d`` (a tile's corner less a
#: box's corner ``k``) at which a tile decides a spot of the box (within two sides of
#: ``k`` both ways) or touches a tile whose corner is ``k``; a tile at any other offset is
#: too far to matter.  Every tile of a board looked up here finds the tiles around a box
#: with their masks and touched sides (:func:`legal_in_box`, :meth:`.board.Layout.
#: _put_in`): on boards of at most 24 tiles, fewer steps than looking in the cells around.
AROUND = {d: (MASKS[d], SIDE_OF.get(d)) for dx in range(-2 * _SIZE, 2 * _SIZE + 1)
          for dy in range(-2 * _SIZE, 2 * _SIZE + 1) for d in ((dx << SHIFT) + dy,) if MASKS[d] or d in SIDE_OF}


def legal_in_box(k: int, corner, nbrs, skip=None) -> int:
    """The spots of the box of ``k`` legal for a new tile by Board Creation 1.a-c, as a
    mask (bit ``9 * (i + 4) + j + 4`` for the spot ``(i, j)`` away from ``k``), on the
    board of the tiles ``corner`` (``{tile: its corner}``) with contacts ``nbrs``, the
    tile ``skip`` left out (a tile lifted from ``k``).

    A spot is legal when some tile touches it with an offset, no tile blocks it (overlap
    or whole edge), and no two tiles touching it touch each other.  The tiles' masks
    (:class:`_TileMasks`) carry their touched and blocked spots in one int: ``seen``
    gathers both, ``twice`` the spots touched by two tiles or more (the blocked bits
    there are never read)."""
    around = AROUND.get
    touch = {}
    seen = twice = 0
    for n, c in corner.items():
        ms = around(c - k)
        if ms is not None and n != skip:
            touch[n] = t = ms[0]
            twice |= seen & t
            seen |= t
    # with no tile around, no spot of the box touches one (a section removed far away)
    return box_legal(touch, seen, twice, nbrs) if touch else 0


def box_legal(touch: dict, seen: int, twice: int, nbrs) -> int:
    """:func:`legal_in_box` from the masks of its tiles, for a caller that gathered them
    while looking at the tiles for something else (a tile put in, :meth:`.board.Layout.
    _put_in`): ``touch`` is ``{tile: its mask}``, ``seen`` their union and ``twice`` the
    bits of two or more (gathered as :func:`legal_in_box` does)."""
    cand = seen & _BOX
    cand ^= cand & (seen >> _BLOCK)             # less the blocked spots (positive ints only)
    twice &= cand
    if twice:                       # only they may touch two tiles that touch each other
        get = touch.get
        for n, t in touch.items():
            if t & twice:
                for m in nbrs[n]:
                    if m < n:
                        tm = get(m)
                        if tm is not None:
                            cand ^= cand & t & tm
    return cand


class SpotSet:
    """A set of spots as a list of columns: ``cols[i]`` holds the column x = ``x0 + i``,
    bit ``y - base`` set for the spot (x, y).  A list and not a dict: the columns come in
    x order by their place (the legal actions' order needs no sorting), copying one is a
    copy of pointers, and a box's nine columns are nine list items in a row.  Columns
    with no spot are 0; the list keeps a few at each end (:data:`_PAD`) so that a box near
    the edge seldom needs it to grow, and drops the spare ones when it does grow (a
    board may creep far across the table in a long game).  Whoever made it may change
    it (with :meth:`splice` and :meth:`clear`) until it is handed out: after that nobody
    changes it (a Layout shares it, and a legal-action list reads it).

    ``base`` lies at or below every spot: a spot under it moves it down, to
    :data:`_SPARE_ROWS` below that spot (every column shifted; only a board creeping south
    does it)."""

    __slots__ = ("cols", "x0", "base", "_keys", "_counts")

    def __init__(self, cols: list[int] | None = None, x0: int = 0, base: int = 0):
        self.cols = [] if cols is None else cols
        self.x0 = x0
        self.base = base
        self._keys = None
        self._counts = None

    def copy(self) -> "SpotSet":
        s = _NEW(SpotSet)
        s.cols = self.cols[:]
        s.x0 = self.x0
        s.base = self.base
        s._keys = s._counts = None
        return s

    def _lower(self, y: int) -> int:
        """Make ``base`` at most ``y``; the bit of row ``y``."""
        lo = y - self.base
        if lo < 0:
            shift = -lo + _SPARE_ROWS
            self.cols = [m << shift for m in self.cols]
            self.base -= shift
            lo += shift
        return lo

    def _room(self, x: int, n: int) -> int:
        """Make the columns ``x`` to ``x + n - 1`` part of the list; the index of ``x``.
        Spare empty columns beyond :data:`_PAD` at either end go first."""
        cols = self.cols
        ends = self.span()
        if ends is None:                        # no spot at all: start afresh around x
            cols = [0] * (n + 2 * _PAD)
            self.x0 = x - _PAD
        else:
            first, last = ends[0] - self.x0, ends[1] - self.x0     # the first and last columns with a spot
            lo = min(first, x - self.x0) - _PAD
            hi = max(last + 1, x - self.x0 + n) + _PAD
            if lo < 0 or hi > len(cols):
                cols = [0] * max(0, -lo) + cols[max(lo, 0):hi] + [0] * max(0, hi - len(cols))
            else:
                cols = cols[lo:hi]
            self.x0 += lo
        self.cols = cols
        return x - self.x0

    def trim(self) -> None:
        """Drop the empty columns beyond :data:`_PAD` at either end (a board that lost a
        section leaves them behind; every count and copy would read them)."""
        ends = self.span()
        if ends is None:
            return
        cols = self.cols
        lo = max(ends[0] - self.x0 - _PAD, 0)
        hi = min(ends[1] - self.x0 + 1 + _PAD, len(cols))
        if lo or hi < len(cols):
            self.cols = cols[lo:hi]
            self.x0 += lo
            self._keys = self._counts = None

    def splice(self, k: int, mask: int) -> None:
        """Make the spots of the box of the corner ``k`` those of ``mask`` (as
        :func:`legal_in_box` gives them)."""
        kx = (k + _HALF) >> SHIFT
        lo = k - (kx << SHIFT) - _SIZE - self.base
        if lo < 0:
            lo = self._lower(lo + self.base)
        i = kx - _SIZE - self.x0
        cols = self.cols
        if i < 0 or i + 9 > len(cols):
            i = self._room(kx - _SIZE, 9)
            cols = self.cols
        # c ^ ((c ^ new) & w): the window w's bits from new, the others kept (positive ints
        # only: a bitwise operation with a negative int costs more), the nine columns
        # written out (a loop over them costs twice the interpreted steps)
        w = 511 << lo
        m = mask << lo
        j = i + 9
        a, b, c, d, e, f, g, h, p = cols[i:j]
        cols[i:j] = (a ^ ((a ^ m) & w), b ^ ((b ^ (m >> 9)) & w), c ^ ((c ^ (m >> 18)) & w),
                     d ^ ((d ^ (m >> 27)) & w), e ^ ((e ^ (m >> 36)) & w), f ^ ((f ^ (m >> 45)) & w),
                     g ^ ((g ^ (m >> 54)) & w), h ^ ((h ^ (m >> 63)) & w), p ^ ((p ^ (m >> 72)) & w))
        self._keys = self._counts = None

    def clear(self, x: int, y: int, rows: int, columns: int = 1) -> None:
        """Take out the spots of the columns ``x`` to ``x + columns - 1`` from row ``y``,
        ``rows`` rows up (one call for a whole run: Step 2.d clears seven columns of a row
        for a neighbour above or below)."""
        lo = y - self.base
        if lo < 0:
            rows += lo
            lo = 0
        cols = self.cols
        i = max(x - self.x0, 0)
        j = min(x + columns - self.x0, len(cols))
        if rows <= 0 or i >= j:
            return
        keep = ~(((1 << rows) - 1) << lo)
        for c in range(i, j):
            cols[c] &= keep
        self._keys = self._counts = None

    def __contains__(self, k: int) -> bool:
        x = (k + _HALF) >> SHIFT
        lo = k - (x << SHIFT) - self.base
        i = x - self.x0
        return lo >= 0 and 0 <= i < len(self.cols) and self.cols[i] >> lo & 1 == 1

    def _running(self) -> list[int]:
        """The running count of spots up to each column (kept)."""
        counts = self._counts
        if counts is None:
            counts = self._counts = list(accumulate(map(int.bit_count, self.cols)))
        return counts

    def __len__(self) -> int:
        counts = self._running()
        return counts[-1] if counts else 0

    def __bool__(self) -> bool:
        return any(self.cols)

    def span(self) -> tuple[int, int] | None:
        """The westmost and eastmost columns holding a spot (None when there is none)."""
        cols = self.cols
        m = next(filter(None, cols), 0)
        if not m:
            return None
        # the first column equal to the first non-empty one is that one (the others are 0)
        last = cols[::-1]
        return self.x0 + cols.index(m), self.x0 + len(cols) - 1 - last.index(next(filter(None, last)))

    def keys(self) -> list[int]:
        """The spots as sorted ints (:func:`key`; do not change the list)."""
        out = self._keys
        if out is None:
            out = []
            base = self.base
            at = (self.x0 << SHIFT) + base
            step = 1 << SHIFT
            for m in self.cols:
                while m:
                    low = m & -m
                    out.append(at + low.bit_length() - 1)
                    m ^= low
                at += step
            self._keys = out
        return out

    def nth(self, i: int) -> int:
        """``keys()[i]`` for ``0 <= i < len(self)``, without listing the others."""
        keys = self._keys
        if keys is not None:
            return keys[i]
        counts = self._counts or self._running()
        c = bisect_right(counts, i)
        if c == len(counts) or i < 0:
            raise IndexError("spot index out of range")
        m = self.cols[c]
        for _ in range(i - counts[c - 1] if c else i):
            m &= m - 1
        return ((self.x0 + c) << SHIFT) + self.base + (m & -m).bit_length() - 1

    def __eq__(self, other) -> bool:
        return isinstance(other, SpotSet) and self.keys() == other.keys()

    __hash__ = None

    def __repr__(self) -> str:
        return f"SpotSet({[spot(k) for k in self.keys()]})"


#: Empty columns a SpotSet keeps at each end when it grows.
_PAD = 4
#: Empty rows a SpotSet keeps below its lowest spot when it has to move ``base`` down.
#: Few: every bit below the lowest spot makes every column a longer int to copy and
#: count (a board creeps south seldom, and moving costs one list of shifts).
_SPARE_ROWS = 8
_NEW = object.__new__


def spot_set(keys) -> SpotSet:
    """A :class:`SpotSet` of the int spots ``keys``."""
    keys = list(keys)
    out = SpotSet(base=(min(spot(k)[1] for k in keys) - _SPARE_ROWS) if keys else -_SPARE_ROWS)
    for k in keys:
        x, y = spot(k)
        lo = out._lower(y)
        i = x - out.x0
        if i < 0 or i >= len(out.cols):
            i = out._room(x, 1)
        out.cols[i] |= 1 << lo
    return out
