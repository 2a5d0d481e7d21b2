"""Actions Explained: Conquer.  In one territory the player (A) attacks another player there,
(B) annexes it, or both.

A battle: each side's strength (:func:`~.empire.strength`), then both choose a number on a die
at the same time (a secret choice: 0 to 7 minus Unrest, at most 6; 0 is giving up the bonus),
times 3 (4 with Reputation).  The higher total wins, the defender on a tie; the victor loses a
citizen and gains his number in Unrest, the loser loses two, each choosing which; a beaten
defender retreats every survivor into one adjacent territory of his (or they go back to his
supply) and, owning the territory, loses it.  The solo variant's black empire attacks through
the same steps (:mod:`.solo`)."""
from __future__ import annotations

from explorer.engine.words import counted, seat_name

from . import empire as E
from .actions import DONE, Annex, Attack, Conquer, Done, Lose, Pick, Retreat
from .turn import _Made, finish_action


def enter(s) -> None:
    s.phase_ = "conquer_where"


def can_attack(s, q: int, t: str) -> list[int]:
    if not E.citizens(s, t, q):
        return []
    others = [p for p in range(s.empires) if p != q and E.citizens(s, t, p)]
    if not others or s.crops[q] < E.attack_cost(s, q, t):       # the cost only when there is a foe
        return []
    return others


def can_annex(s, q: int, t: str) -> bool:
    o = s.owner.get(t)
    if o == q or (o is not None and E.citizens(s, t, o)):
        return False
    mine = E.citizens(s, t, q)
    if not mine or any(E.citizens(s, t, p) >= mine for p in range(s.empires) if p != q):
        return False
    if sum(1 for x in s.owner.values() if x == q) >= E.MAX_TERRITORIES or E.discs_free(s, q) <= 0:
        return False
    return s.crops[q] >= E.annex_cost(s, q, t)


def legal_where(s):
    q = s.player
    here = {t for t, row in s.pe.items() if row[q]} | {t for t, row in s.wa.items() if row[q]}
    out = [_CONQUER[t] for t in sorted(here) if can_attack(s, q, t) or can_annex(s, q, t)]
    return out + [DONE]


_CONQUER = _Made(Conquer)


def _on_where(s, a) -> None:
    if type(a) is Done:
        finish_action(s)
        return
    s.ctx = (a.territory, False, False)          # territory, attacked, annexed
    s._event("conquer", f"{seat_name(s.player)} conquers in {a.territory}")
    s.phase_ = "conquer"


def legal_conquer(s):
    q = s.player
    t, attacked, annexed = s.ctx
    out = []
    if not attacked:
        out += [Attack(p) for p in can_attack(s, q, t)]
    if not annexed and can_annex(s, q, t):
        out.append(Annex())
    return out + [DONE]


def _on_conquer(s, a) -> None:
    q = s.player
    t, attacked, annexed = s.ctx
    kind = type(a)
    if kind is Done:
        finish_action(s)
    elif kind is Attack:
        cost = E.attack_cost(s, q, t)
        E.pay(s, q, "Crops", cost)
        s._event("attack", f"{seat_name(q)} pays {cost} Crops to attack {_who(s, a.defender)} in {t}")
        s.ctx = (t, True, annexed)
        start_battle(s, t, q, a.defender)
    else:
        cost = E.annex_cost(s, q, t)
        E.pay(s, q, "Crops", cost)
        E.lose_territory(s, t, "annex")
        E.gain_territory(s, t, q, colony=True)
        s._event("annex", f"{seat_name(q)} pays {cost} Crops and annexes {t} as a colony")
        s.ctx = (t, attacked, True)
        s.settle()


def _who(s, q: int) -> str:
    return seat_name(q) if q < s.players else ("the black empire" if q == 1 else "the blue empire")


# -- the battle ----------------------------------------------------------------------------------------

def start_battle(s, t: str, attacker: int, defender: int) -> None:
    s.battle = (t, attacker, defender)
    s.resume = (s.phase_, s.player)
    seats = [x for x in (attacker, defender) if x < s.players]
    s._open_choices("battle", seats)


def legal_pick(s):
    return [Pick(n) for n in range(E.die_limit(s, s.player) + 1)]


