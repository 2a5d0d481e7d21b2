"""What the designer's lab measures in a game of The Sands of Time, and how a seat stands.

:func:`statistics` counts the turns and Generations played, the structures built, the Advance tiles
discovered beyond the setup's, the caravans laid and the territories owned at the end (what a
designer changing a track or a component watches), the seat that held the start die first
(``first_start``: the start player of Initial Setup 4, who passes it left every Generation) and the
VP all seats together took from each source (``vp_chronicles``, ``vp_wonders``, ``vp_end_bonus``,
and ``vp_unrest``: the VP lost above Maximum Unrest, zero or negative); registered with the game, so
``explorer sweep sands_of_time`` reports them.  :func:`evaluate` is the seat's VP as its own
observation shows them (the Chronicles it placed score only at the end of a Dynasty);
:func:`search_value` is what the strong player scores a playout cut before the end by (the VP with
the Chronicles in reach and the Unrest carried counted in).
"""
from __future__ import annotations

from . import chronicles as C
from . import empire as E
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


#: What :func:`search_value` counts besides the VP banked, in VP: a placed Chronicle that would
#: score now (nearly sure: the counts seldom fall before Phase 5), one placed but not met yet (the
#: share of its threshold reached), a step of Unrest (it raises every Build cost and the Crops a
#: Govern takes, closes Advances, and past the maximum each step is a VP lost), and the things the
#: Chronicles and the end-of-game bonuses count: territories, fountains and lyres, heritage steps;
#: Crops and Gold last only to the end of the Generation.
SEARCH_WEIGHTS = {"chronicle_met": 0.9, "chronicle_unmet": 0.3, "unrest": 1.0, "territory": 0.3,
                  "symbol": 0.2, "heritage": 0.3, "resource": 0.1}


def search_value(state, seat: int, weights=SEARCH_WEIGHTS) -> float:
    """How well ``seat`` stands, in VP, for the strong player's cut-off playouts (its
    ``STRONG["value"]``): the VP banked, the VP its placed Chronicles would score at the end of
    the Dynasty as things stand (:func:`.chronicles.evaluate`) and a share of those still short of
    their thresholds, less the Unrest it carries, and a little for what it has built up
    (:data:`SEARCH_WEIGHTS`).  :func:`evaluate` counts only the VP banked, so a playout cut before
    Phase 5 could not tell a Chronicle in reach from none, nor a quiet empire from one about to lose
    VP to Maximum Unrest.  It reads only what the seat may see: the public map and the seat's own
    cards."""
    s, q, w = state, seat, weights
    value = float(s.vp[q])
    if s.bins[q]:
        scored, rows = C.evaluate(s, q)
        cards = s.data.chronicles.cards
        value += w["chronicle_met"] * sum(cards[n - 1].vp for _, n in scored)
        value += w["chronicle_unmet"] * sum(cards[n - 1].vp * have / need for _, n, have, need, ok in rows
                                            if not ok and need)
    fountains, lyres = E.symbols(s, q)
    value += (w["territory"] * sum(1 for o in s.owner.values() if o == q) + w["symbol"] * (fountains + lyres)
              + w["heritage"] * sum(s.heritage[q]) + w["resource"] * (s.crops[q] + s.gold[q])
              - w["unrest"] * s.unrest[q])
    return value
