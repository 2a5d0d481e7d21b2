"""Scoring: a unit (the slush fund or one province) scored on the ladder of :func:`.score_unit`, the
tourism boom's scoring (Completion 2, Fall), and the special scoring round after every third round
(Special Scoring Rounds: 1. Slush Fund, 2. Pork, 3. Provinces and Territories, with the retrieval of
coins that ends it), and the end of the game.

Flow of a special scoring round: the slush fund scores -> ``pork`` (secret dice of the players who
had coins there) -> ``pork_place`` (a province of the die's value, in turn from the slush fund's top
scorer) -> every province scores, alphabetically -> ``retrieve`` (each player, same order, takes back
up to two own coins and returns up to two neutral ones) -> the next round, or the end.

Scoring shows every coin of the unit to everybody (turned value side up, then back), so afterwards
all seats know those coins.
"""
from __future__ import annotations

from explorer.engine import TERMINAL
from explorer.engine.words import seat_name, seat_names

from .actions import BoardCoin, Province, Stop, piece
from .scoring import ladder
from .table import PROVINCES, add_to_hand, clockwise_from, live, neutral, put_on, set_seat, show, take_from, to_tax
from . import rounds


#: where points come from (``state.earned``, per source then per seat)
SOURCES = ("slush fund", "scoring rounds", "tourism booms")
SLUSH_UNIT = "the slush fund"


def _score(s, unit: str, coins, max_value: int, queen_here: bool, homes, rule: str):
    """Score one unit, add the points, record the reasons; the result of :func:`score_unit`."""
    show(s, coins)
    o = s.options
    result = ladder(coins, max_value, s.suits, queen_here, frozenset(homes or ()), o.bonus_to, o.tie_drop, o.lone)
    suits, points = s.suits, dict(result.points)      # a dict: one lookup per suit, not a scan
    gained = [int(points[x]) for x in suits]
    s.scores = tuple(x + g for x, g in zip(s.scores, gained, strict=True))
    source = SOURCES.index("slush fund" if unit == SLUSH_UNIT else "tourism booms" if rule == "fall"
                           else "scoring rounds")
    earned = list(s.earned)
    earned[source] = tuple(x + g for x, g in zip(earned[source], gained, strict=True))
    s.earned = tuple(earned)
    s.last_scoring = s.last_scoring + ((unit, max_value, tuple(
        (x, g, points[x].why) for x, g in zip(suits, gained, strict=True))),)
    s._event(rule, _score_text, unit, max_value, tuple(coins), suits, tuple(gained))
    return result


def _score_text(unit: str, max_value: int, coins, suits, gained) -> str:
    """The event of a scored unit, worded when somebody reads it."""
    coins_text = ", ".join(f"{c[0]} {c[1]}" for c in sorted(coins))
    points = ", ".join(f"{seat_name(q)} ({suits[q]}) {g}" for q, g in enumerate(gained) if g)
    return f"{unit} scores (worth {max_value}; coins {coins_text}): {points or 'nobody scores'}"


def score_slush(s, rule: str):
    """The slush fund scores (its coin count is the maximum); its top scorer leads pork and retrieval."""
    if not s.slush:
        return None
    result = _score(s, SLUSH_UNIT, s.slush, len(s.slush), False, None, rule)
    pts = [int(result[x]) for x in s.suits]
    best = max(pts)
    s.slush_leader = None
    if best > 0:
        s.slush_leader = next(q for q in clockwise_from(s, s.first) if pts[q] == best)
    return result


def score_province(s, province: str, rule: str):
    coins = s.on[province]
    if not coins:
        return None
    homes = [s.suits[q] for q in range(s.players) if s.pawns[q] == province]
    return _score(s, province, coins, s.tiles[province][1], province == s.queen, homes, rule)


def tourism(s, value: int) -> None:
    """Completion 2, Fall: provinces of ``value`` score, and the slush fund if it holds exactly
    ``value`` coins; coins stay where they are.  The Queen's province scores only with the option
    ``boom_queen="scored"`` (the package's Interpretations)."""
    s.last_scoring = ()
    if s.slush and len(s.slush) == value:
        score_slush(s, "fall")
    if s.options.boom_queen == "scored":
        scored = [p for p in PROVINCES if s.tiles[p][1] == value and p not in s.seceded]
    else:
        scored = [p for p in PROVINCES if s.tiles[p][1] == value and live(s, p)]
    for p in scored:
        score_province(s, p, "fall")
    if not s.last_scoring:
        s._event("fall", f"a tourism boom for {value}s: nothing there holds coins, nobody scores")


# -- the special scoring round ---------------------------------------------------------------------------

def begin(s) -> None:
    s.last_scoring = ()
    s._event("scoring_round", f"round {s.round} is over: a special scoring round")
    if not s.slush:
        s._event("slush", "the slush fund is empty: it does not score, and there is no pork")
        return _score_provinces(s)
    score_slush(s, "slush")
    owners = {x: q for q, x in enumerate(s.suits)}
    aside = [[] for _ in range(s.players)]
    for c in s.slush:
        if c[0] in owners:
            aside[owners[c[0]]].append(c)
    to_tax(s, [c for c in s.slush if neutral(s, c[0])])
    s.slush = ()
    s.aside = tuple(tuple(a) for a in aside)
    start = s.first if s.slush_leader is None else s.slush_leader
    who = [q for q in clockwise_from(s, start) if s.aside[q]]
    if not who:
        s._event("pork", "no player had coins in the slush fund: no pork")
        return _score_provinces(s)
    s._event("pork", f"{seat_names(who)} set their dice in secret for pork")
    s.queue = tuple(who)
    s._open_choices("pork", who)


