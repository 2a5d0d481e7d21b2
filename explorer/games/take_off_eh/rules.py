"""Take Off, Eh! as a state machine: the options, the state, and the table of steps.

Sections are cited with the rulebook's own names (see :mod:`.sections`): "Preparation 2" to
"Preparation 7", "Play", "Agenda", "Bribery", "Completion 1, Draw", "Completion 2, Enact" with
its eight agenda items ("Completion 2, Suns: Political Scandal" to "Completion 2, Winter: Hockey
Game"), "Completion 3, Fund" and "Special Scoring Rounds" with its parts "1. Slush Fund", "2. Pork"
and "3. Provinces and Territories".

How a game flows through chance nodes and decisions (``state.phase``):

``map`` (chance: a tile per province) -> ``platform`` (each player picks a suit) -> the starting
coins (``draw_suit`` -> ``draw_value``, chance) -> per player ``home_tile`` (chance) -> ``home`` ->
``home_coin`` -> ``queen_tile`` (chance) -> ``queen`` (only on a tie) -> per round: ``agenda``
(chance: tiles turned up) -> ``bribe`` per player clockwise -> per completion turn, highest bribe
first: welfare and draw (``draw_suit`` -> ``draw_value``) -> ``choose`` (an agenda tile) -> ``order``
(enact or fund first) -> ``enact`` (or prevent) with the item's own steps (``scandal``, ``beer``,
``strike``, ``tour``, ``referendum`` -> ``vote`` (secret dice) -> ``relocate``, ``fish``, ``hockey``
...: :mod:`.enact`) and ``fund`` -> the next turn; after every third round a special scoring round:
``pork`` (secret dice) -> ``pork_place`` -> ``retrieve`` -> the next round ... -> ``over``.

Where each part lives: :mod:`.preparation` (Preparation 2-7), :mod:`.canada` (Preparation 3's map:
the provinces, territories and Hudson Bay, and which touch), :mod:`.coins` (drawing from the tax
revenues: Preparation 5, Bribery's search for a new value, Completion 1, Draw), :mod:`.rounds`
(Play, Agenda, Bribery, Completion's choice and order, Completion 3, Fund, the end of a turn and of
a round), :mod:`.enact` (Completion 2, the eight agenda items), :mod:`.scoring` (the scoring
ladder of one unit), :mod:`.scoring_rounds` (Completion 2, Fall's tourism boom scoring, the Special
Scoring Rounds and the end of the game), :mod:`.table` (where every piece lies and how it moves),
:mod:`.perspective` and :mod:`.hidden` (what each seat may see), :mod:`.odds` (exact odds of a
referendum and of the next agenda).  This module joins them: ``_HANDLERS`` (phase -> the function
applying a choice there), ``LEGAL`` (phase -> the choices) and the refusals (a choice not offered
is refused by the rule of its step).  The package docstring lists the Interpretations.

Seats are numbered clockwise; seat 0 paid for the beer and doughnuts, so it chooses its suit first
and goes first in round 1 (Preparation 5).  A step whose only possible choice is forced is taken at
once, and its event says so, except where how many choices there are depends on something other
seats cannot see (a bribe) and the secret dice.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from explorer.engine import CHANCE, TERMINAL, IllegalMove, OptionsError
from explorer.engine.machine import PhasedState
from explorer.engine.options import check_option_types, option
from explorer.engine.playout import draw_below
from explorer.engine.secret import SecretChoices
from explorer.engine.words import action_words, counted, seat_name, with_article

from .actions import BoardCoin, ChooseSuit, CoinDraw, Die, HandCoin, Pawn, Province, TileDraw, a_coin, value_name
from .canada import MapError
from .sections import GAME, RULES
from .scoring import BONUS_TO, LONE, TIE_DROP
from .table import ALL_COINS, ALL_TILES, PROVINCES, VALUES, geo, tax_values
from . import coins, enact, perspective, preparation, rounds, scoring_rounds

QUEEN_FAR_FROM = ("nearest pawn", "all pawns")
BOOM_QUEEN = ("not scored", "scored")
UNPAID_AFTER = ("lowest payer", "last to pay")


@dataclass(frozen=True)
class TakeOffEhOptions:
    """Rule options; the defaults are the rulebook's (see the package's Interpretations)."""

    players: int = option(4, "{} players")  # 2-6 (cover)
    rounds: int = option(9, "{} rounds")  # nine, or six for a shorter game (Play); a multiple of 3
    # most map tiles of one suit (Preparation 3)
    max_per_suit: int = option(3, "at most {} map tiles of a suit")
    # face-down coins welfare tops a play area up to (Completion 1)
    welfare: int = option(2, "welfare tops a play area up to {} coins")
    # coins drawn: this minus the bribe's value (Completion 1)
    draw_base: int = option(3, "draw {} coins less the bribe")
    # face-up agenda tiles: players plus this (Agenda)
    agenda_extra: int = option(1, "face-up agenda tiles: players + {}")
    # who gets the Queen's and home bonuses: "first ranked" | "top scorer"
    bonus_to: str = option("first ranked", "bonus to the {}")
    # how far a tie pushes those below: "one place" | "group size"
    tie_drop: str = option("one place", {"one place": "a tie pushes those below down one place",
                                         "group size": "a tie pushes those below down by its size"})
    # the double score: coins of "one suit" | "one player"
    lone: str = option("one suit", "double score for coins of {}")
    # the Queen's first stop: far from the "nearest pawn" | "all pawns" (sum)
    queen_far_from: str = option("nearest pawn", {"nearest pawn": "the Queen starts far from the nearest pawn",
                                                "all pawns": "the Queen starts far from all pawns together"})
    # a tourism boom and the Queen's province: "not scored" | "scored"
    boom_queen: str = option("not scored", "in a tourism boom the Queen's province is {}")
    # players paying no bribe follow the "lowest payer" | the "last to pay"
    unpaid_after: str = option("lowest payer", "players paying no bribe follow the {}")
    # the map's layout itself (canada.layout_text(path)); "" = the reconstructed map
    layout: str = option("", "the map from {}", none="the reconstructed map")

    def __post_init__(self):
        check_option_types(self)
        if not 2 <= self.players <= 6:
            raise OptionsError(f"players must be 2-6 (the rulebook's range), got {self.players}")
        if not (3 <= self.rounds <= 30 and self.rounds % 3 == 0):
            raise OptionsError(f"rounds must be a multiple of 3 from 3 to 30 (a special scoring round follows "
                               f"every third round), got {self.rounds}")
        if not 2 <= self.max_per_suit <= 6:
            raise OptionsError(f"max_per_suit must be 2-6 (13 map tiles from 8 suits need at least 2), "
                               f"got {self.max_per_suit}")
        if not 0 <= self.welfare <= 6:
            raise OptionsError(f"welfare must be 0-6, got {self.welfare}")
        if not 0 <= self.draw_base <= 6:
            raise OptionsError(f"draw_base must be 0-6, got {self.draw_base}")
        if not 1 <= self.agenda_extra <= 3:
            raise OptionsError(f"agenda_extra must be 1-3 (each player takes one tile a round), "
                               f"got {self.agenda_extra}")
        for name, allowed in (("bonus_to", BONUS_TO), ("tie_drop", TIE_DROP), ("lone", LONE),
                              ("queen_far_from", QUEEN_FAR_FROM), ("boom_queen", BOOM_QUEEN),
                              ("unpaid_after", UNPAID_AFTER)):
            if getattr(self, name) not in allowed:
                raise OptionsError(f"{name} must be one of {', '.join(map(repr, allowed))}, "
                                   f"got {getattr(self, name)!r}")
        try:
            geo(self.layout)
        except MapError as e:
            raise OptionsError(f"layout: {e}") from None


#: phase -> what the player to move decides there
PROMPTS = {
    "platform": "choose the suit you will play",
    "draw_suit": "choose the suit of the coin to draw from the tax revenues",
    "home": "choose your home province: one matching the drawn tile",
    "home_coin": "choose the coin to put face down in your home province",
    "queen": "choose where the Queen starts among the equally distant provinces",
    "bribe": "pay a bribe: a coin of a value nobody has paid this round",
    "choose": "choose an agenda tile to enact or prevent",
    "order": "choose whether to enact or to fund first",
    "enact": "enact the agenda item, or prevent it",
    "fund": "fund a province touching the Queen's, or the slush fund; or stop",
    "scandal": "choose a pawn to move, or stop",
    "scandal_to": "choose where the pawn moves",
    "beer": "choose an opponent to return a coin, or stop",
    "beer_coin": "choose one of your coins to return to the tax revenues",
    "strike": "choose the province where the strike happens",
    "tour": "choose where the Queen's tour ends",
    "referendum": "choose the province that votes",
    "vote": "set your die in secret",
    "relocate": "choose your pawn's new home province",
    "fish": "choose a coin to move, or stop",
    "fish_to": "choose the touching province the coin moves to",
    "hockey": "draw another agenda tile, or stop",
    "hockey_discard": "choose an agenda tile to discard",
    "pork": "set your die in secret: your slush fund coins go to a province of that value",
    "pork_place": "choose the province for your pork",
    "retrieve": "take back a coin of yours, return a neutral coin, or stop",
}
#: the rule a refused choice cites, per phase
PHASE_RULE = {
    "platform": "platform", "draw_suit": "draw", "home": "home", "home_coin": "home", "queen": "queen",
    "bribe": "bribe", "choose": "choose", "order": "order", "enact": "enact", "fund": "fund",
    "scandal": "suns", "scandal_to": "suns", "beer": "moons", "beer_coin": "moons", "strike": "arms",
    "tour": "crowns", "referendum": "spring", "vote": "vote", "relocate": "spring", "fish": "summer",
    "fish_to": "summer", "hockey": "winter", "hockey_discard": "winter", "pork": "pork", "pork_place": "pork",
    "retrieve": "retrieve",
}
#: phase -> the key in RULES of the rule the step follows (the prompt cites its section): a decision's
#: is the one its refusal cites, a coin drawn the rule of what it is drawn for, a tile turned up the
#: setup or agenda rule it serves
STEP_RULES = {**PHASE_RULE, "draw_suit": lambda s: coins.RULE[s.draw_for],
              "draw_value": lambda s: coins.RULE[s.draw_for], "map": "map", "home_tile": "home",
              "queen_tile": "queen", "agenda": "agenda", "strike_tile": "arms", "hockey_tile": "winter"}
TILE_CHANCE = frozenset(preparation.TILE_CHANCE + rounds.TILE_CHANCE + enact.TILE_CHANCE)
SECRET = frozenset({"vote", "pork"})
#: decisions taken at once when they have a single choice (never a bribe: how many coins of a new
#: value a player holds is theirs to know; never the secret dice)
NO_AUTO = frozenset({"bribe"}) | SECRET


class TakeOffEhState(SecretChoices, PhasedState):
    game = GAME
    RULES = RULES
    PROMPTS = PROMPTS
    STEP_RULES = STEP_RULES
    SECRET_PHASES = SECRET
    SECRET_RULES = {"vote": ("vote", "reveal"), "pork": ("pork", "pork")}
    KEY_EXCLUDES = ("_events", "geo")

    def __init__(self, options: TakeOffEhOptions | None = None):
        self.options = o = options or TakeOffEhOptions()
        n = o.players
        self.geo = geo(o.layout)
        self.phase_, self.player, self.winner, self.end_reason = "map", CHANCE, None, None
        self.round, self.first = 0, 0
        self.tiles, self.seceded, self.map_todo = {}, frozenset(), PROVINCES
        self.stack, self.discard, self.agenda, self.chosen, self.drawn = ALL_TILES, (), (), None, ()
        self.tax, self.known = frozenset(ALL_COINS), {}
        self.hands, self.bribes, self.aside = ((),) * n, (None,) * n, ((),) * n
        self.on, self.slush = {p: () for p in PROVINCES}, ()
        self.suits, self.pawns, self.queen, self.scores = (None,) * n, (None,) * n, None, (0,) * n
        self.queue, self.order, self.turn, self.parts = (), (), 0, ()
        self.drawer = self.draw_for = self.draw_suit = self.draw_fixed = None
        self.draw_left = self.fund_left = self.left = self.drawn_count = 0
        self.picked, self.moved = None, frozenset()
        self.slush_leader, self.pork_dice, self.taken, self.last_scoring = None, None, (0, 0), ()
        self.queen_steps = 0
        self.earned = ((0,) * n,) * len(scoring_rounds.SOURCES)
        self.commits, self.committing = (None,) * n, ()
        self.events = ()

    # -- the contract ------------------------------------------------------------------------------------
    def _compute_legal(self):
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase_ in SECRET:
            return [Die.of(v) for v in VALUES]
        return LEGAL[self.phase_](self)

    def chance_outcomes(self):
        if self.player != CHANCE:
            return []
        if self.phase_ == "draw_value":
            return coins.outcomes(self)
        p = Fraction(1, len(self.stack))
        return [(TileDraw.of(*t), p) for t in self.stack]

    def sample_chance(self, rng: random.Random):
        if self.phase_ == "draw_value":
            suit = self.draw_suit
            values = [v for v in VALUES if (suit, v) in self.tax]
            return CoinDraw.of(values[draw_below(rng, len(values))])        # rng.choice(values)
        stack = self.stack
        return TileDraw.of(*stack[draw_below(rng, len(stack))])

    def _check_chance(self, a) -> None:
        if self.phase_ == "draw_value":
            suit = self.draw_suit
            if type(a) is CoinDraw and (suit, a.value) in self.tax:
                return
            left = ", ".join(value_name(v) for v in tax_values(self, suit))
            named = action_words(self, a)
            what = (f"{named}: that is not expected here: the suit is already chosen and chance gives the value "
                    f"of {a_coin(suit)} drawn from the tax revenues" if type(a) is not CoinDraw
                    else f"{named}: no {value_name(a.value)} of {suit} is left in the tax revenues")
            raise IllegalMove(f"{what} (the {suit} coins there: {left})", RULES[coins.RULE[self.draw_for]])
        if type(a) is not TileDraw:
            raise IllegalMove(f"{action_words(self, a)}: that is not expected here: chance turns up a tile from the "
                              "face-down draw stacks", RULES["stacks"])
        if (a.suit, a.value) not in self.stack:
            raise IllegalMove(f"{action_words(self, a)}: that is not a tile in the face-down draw stacks",
                              RULES["stacks"])

    def _why_illegal(self, a):
        if a in self.legal_actions():
            return None
        rule = RULES[PHASE_RULE.get(self.phase_, "phase")]
        said = _named_reason(self, a)
        if said is not None:
            return said[0], RULES[said[1]] if said[1] else rule
        return f"{a} is not a choice now: {self.prompt()}", rule

    def _terminal_rule(self):
        return RULES["end"]

    def describe_action(self, action, viewer=None) -> str:
        return perspective.describe_action(self, action, viewer)

    def observation(self, player):
        return perspective.observation(self, player)

    def has_won(self, seat: int) -> bool:
        return self.player == TERMINAL and self.scores[seat] == max(self.scores) \
            and self.scores.count(self.scores[seat]) == 1


#: the decisions that name a province (or a coin on one) the Queen's presence or a secession rules out
_PLACE_PHASES = frozenset({"scandal_to", "strike", "referendum", "relocate", "fish", "fish_to", "pork_place",
                           "beer_coin", "retrieve", "fund"})


def _named_reason(s, a) -> tuple[str, str | None] | None:
    """Why an illegal action is refused, in the rule's own terms where one names it: a suit taken or the
    Queen's (Preparation 5), a home province matching nothing (6), a coin not held or a value already paid
    (Bribery), the Queen's province (Agenda), a seceded tile (Spring), a province not touching the coin's
    (Summer) or the Queen's (Fund), a tile of the wrong value (Arms, Spring, Pork); ``(text, RULES key, or
    None for the step's rule)``, or None: the prompt's words."""
    ph = s.phase_
    if ph == "platform" and type(a) is ChooseSuit:
        if a.suit == "crowns":
            return "crowns is the Queen's suit: no player may choose it", None
        if a.suit in s.suits:
            return f"{a.suit} is already {seat_name(s.suits.index(a.suit))}'s suit", None
        return None
    if ph in ("bribe", "home_coin") and type(a) is HandCoin and (a.suit, a.value) not in s.hands[s.player]:
        return f"{a} is not in your play area", None
    if ph == "bribe" and type(a) is HandCoin:
        payer = next((q for q in range(s.players) if s.bribes[q] is not None and s.bribes[q][1] == a.value), None)
        if payer is not None:
            return f"{seat_name(payer)} has already paid {with_article(value_name(a.value))} this round", None
    if ph == "scandal" and type(a) is Pawn and 0 <= a.seat < len(s.pawns) and s.pawns[a.seat] == s.queen:
        return (f"{seat_name(a.seat)}'s pawn stands in {s.queen}, where the Queen is touring: no agenda item but "
                f"her own tour changes that province", "queen_safe")
    if ph == "home" and type(a) is Province and a.name in PROVINCES and s.drawn:
        tile = s.drawn[-1]
        if a.name not in s.seceded and s.tiles[a.name][0] != tile[0] and s.tiles[a.name][1] != tile[1]:
            return f"{a.name} shares neither the suit nor the value of the drawn tile", None
    if ph not in _PLACE_PHASES:
        return None
    where = getattr(a, "name", None) or getattr(a, "province", None) or getattr(a, "where", None)
    if where is None or where not in PROVINCES:
        return None
    if where == s.queen:
        return (f"the Queen is touring {where}: no agenda item or scoring step but her own tour changes that "
                f"province", "queen_safe")
    if where in s.seceded:
        return f"{where} has seceded: its tile lies face down and nothing may be put or end there", "spring"
    if ph == "fish_to" and s.picked and where not in s.geo.neighbours[s.picked[0]]:
        return f"{where} does not touch {s.picked[0]}, where the coin lies", None
    want = (s.chosen[1] if ph in ("strike", "referendum") and s.chosen else
            s.pork_dice[s.player] if ph == "pork_place" and s.pork_dice else None)
    if want is not None and s.tiles[where][1] != want:
        of = (f"the agenda tile is {with_article(value_name(want))}" if ph != "pork_place"
              else f"your die shows {with_article(value_name(want))}")
        return f"{where} is {with_article(value_name(s.tiles[where][1]))} tile; {of}", None
    if ph == "fund" and where not in s.geo.neighbours[s.queen]:
        return f"{where} does not touch {s.queen}, where the Queen is touring", None
    if type(a) is BoardCoin and not 0 <= a.index < len(s.on[where]):
        return f"{where} holds {counted(len(s.on[where]), 'coin')}: there is no coin #{a.index + 1}", None
    if ph in ("beer_coin", "retrieve") and type(a) is BoardCoin:
        suit = s.on[where][a.index][0]
        if suit in s.suits and suit != s.suits[s.player]:
            whose = seat_name(s.suits.index(suit))
            allowed = ("you give back only coins of your own" if ph == "beer_coin"
                       else "you may take back only your own coins and return neutral ones")
            return f"that {suit} coin in {where} is {whose}'s: {allowed}", None
        if ph == "retrieve":
            own, other = s.taken
            if suit == s.suits[s.player] and own >= 2:
                return "you have already taken back two of your own coins", None
            if suit not in s.suits and other >= 2:
                return "you have already returned two neutral coins", None
        if ph == "beer_coin" and suit not in s.suits:
            return f"that {suit} coin in {where} is neutral: you give back only coins of your own", None
    return None


def _settle(s) -> None:
    """Take every forced step at once (one choice only), saying so in an event."""
    while s.player >= 0 and s.phase_ not in NO_AUTO:
        legal = LEGAL[s.phase_](s)
        if len(legal) != 1:
            s._legal = legal          # the choices of the state the handler leaves: asked next anyway
            return
        a = legal[0]
        p = s.player
        s._event(PHASE_RULE[s.phase_], perspective.describe_action(s, a, p) + " (the only choice)",
                 seen_by=(p,), public=perspective.describe_action(s, a, perspective.OUTSIDER) + " (the only choice)")
        _HANDLERS[s.phase_](s, a)


def _settled(handler):
    def run(s, a):
        handler(s, a)
        _settle(s)
    run.__name__ = handler.__name__
    return run


_HANDLERS = {**preparation.HANDLERS, **coins.HANDLERS, **rounds.HANDLERS, **enact.HANDLERS,
             **scoring_rounds.HANDLERS}
LEGAL = {**preparation.LEGAL, **coins.LEGAL, **rounds.LEGAL, **enact.LEGAL, **scoring_rounds.LEGAL}
TakeOffEhState.HANDLERS = {phase: _settled(h) for phase, h in _HANDLERS.items()}


def check_invariants(s: TakeOffEhState) -> None:
    """Every tile and every coin is in exactly one place; pawns and the Queen stand on face-up
    provinces; scores never fall; the agenda never holds more tiles than a hockey game allows."""
    tiles = list(s.stack) + list(s.discard) + list(s.agenda) + list(s.tiles.values()) + list(s.drawn)
    if s.chosen is not None:
        tiles.append(s.chosen)
    assert sorted(tiles) == sorted(ALL_TILES), "tiles lost or duplicated"
    held = list(s.tax) + [c for h in s.hands for c in h] + [b for b in s.bribes if b is not None] \
        + [c for row in s.on.values() for c in row] + list(s.slush) + [c for a in s.aside for c in a]
    assert sorted(held) == sorted(ALL_COINS), "coins lost or duplicated"
    assert not set(s.known) & s.tax, "a coin in the tax revenues is still marked as known"
    for p in s.seceded:
        assert not s.on[p], f"coins on seceded {p}"
    if s.round > 0:        # during a strike the struck province waits for its new tile
        assert len(s.tiles) == 13 - (s.phase_ == "strike_tile")
        assert s.queen in PROVINCES and s.queen not in s.seceded
        for q, p in enumerate(s.pawns):
            waiting = s.phase_ == "relocate" and q in s.queue      # to leave a province that just seceded
            assert p in PROVINCES and (p not in s.seceded or waiting), f"{seat_name(q)}'s pawn on {p}"
    assert len(s.agenda) <= s.players + s.options.agenda_extra + 5
    assert 0 <= s.round <= s.options.rounds
    assert all(x >= 0 for x in s.scores)
    assert tuple(map(sum, zip(*s.earned, strict=True))) == s.scores, "points by source do not add up to the scores"
