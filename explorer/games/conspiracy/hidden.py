"""What a seat of Conspiracy cannot see, declared for the engine's honest sampler
(:mod:`explorer.engine.infoset`), which the leak tests, IS-MCTS and the OpenSpiel adapter use.

Tiles and coins share their names, so a piece is ``("tile", name)`` or ``("coin", name)``; each kind
is one group (nothing tells two unseen coins apart before their number shows, so the suit is no group
here, unlike Take Off, Eh!).

- **Tiles** (Initial Setup 2, Take Actions 5.a.iii): the deal is uniform over the tiles still to be
  dealt; another player's tiles are one set (a hand's order says nothing); a tile laid face down lies
  in its square, known to its placer; a face-up tile, one turned down after being face up, and one a
  failed Reveal Tile showed on its way to a hand (5.d.iv) are seen.  Which tile another player takes
  from hand to lay is any of them, each equally likely (all read the same).
- **Coins** (Initial Setup 3, Draw Coins 2, Take Actions 5.a-c, Save/Discard Coins 6): the bag, another
  player's hand, its goal coins and the coins handed to it are sets.  A coin lying number side up on
  the board, another player's saved coin and the coin another player has picked to place show their
  *face*, the number (``face``): the seat knows the number but not the suit.  A draw from the bag is
  uniform over its coins; another player placing or saving "the 3 coin" picked among the 3s of its
  hand, each equally likely (the options that read the same); a coin picked as payment is any of the
  hand's coins.  The giver and the receiver of a payment see it.
- **Secret goals** (Initial Setup 3): another player's goal is a secret choice, uniform among the suit
  and number pairs its goal coins allow (all read the same); ``fits`` refuses at once a goal that
  disagrees with the player's later progress marks (Declare Progress or Victory 9), and the replay
  checks the rest (a player who meets the goal declares victory, 10).

The model, stated: chance draws are uniform over what the bag (or the undealt tiles) holds; another
seat's choice among options that read the same to the viewer is uniform among them; a public choice is
taken as seen, not weighed.  The engine draws exactly from the conditional distribution this gives
(tests/test_infoset.py compares it with an exact enumeration).
"""
from __future__ import annotations

import re

from explorer.engine.infoset import HiddenInformation

from .actions import CoinFromHand, Draw, Give, Mark, Save, TileFromHand
from .equipment import SUIT_RANK, rank_of
from .rules import RULES

BAG, POOL = ("set", "bag"), ("set", "pool")
_SHOWN = re.compile(r"the tile is (\S+): .* goes to ")


def _shown_tile(s):
    """The tile a failed Reveal Tile (Take Actions 5.d.iv) has just shown on its way to a hand."""
    for e in s.events:
        if e.rule is RULES["reveal_tile_sum"]:
            m = _SHOWN.match(e.text)
            if m:
                return m.group(1)
    return None


