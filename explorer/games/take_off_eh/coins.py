"""Drawing coins from the tax revenues, one at a time: the starting coins (Preparation 5), a search
for a bribe of a new value (Bribery) and a completion turn's welfare and draw (Completion 1, Draw).

The coins lie suit side up, so a player drawing one picks the suit (``draw_suit``: any suit still
there except an opponent's) and chance gives the value among that suit's coins (``draw_value``).
The player looks at the coin; the others see its suit.  Starting coins of the player's own suit are
drawn without a choice.  When every allowed suit is gone, the drawing stops.
"""
from __future__ import annotations

from fractions import Fraction

from explorer.engine import CHANCE
from explorer.engine.words import seat_name

from .actions import CoinDraw, DrawSuit, a_coin, piece
from .table import add_to_hand, from_tax, set_seat, show, tax_suits, tax_values

#: purpose -> the rule cited for each coin drawn
RULE = {"deal": "platform", "extra": "platform", "bribe": "bribe_draw", "welfare": "welfare", "completion": "draw"}


def start(s, seat: int, purpose: str, count: int | None, suit: str | None = None) -> None:
    """Begin drawing ``count`` coins (``None``: until a bribe of a new value turns up) for ``seat``."""
    s.drawer, s.draw_for, s.draw_left, s.draw_fixed = seat, purpose, count, suit
    _next(s)


def _next(s) -> None:
    seat = s.drawer
    if s.draw_left == 0:
        return _finish(s)
    if s.draw_fixed is not None:
        s.draw_suit = s.draw_fixed
        s.phase_, s.player = "draw_value", CHANCE
        return
    if not tax_suits(s, seat, first=True):
        s._event(RULE[s.draw_for], f"{seat_name(seat)} can draw no more: the tax revenues hold no coin of a suit "
                                   f"they may take")
        return _finish(s)
    s.draw_suit = None
    s.phase_, s.player = "draw_suit", seat


def legal_draw_suit(s):
    return [DrawSuit.of(x) for x in tax_suits(s, s.player)]


def on_draw_suit(s, a: DrawSuit) -> None:
    s.draw_suit = a.suit
    s.phase_, s.player = "draw_value", CHANCE


def outcomes(s):
    values = tax_values(s, s.draw_suit)
    p = Fraction(1, len(values))
    return [(CoinDraw.of(v), p) for v in values]


def on_draw_value(s, a: CoinDraw) -> None:
    seat, purpose = s.drawer, s.draw_for
    coin = (s.draw_suit, a.value)
    from_tax(s, coin)
    if purpose == "bribe":
        paid = {b[1] for b in s.bribes if b is not None}
        if a.value not in paid:
            set_seat(s, "bribes", seat, coin)
            show(s, [coin])
            s._event("bribe_draw", f"{seat_name(seat)} draws {piece(*coin)} coin, a new value, and pays it as a bribe")
            s.draw_left = 0
            return _finish(s)
        add_to_hand(s, seat, [coin])
        show(s, [coin])
        s._event("bribe_draw", f"{seat_name(seat)} draws {piece(*coin)} coin: {a.value} is already paid, so it goes "
                               f"to their play area and they draw again")
        return _next(s)
    add_to_hand(s, seat, [coin])
    s._event(RULE[purpose], f"{seat_name(seat)} draws {piece(*coin)} coin", seen_by=(seat,),
             public=f"{seat_name(seat)} draws {a_coin(coin[0])}")
    s.draw_left -= 1
    _next(s)


def _finish(s) -> None:
    seat, purpose = s.drawer, s.draw_for
    s.drawer = s.draw_for = s.draw_suit = s.draw_fixed = None
    s.draw_left = 0
    (_AFTER or _after())[purpose](s, seat)


#: purpose -> what follows the drawing (filled on first use: those modules import this one)
_AFTER: dict = {}


def _after() -> dict:
    from . import preparation, rounds
    _AFTER.update({"deal": preparation.after_deal, "extra": preparation.after_extra, "bribe": rounds.after_bribe,
                   "welfare": rounds.after_welfare, "completion": rounds.after_draw})
    return _AFTER


HANDLERS = {"draw_suit": on_draw_suit, "draw_value": on_draw_value}
LEGAL = {"draw_suit": legal_draw_suit}
