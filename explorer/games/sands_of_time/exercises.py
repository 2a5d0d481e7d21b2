"""Exercises for The Sands of Time (issues 33 and 41): positions from seeded games (three players; one
for the solo variant), questions in the rulebook's terms, answers computed by the engine
(:mod:`explorer.engine.exercises`).

The exercises live in one module per part of the rulebook -- :mod:`.exercises_setup` (Initial
Setup), :mod:`.exercises_generation` (the Generation Sequence, Bonus Actions, Generation End, Game
End, Solo play), :mod:`.exercises_actions` (Actions Explained, Structures, Patronage) -- and share
:mod:`.exercises_common`.  :data:`EXERCISES` poses them in the rulebook's order.

Kinds: *pick the legal ones* on the map (a territory to click) or among options (cards, trees,
bins, structures, borders, moves shown as buttons); *what happens next* (resources, Unrest,
costs, growth, overcrowding, Chronicle points, whose turn, which empire attacks); *how likely*
(the die of Phase 2 (c), a battle).
"""
from __future__ import annotations

from . import exercises_actions as A
from . import exercises_generation as G
from . import exercises_setup as S

EXERCISES = [
    S.claim_provinces(), S.capital_order(), S.first_caravan(), S.first_marker(), S.literacy(),
    G.first_resources(), G.select_again(), G.emphasis_box(), G.end_turn_unrest(), G.unrest_above_max(),
    G.tax_gold(), G.oppress(), A.patronage_advance(),
    A.chronicle_bins(), A.muster_convert(), A.build_capital(), A.build_cost(), A.library_heritage(), A.arch_where(), A.govern_cost(),
    A.advance_trees(), A.trade_route_borders(), A.migrate_where(), A.tribute_routes(), A.conquer_where(),
    A.annex_cost(), A.raid_take(),
    G.growth(), G.overcrowding(), G.cull(), G.dynasty_chronicles(), G.generation_end(), G.game_end_vp(),
    G.solo_six(),
    G.generation_die("generation-ends", 2, G._ends_after_this_turn, "the die ends this Generation after this turn"),
    G.generation_die("fourth-turn", 0, G._fourth_turn, "this Generation has a fourth turn"),
    A.battle_odds(),
]
