"""Conspiracy's exercises (issue 33): positions from the rulebook's extended example and from
seeded games, each posed to the seat whose decision it is, with answers the engine computes.

The exercises follow the rulebook's parts: Initial Setup 3 (the secret goal), Determine Player
Order, Time Marches On (column checks and advances), Draw Coins, Take Actions (the action points,
Place Coin with a new tile, Reveal Coin and its chain reaction, Attack Coin, Reveal Tile),
Save/Discard Coins, Unexpected Effects and Declare Progress or Victory.  The round's frame and its
special cases (the deal, roll-offs, spiral holders cutting in or playing last, skipped column checks,
tiles moving up, markers sent back, an empty bag, a spiral placed on the board, attacks on
symbol-side-up coins) are in :mod:`.exercises_round`; the positions and words both modules share in
:mod:`.exercise_positions`.  Each cites the same :data:`~explorer.games.conspiracy.rules.RULES`
entries the engine's refusals and steps cite.

Every question can be answered from the viewer's observation: it asks about the board (tiles'
places and faces, coins' values and directions, symbol-side-up suits), the saved coins' numbers
and the viewer's own pieces, never about another seat's hand, goal or face-down tile.  Chances
come from :mod:`.odds`.  Positions are game records (the worked example cut at a step, or a
seeded game stopped where a predicate first holds), so a test can resample what the viewer
cannot see.

``chapter`` names the heading of ``notebooks/conspiracy.ipynb`` each exercise follows.
"""
from __future__ import annotations

from explorer.engine.exercises import HowLikely, PickLegal, Predict
from explorer.engine.words import counted, seat_name

from . import board as B
from . import odds
from .actions import KIND_NAMES, KINDS, Cell, Choose, Goal, Mark, NewTile, NoMark, SaveNothing, Target, TargetTile, roll_words
from .equipment import SUIT_RANK, is_spiral, rank_of
from .exercise_positions import GAME, LATER, NOBODY, ROUND_1, ROUND_2
from .exercise_positions import coin_words as _coin_words
from .exercise_positions import example_at as _example_at
from .exercise_positions import number as _number
from .exercise_positions import piece_words as _piece
from .exercise_positions import seat_or_nobody as _seat_or_nobody
from .exercise_positions import seeded_at as _seeded
from .exercise_positions import sensible_policy as _sensible
from .exercise_positions import tile_where as _tile_where
from .exercise_positions import where as _where
from .exercise_positions import yes_no as _yes_no
from . import exercises_round as R
from .reckoning import DIE_SUITS, highest_by_suit, successful_faces
from .rules import RULES
from .take_actions import AP_COST


# ----------------------------------------------------------------------------- setup & round 1
_goal_rec, _goal_state, _ = _example_at(lambda s: s.phase_ == "goal" and s.player == 0)
_drawn = _goal_state.goal_draws[0]


def _goal_candidates(state):
    """Every suit against the numbers drawn and the lowest one not drawn: the allowed goals
    and near misses."""
    numbers = {SUIT_RANK[c][1] for c in state.goal_draws[state.player]}
    numbers.add(min(set(range(6)) - numbers))
    return [Goal(suit, n) for suit in DIE_SUITS for n in sorted(numbers)]


GOAL_CHOICE = PickLegal(
    key="goal-choice", game=GAME, title="A secret goal",
    question=(f"Player 1 drew the coins {', '.join(_piece(c) for c in _drawn)} for the goal (a blank counts 0, a spiral 1). "
              "Which secret goals may they write down? Pick every allowed one."),
    rules=(RULES["goal"],), position=_goal_rec, viewer=0, chapter=ROUND_1,
    scope=lambda a: isinstance(a, Goal), candidates=_goal_candidates,
    why=lambda s, a: (f"{a.suit} and {a.number} each show on a drawn coin", RULES["goal"]))


_draw_rec, _draw_state, _ = _example_at(lambda s: s.phase_ == "draw" and s.turn_player == 0)


def _draw_explain(state, p):
    spirals = sum(is_spiral(c) for c in state.bag)
    return (f"{counted(len(state.bag), 'coin')} in the bag, {spirals} of them spirals: missing them on every "
            f"draw has chance {1 - p}, so at least one spiral has chance {p}", RULES["draw"])


