"""Conspiracy's exercises (issues 33 and 44): the named parts of ``data/exercises/conspiracy.json``
(:mod:`explorer.engine.sheets`) that data cannot say.

The exercises follow the rulebook's parts: Initial Setup 3 (the secret goal), Determine Player
Order, Time Marches On (column checks and advances), Draw Coins, Take Actions (the action points,
Place Coin with a new tile, Reveal Coin and its chain reaction, Attack Coin, Reveal Tile),
Save/Discard Coins, Unexpected Effects and Declare Progress or Victory.  The parts for the round's
frame and its special cases (the deal, roll-offs, spiral holders cutting in or playing last, skipped
column checks, tiles moving up, markers sent back, an empty bag, a spiral placed on the board,
attacks on symbol-side-up coins) are in :mod:`.exercises_round`; the words both modules share in
:mod:`.exercise_words`.  Each cites the same :data:`~explorer.games.conspiracy.rules.RULES` entries
the engine's refusals and steps cite.

Every question can be answered from the viewer's observation: it asks about the board (tiles'
places and faces, coins' values and directions, symbol-side-up suits), the saved coins' numbers
and the viewer's own pieces, never about another seat's hand, goal or face-down tile.  Chances
come from :mod:`.odds`.  Positions are game records saved in the sheet (the worked example cut at
a step, or seeded games stopped where a case first arose), each posed to the seat whose decision it
is, so that a test can resample what the viewer cannot see.
"""
from __future__ import annotations

from explorer.engine.sheet_parts import Chance, Outcome, Scope, named_parts
from explorer.engine.words import counted, seat_name

from . import odds
from .actions import KIND_NAMES, KINDS, Cell, Choose, Goal, Mark, NewTile, Target, TargetTile
from .equipment import SUIT_RANK, is_spiral
from .exercise_words import NOBODY
from .exercise_words import seat_or_nobody as _seat_or_nobody
from .exercise_words import tile_where as _tile_where
from .exercise_words import where as _where
from .exercise_words import yes_no as _yes_no
from . import exercises_round as R
from .reckoning import DIE_SUITS, highest_by_suit, successful_faces
from .rules import RULES
from .take_actions import AP_COST


# ----------------------------------------------------------------------------- setup & round 1


def _goal_candidates(state):
    """Every suit against the numbers drawn and the lowest one not drawn: the allowed goals
    and near misses."""
    numbers = {SUIT_RANK[c][1] for c in state.goal_draws[state.player]}
    numbers.add(min(set(range(6)) - numbers))
    return [Goal(suit, n) for suit in DIE_SUITS for n in sorted(numbers)]


GOAL_CHOICE = Scope(
    test=lambda a: isinstance(a, Goal),
    candidates=_goal_candidates,
    why=lambda s, a: (f"{a.suit} and {a.number} each show on a drawn coin", RULES["goal"]))


def _draw_explain(state, p):
    spirals = sum(is_spiral(c) for c in state.bag)
    return (f"{counted(len(state.bag), 'coin')} in the bag, {spirals} of them spirals: missing them on every "
            f"draw has chance {1 - p}, so at least one spiral has chance {p}", RULES["draw"])


DRAW_SPIRAL = Chance(
    probability=lambda s: odds.draw_odds(s, s.turn_player, rank="ace"),
    explain=_draw_explain)


PLACE_CELLS = Scope(
    test=lambda a: isinstance(a, Cell),
    why=lambda s, a: (f"{_where(a.x, a.y)}: a free square on a face-down tile, next to a coin or face-up tile "
                      "(or on the top edge of Future 1), with something to point at", RULES["place_adj"]))


NEW_TILE_PLACES = Scope(
    test=lambda a: isinstance(a, NewTile),
    why=lambda s, a: (f"{_tile_where(a.column, a.row)} is empty, in a column, beside a tile (or in Future 1), "
                      "and the new coin has a square there", RULES["new_tile"]))


def _spiral_explain(state, p):
    hit = [k for k in state.tiles if k[1] <= 5]
    return (f"two dice pick one of 18 column-and-row pairs, all equally likely; {len(hit)} of them "
            f"hold a tile, so the chance is {p}", RULES["unexpected"])


SPIRAL_HIT = Chance(
    probability=lambda s: odds.board_spiral_risk(s)["hits_tile"],
    explain=_spiral_explain)


def _first(before, after):
    return after.slots[0]