def on_pork(s, a) -> None:
    choices = s._commit(a)
    if choices is None:
        return
    s.pork_dice = tuple(choices[q].value if q in choices else None for q in range(s.players))
    _next_pork(s)


def pork_places(s, seat: int) -> list[str]:
    die = s.pork_dice[seat]
    return [p for p in PROVINCES if s.tiles[p][1] == die and live(s, p)]


def _next_pork(s) -> None:
    while s.queue:
        seat = s.queue[0]
        if pork_places(s, seat):
            s.phase_, s.player = "pork_place", seat
            return
        s.queue = s.queue[1:]
        add_to_hand(s, seat, s.aside[seat])
        s._event("pork", f"no province (but perhaps the Queen's) is worth {s.pork_dice[seat]}: {seat_name(seat)}'s "
                         f"slush fund coins go back to their play area")
        set_seat(s, "aside", seat, ())
    s.pork_dice = None
    _score_provinces(s)


def legal_pork_place(s):
    return [Province.of(p) for p in pork_places(s, s.player)]


def on_pork_place(s, a: Province) -> None:
    seat = s.player
    coins = s.aside[seat]
    put_on(s, a.name, coins)
    set_seat(s, "aside", seat, ())
    s._event("pork", f"{seat_name(seat)} puts their {len(coins)} slush fund coin{'s' * (len(coins) != 1)} "
                     f"face down in {a.name}")
    s.queue = s.queue[1:]
    _next_pork(s)


def _score_provinces(s) -> None:
    for p in PROVINCES:
        if p not in s.seceded:
            score_province(s, p, "provinces")
    start = s.first if s.slush_leader is None else s.slush_leader
    s.queue = tuple(clockwise_from(s, start))
    s.taken = (0, 0)
    _next_retrieve(s)


# -- retrieval, then the next round or the end ------------------------------------------------------------------

def retrievable(s, seat: int, taken=(0, 0), first: bool = False) -> list:
    """The coins ``seat`` may take from face-up provinces outside the Queen's: its own while it
    took fewer than two, neutral ones while it returned fewer than two (with ``first``, only the
    first of them: whether there is one)."""
    own, other = taken
    out = []
    if own >= 2 and other >= 2:
        return out
    mine = s.suits[seat] if own < 2 else None          # no suit is None: no own coin then
    suits, queen, seceded, on, of = s.suits, s.queen, s.seceded, s.on, BoardCoin.of
    for p in PROVINCES:
        row = on[p]
        if row and p != queen and p not in seceded:            # live(s, p)
            for i, c in enumerate(row):
                x = c[0]
                if x == mine or (other < 2 and x not in suits):    # x not in suits: neutral(s, x)
                    out.append(of(p, i))
                    if first:
                        return out
    return out


def _next_retrieve(s) -> None:
    while s.queue:
        seat = s.queue[0]
        if retrievable(s, seat, s.taken, first=True):
            s.phase_, s.player = "retrieve", seat
            return
        s.queue, s.taken = s.queue[1:], (0, 0)
    _end_of_scoring_round(s)


def legal_retrieve(s):
    return retrievable(s, s.player, s.taken) + [Stop.of()]


def on_retrieve(s, a) -> None:
    seat = s.player
    if type(a) is Stop:
        s.queue, s.taken = s.queue[1:], (0, 0)
        return _next_retrieve(s)
    coin = take_from(s, a.province, a.index)
    own, other = s.taken
    if coin[0] == s.suits[seat]:
        add_to_hand(s, seat, [coin])
        s.taken = (own + 1, other)
        s._event("retrieve", f"{seat_name(seat)} takes {piece(*coin)} coin from {a.province} back to their play area")
    else:
        to_tax(s, [coin])
        s.taken = (own, other + 1)
        s._event("retrieve", f"{seat_name(seat)} returns neutral {piece(*coin)} coin from {a.province} to the tax "
                             f"revenues")
    _next_retrieve(s)


def _end_of_scoring_round(s) -> None:
    s.taken = (0, 0)
    if s.round < s.options.rounds:
        return rounds.begin_round(s)
    best = max(s.scores)
    top = [q for q in range(s.players) if s.scores[q] == best]
    s.winner = top[0] if len(top) == 1 else None
    s.end_reason = "victory" if s.winner is not None else "tie"
    s._event("end", "the game is over; scores " + ", ".join(f"{seat_name(q)} {x}" for q, x in enumerate(s.scores))
             + (f": {seat_name(s.winner)} wins" if s.winner is not None else ": a tie for the most points, no winner"))
    s.phase_, s.player = "over", TERMINAL


HANDLERS = {"pork": on_pork, "pork_place": on_pork_place, "retrieve": on_retrieve}
LEGAL = {"pork_place": legal_pork_place, "retrieve": legal_retrieve}
