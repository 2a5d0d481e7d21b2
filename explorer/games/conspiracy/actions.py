"""Conspiracy's actions.  Compound rulebook actions (Place Coin, Attack Coin, ...) are
chosen one small decision at a time, OpenSpiel-style: first the action
(:class:`Choose`), then its target, the coin, the cell, the direction, the payment.
Every decision point therefore offers a short list, and a uniform-random player over
those lists makes every choice the rules allow.  Chance outcomes (a drawn tile or coin,
a roll of dice, the cell an unexpected effect picks) are actions too, so a record
replays without any randomness."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from explorer.components import dice
from explorer.engine.actions import Action
from explorer.engine.playout import draw_below
from explorer.engine.words import seat_name

from .reckoning import DIE_SUITS


# -- chance outcomes ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """A tile dealt, or a coin drawn from the bag."""
    piece: str

    def __str__(self):
        return f"draw {self.piece}"


class Roll(dice.Roll):
    """Dice faces (0 = blank, 1 = symbol, as the rulebook names them).  Four dice in suit
    order Suns, Moons, Crowns, Arms for a column check; one die per player in a roll-off."""
    __slots__ = ()
    FACE_NAMES = ("blank", "symbol", *dice.DIGITS[2:])


_ROLLS: dict = {}      # faces -> Roll


def roll_of(faces: tuple) -> Roll:
    """The :class:`Roll` showing ``faces`` (a tuple), made and checked once: a game throws
    dice every round, and a roll is a value like any other."""
    r = _ROLLS.get(faces)
    if r is None:
        r = _ROLLS[faces] = Roll(faces)
    return r


@cache
def roll_words(faces: tuple) -> str:
    """A column check's four suited dice in words, each named by its suit ("Suns 5, Moons
    blank, Crowns symbol, Arms symbol"); other rolls as :func:`roll_of` words them.  Worked
    out once per faces."""
    if len(faces) != len(DIE_SUITS):
        return str(roll_of(faces))
    return ", ".join(f"{suit} {dice.face_word(f, Roll.FACE_NAMES)}" for suit, f in zip(DIE_SUITS, faces, strict=True))


def sample_roll(rng, k: int) -> Roll:
    """:meth:`Roll.sample`: ``k`` dice thrown with ``rng`` (the same draws), as :func:`roll_of`."""
    sides = len(dice.FACES)
    return roll_of(tuple([draw_below(rng, sides) for _ in range(k)]))


@dataclass(frozen=True, slots=True)
class Spot(Action):
    """Where the two dice of an unexpected effect point: a column and a row."""
    column: int
    row: int

    def __str__(self):
        col = (f"column {self.column + 1}" if isinstance(self.column, int) and self.column >= 0
               else f"column index {self.column!r}")
        return f"unexpected effect at {col}, row {self.row}"


# -- decisions ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Goal(Action):
    suit: str
    number: int

    def __str__(self):
        return f"secret goal {self.suit} & {self.number}"


@dataclass(frozen=True, slots=True)
class TakeTurnNow(Action):
    def __str__(self):
        return "play the spiral: take my turn now"


@dataclass(frozen=True, slots=True)
class Wait(Action):
    def __str__(self):
        return "wait"


KINDS = ("place", "reveal_coin", "attack", "reveal_tile", "advance")
KIND_NAMES = {"place": "Place Coin", "reveal_coin": "Reveal Coin", "attack": "Attack Coin",
              "reveal_tile": "Reveal Tile", "advance": "Advance Column"}


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Start one of the five actions of Take Actions 5.a-e."""
    kind: str

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown action {self.kind!r}; expected one of {KINDS}")

    def __str__(self):
        return KIND_NAMES[self.kind]


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    def __str__(self):
        return "end actions"


@dataclass(frozen=True, slots=True)
class NoNewTile(Action):
    def __str__(self):
        return "no new tile"


@dataclass(frozen=True, slots=True)
class NewTile(Action):
    column: int
    row: int

    def __str__(self):
        return f"new face-down tile at column {self.column + 1}, row {self.row}"


@dataclass(frozen=True, slots=True)
class TileFromHand(Action):
    tile: str

    def __str__(self):
        return f"tile {self.tile}"


@dataclass(frozen=True, slots=True)
class CoinFromHand(Action):
    coin: str

    def __str__(self):
        return f"coin {self.coin}"


@dataclass(frozen=True, slots=True)
class Cell(Action):
    x: int
    y: int

    def __str__(self):
        return f"space ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class Direction(Action):
    direction: str

    def __str__(self):
        return f"pointing {self.direction}"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """A coin on the board, by its cell."""
    x: int
    y: int

    def __str__(self):
        return f"coin at ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class TargetTile(Action):
    column: int
    row: int

    def __str__(self):
        return f"tile at column {self.column + 1}, row {self.row}"


@dataclass(frozen=True, slots=True)
class Column(Action):
    column: int

    def __str__(self):
        return f"column {self.column + 1}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    coin: str

    def __str__(self):
        return f"give {self.coin}"


@dataclass(frozen=True, slots=True)
class GiveTo(Action):
    player: int

    def __str__(self):
        return f"to {seat_name(self.player)}"


@dataclass(frozen=True, slots=True)
class Flip(Action):
    def __str__(self):
        return "flip the attacked coin"


@dataclass(frozen=True, slots=True)
class PayToRemove(Action):
    def __str__(self):
        return "pay a second coin to remove it"


@dataclass(frozen=True, slots=True)
class Save(Action):
    coin: str

    def __str__(self):
        return f"save {self.coin}"


@dataclass(frozen=True, slots=True)
class SaveNothing(Action):
    def __str__(self):
        return "save nothing"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    column: int

    def __str__(self):
        return f"mark the Present tile of column {self.column + 1}"


@dataclass(frozen=True, slots=True)
class NoMark(Action):
    def __str__(self):
        return "no mark"


ACTION_TYPES = (Draw, Roll, Spot, Goal, TakeTurnNow, Wait, Choose, EndActions, NoNewTile,
                NewTile, TileFromHand, CoinFromHand, Cell, Direction, Target, TargetTile,
                Column, Give, GiveTo, Flip, PayToRemove, Save, SaveNothing, Mark, NoMark)
