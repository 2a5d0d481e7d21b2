"""Take Off, Eh!'s exercises (issue 33): positions from the rulebook's example game, from the same
game carried on to its first special scoring round, and from seeded games; every answer is the
engine's (:mod:`explorer.engine.exercises`).

They follow the notebook's Learn chapters and, together, cite every part of the rulebook's play:
Preparation 5-7, the Agenda, Bribery, Completion 1-3 (with six of the eight agenda items) and the
three parts of the Special Scoring Rounds.

Coin values are hidden (:mod:`.perspective`), so each exercise is posed to one seat, usually the seat
whose decision it is, and asks only what that seat can work out from its own observation: the suits
of every coin, the bribes and the slush fund (face up), the tiles, its own coins' values.  Where a
coin of unknown value takes part, the answer does not depend on it (a lone suit doubles whatever
its value).  Actions are picked from the position (never a hidden coin named by hand), so the same
question stands in every history the seat cannot tell from the real one.
"""
from __future__ import annotations

from explorer.engine import GameRecord
from explorer.engine.exercises import HowLikely, PickLegal, Predict, seeded
from explorer.engine.words import counted, seat_name, seat_names

from .actions import (BoardCoin, ChooseSuit, Enact, Fund, HandCoin, Pawn, Province, Stop, TileDraw, piece,
                      value_name)
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
    """Where she goes, and the pawns' provinces (a guess that forgets she keeps away from them)."""
    start = s.apply(_QUEEN_TILE(s)).queen
    return tuple(("province", p) for p in sorted({start, *s.pawns}))


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
    _, events = _play_draws(after)
    told = [e.text_for(2) for e in events if e.rule in (RULES["welfare"], RULES["draw"])]
    return "; ".join(t for t in told if t) or "no coin is drawn", RULES["welfare"]


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
        words=lambda key: key[1], explain=_events(0, "queen"), place=True),
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
        key="cindy-draws", game=GAME, title="Cindy's draw",
        question="You are Cindy (Player 3). Dale ends his turn by putting his crowns coin in the Northwest "
                 "Territories; your completion turn is next, and your bribe was the 4 of summer. How many "
                 "coins do you draw before choosing an agenda tile?",
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
_TOUR, _VOTE, _BOOM, _STRIKE, _BEER = (r.replay() for r in (TOUR, VOTE, BOOM, STRIKE, BEER))


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
]


EXERCISES = EXAMPLE_EXERCISES + AGENDA_EXERCISES + LADDER_EXERCISES + SCORING_EXERCISES
