"""Take Off, Eh!'s exercises (issue 33): positions from the rulebook's example game, from the same
game carried on to its first special scoring round, and from seeded games; every answer is the
engine's (:mod:`explorer.engine.exercises`).

They follow the notebook's Learn chapters and, together, cite every section of the game's rule table
(issue 41): Preparation 2-7, Play, the Agenda, Bribery (players who pay no bribe too), Completion
and its three parts (all eight agenda items), and the three parts of the Special Scoring Rounds with
the game's end.

Coin values are hidden (:mod:`.perspective`), so each exercise is posed to one seat, usually the seat
whose decision it is, and asks only what that seat can work out from its own observation: the suits
of every coin, the bribes and the slush fund (face up), the tiles, its own coins' values.  Where a
coin of unknown value takes part, the answer does not depend on it (a lone suit doubles whatever
its value).  Actions are picked from the position (never a hidden coin named by hand), so the same
question stands in every history the seat cannot tell from the real one.
"""
from __future__ import annotations

from fractions import Fraction

from explorer.engine import GameRecord
from explorer.engine.exercises import HowLikely, PickLegal, Predict, seeded
from explorer.engine.words import counted, seat_name, seat_names

from .actions import (BoardCoin, ChooseSuit, Enact, Fund, HandCoin, Pawn, Province, Stop, TileDraw, piece,
                      value_name)
from . import preparation
from .citations import GAME, RULES
from .enact import voters
from .examples import first_round, through_first_scoring
from .odds import next_agenda_odds, secession_odds
from .scoring import SUITS
from .scoring_rounds import SLUSH_UNIT
from .table import PROVINCES, live

#: the notebook's Learn chapters (its headings), which the exercises follow
EXAMPLE_CHAPTER = "Preparation and the first round, as in the rulebook"
LADDER_CHAPTER = "The scoring ladder"
SCORING_CHAPTER = "A special scoring round"

#: the main parts of the rulebook, as the sections the engine cites begin; the exercises' rules
#: together touch each of them (tests/test_exercises_take_off_eh.py)
PARTS = ("Preparation", "Agenda", "Bribery", "Completion 1, Draw", "Completion 2", "Completion 3, Fund",
         "Special Scoring Rounds, 1. Slush Fund", "Special Scoring Rounds, 2. Pork",
         "Special Scoring Rounds, 3. Provinces and Territories")


# -- positions ------------------------------------------------------------------------------------------

def _prefix(record: GameRecord, stop) -> GameRecord:
    """``record`` cut before its first step whose state satisfies ``stop``."""
    for i, state in enumerate(record.states()):
        if stop(state):
            return GameRecord(record.game, record.options, record.seed, record.actions[:i])
    raise ValueError("the record never reaches the position asked for")


def _at(phase: str, seat: int | None = None, after=None):
    """A test for :func:`_prefix`: the first ``phase`` step (of ``seat``; with ``after(state)`` true)."""
    def stop(s):
        return s.phase == phase and (seat is None or s.current_player == seat) and (after is None or after(s))
    return stop


EXAMPLE = first_round().record
SCORING = through_first_scoring()


def _agenda_left(n: int):
    return lambda s: s.round == 1 and len(s.agenda) == s.players + s.options.agenda_extra - n


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


def _action(pick):
    """The action of a Predict: the first legal action ``pick`` accepts."""
    return lambda s: next(a for a in s.legal_actions() if pick(a))


# -- Preparation 2-4: the draw stacks, the map, the tax revenues ---------------------------------------------

#: the map drawn for Alberta to Saskatchewan (alphabetical, Preparation 3): three moons tiles and three crowns
MAP_SO_FAR = (("suns", 5), ("moons", 5), ("winter", 3), ("moons", 0), ("fall", 2), ("moons", 4), ("summer", 1),
              ("crowns", 3), ("spring", 2), ("crowns", 0), ("summer", 5), ("crowns", 1))
