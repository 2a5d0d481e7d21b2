"""The map board of The Sands of Time: territories, borders, trade goods and resource tiles.

The rulebook describes the board (Game Equipment, Map Board; Initial Setup 1; the FAQ's island
adjacencies) without printing it; ``data/sands_of_time/map.yaml`` reconstructs the rest.  This
module holds the stated facts, the classes a loaded map gives, and :func:`parse_map`, which
checks a map file against those facts and against itself (adjacency listed both ways, every
border sourced, the dots matching the tile backs, the reference layout fitting every player count).
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping

import networkx as nx

from .checks import RECONSTRUCTED, Check, DataError

#: The map (Game Equipment, Map Board): 28 territories, five of them islands.
TERRITORY_COUNT = 28
ISLANDS = ("Sicilia", "Cyprvs", "Rhodes", "Britannia", "Fortunata")
TERRAINS = ("island", "mountain", "plains")
#: Every territory the rulebook names, in the spelling we keep (see map.yaml, spellings).
NAMED_TERRITORIES = ISLANDS + (
    "Italia", "Gallia", "Hispania", "Græcia", "Ægyptus", "Libya", "Mauritania", "Illyria", "Dacia",
    "Sarmatia", "Asia Minor", "Syria", "Germania", "Æthiopia")
#: The FAQ's island adjacencies, each list as printed.
FAQ_ADJACENT = {
    "Sicilia": ("Cyprvs", "Ægyptus", "Libya", "Mauritania", "Hispania", "Italia", "Græcia"),
    "Rhodes": ("Græcia", "Asia Minor", "Syria", "Cyprvs"),
    "Britannia": ("Dacia", "Germania", "Gallia", "Hispania"),
    "Fortunata": ("Hispania", "Sicilia", "Mauritania", "Æthiopia"),
}
#: The pairs the FAQ rules out.
FAQ_NOT_ADJACENT = (("Sicilia", "Illyria"), ("Rhodes", "Dacia"), ("Rhodes", "Sarmatia"))
#: Territories whose tiles the solo variant removes from a two-player layout (Variant, Setup 1).
SOLO_REMOVED = ("Syria", "Asia Minor")

#: Resource tiles (Game Equipment; Initial Setup 1): back marking and colour per player-count
#: dot, and how many tiles carry each back (28 - 2 - 4 - 6 - 4 = 12 left for two players).
DOTS = {2: ("2+", None), 3: ("3+", "red"), 4: ("4+", "black"), 5: ("5+", "blue"), 6: ("6", "orange")}
TILES_PER_BACK = {"2+": 12, "3+": 4, "4+": 6, "5+": 4, "6": 2}
TILES_PER_RESOURCE = {"Crops": 15, "Gold": 13}
CAPACITIES = (3, 4, 5)


@dataclass(frozen=True)
class Territory:
    name: str
    terrain: str
    players: int                  # the player-count dot: in play with at least this many players
    adjacent: tuple[str, ...]
    source: Mapping[str, str]     # name, terrain (the dot's source is in SandsMap.dots)


@dataclass(frozen=True)
class Border:
    between: tuple[str, str]
    source: str
    trade_good: str | None = None  # the good the space stands for; None: no trade-good space
    red_line: bool = False         # a red line across water rather than a shared border
    good_source: str = ""          # where the trade good comes from, when ``source`` is the border's only


@dataclass(frozen=True)
class ResourceTile:
    back: str
    resource: str
    capacity: int
    territory: str                 # where the reference layout puts it (the game deals at random)


@dataclass(frozen=True)
class SandsMap:
    territories: tuple[Territory, ...]
    borders: tuple[Border, ...]
    tiles: tuple[ResourceTile, ...]
    spellings: Mapping[str, str]   # another spelling -> the one kept
    dots: Mapping[int, Mapping]    # players -> back, colour, source
    source: str
    trade_goods_source: str
    tiles_source: Mapping[str, str]

    def territory(self, name: str) -> Territory:
        """The territory called ``name`` (another spelling the text uses is accepted)."""
        key = self.spellings.get(name, name)
        for t in self.territories:
            if t.name == key:
                return t
        raise KeyError(f"no territory {name!r}; the territories are {', '.join(t.name for t in self.territories)}")

    def in_play(self, players: int) -> tuple[str, ...]:
        """The territories that get a resource tile with ``players`` players (Initial Setup 1);
        one player uses the two-player territories less Syria and Asia Minor (Variant)."""
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 6:
            raise ValueError(f"the game is for 1 to 6 players, not {players!r}")
        names = tuple(t.name for t in self.territories if t.players <= max(players, 2))
        return tuple(n for n in names if n not in SOLO_REMOVED) if players == 1 else names

    def reference_layout(self) -> dict[str, ResourceTile]:
        return {t.territory: t for t in self.tiles}

    def graph(self, layout: Mapping[str, ResourceTile | None] | None = None) -> nx.Graph:
        """The map as a networkx Graph; see :func:`map_graph`."""
        layout = self.reference_layout() if layout is None else dict(layout)
        names = {t.name for t in self.territories}
        unknown = sorted(set(layout) - names)
        if unknown:
            raise DataError(f"layout names unknown territories: {', '.join(unknown)}")
        g = nx.Graph()
        for t in self.territories:
            tile = layout.get(t.name)
            g.add_node(t.name, resource=tile.resource if tile else None, capacity=tile.capacity if tile else None,
                       terrain=t.terrain, players=t.players, dot=self.dots[t.players]["colour"],
                       back=self.dots[t.players]["back"],
                       source={**t.source, "players": self.dots[t.players]["source"]})
        for b in self.borders:
            g.add_edge(*b.between, trade_good=b.trade_good is not None, good=b.trade_good,
                       red_line=b.red_line, source=b.source, good_source=b.good_source)
        return g


# -- map.yaml ----------------------------------------------------------------------------------

def parse_map(raw: object, check: Check) -> SandsMap | None:
    """A :class:`SandsMap` from a parsed map file, its problems noted in ``check`` (None if any)."""
    top = check.mapping(raw, "the file", {"source", "spellings", "territories", "player_dots",
                                          "trade_goods_source", "borders", "resource_tiles", "choices"},
                        {"source", "territories", "player_dots", "trade_goods_source", "borders", "resource_tiles"})
    check.source(top.get("source", "reconstructed: ?"), "source")
    check.source(top.get("trade_goods_source", "reconstructed: ?"), "trade_goods_source")
    spellings = _read_spellings(top.get("spellings", {}), check)
    territories, lists = _read_territories(top.get("territories"), spellings, check)
    dots = _read_dots(top.get("player_dots"), territories, check)
    borders = _read_borders(top.get("borders"), lists, check)
    tiles, tiles_source = _read_tiles(top.get("resource_tiles"), territories, lists, check)
    for i, entry in enumerate(top.get("choices", []) or []):
        check.mapping(entry, f"choices[{i}]", {"about", "choice", "why"})
    unknown_spellings = sorted(set(spellings.values()) - set(lists))
    if unknown_spellings and lists:
        check("spellings", f"names no territory: {', '.join(unknown_spellings)}")
    if check.problems:
        return None
    return SandsMap(tuple(territories.values()), borders, tiles, spellings, dots, top["source"].strip(),
                    top["trade_goods_source"].strip(), tiles_source)


def _read_spellings(raw: object, check: Check) -> dict[str, str]:
    raw = check.mapping(raw, "spellings", {"source", "chosen"})
    if "source" in raw:
        check.text(raw["source"], "spellings.source")
    out = {}
    chosen = raw.get("chosen", {})
    if not isinstance(chosen, dict):
        check("spellings.chosen", "must map each spelling kept to a list of the other spellings")
        return out
    for kept, others in chosen.items():
        if not isinstance(others, list) or not all(isinstance(o, str) for o in others):
            check(f"spellings.chosen.{kept}", f"must be a list of other spellings, got {others!r}")
            continue
        for other in others:
            if other in out:
                check(f"spellings.chosen.{kept}", f"{other!r} is already another spelling of {out[other]}")
            out[other] = kept
    return out


def _unknown(name: object, spellings: Mapping[str, str]) -> str:
    if name in spellings:
        return f"{name!r} is spelled {spellings[name]!r} here (see spellings)"
    return f"unknown territory {name!r}"


def _read_territories(raw: object, spellings: Mapping[str, str], check: Check):
    """The valid territories, and every entry's adjacency list (for the checks that follow)."""
    if not isinstance(raw, dict):
        check("territories", "must map each territory's name to its terrain, players, adjacent and source")
        return {}, {}
    if len(raw) != TERRITORY_COUNT:
        check("territories", f"the map has {TERRITORY_COUNT} territories (Game Equipment, Map Board), "
                             f"the file lists {len(raw)}")
    for name in NAMED_TERRITORIES:
        if name not in raw:
            others = [o for o, kept in spellings.items() if kept == name and o in raw]
            hint = f" (the file writes {others[0]!r}; keep one spelling, see spellings)" if others else ""
            check("territories", f"{name} is missing; the rulebook names it{hint}")
    lists: dict[str, list] = {}
    out: dict[str, Territory] = {}
    for name, body in raw.items():
        where = f"territories.{name}"
        if name in spellings:
            check(where, f"write {spellings[name]!r}, the spelling kept (see spellings)")
        body = check.mapping(body, where, {"terrain", "players", "adjacent", "source"})
        terrain, players, adjacent = body.get("terrain"), body.get("players"), body.get("adjacent")
        if "terrain" in body and terrain not in TERRAINS:
            check(where, f"terrain must be one of {', '.join(TERRAINS)}, got {terrain!r}")
        elif (terrain == "island") != (name in ISLANDS) and "terrain" in body and name not in spellings:
            check(where, f"the five islands are {', '.join(ISLANDS)} (Game Equipment, Map Board); "
                         f"{name} cannot be {terrain}")
        if "players" in body and players not in DOTS:
            check(where, f"players (the player-count dot) must be one of {', '.join(map(str, DOTS))}, got {players!r}")
        if "adjacent" in body and not (isinstance(adjacent, list) and all(isinstance(a, str) for a in adjacent)):
            check(where, f"adjacent must be a list of territory names, got {adjacent!r}")
            adjacent = None
        source = check.sources(body.get("source"), f"{where}.source", {"name", "terrain"}) if "source" in body else {}
        lists[name] = adjacent if isinstance(adjacent, list) else []
        if body and adjacent is not None and terrain in TERRAINS and players in DOTS:
            out[name] = Territory(name, terrain, players, tuple(adjacent), source)
    for name, near in lists.items():
        for other in near:
            if other == name:
                check(f"territories.{name}.adjacent", "lists the territory itself")
            elif other not in raw:
                check(f"territories.{name}.adjacent", _unknown(other, spellings))
            elif near.count(other) > 1:
                check(f"territories.{name}.adjacent", f"lists {other} twice")
            elif other in lists and name not in lists[other]:
                check(f"territories.{name}.adjacent", f"lists {other}, but {other} does not list {name}: "
                                                      f"adjacency goes both ways")
    if check.problems:
        return out, lists
    g = nx.Graph()
    g.add_nodes_from(out)
    g.add_edges_from((a, b) for a, near in lists.items() for b in near)
    for island, listed in FAQ_ADJACENT.items():
        missing = [n for n in listed if not g.has_edge(island, n)]
        if missing:
            check(f"territories.{island}.adjacent", f"the FAQ makes it adjacent to {', '.join(missing)} too")
    for a, b in FAQ_NOT_ADJACENT:
        if g.has_edge(a, b):
            check(f"territories.{a}.adjacent", f"the FAQ says {a} is not adjacent to {b}")
    if not nx.is_connected(g):
        parts = sorted((sorted(c) for c in nx.connected_components(g)), key=len)
        check("territories", "the map falls apart; cut off: " + "; ".join(", ".join(c) for c in parts[:-1]))
    return out, lists


