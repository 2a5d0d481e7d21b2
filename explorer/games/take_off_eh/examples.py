"""The rulebook's example game as records: Amy, Betty, Cindy and Dale from the map to Dale's first
turn (``data/examples/take-off-eh-first-round.json``, chapter by chapter), and the same game carried
on by seeded random play through its first special scoring round.

The rulebook's own scoring-round examples (the seven-coin slush fund, pork, Manitoba) start from a
position the example game never reaches, so they are given here as inputs to :func:`score_unit`
(:data:`SLUSH_EXAMPLE`, :data:`MANITOBA_EXAMPLE`); the rules tests play them through the engine.
"""
from __future__ import annotations

import random

from explorer.engine import GameRecord, uniform_policy
from explorer.engine.examples import Example, load_example

from .scoring_rounds import SLUSH_UNIT

FIRST_ROUND = "take-off-eh-first-round"
#: the seed of the random play that carries the example game on to its first special scoring round
SCORING_SEED = 11
PLAYERS = ("fall", "suns", "summer", "winter")        # Amy, Betty, Cindy, Dale

#: Special Scoring Rounds, 1. Slush Fund: seven coins, so the maximum is 7
SLUSH_EXAMPLE = dict(coins=[("suns", 0), ("suns", 5), ("summer", 5), ("fall", 4), ("fall", 5), ("winter", 1),
                            ("winter", 3)], max_value=7, player_suits=PLAYERS)
#: Special Scoring Rounds, 3. Provinces and Territories: Manitoba is the three of winter
MANITOBA_EXAMPLE = dict(coins=[("winter", 1), ("winter", 2), ("winter", 3), ("summer", 5), ("spring", 2),
                               ("spring", 3)], max_value=3, player_suits=PLAYERS)


def first_round() -> Example:
    """The rulebook's example game, preparation to Dale's funding, in chapters."""
    return load_example(FIRST_ROUND)


def through_first_scoring(seed: int = SCORING_SEED) -> GameRecord:
    """The example game carried on by uniformly random choices (and chance draws from the same
    seeded stream) until the first special scoring round is over, when round 4's agenda begins."""
    record = first_round().record
    state = record.replay()
    rng = random.Random(seed)
    actions = list(record.actions)
    while state.round <= 3 and not state.is_terminal():
        a = state.sample_chance(rng) if state.is_chance_node() else uniform_policy(state, rng)
        state = state.apply(a)
        actions.append(a)
    return GameRecord(record.game, record.options, seed, tuple(actions))


def scoring_steps(record: GameRecord) -> dict[str, int]:
    """Where the first special scoring round's parts happen in ``record``: the index of the action
    after which the slush fund has been scored (``"slush"``; pork comes next) and the provinces
    (``"provinces"``; retrieval comes next).  A tourism boom before them scores provinces too, hence
    the provinces are looked for after the slush fund."""
    states = record.states()
    out = {}
    for i in range(len(states) - 1):
        before = {u for u, _, _ in states[i].last_scoring}
        after = {u for u, _, _ in states[i + 1].last_scoring} - before
        if "slush" not in out and SLUSH_UNIT in after:
            out["slush"] = i
        if "provinces" not in out and "slush" in out and after - {SLUSH_UNIT}:
            out["provinces"] = i
    return out
