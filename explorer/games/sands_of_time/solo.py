"""Variant: Solo play, during the game.  The foreign empires gain a warrior in each of their
territories at population growth (:func:`~.generation._growth`); when the die of Phase 2 (c)
shows a 6, a foreign empire attacks a territory of the player's that it can reach, which the
player names (:func:`foreign_attack`): the black empire on the first 6 of the game, the blue on
the second, and so on in turn (``s.sixes`` counts them).  Every warrior of the attacker in a
territory of its own next to the target moves in, a peasant of its colour takes the place of
each territory left empty, and the battle is fought as usual with the empire showing 1
(:mod:`.conquer`); a beaten player retreats and the empire annexes the territory."""
from __future__ import annotations

from explorer.engine.words import counted

from . import empire as E
from .actions import Target
from .conquer import start_battle

BLACK, BLUE = 1, 2
NAMES = {BLACK: "black", BLUE: "blue"}


def attacker(s) -> int:
    """The foreign empire whose turn it is to attack: black on the odd 6s, blue on the even."""
    return BLACK if s.sixes % 2 else BLUE


def targets(s, empire: int | None = None) -> list[str]:
    """The player's territories next to a territory of ``empire`` (the attacker) with warriors."""
    k = attacker(s) if empire is None else empire
    out = []
    for t in E.owned(s, 0):
        if any(s.owner.get(u) == k and s.wa.get(u, s.zero)[k] for u in s.geo.adjacent[t]):
            out.append(t)
    return sorted(out)


def foreign_attack(s) -> bool:
    """Count a 6 and start the attack of the empire whose turn it is; False when it can reach none
    of the player's territories."""
    s.sixes += 1
    k = attacker(s)
    if not targets(s, k):
        s._event("solo_play", f"a 6: the {NAMES[k]} empire reaches none of the player's territories")
        return False
    s.phase_, s.player = "target", 0
    return True


def legal_target(s):
    return [Target(t) for t in targets(s)]


def _on_target(s, a) -> None:
    t = a.territory
    k = attacker(s)
    moved = 0
    for u in sorted(s.geo.adjacent[t]):
        w = s.wa.get(u, s.zero)[k] if s.owner.get(u) == k else 0
        if w:
            E.add_citizens(s, u, k, "warrior", -w)
            E.add_citizens(s, t, k, "warrior", w)
            moved += w
            if not E.citizens(s, u, k) and E.supply(s, k, "peasant") > 0:
                E.add_citizens(s, u, k, "peasant", 1)
    s._event("solo_play", f"a 6: the {NAMES[k]} empire attacks {t} with {counted(moved, 'warrior')}")
    s.phase_, s.player = "roll", -1              # where the battle returns to
    if not E.citizens(s, t, 0):
        E.lose_territory(s, t, "solo_play")
        E.gain_territory(s, t, k, colony=True)
        s._event("solo_play", f"the {NAMES[k]} empire annexes the undefended {t}")
        from .generation import after_roll
        if s.pending:
            s.phase_ = "after_roll"
            s.settle()
            return
        after_roll(s)
        return
    start_battle(s, t, k, 0)