#: twelve tiles of the map lie face up; the tile for Yukon Territories is next
MAP_LAST = GameRecord(GAME, EXAMPLE.options, None, tuple(TileDraw.of(*t) for t in MAP_SO_FAR))
#: the tile the ``map-redraw`` question turns up for Yukon Territories: a fourth moons tile
MAP_FOURTH = TileDraw.of("moons", 2)
#: the rulebook's example game as Amy draws her first two coins (Preparation 4-5)
AMY_DEAL = _prefix(EXAMPLE, lambda s: s.phase == "draw_value" and s.drawer == 0 and s.draw_for == "deal")


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

PREPARATION_EXERCISES = [
    HowLikely(
        key="map-redraw-odds", game=GAME, title="A lopsided map?",
        question="Building the map: twelve tiles lie face up, Alberta to Saskatchewan, three of them moons and three "
                 "crowns. The tile for Yukon Territories comes off the shuffled draw stacks next. How likely is it "
                 "that it makes a suit over-represented, so that tiles must be replaced?",
        rules=(RULES["stacks"], RULES["map"]), position=MAP_LAST, viewer=0, chapter=EXAMPLE_CHAPTER,
        probability=_redraw_needed, bounds=MAP_BOUNDS, explain=_redraw_odds_explain),
    Predict(
        key="map-redraw", game=GAME, title="Too many moons",
        question="Same map: the tile turned up for Yukon Territories is the 2 of moons, a fourth moons tile (crowns "
                 "has three). Which tiles are replaced?",
        rules=(RULES["map"],), position=MAP_LAST, viewer=0, chapter=EXAMPLE_CHAPTER,
        action=lambda s: MAP_FOURTH, outcome=_redrawn, choices=_redraw_choices, words=_provinces_words,
        explain=_redraw_explain),
    HowLikely(
        key="deal-values", game=GAME, title="Two coins from the tax revenues",
        question="In the rulebook's example Amy chose fall and now takes her two fall coins from the tax revenues "
                 "(the 48 coins lie there suit side up and unstacked). How likely is it that both are worth 3 or "
                 "more?",
        rules=(RULES["tax"], RULES["platform"]), position=AMY_DEAL, viewer=0, chapter=EXAMPLE_CHAPTER,
        probability=_both_high, explain=_both_high_explain),
]


# -- Preparation and the first round (the rulebook's example game) -------------------------------------------

CINDY_SUIT = _prefix(EXAMPLE, _at("platform", 2))
AMY_HOME = _prefix(EXAMPLE, _at("home", 0))
QUEEN_TILE = _prefix(EXAMPLE, _at("queen_tile"))
AGENDA = _prefix(EXAMPLE, _agenda_left(2))
CINDY_BRIBE = _prefix(EXAMPLE, _at("bribe", 2))
DALE_SCANDAL = _prefix(EXAMPLE, _at("scandal", 3))
DALE_MOVES_CINDY = _prefix(EXAMPLE, _at("scandal_to", 3))
DALE_LAST_FUND = _prefix(EXAMPLE, _at("fund", 3, lambda s: s.fund_left == 1))


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


def _last_bribe(s) -> bool:
    """The last bribe of a round, paid from a play area of three coins or more, one of them of a value
    already paid."""
    if s.phase != "bribe" or s.queue or s.round < 1:
        return False
    return len(s.hands[s.current_player]) >= 3 and 2 <= len(s.legal_actions()) < len(s.hands[s.current_player])


#: seed 12: round 2, Player 4 pays the last bribe holding the 4 and the ace of suns and the null of winter
LAST_BRIBE = seeded(GAME, 12, _last_bribe)
_LOWEST = _action(lambda a: type(a) is HandCoin and a.value == 0)


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


#: Dale has chosen the 2 of suns and to enact it before funding (the rulebook's example, Completion 2)
DALE_ENACTS = _prefix(EXAMPLE, _at("enact", 3))


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


