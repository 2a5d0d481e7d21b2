"""The Sands of Time's exercises (issues 33, 41 and 44): the named parts of
``data/exercises/sands_of_time.json`` (:mod:`explorer.engine.sheets`) that data cannot say.

The sheet holds each exercise's words, rules, chapter and position (seeded three-player games, one
for the solo variant, saved in the sheet and cut at a step).  The parts live in one module per part
of the rulebook -- :mod:`.exercises_setup` (Initial Setup), :mod:`.exercises_generation` (the
Generation Sequence, Bonus Actions, Generation End, Game End, Solo play), :mod:`.exercises_actions`
(Actions Explained, Structures, Patronage) -- and share :mod:`.exercises_common`.  Picks of one
action type (where a province may be claimed, where to conquer) are the sheet's generic scopes.

Kinds: *pick the legal ones* on the map (a territory to click) or among options (cards, trees,
bins, structures, borders, moves shown as buttons); *what happens next* (resources, Unrest,
costs, growth, overcrowding, Chronicle points, whose turn, which empire attacks); *how likely*
(the die of Phase 2 (c), a battle).
"""
from __future__ import annotations

from explorer.engine.sheet_parts import Outcome, Scope, named_parts

from . import exercises_actions as A
from . import exercises_generation as G
from . import exercises_setup as S

SHEET_PARTS = named_parts({
    "capital-order": S.CAPITAL_ORDER, "patronage-advance": A.PATRONAGE_ADVANCE, "advance-trees": A.ADVANCE_TREES,
    "trade-route-borders": A.TRADE_ROUTE_BORDERS, "overcrowding": G.OVERCROWDING, "cull": G.CULL,
    "new-start-player": G.NEW_START_PLAYER, "solo-six": G.SOLO_SIX, "generation-ends": G.GENERATION_ENDS,
    "fourth-turn": G.FOURTH_TURN, "battle-odds": A.BATTLE_ODDS,
}, made={
    "first-caravan": (Scope, S.first_caravan), "first-marker": (Outcome, S.first_marker),
    "literacy": (Outcome, S.literacy), "first-resources": (Outcome, G.first_resources),
    "select-again": (Scope, G.select_again), "emphasis-box": (Outcome, G.emphasis_box),
    "end-turn-unrest": (Outcome, G.end_turn_unrest), "unrest-above-max": (Outcome, G.unrest_above_max),
    "tax-gold": (Outcome, G.tax_gold), "oppress": (Outcome, G.oppress), "chronicle-bins": (Scope, A.chronicle_bins),
    "muster-convert": (Outcome, A.muster_convert), "build-capital": (Scope, A.build_capital),
    "build-cost": (Outcome, A.build_cost), "library-heritage": (Outcome, A.library_heritage),
    "arch-where": (Scope, A.arch_where), "govern-cost": (Outcome, A.govern_cost),
    "migrate-where": (Scope, A.migrate_where), "tribute-routes": (Outcome, A.tribute_routes),
    "annex-cost": (Outcome, A.annex_cost), "raid-take": (Outcome, A.raid_take), "growth": (Outcome, G.growth),
    "dynasty-chronicles": (Outcome, G.dynasty_chronicles), "game-end-vp": (Outcome, G.game_end_vp),
})