DRAW_SPIRAL = HowLikely(
    key="draw-spiral", game=GAME, title="A spiral in the first hand",
    question=("Player 1 opens round 1 with an empty hand and draws three coins from the full bag. "
              "How likely is at least one spiral (a wild card) among them?"),
    rules=(RULES["draw"],), position=_draw_rec, viewer=0, chapter=ROUND_1,
    probability=lambda s: odds.draw_odds(s, s.turn_player, rank="ace"), explain=_draw_explain)


_place_rec, _place_state, _ = _example_at(lambda s: s.phase_ == "cell" and s.turn_player == 2)

PLACE_CELLS = PickLegal(
    key="place-cells", game=GAME, title="Where a coin may go",
    question=(f"Player 3 places the {_number(_place_state.pend['coin'])} coin without laying a new tile. "
              "Click every square the coin may be placed on."),
    rules=(RULES["place_adj"], RULES["place_back"], RULES["place_dir"], RULES["place"]), position=_place_rec, viewer=2,
    chapter=ROUND_1, scope=lambda a: isinstance(a, Cell),
    why=lambda s, a: (f"{_where(a.x, a.y)}: a free square on a face-down tile, next to a coin or face-up tile "
                      "(or on the top edge of Future 1), with something to point at", RULES["place_adj"]))


_tile_rec, _tile_state, _ = _example_at(lambda s: s.phase_ == "new_tile" and s.turn_player == 2 and s.ap == 0)

NEW_TILE_PLACES = PickLegal(
    key="new-tile-places", game=GAME, title="Laying a new tile",
    question=("Player 3 places a second coin and may first lay a tile from hand face down, the coin going "
              "on it. Click every place where that new tile may be laid."),
    rules=(RULES["new_tile"],), position=_tile_rec, viewer=2, chapter=ROUND_1,
    scope=lambda a: isinstance(a, NewTile),
    why=lambda s, a: (f"{_tile_where(a.column, a.row)} is empty, in a column, beside a tile (or in Future 1), "
                      "and the new coin has a square there", RULES["new_tile"]))


_spiral_rec, _spiral_state, _ = _example_at(lambda s: s.phase_ == "unexpected" and s.turn_player == 2)


def _spiral_explain(state, p):
    hit = [k for k in state.tiles if k[1] <= 5]
    return (f"two dice pick one of 18 column-and-row pairs, all equally likely; {len(hit)} of them "
            f"hold a tile, so the chance is {p}", RULES["unexpected"])


SPIRAL_HIT = HowLikely(
    key="spiral-hit", game=GAME, title="Does the spiral's effect find a tile?",
    question=("Player 3 has just saved a spiral, so one die picks a column and a second roll picks a row. "
              "How likely is it that they point at a space holding a tile?"),
    rules=(RULES["unexpected"], RULES["save_spiral"]), position=_spiral_rec, viewer=2, chapter=ROUND_1,
    probability=lambda s: odds.board_spiral_risk(s)["hits_tile"], explain=_spiral_explain)


_order_rec, _order_state, _ = _example_at(lambda s: s.phase_ == "mark" and s.round == 1 and s.turn_player == 2)


def _saved_words(state) -> str:
    parts = []
    for p in range(state.players):
        c = state.saved[p]
        parts.append(f"{seat_name(p)} {'nothing' if c is None else 'a ' + _number(c)}")
    return ", ".join(parts)


def _first(before, after):
    return after.slots[0]


FIRST_PLAYER = Predict(
    key="first-player", game=GAME, title="Who goes first?",
    question=(f"Round 1 ends as Player 3 passes on marking. Saved coins: {_saved_words(_order_state)}. "
              "Who heads the turn order of round 2? (A spiral holder stands outside the order.)"),
    rules=(RULES["order"], RULES["spiral"]), position=_order_rec, viewer=2, chapter=ROUND_1,
    action=lambda s: NoMark(), outcome=_first, choices=lambda s: tuple(range(s.players)), words=seat_name,
    explain=lambda b, a: (f"the highest saved number goes first; the spiral's holder may cut in anywhere; "
                          f"the order is {', '.join(seat_name(p) for p in a.slots if isinstance(p, int))}",
                          RULES["order"]))


# ------------------------------------------------------------------------------------- round 2
def _check_at(column):
    return _example_at(lambda s: s.phase_ == "tmo" and s.round == 2 and s.tmo_column == column)


_check_rec, _check_state, _check_roll = _check_at(1)