EXAMPLE_EXERCISES = [
    PickLegal(
        key="suits-left", game=GAME, title="Choosing a suit",
        question="Amy chose fall and Betty suns. Cindy (Player 3) chooses next: which suits may she play? "
                 "Pick every one she may choose.",
        rules=(RULES["platform"],), position=CINDY_SUIT, viewer=2, chapter=EXAMPLE_CHAPTER,
        scope=lambda a: type(a) is ChooseSuit,
        candidates=lambda s: [ChooseSuit.of(x) for x in SUITS]),
    PickLegal(
        key="home-province", game=GAME, title="A home province",
        question="Amy (Player 1) has turned up the ace of suns for her home province. Click every province "
                 "where she may put her pawn.",
        rules=(RULES["home"],), position=AMY_HOME, viewer=0, chapter=EXAMPLE_CHAPTER,
        scope=lambda a: type(a) is Province),
    Predict(
        key="queen-start", game=GAME, title="Where the Queen starts",
        question="The tile turned up for the Queen is the 4 of arms. Click the province where her jubilee "
                 "tour begins.",
        rules=(RULES["queen"],), position=QUEEN_TILE, viewer=0, chapter=EXAMPLE_CHAPTER,
        action=_QUEEN_TILE, outcome=lambda b, a: ("province", a.queen), choices=_queen_choices,
        words=lambda key: key[1], explain=_queen_explain, place=True),
    HowLikely(
        key="agenda-crowns", game=GAME, title="A Queen's tour on the agenda?",
        question="Three of round 1's five agenda tiles are up; two more will be turned from the draw stacks. "
                 "How likely is it that a crowns tile (a jubilee tour) is among them?",
        rules=(RULES["agenda"],), position=AGENDA, viewer=0, chapter=EXAMPLE_CHAPTER,
        probability=_crowns, explain=_crowns_explain),
    Predict(
        key="dale-bribe", game=GAME, title="No coin of a new value",
        question="You are Dale (Player 4), holding the 2 of winter and the 2 of crowns. Amy has paid an ace, "
                 "Betty a 2, and now Cindy pays her bribe (whichever coin she picks). What do you do for yours?",
        rules=(RULES["bribe"], RULES["bribe_draw"]), position=CINDY_BRIBE, viewer=3, chapter=EXAMPLE_CHAPTER,
        action=_action(lambda a: type(a) is HandCoin), outcome=_bribe_or_draw,
        choices=lambda s: ("pay", "draw"), words=lambda x: f"Dale {BRIBE_WORDS[x]}",
        explain=_events(3, "bribe_draw")),
    PickLegal(
        key="bribe-coins", game=GAME, title="Paying a bribe",
        question="Another game, round 2: you are Player 4, the last to pay a bribe. Click every coin of "
                 "yours you may pay.",
        rules=(RULES["bribe"],), position=LAST_BRIBE, viewer=3, chapter=EXAMPLE_CHAPTER,
        scope=lambda a: type(a) is HandCoin),
    Predict(
        key="completion-order", game=GAME, title="The order of completion",
        question="Same position: you pay the null of winter. In which order do the players take their "
                 "completion turns?",
        rules=(RULES["turn_order"],), position=LAST_BRIBE, viewer=3, chapter=EXAMPLE_CHAPTER,
        action=_LOWEST, outcome=_order, choices=_order_choices, words=_order_words,
        explain=_events(3, "turn_order")),
    PickLegal(
        key="scandal-pawns", game=GAME, title="Political scandal: which pawns?",
        question="Dale (Player 4) enacts the 2 of suns, a political scandal. Click every pawn he may move.",
        rules=(RULES["suns"], RULES["queen_safe"]), position=DALE_SCANDAL, viewer=3, chapter=EXAMPLE_CHAPTER,
        scope=lambda a: type(a) is Pawn),
    PickLegal(
        key="scandal-where", game=GAME, title="Political scandal: where to?",
        question="Dale picks Cindy's pawn in Ontario; the scandal gives 2 points of movement. Click every "
                 "province it may end in.",
        rules=(RULES["suns"], RULES["queen_safe"]), position=DALE_MOVES_CINDY, viewer=3,
        chapter=EXAMPLE_CHAPTER, scope=lambda a: type(a) is Province),
    PickLegal(
        key="fund-places", game=GAME, title="Where funds may go",
        question="Dale (Player 4) has put his 2 of winter in Manitoba and may fund once more, with the one "
                 "coin he has left. Click every place where it may go.",
        rules=(RULES["fund"], RULES["queen_safe"]), position=DALE_LAST_FUND, viewer=3, chapter=EXAMPLE_CHAPTER,
        scope=lambda a: type(a) is Fund),
    Predict(
        key="prevent-then", game=GAME, title="Preventing an agenda item",
        question="Dale (Player 4) has drawn, chosen the 2 of suns and decided to enact before funding. Suppose he "
                 "prevents the political scandal instead of enacting it. What comes next in his turn?",
        rules=(RULES["enact"], RULES["order"]), position=DALE_ENACTS, viewer=3, chapter=EXAMPLE_CHAPTER,
        action=lambda s: Enact.of(False), outcome=_next_part, choices=lambda s: ("fund", "end"),
        words=NEXT_PART_WORDS.__getitem__, explain=_next_part_explain),
    Predict(
        key="cindy-draws", game=GAME, title="Cindy's draw",
        question="You are Cindy (Player 3). Dale ends his turn by putting his crowns coin in the Northwest "
                 "Territories; your completion turn is next. Of your three starting coins, one went to Ontario "
                 "with your pawn and one, the 4 of summer, is your bribe. (The rulebook's example says nobody is "
                 "eligible for welfare this round; we follow the rule itself, Completion 1, and count your "
                 "face-down coins.) How many coins do you draw before choosing an agenda tile?",
        rules=(RULES["welfare"], RULES["draw"]), position=DALE_LAST_FUND, viewer=2, chapter=EXAMPLE_CHAPTER,
        action=_action(lambda a: type(a) is Fund and a.suit == "crowns" and a.where == "Northwest Territories"),
        outcome=_drawn, choices=lambda s: tuple(range(s.options.welfare + s.options.draw_base + 1)),
        words=lambda n: counted(n, "coin"), explain=_drawn_explain),
]


