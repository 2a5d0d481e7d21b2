"""Take Off, Eh!'s exercises (issues 33 and 44): the named parts of ``data/exercises/take_off_eh.json``
(:mod:`explorer.engine.sheets`) that data cannot say.

The sheet holds each exercise's words, rules, chapter and position: the rulebook's example game,
the same game carried on to its first special scoring round, or seeded games, cut at a step (saved
in the sheet).  They follow the notebook's Learn chapters and, together, cite every section of the
game's rule table (issue 41): Preparation 2-7, Play, the Agenda, Bribery (players who pay no bribe
too), Completion and its three parts (all eight agenda items), and the three parts of the Special
Scoring Rounds with the game's end.

Coin values are hidden (:mod:`.perspective`), so each exercise is posed to one seat, usually the seat
whose decision it is, and asks only what that seat can work out from its own observation: the suits
of every coin, the bribes and the slush fund (face up), the tiles, its own coins' values.  Where a
coin of unknown value takes part, the answer does not depend on it (a lone suit doubles whatever
its value).  Actions are named by the words the seat reads (never a hidden coin named by hand), so
the same question stands in every history the seat cannot tell from the real one.  Picks of one
action type use the sheet's generic scopes; :data:`SHEET_PARTS` holds the rest, by exercise key.
"""
from __future__ import annotations

from fractions import Fraction

from explorer.engine.sheet_parts import Chance, Outcome, Scope, named_parts
from explorer.engine.words import counted, seat_name, seat_names

from .actions import BoardCoin, ChooseSuit, HandCoin, TileDraw, piece, value_name
from . import preparation
from .sections import RULES
from .enact import voters
from .odds import next_agenda_odds, secession_odds
from .scoring import SUITS
from .scoring_rounds import SLUSH_UNIT
from .table import PROVINCES

#: the main parts of the rulebook, as the sections the engine cites begin; the exercises' rules
#: together touch each of them (tests/test_exercises_take_off_eh.py)
PARTS = ("Preparation", "Agenda", "Bribery", "Completion 1, Draw", "Completion 2", "Completion 3, Fund",
         "Special Scoring Rounds, 1. Slush Fund", "Special Scoring Rounds, 2. Pork",
         "Special Scoring Rounds, 3. Provinces and Territories")


# -- positions ------------------------------------------------------------------------------------------


# -- words and explanations, read off the engine ------------------------------------------------------------

def _events(viewer, *keys, about: str = ""):
    """An explanation: what the action's events (those following the rules ``keys``, and starting
    with ``about`` if given) tell ``viewer``."""
    rules = [RULES[k] for k in keys]

    def explain(before, after):
        told = [e.text_for(viewer) for e in after.events if e.rule in rules]
        return "; ".join(t for t in told if t and t.startswith(about)), rules[0]
    return explain


def _pts(n: int) -> str:
    return counted(n, "point")


def _points(unit: str, seat: int):
    """The outcome: the points ``seat`` scored for ``unit`` in the scoring the action set off."""
    def outcome(before, after):
        for name, _, rows in after.last_scoring:
            if name == unit:
                return rows[seat][1]
        raise ValueError(f"{unit} did not score")
    return outcome


