"""Decay (Robert Mundschau & Matt Heistad, 2003): every rule of the rulebook, as a State machine.

Sections are cited with the rulebook's own headings: "Setup 1-3", "Board Creation
1.a-c" and "Board Creation 2", "Normal Play", "Normal Play Step 1" with its parts
"Step 1 Dice Markers", "Step 1 Tolls" and "Step 1 Death", "Step 2" (its list a-f),
"Resolving a Split Game board", "Resolving Attacks", "Step 3 - Slide Tiles", "End of
turn" and "End of Game".

Sides and seats.  A *side* is one suit with its own six tiles, six coins, die and
pawn.  With 3 or 4 players seat ``i`` plays the side ``STANDARD.suits[i]`` (Suns,
Moons, Crowns, Arms).  In the two-player variant (Setup 1 note) seat 0 plays Suns and
Crowns, seat 1 Moons and Arms; each suit is a side of its own that takes its own turns.

How a game flows through decisions and chance nodes (``state.phase``):

``rolloff`` (chance, Setup 2; again among the tied) -> Board Creation, one tile at a
time: ``choose_tile`` -> ``place_tile`` -> Board Creation 2 puts the pawns on the aces
-> per turn: Step 1 ``move`` (-> ``pay_move`` -> ``toll``) repeated, then Step 2
``pick_up`` -> ``pay_pick_up`` -> ``put_down`` (-> ``take_coin`` per won attack), then
Step 3 ``slide`` -> ``slide_to`` -> ``pay_slide`` repeated, and the end of the turn ->
``over``.  A step with a single possible choice is taken automatically (the first
tile's spot, a side's last tile, the only way to pay, "stop" when the pawn cannot go
on, "move no tile" when no tile can be moved, ...).

Interpretations (readings of passages the rulebook leaves open)
----------------------------------------------------------------
- Which tiles may be picked up (Step 2; the YES/NO figure is lost): a tile touched on
  no more than two sides, and when on two, on two sides that meet at a corner.  A tile
  touched on three or four sides, or on two opposite sides, stays put.  The option
  ``opposite_sides_movable`` lets a tile touched on two opposite sides move too.
- A pawn standing on a tile that is picked up rides along with it
  (``pawn_rides_moved_tile``; when off, tiles holding a pawn cannot be picked up).
  Lifting costs the tile's entry price only: no toll for a pawn standing on it.
- Paying by value (Step 1): the coins may be of any suits, so with a coin of the
  tile's suit in hand, a value payment that includes such a coin is legal but spends
  a superset of the single coin and is never better.  We do not offer those dominated
  payments (``offer_dominated_payments`` brings them back).  So the rulebook's example
  reads exactly: 4 Moons + 2 Crowns enter Moons-5 with one Moon, Crowns-5 with one
  Crown, Arms-5 or Suns-5 with 3 Moons + 2 Crowns or 4 Moons + 1 Crown.
- The start tile (Step 1): the pawn may never re-enter the tile it began the turn on,
  may pass over occupied tiles (paying each toll), may enter other tiles more than
  once, and must stop on an unoccupied tile.  Only steps after which such an ending is
  still affordable are offered, so a pawn never strands itself part-way and a toll is
  only ever paid on a move that completes (Step 1 Death note).
- Death (Step 1 Death) happens when, at the start of the step, no complete move is
  affordable; a side killed in a split (Resolving a Split Game board) dies the same
  way.  A side killed on its own turn does nothing more that turn.
- Attacks (Resolving Attacks) are made on every opposing tile the moved tile touches,
  and a won attack always takes a coin when the loser has one: neither can harm the
  attacker, so we do not ask.  The attacker only chooses the coin's suit.
- A coin won in an attack or received as a toll joins the hand unspent: the attacker
  may spend it in Step 3 of the same turn.
- A slide (Step 3 - Slide Tiles) follows only the sliding rules: it may end with a
  whole edge shared with another tile or touching two tiles that touch each other
  (Board Creation 1.b-c govern placing).  ``slide_may_share_whole_edge=False`` refuses
  slides that end edge to edge without an offset.
- Equal sections after a split: the section holding the mover's pawn stays.  If a
  move leaves more than two sections, only the largest stays; if none of the tied largest holds
  the mover's pawn, the moved tile's stays, else the alphabetically first tile's (our choice).
- The roll-off (Setup 2) only picks who starts; the others follow in seat order.
- Two-player variant: each player rolls one die and the winner's first suit (Suns or
  Moons) places the first tile.  Turns alternate between the two players, and each
  player's suits take turns among themselves (Suns, Moons, Crowns, Arms when Suns
  starts; a player down to one suit plays it every time their turn comes).  A
  player whose suits are both dead is out.  "Your own tiles" in an attack are the
  tiles of both suits the player controls; an ace belongs to the player, so either of
  their suits may move or slide it.  A toll is paid even when the pawn entered belongs
  to the player's other suit (the coin changes hands between the two sides).
- Hands are open: the rulebook hides nothing, attackers choose "any coin" from the
  loser's hand, and piecepack coins lie on the table, so every seat sees everything
  (``observation(p)`` equals the teacher's view).
- Ending (End of Game): the last player with a pawn on the board wins.  If one split
  kills every remaining pawn, the game ends with no winner ("all killed", our choice).  The
  rulebook's draw (two survivors circling harmlessly) needs an agreement we cannot
  detect, so simulations stop at ``round_cap`` instead (reason "cap").  A *round*
  ends when the next side to play has already played in it.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache, partial

from explorer.components.dice import rolloff_groups, rolls_text
from explorer.components.piecepack import ACE, NULL, RANKS, STANDARD, piece_name, rank_name
from explorer.engine.errors import OptionsError, RuleRef
from explorer.engine.machine import PhasedState, freeze
from explorer.engine.options import check_option_types
from explorer.engine.state import CHANCE, TERMINAL, Event, Result

from . import board as B
from . import prompts
from . import refusals
from .actions import (ChooseTile, EndTurn, Enter, NoTileMove, Pay, PickUp, Place, Roll, Slide,
                      SlideTo, StopMoving, TakeCoin, Toll)
from .reckoning import attack_totals, attackable, entry_payments

GAME = "decay"


_r = partial(RuleRef, GAME)     # _r(section, paraphrase)


RULES = {
    "sides": _r("Setup 1", "each player takes the tiles, coins, die and pawn of a suit; with two players each runs two suits"),
    "rolloff": _r("Setup 2", "everyone rolls their die (null 0, ace 1); the highest starts, ties roll again; play passes left"),
    "create": _r("Board Creation 1", "starting with the first player, each in turn places one of their own tiles, in any order they like"),
    "contact": _r("Board Creation 1.a", "a placed tile must touch a tile already on the table"),
    "apart": _r("Board Creation 1.b", "the tiles a placed tile touches must not touch one another"),
    "offset": _r("Board Creation 1.c", "a placed tile may not line up a whole edge with another; it is offset by a quarter or more"),
    "overlap": _r("Board Creation 1", "tiles lie flat beside each other, never on top of one another"),
    "pawns": _r("Board Creation 2", "pawns start on their own ace tiles; the player who placed the first tile moves first"),
    "steps": _r("Normal Play", "a turn is three steps in order: move the pawn, move at most one tile, slide tiles"),
    "move": _r("Normal Play Step 1", "the pawn must move to touching tiles, paying for each entry; each coin is spent at most once a turn"),
    "pay": _r("Normal Play Step 1", "entering costs one coin of the tile's suit, or as many coins as its value (ace 1, null free)"),
    "end_move": _r("Normal Play Step 1", "the pawn ends on an empty tile other than its start, and never steps back onto the start"),
    "dice_free": _r("Step 1 Dice Markers", "a tile holding any die costs nothing to enter, like a null tile"),
    "toll": _r("Step 1 Tolls", "entering a tile with another pawn costs one extra unspent coin, given to that pawn's owner"),
    "death": _r("Step 1 Death", "a pawn that cannot afford any complete move dies: pawn and die leave, its coins are out of the game"),
    "tile_move": _r("Step 2", "after moving the pawn, a player may pay to lift one tile and attach it elsewhere"),
    "lift": _r("Step 2.a", "a tile may be lifted only if its touched sides are at most two that meet at a corner"),
    "lift_die": _r("Step 2.a", "a tile holding a die cannot be lifted, whatever its colour"),
    "lift_ace": _r("Step 2.a", "only its owner may lift an ace tile"),
    "lift_pawn": _r("Step 2.a", "with pawns fixed (a rule option), a tile holding a pawn cannot be lifted"),
    "lift_cost": _r("Step 2.b", "lifting a tile costs what entering it would cost"),
    "put_down": _r("Step 2.d", "the lifted tile is put down elsewhere by the Board Creation rules"),
    "not_again": _r("Step 2.d", "it may not touch again the same side of a tile it touched before; another side is fine"),
    "die_marker": _r("Step 2", "the mover's die goes on the tile just moved"),
    "die_off": _r("Step 2", "a side that moves no tile this turn takes its die off the board at the end of Step 2"),
    "split": _r("Resolving a Split Game board", "when the board falls apart, the smaller section leaves play and pawns on it die; on equal sections the mover's stays"),
    "attack": _r("Resolving Attacks", "a moved tile of the mover's suit attacks each opposing tile it touches: the mover's touching tiles against the tile plus its same-suit neighbours"),
    "attack_immune": _r("Resolving Attacks", "null and ace tiles cannot be attacked; a null tile cannot attack"),
    "attack_win": _r("Resolving Attacks", "a higher attack wins one coin of the attacker's choice from the defender; a tie holds"),
    "slide": _r("Step 3 - Slide Tiles", "for one coin each, tiles touched on three sides slide toward their open side"),
    "slide_stop": _r("Step 3 - Slide Tiles", "a slide stops at the first new contact, keeps two of its old neighbours and never splits the board"),
    "slide_forbidden": _r("Step 3 - Slide Tiles", "tiles holding a pawn or a die never slide, nor another player's ace"),
    "slide_edge": _r("Step 3 - Slide Tiles", "with whole edges refused (a rule option), a slide may not end edge to edge without an offset"),
    "end_turn": _r("End of turn", "spent coins go back to the hand; the next player to the left plays"),
    "end": _r("End of Game", "the last player with a pawn on the board wins"),
    "all_killed": _r("End of Game", "when no pawn is left at all, nobody wins"),
    "cap": _r("round cap (rule option)", "the game stops without a winner after the round cap"),
    "phase": _r("Normal Play", "each thing happens in its step"),
}

SUITS = STANDARD.suits
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
TILE_SUIT = {piece_name(s, r): s for s in SUITS for r in RANKS}
TILE_RANK = {piece_name(s, r): r for s in SUITS for r in RANKS}
TILES_OF = {s: tuple(piece_name(s, r) for r in RANKS) for s in SUITS}
ZERO = (0, 0, 0, 0)
#: While the pawn moves it may stand for a moment on a tile with another pawn.
STEP1_PHASES = frozenset({"move", "pay_move", "toll"})

#: Values derived from a state and dropped whenever it changes (the board Layout, in
#: ``_lay``, is kept while the positions stay the same).
_CACHE_KEYS = ("_legal", "_legal_set", "_steps", "_pickups", "_slides", "_others")


@dataclass(frozen=True)
class DecayOptions:
    """Rule options; the defaults are the rulebook's values."""

    players: int = 4                        # Setup 1 (3-4 players; 2 = two suits each)
    coins: int = 6                          # Setup 1: a suit's coins in the piecepack
    slide_cost: int = 1                     # Step 3 - Slide Tiles
    opposite_sides_movable: bool = False    # Step 2.a reading (see Interpretations)
    pawn_rides_moved_tile: bool = True      # Step 2 reading (see Interpretations)
    slide_may_share_whole_edge: bool = True  # Step 3 reading (see Interpretations)
    offer_dominated_payments: bool = False  # Step 1 reading (see Interpretations)
    round_cap: int | None = None            # not in the rulebook: stop simulations after this many rounds

    def __post_init__(self):
        check_option_types(self)
        if not 2 <= self.players <= 4:
            raise OptionsError(f"players must be 2, 3 or 4 (2 plays two suits each), got {self.players}")
        if not 1 <= self.coins <= 6:
            raise OptionsError(f"coins must be 1-6 (a piecepack has six coins per suit), got {self.coins}")
        if not 1 <= self.slide_cost <= 6:
            raise OptionsError(f"slide_cost must be 1-6, got {self.slide_cost}")
        if self.round_cap is not None and self.round_cap < 1:
            raise OptionsError(f"round_cap must be at least 1 (or None for no cap), got {self.round_cap}")