def _read_dots(raw: object, territories: dict[str, Territory], check: Check) -> dict[int, dict]:
    if not isinstance(raw, dict) or set(raw) != set(DOTS):
        check("player_dots", f"must have one entry for each of {', '.join(map(str, DOTS))} players")
        return {}
    out = {}
    for players, (back, colour) in DOTS.items():
        where = f"player_dots.{players}"
        body = check.mapping(raw[players], where, {"back", "colour", "source"})
        if body.get("back") != back or body.get("colour") != colour:
            check(where, f"the rulebook marks it back {back!r}, colour {colour} (Initial Setup 1), "
                         f"the file says {body.get('back')!r}, {body.get('colour')}")
        check.source(body.get("source"), f"{where}.source")
        out[players] = {"back": back, "colour": colour, "source": str(body.get("source", "")).strip()}
        if territories and len(territories) == TERRITORY_COUNT:
            have = sorted(t.name for t in territories.values() if t.players == players)
            if len(have) != TILES_PER_BACK[back]:
                check(where, f"{TILES_PER_BACK[back]} tiles are marked {back!r} (Initial Setup 1), so as many "
                             f"territories carry this dot; the file gives it to {len(have)}: {', '.join(have)}")
    for name in SOLO_REMOVED:
        if name in territories and territories[name].players != 2:
            check(f"territories.{name}", "must carry the two-player dot: the solo variant removes its tile "
                                         "from a two-player layout (Variant, Setup 1)")
    return out


