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

The legal spots of a board are kept as a :class:`SpotSet`: one int, a bit per spot, the
columns x side by side a fixed number of rows apart.  A box is nine columns of nine rows,
so putting a box's answer in is one masked update of the int (:meth:`SpotSet.splice`), and
the spots are listed in the legal actions' order (x first, then y) only when someone asks
for the list.
"""
from __future__ import annotations

import sys
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
    """A set of spots as ONE int: the spot (x, y) is the bit ``(x - x0) * h + (y - base)``,
    so a column x is ``h`` bits (``h`` rows from ``base``), columns side by side.  Putting a
    box's answer in is one masked update of the whole int (:meth:`splice`; the box's
    81-bit mask spread to the columns' stride is kept per mask, :data:`_SPREAD`), a copy
    shares the int, and clearing a run of spots is one masked update too.  The spots are
    listed in the legal actions' order (x first, then y) from the columns (:attr:`cols`,
    cut from the int when someone asks).  Whoever made it may change it (with
    :meth:`splice` and :meth:`clear`) until it is handed out: after that nobody changes it
    (a Layout shares it, and a legal-action list reads it).

    ``base`` lies at or below every spot and ``base + h`` above: a box outside moves
    ``base`` (every column shifted) or, when the spots no longer fit in ``h`` rows, doubles
    ``h`` (a board creeping far north or south does it, seldom)."""

    __slots__ = ("bits", "x0", "base", "h", "_cols", "_keys", "_counts")

    def __init__(self, x0: int = 0, base: int = 0):
        self.bits = 0
        self.x0 = x0
        self.base = base
        self.h = _H
        self._cols = self._keys = self._counts = None

    def copy(self) -> SpotSet:
        s = _NEW(SpotSet)
        s.bits, s.x0, s.base, s.h = self.bits, self.x0, self.base, self.h
        # the derived lists are never changed, only replaced: shared
        s._cols, s._keys, s._counts = self._cols, self._keys, self._counts
        return s

    @property
    def cols(self) -> list[int]:
        """The columns, x0 first, up to the last one holding a spot: bit ``y - base`` of
        ``cols[i]`` is the spot (x0 + i, y) (made when asked, kept; do not change it)."""
        cols = self._cols
        if cols is None:
            bits = self.bits
            h = self.h
            if not bits:
                cols = []
            elif h == 64:
                n = (bits.bit_length() + 63) >> 6
                cols = memoryview(bits.to_bytes(n << 3, _ORDER)).cast("Q").tolist()
            else:
                m = (1 << h) - 1
                cols = [bits >> (i * h) & m for i in range((bits.bit_length() + h - 1) // h)]
            self._cols = cols
        return cols

    def _rows(self, y: int, n: int) -> int:
        """Make the rows ``y`` to ``y + n - 1`` part of every column (moving ``base``, or
        doubling ``h`` when the spots and those rows do not fit); the bit of row ``y``."""
        bits, h, base = self.bits, self.h, self.base
        if not bits:
            self.base = y - (h - n) // 2
            return y - self.base
        cols = self.cols
        low = min((c & -c).bit_length() - 1 for c in cols if c) + base
        high = max(c.bit_length() - 1 for c in cols) + base
        low, high = min(low, y), max(high, y + n - 1)
        while high - low + 1 + 2 * _SPARE_ROWS > h:
            h *= 2
        new_base = low - (h - (high - low + 1)) // 2
        d = base - new_base
        self.bits = sum((c << d if d >= 0 else c >> -d) << (i * h) for i, c in enumerate(cols))
        self.base, self.h = new_base, h
        self._cols = self._keys = self._counts = None
        return y - new_base

    def trim(self) -> None:
        """Drop the empty columns beyond :data:`_PAD` below the first spot (a board that
        lost a section leaves them behind; the int has none past the last spot)."""
        bits = self.bits
        if not bits:
            return
        h = self.h
        drop = ((bits & -bits).bit_length() - 1) // h - _PAD
        if drop > 0:
            self.bits = bits >> (drop * h)
            self.x0 += drop
            self._cols = self._keys = self._counts = None

    def splice(self, k: int, mask: int) -> None:
        """Make the spots of the box of the corner ``k`` those of ``mask`` (as
        :func:`legal_in_box` gives them)."""
        kx = (k + _HALF) >> SHIFT
        y = k - (kx << SHIFT) - _SIZE
        h = self.h
        lo = y - self.base
        if lo < 0 or lo + 9 > h:
            lo = self._rows(y, 9)
            h = self.h
        bits = self.bits
        i = kx - _SIZE - self.x0
        if i < 0 or not bits:
            if not bits:
                self.x0 = kx - _SIZE - _PAD
            else:
                shift = _PAD - i
                bits = bits << (shift * h)
                self.x0 -= shift
            i = kx - _SIZE - self.x0
        at = i * h + lo
        spread = _SPREAD[h]
        m = spread.get(mask)
        if m is None:
            m = spread[mask] = _spread(mask, h, spread)
        # the window's bits from m, the others kept (positive ints only)
        self.bits = bits ^ ((bits ^ (m << at)) & (_WINDOW[h] << at))
        self._cols = self._keys = self._counts = None

    def clear(self, x: int, y: int, rows: int, columns: int = 1) -> None:
        """Take out the spots of the columns ``x`` to ``x + columns - 1`` from row ``y``,
        ``rows`` rows up (one update for a whole run: Step 2.d clears seven columns of a
        row for a neighbour above or below)."""
        h = self.h
        lo = y - self.base
        if lo < 0:
            rows += lo
            lo = 0
        if lo + rows > h:
            rows = h - lo
        i = x - self.x0
        if i < 0:
            columns += i
            i = 0
        bits = self.bits
        if rows <= 0 or columns <= 0 or not bits:
            return
        run = _RUNS.get((h, rows, columns))
        if run is None:
            run = _RUNS[h, rows, columns] = sum(((1 << rows) - 1) << (c * h) for c in range(columns))
        self.bits = bits ^ (bits & (run << (i * h + lo)))
        self._cols = self._keys = self._counts = None

    def __contains__(self, k: int) -> bool:
        x = (k + _HALF) >> SHIFT
        lo = k - (x << SHIFT) - self.base
        i = x - self.x0
        return 0 <= lo < self.h and i >= 0 and self.bits >> (i * self.h + lo) & 1 == 1

    def _running(self) -> list[int]:
        """The running count of spots up to each column (kept)."""
        counts = self._counts
        if counts is None:
            counts = self._counts = list(accumulate(map(int.bit_count, self.cols)))
        return counts

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __bool__(self) -> bool:
        return self.bits != 0

    def span(self) -> tuple[int, int] | None:
        """The westmost and eastmost columns holding a spot (None when there is none)."""
        bits = self.bits
        if not bits:
            return None
        h = self.h
        return self.x0 + ((bits & -bits).bit_length() - 1) // h, self.x0 + (bits.bit_length() - 1) // h

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


def _spread(mask: int, h: int, cache: dict) -> int:
    """The 81-bit box ``mask`` (nine columns of nine rows) with its columns ``h`` bits
    apart, as a SpotSet's int holds columns (``cache``: the masks spread so far, emptied
    when large; the same few come back all game)."""
    if len(cache) > 65536:
        cache.clear()
    # the nine columns written out (a loop over them costs twice the interpreted steps)
    return ((mask & 511) | (mask >> 9 & 511) << h | (mask >> 18 & 511) << 2 * h | (mask >> 27 & 511) << 3 * h
            | (mask >> 36 & 511) << 4 * h | (mask >> 45 & 511) << 5 * h | (mask >> 54 & 511) << 6 * h
            | (mask >> 63 & 511) << 7 * h | (mask >> 72) << 8 * h)


class _PerHeight(dict):
    """``{h: value}`` made by ``make(h)`` on first use."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, h):
        out = self[h] = self.make(h)
        return out


