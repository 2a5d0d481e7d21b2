"""The piecepack: a public-domain game system of suited tiles, coins, dice and pawns.

Vocabulary follows piecepackr: four suits, six ranks per suit, where rank 0 is
called *null* (a blank face) and rank 1 is called *ace* (a symbol face; several
rulebooks call the ace a "spiral").  Every suited piece prints as ``Suit-rank``,
for example ``Crowns-5``, ``Arms-ace`` or ``Moons-null``; :func:`parse_piece` reads
those names back and also accepts the singular suit names and digits that
rulebooks use in their prose ("Crown-2", "Moon-0", "Sun-1").

Two suit sets exist: the standard piecepack (Suns, Moons, Crowns, Arms) and the
four-seasons piecepack (Spring, Summer, Fall, Winter), which Take Off, Eh! uses
beside a standard one.
"""
from __future__ import annotations

from dataclasses import dataclass

RANKS: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
RANK_NAMES: tuple[str, ...] = ("null", "ace", "2", "3", "4", "5")
NULL, ACE = 0, 1

#: A tile's back is a 2x2 grid; games that place pieces on tile backs use these cells.
TILE_BACK_GRID: tuple[int, int] = (2, 2)


@dataclass(frozen=True)
class SuitSet:
    """A named set of four suits, in the piecepack's conventional order."""

    name: str
    suits: tuple[str, str, str, str]

    def __contains__(self, suit: object) -> bool:
        return suit in self.suits


STANDARD = SuitSet("standard", ("Suns", "Moons", "Crowns", "Arms"))
FOUR_SEASONS = SuitSet("four-seasons", ("Spring", "Summer", "Fall", "Winter"))
SUIT_SETS = (STANDARD, FOUR_SEASONS)

_SUIT_ALIASES: dict[str, str] = {}
for _set in SUIT_SETS:
    for _suit in _set.suits:
        _SUIT_ALIASES[_suit.lower()] = _suit
        if _suit.endswith("s"):
            _SUIT_ALIASES[_suit[:-1].lower()] = _suit
_RANK_ALIASES = {name: rank for rank, name in enumerate(RANK_NAMES)}
_RANK_ALIASES.update({str(rank): rank for rank in RANKS})
_RANK_ALIASES.update({"blank": NULL, "0": NULL, "spiral": ACE, "a": ACE})


def rank_name(rank: int) -> str:
    """``0 -> 'null'``, ``1 -> 'ace'``, other ranks as digits."""
    return RANK_NAMES[rank]


def parse_suit(text: str) -> str:
    """Canonical suit name for ``text`` ("crown" -> "Crowns"); ValueError if unknown."""
    try:
        return _SUIT_ALIASES[text.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown piecepack suit {text!r}; expected one of "
                         f"{', '.join(s for ss in SUIT_SETS for s in ss.suits)}") from None


def parse_rank(text: str | int) -> int:
    """Rank number for ``text`` ("null" -> 0, "ace" -> 1, "4" -> 4); ValueError if unknown."""
    if isinstance(text, int) and not isinstance(text, bool) and text in RANKS:
        return text
    try:
        return _RANK_ALIASES[str(text).strip().lower()]
    except KeyError:
        raise ValueError(f"unknown piecepack rank {text!r}; expected null, ace, 2, 3, 4 or 5") from None


def parse_suit_rank(name: str) -> tuple[str, int]:
    """Split ``'Crowns-5'`` into ``('Crowns', 5)``."""
    if not isinstance(name, str) or "-" not in name:
        raise ValueError(f"a piecepack piece is written Suit-rank, like 'Crowns-5'; got {name!r}")
    suit, _, rank = name.rpartition("-")
    return parse_suit(suit), parse_rank(rank)


@dataclass(frozen=True, order=True)
class _SuitedRanked:
    suit: str
    rank: int

    def __post_init__(self) -> None:
        if self.suit not in _SUIT_ALIASES.values():
            raise ValueError(f"unknown piecepack suit {self.suit!r}")
        if self.rank not in RANKS:
            raise ValueError(f"rank must be 0-5 (null, ace, 2-5); got {self.rank!r}")

    @property
    def name(self) -> str:
        return f"{self.suit}-{RANK_NAMES[self.rank]}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, name: str):
        suit, rank = parse_suit_rank(name)
        return cls(suit, rank)


class Tile(_SuitedRanked):
    """A square tile.  Face: suit and rank.  Back: a 2x2 grid (:data:`TILE_BACK_GRID`)."""


class Coin(_SuitedRanked):
    """A coin.  One side shows the rank (the *value side*), the other the suit (the *suit side*).

    Holding the value side up hides the suit from whoever did not see it placed."""


@dataclass(frozen=True, order=True)
class Die:
    """A suited die; its six faces are the ranks null, ace, 2, 3, 4, 5."""

    suit: str
    faces: tuple[int, ...] = RANKS

    def __str__(self) -> str:
        return f"{self.suit} die"


@dataclass(frozen=True, order=True)
class Pawn:
    suit: str

    def __str__(self) -> str:
        return f"{self.suit} pawn"


@dataclass(frozen=True)
class Piecepack:
    """One complete piecepack: 24 tiles, 24 coins, 4 dice and 4 pawns of one suit set."""

    suits: SuitSet
    tiles: tuple[Tile, ...]
    coins: tuple[Coin, ...]
    dice: tuple[Die, ...]
    pawns: tuple[Pawn, ...]


def piecepack(suits: SuitSet = STANDARD) -> Piecepack:
    return Piecepack(
        suits=suits,
        tiles=tuple(Tile(s, r) for s in suits.suits for r in RANKS),
        coins=tuple(Coin(s, r) for s in suits.suits for r in RANKS),
        dice=tuple(Die(s) for s in suits.suits),
        pawns=tuple(Pawn(s) for s in suits.suits),
    )


def piece_name(suit: str, rank: int) -> str:
    """The canonical ``Suit-rank`` name without building an object (used in hot loops)."""
    return f"{suit}-{RANK_NAMES[rank]}"


def canonical_name(name: str) -> str:
    """Normalise any accepted spelling ("Crown-2", "moons-0") to ``Crowns-2`` / ``Moons-null``."""
    suit, rank = parse_suit_rank(name)
    return piece_name(suit, rank)