def _read_borders(raw: object, lists: dict[str, list], check: Check) -> tuple[Border, ...]:
    if not isinstance(raw, list):
        check("borders", "must be a list of {between: [territory, territory], source}")
        return ()
    adjacency = {frozenset((a, b)) for a, near in lists.items() for b in near if a in lists.get(b, ()) and a != b}
    seen, out = set(), []
    for i, body in enumerate(raw):
        where = f"borders[{i}]"
        body = check.mapping(body, where, {"between", "source", "trade_good", "good_source", "red_line"},
                             {"between", "source"})
        pair = body.get("between")
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            if body:
                check(where, f"between must name two territories, got {pair!r}")
            continue
        where = f"borders[{i}] ({pair[0]}, {pair[1]})"
        check.source(body.get("source"), f"{where}.source")
        good, red = body.get("trade_good"), body.get("red_line", False)
        if good is not None:
            check.text(good, f"{where}.trade_good")
        good_source = body.get("good_source")
        if good_source is not None:
            if good is None:
                check(f"{where}.good_source", "is given, but the border has no trade_good")
            check.source(good_source, f"{where}.good_source")
        elif good is not None and not str(body.get("source", "")).strip().startswith(RECONSTRUCTED):
            check(where, "the rulebook places no trade good, and this border's source vouches for the border "
                         "only: give good_source ('reconstructed: <why>' or the section that places it)")
        if not isinstance(red, bool):
            check(where, f"red_line must be true or false, got {red!r}")
        key = frozenset(pair)
        unknown = [p for p in pair if p not in lists]
        if lists and unknown:
            check(where, f"unknown territory {unknown[0]!r}")
        elif lists and key not in adjacency:
            check(where, "is not an adjacency of the territories' lists")
        elif key in seen:
            check(where, "is listed twice")
        seen.add(key)
        out.append(Border((pair[0], pair[1]), str(body.get("source", "")).strip(), good, red,
                          str(good_source or "").strip()))
    for pair in sorted(sorted(p) for p in adjacency - seen):
        check("borders", f"{pair[0]} and {pair[1]} are adjacent but have no border entry (every border "
                         f"needs its source)")
    return tuple(out)


