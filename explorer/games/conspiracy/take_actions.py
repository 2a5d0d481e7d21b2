"""Conspiracy, Execute Player Turns: Take Actions 5.a-e, step by step.

Each action is a short run of decisions (``new_tile``, ``tile_from_hand``,
``coin_from_hand``, ``cell``, ``direction``, ``target``, ``target_tile``, ``column``,
``give``, ``give_to``, ``remove_or_flip``); a step with one possible choice is taken at
once (:data:`AUTO_PHASES`).  What each step may choose is in :mod:`.action_choices`.
Place Coin 5.a, Reveal Coin 5.b, Attack Coin 5.c, Reveal Tile 5.d, Advance Column 5.e.
"""
from __future__ import annotations

from explorer.components.piecepack import rank_name
from explorer.engine.state import CHANCE
from explorer.engine.words import counted, seat_name

from . import board as B
from . import save_and_declare, time_marches_on
from .actions import (KIND_NAMES, Cell, CoinFromHand, Column, Direction, EndActions, Flip, Give, GiveTo, NewTile,
                      Roll, Target, TargetTile, TileFromHand)
from .board_facts import carry_over_placement
from .equipment import SUIT_RANK, is_spiral, rank_of, replace_at, without
from .reckoning import tile_stays, tile_support

#: the steps taken at once when they leave a single choice
AUTO_PHASES = frozenset({"new_tile", "tile_from_hand", "coin_from_hand", "cell", "direction", "give"})
#: action points each action costs (Take Actions 5)
AP_COST = {"place": 1, "reveal_coin": 1, "attack": 1, "reveal_tile": 2, "advance": 2}


def enter(s, phase):
    """Go to a decision step of the turn player; take it at once if only one choice exists."""
    s.phase_ = phase
    s.player = s.turn_player
    if phase in AUTO_PHASES:
        s._forget()
        legal = s._compute_legal()
        if len(legal) == 1:
            s.HANDLERS[phase](s, legal[0])
        else:
            s._legal = legal        # the step waits here: keep its list for legal_actions()


def action_menu(s):
    s.pend = None
    s._forget()
    if s.ap <= 0 or not s._kinds():
        save_and_declare.end_actions(s)
        return
    s.phase_ = "action"
    s.player = s.turn_player


def on_action(s, a):
    if isinstance(a, EndActions):
        save_and_declare.end_actions(s)
        return
    s.ap -= AP_COST[a.kind]
    s.pend = {"kind": a.kind}
    s._event(a.kind if a.kind in ("place", "advance") else {"reveal_coin": "reveal_coin", "attack": "attack",
                                                            "reveal_tile": "reveal_tile"}[a.kind],
             _chooses, s.turn_player, a.kind)
    if a.kind == "place":
        enter(s, "new_tile")
    elif a.kind in ("reveal_coin", "attack"):
        enter(s, "target")
    elif a.kind == "reveal_tile":
        enter(s, "target_tile")
    else:
        enter(s, "column")


def on_new_tile(s, a):
    if isinstance(a, NewTile):
        s.pend = {**s.pend, "new_tile": (a.column, a.row)}
        enter(s, "tile_from_hand")
    else:
        enter(s, "coin_from_hand")


def on_tile_from_hand(s, a: TileFromHand):
    s.pend = {**s.pend, "tile": a.tile}
    enter(s, "coin_from_hand")


def on_coin_from_hand(s, a: CoinFromHand):
    s.pend = {**s.pend, "coin": a.coin}
    enter(s, "cell")


def on_cell(s, a: Cell):
    cell = (a.x, a.y)
    if s.pend["kind"] == "attack":
        place(s, cell, B.direction_to(cell, s.pend["target"]))
        return
    s.pend = {**s.pend, "cell": cell}
    enter(s, "direction")


def on_direction(s, a: Direction):
    place(s, s.pend["cell"], a.direction)


def place(s, cell, direction):
    """Take Actions 5.a.ii-iv (and 5.c.iii.a for an attacking coin)."""
    p = s.turn_player
    pend = s.pend
    if pend.get("new_tile") is not None:
        pos, name = pend["new_tile"], pend["tile"]
        s.tiles = B.with_tile(s.tiles, pos, B.TileSpot(name, False, p))
        s.tile_hands = replace_at(s.tile_hands, p, without(s.tile_hands[p], name))
        s._event("new_tile", f"{seat_name(p)} lays a tile face down at column {pos[0] + 1}, {B.row_name(pos[1])}")
    coin = pend["coin"]
    coins = dict(s.coins)
    coins[cell] = B.CoinSpot(coin, direction, False, p, False)
    carry_over_placement(s, coins, cell)
    s.coins = coins
    s.coin_hands = replace_at(s.coin_hands, p, without(s.coin_hands[p], coin))
    key = "attack_place" if pend["kind"] == "attack" else "place"
    s._event(key, _places, p, coin, cell, s.options.columns, direction)
    s.pend = {**pend, "cell": cell}
    if is_spiral(coin):
        s._event("spiral_played", "a spiral was played: check for an unexpected effect")
        s.cont = "attack" if pend["kind"] == "attack" else "action"
        s.phase_ = "unexpected"
        s.player = CHANCE
        return
    if pend["kind"] == "attack":
        resolve_attack(s)
    else:
        action_menu(s)


# Events of the most frequent steps, worded when somebody reads them.
def _chooses(p: int, kind: str) -> str:
    return f"{seat_name(p)} chooses {KIND_NAMES[kind]} ({counted(AP_COST[kind], 'action point')})"


