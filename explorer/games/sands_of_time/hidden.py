"""What a seat of The Sands of Time cannot see, declared for the engine's honest sampler
(:mod:`explorer.engine.infoset`), which the leak tests, IS-MCTS and the OpenSpiel adapter use.

- **Chronicle cards** (one group per player): the cards still in another player's hand are one set
  (a hand's order says nothing); a card placed face down in a bin lies in that bin, so when the
  player places "a Chronicle" the seat sees which bin but not which card (Chronicles).  Phase 5
  turns the bins up and the cards leave the game, seen by all.  A player's own cards are seen.
- **Advance tiles of levels 3 and up** (one group per pile, category and level): the tiles still in
  a pile are one shuffled set, except a tile put back on top, which lies in its own place (known
  only to the players who drew it).  The first discoverer's draw is uniform over the pile (Actions
  Explained, Advance: two tiles, or the tile on top and one more, or the last one); the drawn tiles
  lie in the drawer's hand until one is kept face up at the end of the tree (seen by all) and the
  other goes back on top.  A tile is seen by the seats in ``state.seen`` and, once kept, by all.
- **Secret choices**: another player's two selected cards until its turn shows them (Phase 2 (a),
  (b)), and the open rounds of first markers, battle numbers and culls; each is any option that
  reads the same to the seat, each equally likely (the engine's model of another seat's choice).
"""
from __future__ import annotations

from explorer.engine import CHANCE
from explorer.engine.infoset import HiddenInformation

from .actions import Chronicle, DrawTiles, Select


def _pile_tiles(s) -> dict:
    """Every tile that starts in a pile (levels 3 and up): name -> its pile's key."""
    return {a.name: (a.category, a.level) for a in s.data.advances if a.level >= 3}


def tokens(s, viewer: int) -> dict:
    """Every Chronicle card and every pile tile: (its group, where it lies as the seat tells places
    apart, whether the seat knows which piece it is)."""
    out = {}
    total = len(s.data.chronicles.cards)
    for q in range(s.players):
        own = q == viewer
        hand, bins = s.chron_hand[q], s.bins[q]
        for c in hand:
            out[(q, c)] = (("chronicle", q), ("set", "chronicle hand", q), own)
        for b, c in bins.items():
            out[(q, c)] = (("chronicle", q), ("bin", q, b), own)
        for c in range(1, total + 1):
            if (q, c) not in out:
                out[(q, c)] = (("chronicle", q), ("scored", q, c), True)
    tops, seen = s.tops, s.seen
    for name, key in _pile_tiles(s).items():
        knows = viewer in seen.get(name, ())
        if name in s.drawn:
            out[name] = (key, ("drawn", s.drawn.index(name)), knows)
        elif name in s.piles.get(key, ()):
            place = ("top", key) if tops.get(key) == name else ("set", "pile", key)
            out[name] = (key, place, knows)
        else:
            out[name] = (key, ("kept", name), True)
    return out


def named(a, s) -> tuple:
    """The pieces an action names: the tiles drawn, the Chronicle card placed."""
    t = type(a)
    if t is DrawTiles and s.player == CHANCE:
        return tuple(a.tiles)
    if t is Chronicle and s.player >= 0:
        return ((s.player, a.card),)
    return ()


def rename(a, s, mapping):
    if type(a) is DrawTiles:
        return DrawTiles(tuple(sorted(mapping.get(t, t) for t in a.tiles)))
    (card,) = mapping.values()
    return Chronicle(card[1], a.bin)


def secret(states, actions, viewer: int) -> list[int]:
    """Another player's card choice not yet shown (the last round of Phase 2 (a)), or the other
    seats' choices in the open round of secret choices."""
    n = len(actions)
    last = states[n]
    if last.phase_ in ("select", "turn") or last.phase_ not in last.SECRET_PHASES:
        out = []
        i = n
        while i > 0 and not (states[i - 1].phase_ == "select" and type(actions[i - 1]) is Select):
            i -= 1
        while i > 0 and states[i - 1].phase_ == "select":
            i -= 1
            q = states[i].player
            if q != viewer and q not in last.revealed and last.selected[q] is not None:
                out.append(i)
        return sorted(out)
    start = n - sum(1 for c in last.commits if c is not None)     # this round's commitments only
    return [i for i in range(start, n) if states[i].player != viewer]


HIDDEN = HiddenInformation(tokens=tokens, named=named, rename=rename, secret=secret)