def seat_sides(players: int) -> tuple[tuple[str, ...], ...]:
    """The suits each seat plays (Setup 1)."""
    if players == 2:
        return ((SUITS[0], SUITS[2]), (SUITS[1], SUITS[3]))
    return tuple((SUITS[i],) for i in range(players))


@lru_cache(maxsize=8)
def _seating(players: int):
    seats = seat_sides(players)
    seat_of = {s: q for q, sides in enumerate(seats) for s in sides}
    return seats, seat_of, tuple(s for sides in seats for s in sides)


# -- coins: a hand is a tuple of counts in suit order ------------------------------------------
def _hand_dict(h) -> dict[str, int]:
    return {SUITS[i]: n for i, n in enumerate(h) if n}


def _minus(h, suits) -> tuple:
    out = list(h)
    for s in suits:
        out[SUIT_INDEX[s]] -= 1
    return tuple(out)


def _plus(h, suit) -> tuple:
    out = list(h)
    out[SUIT_INDEX[suit]] += 1
    return tuple(out)


@lru_cache(maxsize=65536)
def _payments(tile: str, has_die: bool, hand: tuple, dominated: bool) -> tuple[tuple[str, ...], ...]:
    """Ways to pay to enter or lift ``tile`` from ``hand`` (Step 1, Step 2.b)."""
    pays = entry_payments(tile, _hand_dict(hand), has_die=has_die)
    if not dominated:
        suit = TILE_SUIT[tile]
        pays = [p for p in pays if len(p) <= 1 or suit not in p]
    return tuple(pays)