# -- agenda items in seeded games ------------------------------------------------------------------------------

#: a four-player game (seed 0, random players) at a crowns tile being enacted
TOUR = seeded(GAME, 0, lambda s: s.phase == "tour" and len(s.legal_actions()) <= 6)
#: seed 10: a secession referendum with three voters, before any die is set
VOTE = seeded(GAME, 10, lambda s: s.phase == "vote" and len(s.committing) >= 3
              and all(c is None for c in s.commits))


def _boom(s) -> bool:
    """A tourism boom about to be enacted that scores one province (not the slush fund), holding coins
    of two suits or more, every one of them known to the player enacting it."""
    if s.phase != "enact" or s.chosen[0] != "fall":
        return False
    seat = s.current_player
    scored = _boomed(s)
    return (len(scored) == 1 and len(s.slush) != s.chosen[1] and len({c[0] for c in s.on[scored[0]]}) > 1
            and all(s.known.get(c, 0) >> seat & 1 for c in s.on[scored[0]]))


def _boomed(s) -> list[str]:
    return [p for p in PROVINCES if s.tiles[p][1] == s.chosen[1] and live(s, p) and s.on[p]]


#: seed 5: a tourism boom in round 7 that scores one province
BOOM = seeded(GAME, 5, _boom)
#: seed 6: a labour strike for aces while the Queen tours a province worth an ace
STRIKE = seeded(GAME, 6, lambda s: s.phase == "strike" and len(s.legal_actions()) >= 2
                and s.tiles[s.queen][1] == s.chosen[1])
#: seed 0: a beer and doughnut run makes a player give back a coin, one of whose coins lies with the Queen
BEER = seeded(GAME, 0, lambda s: s.phase == "beer_coin" and sum(type(a) is BoardCoin for a in s.legal_actions()) >= 2
              and any(c[0] == s.suits[s.current_player] for c in s.on[s.queen]))
