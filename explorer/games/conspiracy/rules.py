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
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from fractions import Fraction

from explorer.components.dice import DIGITS, rolloff_groups, rolls_text
from explorer.components.piecepack import ACE, RANKS, STANDARD, piece_name, rank_name
from explorer.engine.errors import IllegalMove, OptionsError, RuleRef
from explorer.engine.machine import PhasedState, freeze
from explorer.engine.options import check_option_types
from explorer.engine.state import CHANCE, TERMINAL, Event, Result

from . import board as B
from . import prompts
from .actions import (KIND_NAMES, Cell, Choose, CoinFromHand, Column, Direction, Draw, EndActions,
                      Flip, Give, GiveTo, Goal, Mark, NewTile, NoMark, NoNewTile, PayToRemove, Roll,
                      Save, SaveNothing, Spot, TakeTurnNow, Target, TargetTile, TileFromHand, Wait)
from . import perspective, refusals
from .perspective import gifts_by
from .reckoning import (DIE_SUITS, count_successes, highest_by_suit, spiral_target_outcomes, tile_stays,
                        tile_support)

GAME = "conspiracy"


_r = partial(RuleRef, GAME)     # _r(section, paraphrase)


RULES = {
    "deal": _r("Initial Setup 2", "all tiles are shuffled and dealt face down; each player sees only their own"),
    "goal_draw": _r("Initial Setup 3", "each player draws three coins from the bag"),
    "goal": _r("Initial Setup 3", "each player secretly picks a suit and a number shown on the coins they drew (blank 0, spiral 1), then returns the coins"),
    "order": _r("Determine Player Order 1", "saved coins decide the order, highest number first; no coin counts as 0"),
    "rolloff": _r("Determine Player Order 2", "ties are broken by a die roll, highest first, re-rolling until resolved"),
    "spiral": _r("Determine Player Order 4", "a player showing a saved spiral may take their turn before or after any other player"),
    "spiral_tie": _r("Determine Player Order 4.a", "spiral holders cutting in at the same moment roll off; the winner plays now"),
    "spiral_last": _r("Determine Player Order 4.b", "spiral holders who have not played when everyone else has must play last, by die roll"),
    "tmo_skip": _r("Time Marches On 1", "no column check in the first round or when no tile is in a future row"),
    "tmo": _r("Time Marches On 2-3", "every column is checked by rolling all four dice; two successes advance it"),
    "success": _r("Time Marches On 4", "a symbol always succeeds, a blank never; a number succeeds if no higher than the best face-up future tile of its suit in the column"),
    "adv_a": _r("Time Marches On 5.a", "face-up tile in Future 1: the Present tile goes to the active player and the column moves up"),
    "adv_b": _r("Time Marches On 5.b", "face-down or no tile in Future 1: its coins return to the bag, the tile goes to the active player, the Present tile stays"),
    "adv_c": _r("Time Marches On 5.c", "every remaining future tile moves up one row"),
    "marks_back": _r("Time Marches On 5.a.iii", "markers on a tile leaving the Present go back to their owners"),
    "draw_saved": _r("Draw Coins 1", "pick up the coin saved last turn"),
    "draw": _r("Draw Coins 2", "draw from the bag until the hand holds three coins"),
    "draw_short": _r("Draw Coins 3", "when the bag runs out, every column advances without dice until enough coins are back"),
    "bonus": _r("Draw Coins 4", "coins given by other players since the last turn join the hand as extras"),
    "ap": _r("Take Actions 5", "actions may be combined as long as their points stay within the allowance and the coins are in hand"),
    "place": _r("Take Actions 5.a.i-ii", "place a coin from hand, number side up, on an empty square of a face-down tile"),
    "place_adj": _r("Take Actions 5.a.ii.b", "a new coin must touch a coin or face-up tile (the top edge of Future 1 is always allowed)"),
    "place_dir": _r("Take Actions 5.a.ii.c", "a new coin must point at a neighbouring coin or face-up tile, or at a Present-row space"),
    "place_back": _r("Take Actions 5.a.ii.d", "coins go only on the squares of face-down tiles"),
    "new_tile": _r("Take Actions 5.a.iii", "before placing, a tile from hand may be laid face down beside another tile (or anywhere in Future 1), and the coin goes on it"),
    "spiral_played": _r("Take Actions 5.a.iv", "placing a spiral coin triggers an unexpected effect check"),
    "reveal_coin": _r("Take Actions 5.b.i-ii", "revealing a number-side-up coin costs an action and a coin given to another player"),
    "reveal_cond": _r("Take Actions 5.b.iii-v", "reveal needs one pointing number coin of exactly equal value, or two or more whose total beats it; spirals pointing are wild"),
    "reveal_flip": _r("Take Actions 5.b.vi", "the revealed coin turns symbol side up, keeping its direction"),
    "chain": _r("Take Actions 5.b.vii", "a number-side-up coin the new reveal leaves pointed at by two symbol-side-up coins turns too, and so on down the chain"),
    "attack": _r("Take Actions 5.c.i-ii", "attacking costs an action and a coin given to another player"),
    "attack_place": _r("Take Actions 5.c.iii.a", "the attacking coin is placed like any coin and must point at the attacked coin"),
    "attack_number": _r("Take Actions 5.c.iii.b", "a number-side-up coin is removed when the attacker's number is at least its own (spiral attacker wild, spiral target 1)"),
    "attack_symbol": _r("Take Actions 5.c.iv.b", "a symbol-side-up coin flips back when the attacker's number is at least every number coin supporting it"),
    "attack_remove": _r("Take Actions 5.c.iv.c", "paying a second coin removes the attacked coin instead of flipping it"),
    "reveal_tile": _r("Take Actions 5.d.i-iii", "revealing a face-down tile costs two actions and a coin, and needs two symbol-side-up coins on it"),
    "reveal_tile_sum": _r("Take Actions 5.d.iv", "symbol coins count their value if matching, minus it if opposing, 1 otherwise; the tile stays if the total reaches its value"),
    "advance": _r("Take Actions 5.e", "for two actions, roll to advance one chosen column as in Time Marches On"),
    "save": _r("Save/Discard Coins 6-8", "one remaining coin may be saved number side up in view; the rest return to the bag"),
    "save_spiral": _r("Save/Discard Coins 7", "saving a spiral triggers an unexpected effect check"),
    "unexpected": _r("Unexpected Effects 2-4", "two die rolls pick a column and a row; a tile there is flipped (a Present tile goes to the active player)"),
    "mark": _r("Declare Progress or Victory 9", "a player whose suit or number shows on a Present tile may mark that tile"),
    "victory": _r("Declare Progress or Victory 10", "goal suit and goal number on two different Present tiles, one marked in an earlier round: victory"),
    "victory_nomark": _r("Declare Progress or Victory 10", "goal suit and goal number on two different Present tiles: victory (playing without progress marks)"),
    "cap": _r("round cap (rule option)", "the game stops without a winner after the round cap"),
    "phase": _r("Sequence of Play", "each thing happens in its turn"),
}