@lru_cache(maxsize=4096)
def _slide_payments(hand: tuple, cost: int) -> tuple[tuple[str, ...], ...]:
    have = [s for s in SUITS if hand[SUIT_INDEX[s]]]
    return tuple(c for c in itertools.combinations_with_replacement(have, cost)
                 if all(c.count(s) <= hand[SUIT_INDEX[s]] for s in set(c)))


def _set(d: dict, k, v) -> dict:
    out = dict(d)
    out[k] = v
    return out


def _drop(d: dict, k) -> dict:
    out = dict(d)
    out.pop(k, None)
    return out


class DecayState(PhasedState):
    """One moment of a game of Decay.  Immutable: :meth:`apply` returns a new state."""

    game = GAME
    PROMPTS = prompts.PROMPTS

    def __init__(self, options: DecayOptions | None = None):
        o = options or DecayOptions()
        sides = _seating(o.players)[2]
        self.options = o
        self.phase_ = "rolloff"
        self.player = CHANCE
        self.rolloff = tuple(range(o.players))       # seats still rolling
        self.last_roll = None                         # ((seat, face), ...)
        self.first = None                             # the side that placed the first tile
        self.side = None                              # the side whose turn it is
        self.last_side = (None,) * o.players          # per seat: the side that played last
        self.round = 0                                # rounds of Normal Play begun
        self.turns = 0
        self.played = ()                              # sides that played this round
        self.to_place = {s: TILES_OF[s] for s in sides}
        self.pos = {}                                 # tile -> (x, y) lower-left corner
        self.out = ()                                 # tiles out of play
        self.pawns = {}                               # side -> tile
        self.dice = {}                                # side -> tile (Step 2 marker)
        self.dead = ()
        self.hands = {s: tuple(o.coins if t == s else 0 for t in SUITS) for s in sides}
        self.unspent = None                           # the mover's unspent coins during a turn
        self.lost = ZERO                              # coins out of the game, by suit
        self.start = None                             # Step 1: the tile the pawn began on
        self.stepped = False
        self.pend = None                              # the decision in progress
        self.attacks = ()                             # won attacks still to collect
        self.moved_tile = None                        # the tile moved this turn (Step 2)
        self.winner = None
        self.end_reason = None
        self.events = ()

    # -- the contract ---------------------------------------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        """Every side in play, seat by seat."""
        return _seating(self.options.players)[2]

    def seat_of(self, side: str) -> int:
        return _seating(self.options.players)[1][side]

    def suits_of(self, seat: int) -> tuple[str, ...]:
        return _seating(self.options.players)[0][seat]

    def alive(self, side: str) -> bool:
        return side not in self.dead

    def layout(self) -> B.Layout:
        """The board indexed for fast geometry (kept while the positions do not change)."""
        lay = self.__dict__.get("_lay")
        if lay is None or lay.pos is not self.pos:
            lay = self._lay = B.Layout(self.pos)
        return lay

    def graph(self):
        """The board's adjacency as a networkx Graph (:func:`board.adjacency`), built
        once per board position."""
        memo = self.layout().memo
        if "graph" not in memo:
            memo["graph"] = B.adjacency(self.pos)
        return memo["graph"]

    # -- chance ---------------------------------------------------------------------------------------
    def _terminal_rule(self):
        return {"cap": RULES["cap"], "all killed": RULES["all_killed"]}.get(self.end_reason, RULES["end"])

    def chance_outcomes(self):
        return Roll.outcomes(len(self.rolloff)) if self.player == CHANCE else []

    def sample_chance(self, rng):
        if self.player != CHANCE:
            raise ValueError(f"not a chance node (phase {self.phase_})")
        return Roll.sample(rng, len(self.rolloff))

    def _check_chance(self, a):
        Roll.check(a, len(self.rolloff), RULES["rolloff"])

    # -- what is where ---------------------------------------------------------------------------------
    def others_at(self) -> dict[str, str]:
        """``{tile: side}`` for the pawns of every side but the one to move (during
        Step 1 the mover's pawn may stand on one of those tiles for a moment)."""
        pa = self.__dict__.get("_others")
        if pa is None:
            pa = self._others = {t: s for s, t in self.pawns.items() if s != self.side}
        return pa

    def pawn_tiles(self) -> set[str]:
        return set(self.pawns.values())

    def hand(self, side: str) -> dict[str, int]:
        """A side's coins as ``{suit: count}``."""
        return _hand_dict(self.hands[side])

    def spent(self) -> dict[str, int]:
        """Coins the side to move has set aside this turn."""
        if self.unspent is None:
            return {}
        return _hand_dict(tuple(a - b for a, b in zip(self.hands[self.side], self.unspent)))

    def _mine(self) -> tuple[str, ...]:
        return self.suits_of(self.seat_of(self.side))

    # -- Step 1 -------------------------------------------------------------------------------------------
    def _pays(self, tile: str, hand: tuple) -> tuple:
        return _payments(tile, tile in self._die_tiles(), hand, self.options.offer_dominated_payments)

    def _die_tiles(self):
        return set(self.dice.values()) if self.dice else ()

    def step_options(self) -> dict[str, dict[tuple, tuple]]:
        """Step 1 from where the pawn stands with the unspent coins: ``{tile: {payment:
        tolls}}`` for every entry after which a legal end of the move stays affordable
        (``tolls`` is ``(None,)`` for an empty tile, else the suits that may pay it)."""
        st = self.__dict__.get("_steps")
        if st is None:
            st = self._steps = self._viable(self.pawns[self.side], self.unspent, {})
        return st

    def _viable(self, here: str, hand: tuple, memo: dict) -> dict:
        lay = self.layout()
        occupied = self.others_at()
        out = {}
        for t in lay.nbrs[here]:
            if t == self.start:
                continue
            who = occupied.get(t)
            options = {}
            for pay in self._pays(t, hand):
                h1 = _minus(hand, pay)
                if who is None:
                    options[pay] = (None,)
                    continue
                tolls = []
                for i, n in enumerate(h1):
                    if n:
                        h2 = h1[:i] + (n - 1,) + h1[i + 1:]
                        k = (t, h2)
                        if k not in memo:
                            memo[k] = bool(self._viable(t, h2, memo))
                        if memo[k]:
                            tolls.append(SUITS[i])
                if tolls:
                    options[pay] = tuple(tolls)
            if options:
                out[t] = options
        return out

    def may_stop(self) -> bool:
        """Step 1: the pawn has moved and stands on an empty tile other than its start."""
        t = self.pawns[self.side]
        return self.stepped and t != self.start and t not in self.others_at()

    # -- Step 2 -------------------------------------------------------------------------------------------
    def pick_up_options(self) -> dict[str, tuple]:
        """Step 2.a-b: ``{tile: payments}`` for every tile the side to move may lift now,
        pay for, and put down somewhere legal."""
        pk = self.__dict__.get("_pickups")
        if pk is None:
            pk = self._pickups = {}
            for t in sorted(self.pos):
                if self._lift_problem(t) is None:
                    pk[t] = self._pays(t, self.unspent)
        return pk

    def _lift_problem(self, t: str):
        """Why the side to move may not lift ``t`` now, or None."""
        lay = self.layout()
        o = self.options
        if t in self._die_tiles():
            return f"{t} holds a die", RULES["lift_die"]
        if TILE_RANK[t] == ACE and TILE_SUIT[t] not in self._mine():
            return f"{t} is another player's ace", RULES["lift_ace"]
        if not o.pawn_rides_moved_tile and t in self.pawn_tiles():
            return f"{t} holds a pawn", RULES["lift_pawn"]
        if not lay.may_pick_up(t, opposite_counts_as_adjacent=o.opposite_sides_movable):
            sides = "".join(s for s in B.SIDES if s in lay.touched_sides(t))
            return f"{t} is touched on sides {sides}", RULES["lift"]
        if not self._pays(t, self.unspent):
            return f"the unspent coins cannot pay for {t}", RULES["lift_cost"]
        if not lay.can_put_down(t):
            return f"{t} could not be put down anywhere legal", RULES["put_down"]
        return None

    def put_down_spots(self) -> list[B.Pos]:
        """Step 2.d: where the lifted tile may go."""
        return self.layout().put_downs(self.pend["lift"])

    # -- Step 3 -------------------------------------------------------------------------------------------
    def slide_options(self) -> dict[str, list[tuple[int, B.Pos]]]:
        """Step 3: ``{tile: [(distance, position), ...]}`` for every tile the side to move
        may slide (coins apart)."""
        sl = self.__dict__.get("_slides")
        if sl is None:
            sl = self._slides = {}
            lay = self.layout()
            blocked = self._die_tiles()
            pawns = self.pawn_tiles()
            mine = self._mine()
            for t in sorted(self.pos):
                if lay.slide_side(t) is None or t in pawns or t in blocked:
                    continue
                if TILE_RANK[t] == ACE and TILE_SUIT[t] not in mine:
                    continue
                stops = lay.slide_stops(t)
                if not self.options.slide_may_share_whole_edge:
                    stops = [(d, p) for d, p in stops if not self._whole_edge_at(t, p)]
                if stops:
                    sl[t] = stops
        return sl

    def _whole_edge_at(self, t, p) -> bool:
        return any(B.whole_edge(p, q) for n, q in self.pos.items() if n != t)

    # -- legal decisions ------------------------------------------------------------------------------
    def _compute_legal(self):
        ph = self.phase_
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if ph == "choose_tile":
            return [ChooseTile(t) for t in self.to_place[self.side]]
        if ph == "place_tile":
            if not self.pos:
                return [Place(0, 0)]
            return [Place(x, y) for x, y in self.layout().legal_placements()]
        if ph == "move":
            out = [Enter(t) for t in sorted(self.step_options())]
            return out + ([StopMoving()] if self.may_stop() else [])
        if ph == "pay_move":
            return [Pay(p) for p in self.step_options()[self.pend["enter"]]]
        if ph == "toll":
            return [Toll(s) for s in self.step_options()[self.pend["enter"]][self.pend["pay"]]]
        if ph == "pick_up":
            return [PickUp(t) for t in self.pick_up_options()] + [NoTileMove()]
        if ph == "pay_pick_up":
            return [Pay(p) for p in self.pick_up_options()[self.pend["lift"]]]
        if ph == "put_down":
            return [Place(x, y) for x, y in self.put_down_spots()]
        if ph == "take_coin":
            defender = TILE_SUIT[self.attacks[0]]
            return [TakeCoin(s) for s in SUITS if self.hands[defender][SUIT_INDEX[s]]]
        if ph == "slide":
            out = []
            if sum(self.unspent) >= self.options.slide_cost:
                out = [Slide(t) for t in self.slide_options()]
            return out + [EndTurn()]
        if ph == "slide_to":
            return [SlideTo(x, y) for _, (x, y) in self.slide_options()[self.pend["slide"]]]
        if ph == "pay_slide":
            return [Pay(p) for p in _slide_payments(self.unspent, self.options.slide_cost)]
        raise AssertionError(ph)

    # -- why an action is refused ---------------------------------------------------------------------
    def _why_illegal(self, a):
        return refusals.why_illegal(self, a)

    # -- perspective ---------------------------------------------------------------------------------
    def observation(self, player: int | None):
        """What ``player`` sees: everything (Decay has no hidden information; see
        Interpretations).  ``None`` is the teacher, with the same view."""
        seats, seat_of, sides = _seating(self.options.players)
        return {
            "game": GAME, "viewer": player, "phase": self.phase_, "current_player": self.player,
            "round": self.round, "turn": self.turns, "side": self.side, "first": self.first,
            "last_roll": None if self.last_roll is None else [list(r) for r in self.last_roll],
            "seats": [{"seat": q, "sides": list(ss), "in_game": any(s not in self.dead for s in ss)}
                      for q, ss in enumerate(seats)],
            "sides": [{"suit": s, "seat": seat_of[s], "alive": s not in self.dead,
                       "pawn": self.pawns.get(s), "die": self.dice.get(s),
                       "hand": _hand_dict(self.hands[s]),
                       "unspent": _hand_dict(self.unspent) if s == self.side and self.unspent is not None else None,
                       "to_place": list(self.to_place[s])} for s in sides],
            "tiles": [{"tile": t, "x": x, "y": y} for t, (x, y) in sorted(self.pos.items())],
            "out_of_play": list(self.out),
            "lost": _hand_dict(self.lost),
            "step": {"start": self.start, "moved": self.stepped, "moved_tile": self.moved_tile,
                     "pending": None if self.pend is None else {k: (list(v) if isinstance(v, tuple) else v)
                                                                for k, v in self.pend.items()},
                     "attacks": list(self.attacks)},
            "winner": self.winner, "end_reason": self.end_reason,
        }

    def describe(self, action, viewer: int | None = None) -> str:
        """The action in words, with the context this state gives it.  Decay has no hidden
        information (see Interpretations: hands are open): every viewer reads the same."""
        ph = self.phase_
        if self.player == CHANCE and isinstance(action, Roll):
            return "roll-off: " + ", ".join(f"player {q} rolls {rank_name(f) if 0 <= f <= 5 else f}"
                                            for q, f in zip(self.rolloff, action.faces))
        who = self.side or f"player {self.player}"
        if ph == "choose_tile" and isinstance(action, ChooseTile):
            return f"{who} chooses {action.tile} to place next"
        if ph == "place_tile" and isinstance(action, Place):
            return f"{who} places {self.pend['tile']} at ({action.x}, {action.y})"
        if ph == "pay_move" and isinstance(action, Pay):
            return f"{who} pays {_words(action.coins)} to enter {self.pend['enter']}"
        if ph == "toll" and isinstance(action, Toll):
            other = self.others_at().get(self.pend["enter"])
            return f"{who} gives one {action.suit} coin to {other} as toll"
        if ph == "pay_pick_up" and isinstance(action, Pay):
            return f"{who} pays {_words(action.coins)} to lift {self.pend['lift']}"
        if ph == "put_down" and isinstance(action, Place):
            return f"{who} puts {self.pend['lift']} down at ({action.x}, {action.y})"
        if ph == "take_coin" and isinstance(action, TakeCoin):
            return f"{who} takes one {action.suit} coin from {TILE_SUIT[self.attacks[0]]}"
        if ph == "slide_to" and isinstance(action, SlideTo):
            return f"{who} slides {self.pend['slide']} to ({action.x}, {action.y})"
        if ph == "pay_slide" and isinstance(action, Pay):
            return f"{who} pays {_words(action.coins)} for the slide"
        return f"{who}: {action}"

    def __repr__(self):
        return f"<Decay round {self.round}, phase {self.phase_}, side {self.side}, player {self.player}>"

    # -- internal helpers (operate on a fresh copy) -------------------------------------------------