#: seed 1: a fishing holiday moves a coin out of Manitoba, which touches the Queen's province (Ontario)
FISH = seeded(GAME, 1, lambda s: s.phase == "fish_to" and s.queen in s.geo.neighbours[s.picked[0]]
              and len(s.legal_actions()) >= 2)
#: seed 0: a hockey game (the 4 of winter) with one tile drawn onto the agenda so far
HOCKEY = seeded(GAME, 0, lambda s: s.phase == "hockey" and s.drawn_count >= 1 and s.left >= 1)
#: seed 108, round 9: Player 2 pays no bribe (no coins, and none of a suit they may take in the tax
#: revenues); Player 1 pays the last bribe
NO_BRIBE = seeded(GAME, 108, lambda s: s.phase == "bribe" and not s.queue and sum(b is None for b in s.bribes) >= 2
                  and len(s.legal_actions()) >= 2)
_TOUR, _VOTE, _BOOM, _STRIKE, _BEER = (r.replay() for r in (TOUR, VOTE, BOOM, STRIKE, BEER))
_FISH, _HOCKEY, _NO_BRIBE = (r.replay() for r in (FISH, HOCKEY, NO_BRIBE))
_UNPAID = next(q for q in range(_NO_BRIBE.players) if _NO_BRIBE.bribes[q] is None and q != _NO_BRIBE.current_player)
_NO_BRIBE_PAY = min(_NO_BRIBE.legal_actions(), key=lambda a: a.value)


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
    right = tuple(s.apply(_NO_BRIBE_PAY).order)
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


AGENDA_EXERCISES = [
    Predict(
        key="no-bribe-order", game=GAME, title="A player who pays no bribe",
        question=f"Another game, round 9: you are {seat_name(_NO_BRIBE.current_player)}, the last to pay a bribe. "
                 f"{seat_name(_UNPAID)} had no coins and the tax revenues hold none of a suit they may take, so "
                 f"{seat_name(_UNPAID)} pays no bribe; "
                 + "; ".join(f"{seat_name(q)} paid {piece(*_NO_BRIBE.bribes[q])}" for q in range(_NO_BRIBE.players)
                             if _NO_BRIBE.bribes[q] is not None)
                 + f". You pay {piece(_NO_BRIBE_PAY.suit, _NO_BRIBE_PAY.value)}. In which order do the players take "
                   f"their completion turns?",
        rules=(RULES["turn_order"], RULES["bribe_draw"]), position=NO_BRIBE, viewer=_NO_BRIBE.current_player,
        chapter=EXAMPLE_CHAPTER, action=lambda s: _NO_BRIBE_PAY, outcome=_order, choices=_order_with_unpaid,
        words=_order_words, explain=_order_explain),
    PickLegal(
        key="fish-to", game=GAME, title="A fishing holiday",
        question=f"Another game: you are {seat_name(_FISH.current_player)} and enact the "
                 f"{value_name(_FISH.chosen[1])} of summer, a fishing holiday. You pick a coin in {_FISH.picked[0]}; "
                 f"the Queen tours {_FISH.queen}. Click every province the coin may move to.",
        rules=(RULES["summer"], RULES["queen_safe"]), position=FISH, viewer=_FISH.current_player,
        chapter=EXAMPLE_CHAPTER, scope=lambda a: type(a) is Province),
    Predict(
        key="hockey-discards", game=GAME, title="A hockey game",
        question=f"Another game: you are {seat_name(_HOCKEY.current_player)} and enact the "
                 f"{value_name(_HOCKEY.chosen[1])} of winter, a hockey game. You have turned up "
                 f"{counted(_HOCKEY.drawn_count, 'tile')} onto the agenda and now stop drawing. How many agenda "
                 f"tiles must you discard?",
        rules=(RULES["winter"],), position=HOCKEY, viewer=_HOCKEY.current_player, chapter=EXAMPLE_CHAPTER,
        action=lambda s: Stop.of(), outcome=_discards, choices=lambda s: tuple(range(s.chosen[1] + 1)),
        words=lambda n: counted(n, "tile"), explain=_discards_explain),
    PickLegal(
        key="queen-tour", game=GAME, title="The Queen's jubilee tour",
        question=f"Another game: you are {seat_name(_TOUR.current_player)} and enact the {_TOUR.chosen[1]} of "
                 f"crowns. Click every province where the Queen's tour may end.",
        rules=(RULES["crowns"],), position=TOUR, viewer=_TOUR.current_player, chapter=EXAMPLE_CHAPTER,
        scope=lambda a: type(a) is Province),
    PickLegal(
        key="strike-provinces", game=GAME, title="A labour strike",
        question=f"Another game: you are {seat_name(_STRIKE.current_player)} and enact the "
                 f"{value_name(_STRIKE.chosen[1])} of arms, a labour strike. Click every province where it "
                 f"may happen.",
        rules=(RULES["arms"], RULES["queen_safe"]), position=STRIKE, viewer=_STRIKE.current_player,
        chapter=EXAMPLE_CHAPTER, scope=lambda a: type(a) is Province),
    PickLegal(
        key="beer-coins", game=GAME, title="A beer and doughnut run",
        question=f"Another game: {seat_name(_BEER.order[_BEER.turn])}'s beer and doughnut run makes you, "
                 f"{seat_name(_BEER.current_player)} ({_BEER.suits[_BEER.current_player]}), give back a coin to "
                 f"the tax revenues. Click every coin you may choose to give back.",
        rules=(RULES["moons"], RULES["queen_safe"]), position=BEER, viewer=_BEER.current_player,
        chapter=EXAMPLE_CHAPTER, scope=lambda a: type(a) in (HandCoin, BoardCoin)),
    HowLikely(
        key="referendum-odds", game=GAME, title="Will the province secede?",
        question=f"Another game: a secession referendum in {_VOTE.picked}, and you are "
                 f"{seat_name(_VOTE.current_player)}, one of its voters. Whatever value you set on your die, "
                 f"suppose the other voters pick theirs at random: how likely is it that {_VOTE.picked} "
                 f"secedes?",
        rules=(RULES["spring"], RULES["vote"]), position=VOTE, viewer=_VOTE.current_player,
        chapter=EXAMPLE_CHAPTER, probability=_referendum_odds, explain=_referendum_explain),
]