#: Rows per column of a new SpotSet: 64 (a column is one machine word when the columns
#: are cut from the int); a board whose spots span more doubles it.
_H = 64
#: ``{h: {81-bit box mask: the mask spread to columns h bits apart}}``
_SPREAD = _PerHeight(lambda h: {})
#: ``{h: the whole box, spread}``: the window :meth:`SpotSet.splice` replaces
_WINDOW = _PerHeight(lambda h: sum(511 << (c * h) for c in range(9)))
#: ``{(h, rows, columns): the run of spots SpotSet.clear takes out}``
_RUNS: dict = {}
_ORDER = sys.byteorder
#: Empty columns a SpotSet keeps below its first spot when it grows west or is trimmed.
_PAD = 4
#: Empty rows a SpotSet keeps at least above and below its spots when it makes room.
_SPARE_ROWS = 8
_NEW = object.__new__


def spot_set(keys) -> SpotSet:
    """A :class:`SpotSet` of the int spots ``keys``."""
    out = SpotSet()
    spots = [spot(k) for k in keys]
    if spots:
        low = min(y for _, y in spots)
        high = max(y for _, y in spots)
        h = _H
        while high - low + 1 + 2 * _SPARE_ROWS > h:
            h *= 2
        out.h, out.base, out.x0 = h, low - (h - (high - low + 1)) // 2, min(x for x, _ in spots) - _PAD
        bits = 0
        for x, y in spots:
            bits |= 1 << ((x - out.x0) * h + y - out.base)
        out.bits = bits
    return out