def _words(coins) -> str:
    return str(Pay(tuple(coins)))[4:]


def new_game(options: DecayOptions | None = None) -> DecayState:
    return DecayState(options)


def position(tiles, pawns, to_move: str, *, options: DecayOptions | None = None, hands=None,
             dice=None, dead=(), round_number: int = 1) -> DecayState:
    """A Normal Play position at the start of ``to_move``'s turn, built directly (for
    worked examples, tests and notebooks) instead of played from the roll-off.

    ``tiles``: ``{tile: (x, y)}``; tiles of the sides in play that are not listed are
    out of play.  ``pawns``: ``{side: tile}`` for every living side.  ``hands``:
    ``{side: {suit: count}}`` (by default each side holds its own coins); coins in no
    hand count as lost.  ``dice``: ``{side: tile}``.  ``dead``: sides already out.  The
    turn then begins as the rules begin one: a side that cannot move dies at once."""
    o = options or DecayOptions()
    s = DecayState(o)._copy()
    sides = s.sides
    for t in tiles:
        if TILE_SUIT.get(t) not in sides:
            raise ValueError(f"{t} is not a tile of a side in play ({', '.join(sides)})")
    living = [x for x in sides if x not in dead]
    if sorted(pawns) != sorted(living) or any(t not in tiles for t in pawns.values()):
        raise ValueError(f"every living side ({', '.join(living)}) needs its pawn on a listed tile")
    if to_move not in living:
        raise ValueError(f"{to_move} is not a living side")
    if len(set(pawns.values())) < len(pawns):
        raise ValueError(f"two pawns share a tile: {pawns}")
    if any(x not in living or t not in tiles for x, t in (dice or {}).items()):
        raise ValueError(f"every die must be a living side's, on a listed tile: {dice}")
    if not B.is_connected(tiles):
        raise ValueError("the listed tiles do not form one connected board")
    s.pos = dict(tiles)
    s.out = tuple(sorted(t for x in sides for t in TILES_OF[x] if t not in tiles))
    s.to_place = {x: () for x in sides}
    s.pawns = dict(pawns)
    s.dice = dict(dice or {})
    s.dead = tuple(dead)
    if hands is not None:
        given = {x: tuple(hands.get(x, {}).get(suit, 0) for suit in SUITS) for x in sides}
        s.hands = {x: (ZERO if x in dead else given[x]) for x in sides}
    else:
        s.hands = {x: (ZERO if x in dead else h) for x, h in s.hands.items()}
    s.lost = tuple((o.coins if suit in sides else 0) - sum(h[i] for h in s.hands.values())
                   for i, suit in enumerate(SUITS))
    if min(s.lost) < 0:
        raise ValueError(f"more coins in hands than a suit has ({o.coins})")
    s.rolloff = ()
    s.first = to_move
    s.round = round_number
    s._ev.append(Event("a position set up directly", RULES["steps"]))
    _begin_turn(s, to_move)
    s.events = tuple(s._ev)
    del s._ev
    return s