ALL_PIECES = tuple(piece_name(s, r) for s in STANDARD.suits for r in RANKS)
SUIT_RANK = {piece_name(s, r): (s, r) for s in STANDARD.suits for r in RANKS}
AUTO_PHASES = frozenset({"new_tile", "tile_from_hand", "coin_from_hand", "cell", "direction", "give"})
CHANCE_PHASES = frozenset({"deal", "goal_draw", "draw", "order_rolloff", "spiral_rolloff", "tmo",
                           "advance_roll", "unexpected"})
ROLL_PHASES = frozenset({"order_rolloff", "spiral_rolloff", "tmo", "advance_roll"})
AP_COST = {"place": 1, "reveal_coin": 1, "attack": 1, "reveal_tile": 2, "advance": 2}


@dataclass(frozen=True)
class ConspiracyOptions:
    """Rule options; the defaults are the rulebook's values."""

    players: int = 4                 # Initial Setup 1 (design note: meant for 4; try 3 or 5)
    columns: int = 3                 # Initial Setup 1 (design note: the first draft had 4)
    action_points: int = 2           # Take Actions 5
    progress_marking: bool = True    # Declare Progress or Victory 9 (design note: may be dropped)
    hand_size: int = 3               # Draw Coins 2
    goal_coins: int = 3              # Initial Setup 3
    successes_to_advance: int = 2    # Time Marches On 3
    spiral_wild_max: int = 5         # Take Actions 5.b.v / 5.c.iii.b (see Interpretations)
    chain_whole_board: bool = False  # Take Actions 5.b.vii reading (see Interpretations)
    round_cap: int | None = None     # not in the rulebook: stop simulations after this many rounds

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
            raise OptionsError(f"goal_coins must be 1-{24 // self.players} for {self.players} players, got {self.goal_coins}")
        if not 0 <= self.successes_to_advance <= 4:
            raise OptionsError(f"successes_to_advance must be 0-4 (four dice), got {self.successes_to_advance}")
        if not 1 <= self.spiral_wild_max <= 99:
            raise OptionsError(f"spiral_wild_max must be 1-99, got {self.spiral_wild_max}")
        if self.round_cap is not None and self.round_cap < 1:
            raise OptionsError(f"round_cap must be at least 1 (or None for no cap), got {self.round_cap}")


def _rank(name: str) -> int:
    return SUIT_RANK[name][1]


def _is_spiral(name: str) -> bool:
    return SUIT_RANK[name][1] == ACE


def _step_to(frm, to) -> str:
    d = (to[0] - frm[0], to[1] - frm[1])
    for name, dx, dy in B.DIRECTIONS:
        if (dx, dy) == d:
            return name
    raise ValueError("cells are not neighbours")


def _without(items: tuple, item) -> tuple:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


_CACHE_KEYS = ("_legal", "_legal_set", "_place", "_graph", "_reveal", "_attack", "_marks", "_ptr")


