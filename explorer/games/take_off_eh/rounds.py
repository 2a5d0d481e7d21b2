"""A round of play (Play): A. Agenda, B. Bribery, C. Completion with its parts D-E-F (Draw, then
Enact and Fund in the order the player picks); the end of a turn and of a round.

Flow: ``agenda`` (chance, tiles turned up until there are players + 1) -> ``bribe`` per player
clockwise from the round's first player (or a search from the tax revenues, see :mod:`.coins`) ->
per completion turn: welfare and draw (:mod:`.coins`) -> ``choose`` (an agenda tile) -> ``order``
(enact or fund first, when the tile's value allows funding) -> :mod:`.enact` and ``fund`` -> the
end of the turn -> the next turn, a special scoring round (:mod:`.scoring_rounds`) or a new round.
"""
from __future__ import annotations

from functools import cache

from explorer.engine import CHANCE
from explorer.engine.words import seat_name

from .actions import Agenda, Fund, HandCoin, Order, Stop, TileDraw, a_coin, piece
from .table import (SLUSH, clockwise_from, discard_tiles, ensure_stack, put_on, remove_from_hand, set_seat, show,
                    take_tile, to_tax)
from . import coins


# -- A. Agenda ----------------------------------------------------------------------------------------

def begin_round(s) -> None:
    s.round += 1
    s._event("round", f"round {s.round} of {s.options.rounds} begins; {seat_name(s.first)} goes first")
    _fill_agenda(s)


def _fill_agenda(s) -> None:
    if len(s.agenda) < s.players + s.options.agenda_extra and ensure_stack(s):
        s.phase_, s.player = "agenda", CHANCE
        return
    s.queue = tuple(clockwise_from(s, s.first))
    _next_briber(s)


def on_agenda(s, a: TileDraw) -> None:
    tile = (a.suit, a.value)
    take_tile(s, tile)
    s.agenda = tuple(sorted(s.agenda + (tile,)))
    s._event("agenda", f"{piece(*tile)} tile is turned up for the agenda")
    _fill_agenda(s)


# -- B. Bribery -----------------------------------------------------------------------------------------

def paid_values(s) -> set[int]:
    return {b[1] for b in s.bribes if b is not None}


def legal_bribe(s):
    paid = paid_values(s)
    return [HandCoin.of(*c) for c in s.hands[s.player] if c[1] not in paid]


def _next_briber(s) -> None:
    if not s.queue:
        return _completion_order(s)
    seat, s.queue = s.queue[0], s.queue[1:]
    paid = paid_values(s)
    hand = s.hands[seat]
    if any(c[1] not in paid for c in hand):
        s.phase_, s.player = "bribe", seat
        return
    if hand:
        show(s, hand)
        s._event("bribe_draw", f"{seat_name(seat)} has no coin of a new value and shows them all: "
                               + ", ".join(piece(*c) for c in hand))
    else:
        s._event("bribe_draw", f"{seat_name(seat)} has no coins, so they draw for a bribe")
    coins.start(s, seat, "bribe", None)


def on_bribe(s, a: HandCoin) -> None:
    seat, coin = s.player, (a.suit, a.value)
    remove_from_hand(s, seat, coin)
    set_seat(s, "bribes", seat, coin)
    show(s, [coin])
    s._event("bribe", f"{seat_name(seat)} pays {piece(*coin)} coin as a bribe")
    _next_briber(s)


def after_bribe(s, seat: int) -> None:
    if s.bribes[seat] is None:
        s._event("bribe_draw", f"{seat_name(seat)} pays no bribe this round")
    _next_briber(s)


def completion_order(bribes, first: int, unpaid_after: str = "lowest payer") -> tuple[int, ...]:
    """Highest bribe first; then the players who paid none, clockwise from the seat after the last
    payer, or from the round's first player when nobody paid (Bribery).  The last payer is the
    lowest, the last in the completion order (``unpaid_after="lowest payer"``), or the last to pay
    in the bribery's clockwise turns from ``first`` (``"last to pay"``): the package's
    Interpretations."""
    n = len(bribes)
    payers = sorted((q for q in range(n) if bribes[q] is not None), key=lambda q: -bribes[q][1])
    if not payers:
        start = first
    elif unpaid_after == "lowest payer":
        start = (payers[-1] + 1) % n
    else:
        start = next((first - i) % n for i in range(1, n + 1) if bribes[(first - i) % n] is not None) + 1
    others = [(start + i) % n for i in range(n) if bribes[(start + i) % n] is None]
    return tuple(payers + others)


def _completion_order(s) -> None:
    s.order = completion_order(s.bribes, s.first, s.options.unpaid_after)
    s._event("turn_order", "completion order: " + ", ".join(seat_name(q) for q in s.order))
    s.turn = 0
    _begin_turn(s)


# -- C. Completion ----------------------------------------------------------------------------------------

def current(s) -> int:
    """The seat whose completion turn it is."""
    return s.order[s.turn]


