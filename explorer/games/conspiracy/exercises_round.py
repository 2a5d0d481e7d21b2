"""Conspiracy's exercises on the round's frame and its special cases (issue 41): Initial Setup 2
(the deal), Determine Player Order 2 (roll-offs), 4.a (spiral holders cutting in together) and 4.b
(a spiral holder who waited to the end), Time Marches On 1 (a round without column checks),
5.a.iii (markers on a tile leaving the Present) and 5.c (future tiles moving up), Draw Coins 3 (an
empty bag), Take Actions 5.a.iv (a spiral placed on the board) and 5.c.iv (attacks on
symbol-side-up coins).  :mod:`.exercises` lists them with the others, in the notebook's order.

As there, each is posed to a seat that sees what it asks about, from a game record (the worked
example, or random players of a seeded game cut where the case first arises), and every answer is
read off the state the engine reaches.
"""
from __future__ import annotations

from explorer.engine.exercises import Predict
from explorer.engine.words import counted, seat_name, seat_names

from . import board as B
from .actions import Roll, roll_words
from .equipment import is_spiral, rank_of
from .exercise_positions import (GAME, LATER, NOBODY, ROUND_1, ROUND_2, example_at, number, piece_words,
                                 placing_policy, seat_or_nobody, sections_of, seeded_step, tile_where, where)
from .rules import RULES


def _rolls_words(seats, faces) -> str:
    return ", ".join(f"{seat_name(p)} rolls {Roll.FACE_NAMES[f]}" for p, f in zip(seats, faces))


def _group_words(group) -> str:
    return "nobody" if not group else seat_names(group)


# ------------------------------------------------------------------------------ Initial Setup 2
def _last_piece(state):
    """The draw of the one piece left (the last tile to deal, the last coin in the bag): which piece
    it is stays hidden from the seat asked, so the action is read from the position, not named."""
    (draw, _), = state.chance_outcomes()
    return draw


_deal_rec, _deal_state, _ = example_at(lambda s: s.phase_ == "deal" and len(s.pool) == 1)

DEAL = Predict(
    key="deal-count", game=GAME, title="Dealing the tiles",
    question=("The 24 tiles are dealt face down, one at a time round the table, beginning with Player 1; "
              "one tile is left to deal. How many tiles does Player 1 hold when the deal is over?"),
    rules=(RULES["deal"],), position=_deal_rec, viewer=0, chapter=ROUND_1,
    action=_last_piece, outcome=lambda b, a: len(a.tile_hands[0]), choices=lambda s: tuple(range(4, 9)),
    explain=lambda b, a: ("all 24 tiles go out evenly: "
                          + ", ".join(f"{seat_name(p)} {len(h)}" for p, h in enumerate(a.tile_hands)), RULES["deal"]))


# ---------------------------------------------------------------------- Determine Player Order 2
_rolloff_rec, _rolloff_state, _rolloff = example_at(lambda s: s.phase_ == "order_rolloff" and len(s.rolloff) == 4)


def _tied_pairs(state):
    """No one, or any two of the players rolling (the groups that could still be tied)."""
    seats = state.rolloff
    return ((),) + tuple((a, b) for i, a in enumerate(seats) for b in seats[i + 1:])


ROLLOFF = Predict(
    key="rolloff-again", game=GAME, title="Breaking ties with a die",
    question=("Round 1: no one has a coin in front of them, so all four players count as 0 and tie. Each rolls "
              "one die (a blank counts 0, the symbol 1; the highest roll goes first): "
              f"{_rolls_words(_rolloff_state.rolloff, _rolloff.faces)}. Which players must roll again?"),
    rules=(RULES["rolloff"], RULES["order"]), position=_rolloff_rec, viewer=0, chapter=ROUND_1,
    action=lambda s: _rolloff, outcome=lambda b, a: tuple(a.rolloff), choices=_tied_pairs, words=_group_words,
    explain=lambda b, a: ("players who roll the same number are still tied, so they roll again until the tie "
                          "is broken; the others take their places by their rolls", RULES["rolloff"]))


# ------------------------------------------------------------------ Time Marches On 1 (skipped)
_bare_rec, _bare_state, _bare_end = seeded_step(1, lambda b, t: b.phase_ == "mark" and not b.tiles
                                                and b.next_slot == len(b.slots) and not b.spiral_pending)


def _columns_checked(before, after) -> int:
    """How many columns Time Marches On rolls for at the start of the next round (the roll-off
    for the order, if any, played with dice that break every tie)."""
    s = after
    while s.phase_ == "order_rolloff":
        s = s.apply(next(a for a, _ in s.chance_outcomes() if len(set(a.faces)) == len(a.faces)))
    return s.options.columns - s.tmo_column if s.phase_ == "tmo" else 0