class ConspiracyState(PhasedState):
    """One moment of a game of Conspiracy.  Immutable: :meth:`apply` returns a new state."""

    game = GAME
    PROMPTS = prompts.PROMPTS

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
        self.last_spot = None
        self.winner = None
        self.end_reason = None
        self.events = ()

    # -- the contract ---------------------------------------------------------------------
    # -- chance -------------------------------------------------------------------------
    def _terminal_rule(self):
        return RULES["victory"] if self.winner is not None else RULES["cap"]

    def _dice(self) -> int:
        """How many dice this roll throws: one per player in a roll-off, else the four suited dice."""
        return len(self.rolloff) if self.phase_.endswith("rolloff") else len(DIE_SUITS)

    def chance_outcomes(self):
        if self.player != CHANCE:
            return []
        ph = self.phase_
        if ph == "deal":
            p = Fraction(1, len(self.pool))
            return [(Draw(t), p) for t in self.pool]
        if ph in ("goal_draw", "draw"):
            p = Fraction(1, len(self.bag))
            return [(Draw(c), p) for c in self.bag]
        if ph in ROLL_PHASES:
            return Roll.outcomes(self._dice())
        if ph == "unexpected":
            return [(Spot(c, r), p) for (c, r), p in spiral_target_outcomes(self.options.columns)]
        raise AssertionError(ph)

    def sample_chance(self, rng):
        ph = self.phase_
        if ph == "deal":
            return Draw(self.pool[rng.randrange(len(self.pool))])
        if ph in ("goal_draw", "draw"):
            return Draw(self.bag[rng.randrange(len(self.bag))])
        if ph in ROLL_PHASES:
            return Roll.sample(rng, self._dice())
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
        elif ph == "unexpected":
            if not (type(a) is Spot and 0 <= a.column < self.options.columns and 0 <= a.row <= 5):
                bad = (f"{a} is not a column and row two dice can pick", RULES["unexpected"])
        if bad:
            raise IllegalMove(*bad)

    # -- legal decisions --------------------------------------------------------------------
    def _compute_legal(self):
        ph = self.phase_
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        p = self.player
        if ph == "goal":
            drawn = self.goal_draws[p]
            suits = sorted({SUIT_RANK[c][0] for c in drawn})
            numbers = sorted({SUIT_RANK[c][1] for c in drawn})
            return [Goal(s, n) for s in suits for n in numbers]
        if ph == "spiral_choice":
            return [TakeTurnNow(), Wait()]
        if ph == "action":
            return [Choose(k) for k in self._kinds()] + [EndActions()]
        if ph == "new_tile":
            return self._new_tile_options()
        if ph == "tile_from_hand":
            return [TileFromHand(t) for t in self.tile_hands[p]]
        if ph == "coin_from_hand":
            return [CoinFromHand(c) for c in self.coin_hands[p]]
        if ph == "cell":
            return [Cell(x, y) for (x, y) in sorted(self._cells_for_pending())]
        if ph == "direction":
            return [Direction(d) for d in self._cells_for_pending()[self.pend["cell"]]]
        if ph == "target":
            cells = self._reveal_targets() if self.pend["kind"] == "reveal_coin" else self._attack_targets()
            return [Target(x, y) for (x, y) in sorted(cells)]
        if ph == "target_tile":
            return [TargetTile(c, r) for (c, r) in self._tile_targets()]
        if ph == "column":
            return [Column(c) for c in range(self.options.columns)]
        if ph == "give":
            return [Give(c) for c in self.coin_hands[p]]
        if ph == "give_to":
            return [GiveTo(q) for q in range(self.players) if q != p]
        if ph == "remove_or_flip":
            return [Flip(), PayToRemove()]
        if ph == "save":
            return [Save(c) for c in self.coin_hands[p]] + [SaveNothing()]
        if ph == "mark":
            return [Mark(c) for c in self._markable()] + [NoMark()]
        raise AssertionError(ph)

    def _kinds(self):
        p = self.turn_player
        hand = self.coin_hands[p]
        ap = self.ap
        out = []
        if ap >= 1 and hand and (self._placements() or self._new_tile_positions_for_place()):
            out.append("place")
        if ap >= 1 and hand and self._reveal_targets():
            out.append("reveal_coin")
        if ap >= 1 and len(hand) >= 2 and self._attack_targets():
            out.append("attack")
        if ap >= 2 and hand and self._tile_targets():
            out.append("reveal_tile")
        if ap >= 2:
            out.append("advance")
        return out

    def _mark_cells(self):
        m = self.__dict__.get("_marks")
        if m is None:
            m = self._marks = B.mark_cells(self.tiles, self.coins)
        return m

    def _placements(self):
        pl = self.__dict__.get("_place")
        if pl is None:
            pl = self._place = B.coin_placements(self.tiles, self.coins, self.options.columns,
                                                 marks=self._mark_cells())
        return pl

    def _placements_on_new(self, pos):
        # a new tile is face down, so it adds nothing to the cells coins may point at
        tiles = B.with_tile(self.tiles, pos, B.TileSpot("?", False, self.turn_player))
        return B.coin_placements(tiles, self.coins, self.options.columns, only_tile=pos,
                                 marks=self._mark_cells())

    def _new_tile_positions_for_place(self):
        if not self.tile_hands[self.turn_player]:
            return []
        return [p for p in B.new_tile_positions(self.tiles, self.options.columns) if self._placements_on_new(p)]

    def _attack_cells(self, target, new_tile=None):
        """Empty face-down squares next to ``target`` (existing tiles, or the new tile)."""
        tx, ty = target
        out = []
        for _, dx, dy in B.DIRECTIONS:
            x, y = tx - dx, ty - dy
            if x < 0 or y < 2 or x >= 2 * self.options.columns or (x, y) in self.coins:
                continue
            pos = (x // 2, y // 2)
            if new_tile is None:
                spot = self.tiles.get(pos)
                if spot is not None and not spot.face_up:
                    out.append((x, y))
            elif pos == new_tile:
                out.append((x, y))
        return out

    def _attack_new_tiles(self, target):
        if not self.tile_hands[self.turn_player]:
            return []
        free = set(B.new_tile_positions(self.tiles, self.options.columns))
        return sorted({(x // 2, y // 2) for _, dx, dy in B.DIRECTIONS
                       for x, y in [(target[0] - dx, target[1] - dy)]
                       if (x // 2, y // 2) in free and x >= 0 and y >= 2 and x < 2 * self.options.columns})

    def _attack_targets(self):
        at = self.__dict__.get("_attack")
        if at is None:
            at = self._attack = [c for c in self.coins
                                 if self._attack_cells(c) or self._attack_new_tiles(c)]
        return at

    def coin_graph(self):
        """The coin chains as a networkx DiGraph (see :func:`board.coin_graph`)."""
        g = self.__dict__.get("_graph")
        if g is None:
            g = self._graph = B.coin_graph(self.tiles, self.coins)
        return g

    def _pointers(self):
        pt = self.__dict__.get("_ptr")
        if pt is None:
            pt = self._ptr = B.pointers(self.coins)
        return pt

    def reveal_support(self, cell):
        """Take Actions 5.b.iii-v for the coin at ``cell``: whether it can be revealed
        now, and the cells of the number-side-up coins pointing at it (its in-edges in
        the coin graph)."""
        spot = self.coins.get(tuple(cell))
        if spot is None or spot.symbol_up:
            return False, []
        supporters = [c for c in self._pointers().get(tuple(cell), ()) if not self.coins[c].symbol_up]
        value = _rank(spot.name)
        ranks = [_rank(self.coins[c].name) for c in supporters]
        if len(ranks) == 1:
            ok = ranks[0] == ACE or ranks[0] == value
        elif len(ranks) >= 2:
            ok = sum(self.options.spiral_wild_max if r == ACE else r for r in ranks) > value
        else:
            ok = False
        return ok, supporters

    def revealable_coins(self) -> list[tuple[int, int]]:
        """Cells of the number-side-up coins that Reveal Coin could turn now (5.b.iii)."""
        return list(self._reveal_targets())

    def chain_preview(self, cell) -> list[tuple[int, int]]:
        """The cells a reveal of the coin at ``cell`` would also turn by chain reaction
        (5.b.vii), without changing anything: the very computation the reveal applies."""
        return B.reveal_chain(self.tiles, self.coins, cell, whole_board=self.options.chain_whole_board)

    def _reveal_targets(self):
        rt = self.__dict__.get("_reveal")
        if rt is None:
            rt = self._reveal = [c for c, spot in self.coins.items()
                                 if not spot.symbol_up and self.reveal_support(c)[0]]
        return rt

    def _tile_targets(self):
        counts = {}
        for (x, y), spot in self.coins.items():
            if spot.symbol_up:
                counts[(x // 2, y // 2)] = counts.get((x // 2, y // 2), 0) + 1
        return sorted(p for p, n in counts.items() if n >= 2 and p in self.tiles and not self.tiles[p].face_up)

    def _new_tile_options(self):
        pend = self.pend
        if pend["kind"] == "place":
            out = [NoNewTile()] if self._placements() else []
            return out + [NewTile(c, r) for c, r in self._new_tile_positions_for_place()]
        target = pend["target"]
        out = [NoNewTile()] if self._attack_cells(target) else []
        return out + [NewTile(c, r) for c, r in self._attack_new_tiles(target)]

    def _cells_for_pending(self):
        pend = self.pend
        nt = pend.get("new_tile")
        if pend["kind"] == "attack":
            return {c: (_step_to(c, pend["target"]),) for c in self._attack_cells(pend["target"], nt)}
        if nt is not None:
            return self._placements_on_new(nt)
        return self._placements()

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
        return refusals.why_illegal(self, a)

    # -- perspective ------------------------------------------------------------------------
    def observation(self, player: int | None):
        """What ``player`` may see (``None``: the teacher sees everything).

        Hidden: other players' tiles, hands, goals and the bag's contents; face-down
        tiles (only whoever placed one knows it); the suit of a number-side-up coin
        whose suit has never been shown, except to the player who placed or saved it."""
        teacher = player is None

        def sees(owner):
            return teacher or owner == player

        tiles = []
        for (c, r), spot in sorted(self.tiles.items()):
            known = spot.face_up or spot.seen or sees(spot.placed_by)
            tiles.append({"column": c, "row": r, "face_up": spot.face_up,
                          "tile": spot.name if known else None,
                          "marked_by": [q for q, m in enumerate(self.marks) if m and m[0] == spot.name and r == 0]})
        coins = []
        for (x, y), spot in sorted(self.coins.items()):
            suit, rank = SUIT_RANK[spot.name]
            suit_known = spot.symbol_up or spot.suit_seen or sees(spot.placed_by)
            coins.append({"x": x, "y": y, "direction": spot.direction,
                          "side": "symbol" if spot.symbol_up else "number",
                          "value": rank_name(rank), "suit": suit if suit_known else None,
                          "coin": spot.name if suit_known else None, "placed_by": spot.placed_by})
        seats = []
        for q in range(self.players):
            s = self.saved[q]
            seat = {
                "tiles": list(self.tile_hands[q]) if sees(q) else None,
                "tile_count": len(self.tile_hands[q]),
                "coins": list(self.coin_hands[q]) if sees(q) else None,
                "coin_count": len(self.coin_hands[q]),
                "saved": None if s is None else (s if sees(q) else rank_name(_rank(s))),
                "given": list(self.given[q]) if sees(q) else None,
                "given_count": len(self.given[q]),
                "gave": gifts_by(self, q) if sees(q) else None,
                "goal": (list(self.goals[q]) if self.goals[q] else None) if sees(q) else None,
                "mark": self.marks[q][0] if self.marks[q] else None,
            }
            if self.phase_ in ("goal_draw", "goal"):
                seat["goal_coins"] = list(self.goal_draws[q]) if sees(q) else None
            seats.append(seat)
        return {
            "game": GAME, "viewer": player, "round": self.round, "phase": self.phase_,
            "current_player": self.player, "turn_player": self.turn_player if self.turn_player >= 0 else None,
            "action_points": self.ap, "columns": self.options.columns,
            "order": [s for s in self.slots if isinstance(s, int)], "spiral_pending": list(self.spiral_pending),
            "tiles": tiles, "coins": coins, "players": seats,
            "bag_count": len(self.bag), "bag": sorted(self.bag) if teacher else None,
            "last_roll": None if self.last_roll is None else {
                "column": self.last_roll[0], "faces": list(self.last_roll[1]),
                "successes": self.last_roll[2], "advanced": self.last_roll[3]},
            "winner": self.winner, "end_reason": self.end_reason,
        }

    def describe(self, action, viewer: int | None = None) -> str:
        """The action in words, with the context this state gives it, as ``viewer`` may
        know it (see :mod:`.perspective`)."""
        return perspective.describe(self, action, viewer)

    def __repr__(self):
        return f"<Conspiracy round {self.round}, phase {self.phase_}, player {self.player}>"

    # -- internal helpers (operate on a fresh copy) ------------------------------------------
    def _give_tile(self, p: int, name: str):
        self.tile_hands = _set(self.tile_hands, p, tuple(sorted(self.tile_hands[p] + (name,))))

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


# ============================================================================================
# Phase handlers: each receives the fresh copy ``s`` and the (already validated) action.
# ============================================================================================

def _on_deal(s: ConspiracyState, a: Draw):
    seat = s.deal_index % s.players
    s.pool = _without(s.pool, a.piece)
    s._give_tile(seat, a.piece)
    s.deal_index += 1
    if not s.pool:
        s._event("deal", "all tiles are dealt")
        s.phase_ = "goal_draw"
        s.deal_index = 0
        s.goal_draws = ((),) * s.players


def _on_goal_draw(s, a: Draw):
    seat = s.deal_index // s.options.goal_coins
    s.bag = _without(s.bag, a.piece)
    s.goal_draws = _set(s.goal_draws, seat, s.goal_draws[seat] + (a.piece,))
    s.deal_index += 1
    if s.deal_index == s.players * s.options.goal_coins:
        s.phase_ = "goal"
        s.player = 0


def _on_goal(s, a: Goal):
    p = s.player
    s.goals = _set(s.goals, p, (a.suit, a.number))
    s._event("goal", f"player {p} notes a secret goal")
    if p + 1 < s.players:
        s.player = p + 1
        return
    s.bag = tuple(sorted(s.bag + tuple(c for d in s.goal_draws for c in d)))
    s.goal_draws = ((),) * s.players
    s._event("goal", "the goal coins go back into the bag")
    _start_round(s)


def _start_round(s):
    o = s.options
    if o.round_cap is not None and s.round >= o.round_cap:
        s._event("cap", f"round cap of {o.round_cap} reached: the game stops with no winner")
        _finish(s, None, "cap")
        return
    s.round += 1
    s.last_roll = None
    spirals = tuple(q for q in range(s.players) if s.saved[q] is not None and _is_spiral(s.saved[q]))
    others = [q for q in range(s.players) if q not in spirals]
    if not others:
        s._event("spiral_last", "every player shows a spiral: all roll off for the whole order")
        s.slots = (spirals,)
        s.spiral_pending = ()
    else:
        value = {q: (_rank(s.saved[q]) if s.saved[q] is not None else 0) for q in others}
        groups = []
        for v in sorted(set(value.values()), reverse=True):
            g = tuple(q for q in others if value[q] == v)
            groups.append(g[0] if len(g) == 1 else g)
        s.slots = tuple(groups)
        s.spiral_pending = spirals
        s._event("order", f"round {s.round}: order by saved coins")
        if spirals:
            s._event("spiral", f"player(s) {', '.join(map(str, spirals))} show a spiral and may cut in anywhere")
    s.order_then = "tmo"
    _resolve_order(s)


def _resolve_order(s):
    for g in s.slots:
        if isinstance(g, tuple):
            s.phase_ = "order_rolloff"
            s.rolloff = g
            s.player = CHANCE
            return
    s.rolloff = ()
    if s.order_then == "tmo":
        s._event("order", "turn order: " + ", ".join(f"player {q}" for q in s.slots))
        _time_marches_on(s)
    else:
        _next_turn(s)


def _on_order_rolloff(s, a: Roll):
    group = s.rolloff
    s._event("rolloff", "roll-off: " + rolls_text(group, a.faces, DIGITS))
    sub = [g[0] if len(g) == 1 else g for g in rolloff_groups(group, a.faces)]
    i = s.slots.index(group)
    s.slots = s.slots[:i] + tuple(sub) + s.slots[i + 1:]
    _resolve_order(s)


def _has_future_tiles(s) -> bool:
    return any(r >= 1 for (_, r) in s.tiles)


def _time_marches_on(s):
    s.active = s.slots[0]
    if s.round == 1 or not _has_future_tiles(s):
        s._event("tmo_skip", "no column check this round")
        _start_turns(s)
        return
    s.phase_ = "tmo"
    s.tmo_column = 0
    s.player = CHANCE


def _on_tmo(s, a: Roll):
    _column_check(s, s.tmo_column, a.faces, s.active)
    s.tmo_column += 1
    if s.tmo_column == s.options.columns:
        _start_turns(s)


def _column_check(s, column, faces, active):
    best = highest_by_suit(SUIT_RANK[spot.name] for (c, r), spot in s.tiles.items()
                           if c == column and r >= 1 and spot.face_up)
    n = count_successes(faces, best)
    advanced = n >= s.options.successes_to_advance
    s.last_roll = (column, tuple(faces), n, advanced)
    s._event("success", f"column {column + 1}: {Roll(tuple(faces))} -> {n} success{'es' if n != 1 else ''}")
    if advanced:
        s._event("tmo", f"column {column + 1} advances")
        _advance_column(s, column, active)
    else:
        s._event("tmo", f"column {column + 1} does not advance")


def _advance_column(s, column, active):
    """Time Marches On 5.a-c for one column; removed tiles go to ``active``."""
    tiles = dict(s.tiles)
    present = tiles.get((column, 0))
    f1 = tiles.get((column, 1))
    if f1 is not None and f1.face_up:
        if present is not None:
            del tiles[(column, 0)]
            s._give_tile(active, present.name)
            s._event("adv_a", f"column {column + 1}: {present.name} leaves the Present and goes to player {active}")
            s._return_marks(present.name)
        start = 1
    else:
        if f1 is not None:
            on_f1 = [c for c in B.tile_cells(column, 1) if c in s.coins]
            s._coins_to_bag(on_f1)
            del tiles[(column, 1)]
            s._give_tile(active, f1.name)
            s._event("adv_b", f"column {column + 1}: the face-down Future 1 tile goes to player {active}"
                     + (f" and {len(on_f1)} coin(s) return to the bag" if on_f1 else ""))
        start = 2
    moved = {}
    for (c, r) in sorted(k for k in tiles if k[0] == column and k[1] >= start):
        moved[(c, r - 1)] = tiles.pop((c, r))
    tiles.update(moved)
    s.tiles = tiles
    if any(x // 2 == column for (x, _) in s.coins):
        s.coins = {((x, y - 2) if x // 2 == column else (x, y)): spot for (x, y), spot in s.coins.items()}
    if moved:
        s._event("adv_c", f"column {column + 1}: the future tiles move up one row")


def _start_turns(s):
    s.next_slot = 0
    s.done = ()
    _next_turn(s)


def _next_turn(s):
    if s.next_slot < len(s.slots):
        if s.spiral_pending:
            s.phase_ = "spiral_choice"
            s.asking = s.spiral_pending
            s.yes = ()
            s.player = s.asking[0]
            return
        p = s.slots[s.next_slot]
        s.next_slot += 1
        _begin_turn(s, p)
        return
    if s.spiral_pending:
        if len(s.spiral_pending) == 1:
            p = s.spiral_pending[0]
            s.spiral_pending = ()
            s._event("spiral_last", f"player {p} still holds a spiral and plays last")
            _begin_turn(s, p)
            return
        s._event("spiral_last", "the spiral holders who have not played roll off for the last turns")
        s.slots = s.slots + (s.spiral_pending,)
        s.spiral_pending = ()
        s.order_then = "turns"
        _resolve_order(s)
        return
    _start_round(s)


def _on_spiral_choice(s, a):
    p = s.asking[0]
    if isinstance(a, TakeTurnNow):
        s.yes = s.yes + (p,)
    s.asking = s.asking[1:]
    if s.asking:
        s.player = s.asking[0]
        return
    if not s.yes:
        p = s.slots[s.next_slot]
        s.next_slot += 1
        _begin_turn(s, p)
    elif len(s.yes) == 1:
        p = s.yes[0]
        s.spiral_pending = _without(s.spiral_pending, p)
        s._event("spiral", f"player {p} plays the spiral and cuts in now")
        _begin_turn(s, p)
    else:
        s.phase_ = "spiral_rolloff"
        s.rolloff = s.yes
        s.player = CHANCE


def _on_spiral_rolloff(s, a: Roll):
    s._event("spiral_tie", "spiral roll-off: " + rolls_text(s.rolloff, a.faces, DIGITS))
    best = rolloff_groups(s.rolloff, a.faces)[0]
    if len(best) > 1:
        s.rolloff = best
        return
    p = best[0]
    s.rolloff = ()
    s.spiral_pending = _without(s.spiral_pending, p)
    _begin_turn(s, p)


def _begin_turn(s, p):
    s.turn_player = p
    s.turn_count += 1
    s.done = s.done + (p,)
    s.pend = None
    saved = s.saved[p]
    hand = (saved,) if saved is not None else ()
    s.saved = _set(s.saved, p, None)
    s.coin_hands = _set(s.coin_hands, p, hand)
    s._event("draw_saved" if saved else "draw", f"player {p}'s turn" + (" (picks up the saved coin)" if saved else ""))
    s.draws_needed = max(0, s.options.hand_size - len(hand))
    _continue_draw(s)


def _continue_draw(s):
    p = s.turn_player
    if s.draws_needed > 0 and not s.bag:
        rounds = 0
        while len(s.bag) < s.draws_needed and _has_future_tiles(s):
            for c in range(s.options.columns):
                _advance_column(s, c, p)
            rounds += 1
        s._event("draw_short", f"the bag is empty: mandatory advancement of every column ({rounds} time(s)); "
                 f"{len(s.bag)} coin(s) back in the bag")
        if not s.bag:
            s.draws_needed = 0
    if s.draws_needed > 0:
        s.phase_ = "draw"
        s.player = CHANCE
        return
    bonus = s.given[p]
    if bonus:
        s.coin_hands = _set(s.coin_hands, p, s.coin_hands[p] + bonus)
        s.given = _set(s.given, p, ())
        s.given_by = _set(s.given_by, p, ())
        s._event("bonus", f"player {p} adds {len(bonus)} coin(s) given by other players")
    s.ap = s.options.action_points
    _action_menu(s)


def _on_draw(s, a: Draw):
    p = s.turn_player
    s.bag = _without(s.bag, a.piece)
    s.coin_hands = _set(s.coin_hands, p, s.coin_hands[p] + (a.piece,))
    s.draws_needed -= 1
    _continue_draw(s)


def _enter(s, phase):
    """Go to a decision step of the turn player; take it at once if only one choice exists."""
    s.phase_ = phase
    s.player = s.turn_player
    if phase in AUTO_PHASES:
        s._forget()
        legal = s._compute_legal()
        if len(legal) == 1:
            _HANDLERS[phase](s, legal[0])


def _action_menu(s):
    s.pend = None
    s._forget()
    if s.ap <= 0 or not s._kinds():
        _end_actions(s)
        return
    s.phase_ = "action"
    s.player = s.turn_player


def _on_action(s, a):
    if isinstance(a, EndActions):
        _end_actions(s)
        return
    s.ap -= AP_COST[a.kind]
    s.pend = {"kind": a.kind}
    s._event(a.kind if a.kind in ("place", "advance") else {"reveal_coin": "reveal_coin", "attack": "attack",
                                                            "reveal_tile": "reveal_tile"}[a.kind],
             f"player {s.turn_player} chooses {KIND_NAMES[a.kind]} ({AP_COST[a.kind]} action point(s))")
    if a.kind == "place":
        _enter(s, "new_tile")
    elif a.kind in ("reveal_coin", "attack"):
        _enter(s, "target")
    elif a.kind == "reveal_tile":
        _enter(s, "target_tile")
    else:
        _enter(s, "column")


def _on_new_tile(s, a):
    if isinstance(a, NewTile):
        s.pend = {**s.pend, "new_tile": (a.column, a.row)}
        _enter(s, "tile_from_hand")
    else:
        _enter(s, "coin_from_hand")


def _on_tile_from_hand(s, a: TileFromHand):
    s.pend = {**s.pend, "tile": a.tile}
    _enter(s, "coin_from_hand")


def _on_coin_from_hand(s, a: CoinFromHand):
    s.pend = {**s.pend, "coin": a.coin}
    _enter(s, "cell")


def _on_cell(s, a: Cell):
    cell = (a.x, a.y)
    if s.pend["kind"] == "attack":
        _place(s, cell, _step_to(cell, s.pend["target"]))
        return
    s.pend = {**s.pend, "cell": cell}
    _enter(s, "direction")


def _on_direction(s, a: Direction):
    _place(s, s.pend["cell"], a.direction)


def _place(s, cell, direction):
    """Take Actions 5.a.ii-iv (and 5.c.iii.a for an attacking coin)."""
    p = s.turn_player
    pend = s.pend
    if pend.get("new_tile") is not None:
        pos, name = pend["new_tile"], pend["tile"]
        s.tiles = B.with_tile(s.tiles, pos, B.TileSpot(name, False, p))
        s.tile_hands = _set(s.tile_hands, p, _without(s.tile_hands[p], name))
        s._event("new_tile", f"player {p} lays a tile face down at column {pos[0] + 1}, {B.row_name(pos[1])}")
    coin = pend["coin"]
    coins = dict(s.coins)
    coins[cell] = B.CoinSpot(coin, direction, False, p, False)
    s.coins = coins
    s.coin_hands = _set(s.coin_hands, p, _without(s.coin_hands[p], coin))
    key = "attack_place" if pend["kind"] == "attack" else "place"
    s._event(key, f"player {p} places the {rank_name(_rank(coin))} coin at "
             f"{B.cell_name(*cell, s.options.columns)}, pointing {direction}")
    s.pend = {**pend, "cell": cell}
    if _is_spiral(coin):
        s._event("spiral_played", "a spiral was played: check for an unexpected effect")
        s.cont = "attack" if pend["kind"] == "attack" else "action"
        s.phase_ = "unexpected"
        s.player = CHANCE
        return
    if pend["kind"] == "attack":
        _resolve_attack(s)
    else:
        _action_menu(s)


def _on_target(s, a: Target):
    s.pend = {**s.pend, "target": (a.x, a.y), "stage": "pay"}
    _enter(s, "give")


def _on_target_tile(s, a: TargetTile):
    s.pend = {**s.pend, "target": (a.column, a.row), "stage": "pay"}
    _enter(s, "give")


def _on_column(s, a: Column):
    s.pend = {**s.pend, "column": a.column}
    s.phase_ = "advance_roll"
    s.player = CHANCE


def _on_advance_roll(s, a: Roll):
    _column_check(s, s.pend["column"], a.faces, s.turn_player)
    _action_menu(s)


def _on_give(s, a: Give):
    s.pend = {**s.pend, "pay": a.coin}
    _enter(s, "give_to")


def _on_give_to(s, a: GiveTo):
    p = s.turn_player
    coin = s.pend["pay"]
    s.coin_hands = _set(s.coin_hands, p, _without(s.coin_hands[p], coin))
    s.given = _set(s.given, a.player, s.given[a.player] + (coin,))
    s.given_by = _set(s.given_by, a.player, s.given_by[a.player] + (p,))
    kind, stage = s.pend["kind"], s.pend.get("stage")
    rule = {"reveal_coin": "reveal_coin", "attack": "attack", "reveal_tile": "reveal_tile"}[kind]
    if stage == "remove":
        rule = "attack_remove"
    s._event(rule, f"player {p} gives {coin} to player {a.player}", seen_by=(p, a.player),
             public=f"player {p} gives a coin to player {a.player}")
    if kind == "reveal_coin":
        _reveal_coin(s, s.pend["target"])
        _action_menu(s)
    elif kind == "reveal_tile":
        _reveal_tile(s, s.pend["target"])
        _action_menu(s)
    elif stage == "remove":
        t = s.pend["target"]
        victim = s.coins[t]
        s._coins_to_bag([t])
        value = f"the attacked {rank_name(_rank(victim.name))} coin"
        knew = None if (victim.symbol_up or victim.suit_seen) else (victim.placed_by,)
        s._event("attack_remove", f"{value} ({victim.name}) is removed to the bag", seen_by=knew,
                 public=f"{value} is removed to the bag")
        _action_menu(s)
    else:
        _enter(s, "new_tile")


def _reveal_coin(s, target):
    """Take Actions 5.b.vi-vii: reveal, then the chain reaction it sets off."""
    chain = s.chain_preview(target)
    coins = dict(s.coins)
    spot = coins[target]
    coins[target] = spot._replace(symbol_up=True, suit_seen=True)
    s._event("reveal_flip", f"the coin at {B.cell_name(*target, s.options.columns)} is revealed: {spot.name}")
    for cell in chain:
        coins[cell] = coins[cell]._replace(symbol_up=True, suit_seen=True)
        s._event("chain", f"chain reaction: the coin at {B.cell_name(*cell, s.options.columns)} "
                 f"is revealed: {coins[cell].name}")
    s.coins = coins


def _reveal_tile(s, pos):
    """Take Actions 5.d.iv."""
    p = s.turn_player
    spot = s.tiles[pos]
    cells = [c for c in B.tile_cells(*pos) if c in s.coins]
    symbol = [SUIT_RANK[s.coins[c].name] for c in cells if s.coins[c].symbol_up]
    suit, rank = SUIT_RANK[spot.name]
    support = tile_support(suit, symbol)
    s._coins_to_bag(cells)
    tiles = dict(s.tiles)
    if tile_stays(rank, support):
        tiles[pos] = spot._replace(face_up=True)
        s._event("reveal_tile_sum", f"the tile is {spot.name}: support {support} reaches {rank}, it stays face up")
    else:
        del tiles[pos]
        s._give_tile(p, spot.name)
        s._event("reveal_tile_sum", f"the tile is {spot.name}: support {support} is below {rank}, "
                 f"it goes to player {p}")
    s.tiles = tiles


def _resolve_attack(s):
    """Take Actions 5.c.iii.b and 5.c.iv.b."""
    target, cell = s.pend["target"], s.pend["cell"]
    attacker = s.coins.get(cell)
    victim = s.coins.get(target)
    if attacker is None or victim is None or attacker.name != s.pend["coin"]:
        s._event("attack", "the unexpected effect swept the attack away: it has no effect")
        _action_menu(s)
        return
    wild = _is_spiral(attacker.name)
    value = _rank(attacker.name)
    if not victim.symbol_up:
        if wild or value >= _rank(victim.name):
            s._coins_to_bag([target])
            s._event("attack_number", f"the attack succeeds: the {rank_name(_rank(victim.name))} coin returns to the bag")
        else:
            s._event("attack_number", "the attack fails: the attacked coin's number is higher")
        _action_menu(s)
        return
    support = [_rank(spot.name) for c, spot in s.coins.items()
               if not spot.symbol_up and B.target_cell(c[0], c[1], spot.direction) == target]
    if wild or value >= max(support, default=0):
        if s.coin_hands[s.turn_player]:
            _enter(s, "remove_or_flip")
        else:
            _flip_back(s, target)
            _action_menu(s)
    else:
        s._event("attack_symbol", "the attack fails: a supporting coin shows a higher number")
        _action_menu(s)


def _flip_back(s, target):
    coins = dict(s.coins)
    coins[target] = coins[target]._replace(symbol_up=False)
    s.coins = coins
    s._event("attack_symbol", f"the attack succeeds: the coin at {B.cell_name(*target, s.options.columns)} flips back to its number side")


def _on_remove_or_flip(s, a):
    if isinstance(a, Flip):
        _flip_back(s, s.pend["target"])
        _action_menu(s)
    else:
        s.pend = {**s.pend, "stage": "remove"}
        _enter(s, "give")


def _on_unexpected(s, a: Spot):
    """Unexpected Effects 2-4."""
    pos = (a.column, a.row)
    s.last_spot = pos
    spot = s.tiles.get(pos)
    where = f"{B.column_name(a.column, s.options.columns)} column, {B.row_name(a.row)}"
    if spot is None:
        s._event("unexpected", f"unexpected effect at {where}: no tile, no effect")
    elif a.row == 0:
        tiles = dict(s.tiles)
        del tiles[pos]
        s.tiles = tiles
        s._give_tile(s.turn_player, spot.name)
        s._event("unexpected", f"unexpected effect at {where}: {spot.name} leaves the Present to player {s.turn_player}")
        s._return_marks(spot.name)
    elif spot.face_up:
        s.tiles = B.with_tile(s.tiles, pos, spot._replace(face_up=False, seen=True))
        s._event("unexpected", f"unexpected effect at {where}: {spot.name} turns face down")
    else:
        cells = [c for c in B.tile_cells(*pos) if c in s.coins]
        s._coins_to_bag(cells)
        s.tiles = B.with_tile(s.tiles, pos, spot._replace(face_up=True))
        s._event("unexpected", f"unexpected effect at {where}: the tile turns face up ({spot.name})"
                 + (f"; {len(cells)} coin(s) return to the bag" if cells else ""))
    cont = s.cont
    s.cont = ""
    if cont == "attack":
        _resolve_attack(s)
    elif cont == "save":
        _after_save(s)
    else:
        _action_menu(s)


def _end_actions(s):
    s.pend = None
    if s.coin_hands[s.turn_player]:
        s.phase_ = "save"
        s.player = s.turn_player
    else:
        _after_save(s)


def _on_save(s, a):
    p = s.turn_player
    hand = s.coin_hands[p]
    keep = a.coin if isinstance(a, Save) else None
    back = tuple(c for c in hand if c != keep)
    s.bag = tuple(sorted(s.bag + back))
    s.coin_hands = _set(s.coin_hands, p, ())
    if keep is not None:
        s.saved = _set(s.saved, p, keep)
        s._event("save", f"player {p} saves the {rank_name(_rank(keep))} coin and returns {len(back)} to the bag")
        if _is_spiral(keep):
            s._event("save_spiral", "a saved spiral: check for an unexpected effect")
            s.cont = "save"
            s.phase_ = "unexpected"
            s.player = CHANCE
            return
    else:
        s._event("save", f"player {p} saves nothing and returns {len(back)} coin(s) to the bag")
    _after_save(s)


def _after_save(s):
    p = s.turn_player
    s.phase_ = "after_save"
    # Declare Progress 9: the step comes whenever the marker is free, even when no Present
    # tile matches the goal, so that passing it tells the others nothing about the goal.
    if s.options.progress_marking and s.marks[p] is None:
        s.phase_ = "mark"
        s.player = p
        return
    _victory_check(s)


def _on_mark(s, a):
    p = s.turn_player
    if isinstance(a, Mark):
        name = s.tiles[(a.column, 0)].name
        s.marks = _set(s.marks, p, (name, s.round))
        s._event("mark", f"player {p} marks {name} to declare progress")
    _victory_check(s)


def _victory_check(s):
    p = s.turn_player
    if s.has_won(p):
        s._event("victory" if s.options.progress_marking else "victory_nomark",
                 f"player {p} reveals the goal {s.goals[p][0]} & {s.goals[p][1]} and wins")
        _finish(s, p, "victory")
        return
    s.turn_player = -1
    s.ap = 0
    _next_turn(s)


def _finish(s, winner, reason):
    s.winner = winner
    s.end_reason = reason
    s.phase_ = "over"
    s.player = TERMINAL


_HANDLERS = {
    "deal": _on_deal, "goal_draw": _on_goal_draw, "goal": _on_goal,
    "order_rolloff": _on_order_rolloff, "tmo": _on_tmo,
    "spiral_choice": _on_spiral_choice, "spiral_rolloff": _on_spiral_rolloff,
    "draw": _on_draw, "action": _on_action, "new_tile": _on_new_tile,
    "tile_from_hand": _on_tile_from_hand, "coin_from_hand": _on_coin_from_hand,
    "cell": _on_cell, "direction": _on_direction, "target": _on_target,
    "target_tile": _on_target_tile, "column": _on_column, "advance_roll": _on_advance_roll,
    "give": _on_give, "give_to": _on_give_to, "remove_or_flip": _on_remove_or_flip,
    "unexpected": _on_unexpected, "save": _on_save, "mark": _on_mark,
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
                f"player {p}'s marker is on {m[0]}, which is not in the Present row"
    if state.player not in (CHANCE, TERMINAL):
        assert state.legal_actions(), f"no legal action at decision phase {state.phase}"
    if state.phase_ in ("action", "save", "mark") or state.phase_ in AUTO_PHASES:
        assert state.player == state.turn_player


ConspiracyState.HANDLERS = _HANDLERS
ConspiracyState.CACHE_KEYS = _CACHE_KEYS
ConspiracyState.RULES = RULES