def _ladder_choices(maximum: int) -> tuple[int, ...]:
    """Points a unit worth ``maximum`` can give a suit: third, second or first place, doubled, with
    the Queen's and a home bonus."""
    base = {0, maximum // 4, maximum // 2, maximum, 2 * maximum}
    return tuple(sorted(base | {maximum + 2, 2 * maximum + 2, 2 * maximum + 4}))


def _play_draws(state):
    """Play the current completion turn's welfare and draw (first legal choice, first chance
    outcome: how many coins come does not hang on which) up to the tile choice; ``(coins drawn,
    the events on the way)``."""
    seat = state.order[state.turn]
    start, events = len(state.hands[seat]), []
    while state.phase in ("draw_suit", "draw_value"):
        state = state.apply(state.legal_actions()[0])
        events += state.events
    return len(state.hands[seat]) - start, events


# -- Preparation 2-4: the draw stacks, the map, the tax revenues ---------------------------------------------

#: the tile the ``map-redraw`` question turns up for Yukon Territories: a fourth moons tile
MAP_FOURTH = TileDraw.of("moons", 2)


def _redrawn(before, after) -> tuple[str, ...]:
    """The provinces whose tiles are replaced once the map's thirteenth tile lies (none: the map stands)."""
    return tuple(after.map_todo) if after.phase == "map" else ()


def _redraw_choices(s):
    """Nothing replaced; only the newest tile; every tile of the over-represented suit (right); every tile of
    a suit with three or more (a reading of "no more than three" that refuses three)."""
    last = s.map_todo[0]
    tiles = {**s.tiles, last: (MAP_FOURTH.suit, MAP_FOURTH.value)}
    counts = {x: sum(t[0] == x for t in tiles.values()) for x in SUITS}
    over = tuple(p for p in PROVINCES if counts[tiles[p][0]] > s.options.max_per_suit)
    three = tuple(p for p in PROVINCES if counts[tiles[p][0]] >= s.options.max_per_suit)
    return tuple(dict.fromkeys([(), (last,), over, three]))


def _provinces_words(provinces) -> str:
    if not provinces:
        return "no tile is replaced: the map stands"
    if len(provinces) == 1:
        return f"only {provinces[0]} gets a new tile"
    return "new tiles for " + ", ".join(provinces[:-1]) + f" and {provinces[-1]}"


def _redraw_explain(before, after):
    tiles = {**before.tiles, before.map_todo[0]: (MAP_FOURTH.suit, MAP_FOURTH.value)}
    counts = {x: sum(t[0] == x for t in tiles.values()) for x in SUITS}
    over = [x for x in SUITS if counts[x] > before.options.max_per_suit]
    return (f"the map now holds {', '.join(f'{counts[x]} {x}' for x in SUITS if counts[x])} tiles; "
            f"{' and '.join(over) or 'no suit'} has more than {before.options.max_per_suit}, so every tile of it is "
            f"taken off and replaced from the draw stacks; a suit with exactly {before.options.max_per_suit} stays",
            RULES["map"])


def _redraw_needed(s):
    """The chance that the last tile of the map makes a suit over-represented: the engine's own tile draws
    (every tile still face down in the stacks equally likely), each applied."""
    return sum((p for a, p in s.chance_outcomes() if s.apply(a).phase == "map"), Fraction(0))


def _redraw_odds_explain(s, p):
    counts = {x: sum(t[0] == x for t in s.tiles.values()) for x in SUITS}
    full = [x for x in SUITS if counts[x] >= s.options.max_per_suit]
    bad = sum(t[0] in full for t in s.stack)
    return (f"{len(s.stack)} of the 48 tiles are still face down in the shuffled stacks (12 lie on the map), each as "
            f"likely as the others; {bad} of them are {' or '.join(full)}, the suits already at "
            f"{s.options.max_per_suit}: the chance is {bad}/{len(s.stack)} = {p} (about {float(p):.1%})",
            RULES["stacks"])


def _both_high(s) -> Fraction:
    """The chance that both coins of Amy's deal are worth 3 or more: the engine's coin draws walked."""
    if s.phase == "draw_value" and s.drawer == 0 and s.draw_for == "deal":
        return sum((p * _both_high(s.apply(a)) for a, p in s.chance_outcomes()), Fraction(0))
    return Fraction(int(all(c[1] >= 3 for c in s.hands[0])))


def _both_high_explain(s, p):
    mine = sorted(v for x, v in s.tax if x == s.suits[0])
    high = sum(v >= 3 for v in mine)
    return (f"the coins lie suit side up, so Amy picks two {s.suits[0]} coins but not their values: any two of the "
            f"{len(mine)} are equally likely; {high} are worth 3 or more, so the chance is {high}/{len(mine)} × "
            f"{high - 1}/{len(mine) - 1} = {p} (about {float(p):.1%})", RULES["tax"])


#: the map's ranges: finer than quarters, as a suit may reach four tiles only by a few draws
MAP_BOUNDS = (Fraction(0), Fraction(1, 20), Fraction(1, 10), Fraction(1, 5), Fraction(2, 5), Fraction(1))

PREPARATION_PARTS = {
    "map-redraw-odds": Chance(
        probability=_redraw_needed,
        bounds=MAP_BOUNDS,
        explain=_redraw_odds_explain),
    "map-redraw": Outcome(
        read=_redrawn,
        choices=_redraw_choices,
        words=_provinces_words,
        explain=_redraw_explain),
    "deal-values": Chance(
        probability=_both_high,
        explain=_both_high_explain),
}


# -- Preparation and the first round (the rulebook's example game) -------------------------------------------


def _QUEEN_TILE(s):
    return TileDraw.of("arms", 4)


def _queen_choices(s):
    """Where she goes, and the pawns' provinces (a guess that forgets she keeps away from them, or that
    she may not share a province with a pawn)."""
    start = s.apply(_QUEEN_TILE(s)).queen
    return tuple(("province", p) for p in sorted({start, *s.pawns}))


def _queen_explain(before, after):
    """Which provinces the Queen's tile matches (Preparation 6's matching rule, read off the engine), and
    why the pawns do not keep her away when only one matches."""
    draw = _QUEEN_TILE(before)
    tile, start = (draw.suit, draw.value), after.queen
    where = preparation._matches(before, tile)
    if len(where) > 1:
        return (f"{piece(*tile)} tile matches {', '.join(where)}; of those, {start} lies farthest from the pawns, "
                f"so the Queen begins there", RULES["queen"])
    here = [q for q in range(before.players) if before.pawns[q] == start]
    pawns = f"even though {seat_names(here)}'s pawn stands there" if here else "where no pawn stands"
    return (f"{piece(*tile)} tile matches only {start} (by its suit or its value), so the Queen begins there, "
            f"{pawns}: keeping away from the pawns only decides between several matching provinces", RULES["queen"])


def _crowns(s):
    return next_agenda_odds(s, suit="crowns")


def _crowns_explain(s, p):
    left = s.players + s.options.agenda_extra - len(s.agenda)
    crowns = sum(t[0] == "crowns" for t in s.stack)
    return (f"{len(s.stack)} tiles lie in the draw stacks (every other tile has been seen face up), {crowns} "
            f"of them crowns; {left} are turned up: the chance of at least one crowns tile is {p} "
            f"(about {float(p):.1%})", RULES["agenda"])


def _bribe_or_draw(before, after):
    return "draw" if after.phase == "draw_suit" and after.draw_for == "bribe" else "pay"


BRIBE_WORDS = {"pay": "pays one of his own coins", "draw": "shows his coins and draws from the tax revenues"}


def _order(before, after):
    return tuple(after.order)


def _order_choices(s):
    """The order each legal bribe would give, and plain clockwise order from the round's first player."""
    orders = [tuple(s.apply(a).order) for a in s.legal_actions()]
    return tuple(dict.fromkeys(orders + [tuple((s.first + i) % s.players for i in range(s.players))]))


def _order_words(order) -> str:
    return ", ".join(seat_name(q) for q in order)


def _drawn(before, after):
    return _play_draws(after)[0]


def _drawn_explain(before, after):
    """Welfare and the draw counted from Cindy's own play area and bribe (Completion 1), and why the
    answer parts from the rulebook's example."""
    seat, o = 2, after.options
    held, bribe = len(after.hands[seat]), after.bribes[seat][1]
    welfare, draw = max(0, o.welfare - held), max(0, o.draw_base - bribe)
    return (f"Cindy holds {counted(held, 'face-down coin')} (three at the start, less the one in Ontario and the "
            f"bribe): welfare brings her up to {o.welfare}, {counted(welfare, 'coin')}; a bribe of {bribe} earns "
            f"{o.draw_base} minus {bribe}, below zero, so {counted(draw, 'coin')} more. In all "
            f"{counted(welfare + draw, 'coin')}. The rulebook's example says nobody gets welfare this round, but its "
            f"own count leaves Cindy one face-down coin, so we follow the rule", RULES["welfare"])


def _next_part(before, after) -> str:
    """What the turn does after the action: fund, or end (the next player's turn, or a new round)."""
    seat = before.current_player
    if after.phase == "fund" and after.current_player == seat:
        return "fund"
    return "end"


NEXT_PART_WORDS = {"fund": "he still funds, with up to as many coins as the tile's value",
                   "end": "his turn ends there"}


def _next_part_explain(before, after):
    left = before.parts
    return (f"preventing an agenda item is one of the two ways to take the enact part; the turn's other part, "
            f"{' and '.join(left) or 'none'}, still comes, since enact and fund follow in the order the player picked "
            f"(draw always first)", RULES["order"])


EXAMPLE_PARTS = {
    "suits-left": Scope(
        test=lambda a: type(a) is ChooseSuit,
        candidates=lambda s: [ChooseSuit.of(x) for x in SUITS]),
    "queen-start": Outcome(
        read=lambda b, a: ("province", a.queen),
        choices=_queen_choices,
        words=lambda key: key[1],
        explain=_queen_explain,
        place=True),
    "agenda-crowns": Chance(
        probability=_crowns,
        explain=_crowns_explain),
    "dale-bribe": Outcome(
        read=_bribe_or_draw,
        choices=lambda s: ("pay", "draw"),
        words=lambda x: f"Dale {BRIBE_WORDS[x]}",
        explain=_events(3, "bribe_draw")),
    "completion-order": Outcome(
        read=_order,
        choices=_order_choices,
        words=_order_words,
        explain=_events(3, "turn_order")),
    "prevent-then": Outcome(
        read=_next_part,
        choices=lambda s: ("fund", "end"),
        words=NEXT_PART_WORDS.__getitem__,
        explain=_next_part_explain),
    "cindy-draws": Outcome(
        read=_drawn,
        choices=lambda s: tuple(range(s.options.welfare + s.options.draw_base + 1)),
        words=lambda n: counted(n, "coin"),
        explain=_drawn_explain),
}


# -- agenda items in seeded games ------------------------------------------------------------------------------


def _order_explain(before, after):
    """Why the completion order is what it is: the bribes high to low, then those who paid none."""
    paid = sorted((q for q in range(after.players) if after.bribes[q] is not None), key=lambda q: -after.bribes[q][1])
    unpaid = [q for q in after.order if after.bribes[q] is None]
    return ("the bribes go from the highest down: "
            + ", ".join(f"{seat_name(q)} ({value_name(after.bribes[q][1])})" for q in paid)
            + f"; {seat_names(unpaid)}, who paid none, follow{'s' if len(unpaid) == 1 else ''} after the last of them, "
              "clockwise", RULES["turn_order"])


def _discards(before, after) -> int:
    """How many agenda tiles the hockey game makes its player discard once they stop drawing."""
    return after.left if after.phase == "hockey_discard" else 0


def _discards_explain(before, after):
    return (f"{counted(before.drawn_count, 'tile')} joined the agenda, so as many are discarded: the tile's value "
            f"({before.chosen[1]}) is only how many may be drawn at most", RULES["winter"])


def _order_with_unpaid(s):
    """The orders each legal bribe would give, clockwise from the round's first player, and the unpaid
    player put first (a reading that forgets they come last)."""
    orders = [tuple(s.apply(a).order) for a in s.legal_actions()]
    clockwise = tuple((s.first + i) % s.players for i in range(s.players))
    right = tuple(s.apply(min(s.legal_actions(), key=lambda a: a.value)).order)
    unpaid_first = tuple(q for q in right if s.bribes[q] is None and q != s.current_player) + \
        tuple(q for q in right if not (s.bribes[q] is None and q != s.current_player))
    return tuple(dict.fromkeys(orders + [clockwise, unpaid_first]))


def _referendum_odds(s):
    return secession_odds([None] * len(voters(s, s.picked)))


def _referendum_explain(s, p):
    who = voters(s, s.picked)
    return (f"{seat_names(who)} have coins in {s.picked}, so {len(who)} dice are set; the chance that two of "
            f"them show the same value is {p} (about {float(p):.1%})", RULES["spring"])


def _boom_outcome(before, after):
    seat = before.current_player
    return after.scores[seat] - before.scores[seat]


AGENDA_PARTS = {
    "no-bribe-order": Outcome(
        read=_order,
        choices=_order_with_unpaid,
        words=_order_words,
        explain=_order_explain),
    "hockey-discards": Outcome(
        read=_discards,
        choices=lambda s: tuple(range(s.chosen[1] + 1)),
        words=lambda n: counted(n, "tile"),
        explain=_discards_explain),
    "beer-coins": Scope(
        test=lambda a: type(a) in (HandCoin, BoardCoin)),
    "referendum-odds": Chance(
        probability=_referendum_odds,
        explain=_referendum_explain),
}


LADDER_PARTS = {
    "boom-points": Outcome(
        read=_boom_outcome,
        choices=lambda s: _ladder_choices(s.chosen[1]),
        words=_pts,
        explain=lambda b, a: _events(b.current_player, "fall")(b, a)),
}


# -- the special scoring round (the example game carried on) ------------------------------------------------------


def _what_next(before, after) -> str:
    if after.is_terminal():
        return f"{seat_name(after.winner)} wins" if after.winner is not None else "a tie: nobody wins"
    return f"round {after.round} begins"


def _what_next_choices(s):
    return (f"round {s.round + 1} begins",) + tuple(f"{seat_name(q)} wins" for q in range(s.players))


def _what_next_explain(before, after):
    o = before.options
    if after.is_terminal():
        return (f"round {before.round} was the last of {o.rounds}, and its special scoring round is over: the game "
                f"ends and the most points win", RULES["end"])
    return (f"a game is {o.rounds} rounds, with a special scoring round after every third: after round "
            f"{before.round}'s scoring a new round begins", RULES["round"])


def _slush_maximum(s) -> int:
    return len(s.slush)


SCORING_PARTS = {
    "slush-points": Outcome(
        read=_points(SLUSH_UNIT, 1),
        choices=lambda s: _ladder_choices(_slush_maximum(s)),
        words=_pts,
        explain=_events(1, "slush")),
    "nunavut-points": Outcome(
        read=_points("Nunavut", 3),
        choices=lambda s: _ladder_choices(s.tiles["Nunavut"][1]),
        words=_pts,
        explain=_events(1, "provinces", about="Nunavut")),
    "what-comes-next": Outcome(
        read=_what_next,
        choices=_what_next_choices,
        explain=_what_next_explain),
}


SHEET_PARTS = named_parts({**PREPARATION_PARTS, **EXAMPLE_PARTS, **AGENDA_PARTS, **LADDER_PARTS, **SCORING_PARTS})