TMO_SKIPPED = Predict(
    key="tmo-skipped", game=GAME, title="A round without column checks",
    question=(f"Round {_bare_state.round} ends as {seat_name(_bare_state.turn_player)} finishes the last turn; "
              "look at the board. For how many columns will Time Marches On roll the dice at the start of "
              f"round {_bare_state.round + 1}?"),
    rules=(RULES["tmo_skip"], RULES["phase"], RULES["tmo"]), position=_bare_rec, viewer=_bare_state.turn_player,
    chapter=ROUND_1, action=lambda s: _bare_end, outcome=_columns_checked,
    choices=lambda s: tuple(range(s.options.columns + 1)),
    explain=lambda b, a: ("no tile lies in a future row, so nothing could move up: the column checks are skipped "
                          "this round (as in round 1)", RULES["tmo_skip"]))


# ---------------------------------------------------------------------- Time Marches On 5.c
_up_rec, _up_state, _up_roll = seeded_step(
    977, lambda b, t: (b.phase_ == "tmo" and t.last_roll is not None and t.last_roll[3]
                        and (b.tmo_column, 2) in b.tiles and not b.tiles[(b.tmo_column, 2)].face_up))
_up_column = _up_state.tmo_column

ROW_GONE = "off the board"


def _row_of_tile(column, row):
    """Where the tile at ``(column, row)`` before the step is after it (named from ``before``: a
    face-down tile's name is what the seat asked cannot see)."""
    def outcome(before, after):
        name = before.tiles[(column, row)].name
        return next((B.row_name(r) for (c, r), spot in after.tiles.items() if spot.name == name), ROW_GONE)
    return outcome


def _column_words(state, column) -> str:
    parts = []
    for (c, r), spot in sorted(state.tiles.items(), key=lambda kv: kv[0][1]):
        if c == column:
            what = piece_words(spot.name) + " face up" if spot.face_up else "a face-down tile"
            parts.append(f"{B.row_name(r)}: {what}")
    return "; ".join(parts)


TMO_MOVE_UP = Predict(
    key="tmo-move-up", game=GAME, title="Moving up",
    question=(f"Time Marches On checks the {B.column_name(_up_column)} column ({_column_words(_up_state, _up_column)}). "
              f"The dice show {roll_words(_up_roll.faces)}. Where is the face-down tile from Future 2 afterwards?"),
    rules=(RULES["adv_c"], RULES["adv_a"], RULES["success"]), position=_up_rec, viewer=_up_state.active,
    chapter=ROUND_2, action=lambda s: _up_roll, outcome=_row_of_tile(_up_column, 2),
    choices=lambda s: ("Present", "Future 1", "Future 2", ROW_GONE),
    explain=lambda b, a: ("the column advances; after the Present and Future 1 are dealt with, every tile left "
                          "in a future row moves up one row, face up or face down", RULES["adv_c"]))


# ------------------------------------------------------------------- Time Marches On 5.a.iii
_marks_rec, _marks_state, _marks_roll = seeded_step(
    250, lambda b, t: b.phase_ == "tmo" and "Time Marches On 5.a.iii" in sections_of(t))
_marks_column = _marks_state.tmo_column
_marked_tile = _marks_state.tiles[(_marks_column, 0)].name
_markers = tuple(p for p, m in enumerate(_marks_state.marks) if m is not None and m[0] == _marked_tile)


def _markers_left(before, after):
    return tuple(p for p in _markers if after.marks[p] is not None)


def _markers_words(group) -> str:
    if not group:
        return "none: every marker goes back to its owner"
    return f"the marker{'s' if len(group) > 1 else ''} of {seat_names(group)}"


MARKS_BACK = Predict(
    key="marks-back", game=GAME, title="Markers on a tile that leaves",
    question=(f"{seat_names(_markers)} marked the {piece_words(_marked_tile)} tile, in the Present row of the "
              f"{B.column_name(_marks_column)} column ({_column_words(_marks_state, _marks_column)}). Time Marches "
              f"On checks that column: {roll_words(_marks_roll.faces)}. Whose markers are still on the board "
              "afterwards?"),
    rules=(RULES["marks_back"], RULES["adv_a"], RULES["success"]), position=_marks_rec,
    viewer=_marks_state.active, chapter=LATER, action=lambda s: _marks_roll, outcome=_markers_left,
    choices=lambda s: ((), _markers), words=_markers_words,
    explain=lambda b, a: (f"the column advances with a face-up tile in Future 1, so {piece_words(_marked_tile)} "
                          f"leaves the Present for {seat_name(b.active)}, the round's first player, and its "
                          "markers go back to their owners", RULES["marks_back"]))


