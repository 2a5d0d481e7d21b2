"""What the designer's lab measures in a game of The Sands of Time, and how a seat stands.

:func:`statistics` counts the turns and Generations played, the structures built, the Advance tiles
discovered beyond the setup's, the caravans laid and the territories owned at the end (what a
designer changing a track or a component watches), the seat that held the start die first
(``first_start``: the start player of Initial Setup 4, who passes it left every Generation) and the
VP all seats together took from each source (``vp_chronicles``, ``vp_wonders``, ``vp_end_bonus``,
and ``vp_unrest``: the VP lost above Maximum Unrest, zero or negative); registered with the game, so
``explorer sweep sands_of_time`` reports them.  :func:`evaluate` is the seat's VP as its own
observation shows them (the Chronicles it placed score only at the end of a Dynasty).
"""
from __future__ import annotations

from .empire import VP_SOURCES

STATISTIC_NAMES = ("turns", "generations", "structures_built", "advances_discovered", "caravans",
                   "territories_owned", "first_start") + tuple(f"vp_{name}" for name in VP_SOURCES)


def statistics(state) -> dict[str, int]:
    built = sum(x.count for x in state.data.structures) - sum(state.st_supply.values())
    return {"turns": state.round, "generations": state.generations, "structures_built": built,
            "advances_discovered": sum(max(0, len(t) - 2) for t in state.trees.values()),
            "caravans": sum(len(r) for r in state.routes),
            "territories_owned": sum(1 for o in state.owner.values() if o < state.players),
            "first_start": state.first_start,
            **{f"vp_{name}": sum(v[i] for v in state.vp_from[:state.players])
               for i, name in enumerate(VP_SOURCES)}}


def evaluate(state, seat: int) -> float:
    """The seat's victory points so far, read from what the seat may see."""
    return float(state.observation(seat)["players"][seat]["vp"])
