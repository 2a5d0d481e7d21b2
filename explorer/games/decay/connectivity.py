"""Which tiles of Decay's board hang together: the sections a board falls into without a
tile (Resolving a Split Game board, Step 2.e; Step 3's rule that a slide never splits
the board), answered from a :class:`.board.Layout`'s contacts (``nbrs``) and kept in its
``memo``.  :class:`Connectivity` is the part of the Layout that asks them."""
from __future__ import annotations

#: What :meth:`Connectivity.cut_without`'s memo holds for a tile not asked about yet.
_UNASKED = object()


class Connectivity:
    """The connectivity questions of :class:`.board.Layout` (it sets ``nbrs`` and
    ``memo``); every answer equals the plain function of :mod:`.board` it names."""

    __slots__ = ()

    def is_connected(self, replace: tuple[str, set[str]] | None = None) -> bool:
        """:func:`.board.is_connected`; ``replace=(tile, new neighbours)`` asks it for the board
        where that tile touches exactly those tiles instead."""
        nbrs = self.nbrs
        if len(nbrs) <= 1:
            return True
        moved, new = replace if replace else (None, None)
        start = next(iter(nbrs))
        seen = {start}
        todo = [start]
        while todo:
            n = todo.pop()
            if n == moved:
                nxt = new
            else:
                nxt = [m for m in nbrs[n] if m != moved]
                if moved is not None and n in new:
                    nxt.append(moved)
            for m in nxt:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return len(seen) == len(nbrs)

    def splits_without(self, name: str) -> bool:
        """Whether taking the tile ``name`` away leaves this board in pieces (memoized,
        see :meth:`cut_without`)."""
        return self.cut_without(name) is not None

    def cut_without(self, name: str) -> tuple[set, set] | None:
        """None when taking the tile ``name`` away leaves this board whole, else what the
        search that found it split saw (for :meth:`parts_after_move`; memoized).  The
        board is whole (a split is resolved at once), so it stays whole exactly when the
        neighbours of ``name`` still reach each other: a tile with one neighbour never
        splits it, and the search stops as soon as every neighbour is found.  (Boards
        grown by Board Creation are nearly trees, so a tile with several neighbours
        usually does split it: slides count the sections at once.)"""
        around = self.nbrs[name]
        if len(around) <= 1:
            return None
        key = ("cut", name)
        got = self.memo.get(key, _UNASKED)
        if got is _UNASKED:
            nbrs = self.nbrs
            missing = set(around)
            start = missing.pop()
            seen = {name, start}
            todo = [start]
            while todo and missing:
                for m in nbrs[todo.pop()]:
                    if m not in seen:
                        seen.add(m)
                        missing.discard(m)
                        todo.append(m)
            # split: the first section searched to its end, and the neighbours not in it
            got = self.memo[key] = (seen, missing) if missing else None
        return got

    def parts_after_move(self, name: str, cut: tuple[set, set]) -> list[set[str]]:
        """:meth:`components` of this board, where the tile ``name`` was just moved to,
        when taking it away split the board before (``cut``: that board's
        :meth:`cut_without`, which searched one section to its end); kept as this board's.
        When a single neighbour of ``name`` lay outside that section, the other tiles are
        the one other section.  The sections ``name`` touches now join."""
        seen, missing = cut
        if len(missing) != 1:
            return self.components()
        joined, parts = {name}, []
        touching = self.nbrs[name]
        for part in (seen - {name}, set(self.nbrs).difference(seen)):
            if part.isdisjoint(touching):
                parts.append(part)
            else:
                joined |= part
        parts.append(joined)
        self.memo["parts"] = parts
        return parts

    def _sections_of(self, name: str, targets) -> dict:
        """``{tile: section number}`` for the tiles ``targets`` of the board without
        ``name``, and under None the number of sections holding them.  Each section is
        searched from its first target until the targets not yet found are all in it, so
        the last section is seldom searched to its end."""
        nbrs = self.nbrs
        left = dict.fromkeys(targets)           # a set that keeps the targets' order
        label: dict = {}
        k = 0
        while left:
            start = next(iter(left))
            del left[start]
            label[start] = k
            seen = {name, start}
            todo = [start]
            while todo and left:
                for m in nbrs[todo.pop()]:
                    if m not in seen:
                        seen.add(m)
                        todo.append(m)
                        if m in left:
                            del left[m]
                            label[m] = k
            k += 1
        label[None] = k
        return label

    def _reaches(self, start: str, name: str, targets) -> bool:
        """Whether ``start`` reaches one of ``targets`` on the board without ``name``
        (the search stops at the first found)."""
        if start in targets:
            return True
        nbrs = self.nbrs
        seen = {name, start}
        todo = [start]
        while todo:
            for m in nbrs[todo.pop()]:
                if m not in seen:
                    if m in targets:
                        return True
                    seen.add(m)
                    todo.append(m)
        return False

    def components(self) -> list[set[str]]:
        """:func:`.board.components` (in no particular order; memoized, do not change it)."""
        out = self.memo.get("parts")
        if out is None:
            out = self.memo["parts"] = self._components()
        return out

    def _components(self) -> list[set[str]]:
        left = set(self.nbrs)
        out = []
        while left:
            start = left.pop()
            part = {start}
            todo = [start]
            while todo:
                for m in self.nbrs[todo.pop()]:
                    if m not in part:
                        part.add(m)
                        todo.append(m)
            left -= part
            out.append(part)
        return out