def _successes_explain(before, after):
    column, faces, n, _ = after.last_roll
    best = highest_by_suit(SUIT_RANK[sp.name] for (c, r), sp in before.tiles.items()
                           if c == column and r >= 1 and sp.face_up)
    ok = [suit for suit, f in zip(DIE_SUITS, faces) if f in successful_faces(suit, best)]
    return (f"{counted(n, 'success', 'successes')} ({', '.join(ok) or 'none'}): a symbol always counts, a blank "
            "never, a number only up to the highest face-up future tile of its suit in the column",
            RULES["success"])


TMO_SUCCESSES = Predict(
    key="tmo-successes", game=GAME, title="Counting successes",
    question=(f"Time Marches On checks the middle column; the dice show {roll_words(_check_roll.faces)}. "
              "How many dice succeed?"),
    rules=(RULES["success"], RULES["tmo"]), position=_check_rec, viewer=_check_state.active, chapter=ROUND_2,
    action=lambda s: _check_roll, outcome=lambda b, a: a.last_roll[2], choices=lambda s: tuple(range(5)),
    explain=_successes_explain)


_right_rec, _right_state, _right_roll = _check_at(2)


def _tile_receiver(before, after):
    for p in range(before.players):
        if len(after.tile_hands[p]) > len(before.tile_hands[p]):
            return p
    return NOBODY


TMO_TILE_TO = Predict(
    key="tmo-tile-to", game=GAME, title="Where a tile goes",
    question=(f"The right column is checked: {roll_words(_right_roll.faces)}. Its Future 1 tile is face down. "
              "Who, if anyone, ends up with a tile from this column?"),
    rules=(RULES["adv_b"], RULES["adv_a"], RULES["tmo"]), position=_right_rec, viewer=_right_state.active,
    chapter=ROUND_2, action=lambda s: _right_roll, outcome=_tile_receiver,
    choices=lambda s: (NOBODY, *range(s.players)), words=_seat_or_nobody,
    explain=lambda b, a: ("two symbols advance the column; a face-down Future 1 tile cannot move into the "
                          f"Present, so it goes to the active player, {seat_name(b.active)}, the round's "
                          "first player", RULES["adv_b"]))


_hand_rec, _hand_state, _ = _example_at(lambda s: s.phase_ == "mark" and s.round == 2 and s.turn_player == 2)


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


DRAW_COUNT = Predict(
    key="draw-count", game=GAME, title="Coins for the turn",
    question=("Player 3 passes on marking, and Player 4's turn comes next. Player 4 saved a "
              f"{_number(_hand_state.saved[3])} last round and has been handed "
              f"{counted(len(_hand_state.given[3]), 'coin')} since. How many coins will Player 4 hold when "
              "their actions begin?"),
    rules=(RULES["draw_saved"], RULES["draw"], RULES["bonus"]), position=_hand_rec, viewer=3, chapter=ROUND_2,
    action=lambda s: NoMark(), outcome=_hand_at_actions, choices=lambda s: tuple(range(1, 7)),
    explain=_hand_explain)


_menu_rec, _menu_state, _ = _example_at(lambda s: s.phase_ == "action" and s.round == 2 and s.turn_player == 3
                                        and s.ap == 1)


def _menu_why(state, a):
    return (f"{KIND_NAMES[a.kind]} costs {counted(AP_COST[a.kind], 'action point')}, the hand has the coins it "
            "needs and the board offers it a target", RULES["ap"])


ACTION_MENU = PickLegal(
    key="action-menu", game=GAME, title="One action point left",
    question=(f"Player 4 has one action point left and {counted(len(_menu_state.coin_hands[3]), 'coin')} "
              "in hand. Which of the five actions may they still choose?"),
    rules=(RULES["ap"],), position=_menu_rec, viewer=3, chapter=ROUND_2,
    scope=lambda a: isinstance(a, Choose), candidates=lambda s: [Choose(k) for k in KINDS], why=_menu_why)


_save_rec, _save_state, _save = _example_at(lambda s: s.phase_ == "save" and s.round == 2 and s.turn_player == 3)

SAVE_DISCARD = Predict(
    key="save-discard", game=GAME, title="Saving a coin",
    question=(f"Player 4 ends their actions with {counted(len(_save_state.coin_hands[3]), 'coin')} in hand and "
              f"saves the {_piece(_save.coin)} coin. How many coins go back into the bag?"),
    rules=(RULES["save"],), position=_save_rec, viewer=3, chapter=ROUND_2,
    action=lambda s: _save, outcome=lambda b, a: len(a.bag) - len(b.bag),
    choices=lambda s: tuple(range(len(s.coin_hands[s.turn_player]) + 1)),
    explain=lambda b, a: ("one coin may be kept, number side up in view; every other coin in hand returns",
                          RULES["save"]))


