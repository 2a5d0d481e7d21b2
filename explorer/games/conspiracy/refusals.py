"""Why Conspiracy refuses a decision: :func:`why_illegal` backs
``ConspiracyState._why_illegal``.

The contract (see :meth:`explorer.engine.machine.PhasedState._why_illegal`): ``None``
when nothing forbids the action, else ``(reason, RuleRef)`` naming the rule.  Each check
reads the same position helpers the legal-action list is built from, and
``tests/test_legality.py`` binds the two: an action is legal exactly when nothing is
found against it.
"""
from __future__ import annotations

from explorer.engine.words import counted, seat_name

from . import board as B
from . import rules as R
from .actions import (KIND_NAMES, Cell, Choose, CoinFromHand, Column, Direction, EndActions, Flip,
                      Give, GiveTo, Goal, Mark, NewTile, NoMark, NoNewTile, PayToRemove, Save,
                      SaveNothing, TakeTurnNow, Target, TargetTile, TileFromHand, Wait)

#: phase -> (the action types it takes, the rule cited when the type is wrong)
_EXPECTED = {
    "goal": (Goal, "goal"), "spiral_choice": ((TakeTurnNow, Wait), "spiral"),
    "action": ((Choose, EndActions), "ap"), "new_tile": ((NoNewTile, NewTile), "new_tile"),
    "tile_from_hand": (TileFromHand, "new_tile"), "coin_from_hand": (CoinFromHand, "place"),
    "cell": (Cell, "place"), "direction": (Direction, "place_dir"),
    "target": (Target, "reveal_cond"), "target_tile": (TargetTile, "reveal_tile"),
    "column": (Column, "advance"), "give": (Give, "reveal_coin"), "give_to": (GiveTo, "reveal_coin"),
    "remove_or_flip": ((Flip, PayToRemove), "attack_remove"),
    "save": ((Save, SaveNothing), "save"), "mark": ((Mark, NoMark), "mark"),
}

#: the choices that are always open at their step
_ALWAYS = (TakeTurnNow, Wait, EndActions, Flip, PayToRemove, SaveNothing, NoMark)


def why_illegal(s, a):
    ph = s.phase_
    types, rule = _EXPECTED[ph]
    if not isinstance(a, types):
        return f"{a} is not a choice now: the game is at the '{ph}' step", R.RULES[rule]
    if isinstance(a, _ALWAYS):
        return None
    return _CHECKS[ph](s, a)


def _goal(s, a):
    drawn = [R.SUIT_RANK[c] for c in s.goal_draws[s.player]]
    if a.suit not in {suit for suit, _ in drawn}:
        return f"no coin drawn shows the suit {a.suit}", R.RULES["goal"]
    if a.number not in {rank for _, rank in drawn}:
        return f"no coin drawn shows the number {a.number}", R.RULES["goal"]
    return None


def _choose(s, a):
    cost = R.AP_COST[a.kind]
    if cost > s.ap:
        return f"{KIND_NAMES[a.kind]} costs {cost} action points and only {s.ap} remain", R.RULES["ap"]
    hand = s.coin_hands[s.player]
    if a.kind == "place" and not hand:
        return "there is no coin in hand to place", R.RULES["place"]
    if a.kind in ("reveal_coin", "reveal_tile") and not hand:
        return f"{KIND_NAMES[a.kind]} needs a coin in hand to give away", R.RULES[a.kind]
    if a.kind == "attack" and len(hand) < 2:
        return "an attack needs two coins in hand: one to place and one to give away", R.RULES["attack"]
    if a.kind == "place" and not (s._placements() or s._new_tile_positions_for_place()):
        return "there is no space where a coin may be placed", R.RULES["place_adj"]
    if a.kind == "reveal_coin" and not s._reveal_targets():
        return "no number-side-up coin has the pointing coins needed", R.RULES["reveal_cond"]
    if a.kind == "attack" and not s._attack_targets():
        return "no coin on the board can be pointed at by a new coin", R.RULES["attack_place"]
    if a.kind == "reveal_tile" and not s._tile_targets():
        return "no face-down tile holds two symbol-side-up coins", R.RULES["reveal_tile"]
    return None


def _new_tile(s, a):
    pend = s.pend
    attack = pend["kind"] == "attack"
    if isinstance(a, NoNewTile):
        if attack and not s._attack_cells(pend["target"]):
            return ("no free square of a face-down tile next to the attacked coin: a new tile is needed",
                    R.RULES["attack_place"])
        if not attack and not s._placements():
            return ("no face-down tile on the board has a square for the coin: a new tile is needed",
                    R.RULES["place_adj"])
        return None
    where = (a.column, a.row)
    if not s.tile_hands[s.player]:
        return "there is no tile in hand to lay", R.RULES["new_tile"]
    if where not in B.new_tile_positions(s.tiles, s.options.columns):
        return (f"column {a.column + 1}, row {a.row} is not an empty place beside a tile or in Future 1",
                R.RULES["new_tile"])
    if attack and where not in s._attack_new_tiles(pend["target"]):
        return (f"a tile at column {a.column + 1}, row {a.row} would not touch the attacked coin",
                R.RULES["attack_place"])
    if not attack and not s._placements_on_new(where):
        return f"no square of a tile at column {a.column + 1}, row {a.row} could take the coin", R.RULES["place_adj"]
    return None


