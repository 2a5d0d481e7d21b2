"""Conspiracy's exercise parts on the round's frame and its special cases (issue 41): Initial Setup 2
(the deal), Determine Player Order 2 (roll-offs), 4.a (spiral holders cutting in together) and 4.b
(a spiral holder who waited to the end), Time Marches On 1 (a round without column checks),
5.a.iii (markers on a tile leaving the Present) and 5.c (future tiles moving up), Draw Coins 3 (an
empty bag), Take Actions 5.a.iv (a spiral placed on the board) and 5.c.iv (attacks on
symbol-side-up coins).  :mod:`.exercises` names them with the others, in the sheet's order.

As there, each is posed to a seat that sees what it asks about, from a game record saved in the
sheet (the worked example, or random players of a seeded game cut where the case first arose), and
every answer is read off the state the engine reaches.
"""
from __future__ import annotations

from explorer.engine.sheet_parts import Outcome
from explorer.engine.words import seat_name, seat_names

from . import board as B

from .exercise_words import NOBODY, piece_words, seat_or_nobody
from .rules import RULES


def _group_words(group) -> str:
    return "nobody" if not group else seat_names(group)


# ------------------------------------------------------------------------------ Initial Setup 2


DEAL = Outcome(
    read=lambda b, a: len(a.tile_hands[0]),
    choices=lambda s: tuple(range(4, 9)),
    explain=lambda b, a: ("all 24 tiles go out evenly: "
                          + ", ".join(f"{seat_name(p)} {len(h)}" for p, h in enumerate(a.tile_hands)), RULES["deal"]))


# ---------------------------------------------------------------------- Determine Player Order 2


def _tied_pairs(state):
    """No one, or any two of the players rolling (the groups that could still be tied)."""
    seats = state.rolloff
    return ((),) + tuple((a, b) for i, a in enumerate(seats) for b in seats[i + 1:])


ROLLOFF = Outcome(
    read=lambda b, a: tuple(a.rolloff),
    choices=_tied_pairs,
    words=_group_words,
    explain=lambda b, a: ("players who roll the same number are still tied, so they roll again until the tie "
                          "is broken; the others take their places by their rolls", RULES["rolloff"]))


# ------------------------------------------------------------------ Time Marches On 1 (skipped)


def _columns_checked(before, after) -> int:
    """How many columns Time Marches On rolls for at the start of the next round (the roll-off
    for the order, if any, played with dice that break every tie)."""
    s = after
    while s.phase_ == "order_rolloff":
        s = s.apply(next(a for a, _ in s.chance_outcomes() if len(set(a.faces)) == len(a.faces)))
    return s.options.columns - s.tmo_column if s.phase_ == "tmo" else 0


TMO_SKIPPED = Outcome(
    read=_columns_checked,
    choices=lambda s: tuple(range(s.options.columns + 1)),
    explain=lambda b, a: ("no tile lies in a future row, so nothing could move up: the column checks are skipped "
                          "this round (as in round 1)", RULES["tmo_skip"]))


# ---------------------------------------------------------------------- Time Marches On 5.c

ROW_GONE = "off the board"


def _row_of_tile(row):
    """Where the tile in ``row`` of the column checked before the step is after it (named from
    ``before``: a face-down tile's name is what the seat asked cannot see)."""
    def outcome(before, after):
        name = before.tiles[(before.tmo_column, row)].name
        return next((B.row_name(r) for (c, r), spot in after.tiles.items() if spot.name == name), ROW_GONE)
    return outcome


TMO_MOVE_UP = Outcome(
    read=_row_of_tile(2),
    choices=lambda s: ("Present", "Future 1", "Future 2", ROW_GONE),
    explain=lambda b, a: ("the column advances; after the Present and Future 1 are dealt with, every tile left "
                          "in a future row moves up one row, face up or face down", RULES["adv_c"]))


# ------------------------------------------------------------------- Time Marches On 5.a.iii
def _marked_tile(state) -> str:
    """The Present tile of the column Time Marches On checks now."""
    return state.tiles[(state.tmo_column, 0)].name


def _markers(state) -> tuple[int, ...]:
    """The seats whose markers lie on that tile."""
    return tuple(p for p, m in enumerate(state.marks) if m is not None and m[0] == _marked_tile(state))


def _markers_left(before, after):
    return tuple(p for p in _markers(before) if after.marks[p] is not None)


def _markers_words(group) -> str:
    if not group:
        return "none: every marker goes back to its owner"
    return f"the marker{'s' if len(group) > 1 else ''} of {seat_names(group)}"


MARKS_BACK = Outcome(
    read=_markers_left,
    choices=lambda s: ((), _markers(s)),
    words=_markers_words,
    explain=lambda b, a: (f"the column advances with a face-up tile in Future 1, so {piece_words(_marked_tile(b))} "
                          f"leaves the Present for {seat_name(b.active)}, the round's first player, and its "
                          "markers go back to their owners", RULES["marks_back"]))


# ------------------------------------------------------------------------------ Draw Coins 3

DRAW_SHORT = Outcome(
    read=lambda b, a: len(a.bag),
    choices=lambda s: tuple(range(13)),
    explain=lambda b, a: ("every column advances without dice, as often as it takes to bring back enough coins "
                          "(each column equally often); a face-down or empty Future 1 sends its coins back to the "
                          f"bag and its tile to {seat_name(b.turn_player)}", RULES["draw_short"]))


# -------------------------------------------------------------- Determine Player Order 4.a and 4.b

SPIRAL_TIE = Outcome(
    read=lambda b, a: a.turn_player,
    choices=lambda s: tuple(range(s.players)),
    words=seat_name,
    explain=lambda b, a: (f"the higher roll plays now; {seat_names([p for p in b.rolloff if p != a.turn_player])} "
                          "may still cut in at any later moment", RULES["spiral_tie"]))


def _next_turn(before, after):
    return after.turn_player if after.round == before.round and after.turn_player != before.turn_player else NOBODY


SPIRAL_LAST = Outcome(
    read=_next_turn,
    choices=lambda s: (NOBODY, *range(s.players)),
    words=seat_or_nobody,
    explain=lambda b, a: ("a spiral holder who has not played when everyone else has must take the last turn "
                          "of the round", RULES["spiral_last"]))


# ------------------------------------------------------------------------ Take Actions 5.a.iv

EFFECTS = {"none": "nothing: no tile there", "leaves": "the tile leaves the Present for the active player",
           "down": "the tile turns face down", "up": "the tile turns face up and its coins go back to the bag"}


def _effect(before, after):
    """What the unexpected effect did to the tile at the spot the dice picked."""
    was, now = before.tiles.get(after.last_spot), after.tiles.get(after.last_spot)
    if was is None:
        return "none"
    if now is None:
        return "leaves"
    return "up" if now.face_up and not was.face_up else "down"


SPIRAL_PLACED = Outcome(
    read=_effect,
    choices=lambda s: tuple(EFFECTS),
    words=EFFECTS.get,
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


ATTACK_SYMBOL = Outcome(
    read=_attack_outcome,
    choices=lambda s: tuple(ATTACK_OUTCOMES),
    words=ATTACK_OUTCOMES.get,
    explain=lambda b, a: ("a symbol-side-up coin flips back when the attacking number is at least every number "
                          "on the number-side-up coins supporting it; a second coin paid removes it instead",
                          RULES["attack_symbol"]))