# --------------------------------------------------------------------------- later in a game
_reveal_rec, _reveal_state = _seeded(
    1, lambda s: s.phase_ == "target" and s.pend["kind"] == "reveal_coin" and len(s.legal_actions()) >= 3,
    _sensible)

REVEAL_COIN_TARGETS = PickLegal(
    key="reveal-coin-targets", game=GAME, title="Which coins can be revealed?",
    question=(f"{seat_name(_reveal_state.turn_player)} has chosen Reveal Coin. Click every number-side-up coin "
              "they may turn symbol side up now."),
    rules=(RULES["reveal_cond"], RULES["reveal_coin"]), position=_reveal_rec, viewer=_reveal_state.turn_player,
    chapter=LATER, scope=lambda a: isinstance(a, Target),
    why=lambda s, a: (f"the coins pointing at {_where(a.x, a.y)} add up as needed: one coin of exactly its "
                      "value, or two or more beating it (a pointing spiral is wild)", RULES["reveal_cond"]))


_chain_rec, _chain_state = _seeded(
    2, lambda s: s.phase_ == "give_to" and s.pend["kind"] == "reveal_coin" and bool(s.chain_preview(s.pend["target"])),
    _sensible)


def _chained(before, after):
    turned = sorted(c for c, spot in after.coins.items()
                    if spot.symbol_up and c in before.coins and not before.coins[c].symbol_up
                    and c != before.pend["target"])
    return ("cell", *turned[0]) if turned else None


def _number_coins(state):
    """The board keys of the number-side-up coins other than the one being revealed."""
    return tuple(("cell", *c) for c, spot in sorted(state.coins.items())
                 if not spot.symbol_up and c != state.pend["target"])


CHAIN_REACTION = Predict(
    key="chain-reaction", game=GAME, title="A chain reaction",
    question=(f"{seat_name(_chain_state.turn_player)} pays for Reveal Coin on "
              f"{_coin_words(_chain_state, _chain_state.pend['target'])} at {_where(*_chain_state.pend['target'])}. "
              "Another coin turns symbol side up with it: click that coin."),
    rules=(RULES["chain"], RULES["reveal_flip"]), position=_chain_rec, viewer=_chain_state.turn_player,
    chapter=LATER, action=lambda s: s.legal_actions()[0], outcome=_chained, place=True, choices=_number_coins,
    words=lambda k: "no other coin" if k is None else f"the coin at {_where(k[1], k[2])}",
    explain=lambda b, a: ("the revealed coin points at a number-side-up coin that now has two symbol-side-up "
                          "coins pointing at it, so that one turns too", RULES["chain"]))


_attack_rec, _attack_state = _seeded(
    1, lambda s: (s.phase_ == "cell" and s.pend["kind"] == "attack" and not is_spiral(s.pend["coin"])
                  and not s.coins[s.pend["target"]].symbol_up
                  and rank_of(s.coins[s.pend["target"]].name) == rank_of(s.pend["coin"])))

ATTACK_NUMBER = Predict(
    key="attack-number", game=GAME, title="An attack on a number",
    question=(f"{seat_name(_attack_state.turn_player)} attacks the "
              f"{_number(_attack_state.coins[_attack_state.pend['target']].name)} coin at "
              f"{_where(*_attack_state.pend['target'])} with the {_piece(_attack_state.pend['coin'])} coin, now being "
              "placed to point at it. Is the attacked coin removed?"),
    rules=(RULES["attack_number"], RULES["attack_place"]), position=_attack_rec,
    viewer=_attack_state.turn_player, chapter=LATER,
    action=lambda s: s.legal_actions()[0], outcome=lambda b, a: b.pend["target"] not in a.coins,
    choices=lambda s: (True, False), words=_yes_no,
    explain=lambda b, a: ("an attacking number at least equal to the attacked number removes it "
                          "(a tie is enough)", RULES["attack_number"]))


_targets_rec, _targets_state = _seeded(0, lambda s: s.phase_ == "target" and s.pend["kind"] == "attack"
                                       and 2 <= len(s.legal_actions()) < len(s.coins))