def _in_hand(what):
    def check(s, a):
        if getattr(a, what) in (s.tile_hands if what == "tile" else s.coin_hands)[s.player]:
            return None
        return f"{getattr(a, what)} is not a {what} in your hand", R.RULES[_EXPECTED[s.phase_][1]]
    return check


def _square(s, x, y) -> str:
    """A square named in words, as the board and the step texts name it ("the square Future 1, left
    column, top-right"); one off the board says so."""
    words = B.place_words(x, y, s.options.columns)
    return words if words.startswith("space") else f"the square {words}"


def _cell(s, a):
    x, y = a.x, a.y
    pend = s.pend
    nt = pend.get("new_tile")
    at = (x // 2, y // 2) if x >= 0 and y >= 0 else None
    tiles = s.tiles
    if nt is not None:
        if at != nt:
            return f"{_square(s, x, y)} is not on the tile just laid", R.RULES["new_tile"]
        tiles = B.with_tile(tiles, nt, B.TileSpot("?", False, s.player))
    spot = tiles.get(at)
    if spot is None or spot.face_up:
        return f"{_square(s, x, y)} is not on a face-down tile", R.RULES["place_back"]
    if (x, y) in s.coins:
        return f"{_square(s, x, y)} already holds a coin", R.RULES["place"]
    if pend["kind"] == "attack":
        tx, ty = pend["target"]
        if max(abs(tx - x), abs(ty - y)) != 1:
            return f"a coin at {_square(s, x, y)} cannot point at the attacked coin", R.RULES["attack_place"]
        return None
    if not B.cell_may_hold_coin(tiles, s.coins, x, y, marks=s._mark_cells()):
        return f"{_square(s, x, y)} touches no coin or face-up tile", R.RULES["place_adj"]
    if not B.placement_directions(s._mark_cells(), s.options.columns, x, y):
        return f"a coin at {_square(s, x, y)} would have nothing to point at", R.RULES["place_dir"]
    return None


def _direction(s, a):
    cell = s.pend["cell"]
    if a.direction not in B.DIRECTION_NAMES:
        return f"{a.direction} is not one of the eight directions {', '.join(B.DIRECTION_NAMES)}", R.RULES["place_dir"]
    if a.direction not in B.placement_directions(s._mark_cells(), s.options.columns, *cell):
        return (f"pointing {a.direction} from {_square(s, *cell)} reaches no coin, face-up tile or Present space",
                R.RULES["place_dir"])
    return None


def _target(s, a):
    cell = (a.x, a.y)
    spot = s.coins.get(cell)
    if s.pend["kind"] == "reveal_coin":
        if spot is None:
            return f"there is no coin at {_square(s, a.x, a.y)}", R.RULES["reveal_coin"]
        if spot.symbol_up:
            return f"the coin at {_square(s, a.x, a.y)} is already symbol side up", R.RULES["reveal_coin"]
        if not s.reveal_support(cell)[0]:
            return f"the coins pointing at {_square(s, a.x, a.y)} do not support a reveal", R.RULES["reveal_cond"]
        return None
    if spot is None:
        return f"there is no coin at {_square(s, a.x, a.y)} to attack", R.RULES["attack"]
    if not (s._attack_cells(cell) or s._attack_new_tiles(cell)):
        return (f"no free face-down square next to {_square(s, a.x, a.y)} can hold the attacking coin",
                R.RULES["attack_place"])
    return None


def _target_tile(s, a):
    where = f"the tile at column {a.column + 1}, row {a.row}"
    spot = s.tiles.get((a.column, a.row))
    if spot is None:
        return f"there is no tile at column {a.column + 1}, row {a.row}", R.RULES["reveal_tile"]
    if spot.face_up:
        return f"{where} is already face up", R.RULES["reveal_tile"]
    up = sum(1 for c in B.tile_cells(a.column, a.row) if c in s.coins and s.coins[c].symbol_up)
    if up < 2:
        return f"{where} holds {counted(up, 'symbol-side-up coin')}, not two", R.RULES["reveal_tile"]
    return None


def _column(s, a):
    if 0 <= a.column < s.options.columns:
        return None
    return f"there is no column {a.column + 1} (columns 1-{s.options.columns})", R.RULES["advance"]


def _give_to(s, a):
    if 0 <= a.player < s.players and a.player != s.player:
        return None
    return f"the coin must go to another player ({seat_name(0)}-{s.players}, not yourself)", R.RULES["reveal_coin"]


def _mark(s, a):
    spot = s.tiles.get((a.column, 0)) if 0 <= a.column < s.options.columns else None
    if spot is None:
        return f"there is no Present tile in column {a.column + 1}", R.RULES["mark"]
    suit, number = s.goals[s.player]
    if R.SUIT_RANK[spot.name][0] != suit and R.SUIT_RANK[spot.name][1] != number:
        return f"{spot.name} does not show your goal suit or number", R.RULES["mark"]
    return None


_CHECKS = {
    "goal": _goal, "action": _choose, "new_tile": _new_tile,
    "tile_from_hand": _in_hand("tile"), "coin_from_hand": _in_hand("coin"),
    "cell": _cell, "direction": _direction, "target": _target, "target_tile": _target_tile,
    "column": _column, "give": _in_hand("coin"), "give_to": _give_to, "save": _in_hand("coin"),
    "mark": _mark,
}
