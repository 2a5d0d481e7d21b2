"""Conspiracy, Take Actions 5: what each step of an action may choose in a position.

:class:`ActionChoices` is the part of :class:`~.rules.ConspiracyState` that lists the
choices of the action steps: which actions are open at all (5), where a coin may be
placed and pointed (5.a.ii-iii), which coins may be revealed (5.b.iii-v) or attacked
(5.c.iii.a), which tiles revealed (5.d.iii).  The legal-action list and the refusals
(:mod:`.refusals`) both read these helpers, so the two agree by construction.
Values derived from the board are cached on the state under names listed in
``ConspiracyState.CACHE_KEYS`` (dropped from every copy).
"""
from __future__ import annotations

from explorer.components.piecepack import ACE

from . import board as B
from .actions import NewTile, NoNewTile
from .equipment import rank_of


class ActionChoices:
    """Mixin of :class:`~.rules.ConspiracyState`: the choices of the Take Actions steps."""

    def _kinds(self):
        p = self.turn_player
        hand = self.coin_hands[p]
        ap = self.ap
        out = []
        if ap >= 1 and hand and (self._placements() or self._new_tile_positions_for_place()):
            out.append("place")
        if ap >= 1 and hand and self._reveal_targets():
            out.append("reveal_coin")
        if ap >= 1 and len(hand) >= 2 and self._attack_targets():
            out.append("attack")
        if ap >= 2 and hand and self._tile_targets():
            out.append("reveal_tile")
        if ap >= 2:
            out.append("advance")
        return out

    def _mark_cells(self):
        m = self.__dict__.get("_marks")
        if m is None:
            m = self._marks = B.mark_cells(self.tiles, self.coins)
        return m

    def _placements(self):
        pl = self.__dict__.get("_place")
        if pl is None:
            pl = self._place = B.coin_placements(self.tiles, self.coins, self.options.columns,
                                                 marks=self._mark_cells())
        return pl

    def _placements_on_new(self, pos):
        # a new tile is face down, so it adds nothing to the cells coins may point at
        tiles = B.with_tile(self.tiles, pos, B.TileSpot("?", False, self.turn_player))
        return B.coin_placements(tiles, self.coins, self.options.columns, only_tile=pos,
                                 marks=self._mark_cells())

    def _new_tile_positions_for_place(self):
        if not self.tile_hands[self.turn_player]:
            return []
        return [p for p in B.new_tile_positions(self.tiles, self.options.columns) if self._placements_on_new(p)]

    def _attack_cells(self, target, new_tile=None):
        """Empty face-down squares next to ``target`` (existing tiles, or the new tile)."""
        tx, ty = target
        out = []
        for _, dx, dy in B.DIRECTIONS:
            x, y = tx - dx, ty - dy
            if x < 0 or y < 2 or x >= 2 * self.options.columns or (x, y) in self.coins:
                continue
            pos = (x // 2, y // 2)
            if new_tile is None:
                spot = self.tiles.get(pos)
                if spot is not None and not spot.face_up:
                    out.append((x, y))
            elif pos == new_tile:
                out.append((x, y))
        return out

    def _attack_new_tiles(self, target):
        if not self.tile_hands[self.turn_player]:
            return []
        free = set(B.new_tile_positions(self.tiles, self.options.columns))
        return sorted({(x // 2, y // 2) for _, dx, dy in B.DIRECTIONS
                       for x, y in [(target[0] - dx, target[1] - dy)]
                       if (x // 2, y // 2) in free and x >= 0 and y >= 2 and x < 2 * self.options.columns})

    def _attack_targets(self):
        at = self.__dict__.get("_attack")
        if at is None:
            at = self._attack = [c for c in self.coins
                                 if self._attack_cells(c) or self._attack_new_tiles(c)]
        return at

    def coin_graph(self):
        """The coin chains as a networkx DiGraph (see :func:`board.coin_graph`)."""
        g = self.__dict__.get("_graph")
        if g is None:
            g = self._graph = B.coin_graph(self.tiles, self.coins)
        return g

    def _pointers(self):
        pt = self.__dict__.get("_ptr")
        if pt is None:
            pt = self._ptr = B.pointers(self.coins)
        return pt

    def reveal_support(self, cell):
        """Take Actions 5.b.iii-v for the coin at ``cell``: whether it can be revealed
        now, and the cells of the number-side-up coins pointing at it (its in-edges in
        the coin graph)."""
        spot = self.coins.get(tuple(cell))
        if spot is None or spot.symbol_up:
            return False, []
        supporters = [c for c in self._pointers().get(tuple(cell), ()) if not self.coins[c].symbol_up]
        value = rank_of(spot.name)
        ranks = [rank_of(self.coins[c].name) for c in supporters]
        if len(ranks) == 1:
            ok = ranks[0] == ACE or ranks[0] == value
        elif len(ranks) >= 2:
            ok = sum(self.options.spiral_wild_max if r == ACE else r for r in ranks) > value
        else:
            ok = False
        return ok, supporters

    def revealable_coins(self) -> list[tuple[int, int]]:
        """Cells of the number-side-up coins that Reveal Coin could turn now (5.b.iii)."""
        return list(self._reveal_targets())

    def chain_preview(self, cell) -> list[tuple[int, int]]:
        """The cells a reveal of the coin at ``cell`` would also turn by chain reaction
        (5.b.vii), without changing anything: the very computation the reveal applies."""
        return B.reveal_chain(self.tiles, self.coins, cell, whole_board=self.options.chain_whole_board)

    def _reveal_targets(self):
        rt = self.__dict__.get("_reveal")
        if rt is None:
            rt = self._reveal = [c for c, spot in self.coins.items()
                                 if not spot.symbol_up and self.reveal_support(c)[0]]
        return rt

    def _tile_targets(self):
        counts = {}
        for (x, y), spot in self.coins.items():
            if spot.symbol_up:
                counts[(x // 2, y // 2)] = counts.get((x // 2, y // 2), 0) + 1
        return sorted(p for p, n in counts.items() if n >= 2 and p in self.tiles and not self.tiles[p].face_up)

    def _new_tile_options(self):
        pend = self.pend
        if pend["kind"] == "place":
            out = [NoNewTile()] if self._placements() else []
            return out + [NewTile(c, r) for c, r in self._new_tile_positions_for_place()]
        target = pend["target"]
        out = [NoNewTile()] if self._attack_cells(target) else []
        return out + [NewTile(c, r) for c, r in self._attack_new_tiles(target)]

    def _cells_for_pending(self):
        pend = self.pend
        nt = pend.get("new_tile")
        if pend["kind"] == "attack":
            return {c: (B.direction_to(c, pend["target"]),) for c in self._attack_cells(pend["target"], nt)}
        if nt is not None:
            return self._placements_on_new(nt)
        return self._placements()
