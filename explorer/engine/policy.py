"""What the fast policies (each game's ``sensible`` player) share: the best of a few
choices by a value, ties broken with the player's own generator, so a game replays from
its seed.  Nothing here looks at a state: each game's policy says what it may see."""
from __future__ import annotations

import random
from typing import TypeVar
from collections.abc import Callable, Iterable, Sequence

T = TypeVar("T")


def best(choices: Sequence[T], value: Callable[[T], float], rng: random.Random) -> T:
    """The choice of highest ``value``; among equals one drawn with ``rng``."""
    if not choices:
        raise IndexError("no choice to pick from")
    values = [value(c) for c in choices]
    top = max(values)
    tied = [c for c, v in zip(choices, values, strict=True) if v == top]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def first_of(choices: Iterable[T], *tests: Callable[[T], bool]) -> list[T]:
    """The choices passing the first test any of them passes (in the order given), else all
    of them: a preference list in a game's terms ("a Govern if any, else ...")."""
    choices = list(choices)
    for test in tests:
        kept = [c for c in choices if test(c)]
        if kept:
            return kept
    return choices


def by_phase(state, seat: int, rng: random.Random, rules: dict[str, Callable]):
    """The choice of the rule written for ``state.phase``: ``rule(state, obs, seat, legal, rng)``
    with ``obs`` the seat's observation.  A single legal action is taken as it is, and a phase
    with no rule gets a uniform choice."""
    legal = state.legal_actions()
    rule = rules.get(state.phase)
    if len(legal) == 1 or rule is None:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    return rule(state, state.observation(seat), seat, legal, rng)


def done_or(legal: Sequence[T], kind: type) -> T:
    """The first legal action of type ``kind`` (a game's "done"/"stop"), else the first action."""
    return next((a for a in legal if isinstance(a, kind)), legal[0])