# ============================================================================================
# Phase handlers: each receives the fresh copy ``s`` and the (already validated) action.
# ============================================================================================

def _enter(s: DecayState, phase: str):
    """Go to a decision step of the side to move; take it at once if it has one choice."""
    s.phase_ = phase
    s.player = s.seat_of(s.side)
    s._forget()
    legal = s._compute_legal()
    if len(legal) == 1:
        _HANDLERS[phase](s, legal[0])
    else:
        s._legal = legal


def _next_side(s: DecayState, eligible) -> str | None:
    """The side that plays next: seats rotate to the left (seat order), and a seat with
    two suits plays them in turn (Setup 2, two-player note)."""
    seats, seat_of, _ = _seating(s.options.players)
    n = len(seats)
    here = seat_of[s.side]
    for k in range(1, n + 1):
        q = (here + k) % n
        mine = seats[q]
        last = s.last_side[q]
        start = mine.index(last) + 1 if last is not None else 0
        for j in range(len(mine)):
            side = mine[(start + j) % len(mine)]
            if eligible(side):
                return side
    return None


# -- Setup 2 ----------------------------------------------------------------------------------
def _on_roll(s, a: Roll):
    s.last_roll = tuple(zip(s.rolloff, a.faces))
    best = rolloff_groups(s.rolloff, a.faces)[0]
    s._event("rolloff", "roll-off: " + rolls_text(s.rolloff, a.faces))
    if len(best) > 1:
        s.rolloff = best
        s._event("rolloff", f"players {', '.join(map(str, best))} tie and roll again")
        return
    s.rolloff = ()
    seat = best[0]
    s.first = s.suits_of(seat)[0]
    s._event("rolloff", f"player {seat} starts; {s.first} places the first tile")
    _begin_placement(s, s.first)


