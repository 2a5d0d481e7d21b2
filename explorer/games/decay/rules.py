"""Decay (Robert Mundschau & Matt Heistad, 2003): every rule of the rulebook, as a State machine.

Sections are cited with the rulebook's own headings (see :mod:`.sections`): "Setup 1-3",
"Board Creation 1.a-c" and "Board Creation 2", "Normal Play", "Normal Play Step 1" with
its parts "Step 1 Dice Markers", "Step 1 Tolls" and "Step 1 Death", "Step 2" (its list
a-f), "Resolving a Split Game board", "Resolving Attacks", "Step 3 - Slide Tiles", "End
of turn" and "End of Game".

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

Where each part lives: :mod:`.pieces` (Setup 1: the sides, their pieces and who plays
which; the coin arithmetic every payment shares), :mod:`.setup` (Setup 2's roll-off,
Board Creation 1-2), :mod:`.spots` (Board Creation 1.a-c: where a tile may be placed,
for Step 2.d too; :mod:`.place_choices` lists those spots as actions), :mod:`.board`
(the tiles' geometry: overlap, touching, whole edges), :mod:`.normal_play` (Normal
Play's turn order, Step 1 Death's killing, End of turn, End of Game and its draw),
:mod:`.move_pawn` (Normal Play Step 1 with Step 1 Dice Markers, Step 1 Tolls and the
check of Step 1 Death), :mod:`.move_tile` (Step 2.a-d: which tiles may be lifted, the
price, where they may go, the die marker), :mod:`.resolving` (Step 2.e-f: Resolving a
Split Game board and Resolving Attacks; :mod:`.connectivity` finds the sections),
:mod:`.slide_tiles` (Step 3 - Slide Tiles), :mod:`.refusals` (why a choice is refused),
:mod:`.prompts` (the rule each decision follows), :mod:`.reckoning` (the arithmetic the
rules and the calculators share), :mod:`.analysis` (previews: where a pawn can go, what
moving a tile would do), :mod:`.length` (how long a game can last).  This module holds
the options, the state and the phase table (``_HANDLERS``: phase -> the handler in the
module of its part).

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
  kills every remaining pawn, the game ends with no winner ("all killed", our choice).  A
  *round* ends when the next side to play has already played in it.
- The draw (End of Game note): the rulebook lets the last players declare a draw when they
  can only circle without harming each other, an agreement the engine cannot ask for.  We read
  it as: when ``draw_rounds`` rounds in a row (100 by default) begin with no tile having left
  play and no side killed since, the game ends in a draw (no winner, reason "draw").  Tiles out
  of play and dead sides never come back, so a game holds at most 24 + 3 such events and every
  game ends.  Measured before the rule (four players, no round cap): the longest quiet stretch
  before a game ended by itself was 76 turns (19 rounds) in 300 random games, and 529 turns
  (132 rounds; 99th percentile 104 rounds) in 102 sensible games that ended, while some games
  shuttle tolls between two pawns forever (random seeds 616, 699, 1802).  With a round cap of
  50 or less, as the lab's sweeps use, the draw can never come first.
- How far a pawn walks (Step 1): the pawn may move "as many times as" the coins allow, but null
  tiles and tiles holding a die cost nothing, so two free tiles side by side would let a walk
  go on forever.  After ``walk_limit`` entries in one turn (100 by default, far more than any
  walk we saw: at most 25 in 300 random games, 34 in 150 sensible ones) a pawn standing where it
  may stop stops there; one on a taken tile goes on, each step paying a toll, until it may.
  So every turn ends.
"""
from __future__ import annotations

from dataclasses import dataclass

from explorer.components.piecepack import rank_name
from explorer.engine.errors import OptionsError
from explorer.engine.machine import PhasedState
from explorer.engine.options import check_option_types, option
from explorer.engine.state import CHANCE, TERMINAL, Event
from explorer.engine.words import seat_name

from . import board as B
from . import move_pawn, move_tile, normal_play, prompts, refusals, resolving, setup, slide_tiles
from .actions import (CHOOSE, END_TURN, NO_TILE_MOVE, PAY, PICK_UP, SLIDE, TAKE, TOLL, ChooseTile, Pay,
                      Place, Roll, SlideTo, TakeCoin, Toll)