FIRST_PLAYER = Outcome(
    read=_first,
    choices=lambda s: tuple(range(s.players)),
    words=seat_name,
    explain=lambda b, a: (f"the highest saved number goes first; the spiral's holder may cut in anywhere; "
                          f"the order is {', '.join(seat_name(p) for p in a.slots if isinstance(p, int))}",
                          RULES["order"]))


# ------------------------------------------------------------------------------------- round 2


def _successes_explain(before, after):
    column, faces, n, _ = after.last_roll
    best = highest_by_suit(SUIT_RANK[sp.name] for (c, r), sp in before.tiles.items()
                           if c == column and r >= 1 and sp.face_up)
    ok = [suit for suit, f in zip(DIE_SUITS, faces, strict=True) if f in successful_faces(suit, best)]
    return (f"{counted(n, 'success', 'successes')} ({', '.join(ok) or 'none'}): a symbol always counts, a blank "
            "never, a number only up to the highest face-up future tile of its suit in the column",
            RULES["success"])


TMO_SUCCESSES = Outcome(
    read=lambda b, a: a.last_roll[2],
    choices=lambda s: tuple(range(5)),
    explain=_successes_explain)


def _tile_receiver(before, after):
    for p in range(before.players):
        if len(after.tile_hands[p]) > len(before.tile_hands[p]):
            return p
    return NOBODY


TMO_TILE_TO = Outcome(
    read=_tile_receiver,
    choices=lambda s: (NOBODY, *range(s.players)),
    words=_seat_or_nobody,
    explain=lambda b, a: ("two symbols advance the column; a face-down Future 1 tile cannot move into the "
                          f"Present, so it goes to the active player, {seat_name(b.active)}, the round's "
                          "first player", RULES["adv_b"]))


def _hand_at_actions(before, after):
    """The number of coins the next player holds when their actions begin (the draws played
    out: any coins do, only their count is asked)."""
    s = after
    while s.phase_ == "draw":
        s = s.apply(s.chance_outcomes()[0][0])
    return len(s.coin_hands[s.turn_player])


def _hand_explain(before, after):
    p = after.turn_player
    return (f"{seat_name(p)} picks up the saved coin, draws {after.draws_needed} to make three, then adds "
            f"{counted(len(after.given[p]), 'coin')} given by others", RULES["bonus"])


DRAW_COUNT = Outcome(
    read=_hand_at_actions,
    choices=lambda s: tuple(range(1, 7)),
    explain=_hand_explain)


def _menu_why(state, a):
    return (f"{KIND_NAMES[a.kind]} costs {counted(AP_COST[a.kind], 'action point')}, the hand has the coins it "
            "needs and the board offers it a target", RULES["ap"])


ACTION_MENU = Scope(
    test=lambda a: isinstance(a, Choose),
    candidates=lambda s: [Choose(k) for k in KINDS],
    why=_menu_why)


SAVE_DISCARD = Outcome(
    read=lambda b, a: len(a.bag) - len(b.bag),
    choices=lambda s: tuple(range(len(s.coin_hands[s.turn_player]) + 1)),
    explain=lambda b, a: ("one coin may be kept, number side up in view; every other coin in hand returns",
                          RULES["save"]))


# --------------------------------------------------------------------------- later in a game

REVEAL_COIN_TARGETS = Scope(
    test=lambda a: isinstance(a, Target),
    why=lambda s, a: (f"the coins pointing at {_where(a.x, a.y)} add up as needed: one coin of exactly its "
                      "value, or two or more beating it (a pointing spiral is wild)", RULES["reveal_cond"]))


def _chained(before, after):
    turned = sorted(c for c, spot in after.coins.items()
                    if spot.symbol_up and c in before.coins and not before.coins[c].symbol_up
                    and c != before.pend["target"])
    return ("cell", *turned[0]) if turned else None


def _number_coins(state):
    """The board keys of the number-side-up coins other than the one being revealed."""
    return tuple(("cell", *c) for c, spot in sorted(state.coins.items())
                 if not spot.symbol_up and c != state.pend["target"])


CHAIN_REACTION = Outcome(
    read=_chained,
    place=True,
    choices=_number_coins,
    words=lambda k: "no other coin" if k is None else f"the coin at {_where(k[1], k[2])}",
    explain=lambda b, a: ("the revealed coin points at a number-side-up coin that now has two symbol-side-up "
                          "coins pointing at it, so that one turns too", RULES["chain"]))


ATTACK_NUMBER = Outcome(
    read=lambda b, a: b.pend["target"] not in a.coins,
    choices=lambda s: (True, False),
    words=_yes_no,
    explain=lambda b, a: ("an attacking number at least equal to the attacked number removes it "
                          "(a tie is enough)", RULES["attack_number"]))


