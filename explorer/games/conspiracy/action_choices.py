"""Conspiracy, Take Actions 5: what each step of an action may choose in a position.

:class:`ActionChoices` is the part of :class:`~.rules.ConspiracyState` that lists the
choices of the action steps: which actions are open at all (5), where a coin may be
placed and pointed (5.a.ii-iii), which coins may be revealed (5.b.iii-v) or attacked
(5.c.iii.a), which tiles revealed (5.d.iii).  The legal-action list and the refusals
(:mod:`.refusals`) both read these helpers, so the two agree by construction.
What they read off the board is worked out once per board and shared by every state
showing it (:mod:`.board_facts`); the coin graph for the views is cached per state.
"""
from __future__ import annotations

from . import board as B
from .actions import NewTile, NoNewTile
from .board_facts import facts_of


_NO_NEW_TILE = NoNewTile()


class ActionChoices:
    """Mixin of :class:`~.rules.ConspiracyState`: the choices of the Take Actions steps."""

    def _kinds(self):
        """The actions open now (Take Actions 5): each needs its points, its coins and
        something on the board to act on.  Cached as ``_kinds_open`` (a per-state cache,
        see ``CACHE_KEYS``): the action menu asks once to decide whether to open, and its
        legal actions ask again."""
        kinds = self.__dict__.get("_kinds_open")
        if kinds is None:
            kinds = self._kinds_open = self._open_kinds()
        return kinds

    def _open_kinds(self):
        p = self.turn_player
        hand = self.coin_hands[p]
        ap = self.ap
        out = []
        if not hand:
            if ap >= 2:
                out.append("advance")
            return out
        f = facts_of(self)
        tiles_in_hand = bool(self.tile_hands[p])
        if ap >= 1 and (f.can_place or (tiles_in_hand and f.can_place_on_new)):
            out.append("place")
        if ap >= 1 and f.can_reveal:
            out.append("reveal_coin")
        if ap >= 1 and len(hand) >= 2 and f.can_attack(tiles_in_hand):
            out.append("attack")
        if ap >= 2 and f.tile_targets:
            out.append("reveal_tile")
        if ap >= 2:
            out.append("advance")
        return out

    def _mark_cells(self):
        return facts_of(self).marks

    def _placements(self):
        return facts_of(self).placements

    def _placements_on_new(self, pos):
        return facts_of(self).placements_on_new(pos)

    def _new_tile_positions_for_place(self):
        if not self.tile_hands[self.turn_player]:
            return []
        return facts_of(self).new_tile_positions_for_place

    def _attack_cells(self, target, new_tile=None):
        """Empty face-down squares next to ``target`` (existing tiles, or the new tile)."""
        f = facts_of(self)
        if new_tile is not None:
            return f.attack_cells_on_new(target, new_tile)
        return f.attack_cells(tuple(target))

    def _attack_new_tiles(self, target):
        if not self.tile_hands[self.turn_player]:
            return []
        return facts_of(self).attack_new_tiles(tuple(target))

    def _attack_targets(self):
        f = facts_of(self)
        if self.tile_hands[self.turn_player]:
            return f.attack_targets_with_new_tile
        return f.attack_targets_from_board

    def coin_graph(self):
        """The coin chains as a networkx DiGraph (see :func:`board.coin_graph`)."""
        g = self.__dict__.get("_graph")
        if g is None:
            g = self._graph = B.coin_graph(self.tiles, self.coins)
        return g

    def reveal_support(self, cell):
        """Take Actions 5.b.iii-v for the coin at ``cell``: whether it can be revealed
        now, and the cells of the number-side-up coins pointing at it (its in-edges in
        the coin graph)."""
        ok, supporters = facts_of(self).reveal_support(tuple(cell))
        return ok, list(supporters)

    def revealable_coins(self) -> list[tuple[int, int]]:
        """Cells of the number-side-up coins that Reveal Coin could turn now (5.b.iii)."""
        return list(self._reveal_targets())

    def chain_preview(self, cell) -> list[tuple[int, int]]:
        """The cells a reveal of the coin at ``cell`` would also turn by chain reaction
        (5.b.vii), without changing anything: the very computation the reveal applies."""
        return B.reveal_chain(self.tiles, self.coins, cell, whole_board=self.options.chain_whole_board,
                              pointed=facts_of(self).pointers)

    def _reveal_targets(self):
        return facts_of(self).reveal_targets

    def _tile_targets(self):
        return facts_of(self).tile_targets

    def _new_tile_options(self):
        pend = self.pend
        if pend["kind"] == "place":
            f = facts_of(self)
            out = [_NO_NEW_TILE] if f.can_place else []
            return out + list(f.new_tile_choices) if self.tile_hands[self.turn_player] else out
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