from .places import position_name
# Names other modules read as ``rules.X`` (refusals, analysis, views, tests) are re-exported here.
from .pieces import (SUIT_INDEX, SUITS, TILE_RANK, TILE_SUIT, TILES_OF, ZERO, _coins_list, _drop,  # noqa: F401
                     _hand_dict, _minus, _payments, _plus, _seating, _set, _slide_payments, _suits_of_side, _words,
                     seat_sides)
from .sections import GAME, RULES
from .place_choices import PlaceChoices  # noqa: F401  (read as rules.PlaceChoices)

#: While the pawn moves it may stand for a moment on a tile with another pawn.
STEP1_PHASES = frozenset({"move", "pay_move", "toll"})

#: Values derived from a state and dropped whenever it changes (the board Layout, in
#: ``_lay``, is kept while the positions stay the same).
_CACHE_KEYS = ("_legal", "_legal_set", "_pickups", "_slides")


@dataclass(frozen=True)
class DecayOptions:
    """Rule options; the defaults are the rulebook's values."""

    players: int = option(4, "{} players")  # Setup 1 (3-4 players; 2 = two suits each)
    coins: int = option(6, "{} coins a suit")  # Setup 1: a suit's coins in the piecepack
    slide_cost: int = option(1, "a slide costs {}")  # Step 3 - Slide Tiles
    # Step 2.a reading (see Interpretations)
    opposite_sides_movable: bool = option(False, ("a tile touched on opposite sides may move",
                                                  "a tile touched on opposite sides stays"))
    # Step 2 reading (see Interpretations)
    pawn_rides_moved_tile: bool = option(True, ("a pawn rides a lifted tile", "a tile with a pawn stays put"))
    # Step 3 reading (see Interpretations)
    slide_may_share_whole_edge: bool = option(True, ("a slide may end edge to edge", "a slide must end offset"))
    # Step 1 reading (see Interpretations)
    offer_dominated_payments: bool = option(False, ("every payment by value offered",
                                                    "no needlessly large payment offered"))
    # not in the rulebook: stop simulations after this many rounds
    round_cap: int | None = option(None, "stopped at round {}", none="no round cap")
    # End of Game note (our reading): quiet rounds in a row that make a draw
    draw_rounds: int = option(100, "a draw after {} rounds with no tile lost and nobody killed")
    # Step 1 (our reading): entries in one turn after which a pawn that may stop, stops
    walk_limit: int = option(100, "a pawn stops after {} entries in a turn")

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
        if not 1 <= self.draw_rounds <= 1000:
            raise OptionsError(f"draw_rounds must be 1-1000 (rounds with no tile out of play and nobody killed "
                               f"that end the game in a draw), got {self.draw_rounds}")
        if not 1 <= self.walk_limit <= 1000:
            raise OptionsError(f"walk_limit must be 1-1000 (tiles a pawn enters in one turn before it stops "
                               f"where it may), got {self.walk_limit}")


