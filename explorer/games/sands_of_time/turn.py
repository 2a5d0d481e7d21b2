"""Phase 2 (b): a player's turn.  The two chosen cards are shown; an Emphasis card among them
is played at once (its category is unlocked for the rest of the Generation, and from then on
each action with its symbol fills a box: three boxes, +1 heritage); the Action cards are carried
out in the order the player picks, or left unused; one bonus action (Bonus Actions: Oppress,
Patronage, Tax) may come between them; at the end Unrest rises 1 for a bonus action and 1 for a
card used again this Generation (Maximum Unrest beyond 7).

Each action's own steps live in its module; when one is over it calls :func:`finish_action`."""
from __future__ import annotations

from explorer.engine.words import seat_name

from functools import lru_cache

from . import empire as E
from .actions import DONE, Done, Oppress, Patronage, Play, Tax
from .data import CATEGORIES
from .generation import EMPHASIS, after_turns


def begin_turn(s) -> None:
    q = s.order[s.turn_i]
    a, b = s.selected[q]
    s.active = q
    s.revealed = s.revealed | {q}
    s._event("reveal", _reveals, q, a, b)
    used = s.used[q]
    s.reused = a if a in used else (b if b in used else None)
    pair = {a, b}
    s.hand = s.hand[:q] + (s.hand[q] - pair,) + s.hand[q + 1:]
    s.used = s.used[:q] + (used | pair,) + s.used[q + 1:]
    if a in _EMPHASIS_CARDS or b in _EMPHASIS_CARDS:
        s.to_play = tuple(c for c in (a, b) if c not in _EMPHASIS_CARDS)
        for c in (a, b):
            if c in _EMPHASIS_CARDS:
                cat = c[len(EMPHASIS):]
                E.set_seat(s, "emph", q, cat)
                E.set_seat(s, "boxes", q, 0)
                s._event("emphasis", f"{seat_name(q)} plays the {cat} Emphasis card: {cat} is unlocked this Generation")
    else:
        s.to_play = (a, b)
    s.bonus = s.reuse_used = False
    s.patron = None
    s.phase_, s.player = "turn", q


def legal_turn(s):
    q = s.player
    # Trade Route 2 needs Cultural unlocked; every other card can be played
    out = [_PLAY[c] for c in s.to_play if c != "Trade Route 2" or E.unlocked(s, s.active, "Cultural")]
    if not s.bonus:
        pe, zero = s.pe, s.zero
        out += [_OPPRESS[t] for t, o in s.owner.items() if o == q and pe.get(t, zero)[q]]
        out += _PATRONAGE
        if not s.routes[q].isdisjoint(s.geo.goods):       # E.goods_touched(s, q) > 0
            out += _TAX
    out.append(DONE)
    return out


def _reveals(q: int, a: str, b: str) -> str:
    return f"{seat_name(q)} reveals {a} and {b}"


def _leaves(q: int, cards) -> str:
    return f"{seat_name(q)} leaves {' and '.join(cards)} unused"


def _uses(q: int, card: str) -> str:
    return f"{seat_name(q)} uses {card}"


#: the names of the Emphasis cards (Game Equipment)
_EMPHASIS_CARDS = frozenset(EMPHASIS + c for c in CATEGORIES)


class _Made(dict):
    """One action per argument (a card name, a territory), made on first use."""
    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def __missing__(self, arg):
        self[arg] = self.kind(arg)
        return self[arg]


_PLAY = _Made(Play)
_OPPRESS = _Made(Oppress)
_PATRONAGE = [Patronage(c) for c in CATEGORIES]
_TAX = [Tax("Crops"), Tax("Gold")]


def _on_turn(s, a) -> None:
    q = s.player
    t = type(a)
    if t is Play:
        s.to_play = tuple([c for c in s.to_play if c != a.card])
        s.card = a.card
        s._event("turn", _uses, q, a.card)
        if a.card == s.reused:
            s.reuse_used = True
        if s.emph[q] is not None:
            _emphasis_box(s, q, s.card_symbols[a.card])
        _enter()[a.card](s)
        return
    if t is Done:
        if s.to_play:
            s._event("turn", _leaves, q, s.to_play)
        end_turn(s)
        return
    s.bonus = True
    if t is Oppress:
        r = s.tiles[a.territory][0]
        n = s.pe.get(a.territory, s.zero)[q]
        E.gain(s, q, r, n)
        s._event("oppress", f"{seat_name(q)} oppresses {a.territory}: +{n} {r}")
    elif t is Patronage:
        s.patron = a.category
        s._event("patronage", f"{seat_name(q)} uses Patronage: {a.category} heritage +2 this turn")
    else:
        n = E.goods_touched(s, q)
        E.gain(s, q, a.resource, n)
        s._event("tax", f"{seat_name(q)} taxes {n} trade good{'s' if n != 1 else ''}: +{n} {a.resource}")
    finish_action(s)


def _emphasis_box(s, q: int, symbols) -> None:
    cat = s.emph[q]
    if cat is None or cat not in symbols or s.boxes[q] >= s.data.cards.emphasis_boxes:
        return
    E.set_seat(s, "boxes", q, s.boxes[q] + 1)
    full = s.boxes[q] == s.data.cards.emphasis_boxes
    if full:
        E.add_heritage(s, q, cat, 1)
    s._event("emphasis", f"{seat_name(q)} fills a box of the {cat} Emphasis card"
             + (f": all filled, {cat} heritage +1" if full else ""))


def structure_box(s, q: int, category: str) -> None:
    """Build: a structure of the Emphasis card's category fills a box too."""
    _emphasis_box(s, q, (category,))


@lru_cache(maxsize=1)
def _enter() -> dict:
    """The action modules' entry points (they import this module, so they are looked up late)."""
    from .actions_table import ENTER
    return ENTER


def finish_action(s) -> None:
    """An action (or bonus action) is over: back to the turn, or its end when nothing is left."""
    s.ctx = None
    if not s.to_play and s.bonus:
        end_turn(s)
    else:
        s.phase_, s.player = "turn", s.active


#: (a bonus action taken, a card used again) -> why Unrest rises at the end of the turn
_WHY = {(True, True): "a bonus action and a card used again", (True, False): "a bonus action",
        (False, True): "a card used again"}


def end_turn(s) -> None:
    q = s.active
    rise = int(s.bonus) + int(s.reuse_used)
    if rise:
        lost = E.raise_unrest(s, q, rise)
        why = _WHY[s.bonus, s.reuse_used]
        s._event("turn_unrest", f"{seat_name(q)}'s Unrest +{rise} for {why}"
                 + (f" (above the maximum: -{lost} VP)" if lost else ""))
    s.to_play = ()
    s.patron = None
    s.bonus = s.reuse_used = False
    s.reused = None
    s.turn_i += 1
    if s.turn_i < len(s.order):
        begin_turn(s)
    else:
        s.active = None
        after_turns(s)