# -- Board Creation ------------------------------------------------------------------------------
def _begin_placement(s, side):
    s.side = side
    seat = s.seat_of(side)
    s.last_side = s.last_side[:seat] + (side,) + s.last_side[seat + 1:]
    _enter(s, "choose_tile")


def _on_choose_tile(s, a: ChooseTile):
    s.pend = {"tile": a.tile}
    _enter(s, "place_tile")


def _on_place_tile(s, a: Place):
    t = s.pend["tile"]
    s.pend = None
    lay = s.layout().with_tile(t, (a.x, a.y))
    s.pos = lay.pos
    s._lay = lay
    s.to_place = _set(s.to_place, s.side, tuple(x for x in s.to_place[s.side] if x != t))
    s._event("create" if len(s.pos) == 1 else "contact", f"{s.side} places {t} at ({a.x}, {a.y})")
    nxt = _next_side(s, lambda side: bool(s.to_place[side]))
    if nxt is not None:
        _begin_placement(s, nxt)
        return
    s.pawns = {side: piece_name(side, ACE) for side in s.sides}
    s._event("pawns", "every pawn goes on its own ace tile; " f"{s.first} moves first")
    s.side = None
    s.last_side = (None,) * s.players
    _begin_turn(s, s.first)


# -- a turn --------------------------------------------------------------------------------------------
def _begin_turn(s, side):
    if side in s.played or s.round == 0:
        cap = s.options.round_cap
        if cap is not None and s.round >= cap:
            s._event("cap", f"round cap of {cap} reached: the game stops with no winner")
            _finish(s, None, "cap")
            return
        s.round += 1
        s.played = ()
    seat = s.seat_of(side)
    s.side = side
    s.last_side = s.last_side[:seat] + (side,) + s.last_side[seat + 1:]
    s.played = s.played + (side,)
    s.turns += 1
    s.unspent = s.hands[side]
    s.start = s.pawns[side]
    s.stepped = False
    s.moved_tile = None
    s.pend = None
    s.attacks = ()
    s.player = seat
    s._forget()
    if not s.step_options():
        s._event("death", f"{side} cannot pay for any complete move from {s.start} and is killed")
        _kill(s, side)
        _after_turn(s)
        return
    s._event("move", f"{side} to play (round {s.round}): the {side} pawn must leave {s.start}")
    _enter(s, "move")