class DecayState(PhasedState):
    """One moment of a game of Decay.  Immutable: :meth:`apply` returns a new state."""

    game = GAME
    PROMPTS = prompts.PROMPTS
    STEP_RULES = prompts.STEP_RULES
    #: tables kept across copies (``KEY_EXCLUDES``), read as attributes: ``None`` until
    #: made; ``_lay`` and ``_dt`` start as made for no board and no dice, which no state has
    _others = _s1 = None
    _lay = B.Layout({})
    _dt = (None, frozenset())
    #: Step 2.a's and Step 3's answers (``CACHE_KEYS``): None until made
    _pickups = _slides = None

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
        self.quiet = 0                                # rounds begun since a tile left play or a side died
        self.marks = (0, 0)                           # (tiles out of play, sides out) when last counted
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
        self.stepped = 0                              # Step 1: tiles the pawn entered this turn
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
        """The board indexed for fast geometry (kept while the positions do not change).
        The hottest callers read ``_lay`` themselves when its ``pos`` is the state's."""
        lay = self._lay
        if lay.pos is not self.pos:
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
        return {"cap": RULES["cap"], "all killed": RULES["all_killed"], "draw": RULES["draw"]}.get(
            self.end_reason, RULES["end"])

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
        Step 1 the mover's pawn may stand on one of those tiles for a moment).  Kept
        across copies in ``_others`` as ``(side, answer)`` while the side to move is the
        same: only the mover's pawn moves, and the handlers that take pawns off the board
        or put them on drop it."""
        pa = self._others
        side = self.side
        if pa is None or pa[0] != side:
            pa = self._others = (side, {t: v for v, t in self.pawns.items() if v != side})
        return pa[1]

    def pawn_tiles(self) -> set[str]:
        return set(self.pawns.values())

    def hand(self, side: str) -> dict[str, int]:
        """A side's coins as ``{suit: count}``."""
        return _hand_dict(self.hands[side])

    def spent(self) -> dict[str, int]:
        """Coins the side to move has set aside this turn."""
        if self.unspent is None:
            return {}
        return _hand_dict(tuple(a - b for a, b in zip(self.hands[self.side], self.unspent, strict=True)))

    def _mine(self) -> tuple[str, ...]:
        """The suits of the player whose side is to move (both in the two-player game)."""
        return _suits_of_side(self.options.players, self.side)

    # -- Step 1 -------------------------------------------------------------------------------------------
    def _pays(self, tile: str, hand: tuple) -> tuple:
        return _payments(tile, tile in self._die_tiles(), hand, self.options.offer_dominated_payments)

    def _die_tiles(self):
        """The tiles holding a die (Step 1 Dice Markers, Step 2.a).  Kept in ``_dt`` as
        ``(dice, tiles)`` while ``dice`` is the same mapping (handlers replace it); the
        hottest callers read ``_dt`` themselves when it is."""
        dt = self._dt
        if dt[0] is not self.dice:
            dt = self._dt = (self.dice, frozenset(self.dice.values()))
        return dt[1]

    def step_options(self) -> dict[str, dict[tuple, tuple]]:
        """Step 1 from where the pawn stands with the unspent coins: ``{tile: {payment:
        tolls}}`` for every entry after which a legal end of the move stays affordable
        (``tolls`` is ``(None,)`` for an empty tile, else the suits that may pay it).
        Memoized with the turn's Step 1 table (:func:`.move_pawn.step_options`)."""
        return move_pawn.step_options(self)

    def may_stop(self) -> bool:
        return move_pawn.may_stop(self)

    def _begin_step1(self) -> bool:
        """Step 1 at the start of a turn (:func:`.move_pawn.begin_step1`): False when the
        side must die (Step 1 Death)."""
        return move_pawn.begin_step1(self)

    # -- Step 2 -------------------------------------------------------------------------------------------
    def pick_up_options(self) -> dict[str, tuple]:
        return move_tile.pick_up_options(self)

    def _lift_problem(self, t: str):
        return move_tile._lift_problem(self, t)

    def put_down_spots(self) -> list[B.Pos]:
        return move_tile.put_down_spots(self)

    # -- Step 3 -------------------------------------------------------------------------------------------
    def slide_options(self) -> dict[str, list[tuple[int, B.Pos]]]:
        return slide_tiles.slide_options(self)

    def _whole_edge_at(self, t, p) -> bool:
        return slide_tiles._whole_edge_at(self, t, p)

    # -- legal decisions ------------------------------------------------------------------------------
    def _compute_legal(self):
        ph = self.phase_
        # the steps in order of how often a playout asks here (Step 1's handlers store
        # their next lists themselves: move and pay_move come here from views and copies;
        # the roll-off and the end of the game have no decision, see below)
        if ph == "choose_tile":
            return list(map(CHOOSE.__getitem__, self.to_place[self.side]))
        if ph == "pick_up":
            out = list(map(PICK_UP.__getitem__, move_tile.pick_up_options(self)))
            out.append(NO_TILE_MOVE)
            return out
        if ph == "put_down":
            lay = self._lay if self._lay.pos is self.pos else self.layout()
            out = self._legal_set = PlaceChoices(lay.put_down_set(self.pend["lift"]))
            return out
        if ph == "place_tile":
            if not self.pos:
                return [Place(0, 0)]
            lay = self._lay if self._lay.pos is self.pos else self.layout()
            out = self._legal_set = PlaceChoices(lay.legal if lay.legal is not None else lay.legal_spots())
            return out
        if ph == "slide":
            out = []
            if sum(self.unspent) >= self.options.slide_cost:
                out = list(map(SLIDE.__getitem__, self.slide_options()))
            out.append(END_TURN)
            return out
        if ph == "pay_pick_up":
            # the same payments pick_up_options() offered: nothing changed since
            return list(map(PAY.__getitem__, self._pays(self.pend["lift"], self.unspent)))
        if ph == "slide_to":
            return [SlideTo(x, y) for _, (x, y) in slide_tiles.chosen_stops(self)]
        if ph == "take_coin":
            held = self.hands[TILE_SUIT[self.attacks[0]]]
            return [TAKE[s] for s in SUITS if held[SUIT_INDEX[s]]]
        if ph == "pay_slide":
            return list(map(PAY.__getitem__, _slide_payments(self.unspent, self.options.slide_cost)))
        if ph == "move":
            return list(move_pawn.move_choices(self))
        if ph == "pay_move":
            return list(map(PAY.__getitem__, self.step_options()[self.pend["enter"]]))
        if ph == "toll":
            return list(map(TOLL.__getitem__, self.step_options()[self.pend["enter"]][self.pend["pay"]]))
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
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
            "step": {"start": self.start, "moved": bool(self.stepped), "moved_tile": self.moved_tile,
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
            return "roll-off: " + ", ".join(f"{seat_name(q)} rolls {rank_name(f) if 0 <= f <= 5 else f}"
                                            for q, f in zip(self.rolloff, action.faces, strict=False))
        who = self.side or seat_name(self.player)
        if ph == "choose_tile" and isinstance(action, ChooseTile):
            return f"{who} chooses {action.tile} to place next"
        if ph == "place_tile" and isinstance(action, Place):
            return f"{who} places {self.pend['tile']} at {action:at}"
        if ph == "pay_move" and isinstance(action, Pay):
            return f"{who} pays {_words(action.coins)} to enter {self.pend['enter']}"
        if ph == "toll" and isinstance(action, Toll):
            other = self.others_at().get(self.pend["enter"])
            return f"{who} gives one {action.suit} coin to {other} as toll"
        if ph == "pay_pick_up" and isinstance(action, Pay):
            return f"{who} pays {_words(action.coins)} to lift {self.pend['lift']}"
        if ph == "put_down" and isinstance(action, Place):
            return f"{who} puts {self.pend['lift']} down at {action:at}"
        if ph == "take_coin" and isinstance(action, TakeCoin):
            return f"{who} takes one {action.suit} coin from {TILE_SUIT[self.attacks[0]]}"
        if ph == "slide_to" and isinstance(action, SlideTo):
            return f"{who} slides {self.pend['slide']} to {position_name((action.x, action.y))}"
        if ph == "pay_slide" and isinstance(action, Pay):
            return f"{who} pays {_words(action.coins)} for the slide"
        return f"{who}: {action}"

    def __repr__(self):
        return f"<Decay round {self.round}, phase {self.phase_}, side {self.side}, player {self.player}>"


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
    normal_play._begin_turn(s, to_move)
    s.events = tuple(s._ev)
    del s._ev
    return s


# ============================================================================================
# The phase handlers, by step (each module implements its part of the rulebook).
_HANDLERS = {
    "rolloff": setup._on_roll, "choose_tile": setup._on_choose_tile, "place_tile": setup._on_place_tile,
    "move": move_pawn._on_move, "pay_move": move_pawn._on_pay_move, "toll": move_pawn._on_toll,
    "pick_up": move_tile._on_pick_up, "pay_pick_up": move_tile._on_pay_pick_up, "put_down": move_tile._on_put_down,
    "take_coin": resolving._on_take_coin, "slide": slide_tiles._on_slide, "slide_to": slide_tiles._on_slide_to,
    "pay_slide": slide_tiles._on_pay_slide,
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
        assert all(0 <= u <= h for u, h in zip(state.unspent, state.hands[state.side], strict=True)), \
            f"unspent {state.unspent} exceeds the hand {state.hands[state.side]}"
    if state.player not in (CHANCE, TERMINAL):
        assert state.player == state.seat_of(state.side)
        assert state.side not in state.dead
        assert state.legal_actions(), f"no legal action at decision phase {state.phase}"


DecayState.HANDLERS = _HANDLERS
DecayState.CACHE_KEYS = _CACHE_KEYS
DecayState.RULES = RULES
DecayState.KEY_EXCLUDES = ("_events", "_lay", "_dt", "_s1", "_others")
