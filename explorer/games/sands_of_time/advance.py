"""Actions Explained: Advance.  A marker moves to the next tile of its tree, or (Cultural
unlocked) a new marker starts on a tree's Level 1 where the player has none; either only if the
player's Unrest is at most his heritage in the tree's category.  Reaching a tree's last tile,
the player is its first discoverer: he draws two tiles of the next level of that category (a
chance node), keeps one face up at the tree's end and puts the other back on top of its pile,
where only he knows it (``tops`` and ``seen``).  A marker is one of the player's control markers.
Reaching Bread and circus above Unrest 5 brings Unrest down to 5 (Advances: it cannot exceed 5)."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from explorer.engine.errors import IllegalMove
from explorer.engine.words import action_words, counted, seat_name

from . import empire as E
from .actions import DONE, Advance, Done, DrawTiles, Keep
from .sections import RULES
from .turn import finish_action


def enter(s) -> None:
    s.phase_ = "advance"


def legal(s):
    q = s.player
    out = []
    new = E.unlocked(s, q, "Cultural") and E.discs_free(s, q) > 0
    for tree in s.geo.trees:
        if s.unrest[q] > E.heritage(s, q, E.tree_category(tree)):
            continue
        i = s.markers[q].get(tree)
        if i is None:
            if new:
                out.append(Advance(tree, True))
        elif i + 1 < len(s.trees[tree]):
            out.append(Advance(tree))
    return out + [DONE]


def _on_advance(s, a) -> None:
    q = s.player
    if type(a) is Done:
        finish_action(s)
        return
    i = 0 if a.new else s.markers[q][a.tree] + 1
    E.set_seat(s, "markers", q, {**s.markers[q], a.tree: i})
    tile = s.trees[a.tree][i]
    s._event("advance", f"{seat_name(q)} {'starts a marker on' if a.new else 'advances on'} {a.tree}: {tile}")
    cap = E.unrest_cap(s, q)
    if s.unrest[q] > cap:                      # Bread and circus reached above its cap (Advances)
        E.set_seat(s, "unrest", q, cap)
        s._event("advances", f"{tile}: {seat_name(q)}'s Unrest drops to {cap}, its most with that advance")
    if i == len(s.trees[a.tree]) - 1:
        key = (E.tree_category(a.tree), i + 2)
        if s.piles.get(key):
            s.ctx = a.tree
            s.phase_, s.player = "draw", -1
            return
    finish_action(s)


# -- the first discoverer's draw -------------------------------------------------------------------

def pile_key(s):
    return (E.tree_category(s.ctx), len(s.trees[s.ctx]) + 1)


def draw_outcomes(s):
    key = pile_key(s)
    pile = s.piles[key]
    top = s.tops.get(key)
    if len(pile) == 1:
        return [(DrawTiles(pile), Fraction(1))]
    if top is not None:
        rest = [t for t in pile if t != top]
        return [(DrawTiles(tuple(sorted((top, t)))), Fraction(1, len(rest))) for t in rest]
    pairs = list(combinations(pile, 2))
    return [(DrawTiles(p), Fraction(1, len(pairs))) for p in pairs]


def check_draw(s, a) -> None:
    if a not in [o for o, _ in draw_outcomes(s)]:
        raise IllegalMove(f"{action_words(s, a)}: that is not a draw this pile allows", RULES["discover"])


def _on_draw(s, a) -> None:
    q = s.active
    key = pile_key(s)
    s.drawn = a.tiles
    s.seen = {**s.seen, **{t: s.seen.get(t, frozenset()) | {q} for t in a.tiles}}
    s._event("discover", f"{seat_name(q)} draws {' and '.join(a.tiles)} (Level {key[1]} {key[0]})", seen_by=(q,),
             public=f"{seat_name(q)} draws {counted(len(a.tiles), f'Level {key[1]} {key[0]} tile')}")
    s.phase_, s.player = "keep", q


def legal_keep(s):
    return [Keep(t) for t in s.drawn]


def _on_keep(s, a) -> None:
    q = s.player
    key = pile_key(s)
    tree = s.ctx
    s.trees = {**s.trees, tree: s.trees[tree] + (a.tile,)}
    back = [t for t in s.drawn if t != a.tile]
    s.piles = {**s.piles, key: tuple(t for t in s.piles[key] if t != a.tile)}
    tops = dict(s.tops)
    if back:
        tops[key] = back[0]
        s._event("discover", f"{seat_name(q)} keeps {a.tile} on {tree} and puts {back[0]} back on top of the pile",
                 seen_by=(q,), public=f"{seat_name(q)} keeps {a.tile} on {tree} and puts the other tile back on top")
    else:
        tops.pop(key, None)
        s._event("discover", f"{seat_name(q)} keeps {a.tile} on {tree}")
    s.tops = tops
    s.drawn = ()
    finish_action(s)