def _kill(s, side, rule="death"):
    """Step 1 Death (also for pawns on a removed section): pawn and die leave the board
    and the side's coins are out of the game."""
    s.pawns = _drop(s.pawns, side)
    s.dice = _drop(s.dice, side)
    h = s.hands[side]
    s.lost = tuple(a + b for a, b in zip(s.lost, h))
    s.hands = _set(s.hands, side, ZERO)
    s.dead = s.dead + (side,)
    s._event(rule, f"{side} is out: its pawn and die leave the board"
             + (f" and its coins ({_words(_coins_list(h))}) are lost" if any(h) else ""))
    s.__dict__.pop("_others", None)


def _coins_list(h) -> tuple:
    return tuple(SUITS[i] for i, n in enumerate(h) for _ in range(n))


def _game_over(s) -> bool:
    """End of Game: one player (or none) with a pawn left."""
    seats = {s.seat_of(side) for side in s.sides if side not in s.dead}
    if len(seats) > 1:
        return False
    if seats:
        (seat,) = seats
        s._event("end", f"player {seat} is the last with a pawn on the board and wins")
        _finish(s, seat, "victory")
    else:
        s._event("all_killed", "no pawn is left on the board: nobody wins")
        _finish(s, None, "all killed")
    return True


def _after_turn(s):
    """End of turn: spent coins come back, the next living side plays."""
    side = s.side
    if side not in s.dead and s.unspent is not None and s.unspent != s.hands[side]:
        s._event("end_turn", f"{side} takes back the coins it spent")
    s.unspent = None
    s.start = None
    s.stepped = False
    s.pend = None
    s.attacks = ()
    if _game_over(s):
        return
    _begin_turn(s, _next_side(s, lambda x: x not in s.dead))


def _finish(s, winner, reason):
    s.winner = winner
    s.end_reason = reason
    s.phase_ = "over"
    s.player = TERMINAL
    s.unspent = None
    s.pend = None
    s._forget()


# -- Step 1 -------------------------------------------------------------------------------------
def _on_move(s, a):
    if isinstance(a, StopMoving):
        s._event("end_move", f"the {s.side} pawn stops on {s.pawns[s.side]}")
        _begin_step2(s)
        return
    s.pend = {"enter": a.tile}
    _enter(s, "pay_move")


def _on_pay_move(s, a: Pay):
    t = s.pend["enter"]
    s.pend = {"enter": t, "pay": a.coins}
    if s.others_at().get(t) is not None:
        _enter(s, "toll")
    else:
        _step(s, t, a.coins, None)


def _on_toll(s, a: Toll):
    _step(s, s.pend["enter"], s.pend["pay"], a.suit)


def _step(s, t, pay, toll):
    side = s.side
    free = not pay
    s.unspent = _minus(s.unspent, pay)
    if free:
        why = "pay" if TILE_RANK[t] == NULL else "dice_free"
        s._event(why, f"the {side} pawn enters {t} for free")
    else:
        s._event("pay", f"the {side} pawn enters {t}, spending {_words(pay)}")
    if toll is not None:
        other = s.others_at()[t]
        s.unspent = _minus(s.unspent, (toll,))
        s.hands = _set(_set(s.hands, side, _minus(s.hands[side], (toll,))),
                       other, _plus(s.hands[other], toll))
        s._event("toll", f"{side} gives one {toll} coin to {other} as toll")
    s.pawns = _set(s.pawns, side, t)
    s.stepped = True
    s.pend = None
    _enter(s, "move")


# -- Step 2 -------------------------------------------------------------------------------------
def _begin_step2(s):
    s.pend = None
    _enter(s, "pick_up")


def _on_pick_up(s, a):
    if isinstance(a, NoTileMove):
        if s.side in s.dice:
            s._event("die_off", f"{s.side} moved no tile: the {s.side} die leaves {s.dice[s.side]}")
            s.dice = _drop(s.dice, s.side)
        _begin_step3(s)
        return
    s.pend = {"lift": a.tile}
    _enter(s, "pay_pick_up")


def _on_pay_pick_up(s, a: Pay):
    t = s.pend["lift"]
    s.unspent = _minus(s.unspent, a.coins)
    s._event("lift_cost", f"{s.side} lifts {t}" + (f", spending {_words(a.coins)}" if a.coins else " for free"))
    s.pend = {"lift": t, "pay": a.coins}
    _enter(s, "put_down")


def _on_put_down(s, a: Place):
    side, t = s.side, s.pend["lift"]
    s.pend = None
    s.pos = _set(s.pos, t, (a.x, a.y))
    s.moved_tile = t
    rider = next((v for v, x in s.pawns.items() if x == t), None)
    s._event("put_down", f"{side} puts {t} down at ({a.x}, {a.y})" + (f" with the {rider} pawn on it" if rider else ""))
    s.dice = _set(s.dice, side, t)
    s._event("die_marker", f"the {side} die goes on {t}")
    parts = s.layout().components()
    if len(parts) > 1 and _resolve_split(s):
        return
    if t in s.pos:
        _collect_attacks(s, t)
    _next_attack(s)


def _resolve_split(s) -> bool:
    """Resolving a Split Game board.  True if the turn ended (the mover died or the
    game is over)."""
    side = s.side
    stay, gone = B.split(s.pos, keep_first=(s.pawns[side], s.moved_tile))
    removed = sorted(t for part in gone for t in part)
    s._event("split", f"the board splits: {len(stay)} tiles stay, {len(removed)} leave play ({', '.join(removed)})")
    s.pos = {t: p for t, p in s.pos.items() if t in stay}
    s.out = tuple(sorted(s.out + tuple(removed)))
    gone_tiles = set(removed)
    for other, t in sorted(s.dice.items()):
        if t in gone_tiles:
            s.dice = _drop(s.dice, other)
            s._event("split", f"the {other} die leaves play with {t}")
    victims = [v for v, t in sorted(s.pawns.items()) if t in gone_tiles]
    for v in victims:
        s._event("split", f"the {v} pawn was on a removed section")
        _kill(s, v, "split")
    if not victims:
        return False
    if side in s.dead:
        _after_turn(s)
        return True
    return _game_over(s)