LADDER_EXERCISES = [
    Predict(
        key="boom-points", game=GAME, title="A tourism boom",
        question=f"Another game: you are {seat_name(_BOOM.current_player)} and enact the {_BOOM.chosen[1]} of "
                 f"fall, a tourism boom; of the provinces worth {_BOOM.chosen[1]}, only {_boomed(_BOOM)[0]} "
                 f"holds coins. How many points does the boom give you?",
        rules=(RULES["fall"], RULES["ladder"]), position=BOOM, viewer=_BOOM.current_player,
        chapter=LADDER_CHAPTER, action=lambda s: Enact.of(True), outcome=_boom_outcome,
        choices=lambda s: _ladder_choices(s.chosen[1]), words=_pts, explain=_events(_BOOM.current_player, "fall")),
]


# -- the special scoring round (the example game carried on) ------------------------------------------------------

BETTY_LAST_FUND = _prefix(SCORING, _at("fund", 1, lambda s: s.round == 3 and s.turn == len(s.order) - 1))
BETTY_PORK = _prefix(SCORING, _at("pork_place", 1))
AMY_RETRIEVES = _prefix(SCORING, _at("retrieve", 0))


def _last_retrieve(round_: int):
    """A test for :func:`seeded`: the last player to take coins back after round ``round_``'s scoring."""
    return lambda s: s.phase == "retrieve" and s.round == round_ and len(s.queue) == 1


#: seed 0 (random players): the last player to take coins back after round 6's scoring, and after round 9's
AFTER_SIX = seeded(GAME, 0, _last_retrieve(6))
AFTER_NINE = seeded(GAME, 0, _last_retrieve(9))
_AFTER_SIX, _AFTER_NINE = AFTER_SIX.replay(), AFTER_NINE.replay()


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


