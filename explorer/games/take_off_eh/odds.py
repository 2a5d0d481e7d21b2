"""Exact odds for a player's decisions: will a referendum pass, and will the next agenda show a suit
or a value?

- :func:`secession_odds`: a province secedes when any two of its voters' hidden dice show the same
  value (Completion 2, Spring).  Each voter's die is either fixed (a value 0-5) or set uniformly at
  random.
- :func:`agenda_odds` / :func:`next_agenda_odds`: the chance that the tiles turned up for the next
  agenda include a given suit or value (Agenda).  Which tiles are still in the face-down stacks is
  public knowledge: every tile elsewhere (the map, the agenda, the discards) has been seen face up.
  When the stacks run out, the discards are shuffled into new stacks.  Between Agenda steps the
  figure is given only when no choice still to come can change it (:class:`NotYetKnown` otherwise).

Both are closed forms; tests bind them to the engine by enumerating its chance outcomes and its vote.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from collections.abc import Iterable, Sequence

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
    if value is not None and (type(value) is not int or value not in VALUES):
        raise ValueError(f"value must be a whole number 0-5 (null 0, ace 1), got {value!r}")


def _tiles(tiles, name: str, seen: set) -> list[tuple[str, int]]:
    """``tiles`` as (suit, value) pairs, each a real tile named once (``seen`` across the lists)."""
    if isinstance(tiles, (str, bytes, dict)) or not isinstance(tiles, Iterable):
        raise ValueError(f"{name} must be a list of tiles, (suit, value) pairs; got {tiles!r}")
    out = []
    for i, t in enumerate(tiles):
        if isinstance(t, (str, bytes)) or not isinstance(t, Sequence) or len(t) != 2:
            raise ValueError(f"{name}[{i}] must be a tile, a (suit, value) pair; got {t!r}")
        suit, value = t
        if suit not in SUITS or type(value) is not int or value not in VALUES:
            raise ValueError(f"{name}[{i}] = {t!r} is no tile: a suit of {', '.join(SUITS)} and a whole "
                             f"number 0-5")
        tile = (suit, value)
        if tile in seen:
            raise ValueError(f"{name}[{i}]: the {value} of {suit} is named twice; there is one of each tile")
        seen.add(tile)
        out.append(tile)
    return out


def agenda_odds(stack: Iterable[tuple[str, int]], draws: int, suit: str | None = None,
                value: int | None = None, discard: Iterable[tuple[str, int]] = ()) -> Fraction:
    """The probability that ``draws`` tiles turned up from ``stack`` (then, when it runs out, from the
    reshuffled ``discard``) include a tile of ``suit`` or of ``value`` (either, when both are given).
    Every tile is a (suit, value) pair named once in the two lists together."""
    _check_target(suit, value)
    if type(draws) is not int or draws < 0:
        raise ValueError(f"draws must be a whole number 0 or more, got {draws!r}")
    seen: set = set()
    stack, discard = _tiles(stack, "stack", seen), _tiles(discard, "discard", seen)
    hit_stack = sum(_matches(t, suit, value) for t in stack)
    if draws <= len(stack):
        return 1 - Fraction(comb(len(stack) - hit_stack, draws), comb(len(stack), draws))
    if hit_stack:
        return Fraction(1)
    rest = min(draws - len(stack), len(discard))
    hit = sum(_matches(t, suit, value) for t in discard)
    return 1 - Fraction(comb(len(discard) - hit, rest), comb(len(discard), rest)) if discard else Fraction(0)


#: the items that draw tiles from the stacks during a round (Completion 2: Arms, Winter)
DRAWING = ("arms", "winter")
#: the steps of an agenda item being enacted that may still draw a tile (or choose the tiles a hockey
#: game discards)
_DRAWING_STEPS = frozenset({"enact", "strike", "strike_tile", "hockey", "hockey_tile", "hockey_discard"})
_SCORING_STEPS = frozenset({"pork", "pork_place", "retrieve"})


class NotYetKnown(ValueError):
    """The next agenda's odds depend on choices still to be made (:func:`next_agenda_odds`)."""


def next_agenda_odds(state, suit: str | None = None, value: int | None = None) -> Fraction:
    """:func:`agenda_odds` for the tiles turned up at ``state``'s next Agenda step, exactly.

    At an Agenda step, the tiles still to be turned up now.  Between Agenda steps, the next
    round's, when public facts settle them: no labour strike or hockey game may still draw from
    the stacks this round, and the tiles chosen in the turns left go to the discards before the
    stacks could run out (or which of them stay on the agenda does not matter: all of them show
    the suit or value asked for, or none does).  Otherwise the odds hang on choices not yet made
    and :class:`NotYetKnown` (a ValueError) says which.  Only public facts are used (the stacks'
    contents follow from every tile seen face up); tests bind the result to the engine."""
    _check_target(suit, value)
    target = state.players + state.options.agenda_extra
    if state.phase == "agenda":
        return agenda_odds(state.stack, target - len(state.agenda), suit, value, state.discard)
    if state.round == 0:
        raise NotYetKnown("the map, the home provinces and the Queen still draw tiles before the first agenda")
    if state.round >= state.options.rounds:
        raise NotYetKnown("this is the last round: no agenda follows")
    agenda = list(state.agenda)
    pending = [t for t in agenda if t[0] == "arms" or (t[0] == "winter" and t[1] > 0)]
    if state.chosen is not None and state.chosen[0] in DRAWING \
            and ("enact" in state.parts or state.phase in _DRAWING_STEPS):
        pending.append(state.chosen)
    if pending:
        raise NotYetKnown("a labour strike or a hockey game may still draw tiles this round ("
                          + ", ".join(f"the {v} of {x}" for x, v in pending) + ")")
    if state.phase in _SCORING_STEPS:
        choosing = 0
    elif state.order:
        choosing = len(state.order) - state.turn - (state.chosen is not None)
    else:
        choosing = state.players              # the bribery: every player chooses a tile later
    left = max(len(agenda) - choosing, 0)
    draws = target - left
    discard = list(state.discard) + ([state.chosen] if state.chosen is not None else [])
    if choosing and draws > len(state.stack):
        hits = {_matches(t, suit, value) for t in agenda}
        if len(hits) > 1:
            raise NotYetKnown("the stacks run out before the next agenda, and which agenda tiles reach the "
                              "discards first depends on the tiles still to be chosen")
        discard += agenda[:len(agenda) - left]     # all alike: which ones stay does not matter
    return agenda_odds(state.stack, draws, suit, value, discard)