def _places(p: int, coin: str, cell, columns: int, direction: str) -> str:
    return (f"{seat_name(p)} places the {rank_name(rank_of(coin))} coin at {B.cell_name(*cell, columns)}, "
            f"pointing {direction}")


def on_target(s, a: Target):
    s.pend = {**s.pend, "target": (a.x, a.y), "stage": "pay"}
    enter(s, "give")


def on_target_tile(s, a: TargetTile):
    s.pend = {**s.pend, "target": (a.column, a.row), "stage": "pay"}
    enter(s, "give")


def on_column(s, a: Column):
    s.pend = {**s.pend, "column": a.column}
    s.phase_ = "advance_roll"
    s.player = CHANCE


def on_advance_roll(s, a: Roll):
    time_marches_on.column_check(s, s.pend["column"], a.faces, s.turn_player)
    action_menu(s)


def on_give(s, a: Give):
    s.pend = {**s.pend, "pay": a.coin}
    enter(s, "give_to")


def on_give_to(s, a: GiveTo):
    p = s.turn_player
    coin = s.pend["pay"]
    s.coin_hands = replace_at(s.coin_hands, p, without(s.coin_hands[p], coin))
    s.given = replace_at(s.given, a.player, s.given[a.player] + (coin,))
    s.given_by = replace_at(s.given_by, a.player, s.given_by[a.player] + (p,))
    kind, stage = s.pend["kind"], s.pend.get("stage")
    rule = {"reveal_coin": "reveal_coin", "attack": "attack", "reveal_tile": "reveal_tile"}[kind]
    if stage == "remove":
        rule = "attack_remove"
    s._event(rule, f"{seat_name(p)} gives {coin} to {seat_name(a.player)}", seen_by=(p, a.player),
             public=f"{seat_name(p)} gives a coin to {seat_name(a.player)}")
    if kind == "reveal_coin":
        reveal_coin(s, s.pend["target"])
        action_menu(s)
    elif kind == "reveal_tile":
        reveal_tile(s, s.pend["target"])
        action_menu(s)
    elif stage == "remove":
        t = s.pend["target"]
        victim = s.coins[t]
        s._coins_to_bag([t])
        value = f"the attacked {rank_name(rank_of(victim.name))} coin"
        knew = None if (victim.symbol_up or victim.suit_seen) else (victim.placed_by,)
        s._event("attack_remove", f"{value} ({victim.name}) is removed to the bag", seen_by=knew,
                 public=f"{value} is removed to the bag")
        action_menu(s)
    else:
        enter(s, "new_tile")


def reveal_coin(s, target):
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


def reveal_tile(s, pos):
    """Take Actions 5.d.iv."""
    p = s.turn_player
    spot = s.tiles[pos]
    cells = [c for c in B.tile_cells(*pos) if c in s.coins]
    symbol = [SUIT_RANK[s.coins[c].name] for c in cells if s.coins[c].symbol_up]
    suit, rank = SUIT_RANK[spot.name]
    support = tile_support(suit, symbol)
    s._coins_to_bag(cells)
    s.tiles_revealed += 1
    tiles = dict(s.tiles)
    if tile_stays(rank, support):
        tiles[pos] = spot._replace(face_up=True)
        s._event("reveal_tile_sum", f"the tile is {spot.name}: support {support} reaches {rank}, it stays face up")
    else:
        del tiles[pos]
        s._give_tile(p, spot.name)
        s._event("reveal_tile_sum", f"the tile is {spot.name}: support {support} is below {rank}, "
                 f"it goes to {seat_name(p)}")
    s.tiles = tiles


def resolve_attack(s):
    """Take Actions 5.c.iii.b and 5.c.iv.b."""
    target, cell = s.pend["target"], s.pend["cell"]
    attacker = s.coins.get(cell)
    victim = s.coins.get(target)
    if attacker is None or victim is None or attacker.name != s.pend["coin"]:
        s._event("attack", "the unexpected effect swept the attack away: it has no effect")
        action_menu(s)
        return
    wild = is_spiral(attacker.name)
    value = rank_of(attacker.name)
    if not victim.symbol_up:
        if wild or value >= rank_of(victim.name):
            s._coins_to_bag([target])
            s._event("attack_number", "the attack succeeds: the "
                                      f"{rank_name(rank_of(victim.name))} coin returns to the bag")
        else:
            s._event("attack_number", "the attack fails: the attacked coin's number is higher")
        action_menu(s)
        return
    support = [rank_of(spot.name) for c, spot in s.coins.items()
               if not spot.symbol_up and B.target_cell(c[0], c[1], spot.direction) == target]
    if wild or value >= max(support, default=0):
        if s.coin_hands[s.turn_player]:
            enter(s, "remove_or_flip")
        else:
            flip_back(s, target)
            action_menu(s)
    else:
        s._event("attack_symbol", "the attack fails: a supporting coin shows a higher number")
        action_menu(s)


def flip_back(s, target):
    coins = dict(s.coins)
    coins[target] = coins[target]._replace(symbol_up=False)
    s.coins = coins
    s._event("attack_symbol", "the attack succeeds: the coin at "
                              f"{B.cell_name(*target, s.options.columns)} flips back to its number side")


def on_remove_or_flip(s, a):
    if isinstance(a, Flip):
        flip_back(s, s.pend["target"])
        action_menu(s)
    else:
        s.pend = {**s.pend, "stage": "remove"}
        enter(s, "give")
