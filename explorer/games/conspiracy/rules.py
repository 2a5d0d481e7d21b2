"""Conspiracy (Bradley T. Johnson, 2002): every rule of the rulebook, as a State machine.

Sections are cited with the rulebook's own headings and numbers: "Initial Setup 2",
"Determine Player Order 4.a", "Time Marches On 5.b", "Draw Coins 3.a", "Take Actions
5.c.iv.b", "Save/Discard Coins 6", "Declare Progress or Victory 10", "Unexpected
Effects 3.c".  (Execute Player Turns numbers its steps 1-10 across the headings Draw
Coins 1-4, Take Actions 5, Save/Discard Coins 6-8 and Declare Progress or Victory 9-10.)

How a game flows through decisions and chance nodes (``state.phase``):

``deal`` (chance: one tile at a time, round the table) -> ``goal_draw`` (chance: three
coins per player) -> ``goal`` (each player picks a suit and a number) -> per round:
``order_rolloff`` (chance, only for ties) -> ``tmo`` (chance: four dice per column) ->
for each turn: ``spiral_choice`` (holders of a saved spiral decide to cut in) ->
``draw`` (chance) -> ``action`` (choose one of the five actions or end) and that
action's own steps (``new_tile``, ``tile_from_hand``, ``coin_from_hand``, ``cell``,
``direction``, ``target``, ``target_tile``, ``column``, ``give``, ``give_to``,
``remove_or_flip``, chance ``advance_roll`` and ``unexpected``) -> ``save`` -> ``mark``.
A step with a single possible choice inside an action is taken automatically.

Where each part of the rulebook lives: this module holds the state, the rule citations,
the options and the phase table; the phases' handlers are in :mod:`.setup` (Initial
Setup), :mod:`.player_order` (Determine Player Order), :mod:`.time_marches_on`,
:mod:`.draw_coins`, :mod:`.take_actions` (with the steps' choices in
:mod:`.action_choices`), :mod:`.unexpected_effects` and :mod:`.save_and_declare`
(Save/Discard Coins, Declare Progress or Victory); :mod:`.equipment` names the pieces (Equipment),
:mod:`.board` holds the board's geometry and its coin chains (Take Actions 5.a-b), :mod:`.reckoning`
the arithmetic the rules and the calculators share; :mod:`.refusals` says why a choice is refused,
:mod:`.prompts` which rule each decision follows, :mod:`.perspective` and :mod:`.hidden` what each
seat may see (Initial Setup 2-3, Draw Coins 2), :mod:`.odds` the exact odds (column checks, reveals,
unexpected effects, coin draws).

Interpretations (readings of passages the rulebook leaves open)
----------------------------------------------------------------
- Dealing with 3 or 5 players (Initial Setup 2 assumes 4): all 24 tiles are dealt
  round the table, so with 5 players the first four seats get 5 tiles and the last 4.
- Goal coins (Initial Setup 3): every player draws three before anyone returns theirs.
- Simultaneous spiral decisions (Determine Player Order 4): before each scheduled
  turn, every spiral holder who has not played is asked in seat order whether to cut
  in now; the answers are collected and, if several say yes, they roll off (4.a).  The
  losers may cut in again at the next opportunity, including right after the winner.
- If every player holds a spiral, nobody has a determined place, so 4.b applies at
  once: all roll off for the whole order.  The first player of the resulting order is
  the "active player" of Time Marches On (5.a.i).
- Roll-offs: each tied player rolls one die (blank 0, symbol 1); higher goes first;
  players still tied re-roll among themselves (Determine Player Order 2).
- A spiral on a pointing or attacking coin is wild "as any number": we let it stand
  for any value from 0 to ``spiral_wild_max`` (5, the highest number on a coin).  So a
  spiral plus a blank can reveal a coin showing up to 4, not a 5.
- Mandatory advancement (Draw Coins 3): all columns advance together, repeatedly,
  until the bag holds enough coins to fill the hand.  If no tile is left in any future
  row (nothing more can be returned), the player goes on with fewer coins.
- Attack Coin (5.c): the payment coin is given before the attacking coin is placed;
  the attacker decides between flipping and paying a second coin to remove after
  the attack has succeeded.  If an unexpected effect removes the target or the
  attacking coin first, the attack has no effect (the costs stay paid).
- Chain reaction (5.b.vii): only what the new reveal sets off turns -- the coin the
  revealed coin points at, if two symbol-side-up coins now point at it, then the coin
  that one points at, and so on.  A coin an attack flipped back thus stays number side up
  until someone pays an action to reveal it again, as the design note under 5.c.iv
  counts on.  ``chain_whole_board=True`` reads the rule for the whole board instead:
  after any reveal, every number-side-up coin with two symbol-side-up pointers turns.
- Progress marks (9): each player has one marker; while it sits on a Present tile the
  player cannot mark another.  Victory (10) needs the marker to have been placed in
  an earlier round (9.a) on one of the two tiles that meet the goal.  A player who
  meets the victory condition always declares it.
- With ``progress_marking=False`` (the designer's "play without it"), victory needs
  only the two Present tiles.
- Columns other than 3 (a designer option): the unexpected-effect column die keeps
  every column equally likely (faces split evenly, or re-rolled past the last full
  band); see :func:`~explorer.games.conspiracy.reckoning.spiral_column_probabilities`.
- ``round_cap`` ends a game with no winner once that many rounds have been played; it
  is not in the rulebook and is off by default (simulations set it).
- Every game ends (our rule, ``round_limit``): the rulebook's only ending is a victory
  (Declare Progress or Victory 10), and a game can go on forever: if every player ends their
  actions at once every turn (always legal), the columns advance, the board empties, and no
  goal can ever be met (see :mod:`.length`).  So a game still going when round
  ``round_limit`` + 1 would begin (1,000 by default) ends with no winner (reason "limit").
  The limit is far above the games we measured with no cap: the longest of 300 random games
  lasted 102 rounds with four players and 115 with three; the longest of 150 games of four
  sensible players lasted 700 rounds (six of them more than 200).  A ``round_cap`` below the limit
  comes first.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from fractions import Fraction

from explorer.engine.errors import IllegalMove, OptionsError, RuleRef
from explorer.engine.machine import PhasedState
from explorer.engine.options import check_option_types, option
from explorer.engine.playout import draw_below
from explorer.engine.state import CHANCE, TERMINAL
from explorer.engine.words import seat_name

from . import (draw_coins, perspective, player_order, prompts, refusals, save_and_declare, setup,
               take_actions, time_marches_on, unexpected_effects)
from .action_choices import ActionChoices
from .actions import (KINDS, Cell, Choose, CoinFromHand, Column, Direction, Draw, EndActions, Flip, Give, GiveTo,
                      Goal, Mark, NoMark, PayToRemove, Roll, Save, SaveNothing, Spot, TakeTurnNow, Target,
                      TargetTile, TileFromHand, Wait, sample_roll)
from .board_facts import facts_of
from .equipment import ALL_PIECES, SUIT_RANK, plain_words, replace_at
from .reckoning import DIE_SUITS, spiral_target_outcomes
from .take_actions import AP_COST, AUTO_PHASES

__all__ = ["GAME", "RULES", "ALL_PIECES", "SUIT_RANK", "AP_COST", "AUTO_PHASES", "ConspiracyOptions",
           "ConspiracyState", "new_game", "check_invariants"]

GAME = "conspiracy"


_r = partial(RuleRef, GAME)     # _r(section, paraphrase)


RULES = {
    "deal": _r("Initial Setup 2", "all tiles are shuffled and dealt face down; each player sees only their own"),
    "goal_draw": _r("Initial Setup 3", "each player draws three coins from the bag"),
    "goal": _r("Initial Setup 3", "each player secretly picks a suit and a number shown on the "
                                  "coins they drew (blank 0, spiral 1), then returns the coins"),
    "order": _r("Determine Player Order 1", "saved coins decide the order, highest number first; no coin counts as 0"),
    "rolloff": _r("Determine Player Order 2", "ties are broken by a die roll, highest "
                                              "first, re-rolling until resolved"),
    "spiral": _r("Determine Player Order 4", "a player showing a saved spiral may take "
                                             "their turn before or after any other player"),
    "spiral_tie": _r("Determine Player Order 4.a", "spiral holders cutting in at the same "
                                                   "moment roll off; the winner plays now"),
    "spiral_last": _r("Determine Player Order 4.b", "spiral holders who have not played when "
                                                    "everyone else has must play last, by die roll"),
    "tmo_skip": _r("Time Marches On 1", "no column check in the first round or when no tile is in a future row"),
    "tmo": _r("Time Marches On 2-3", "every column is checked by rolling all four dice; two successes advance it"),
    "success": _r("Time Marches On 4", "a symbol always succeeds, a blank never; a number succeeds if no "
                                       "higher than the best face-up future tile of its suit in the column"),
    "adv_a": _r("Time Marches On 5.a", "face-up tile in Future 1: the Present tile goes "
                                       "to the active player and the column moves up"),
    "adv_b": _r("Time Marches On 5.b", "face-down or no tile in Future 1: its coins return to the "
                                       "bag, the tile goes to the active player, the Present tile stays"),
    "adv_c": _r("Time Marches On 5.c", "every remaining future tile moves up one row"),
    "marks_back": _r("Time Marches On 5.a.iii", "markers on a tile leaving the Present go back to their owners"),
    "draw_saved": _r("Draw Coins 1", "pick up the coin saved last turn"),
    "draw": _r("Draw Coins 2", "draw from the bag until the hand holds three coins"),
    "draw_short": _r("Draw Coins 3", "when the bag runs out, every column advances "
                                     "without dice until enough coins are back"),
    "bonus": _r("Draw Coins 4", "coins given by other players since the last turn join the hand as extras"),
    "ap": _r("Take Actions 5", "actions may be combined as long as their points "
                               "stay within the allowance and the coins are in hand"),
    "place": _r("Take Actions 5.a.i-ii", "place a coin from hand, number side up, "
                                         "on an empty square of a face-down tile"),
    "place_adj": _r("Take Actions 5.a.ii.b", "a new coin must touch a coin or face-up tile "
                                             "(the top edge of Future 1 is always allowed)"),
    "place_dir": _r("Take Actions 5.a.ii.c", "a new coin must point at a neighbouring coin "
                                             "or face-up tile, or at a Present-row space"),
    "place_back": _r("Take Actions 5.a.ii.d", "coins go only on the squares of face-down tiles"),
    "new_tile": _r("Take Actions 5.a.iii", "before placing, a tile from hand may be laid face down beside "
                                           "another tile (or anywhere in Future 1), and the coin goes on it"),
    "spiral_played": _r("Take Actions 5.a.iv", "placing a spiral coin triggers an unexpected effect check"),
    "reveal_coin": _r("Take Actions 5.b.i-ii", "revealing a number-side-up coin costs an "
                                               "action and a coin given to another player"),
    "reveal_cond": _r("Take Actions 5.b.iii-v", "reveal needs one pointing number coin of exactly equal value, "
                                                "or two or more whose total beats it; spirals pointing are wild"),
    "reveal_flip": _r("Take Actions 5.b.vi", "the revealed coin turns symbol side up, keeping its direction"),
    "chain": _r("Take Actions 5.b.vii", "a number-side-up coin the new reveal leaves pointed at by "
                                        "two symbol-side-up coins turns too, and so on down the chain"),
    "attack": _r("Take Actions 5.c.i-ii", "attacking costs an action and a coin given to another player"),
    "attack_place": _r("Take Actions 5.c.iii.a", "the attacking coin is placed like any "
                                                 "coin and must point at the attacked coin"),
    "attack_number": _r("Take Actions 5.c.iii.b", "a number-side-up coin is removed when the attacker's number "
                                                  "is at least its own (spiral attacker wild, spiral target 1)"),
    "attack_symbol": _r("Take Actions 5.c.iv.b", "a symbol-side-up coin flips back when the attacker's "
                                                 "number is at least every number coin supporting it"),
    "attack_remove": _r("Take Actions 5.c.iv.c", "paying a second coin removes the "
                                                 "attacked coin instead of flipping it"),
    "reveal_tile": _r("Take Actions 5.d.i-iii", "revealing a face-down tile costs two actions and "
                                                "a coin, and needs two symbol-side-up coins on it"),
    "reveal_tile_sum": _r("Take Actions 5.d.iv", "symbol coins count their value if matching, minus it if opposing, "
                                                 "1 otherwise; the tile stays if the total reaches its value"),
    "advance": _r("Take Actions 5.e", "for two actions, roll to advance one chosen column as in Time Marches On"),
    "save": _r("Save/Discard Coins 6-8", "one remaining coin may be saved number "
                                         "side up in view; the rest return to the bag"),
    "save_spiral": _r("Save/Discard Coins 7", "saving a spiral triggers an unexpected effect check"),
    "unexpected": _r("Unexpected Effects 2-4", "two die rolls pick a column and a row; a tile there "
                                               "is flipped (a Present tile goes to the active player)"),
    "mark": _r("Declare Progress or Victory 9", "a player whose suit or number shows "
                                                "on a Present tile may mark that tile"),
    "victory": _r("Declare Progress or Victory 10", "goal suit and goal number on two different Present "
                                                    "tiles, one marked in an earlier round: victory"),
    "victory_nomark": _r("Declare Progress or Victory 10", "goal suit and goal number on two different Present "
                                                           "tiles: victory (playing without progress marks)"),
    "cap": _r("round cap (rule option)", "the game stops without a winner after the round cap"),
    "limit": _r("round limit (our rule)", "the rulebook ends a game only by victory; we end one with "
                                          "no winner after the round limit (1,000 rounds unless changed)"),
    "phase": _r("Sequence of Play", "each thing happens in its turn"),
}

CHANCE_PHASES = frozenset({"deal", "goal_draw", "draw", "order_rolloff", "spiral_rolloff", "tmo",
                           "advance_roll", "unexpected"})
ROLL_PHASES = frozenset({"order_rolloff", "spiral_rolloff", "tmo", "advance_roll"})


@dataclass(frozen=True)
class ConspiracyOptions:
    """Rule options; the defaults are the rulebook's values."""

    players: int = option(4, "{} players")  # Initial Setup 1 (design note: meant for 4; try 3 or 5)
    columns: int = option(3, "{} columns")  # Initial Setup 1 (design note: the first draft had 4)
    action_points: int = option(2, "{} action points")  # Take Actions 5
    # Declare Progress or Victory 9 (design note: may be dropped)
    progress_marking: bool = option(True, ("progress marking on", "progress marking off"))
    hand_size: int = option(3, "a hand of {} coins")  # Draw Coins 2
    goal_coins: int = option(3, "{} goal coins")  # Initial Setup 3
    successes_to_advance: int = option(2, "{} successes to advance a column")  # Time Marches On 3
    # Take Actions 5.b.v / 5.c.iii.b (see Interpretations)
    spiral_wild_max: int = option(5, "a spiral wild for 0 to {}")
    # Take Actions 5.b.vii reading (see Interpretations)
    chain_whole_board: bool = option(False, ("chains turn across the whole board",
                                             "chains turn from the revealed coin"))
    # not in the rulebook: stop simulations after this many rounds
    round_cap: int | None = option(None, "stopped at round {}", none="no round cap")
    # not in the rulebook: every game ends (see Interpretations)
    round_limit: int = option(1000, "a game ends with no winner after {} rounds")

    def __post_init__(self):
        check_option_types(self)
        if not 3 <= self.players <= 5:
            raise OptionsError(f"players must be 3, 4 or 5 (the rulebook plays 4, suggests 3 or 5), got {self.players}")
        if not 2 <= self.columns <= 6:
            raise OptionsError(f"columns must be 2-6 (victory needs two separate Present tiles, Declare Progress or "
                               f"Victory 10, and one die picks the column of an unexpected effect), got {self.columns}")
        if not 1 <= self.action_points <= 20:
            raise OptionsError(f"action_points must be 1-20, got {self.action_points}")
        if not 1 <= self.hand_size <= 8:
            raise OptionsError(f"hand_size must be 1-8, got {self.hand_size}")
        if not 1 <= self.goal_coins <= 24 // self.players:
            raise OptionsError(f"goal_coins must be 1-{24 // self.players} for "
                               f"{self.players} players, got {self.goal_coins}")
        if not 0 <= self.successes_to_advance <= 4:
            raise OptionsError(f"successes_to_advance must be 0-4 (four dice), got {self.successes_to_advance}")
        if not 1 <= self.spiral_wild_max <= 99:
            raise OptionsError(f"spiral_wild_max must be 1-99, got {self.spiral_wild_max}")
        if self.round_cap is not None and self.round_cap < 1:
            raise OptionsError(f"round_cap must be at least 1 (or None for no cap), got {self.round_cap}")
        if not 1 <= self.round_limit <= 100_000:
            raise OptionsError(f"round_limit must be 1-100,000 (rounds after which a game with no victory "
                               f"ends with no winner), got {self.round_limit}")