ATTACK_TARGETS = Scope(
    test=lambda a: isinstance(a, Target),
    why=lambda s, a: (f"a free square of a face-down tile next to {_where(a.x, a.y)} (or a tile that could be "
                      "laid there) can hold a coin pointing at it", RULES["attack_place"]))


REVEAL_TILE_TARGETS = Scope(
    test=lambda a: isinstance(a, TargetTile),
    why=lambda s, a: (f"the tile in {_tile_where(a.column, a.row)} is face down and holds two or more "
                      "symbol-side-up coins", RULES["reveal_tile"]))


def _stays(before, after):
    spot = after.tiles.get(before.pend["target"])
    return spot is not None and spot.face_up


def _stay_explain(before, after):
    said = [e.text for e in after.events if e.rule == RULES["reveal_tile_sum"]]
    return (f"{said[-1] if said else 'the tile is revealed'}: a matching coin counts its value, an opposing "
            "one minus its value, any other 1", RULES["reveal_tile_sum"])


REVEAL_TILE_STAYS = Outcome(
    read=_stays,
    choices=lambda s: (True, False),
    words=lambda v: "yes, it stays face up" if v else "no, it leaves the board",
    explain=_stay_explain)


def _column_chance(state, column=None):
    column = state.tmo_column if column is None else column
    return odds.advance_probability(odds.column_face_up_tiles(state, column), state.options.successes_to_advance)


def _column_explain(state, p, column=None):
    column = state.tmo_column if column is None else column
    faces = odds.column_success_faces(odds.column_face_up_tiles(state, column))
    per = ", ".join(f"{suit} {len(f)} of 6" for suit, f in faces.items())
    return f"faces that succeed: {per}; two or more successes have chance {p}", RULES["success"]


COLUMN_CHANCE = Chance(
    probability=_column_chance,
    explain=_column_explain)


def _advance_explain(state, p):
    text, rule = _column_explain(state, p, state.pend["column"])
    return f"the dice are rolled as in Time Marches On: {text}", RULES["advance"]


ADVANCE_CHANCE = Chance(
    probability=lambda s: _column_chance(s, s.pend["column"]),
    explain=_advance_explain)


MARK_TILE = Scope(
    test=lambda a: isinstance(a, Mark),
    candidates=lambda s: [Mark(c) for c in range(s.options.columns)],
    why=lambda s, a: (f"{s.tiles[(a.column, 0)].name} shows the goal's suit or number", RULES["mark"]))


VICTORY = Outcome(
    read=lambda b, a: a.winner == b.turn_player,
    choices=lambda s: (True, False),
    words=_yes_no,
    explain=lambda b, a: ("the goal's suit and number show on two different Present tiles, and one of them "
                          "carries the player's marker from an earlier round", RULES["victory"]))


#: the named parts, by exercise key (the sheet's order)
SHEET_PARTS = named_parts({
    "deal-count": R.DEAL,
    "goal-choice": GOAL_CHOICE,
    "rolloff-again": R.ROLLOFF,
    "draw-spiral": DRAW_SPIRAL,
    "place-cells": PLACE_CELLS,
    "new-tile-places": NEW_TILE_PLACES,
    "spiral-placed": R.SPIRAL_PLACED,
    "spiral-hit": SPIRAL_HIT,
    "first-player": FIRST_PLAYER,
    "tmo-skipped": R.TMO_SKIPPED,
    "tmo-successes": TMO_SUCCESSES,
    "tmo-tile-to": TMO_TILE_TO,
    "tmo-move-up": R.TMO_MOVE_UP,
    "draw-count": DRAW_COUNT,
    "action-menu": ACTION_MENU,
    "save-discard": SAVE_DISCARD,
    "spiral-tie": R.SPIRAL_TIE,
    "spiral-last": R.SPIRAL_LAST,
    "draw-short": R.DRAW_SHORT,
    "marks-back": R.MARKS_BACK,
    "attack-symbol": R.ATTACK_SYMBOL,
    "reveal-coin-targets": REVEAL_COIN_TARGETS,
    "chain-reaction": CHAIN_REACTION,
    "attack-targets": ATTACK_TARGETS,
    "attack-number": ATTACK_NUMBER,
    "reveal-tile-targets": REVEAL_TILE_TARGETS,
    "reveal-tile-stays": REVEAL_TILE_STAYS,
    "column-chance": COLUMN_CHANCE,
    "advance-chance": ADVANCE_CHANCE,
    "mark-tile": MARK_TILE,
    "victory": VICTORY,
})