def _on_pick(s, a) -> None:
    choices = s._commit(a)
    if choices is None:
        return
    t, att, dfd = s.battle
    picks = {q: (choices[q].number if q in choices else 1) for q in (att, dfd)}   # a foreign empire shows 1
    total = {q: E.strength(s, q, t) + E.multiplier(s, q) * picks[q] for q in (att, dfd)}
    victor = att if total[att] > total[dfd] else dfd
    loser = dfd if victor == att else att
    s._event("battle", f"in {t}: {_who(s, att)} {total[att]} against {_who(s, dfd)} {total[dfd]}: "
                       f"{_who(s, victor)} wins")
    if victor < s.players and picks[victor]:
        lost = E.raise_unrest(s, victor, picks[victor])
        s._event("battle_loss", f"{_who(s, victor)}'s Unrest +{picks[victor]}" + (f" (-{lost} VP)" if lost else ""))
    s.losses = ((victor, 1), (loser, 2))
    s.beaten = loser
    _next_loss(s)


def _next_loss(s) -> None:
    t = s.battle[0]
    while s.losses:
        q, n = s.losses[0]
        if n == 0 or not E.citizens(s, t, q):
            s.losses = s.losses[1:]
            continue
        p, w = s.pe.get(t, s.zero)[q], s.wa.get(t, s.zero)[q]
        if q >= s.players or not p or not w or p + w <= n:     # no choice to make
            kind = "peasant" if p else "warrior"
            _lose(s, q, kind)
            continue
        s.phase_, s.player = "lose", q
        return
    _after_losses(s)


def _lose(s, q: int, kind: str) -> None:
    t = s.battle[0]
    E.add_citizens(s, t, q, kind, -1)
    s._event("battle_loss", f"{_who(s, q)} loses a {kind} in {t}")
    (p, n), rest = s.losses[0], s.losses[1:]
    s.losses = ((p, n - 1),) + rest


def legal_lose(s):
    t, q = s.battle[0], s.player
    return [Lose(k) for k, field in (("peasant", s.pe), ("warrior", s.wa)) if field.get(t, s.zero)[q]]


def _on_lose(s, a) -> None:
    _lose(s, s.player, a.kind)
    _next_loss(s)


def retreat_options(s, q: int, t: str) -> list[str]:
    return sorted(u for u in s.geo.adjacent[t] if s.owner.get(u) == q)


def _after_losses(s) -> None:
    t, att, dfd = s.battle
    if s.beaten == dfd:
        left = E.citizens(s, t, dfd)
        options = retreat_options(s, dfd, t)
        if left and len(options) > 1 and dfd < s.players:
            s.phase_, s.player = "retreat", dfd
            return
        _retreat(s, options[0] if left and options else None)
        return
    _battle_over(s)


def legal_retreat(s):
    return [Retreat(u) for u in retreat_options(s, s.player, s.battle[0])]


def _on_retreat(s, a) -> None:
    _retreat(s, a.territory)


def _retreat(s, to: str | None) -> None:
    t, att, dfd = s.battle
    p, w = s.pe.get(t, s.zero)[dfd], s.wa.get(t, s.zero)[dfd]
    if p or w:
        E.add_citizens(s, t, dfd, "peasant", -p)
        E.add_citizens(s, t, dfd, "warrior", -w)
        if to is None:
            s._event("retreat", f"{_who(s, dfd)} has nowhere to retreat: "
                                f"{counted(p + w, 'citizen')} go back to the supply")
        else:
            E.add_citizens(s, to, dfd, "peasant", p)
            E.add_citizens(s, to, dfd, "warrior", w)
            s._event("retreat", f"{_who(s, dfd)} retreats {counted(p + w, 'citizen')} from {t} to {to}")
    if s.owner.get(t) == dfd:
        E.lose_territory(s, t, "retreat")
        if att >= s.players:                      # Variant: the foreign empire annexes what it wins
            E.gain_territory(s, t, att, colony=True)
            s._event("solo_play", f"{_who(s, att)} annexes {t}")
    _battle_over(s)


def _battle_over(s) -> None:
    phase, player = s.resume
    s.battle = s.resume = None
    s.losses = ()
    s.beaten = None
    if phase == "roll":                           # the solo variant's attack came with the die
        if s.pending:                             # a new capital first, then the die's outcome
            s.phase_, s.player = "after_roll", -1
            s.settle()
            return
        from .generation import after_roll
        after_roll(s)
        return
    s.phase_, s.player = phase, player
    s.settle()
