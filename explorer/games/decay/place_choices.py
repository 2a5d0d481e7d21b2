"""The legal actions of Board Creation and Step 2.d as a sequence read lazily
(:class:`PlaceChoices`): a Place for every spot of a :class:`.spots.SpotSet`, made when
it is read."""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from .actions import Interned, Place
from .spots import SHIFT, in_reach, spot

#: What :attr:`PlaceChoices.last` holds before any action is read (no action is it).
_NOT_READ = object()

#: One shared Place action per int spot (:mod:`.spots`), like the others in :mod:`.actions`.
_PLACE = Interned(lambda k: Place(*spot(k)))


class PlaceChoices(Sequence):
    """The legal actions of Board Creation and Step 2.d: a Place for every spot of a
    :class:`.spots.SpotSet`, in its order (x first, then y).  A list of a hundred Place
    actions made at every such step would cost more than the step itself, and a playout
    reads one of them: this sequence makes an action when it is read, and answers ``in``
    from the set.  Compares equal to a list of the same actions.  :meth:`DecayState.
    _compute_legal` stores it in ``_legal_set`` too (a cache key the engine reads).

    Its length is counted once, when it is made: the step's ``_enter``, the playout's
    draw and every read ask for it."""

    __slots__ = ("spots", "n", "last")

    def __init__(self, spots):
        self.spots = spots
        counts = spots._counts
        if counts is None:                              # spots._running(), written out
            counts = spots._counts = list(accumulate(map(int.bit_count, spots.cols)))
        self.n = counts[-1] if counts else 0            # len(spots), read from its running count
        self.last = _NOT_READ   # the action read last: a playout hands it back to apply()

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):
        if i.__class__ is int and 0 <= i < self.n:
            # self.spots.nth(i), written out (a playout reads one action per list)
            spots = self.spots
            keys = spots._keys
            if keys is None:
                counts = spots._counts or spots._running()
                c = bisect_right(counts, i)
                if c == len(counts):
                    raise IndexError("spot index out of range")
                m = (spots._cols or spots.cols)[c]
                for _ in range(i - counts[c - 1] if c else i):
                    m &= m - 1
                k = ((spots.x0 + c) << SHIFT) + spots.base + (m & -m).bit_length() - 1
            else:
                k = keys[i]
            a = self.last = _PLACE[k]
            return a
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("legal action index out of range")
        return _PLACE[self.spots.nth(i)]

    def __iter__(self):
        return map(_PLACE.__getitem__, self.spots.keys())

    def __contains__(self, a) -> bool:
        if a is self.last:
            return True
        return a.__class__ is Place and in_reach(a.y) and (a.x << SHIFT) + a.y in self.spots

    def __eq__(self, other) -> bool:
        if isinstance(other, (list, tuple, PlaceChoices)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return repr(list(self))
