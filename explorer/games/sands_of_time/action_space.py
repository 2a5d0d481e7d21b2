"""The Sands of Time's whole action space (:mod:`explorer.engine.action_space`): every choice and
chance outcome its rules can offer with the given options, from the game's data files (the
shipped ones or ``data_dir``'s).

- Territories (Initial Setup 4-6, the actions, Bonus Actions, Solo play): the map's territories; a
  border (a caravan's Route) is two of them in alphabetical order.
- Resource tiles (Initial Setup 1): the tiles' resources and capacities.
- Advances (Initial Setup 7, Actions Explained: Advance): the advance tiles by name, drawn one or
  two at a time; a tree is a category and its number (two roots each).
- Cards (Phase 2): the Action cards and the three Emphasis cards, two selected at a time.
- Chronicles (Actions Explained: Chronicle): a card number of one player's deck into a bin A-F.
- Structures (Build): the structures by name, with or without the Labor discount.
- Numbers: the die 1-6 (Phase 2 (c)); a battle number 0-6 (Conquer (A): at most a die's 6);
  Govern lowers Unrest by 1 up to the track's span; an attacked empire is a seat, or in the solo
  variant one of the two foreign empires (empires 1 and 2).
"""
from __future__ import annotations

from explorer.engine.action_space import BOOLS, ActionSpace, Range, Sequences

from . import empire as E
from .actions import (Advance, Annex, Attack, Build, Capital, Chronicle, Claim, Conquer, Convert, Cull, DealTile, Done,
                      DrawTiles, Foreign, Govern, Heritage, Irrigate, Keep, Lose, Marker, Move, Muster, Oppress,
                      Patronage, Peasant, Pick, Play, Retreat, Roll, Route, Select, Steal, StartPlayer, Target, Tax,
                      TreeOrder, Tribute)
from .data import ACCOMPLISHMENTS, CATEGORIES, load
from .rules import EMPHASIS_CARDS

#: the die of Phase 2 (c) and of battles (Conquer (A))
DIE = Range(1, 6)
#: the citizens (Game Equipment): what is lost, culled, converted or moved
KINDS = ("peasant", "warrior")
#: Tribute's three sources (Actions Explained: Tribute)
TRIBUTE_KINDS = ("both", "colonies", "routes")
#: the empires a solo game adds (Variant: Solo play): empires 1 and 2
SOLO_EMPIRES = 3


def action_space(options) -> ActionSpace:
    data = load(options.data_dir or None)
    geo = E.geo(data)
    territory = {"territory": geo.names}
    resources = sorted({t.resource for t in data.map.tiles})
    advances = sorted(a.name for a in data.advances)
    cards = (*(c.name for c in data.cards.actions), *EMPHASIS_CARDS)
    unrest = data.tracks.unrest
    return ActionSpace("sands_of_time", decisions={
        Claim: territory, Capital: territory, Peasant: territory, Marker: {"tree": geo.trees},
        Foreign: territory, Heritage: {"category": CATEGORIES}, Done: {},
        Select: {"cards": Sequences(cards, (2,))}, Play: {"card": cards}, Oppress: territory,
        Patronage: {"category": CATEGORIES}, Tax: {"resource": resources},
        Chronicle: {"card": range(1, len(data.chronicles.cards) + 1), "bin": sorted(ACCOMPLISHMENTS)},
        Muster: territory, Convert: {**territory, "to_warrior": BOOLS}, Irrigate: territory,
        Conquer: territory, Attack: {"defender": range(max(options.players, SOLO_EMPIRES))}, Annex: {},
        Pick: {"number": range(0, DIE.high + 1)}, Lose: {"kind": KINDS}, Cull: {"kind": KINDS},
        Retreat: territory, Move: {"source": geo.names, "target": geo.names, "kind": KINDS}, Steal: territory,
        Build: {**territory, "structure": sorted(s.name for s in data.structures), "labor": BOOLS},
        Govern: {"levels": range(1, unrest["maximum"] - unrest["minimum"] + 1)},
        Advance: {"tree": geo.trees, "new": BOOLS}, Keep: {"tile": advances},
        Route: {"a": geo.names, "b": geo.names, "pay": ("", *resources)},
        Tribute: {"kind": TRIBUTE_KINDS}, Target: territory,
    }, chance={
        DealTile: {"resource": resources, "capacity": sorted({t.capacity for t in data.map.tiles})},
        StartPlayer: {"seat": range(options.players)},
        TreeOrder: {"category": CATEGORIES, "first": advances},
        DrawTiles: {"tiles": Sequences(advances, (1, 2))}, Roll: {"value": DIE},
    })