ATTACK_TARGETS = PickLegal(
    key="attack-targets", game=GAME, title="Which coins can be attacked?",
    question=(f"{seat_name(_targets_state.turn_player)} has chosen Attack Coin. Click every coin on the board "
              "they may attack."),
    rules=(RULES["attack_place"], RULES["attack"]), position=_targets_rec, viewer=_targets_state.turn_player,
    chapter=LATER, scope=lambda a: isinstance(a, Target),
    why=lambda s, a: (f"a free square of a face-down tile next to {_where(a.x, a.y)} (or a tile that could be "
                      "laid there) can hold a coin pointing at it", RULES["attack_place"]))


_tiles_rec, _tiles_state = _seeded(25, lambda s: s.phase_ == "target_tile" and len(s.legal_actions()) >= 2,
                                   _sensible)

REVEAL_TILE_TARGETS = PickLegal(
    key="reveal-tile-targets", game=GAME, title="Which tiles can be revealed?",
    question=(f"{seat_name(_tiles_state.turn_player)} has chosen Reveal Tile. Click every face-down tile they "
              "may turn up now."),
    rules=(RULES["reveal_tile"],), position=_tiles_rec, viewer=_tiles_state.turn_player, chapter=LATER,
    scope=lambda a: isinstance(a, TargetTile),
    why=lambda s, a: (f"the tile in {_tile_where(a.column, a.row)} is face down and holds two or more "
                      "symbol-side-up coins", RULES["reveal_tile"]))


_stay_rec, _stay_state = _seeded(
    2, lambda s: (s.phase_ == "give_to" and s.pend["kind"] == "reveal_tile"
                  and s.tiles[s.pend["target"]].placed_by == s.turn_player), _sensible)


def _stay_coins(state) -> str:
    cells = [c for c in B.tile_cells(*state.pend["target"]) if c in state.coins]
    return ", ".join(_coin_words(state, c).removeprefix("the ") for c in cells)


def _stays(before, after):
    spot = after.tiles.get(before.pend["target"])
    return spot is not None and spot.face_up


def _stay_explain(before, after):
    said = [e.text for e in after.events if e.rule == RULES["reveal_tile_sum"]]
    return (f"{said[-1] if said else 'the tile is revealed'}: a matching coin counts its value, an opposing "
            "one minus its value, any other 1", RULES["reveal_tile_sum"])


REVEAL_TILE_STAYS = Predict(
    key="reveal-tile-stays", game=GAME, title="Does the revealed tile stay?",
    question=(f"{seat_name(_stay_state.turn_player)} pays for Reveal Tile on the "
              f"{_piece(_stay_state.tiles[_stay_state.pend['target']].name)} tile they laid face down in "
              f"{_tile_where(*_stay_state.pend['target'])}. On it: {_stay_coins(_stay_state)}. "
              "Does the tile stay face up?"),
    rules=(RULES["reveal_tile_sum"], RULES["reveal_tile"]), position=_stay_rec, viewer=_stay_state.turn_player,
    chapter=LATER, action=lambda s: s.legal_actions()[0], outcome=_stays, choices=lambda s: (True, False),
    words=lambda v: "yes, it stays face up" if v else "no, it leaves the board", explain=_stay_explain)


_odds_rec, _odds_state = _seeded(
    6, lambda s: s.phase_ == "tmo" and any(c == s.tmo_column and r >= 1 and sp.face_up and rank_of(sp.name) >= 2
                                           for (c, r), sp in s.tiles.items()), _sensible)


def _column_chance(state, column=None):
    column = state.tmo_column if column is None else column
    return odds.advance_probability(odds.column_face_up_tiles(state, column), state.options.successes_to_advance)


def _column_explain(state, p, column=None):
    column = state.tmo_column if column is None else column
    faces = odds.column_success_faces(odds.column_face_up_tiles(state, column))
    per = ", ".join(f"{suit} {len(f)} of 6" for suit, f in faces.items())
    return f"faces that succeed: {per}; two or more successes have chance {p}", RULES["success"]


