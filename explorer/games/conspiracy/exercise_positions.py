"""Positions and words shared by Conspiracy's exercises (:mod:`.exercises` and
:mod:`.exercises_round`): the rulebook's extended example cut at a step, seeded games stopped
where a predicate first holds, and the names of places, coins and seats as every seat reads them.

``chapter`` names (the ``ROUND_1``, ``ROUND_2``, ``LATER`` headings) are headings of
``notebooks/conspiracy.ipynb``.
"""
from __future__ import annotations

from explorer.engine.examples import load_example
from explorer.engine.exercises import seeded
from explorer.engine.record import GameRecord
from explorer.engine.words import seat_name

from . import board as B
from . import sensible
from .actions import Choose
from .equipment import SUIT_RANK, rank_of

GAME = "conspiracy"
EXAMPLE = "conspiracy-extended-example"

#: the notebook's headings the exercises follow (see notebooks/conspiracy.ipynb)
ROUND_1 = "Practice: setup and round 1"
ROUND_2 = "Practice: round 2"
LATER = "Practice: later in a game"

_RECORD = load_example(EXAMPLE).record
_STATES = _RECORD.states()


def example_at(found) -> tuple[GameRecord, object, object]:
    """The worked example cut just before the first step where ``found(state)`` holds: the
    record, its last state and the action the example takes there."""
    for i, s in enumerate(_STATES):
        if found(s):
            return GameRecord(_RECORD.game, _RECORD.options, _RECORD.seed, _RECORD.actions[:i]), s, _RECORD.actions[i]
    raise LookupError(f"no step of {EXAMPLE} fits")


def sensible_policy(state, rng):
    return sensible.choose(state, state.player, rng)


def seeded_at(seed: int, found, policy=None) -> tuple[GameRecord, object]:
    """A seeded game stopped at the first state where ``found(state)`` holds."""
    rec = seeded(GAME, seed, found, policy=policy)
    return rec, rec.replay()


def placing_policy(state, rng):
    """A random player who places a coin whenever the action menu offers it (so the coins pile up
    on the board and the bag runs dry within a few rounds)."""
    legal = state.legal_actions()
    if state.phase_ == "action":
        for a in legal:
            if isinstance(a, Choose) and a.kind == "place":
                return a
    return legal[rng.randrange(len(legal))]


def seeded_step(seed: int, found, policy=None) -> tuple[GameRecord, object, object]:
    """A seeded game (:func:`~explorer.engine.exercises.seeded`: random players, or ``policy``)
    cut just before the first step ``before -> after`` where ``found(before, after)`` holds: the
    record, ``before`` and the action the game takes there.  Histories are kept short (a few
    rounds): the tests resample what the seat asked cannot see along the whole history."""
    seen = []

    def stop(state):
        if seen and found(seen[-1], state):
            return True
        seen[:] = [state]
        return False
    rec = seeded(GAME, seed, stop, policy=policy)
    return GameRecord(rec.game, rec.options, rec.seed, rec.actions[:-1]), seen[-1], rec.actions[-1]


def sections_of(state) -> set[str]:
    """The rulebook sections the events of the last step cite."""
    return {e.rule.section for e in state.events if e.rule is not None}


def where(x: int, y: int) -> str:
    return B.cell_name(x, y)


def tile_where(column: int, row: int) -> str:
    return f"{B.row_name(row)}, {B.column_name(column)} column"


def number(coin: str) -> str:
    """A coin's number side in words: blank (0), spiral (1) or its number."""
    r = rank_of(coin)
    return {0: "blank", 1: "spiral"}.get(r, str(r))


def piece_words(name: str) -> str:
    """A tile or coin by suit and number, as the rules speak of it ("Arms blank", "Moons spiral",
    "Crowns 5"), not by the piecepack's rank names (null, ace)."""
    return f"{SUIT_RANK[name][0]} {number(name)}"


def coin_words(state, cell) -> str:
    """A coin on the board as every seat sees it: its suit only when symbol side up."""
    spot = state.coins[cell]
    if spot.symbol_up:
        return f"the {piece_words(spot.name)} coin (symbol side up)"
    return f"the {number(spot.name)} coin"


def yes_no(value) -> str:
    return "yes" if value else "no"


NOBODY = "nobody"


def seat_or_nobody(p) -> str:
    return NOBODY if p == NOBODY else seat_name(p)