def _begin_turn(s) -> None:
    seat = current(s)
    short = s.options.welfare - len(s.hands[seat])
    if short > 0:
        return coins.start(s, seat, "welfare", short)
    after_welfare(s, seat)


def after_welfare(s, seat: int) -> None:
    bribe = s.bribes[seat]
    n = max(0, s.options.draw_base - (bribe[1] if bribe is not None else 0))
    if n:
        return coins.start(s, seat, "completion", n)
    after_draw(s, seat)


def after_draw(s, seat: int) -> None:
    if not s.agenda:
        s._event("choose", f"no agenda tile is left for {seat_name(seat)}")
        return end_turn(s)
    s.phase_, s.player = "choose", seat


def legal_choose(s):
    return [Agenda.of(*t) for t in s.agenda]


def on_choose(s, a: Agenda) -> None:
    tile = (a.suit, a.value)
    i = s.agenda.index(tile)
    s.agenda = s.agenda[:i] + s.agenda[i + 1:]
    s.chosen = tile
    s._event("choose", f"{seat_name(s.player)} chooses {piece(*tile)} agenda tile")
    if tile[1] > 0:
        s.parts = ("enact", "fund")
        s.phase_ = "order"
    else:          # a null tile funds nothing: only the agenda item is left
        s.parts = ()
        _run(s, "enact")


def legal_order(s):
    return [Order.of(p) for p in s.parts]


def on_order(s, a: Order) -> None:
    s.parts = tuple(p for p in s.parts if p != a.part)
    _run(s, a.part)


def _run(s, part: str) -> None:
    if part == "enact":
        return _enact().begin(s)
    s.fund_left = s.chosen[1]
    s.phase_, s.player = "fund", current(s)
    _fund_next(s)


def part_done(s) -> None:
    """Enact or fund is over: the other part, or the end of the turn."""
    s.phase_, s.player = "order", current(s)
    if s.parts:
        part, s.parts = s.parts[0], s.parts[1:]
        return _run(s, part)
    end_turn(s)


@cache
def _enact():
    """The Enact module (it imports this one, so it is looked up late, once)."""
    from . import enact
    return enact


# -- Completion 3, Fund --------------------------------------------------------------------------------------

def fund_places(s) -> list[str]:
    """Face-up provinces touching the Queen's (never hers), then the slush fund in Hudson Bay."""
    return [p for p in s.geo.neighbours[s.queen] if p not in s.seceded] + [SLUSH]


def legal_fund(s):
    places = fund_places(s)
    return [Fund.of(c[0], c[1], w) for c in s.hands[s.player] for w in places] + [Stop.of()]


def _fund_next(s) -> None:
    if s.fund_left <= 0 or not s.hands[s.player]:
        if not s.hands[s.player] and s.fund_left == s.chosen[1]:
            s._event("fund", f"{seat_name(s.player)} has no coin to fund with")
        return part_done(s)


def on_fund(s, a) -> None:
    seat = s.player
    if type(a) is Stop:
        s._event("fund", f"{seat_name(seat)} stops funding")
        return part_done(s)
    coin = (a.suit, a.value)
    remove_from_hand(s, seat, coin)
    if a.where == SLUSH:       # its suit seen leaving the play area, its value face up: known to all
        s.slush = s.slush + (coin,)
        show(s, [coin])
        s._event("fund", f"{seat_name(seat)} puts {piece(*coin)} coin face up on the slush fund")
    else:
        put_on(s, a.where, [coin])
        s._event("fund", f"{seat_name(seat)} puts {piece(*coin)} coin face down in {a.where}", seen_by=(seat,),
                 public=f"{seat_name(seat)} puts {a_coin(coin[0])} face down in {a.where}")
    s.fund_left -= 1
    _fund_next(s)


# -- the end of a turn and of a round ---------------------------------------------------------------------------

def end_turn(s) -> None:
    seat = current(s)
    bribe = s.bribes[seat]
    if bribe is not None:
        to_tax(s, [bribe])
        set_seat(s, "bribes", seat, None)
    if s.chosen is not None:
        discard_tiles(s, [s.chosen])
    s._event("end_turn", f"{seat_name(seat)}'s turn ends: "
             + (f"{piece(*bribe)} bribe returns to the tax revenues" if bribe else "no bribe to return")
             + (f", {piece(*s.chosen)} tile is discarded" if s.chosen else ""))
    s.chosen, s.parts, s.fund_left = None, (), 0
    s.turn += 1
    if s.turn < len(s.order):
        return _begin_turn(s)
    s.first = s.order[0]
    s.order, s.turn = (), 0
    if s.round % 3 == 0:
        from . import scoring_rounds
        return scoring_rounds.begin(s)
    begin_round(s)


HANDLERS = {"agenda": on_agenda, "bribe": on_bribe, "choose": on_choose, "order": on_order, "fund": on_fund}
LEGAL = {"bribe": legal_bribe, "choose": legal_choose, "order": legal_order, "fund": legal_fund}
TILE_CHANCE = ("agenda",)