def _read_tiles(raw: object, territories: dict[str, Territory], lists: dict[str, list], check: Check):
    raw = check.mapping(raw, "resource_tiles", {"source", "tiles"})
    source = check.sources(raw.get("source"), "resource_tiles.source",
                           {"resources", "capacities", "backs", "split", "layout"})
    tiles_raw = raw.get("tiles")
    if not isinstance(tiles_raw, list):
        check("resource_tiles.tiles", "must be a list of {back, resource, capacity, territory}")
        return (), source
    tiles, placed = [], set()
    for i, body in enumerate(tiles_raw):
        where = f"resource_tiles.tiles[{i}]"
        body = check.mapping(body, where, {"back", "resource", "capacity", "territory"})
        back, resource, capacity, at = (body.get(k) for k in ("back", "resource", "capacity", "territory"))
        bad = False
        if back not in TILES_PER_BACK:
            check(where, f"back must be one of {', '.join(TILES_PER_BACK)}, got {back!r}")
            bad = True
        if resource not in TILES_PER_RESOURCE:
            check(where, f"resource must be Crops or Gold, got {resource!r}")
            bad = True
        if capacity not in CAPACITIES or isinstance(capacity, bool):
            check(where, f"capacity must be 3, 4 or 5 (Game Equipment, Resource tiles), got {capacity!r}")
            bad = True
        if lists and at not in lists:
            check(where, f"territory: {_unknown(at, {})}")
            bad = True
        elif at in placed:
            check(where, f"a second tile on {at} in the reference layout")
            bad = True
        elif at in territories and back in TILES_PER_BACK and DOTS[territories[at].players][0] != back:
            check(where, f"a tile with back {back!r} on {at}, whose dot is {DOTS[territories[at].players][0]!r}: "
                         f"the reference layout must fit every player count")
            bad = True
        placed.add(at)
        if not bad:
            tiles.append(ResourceTile(back, resource, capacity, at))
    if len(tiles_raw) != TERRITORY_COUNT:
        check("resource_tiles.tiles", f"there are {TERRITORY_COUNT} resource tiles (Game Equipment), "
                                      f"the file lists {len(tiles_raw)}")
    for counts, field, what in ((TILES_PER_BACK, "back", "Initial Setup 1"),
                                (TILES_PER_RESOURCE, "resource", "Game Equipment")):
        for value, want in counts.items():
            have = sum(1 for b in tiles_raw if isinstance(b, dict) and b.get(field) == value)
            if have != want:
                check("resource_tiles.tiles", f"{want} tiles have {field} {value} ({what}), the file lists {have}")
    return tuple(tiles), source

