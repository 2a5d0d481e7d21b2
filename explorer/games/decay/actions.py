"""Decay's actions.  A turn of Normal Play is chosen one small decision at a time: the
next tile the pawn enters, then (when there is a choice) how to pay for it and which
coin goes as a toll; the tile to pick up, the payment, the spot to put it down, the
coin taken after a won attack; the tile to slide, how far, the coin spent.  Each
decision point therefore offers a short list and a uniform-random player makes every
choice the rules allow.  The die roll-off of Setup 2 is a chance outcome
(:class:`Roll`), so a record replays without any randomness."""
from __future__ import annotations

from dataclasses import dataclass

from explorer.components.dice import Roll   # one die per player still in the roll-off, in seat order
from explorer.components.piecepack import STANDARD
from explorer.engine.actions import Action

from .places import position_name


def _coins(suits: tuple[str, ...]) -> str:
    """``("Crowns", "Moons", "Moons")`` -> ``"2 Moons + 1 Crowns"`` (suits in piecepack order)."""
    if not suits:
        return "nothing"
    counts: dict[str, int] = {}
    for s in suits:
        counts[s] = counts.get(s, 0) + 1
    order = {s: i for i, s in enumerate(STANDARD.suits)}
    return " + ".join(f"{counts[s]} {s}" for s in sorted(counts, key=lambda s: (order.get(s, 9), str(s))))


# -- Board Creation --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseTile(Action):
    """Board Creation 1: which of the side's own tiles to place next."""
    tile: str

    def __str__(self):
        return f"take {self.tile} to place"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Where a tile goes (its lower-left corner on the quarter-tile lattice): a new
    tile in Board Creation, a picked-up tile in Step 2."""
    x: int
    y: int

    def __str__(self):
        return f"put it at {position_name((self.x, self.y))}"

    def __format__(self, spec: str) -> str:
        """``format(place, "at")``: the position alone in words (an event's text template
        names it so, when the event is read: :func:`.places.position_name`)."""
        return position_name((self.x, self.y)) if spec == "at" else format(str(self), spec)


# -- Step 1: move the pawn ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Enter(Action):
    tile: str

    def __str__(self):
        return f"step onto {self.tile}"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Coins spent (suits, sorted) for an entry, a pick-up or a slide."""
    coins: tuple[str, ...]

    def __str__(self):
        return f"pay {_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class Toll(Action):
    """The suit of the unspent coin handed to the pawn already on the entered tile."""
    suit: str

    def __str__(self):
        return f"give one {self.suit} coin as toll"


@dataclass(frozen=True, slots=True)
class StopMoving(Action):
    def __str__(self):
        return "stop the pawn here"


# -- Step 2: move a tile ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PickUp(Action):
    tile: str

    def __str__(self):
        return f"pick up {self.tile}"


@dataclass(frozen=True, slots=True)
class NoTileMove(Action):
    def __str__(self):
        return "move no tile"


@dataclass(frozen=True, slots=True)
class TakeCoin(Action):
    """After a won attack: the suit of the coin taken from the defender's hand."""
    suit: str

    def __str__(self):
        return f"take one {self.suit} coin"


# -- Step 3: slide tiles ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Slide(Action):
    tile: str

    def __str__(self):
        return f"slide {self.tile}"


@dataclass(frozen=True, slots=True)
class SlideTo(Action):
    x: int
    y: int

    def __str__(self):
        return f"slide it to {position_name((self.x, self.y))}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def __str__(self):
        return "end the turn"


class Interned(dict):
    """``{value: action}``, filled on first use: actions are immutable and compared by
    value, so one object per value serves every state that offers it (legal lists are
    rebuilt at almost every step of a playout).  Cleared when it grows large."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, value):
        if len(self) > 100_000:
            self.clear()
        a = self[value] = self.make(value)
        return a


#: One shared object per value for the actions legal lists are made of (Place by int
#: spot is in :mod:`.rules`).
CHOOSE, ENTER, PAY, TOLL = Interned(ChooseTile), Interned(Enter), Interned(Pay), Interned(Toll)
PICK_UP, TAKE, SLIDE = Interned(PickUp), Interned(TakeCoin), Interned(Slide)
STOP, NO_TILE_MOVE, END_TURN = StopMoving(), NoTileMove(), EndTurn()


ACTION_TYPES = (Roll, ChooseTile, Place, Enter, Pay, Toll, StopMoving, PickUp, NoTileMove,
                TakeCoin, Slide, SlideTo, EndTurn)