# ------------------------------------------------------------------------------ Draw Coins 3
_short_rec, _short_state, _ = seeded_step(
    255, lambda b, t: b.phase_ == "draw" and "Draw Coins 3" in sections_of(t), placing_policy)
_short_p = _short_state.turn_player

DRAW_SHORT = Predict(
    key="draw-short", game=GAME, title="The bag runs dry",
    question=(f"{seat_name(_short_p)} holds {counted(len(_short_state.coin_hands[_short_p]), 'coin')} and draws "
              f"the last coin in the bag, still {counted(_short_state.draws_needed - 1, 'coin')} short of three. Play "
              "pauses for a mandatory advancement of the columns. How many coins are back in the bag when the "
              "drawing goes on?"),
    rules=(RULES["draw_short"], RULES["adv_b"], RULES["adv_a"]), position=_short_rec, viewer=_short_p,
    chapter=LATER, action=_last_piece, outcome=lambda b, a: len(a.bag), choices=lambda s: tuple(range(13)),
    explain=lambda b, a: ("every column advances without dice, as often as it takes to bring back enough coins "
                          "(each column equally often); a face-down or empty Future 1 sends its coins back to the "
                          f"bag and its tile to {seat_name(b.turn_player)}", RULES["draw_short"]))


# -------------------------------------------------------------- Determine Player Order 4.a and 4.b
_tie_rec, _tie_state, _tie_roll = seeded_step(332, lambda b, t: b.phase_ == "spiral_rolloff")
_tie_seats = _tie_state.rolloff
_tie_next = _tie_state.slots[_tie_state.next_slot]

SPIRAL_TIE = Predict(
    key="spiral-tie", game=GAME, title="Two spirals cut in together",
    question=(f"Round {_tie_state.round}: {seat_names(_tie_seats)} show saved spirals, and both choose to take "
              f"their turn now, before {seat_name(_tie_next)}'s. They roll one die each: "
              f"{_rolls_words(_tie_seats, _tie_roll.faces)}. Who takes a turn now?"),
    rules=(RULES["spiral_tie"], RULES["spiral"]), position=_tie_rec, viewer=_tie_seats[0], chapter=LATER,
    action=lambda s: _tie_roll, outcome=lambda b, a: a.turn_player, choices=lambda s: tuple(range(s.players)),
    words=seat_name,
    explain=lambda b, a: (f"the higher roll plays now; {seat_names([p for p in b.rolloff if p != a.turn_player])} "
                          "may still cut in at any later moment", RULES["spiral_tie"]))


_last_rec, _last_state, _last_end = seeded_step(
    191, lambda b, t: b.phase_ == "mark" and "Determine Player Order 4.b" in sections_of(t))
_last_spiral = _last_state.spiral_pending


def _next_turn(before, after):
    return after.turn_player if after.round == before.round and after.turn_player != before.turn_player else NOBODY


SPIRAL_LAST = Predict(
    key="spiral-last", game=GAME, title="A spiral that waited",
    question=(f"Round {_last_state.round}: the order was "
              f"{', '.join(seat_name(p) for p in _last_state.slots)}; {seat_names(_last_spiral)} "
              f"show{'s' if len(_last_spiral) == 1 else ''} a saved spiral and has not cut in. "
              f"{seat_name(_last_state.turn_player)} passes on marking and ends the turn. Who takes the next turn "
              f"(nobody: round {_last_state.round + 1} begins)?"),
    rules=(RULES["spiral_last"], RULES["spiral"]), position=_last_rec, viewer=_last_state.turn_player,
    chapter=LATER, action=lambda s: _last_end, outcome=_next_turn,
    choices=lambda s: (NOBODY, *range(s.players)), words=seat_or_nobody,
    explain=lambda b, a: ("a spiral holder who has not played when everyone else has must take the last turn "
                          "of the round", RULES["spiral_last"]))


# ------------------------------------------------------------------------ Take Actions 5.a.iv
_wild_rec, _wild_state, _wild_spot = seeded_step(
    0, lambda b, t: (b.phase_ == "unexpected" and b.pend is not None and b.pend["kind"] == "place"
                        and t.last_spot in b.tiles))
_wild_p = _wild_state.turn_player

EFFECTS = {"none": "nothing: no tile there", "leaves": "the tile leaves the Present for the active player",
           "down": "the tile turns face down", "up": "the tile turns face up and its coins go back to the bag"}


def _effect(spot):
    def outcome(before, after):
        pos = (spot.column, spot.row)
        was, now = before.tiles.get(pos), after.tiles.get(pos)
        if was is None:
            return "none"
        if now is None:
            return "leaves"
        return "up" if now.face_up and not was.face_up else "down"
    return outcome