def tokens(s, viewer: int) -> dict:
    """Every tile and coin: (its kind, where it lies as the seat tells places apart, whether the seat
    knows which piece it is, and the number it shows when it shows only that)."""
    out = {}
    pend = s.pend or {}
    turn = s.turn_player
    for t in s.pool:
        out[("tile", t)] = ("tile", POOL, False)
    shown = _shown_tile(s)
    for q, hand in enumerate(s.tile_hands):
        for t in hand:
            if q == viewer or t == shown:
                out[("tile", t)] = ("tile", ("tiles", q), True)
            elif q == turn and pend.get("tile") == t:
                out[("tile", t)] = ("tile", ("laying", q), False)
            else:
                out[("tile", t)] = ("tile", ("set", "tiles", q), False)
    for pos, spot in s.tiles.items():
        out[("tile", spot.name)] = ("tile", ("board",) + pos, spot.face_up or spot.seen or spot.placed_by == viewer)
    for c in s.bag:
        out[("coin", c)] = ("coin", BAG, False)
    for q, hand in enumerate(s.coin_hands):
        for c in hand:
            if q == viewer:
                out[("coin", c)] = ("coin", ("coins", q), True)
            elif q == turn and pend.get("coin") == c:
                out[("coin", c)] = ("coin", ("placing", q), False, rank_of(c))
            elif q == turn and pend.get("pay") == c:
                out[("coin", c)] = ("coin", ("paying", q), False)
            else:
                out[("coin", c)] = ("coin", ("set", "coins", q), False)
    for q, c in enumerate(s.saved):
        if c is not None:
            out[("coin", c)] = (("coin", ("saved", q), True) if q == viewer
                                else ("coin", ("saved", q), False, rank_of(c)))
    for q, (coins, givers) in enumerate(zip(s.given, s.given_by, strict=True)):
        for c, g in zip(coins, givers, strict=True):
            out[("coin", c)] = ("coin", ("set", "given", q), q == viewer or g == viewer)
    for q, drawn in enumerate(getattr(s, "goal_draws", ())):
        for c in drawn:     # another player's goal coins are drawn by the replay (see secret)
            out[("coin", c)] = ("coin", ("goal", q), True) if q == viewer else ("coin", BAG, False)
    for pos, spot in s.coins.items():
        if spot.symbol_up or spot.suit_seen or spot.placed_by == viewer:
            out[("coin", spot.name)] = ("coin", ("cell",) + pos, True)
        else:
            out[("coin", spot.name)] = ("coin", ("cell",) + pos, False, rank_of(spot.name))
    return out


def face(item):
    """What a piece shows when only its face shows: a coin's number."""
    return rank_of(item[1]) if item[0] == "coin" else None


def named(a, s) -> tuple:
    """The piece an action names: a tile dealt or laid, a coin drawn, placed, given or saved."""
    t = type(a)
    if t is Draw:
        if s.phase_ == "goal_draw":     # the seat's own are seen, the others' drawn by the replay
            return ()
        return (("tile" if s.phase_ == "deal" else "coin", a.piece),)
    if t is TileFromHand:
        return (("tile", a.tile),)
    if t is CoinFromHand or t is Give or t is Save:
        return (("coin", a.coin),)
    return ()


def rename(a, s, mapping):
    ((_, name),) = mapping.values()
    return type(a)(name)


def _goal_drawer(s) -> int:
    return s.deal_index // s.options.goal_coins


def secret(states, actions, viewer: int) -> list[int]:
    """The other players' goal coins and goals (Initial Setup 3): the goal is never shown before a
    victory ends the game, and the coins go back to the bag before anything else is drawn."""
    return [i for i, s in enumerate(states[:len(actions)])
            if (s.phase_ == "goal_draw" and _goal_drawer(s) != viewer) or (s.phase_ == "goal" and s.player != viewer)]


def draw_secret(states, actions, i, options, viewer: int, rng):
    """Another player's goal coin: uniform over the bag less the coins the seat itself draws later
    (that it does is what the seat saw; the draws being uniform, this is their conditional
    distribution).  Another player's goal: uniform over its options (the goal coins allow them all,
    each reads the same), and refused at once when it disagrees with a progress mark that player
    made later (Declare Progress or Victory 9: the marked Present tile shows the goal's suit or
    number); the replay checks the rest (a player meeting the goal declares victory, 10)."""
    s = states[i]
    if s.phase_ == "goal_draw":
        mine = {a.piece for a, t in zip(actions[i:], states[i:], strict=False)    # (states has one more)
                if t.phase_ == "goal_draw" and _goal_drawer(t) == viewer}
        options = [a for a in options if a.piece not in mine]
        return options[rng.randrange(len(options))]
    goal = options[rng.randrange(len(options))]
    q = s.player
    for t, a in zip(states[i + 1:], actions[i + 1:], strict=False):
        if type(a) is Mark and t.phase_ == "mark" and t.player == q:
            suit, number = SUIT_RANK[t.tiles[(a.column, 0)].name]
            if suit != goal.suit and number != goal.number:
                return None
    return goal


HIDDEN = HiddenInformation(tokens=tokens, named=named, rename=rename, secret=secret, face=face,
                           draw_secret=draw_secret)
