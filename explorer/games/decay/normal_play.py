"""Normal Play's turn order (a turn is Step 1, 2 and 3 in order; play passes to the left;
the two-player note's alternation of suits), Step 1 Death (a pawn that cannot move is
killed, also used for pawns lost in a split), End of turn and End of Game.

The phase handlers of every step receive the fresh copy ``s`` of the state and the
(already validated) action; :func:`_enter` goes to a decision step."""
from __future__ import annotations

from functools import lru_cache
from itertools import filterfalse

from explorer.engine.state import TERMINAL, make_event
from explorer.engine.words import seat_name

from .actions import Interned
from .pieces import ZERO, _coins_list, _drop, _seating, _set, _words
from .sections import RULES


def _enter(s, phase: str):
    """Go to a decision step of the side to move (whose seat is ``s.player`` already);
    take it at once if it has one choice.

    ``s`` holds no cached value here: it is a fresh copy (which has none), or the state
    an earlier step in the same action left, and that step forgot what it had cached
    before its handler went on (below)."""
    s.phase_ = phase
    legal = s._compute_legal()
    if len(legal) == 1:
        s._forget()         # the handler goes on from this state: what the list read may change
        s.HANDLERS[phase](s, legal[0])
    else:
        s._legal = legal


def _next_side(s, eligible) -> str | None:
    """The side that plays next: the first of :func:`_turn_order` that is ``eligible``."""
    return next(filter(eligible, _turn_order(s.options.players, s.side, s.last_side)), None)


@lru_cache(maxsize=1024)
def _turn_order(players: int, side: str, last_side: tuple) -> tuple[str, ...]:
    """Every side in the order the next to play is looked for after ``side``: seats rotate
    to the left (seat order), and a seat with two suits plays them in turn, from the one
    after the suit it played last (Setup 2, two-player note).  It depends on nothing else,
    and the few combinations come back all game."""
    seats, seat_of, _ = _seating(players)
    n = len(seats)
    here = seat_of[side]
    order = []
    for k in range(1, n + 1):
        q = (here + k) % n
        mine = seats[q]
        last = last_side[q]
        start = mine.index(last) + 1 if last is not None else 0
        order += [mine[(start + j) % len(mine)] for j in range(len(mine))]
    return tuple(order)


# -- a turn --------------------------------------------------------------------------------------------
def _begin_turn(s, side):
    if side in s.played or s.round == 0:
        cap = s.options.round_cap
        if cap is not None and s.round >= cap:
            s._event("cap", f"round cap of {cap} reached: the game stops with no winner")
            _finish(s, None, "cap")
            return
        marks = (len(s.out), len(s.dead))
        if marks != s.marks:
            s.marks, s.quiet = marks, 0
        elif s.round:
            s.quiet += 1
            if s.quiet >= s.options.draw_rounds:
                s._event("draw", f"{s.quiet} rounds with no tile out of play and nobody killed: "
                                 f"the game ends in a draw")
                _finish(s, None, "draw")
                return
        s.round += 1
        s.played = ()
    seat = _seating(s.options.players)[1][side]
    s.side = side
    s.last_side = s.last_side[:seat] + (side,) + s.last_side[seat + 1:]
    s.played = s.played + (side,)
    s.turns += 1
    s.unspent = s.hands[side]
    s.start = s.pawns[side]
    s.stepped = 0
    s.moved_tile = None
    s.pend = None
    s.attacks = ()
    s.player = seat
    if not s._begin_step1():
        s._event("death", f"{side} cannot pay for any complete move from {s.start} and is killed")
        _kill(s, side)
        _after_turn(s)


def _kill(s, side, rule="death"):
    """Step 1 Death (also for pawns on a removed section): pawn and die leave the board
    and the side's coins are out of the game."""
    s.pawns = _drop(s.pawns, side)
    s.dice = _drop(s.dice, side)
    h = s.hands[side]
    s.lost = tuple(a + b for a, b in zip(s.lost, h, strict=True))
    s.hands = _set(s.hands, side, ZERO)
    s.dead = s.dead + (side,)
    s._event(rule, f"{side} is out: its pawn and die leave the board"
             + (f" and its coins ({_words(_coins_list(h))}) are lost" if any(h) else ""))
    s.__dict__.pop("_others", None)             # the other pawns changed
    s.__dict__.pop("_s1", None)                 # Step 1's table read the other pawns


def _game_over(s) -> bool:
    """End of Game: one player (or none) with a pawn left."""
    if not s.dead:              # every seat (two at least) still plays
        return False
    seats = _living_seats(s.options.players, s.dead)
    if len(seats) > 1:
        return False
    if seats:
        (seat,) = seats
        s._event("end", f"{seat_name(seat)} is the last with a pawn on the board and wins")
        _finish(s, seat, "victory")
    else:
        s._event("all_killed", "no pawn is left on the board: nobody wins")
        _finish(s, None, "all killed")
    return True


@lru_cache(maxsize=256)
def _living_seats(players: int, dead: tuple) -> frozenset:
    """The seats with a side not in ``dead`` (asked at every end of turn once a side is out)."""
    _, seat_of, sides = _seating(players)
    return frozenset(seat_of[side] for side in sides if side not in dead)


def _after_turn(s):
    """End of turn: spent coins come back, the next living side plays."""
    side = s.side
    if side not in s.dead and s.unspent is not None and s.unspent != s.hands[side]:
        s._ev.append(_TAKE_BACK[side])
    s.unspent = None
    s.start = None
    s.stepped = 0
    s.pend = None
    s.attacks = ()
    if s.dead and _game_over(s):        # nobody out yet: the game goes on (most turns)
        return
    order = _turn_order(s.options.players, side, s.last_side)
    _begin_turn(s, next(filterfalse(s.dead.__contains__, order), None))


#: End of turn's event per side, made once (events are immutable, like actions).
_TAKE_BACK = Interned(lambda side: make_event(f"{side} takes back the coins it spent", RULES["end_turn"]))


def _finish(s, winner, reason):
    s.winner = winner
    s.end_reason = reason
    s.phase_ = "over"
    s.player = TERMINAL
    s.unspent = None
    s.pend = None
    s._forget()