def _laid_words(state) -> str:
    pend = state.pend
    tile = pend.get("new_tile")
    laid = (f"lays a tile face down in {tile_where(*tile)} and " if tile is not None else "")
    return f"{laid}places the {piece_words(pend['coin'])} coin at {where(*pend['cell'])}"


SPIRAL_PLACED = Predict(
    key="spiral-placed", game=GAME, title="A spiral on the board",
    question=(f"{seat_name(_wild_p)} {_laid_words(_wild_state)}. The two dice of the unexpected effect pick the "
              f"{B.column_name(_wild_spot.column)} column, {B.row_name(_wild_spot.row)}. What happens there?"),
    rules=(RULES["spiral_played"], RULES["unexpected"]), position=_wild_rec, viewer=_wild_p, chapter=ROUND_1,
    action=lambda s: _wild_spot, outcome=_effect(_wild_spot), choices=lambda s: tuple(EFFECTS), words=EFFECTS.get,
    explain=lambda b, a: ("a spiral placed on the board sets off an unexpected effect: a face-down tile at the "
                          "spot the dice pick turns face up and its coins go back to the bag", RULES["spiral_played"]))


# ---------------------------------------------------------------------- Take Actions 5.c.iv
ATTACK_OUTCOMES = {"fails": "the attack fails: the coin stays symbol side up",
                   "flips": "the coin flips back to its number side",
                   "choice": "the attacker may flip it back, or pay a second coin to remove it"}


def _attack_outcome(before, after):
    target = before.pend["target"]
    if after.phase_ == "remove_or_flip":
        return "choice"
    return "flips" if target in after.coins and not after.coins[target].symbol_up else "fails"


def _symbol_attack(seed, want):
    """A seeded game cut where an attacking coin (not a spiral) is about to be placed against a
    symbol-side-up coin, the placement resolving the attack as ``want`` (a key of
    :data:`ATTACK_OUTCOMES`)."""
    return seeded_step(seed, lambda b, t: (b.phase_ == "cell" and b.pend["kind"] == "attack"
                                           and b.coins[b.pend["target"]].symbol_up and not is_spiral(b.pend["coin"])
                                           and ("Take Actions 5.c.iv.b" in sections_of(t)
                                                or t.phase_ == "remove_or_flip")
                                           and _attack_outcome(b, t) == want))


def _support_words(state) -> str:
    target = state.pend["target"]
    numbers = sorted(number(spot.name) for c, spot in state.coins.items()
                     if not spot.symbol_up and B.target_cell(c[0], c[1], spot.direction) == target)
    if not numbers:
        return "no number-side-up coin points at it"
    if len(numbers) == 1:
        return f"one number-side-up coin points at it, showing {numbers[0]}"
    return f"{len(numbers)} number-side-up coins point at it, showing {', '.join(numbers)}"


def _attack_question(state, cell) -> str:
    p, pend = state.turn_player, state.pend
    left = len(state.coin_hands[p]) - 1
    return (f"{seat_name(p)} attacks {piece_words(state.coins[pend['target']].name).join(('the ', ' coin'))} "
            f"(symbol side up) at {where(*pend['target'])}; {_support_words(state)}. The attacking "
            f"{number(pend['coin'])} coin goes to {where(*cell)}, pointing at it, leaving "
            f"{counted(left, 'coin')} in hand. What happens to the attacked coin?")


def _attack_exercise(key, title, seed, want, chapter):
    rec, state, cell = _symbol_attack(seed, want)
    return Predict(
        key=key, game=GAME, title=title, question=_attack_question(state, (cell.x, cell.y)),
        rules=(RULES["attack_symbol"], RULES["attack_remove"], RULES["attack_place"]), position=rec,
        viewer=state.turn_player, chapter=chapter, action=lambda s: cell, outcome=_attack_outcome,
        choices=lambda s: tuple(ATTACK_OUTCOMES), words=ATTACK_OUTCOMES.get,
        explain=lambda b, a: ("a symbol-side-up coin flips back when the attacking number is at least every number "
                              "on the number-side-up coins supporting it; a second coin paid removes it instead",
                              RULES["attack_symbol"]))


ATTACK_SYMBOL = _attack_exercise("attack-symbol", "An attack on a revealed coin", 285, "fails", LATER)
ATTACK_REMOVE = _attack_exercise("attack-symbol-remove", "Flip it, or remove it?", 229, "choice", LATER)

#: in the order of the notebook's chapters (see :data:`.exercises.EXERCISES`)


LATER_ON = [SPIRAL_TIE, SPIRAL_LAST, DRAW_SHORT, MARKS_BACK, ATTACK_SYMBOL, ATTACK_REMOVE]