# The choices that never vary, made once (actions are immutable values).
_SPIRAL_CHOICES = (TakeTurnNow(), Wait())
_CHOOSE = {k: Choose(k) for k in KINDS}
_END_ACTIONS = EndActions()
_REMOVE_OR_FLIP = (Flip(), PayToRemove())
_SAVE_NOTHING, _NO_MARK = SaveNothing(), NoMark()

# Actions are values: one object per argument serves every state (a playout lists and draws
# thousands of them).
_draw, _tile_from_hand, _coin_from_hand = cache(Draw), cache(TileFromHand), cache(CoinFromHand)
_cell, _direction, _target = cache(Cell), cache(Direction), cache(Target)
_target_tile, _column, _give = cache(TargetTile), cache(Column), cache(Give)
_give_to, _save, _mark = cache(GiveTo), cache(Save), cache(Mark)

#: per-state caches, dropped from every copy (and by ``_forget``): the legal actions, the
#: actions open at the menu and the views' coin graph
_CACHE_KEYS = ("_legal", "_legal_set", "_kinds_open", "_graph")


class ConspiracyState(ActionChoices, PhasedState):
    """One moment of a game of Conspiracy.  Immutable: :meth:`apply` returns a new state."""

    game = GAME
    PROMPTS = prompts.PROMPTS
    STEP_RULES = prompts.STEP_RULES
    WORDS = staticmethod(plain_words)     # pieces named as the rulebook names them ("Moons blank")

    def __init__(self, options: ConspiracyOptions | None = None):
        o = options or ConspiracyOptions()
        n = o.players
        self.options = o
        self.phase_ = "deal"
        self.player = CHANCE
        self.round = 0
        self.turn_count = 0
        self.tiles: dict = {}
        self.coins: dict = {}
        self.pool = ALL_PIECES                       # tiles not yet dealt
        self.tile_hands = ((),) * n
        self.coin_hands = ((),) * n
        self.saved = (None,) * n
        self.given = ((),) * n                      # coins handed to each seat, waiting for its turn
        self.given_by = ((),) * n                   # ... and who handed each over
        self.bag = ALL_PIECES
        self.goals = (None,) * n
        self.marks = (None,) * n                     # (tile name, round marked)
        self.slots: tuple = ()                       # the determined order (ints; tuples while tied)
        self.next_slot = 0
        self.spiral_pending: tuple = ()
        self.asking: tuple = ()
        self.yes: tuple = ()
        self.rolloff: tuple = ()
        self.order_then = "tmo"
        self.active = 0
        self.turn_player = -1
        self.done: tuple = ()
        self.ap = 0
        self.pend: dict | None = None
        self.draws_needed = 0
        self.cont = ""
        self.tmo_column = 0
        self.deal_index = 0
        self.last_roll = None                        # (column, faces, successes, advanced)
        self.advances = 0                            # columns advanced so far (Time Marches On 5)
        self.tiles_revealed = 0                      # Reveal Tile actions resolved (Take Actions 5.d)
        self.last_spot = None
        self.winner = None
        self.end_reason = None
        self.events = ()

    # -- the contract ---------------------------------------------------------------------
    # -- chance -------------------------------------------------------------------------
    def _terminal_rule(self):
        if self.winner is not None:
            return RULES["victory"]
        return RULES["limit"] if self.end_reason == "limit" else RULES["cap"]

    def _dice(self) -> int:
        """How many dice this roll throws: one per player in a roll-off, else the four suited dice."""
        return len(self.rolloff) if self.phase_.endswith("rolloff") else len(DIE_SUITS)

    def chance_outcomes(self):
        if self.player != CHANCE:
            return []
        ph = self.phase_
        if ph == "deal":
            p = Fraction(1, len(self.pool))
            return [(_draw(t), p) for t in self.pool]
        if ph in ("goal_draw", "draw"):
            p = Fraction(1, len(self.bag))
            return [(_draw(c), p) for c in self.bag]
        if ph in ROLL_PHASES:
            return Roll.outcomes(self._dice())
        if ph == "unexpected":
            return [(Spot(c, r), p) for (c, r), p in spiral_target_outcomes(self.options.columns)]
        raise AssertionError(ph)

    def sample_chance(self, rng):
        ph = self.phase_
        if ph == "deal":
            return _draw(self.pool[draw_below(rng, len(self.pool))])
        if ph in ("goal_draw", "draw"):
            return _draw(self.bag[draw_below(rng, len(self.bag))])
        if ph in ROLL_PHASES:
            return sample_roll(rng, self._dice())
        if ph == "unexpected":
            return Spot(rng.randrange(self.options.columns), rng.randrange(6))
        raise ValueError(f"not a chance node (phase {ph})")

    def _check_chance(self, a):
        ph = self.phase_
        bad = None
        if ph == "deal":
            if not (type(a) is Draw and a.piece in self.pool):
                bad = (f"{a} is not a tile still to be dealt", RULES["deal"])
        elif ph in ("goal_draw", "draw"):
            if not (type(a) is Draw and a.piece in self.bag):
                bad = (f"{a} is not a coin in the bag", RULES["draw"] if ph == "draw" else RULES["goal_draw"])
        elif ph in ROLL_PHASES:
            Roll.check(a, self._dice(), RULES["rolloff"] if ph.endswith("rolloff") else RULES["tmo"])
        elif ph == "unexpected" and not (type(a) is Spot and 0 <= a.column < self.options.columns
                                         and 0 <= a.row <= 5):
            bad = (f"{a} is not a column and row two dice can pick", RULES["unexpected"])
        if bad:
            raise IllegalMove(*bad)

    # -- legal decisions --------------------------------------------------------------------
    def _compute_legal(self):
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        lister = _LEGAL_AT.get(self.phase_)
        if lister is None:
            raise AssertionError(self.phase_)
        return lister(self)

    def _markable(self):
        goal = self.goals[self.turn_player]
        out = []
        for c in range(self.options.columns):
            spot = self.tiles.get((c, 0))
            if spot is not None:
                s, r = SUIT_RANK[spot.name]
                if s == goal[0] or r == goal[1]:
                    out.append(c)
        return out

    def has_won(self, p: int) -> bool:
        """Declare Progress or Victory 10 for seat ``p`` right now."""
        suit, number = self.goals[p]
        present = [self.tiles[(c, 0)].name for c in range(self.options.columns) if (c, 0) in self.tiles]
        mark = self.marks[p]
        for a in present:
            if SUIT_RANK[a][0] != suit:
                continue
            for b in present:
                if b == a or SUIT_RANK[b][1] != number:
                    continue
                if not self.options.progress_marking:
                    return True
                if mark is not None and mark[1] < self.round and mark[0] in (a, b):
                    return True
        return False

    # -- why an action is refused ------------------------------------------------------------
    def _why_illegal(self, a):
        reason = refusals.why_illegal(self, a)
        return reason if reason is None else (plain_words(reason[0]), *reason[1:])

    # -- perspective ------------------------------------------------------------------------
    def observation(self, player: int | None):
        """What ``player`` may see (``None``: the teacher sees everything); see
        :func:`.perspective.observation` for what stays hidden."""
        return perspective.observation(self, player)

    def describe(self, action, viewer: int | None = None) -> str:
        """The action in words, with the context this state gives it, as ``viewer`` may
        know it (see :mod:`.perspective`)."""
        return plain_words(perspective.describe(self, action, viewer))

    def __repr__(self):
        return f"<Conspiracy round {self.round}, phase {self.phase_}, player {self.player}>"

    # -- internal helpers (operate on a fresh copy) ------------------------------------------
    def _give_tile(self, p: int, name: str):
        self.tile_hands = replace_at(self.tile_hands, p, tuple(sorted(self.tile_hands[p] + (name,))))

    def _return_marks(self, name: str):
        if any(m and m[0] == name for m in self.marks):
            self.marks = tuple(None if (m and m[0] == name) else m for m in self.marks)
            self._event("marks_back", f"markers on {name} go back to their owners")

    def _coins_to_bag(self, cells):
        if not cells:
            return
        coins = dict(self.coins)
        names = []
        for c in cells:
            names.append(coins.pop(c).name)
        self.coins = coins
        self.bag = tuple(sorted(self.bag + tuple(names)))
        return names


