"""Exact odds for a player's decisions: will a referendum pass, and will the next agenda show a suit
or a value?

- :func:`secession_odds`: a province secedes when any two of its voters' hidden dice show the same
  value (Completion 2, Spring).  Each voter's die is either fixed (a value 0-5) or set uniformly at
  random.
- :func:`agenda_odds` / :func:`next_agenda_odds`: the chance that the tiles turned up for the next
  agenda include a given suit or value (Agenda).  Which tiles are still in the face-down stacks is
  public knowledge: every tile elsewhere (the map, the agenda, the discards) has been seen face up.
  When the stacks run out, the discards are shuffled into new stacks.

Both are closed forms; tests bind them to the engine by enumerating its chance outcomes and its vote.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Iterable, Sequence

from .table import VALUES
from .scoring import SUITS

FACES = len(VALUES)


def secession_odds(choices: Sequence[int | None]) -> Fraction:
    """The probability that at least two of the voters' dice match.  ``choices`` has one entry per
    voter: a die value 0-5 the voter has settled on, or ``None`` for a voter choosing uniformly at
    random.  Fewer than two voters can never match."""
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Iterable):
        raise ValueError(f"choices must be a list with a die value 0-5 or None per voter, got {choices!r}")
    choices = list(choices)
    for i, c in enumerate(choices):
        if c is not None and (isinstance(c, bool) or not isinstance(c, int) or c not in VALUES):
            raise ValueError(f"choices[{i}] must be a die value 0-5 or None (random), got {c!r}")
    fixed = [c for c in choices if c is not None]
    if len(set(fixed)) < len(fixed):
        return Fraction(1)
    free = FACES - len(fixed)
    distinct = Fraction(1)
    for i in range(len(choices) - len(fixed)):
        distinct *= Fraction(max(free - i, 0), FACES)
    return 1 - distinct


def _matches(tile, suit, value) -> bool:
    return (suit is not None and tile[0] == suit) or (value is not None and tile[1] == value)


def _check_target(suit, value) -> None:
    if suit is None and value is None:
        raise ValueError("name a suit, a value or both")
    if suit is not None and suit not in SUITS:
        raise ValueError(f"unknown suit {suit!r}; suits are {', '.join(SUITS)}")
    if value is not None and (isinstance(value, bool) or value not in VALUES):
        raise ValueError(f"value must be 0-5 (null 0, ace 1), got {value!r}")


def agenda_odds(stack: Iterable[tuple[str, int]], draws: int, suit: str | None = None,
                value: int | None = None, discard: Iterable[tuple[str, int]] = ()) -> Fraction:
    """The probability that ``draws`` tiles turned up from ``stack`` (then, when it runs out, from the
    reshuffled ``discard``) include a tile of ``suit`` or of ``value`` (either, when both are given)."""
    _check_target(suit, value)
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise ValueError(f"draws must be a whole number 0 or more, got {draws!r}")
    stack, discard = list(stack), list(discard)
    hit_stack = sum(_matches(t, suit, value) for t in stack)
    if draws <= len(stack):
        return 1 - Fraction(comb(len(stack) - hit_stack, draws), comb(len(stack), draws))
    if hit_stack:
        return Fraction(1)
    rest = min(draws - len(stack), len(discard))
    hit = sum(_matches(t, suit, value) for t in discard)
    return 1 - Fraction(comb(len(discard) - hit, rest), comb(len(discard), rest)) if discard else Fraction(0)


def next_agenda_odds(state, suit: str | None = None, value: int | None = None, draws: int | None = None) -> Fraction:
    """:func:`agenda_odds` for the next agenda of ``state``: at an Agenda step, the tiles still to be
    turned up now; otherwise the next round's (``players + agenda_extra - 1`` tiles: one tile is
    normally left over from a round).  Only public facts are used (the stacks' contents follow from
    every tile seen face up)."""
    if draws is None:
        target = state.players + state.options.agenda_extra
        draws = target - len(state.agenda) if state.phase == "agenda" else target - 1
    return agenda_odds(state.stack, draws, suit, value, state.discard)
