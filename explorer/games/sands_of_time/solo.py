"""Variant: Solo play, during the game.  The foreign empires gain a warrior in each of their
territories at population growth (:func:`~.generation._growth`); when the die of Phase 2 (c)
shows a 6, the black empire attacks a territory of the player's that it can reach, which the
player names (:func:`black_attack`): every black warrior in a black territory next to it moves
in, a black peasant takes the place of each territory left empty, and the battle is fought as
usual with the empire showing 1 (:mod:`.conquer`); a beaten player retreats and the empire
annexes the territory."""
from __future__ import annotations

from explorer.engine.words import counted

from . import empire as E
from .actions import Target
from .conquer import start_battle

BLACK = 1


def targets(s) -> list[str]:
    out = []
    for t in E.owned(s, 0):
        if any(s.owner.get(u) == BLACK and s.wa.get(u, s.zero)[BLACK] for u in s.geo.adjacent[t]):
            out.append(t)
    return sorted(out)


def black_attack(s) -> bool:
    """Start the black empire's attack; False when it can reach none of the player's territories."""
    if not targets(s):
        s._event("solo_play", "a 6: the black empire reaches none of the player's territories")
        return False
    s.phase_, s.player = "target", 0
    return True


def legal_target(s):
    return [Target(t) for t in targets(s)]


def _on_target(s, a) -> None:
    t = a.territory
    moved = 0
    for u in sorted(s.geo.adjacent[t]):
        w = s.wa.get(u, s.zero)[BLACK] if s.owner.get(u) == BLACK else 0
        if w:
            E.add_citizens(s, u, BLACK, "warrior", -w)
            E.add_citizens(s, t, BLACK, "warrior", w)
            moved += w
            if not E.citizens(s, u, BLACK) and E.supply(s, BLACK, "peasant") > 0:
                E.add_citizens(s, u, BLACK, "peasant", 1)
    s._event("solo_play", f"a 6: the black empire attacks {t} with {counted(moved, 'warrior')}")
    s.phase_, s.player = "roll", -1              # where the battle returns to
    if not E.citizens(s, t, 0):
        E.lose_territory(s, t, "solo_play")
        E.gain_territory(s, t, BLACK, colony=True)
        s._event("solo_play", f"the black empire annexes the undefended {t}")
        from .generation import after_roll
        if s.pending:
            s.phase_ = "after_roll"
            s.settle()
            return
        after_roll(s)
        return
    start_battle(s, t, BLACK, 0)