def new_game(options: ConspiracyOptions | None = None) -> ConspiracyState:
    return ConspiracyState(options)


# Phase handlers: each receives the fresh copy ``s`` and the (already validated) action.
# They live in the modules named after the rulebook's parts.
_HANDLERS = {
    "deal": setup.on_deal, "goal_draw": setup.on_goal_draw, "goal": setup.on_goal,
    "order_rolloff": player_order.on_order_rolloff, "tmo": time_marches_on.on_tmo,
    "spiral_choice": player_order.on_spiral_choice, "spiral_rolloff": player_order.on_spiral_rolloff,
    "draw": draw_coins.on_draw, "action": take_actions.on_action, "new_tile": take_actions.on_new_tile,
    "tile_from_hand": take_actions.on_tile_from_hand, "coin_from_hand": take_actions.on_coin_from_hand,
    "cell": take_actions.on_cell, "direction": take_actions.on_direction, "target": take_actions.on_target,
    "target_tile": take_actions.on_target_tile, "column": take_actions.on_column,
    "advance_roll": take_actions.on_advance_roll, "give": take_actions.on_give, "give_to": take_actions.on_give_to,
    "remove_or_flip": take_actions.on_remove_or_flip, "unexpected": unexpected_effects.on_unexpected,
    "save": save_and_declare.on_save, "mark": save_and_declare.on_mark,
}


