"""Conspiracy's arithmetic: the small pure functions that both the rules and the odds use.

Kept apart from :mod:`rules` so that the exact calculators in :mod:`odds` count with
exactly the same definitions the engine plays by.  Pieces are ``(suit, rank)`` pairs
with rank 0 = null (blank) and 1 = ace (symbol / spiral).
"""
from __future__ import annotations

from fractions import Fraction
from collections.abc import Iterable, Mapping

from explorer.components.piecepack import ACE, NULL, STANDARD

#: The four suited dice are always rolled together (Time Marches On 3); a roll is a
#: tuple of four faces in this suit order.
DIE_SUITS: tuple[str, ...] = STANDARD.suits

#: Reveal Tile 5.d.iv.a: Crowns oppose Arms, Suns oppose Moons.
OPPOSING = {"Crowns": "Arms", "Arms": "Crowns", "Suns": "Moons", "Moons": "Suns"}

#: Unexpected Effects 2: a die picks the column, a second die picks the row; faces 0-5.
DIE_FACES = 6


def highest_by_suit(face_up_tiles: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Highest rank per suit among face-up future tiles of a column (Time Marches On 4)."""
    best: dict[str, int] = {}
    for suit, rank in face_up_tiles:
        if rank > best.get(suit, -1):
            best[suit] = rank
    return best


def die_succeeds(suit: str, face: int, highest: Mapping[str, int]) -> bool:
    """Time Marches On 4: a symbol face always succeeds, a blank never; a number 2-5
    succeeds when it is at most the highest face-up future tile of the die's suit."""
    if face == ACE:
        return True
    if face == NULL:
        return False
    return face <= highest.get(suit, -1)


def count_successes(roll: tuple[int, ...], highest: Mapping[str, int]) -> int:
    return sum(die_succeeds(suit, face, highest) for suit, face in zip(DIE_SUITS, roll, strict=True))


def successful_faces(suit: str, highest: Mapping[str, int]) -> tuple[int, ...]:
    """The faces of one suit's die that count as successes."""
    return tuple(f for f in range(DIE_FACES) if die_succeeds(suit, f, highest))


def symbol_coin_worth(tile_suit: str, coin_suit: str, coin_rank: int) -> int:
    """Reveal Tile 5.d.iv.a: what one symbol-side-up coin adds to a tile's support.

    Same suit: its printed value (blank 0, spiral 1); opposing suit: minus that value;
    any other suit: 1 whatever its value."""
    if coin_suit == tile_suit:
        return coin_rank
    if OPPOSING[coin_suit] == tile_suit:
        return -coin_rank
    return 1


def tile_support(tile_suit: str, symbol_coins: Iterable[tuple[str, int]]) -> int:
    return sum(symbol_coin_worth(tile_suit, s, r) for s, r in symbol_coins)


def tile_value(rank: int) -> int:
    """Reveal Tile 5.d.iv.b: a blank tile counts 0 and a symbol (ace) tile 1: the rank."""
    return rank


def tile_stays(tile_rank: int, support: int) -> bool:
    """Reveal Tile 5.d.iv.b-c: the tile stays face up when support reaches its value."""
    return support >= tile_value(tile_rank)


def spiral_column_probabilities(columns: int) -> dict[int, Fraction]:
    """Unexpected Effects 2.a: which column the first die picks.

    With three columns the faces pair off (0-1 left, 2-3 middle, 4-5 right).  For other
    column counts (a designer option) we split the six faces evenly when the count
    divides six and otherwise re-roll the faces past the last full band, so every
    column is equally likely in all cases (see Interpretations in :mod:`rules`)."""
    if not 1 <= columns <= DIE_FACES:
        raise ValueError(f"one die can pick among 1-6 columns, not {columns}")
    return {c: Fraction(1, columns) for c in range(columns)}


def spiral_target_outcomes(columns: int) -> list[tuple[tuple[int, int], Fraction]]:
    """Unexpected Effects 2: every (column, row) the two die rolls can pick, with its
    probability.  Row 0 is the Present row; face 1 (symbol) is Future 1, 2 is Future 2..."""
    row_p = Fraction(1, DIE_FACES)
    return [((c, row), p * row_p)
            for c, p in spiral_column_probabilities(columns).items()
            for row in range(DIE_FACES)]
