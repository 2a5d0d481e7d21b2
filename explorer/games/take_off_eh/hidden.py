"""What a seat of Take Off, Eh! cannot see, declared for the engine's honest sampler
(:mod:`explorer.engine.infoset`), which the leak tests, IS-MCTS and the OpenSpiel adapter use.

- **Coins** (one group per suit): everybody sees a coin's suit side, so a coin is drawn, played and
  moved as "a suns coin"; its value is hidden from the seats that never saw it (``state.known``,
  :mod:`.table`).  The tax revenues are one shuffled set.  Every other coin keeps its place in a row
  every seat sees by suits: a play area (coins in the order they came), a province, the coins set
  aside for pork; so when another player plays "a suns coin", the seat sees which one by the row left
  behind.  Bribes and the slush fund lie face up.  A draw from
  the tax revenues is uniform over the coins of the chosen suit there (Completion 1, Draw), so every
  coin still there, or drawn and returned unseen, can be the one drawn.
- **Secret dice**: while a round of referendum or pork dice is open, another seat's committed die is
  any value it could have chosen, each equally likely (the engine's model of another seat's unseen
  choice).

Tiles hide nothing that has happened: a tile is turned up for all when drawn (only the order of the
draw stacks is hidden, and that is the chance of draws still to come).
"""
from __future__ import annotations

from explorer.engine import CHANCE
from explorer.engine.infoset import HiddenInformation

from .actions import CoinDraw, Fund, HandCoin
from .perspective import knows

TAX = ("set", "tax")


def tokens(s, viewer: int) -> dict:
    """Every coin: (its suit, where it lies as the seat tells places apart, whether the seat knows
    its value)."""
    out = {c: (c[0], TAX, False) for c in s.tax}
    for q, hand in enumerate(s.hands):
        for i, c in enumerate(hand):
            out[c] = (c[0], ("hand", q, i), knows(s, c, viewer))
    for q, row in enumerate(s.aside):
        for i, c in enumerate(row):
            out[c] = (c[0], ("aside", q, i), knows(s, c, viewer))
    for p, row in s.on.items():
        for i, c in enumerate(row):
            out[c] = (c[0], ("on", p, i), knows(s, c, viewer))
    for i, c in enumerate(s.slush):
        out[c] = (c[0], ("slush", i), True)
    for q, c in enumerate(s.bribes):
        if c is not None:
            out[c] = (c[0], ("bribe", q), True)
    return out


def named(a, s) -> tuple:
    """The coin an action names (a drawn value, a coin from a play area), if any."""
    t = type(a)
    if t is CoinDraw and s.player == CHANCE and s.phase_ == "draw_value":
        return ((s.draw_suit, a.value),)
    if t is HandCoin or t is Fund:
        return ((a.suit, a.value),)
    return ()


def rename(a, s, mapping):
    (coin,) = mapping.values()
    t = type(a)
    if t is CoinDraw:
        return CoinDraw.of(coin[1])
    if t is HandCoin:
        return HandCoin.of(*coin)
    return Fund.of(coin[0], coin[1], a.where)


def secret(states, actions, viewer: int) -> list[int]:
    """The other seats' dice committed in the round still open."""
    n = len(actions)
    last = states[n]
    if last.phase_ not in last.SECRET_PHASES:
        return []
    start = n - sum(c is not None for c in last.commits)
    return [i for i in range(start, n) if states[i].current_player != viewer]


HIDDEN = HiddenInformation(tokens=tokens, named=named, rename=rename, secret=secret)