_odds_tiles = odds.column_face_up_tiles(_odds_state, _odds_state.tmo_column)
COLUMN_CHANCE = HowLikely(
    key="column-chance", game=GAME, title="Will the column advance?",
    question=(f"Time Marches On is about to check the {B.column_name(_odds_state.tmo_column)} column, whose "
              f"future rows show {', '.join(_piece(t) for t in _odds_tiles)} face up. How likely is the column to advance?"),
    rules=(RULES["tmo"], RULES["success"]), position=_odds_rec, viewer=_odds_state.active, chapter=LATER,
    probability=_column_chance, explain=_column_explain)


_advance_rec, _advance_state = _seeded(
    0, lambda s: s.phase_ == "advance_roll" and bool(odds.column_face_up_tiles(s, s.pend["column"])), _sensible)
_advance_column = _advance_state.pend["column"]


def _advance_explain(state, p):
    text, rule = _column_explain(state, p, state.pend["column"])
    return f"the dice are rolled as in Time Marches On: {text}", RULES["advance"]


ADVANCE_CHANCE = HowLikely(
    key="advance-chance", game=GAME, title="Advance Column",
    question=(f"{seat_name(_advance_state.turn_player)} spends two action points on Advance Column for the "
              f"{B.column_name(_advance_column)} column, whose future rows show "
              f"{', '.join(_piece(t) for t in odds.column_face_up_tiles(_advance_state, _advance_column))} face up. "
              "How likely is the column to move up?"),
    rules=(RULES["advance"], RULES["success"]), position=_advance_rec, viewer=_advance_state.turn_player,
    chapter=LATER, probability=lambda s: _column_chance(s, s.pend["column"]), explain=_advance_explain)


_mark_rec, _mark_state = _seeded(26, lambda s: s.phase_ == "mark" and len(s.legal_actions()) >= 3)
_mark_goal = _mark_state.goals[_mark_state.turn_player]

MARK_TILE = PickLegal(
    key="mark-tile", game=GAME, title="Declaring progress",
    question=(f"{seat_name(_mark_state.turn_player)}'s secret goal is {_mark_goal[0]} & {_mark_goal[1]}, and "
              "their marker is free. Which Present tiles may they mark?"),
    rules=(RULES["mark"],), position=_mark_rec, viewer=_mark_state.turn_player, chapter=LATER,
    scope=lambda a: isinstance(a, Mark),
    candidates=lambda s: [Mark(c) for c in range(s.options.columns)],
    why=lambda s, a: (f"{s.tiles[(a.column, 0)].name} shows the goal's suit or number", RULES["mark"]))


_win_rec, _win_state = _seeded(2, lambda s: s.phase_ == "save" and s.apply(SaveNothing()).winner is not None,
                               _sensible)
_win_p = _win_state.turn_player


def _present(state) -> str:
    return ", ".join(_piece(state.tiles[(c, 0)].name) for c in range(state.options.columns) if (c, 0) in state.tiles)


VICTORY = Predict(
    key="victory", game=GAME, title="Victory?",
    question=(f"{seat_name(_win_p)}'s secret goal is {_win_state.goals[_win_p][0]} & {_win_state.goals[_win_p][1]}; "
              f"they marked the {_piece(_win_state.marks[_win_p][0])} tile in round {_win_state.marks[_win_p][1]}. The Present "
              f"row shows {_present(_win_state)}. They save nothing and end the turn: do they win?"),
    rules=(RULES["victory"], RULES["mark"]), position=_win_rec, viewer=_win_p, chapter=LATER,
    action=lambda s: SaveNothing(), outcome=lambda b, a: a.winner == b.turn_player,
    choices=lambda s: (True, False), words=_yes_no,
    explain=lambda b, a: ("the goal's suit and number show on two different Present tiles, and one of them "
                          "carries the player's marker from an earlier round", RULES["victory"]))


EXERCISES = [
    R.DEAL, GOAL_CHOICE, R.ROLLOFF, DRAW_SPIRAL, PLACE_CELLS, NEW_TILE_PLACES, R.SPIRAL_PLACED, SPIRAL_HIT,
    FIRST_PLAYER, R.TMO_SKIPPED,
    TMO_SUCCESSES, TMO_TILE_TO, R.TMO_MOVE_UP, DRAW_COUNT, ACTION_MENU, SAVE_DISCARD,
    *R.LATER_ON, REVEAL_COIN_TARGETS, CHAIN_REACTION, ATTACK_TARGETS, ATTACK_NUMBER, REVEAL_TILE_TARGETS,
    REVEAL_TILE_STAYS, COLUMN_CHANCE, ADVANCE_CHANCE, MARK_TILE, VICTORY,
]