def _collect_attacks(s, moved):
    """Resolving Attacks: each opposing tile the moved tile touches is attacked."""
    mine = s._mine()
    if TILE_SUIT[moved] not in mine:
        return
    if TILE_RANK[moved] == NULL:
        s._event("attack_immune", f"{moved} is a null tile and makes no attack")
        return
    won = []
    for target in sorted(s.layout().nbrs[moved]):
        if TILE_SUIT[target] in mine:
            continue
        if not attackable(moved, target, mine):
            s._event("attack_immune", f"{target} cannot be attacked")
            continue
        attack, defence = attack_totals(s.pos, mine, target)
        if attack > defence:
            s._event("attack_win", f"{s.side} attacks {target}: {attack} against {defence}, the attack wins")
            won.append(target)
        else:
            s._event("attack_win", f"{s.side} attacks {target}: {attack} against {defence}, the defence holds")
    s.attacks = tuple(won)


def _next_attack(s):
    while s.attacks:
        defender = TILE_SUIT[s.attacks[0]]
        held = s.hands[defender]
        if sum(held) == 0:
            s._event("attack_win", f"{defender} has no coin to lose"
                     + (" (its coins are out of the game)" if defender in s.dead else ""))
            s.attacks = s.attacks[1:]
            continue
        _enter(s, "take_coin")
        return
    _begin_step3(s)


def _on_take_coin(s, a: TakeCoin):
    defender = TILE_SUIT[s.attacks[0]]
    s.hands = _set(_set(s.hands, defender, _minus(s.hands[defender], (a.suit,))),
                   s.side, _plus(s.hands[s.side], a.suit))
    s.unspent = _plus(s.unspent, a.suit)
    s._event("attack_win", f"{s.side} takes one {a.suit} coin from {defender}")
    s.attacks = s.attacks[1:]
    _next_attack(s)


# -- Step 3 -------------------------------------------------------------------------------------
def _begin_step3(s):
    s.pend = None
    _enter(s, "slide")


def _on_slide(s, a):
    if isinstance(a, EndTurn):
        _after_turn(s)
        return
    s.pend = {"slide": a.tile}
    _enter(s, "slide_to")


def _on_slide_to(s, a: SlideTo):
    s.pend = {"slide": s.pend["slide"], "to": (a.x, a.y)}
    _enter(s, "pay_slide")


def _on_pay_slide(s, a: Pay):
    t, to = s.pend["slide"], s.pend["to"]
    s.unspent = _minus(s.unspent, a.coins)
    s.pos = _set(s.pos, t, to)
    s._event("slide", f"{s.side} slides {t} to ({to[0]}, {to[1]}), spending {_words(a.coins)}")
    _begin_step3(s)


_HANDLERS = {
    "rolloff": _on_roll, "choose_tile": _on_choose_tile, "place_tile": _on_place_tile,
    "move": _on_move, "pay_move": _on_pay_move, "toll": _on_toll,
    "pick_up": _on_pick_up, "pay_pick_up": _on_pay_pick_up, "put_down": _on_put_down,
    "take_coin": _on_take_coin, "slide": _on_slide, "slide_to": _on_slide_to, "pay_slide": _on_pay_slide,
}


# ============================================================================================
def check_invariants(state: DecayState) -> None:
    """Raise AssertionError unless every tile and coin is where the rules allow: each
    tile in exactly one place (still to place, on the board, out of play), no overlaps,
    a connected board, living pawns on distinct tiles, dead sides off the board, and
    every coin of a suit either in some hand or lost with a dead side."""
    o = state.options
    sides = state.sides
    placed = list(state.pos)
    waiting = [t for s in sides for t in state.to_place[s]]
    everywhere = placed + waiting + list(state.out)
    assert sorted(everywhere) == sorted(t for s in sides for t in TILES_OF[s]), f"tiles misplaced: {sorted(everywhere)}"
    for s in sides:
        assert all(TILE_SUIT[t] == s for t in state.to_place[s]), f"{s} holds another side's tile"
    names = list(state.pos)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not B.overlaps(state.pos[a], state.pos[b]), f"{a} and {b} overlap"
    assert B.Layout(state.pos).is_connected(), "the board is in pieces"
    creating = state.round == 0
    if creating:
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                assert not B.whole_edge(state.pos[a], state.pos[b]), f"{a} and {b} share a whole edge"
        assert not state.pawns and not state.dice and not state.dead
    else:
        for s in sides:
            if s not in state.dead:
                assert s in state.pawns, f"living {s} has no pawn on the board"
    for s in state.dead:
        assert s not in state.pawns and s not in state.dice, f"dead {s} still on the board"
        assert state.hands[s] == ZERO, f"dead {s} still holds coins"
    tiles = [t for s, t in state.pawns.items() if s != state.side or state.phase not in STEP1_PHASES]
    assert len(set(tiles)) == len(tiles), f"two pawns share a tile: {state.pawns}"
    tiles = list(state.pawns.values())
    assert all(t in state.pos for t in tiles), "a pawn is off the board"
    assert all(t in state.pos for t in state.dice.values()), "a die is off the board"
    for i, suit in enumerate(SUITS):
        total = sum(state.hands[s][i] for s in sides) + state.lost[i]
        expected = o.coins if suit in sides else 0
        assert total == expected, f"{suit} coins: {total} in hands and lost, expected {expected}"
        assert all(state.hands[s][i] >= 0 for s in sides)
    if state.unspent is not None:
        assert all(0 <= u <= h for u, h in zip(state.unspent, state.hands[state.side])), \
            f"unspent {state.unspent} exceeds the hand {state.hands[state.side]}"
    if state.player not in (CHANCE, TERMINAL):
        assert state.player == state.seat_of(state.side)
        assert state.side not in state.dead
        assert state.legal_actions(), f"no legal action at decision phase {state.phase}"


DecayState.HANDLERS = _HANDLERS
DecayState.CACHE_KEYS = _CACHE_KEYS
DecayState.RULES = RULES
DecayState.KEY_EXCLUDES = ("events", "_lay")
