"""What each seat of The Sands of Time may see, and the words for what happens.

Hidden from a seat: the number of another player's Chronicle cards (in hand, or face down in a
bin until Phase 5 turns them up); the two cards another player chose until that player's turn
shows them (Phase 2 (b)); the open secret choices (first markers, battle numbers, culls); the
tiles another player drew as first discoverer, and so the tile put back on top of a pile (only
the seats that drew a tile know it, ``seen``).  Everything else lies open on the table.

:mod:`.hidden` declares exactly these for the engine's honest sampler (the leak tests, IS-MCTS)."""
from __future__ import annotations

from explorer.engine.words import counted, seat_name

from . import empire as E
from .actions import Chronicle, DrawTiles, Select, Target
from .data import CATEGORIES
from .sections import GAME


def _who(s, q: int) -> str:
    return seat_name(q) if q < s.players else ("black empire" if q == 1 else "blue empire")


def observation(s, viewer):
    n = s.players
    secret = s.phase_ in s.SECRET_PHASES

    def sees(q):
        return viewer is None or viewer == q

    territories = {}
    for t in sorted(s.tiles):
        pe, wa = s.pe.get(t, s.zero), s.wa.get(t, s.zero)
        territories[t] = {
            "resource": s.tiles[t][0], "capacity": s.tiles[t][1], "owner": s.owner.get(t),
            "colony": t in s.colony, "structures": sorted(s.st.get(t, ())),
            "citizens": {_who(s, q): [pe[q], wa[q]] for q in range(s.empires) if pe[q] or wa[q]},
        }
    players = []
    for q in range(n):
        fountains, lyres = E.symbols(s, q)
        players.append({
            "seat": q, "capital": s.capital[q], "crops": s.crops[q], "gold": s.gold[q], "unrest": s.unrest[q],
            "vp": s.vp[q], "heritage": dict(zip(CATEGORIES, s.heritage[q], strict=True)),
            "routes": sorted(f"{a}-{b}" for a, b in s.routes[q]),
            "markers": {tree: s.trees[tree][i] for tree, i in sorted(s.markers[q].items())},
            "hand": [c for c in s.card_names if c in s.hand[q]], "used": [c for c in s.card_names if c in s.used[q]],
            "emphasis": s.emph[q], "boxes": s.boxes[q],
            "chronicles_in_hand": list(s.chron_hand[q]) if sees(q) else len(s.chron_hand[q]),
            "bins": {b: (c if sees(q) else "face down") for b, c in sorted(s.bins[q].items())},
            "selected": (list(s.selected[q]) if s.selected[q] and (sees(q) or q in s.revealed)
                         else ("two cards chosen, face down" if s.selected[q] else None)),
            "fountains": fountains, "lyres": lyres, "territories": sum(1 for o in s.owner.values() if o == q),
            "last_dynasty_chronicle_vp": s.last_chronicle[q],
        })
    piles = {}
    for (cat, level), tiles in sorted(s.piles.items()):
        top = s.tops.get((cat, level))
        piles[f"{cat} {level}"] = {"count": len(tiles),
                                   "top": top if top is not None and (viewer is None or viewer in s.seen.get(top, ()))
                                   else None}
    return {
        "game": GAME, "viewer": viewer, "phase": s.phase_, "current_player": s.player,
        "dynasty": s.dynasty, "generation_space": s.gen_pos, "dynasty_space": s.dyn_pos, "start_player": s.start,
        "territories": territories, "players": players, "trees": {k: list(v) for k, v in sorted(s.trees.items())},
        "piles": piles, "structures_left": dict(sorted(s.st_supply.items())),
        "active": s.active, "to_play": list(s.to_play), "bonus_used": s.bonus, "patronage": s.patron,
        "drawn": list(s.drawn) if (viewer is None or viewer == s.active) else len(s.drawn),
        "battle": None if s.battle is None else list(s.battle), "cull_at": s.cull_at,
        "chosen": s.commitments(viewer) if secret and s.phase_ != "select" else None,
        "step": None if s.ctx is None or s.phase_ in ("draw", "keep") else step_words(s.ctx),
        "winners": list(s.winners), "end_reason": s.end_reason,
    }


#: the movement an action is making (:mod:`.movement`), in words
_MOVES = {"raid 1": "Raid, first move", "raid 2": "Raid, second move (Political unlocked)", "migrate": "Migrate"}
#: what a Muster has done so far (:mod:`.muster_govern_tribute`)
_MUSTER = {"": "Muster: nothing mustered yet", "add": "Muster: adding warriors",
           "convert": "Muster: converting citizens"}


def step_words(ctx) -> str:
    """Where the action under way stands, in words (the state's ``ctx``; sets sorted, so the
    text does not depend on the interpreter's hash seed): "Migrate; moved already (a citizen
    moves once): 2 peasants to Gallia", "conquering in Italia: attacked, not annexed"."""
    if isinstance(ctx, str):                                    # Advance: the tree chosen
        return f"advancing on {ctx}"
    if len(ctx) == 2:                                           # a raid or migration
        tag, arrived = ctx
        moved = ", ".join(f"{counted(n, kind)} to {t}" for (t, kind), n in sorted(arrived.items()))
        return f"{_MOVES.get(tag, tag)}; moved already (a citizen moves once): {moved or 'none yet'}"
    first, second, third = ctx
    if isinstance(first, str) and first in _MUSTER:             # Muster: mode, converted, irrigated
        parts = [_MUSTER[first]]
        if second:
            parts.append("converted in " + ", ".join(sorted(second)))
        if third:
            parts.append("Irrigation used in " + ", ".join(sorted(third)))
        return "; ".join(parts)
    return (f"conquering in {first}: {'attacked' if second else 'no attack yet'}, "   # Conquer
            f"{'annexed' if third else 'not annexed'}")


def describe_action(s, a, viewer):
    """Words for ``a`` taken here as ``viewer`` may know it (secret choices are masked before)."""
    p = s.player
    t = type(a)
    if p < 0:
        if t is DrawTiles and not (viewer is None or viewer == s.active):
            return f"{seat_name(s.active)} draws {counted(len(a.tiles), 'tile')} of the next level"
        if s.phase_ == "tiles":
            return f"{s.to_deal[0]} gets {a}"
        return str(a)
    if t is Chronicle and not (viewer is None or viewer == p):
        return f"{seat_name(p)}: a Chronicle face down into bin {a.bin}"
    if t is Select and not (viewer is None or viewer == p):
        return f"{seat_name(p)} has chosen"
    if t is Target:
        from .solo import NAMES, attacker
        return f"{_who(s, p)}: the {NAMES[attacker(s)]} empire attacks {a.territory}"
    return f"{_who(s, p)}: {a}"