def check_invariants(state: ConspiracyState) -> None:
    """Raise AssertionError unless every tile and coin is in exactly one place and the
    board obeys the placement rules that must always hold.  Used by the simulation tests."""
    tiles = list(state.pool) + [t for h in state.tile_hands for t in h] + [s.name for s in state.tiles.values()]
    assert sorted(tiles) == sorted(ALL_PIECES), f"tiles misplaced: {sorted(tiles)}"
    coins = (list(state.bag) + [c for h in state.coin_hands for c in h] + [c for c in state.saved if c]
             + [c for g in state.given for c in g] + [s.name for s in state.coins.values()]
             + [c for d in getattr(state, "goal_draws", ()) for c in d])
    assert sorted(coins) == sorted(ALL_PIECES), f"coins misplaced: {sorted(coins)}"
    for (c, r), spot in state.tiles.items():
        assert 0 <= c < state.options.columns and r >= 0, f"tile {spot.name} off the board at {(c, r)}"
        assert r >= 1 or spot.face_up, f"face-down tile {spot.name} in the Present row"
    for (x, y), spot in state.coins.items():
        t = state.tiles.get((x // 2, y // 2))
        assert t is not None and not t.face_up, f"coin {spot.name} at {(x, y)} is not on a face-down tile"
    for p, m in enumerate(state.marks):
        if m is not None:
            assert any(s.name == m[0] for (c, r), s in state.tiles.items() if r == 0), \
                f"{seat_name(p)}'s marker is on {m[0]}, which is not in the Present row"
    if state.player not in (CHANCE, TERMINAL):
        assert state.legal_actions(), f"no legal action at decision phase {state.phase}"
    if state.phase_ in ("action", "save", "mark") or state.phase_ in AUTO_PHASES:
        assert state.player == state.turn_player


# -- legal decisions, per phase (ConspiracyState._compute_legal at a decision) ----------------

def _legal_goal(s):
    drawn = s.goal_draws[s.player]
    suits = sorted({SUIT_RANK[c][0] for c in drawn})
    numbers = sorted({SUIT_RANK[c][1] for c in drawn})
    return [Goal(x, n) for x in suits for n in numbers]


def _legal_cell(s):
    if s.pend["kind"] == "place" and s.pend.get("new_tile") is None:
        return list(facts_of(s).cell_choices)
    return [_cell(x, y) for (x, y) in sorted(s._cells_for_pending())]


def _legal_target(s):
    cells = s._reveal_targets() if s.pend["kind"] == "reveal_coin" else s._attack_targets()
    return [_target(x, y) for (x, y) in sorted(cells)]


_LEGAL_AT = {
    "goal": _legal_goal,
    "spiral_choice": lambda s: list(_SPIRAL_CHOICES),
    "action": lambda s: [_CHOOSE[k] for k in s._kinds()] + [_END_ACTIONS],
    "new_tile": lambda s: s._new_tile_options(),
    "tile_from_hand": lambda s: [_tile_from_hand(x) for x in s.tile_hands[s.player]],
    "coin_from_hand": lambda s: [_coin_from_hand(c) for c in s.coin_hands[s.player]],
    "cell": _legal_cell,
    "direction": lambda s: [_direction(d) for d in s._cells_for_pending()[s.pend["cell"]]],
    "target": _legal_target,
    "target_tile": lambda s: [_target_tile(c, r) for (c, r) in s._tile_targets()],
    "column": lambda s: [_column(c) for c in range(s.options.columns)],
    "give": lambda s: [_give(c) for c in s.coin_hands[s.player]],
    "give_to": lambda s: [_give_to(q) for q in range(s.players) if q != s.player],
    "remove_or_flip": lambda s: list(_REMOVE_OR_FLIP),
    "save": lambda s: [_save(c) for c in s.coin_hands[s.player]] + [_SAVE_NOTHING],
    "mark": lambda s: [_mark(c) for c in s._markable()] + [_NO_MARK],
}


ConspiracyState.LEGAL_AT = _LEGAL_AT
ConspiracyState.HANDLERS = _HANDLERS
ConspiracyState.CACHE_KEYS = _CACHE_KEYS
#: ``_board_facts`` (see :mod:`.board_facts`) survives copies but is derived, not part of the position
# The counters are history, not position: two ways to the same position give equal keys.
ConspiracyState.KEY_EXCLUDES = PhasedState.KEY_EXCLUDES + ("_board_facts", "advances", "tiles_revealed")
ConspiracyState.RULES = RULES
