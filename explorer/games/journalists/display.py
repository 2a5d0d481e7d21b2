"""The display (Setup 3, Paying for the card, Refilling the display): the pyramid of
face-up cards and what each of its places costs.

We keep the display as a line of slots, bottom row first: with the rulebook's three
rows, slots 0-2 are the row of three (1 chip each), slots 3-4 the row of two (2 chips)
and slot 5 the single card on top (3 chips).  A card taken leaves a gap; every card
after it slides down one slot (so cards grow cheaper as they wait), and the card
turned up from the deck goes on top (see Interpretations in :mod:`.rules`).  The
option ``display_rows`` builds a taller or shorter pyramid the same way: row ``k``
from the bottom has ``rows - k`` cards costing ``k + 1`` chips each.
"""
from __future__ import annotations

from functools import cache

ROW_NAMES = {1: "single", 2: "two", 3: "three", 4: "four", 5: "five"}


@cache
def slot_costs(rows: int) -> tuple[int, ...]:
    """The chip cost of each slot, bottom row first: ``(1, 1, 1, 2, 2, 3)`` for three rows."""
    return tuple(k + 1 for k in range(rows) for _ in range(rows - k))


def size(rows: int) -> int:
    return rows * (rows + 1) // 2


def row_words(rows: int, slot: int) -> str:
    """"the row of three", "the row of two", "the top" for a slot."""
    cost = slot_costs(rows)[slot]
    width = rows - cost + 1
    return "the top" if width == 1 else f"the row of {ROW_NAMES.get(width, width)}"


def without(display: tuple, slot: int) -> tuple:
    """The display after the card in ``slot`` is taken: the later cards slide down."""
    return display[:slot] + display[slot + 1:]
