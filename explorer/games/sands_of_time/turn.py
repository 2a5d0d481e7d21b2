"""Phase 2 (b): a player's turn.  The two chosen cards are shown; an Emphasis card among them
is played at once (its category is unlocked for the rest of the Generation, and from then on
each action with its symbol fills a box: three boxes, +1 heritage); the Action cards are carried
out in the order the player picks, or left unused; one bonus action (Bonus Actions: Oppress,
Patronage, Tax) may come between them; at the end Unrest rises 1 for a bonus action and 1 for a
card used again this Generation (Maximum Unrest beyond 7).

Each action's own steps live in its module; when one is over it calls :func:`finish_action`."""
from __future__ import annotations

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
    s._event("reveal", f"player {q} reveals {a} and {b}")
    s.reused = next((c for c in (a, b) if c in s.used[q]), None)
    E.set_seat(s, "hand", q, s.hand[q] - {a, b})
    E.set_seat(s, "used", q, s.used[q] | {a, b})
    s.to_play = tuple(c for c in (a, b) if not c.startswith(EMPHASIS))
    for c in (a, b):
        if c.startswith(EMPHASIS):
            cat = c[len(EMPHASIS):]
            E.set_seat(s, "emph", q, cat)
            E.set_seat(s, "boxes", q, 0)
            s._event("emphasis", f"player {q} plays the {cat} Emphasis card: {cat} is unlocked this Generation")
    s.bonus = s.reuse_used = False
    s.patron = None
    s.phase_, s.player = "turn", q


def playable(s, card: str) -> bool:
    if card == "Trade Route 2":
        return E.unlocked(s, s.active, "Cultural")
    return True


def legal_turn(s):
    q = s.player
    out = [_PLAY[c] for c in s.to_play if playable(s, c)]
    if not s.bonus:
        out += [_oppress(t) for t, o in s.owner.items() if o == q and s.pe.get(t, s.zero)[q]]
        out += _PATRONAGE
        if E.goods_touched(s, q):
            out += _TAX
    out.append(DONE)
    return out


class _Plays(dict):
    """One Play per card name, made on first use."""
    def __missing__(self, card):
        self[card] = Play(card)
        return self[card]


_PLAY = _Plays()
_PATRONAGE = [Patronage(c) for c in CATEGORIES]
_TAX = [Tax("Crops"), Tax("Gold")]


@lru_cache(maxsize=64)
def _oppress(t: str) -> Oppress:
    return Oppress(t)


def _on_turn(s, a) -> None:
    q = s.player
    t = type(a)
    if t is Play:
        s.to_play = tuple(c for c in s.to_play if c != a.card)
        s.card = a.card
        s._event("turn", f"player {q} uses {a.card}")
        if a.card == s.reused:
            s.reuse_used = True
        _emphasis_box(s, q, s.card_symbols[a.card])
        _enter()[a.card](s)
        return
    if t is Done:
        if s.to_play:
            s._event("turn", f"player {q} leaves {' and '.join(s.to_play)} unused")
        end_turn(s)
        return
    s.bonus = True
    if t is Oppress:
        r = s.tiles[a.territory][0]
        n = s.pe.get(a.territory, s.zero)[q]
        E.gain(s, q, r, n)
        s._event("oppress", f"player {q} oppresses {a.territory}: +{n} {r}")
    elif t is Patronage:
        s.patron = a.category
        s._event("patronage", f"player {q} uses Patronage: {a.category} heritage +2 this turn")
    else:
        n = E.goods_touched(s, q)
        E.gain(s, q, a.resource, n)
        s._event("tax", f"player {q} taxes {n} trade good{'s' if n != 1 else ''}: +{n} {a.resource}")
    finish_action(s)


def _emphasis_box(s, q: int, symbols) -> None:
    cat = s.emph[q]
    if cat is None or cat not in symbols or s.boxes[q] >= s.data.cards.emphasis_boxes:
        return
    E.set_seat(s, "boxes", q, s.boxes[q] + 1)
    full = s.boxes[q] == s.data.cards.emphasis_boxes
    if full:
        E.add_heritage(s, q, cat, 1)
    s._event("emphasis", f"player {q} fills a box of the {cat} Emphasis card"
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


def end_turn(s) -> None:
    q = s.active
    rise = int(s.bonus) + int(s.reuse_used)
    if rise:
        lost = E.raise_unrest(s, q, rise)
        why = " and ".join(w for w, on in (("a bonus action", s.bonus), ("a card used again", s.reuse_used)) if on)
        s._event("turn_unrest", f"player {q}'s Unrest +{rise} for {why}"
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