def _scores_words(s) -> str:
    return ", ".join(f"{seat_name(q)} {counted(x, 'point')}" for q, x in enumerate(s.scores))


def _coins_words(coins) -> str:
    names = [piece(*c) for c in coins]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def _slush_maximum(s) -> int:
    return len(s.slush)


SCORING_EXERCISES = [
    Predict(
        key="slush-points", game=GAME, title="Scoring the slush fund",
        question="You are Betty (Player 2, suns), the last to play in round 3. The slush fund in Hudson Bay "
                 f"holds {_coins_words(BETTY_LAST_FUND.replay().slush)} (the board shows only its top coin). "
                 "You stop funding, so the special scoring round begins with the slush fund. How many points "
                 "does it give you?",
        rules=(RULES["slush"], RULES["ladder"]), position=BETTY_LAST_FUND, viewer=1, chapter=SCORING_CHAPTER,
        action=lambda s: Stop.of(), outcome=_points(SLUSH_UNIT, 1),
        choices=lambda s: _ladder_choices(_slush_maximum(s)), words=_pts, explain=_events(1, "slush")),
    PickLegal(
        key="pork-places", game=GAME, title="Pork",
        question="Your die for pork shows 5 (you are Betty, Player 2). Click every province where your slush "
                 "fund coins may go.",
        rules=(RULES["pork"], RULES["queen_safe"]), position=BETTY_PORK, viewer=1, chapter=SCORING_CHAPTER,
        scope=lambda a: type(a) is Province),
    Predict(
        key="nunavut-points", game=GAME, title="Scoring a province",
        question="Betty puts her pork in British Columbia, and every province scores. How many points does "
                 "Dale (Player 4, winter) score in Nunavut?",
        rules=(RULES["provinces"], RULES["ladder"]), position=BETTY_PORK, viewer=1, chapter=SCORING_CHAPTER,
        action=lambda s: Province.of("British Columbia"), outcome=_points("Nunavut", 3),
        choices=lambda s: _ladder_choices(s.tiles["Nunavut"][1]), words=_pts,
        explain=_events(1, "provinces", about="Nunavut")),
    PickLegal(
        key="retrieve-coins", game=GAME, title="Taking coins back",
        question="The provinces have scored; Amy (Player 1, fall) retrieves first. Click every coin she may "
                 "take off the map now.",
        rules=(RULES["retrieve"], RULES["queen_safe"]), position=AMY_RETRIEVES, viewer=0,
        chapter=SCORING_CHAPTER, scope=lambda a: type(a) is BoardCoin),
    Predict(
        key="after-round-six", game=GAME, title="After round 6",
        question=f"Another game, the full game of {_AFTER_SIX.options.rounds} rounds: round 6's special scoring "
                 f"round is over, and you, {seat_name(_AFTER_SIX.current_player)}, the last to take coins back, "
                 f"stop. The scores: {_scores_words(_AFTER_SIX)}. What happens now?",
        rules=(RULES["round"], RULES["scoring_round"]), position=AFTER_SIX, viewer=_AFTER_SIX.current_player,
        chapter=SCORING_CHAPTER, action=lambda s: Stop.of(), outcome=_what_next, choices=_what_next_choices,
        explain=_what_next_explain),
    Predict(
        key="game-end", game=GAME, title="The end of the game",
        question=f"The same game, after round 9's special scoring round: you, {seat_name(_AFTER_NINE.current_player)}, "
                 f"the last to take coins back, stop. The scores: {_scores_words(_AFTER_NINE)}. What happens now?",
        rules=(RULES["end"], RULES["round"]), position=AFTER_NINE, viewer=_AFTER_NINE.current_player,
        chapter=SCORING_CHAPTER, action=lambda s: Stop.of(), outcome=_what_next, choices=_what_next_choices,
        explain=_what_next_explain),
]


EXERCISES = PREPARATION_EXERCISES + EXAMPLE_EXERCISES + AGENDA_EXERCISES + LADDER_EXERCISES + SCORING_EXERCISES
