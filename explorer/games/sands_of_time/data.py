"""The Sands of Time's components, read from ``data/sands_of_time/`` and checked on load.

Five YAML files, one per component: ``map.yaml`` (territories, borders, trade goods, resource
tiles), ``tracks.yaml`` (Generation, Dynasty, Unrest and Heritage tracks), ``chronicles.yaml``
(the Chronicle deck), ``structures.yaml`` and ``advances.yaml``.  Most of their numbers are not
in the rulebook and are reconstructed; each file says which, with a ``source`` per fact.

:func:`load` reads them, or a user's own folder (``data_dir``): a file found there replaces
the shipped one of the same name, the others stay as shipped.  Every fact the rulebook states
is checked (the 28 territories and the names it gives, the five islands, the FAQ's island
adjacencies, the 15 Crops / 13 Gold tiles with capacities 3-5 and their backs, the 72
structures with their levels and symbols, three Dynasties, seven Chronicles per player, ...),
and so is the files' own consistency (adjacency listed both ways, every border sourced, the
dots matching the tile backs).  A bad file is a :class:`DataError` that names the file and
every bad entry, never a traceback from inside the loader.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import networkx as nx
import yaml

from explorer.engine.examples import data_file

GAME_FOLDER = "sands_of_time"
FILES = ("map.yaml", "tracks.yaml", "chronicles.yaml", "structures.yaml", "advances.yaml")

#: The civilization categories (Game Equipment, Chronicle Board) and their Chronicle bins
#: (Chronicles).
CATEGORIES = ("Civil", "Political", "Cultural")
ACCOMPLISHMENTS = {"A": "Civil", "B": "Civil", "C": "Political", "D": "Political", "E": "Cultural", "F": "Cultural"}

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

#: Structures as listed (Structures): level, fountains, lyres, categories of locked abilities.
STRUCTURES = {
    "Quarry": (1, 1, 0, ()), "Irrigation": (1, 0, 0, ("Civil",)), "Victory Arch": (1, 0, 0, ()),
    "Roads": (2, 0, 0, ()), "Library": (2, 0, 0, ()), "Colosseum": (2, 1, 0, ()),
    "City": ("capacity", 2, 0, ("Civil", "Cultural", "Political")),
    "Amphitheater": (3, 0, 1, ("Cultural",)), "Walls": (3, 2, 0, ()), "Aqueduct": (3, 0, 1, ()),
    "University": (4, 0, 2, ()), "Wonder": (4, 2, 0, ()),
}
STRUCTURE_TILES = 72
DYNASTIES = 3
CHRONICLES_PER_PLAYER = 7
UNREST_START, UNREST_MAX = 3, 7

#: The rulebook's sections, which a non-reconstructed ``source`` must start with.
SECTIONS = ("Overview", "Game Equipment", "Initial Setup", "Generation Sequence", "Generation End",
            "Game End", "Actions Explained", "Bonus Actions", "Maximum Unrest", "Chronicles",
            "Structures", "Advances", "Frequently Asked Questions", "Variant")
RECONSTRUCTED = "reconstructed:"


class DataError(ValueError):
    """A data file that cannot be used; the message names the file and every bad entry."""


# -- what a loaded file gives ---------------------------------------------------------------

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
                       red_line=b.red_line, source=b.source)
        return g


@dataclass(frozen=True)
class Tracks:
    generation: tuple[int, ...]                 # the number on each space after Start
    dynasties: tuple[tuple[str, int, tuple[int, ...]], ...]   # name, spaces, P spaces (1-based)
    unrest: Mapping[str, int]                   # start, minimum, maximum
    heritage: Mapping[str, int]                 # start, maximum
    source: Mapping[str, str]

    def dynasty_spaces(self) -> tuple[tuple[int, bool], ...]:
        """The Dynasty track after Start, space by space: (dynasty number 1-3, is a P space);
        the end space that closes the third Dynasty is (4, False)."""
        spaces = [(i, s in p) for i, (_, n, p) in enumerate(self.dynasties, 1) for s in range(1, n + 1)]
        return tuple(spaces) + ((len(self.dynasties) + 1, False),)


@dataclass(frozen=True)
class ChronicleCard:
    heritage: int
    vp: int
    thresholds: Mapping[str, int]   # accomplishment letter A-F -> threshold


@dataclass(frozen=True)
class Chronicles:
    accomplishments: Mapping[str, Mapping[str, str]]   # letter -> category, name, counts, source
    cards: tuple[ChronicleCard, ...]                    # one player's deck; every deck is the same
    source: Mapping[str, str]


@dataclass(frozen=True)
class Structure:
    name: str
    level: int | str        # 1-4, or "capacity" for the City
    category: str
    fountains: int
    lyres: int
    count: int
    ability: str
    locked: tuple[tuple[str, str], ...]   # (category, ability)


@dataclass(frozen=True)
class Advance:
    category: str
    level: int
    name: str
    effect: str
    fountains: int = 0
    lyres: int = 0
    unlocks: str | None = None
    note: str = ""


@dataclass(frozen=True)
class SandsData:
    """Every component, validated.  ``origins`` says which file each part came from."""

    map: SandsMap
    tracks: Tracks
    chronicles: Chronicles
    structures: tuple[Structure, ...]
    advances: tuple[Advance, ...]
    origins: Mapping[str, str]

    def structure(self, name: str) -> Structure:
        return next(s for s in self.structures if s.name == name)

    def tree_roots(self, category: str) -> tuple[Advance, ...]:
        """The two Level 1 advances of a category, printed on the Chronicle board."""
        return tuple(a for a in self.advances if a.category == category and a.level == 1)


# -- loading ---------------------------------------------------------------------------------

def load(data_dir: str | Path | None = None) -> SandsData:
    """All five components: the shipped files, or a folder of the user's own (a file missing
    there is taken from the shipped data).  Raises :class:`DataError` naming what is wrong."""
    if data_dir is None:
        return _default()
    folder = Path(data_dir)
    if not folder.is_dir():
        raise DataError(f"data folder {folder} does not exist or is not a folder")
    strays = sorted(p.name for p in folder.glob("*.y*ml") if p.name not in FILES)
    if strays:
        raise DataError(f"data folder {folder} has file(s) the game does not read: {', '.join(strays)} "
                        f"(the files are {', '.join(FILES)})")
    texts = {}
    for name in FILES:
        path = folder / name
        texts[name] = (_read(path, str(path)), str(path)) if path.is_file() else _shipped(name)
    return _parse_all(texts)


def map_graph(data_dir: str | Path | None = None,
              layout: Mapping[str, ResourceTile | None] | None = None) -> nx.Graph:
    """The map as a networkx ``Graph``: the 28 territories as the rulebook spells them, with
    ``resource`` and ``capacity`` (of the tile on it: the reference layout unless a dealt
    ``layout`` is given; None where no tile lies), ``terrain``, ``players`` (the player-count
    dot), ``dot`` (its colour), ``back`` and ``source``; edges carry ``trade_good`` (bool),
    ``good`` (its name), ``red_line`` and ``source``."""
    return load(data_dir).map.graph(layout)


@lru_cache(maxsize=1)
def _default() -> SandsData:
    return _parse_all({name: _shipped(name) for name in FILES})


def _shipped(name: str) -> tuple[str, str]:
    origin = f"data/{GAME_FOLDER}/{name}"
    return _read(data_file(GAME_FOLDER, name), origin), origin


def _read(path, origin: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"cannot read {origin}: {getattr(e, 'strerror', None) or e}") from None


def _parse_all(texts: dict[str, tuple[str, str]]) -> SandsData:
    parsed = {}
    for name, (text, origin) in texts.items():
        try:
            raw = yaml.safe_load(text)
        except yaml.YAMLError as e:
            raise DataError(f"{origin} is not valid YAML: {e}") from None
        check = Check(origin)
        parsed[name] = _PARSERS[name](raw, check)
        check.done()
    return SandsData(parsed["map.yaml"], parsed["tracks.yaml"], parsed["chronicles.yaml"],
                     parsed["structures.yaml"], parsed["advances.yaml"],
                     {name: origin for name, (_, origin) in texts.items()})


class Check:
    """Collects the problems of one file; :meth:`done` raises them all at once."""

    def __init__(self, origin: str):
        self.origin, self.problems = origin, []

    def __call__(self, where: str, problem: str) -> None:
        self.problems.append(f"{where}: {problem}")

    def done(self) -> None:
        if self.problems:
            raise DataError(f"{self.origin} is not valid:\n" + "\n".join(f"- {p}" for p in self.problems))

    def mapping(self, raw: object, where: str, keys: set[str], required: set[str] | None = None) -> dict:
        """``raw`` as a dict with known keys only and the required ones present ({} if not a dict)."""
        if not isinstance(raw, dict):
            self(where, f"expected a mapping with {', '.join(sorted(required or keys))}, got {type(raw).__name__}")
            return {}
        for k in sorted(set(raw) - keys, key=str):
            self(where, f"unknown key {k!r} (known: {', '.join(sorted(keys))})")
        for k in sorted((keys if required is None else required) - set(raw)):
            self(where, f"{k} is missing")
        return raw

    def number(self, value: object, where: str, low: int = 0, high: int | None = None) -> bool:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)
        if not ok:
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            self(where, f"must be a whole number {span}, got {value!r}")
        return ok

    def text(self, value: object, where: str, empty: bool = False) -> bool:
        ok = isinstance(value, str) and (empty or value.strip() != "")
        if not ok:
            self(where, f"must be text, got {value!r}")
        return ok

    def source(self, value: object, where: str) -> None:
        """A source names a rulebook section, or says ``reconstructed:`` and why."""
        if not self.text(value, where):
            return
        s = value.strip()
        if s.startswith(RECONSTRUCTED):
            if len(s) == len(RECONSTRUCTED):
                self(where, "says reconstructed but not why")
        elif not s.startswith(SECTIONS):
            self(where, f"must start with a rulebook section ({', '.join(SECTIONS)}) or with "
                        f"'{RECONSTRUCTED} <why>', got {s[:60]!r}")

    def sources(self, raw: object, where: str, keys: set[str]) -> dict[str, str]:
        raw = self.mapping(raw, where, keys)
        for k in sorted(keys & set(raw)):
            self.source(raw[k], f"{where}.{k}")
        return {k: str(v).strip() for k, v in raw.items()}


# -- map.yaml ----------------------------------------------------------------------------------

def _parse_map(raw: object, check: Check) -> SandsMap | None:
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
        body = check.mapping(body, where, {"between", "source", "trade_good", "red_line"}, {"between", "source"})
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
        out.append(Border((pair[0], pair[1]), str(body.get("source", "")).strip(), good, red))
    for pair in sorted((sorted(p) for p in adjacency - seen)):
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
            check(where, f"back must be one of {', '.join(TILES_PER_BACK)}, got {back!r}"); bad = True
        if resource not in TILES_PER_RESOURCE:
            check(where, f"resource must be Crops or Gold, got {resource!r}"); bad = True
        if capacity not in CAPACITIES or isinstance(capacity, bool):
            check(where, f"capacity must be 3, 4 or 5 (Game Equipment, Resource tiles), got {capacity!r}"); bad = True
        if lists and at not in lists:
            check(where, f"territory: {_unknown(at, {})}"); bad = True
        elif at in placed:
            check(where, f"a second tile on {at} in the reference layout"); bad = True
        elif at in territories and back in TILES_PER_BACK and DOTS[territories[at].players][0] != back:
            check(where, f"a tile with back {back!r} on {at}, whose dot is {DOTS[territories[at].players][0]!r}: "
                         f"the reference layout must fit every player count"); bad = True
        placed.add(at)
        if not bad:
            tiles.append(ResourceTile(back, resource, capacity, at))
    if len(tiles_raw) != TERRITORY_COUNT:
        check("resource_tiles.tiles", f"there are {TERRITORY_COUNT} resource tiles (Game Equipment), "
                                      f"the file lists {len(tiles_raw)}")
    for counts, field, what in ((TILES_PER_BACK, "back", "Initial Setup 1"), (TILES_PER_RESOURCE, "resource", "Game Equipment")):
        for value, want in counts.items():
            have = sum(1 for b in tiles_raw if isinstance(b, dict) and b.get(field) == value)
            if have != want:
                check("resource_tiles.tiles", f"{want} tiles have {field} {value} ({what}), the file lists {have}")
    return tuple(tiles), source


# -- tracks.yaml -------------------------------------------------------------------------------

def _parse_tracks(raw: object, check: Check) -> Tracks | None:
    top = check.mapping(raw, "the file", {"generation", "dynasty", "unrest", "heritage"})
    gen = check.mapping(top.get("generation", {}), "generation", {"spaces", "source"})
    check.source(gen.get("source"), "generation.source")
    spaces = gen.get("spaces")
    if not (isinstance(spaces, list) and spaces and all(check.number(s, f"generation.spaces[{i}]", 0, 6)
                                                        for i, s in enumerate(spaces))):
        check("generation.spaces", f"must be a list of die numbers 0-6, got {spaces!r}")
    elif spaces[-1] != 6:
        check("generation.spaces", f"the last space must be 6, so the die always ends the Generation before "
                                   f"the marker runs off the track; got {spaces[-1]}")
    dyn = check.mapping(top.get("dynasty", {}), "dynasty", {"dynasties", "source"})
    check.source(dyn.get("source"), "dynasty.source")
    dynasties = []
    entries = dyn.get("dynasties")
    if not isinstance(entries, list) or len(entries) != DYNASTIES:
        check("dynasty.dynasties", f"the game has {DYNASTIES} Dynasties (Overview), got {entries!r:.80}")
        entries = []
    for i, body in enumerate(entries):
        where = f"dynasty.dynasties[{i}]"
        body = check.mapping(body, where, {"name", "spaces", "population_growth"})
        n, growth = body.get("spaces"), body.get("population_growth", [])
        check.text(body.get("name"), f"{where}.name")
        if check.number(n, f"{where}.spaces", 1):
            if not (isinstance(growth, list) and all(isinstance(p, int) and 1 <= p <= n for p in growth)
                    and len(set(growth)) == len(growth)):
                check(f"{where}.population_growth", f"must list distinct spaces 1-{n}, got {growth!r}")
            else:
                dynasties.append((str(body.get("name")), n, tuple(sorted(growth))))
    unrest = check.mapping(top.get("unrest", {}), "unrest", {"start", "maximum", "minimum", "source"})
    check.source(unrest.get("source"), "unrest.source")
    if unrest.get("start") != UNREST_START or unrest.get("maximum") != UNREST_MAX:
        check("unrest", f"starts at {UNREST_START} (Initial Setup 2) and tops out at {UNREST_MAX} "
                        f"(Maximum Unrest); the file says {unrest.get('start')!r} and {unrest.get('maximum')!r}")
    if check.number(unrest.get("minimum"), "unrest.minimum") and unrest["minimum"] > UNREST_START:
        check("unrest.minimum", "is above the starting Unrest")
    heritage = check.mapping(top.get("heritage", {}), "heritage", {"start", "maximum", "source"})
    check.source(heritage.get("source"), "heritage.source")
    if check.number(heritage.get("start"), "heritage.start") and check.number(heritage.get("maximum"), "heritage.maximum", 1):
        if heritage["maximum"] <= heritage["start"]:
            check("heritage.maximum", "must be above the start")
    if check.problems:
        return None
    return Tracks(tuple(spaces), tuple(dynasties),
                  {k: unrest[k] for k in ("start", "minimum", "maximum")},
                  {k: heritage[k] for k in ("start", "maximum")},
                  {k: top[k]["source"].strip() for k in ("generation", "dynasty", "unrest", "heritage")})


# -- chronicles.yaml ---------------------------------------------------------------------------

def _parse_chronicles(raw: object, check: Check) -> Chronicles | None:
    top = check.mapping(raw, "the file", {"accomplishments", "decks", "cards", "source"})
    acc = top.get("accomplishments")
    if not isinstance(acc, dict) or set(acc) != set(ACCOMPLISHMENTS):
        check("accomplishments", f"must have exactly {', '.join(ACCOMPLISHMENTS)} (Chronicles)")
        acc = {}
    for letter, body in acc.items():
        where = f"accomplishments.{letter}"
        body = check.mapping(body, where, {"category", "name", "counts", "source"})
        if body.get("category") != ACCOMPLISHMENTS[letter]:
            check(where, f"{letter} is a {ACCOMPLISHMENTS[letter]} accomplishment (Chronicles), "
                         f"got {body.get('category')!r}")
        check.text(body.get("name"), f"{where}.name")
        check.text(body.get("counts"), f"{where}.counts")
        check.source(body.get("source"), f"{where}.source")
    decks = check.mapping(top.get("decks", {}), "decks", {"per_player", "identical", "source"})
    check.source(decks.get("source"), "decks.source")
    if decks.get("per_player") != CHRONICLES_PER_PLAYER:
        check("decks.per_player", f"each player has {CHRONICLES_PER_PLAYER} Chronicle cards (Game Equipment), "
                                  f"got {decks.get('per_player')!r}")
    if decks.get("identical") is not True:
        check("decks.identical", "only identical decks (one list of cards for every player) are read")
    cards_raw = top.get("cards")
    if not isinstance(cards_raw, list) or len(cards_raw) != CHRONICLES_PER_PLAYER:
        check("cards", f"must list the {CHRONICLES_PER_PLAYER} cards of a deck, got "
                       f"{len(cards_raw) if isinstance(cards_raw, list) else repr(cards_raw)}")
        cards_raw = cards_raw if isinstance(cards_raw, list) else []
    cards = []
    for i, body in enumerate(cards_raw):
        where = f"cards[{i}]"
        body = check.mapping(body, where, {"heritage", "vp", "thresholds"})
        ok = check.number(body.get("heritage"), f"{where}.heritage") & check.number(body.get("vp"), f"{where}.vp")
        th = body.get("thresholds")
        if not isinstance(th, dict) or set(th) != set(ACCOMPLISHMENTS):
            check(f"{where}.thresholds", f"must give a threshold for each of {', '.join(ACCOMPLISHMENTS)}, got {th!r}")
            continue
        ok &= all([check.number(v, f"{where}.thresholds.{k}") for k, v in th.items()])
        if ok and body:
            cards.append(ChronicleCard(body["heritage"], body["vp"], dict(sorted(th.items()))))
    source = check.sources(top.get("source"), "source", {"heritage", "vp", "thresholds"})
    if check.problems:
        return None
    return Chronicles({k: dict(v) for k, v in sorted(acc.items())}, tuple(cards), source)


# -- structures.yaml ---------------------------------------------------------------------------

def _parse_structures(raw: object, check: Check) -> tuple[Structure, ...] | None:
    top = check.mapping(raw, "the file", {"total", "source", "structures"})
    check.sources(top.get("source"), "source", {"total", "kinds", "count", "category"})
    if top.get("total") != STRUCTURE_TILES:
        check("total", f"there are {STRUCTURE_TILES} structure tiles (Game Equipment), got {top.get('total')!r}")
    entries = top.get("structures")
    if not isinstance(entries, list):
        check("structures", "must be a list of structures")
        entries = []
    out, names = [], []
    for i, body in enumerate(entries):
        body = check.mapping(body, f"structures[{i}]", {"name", "level", "category", "fountains", "lyres",
                                                         "count", "ability", "locked"},
                             {"name", "level", "category", "fountains", "lyres", "count", "ability"})
        name = body.get("name")
        where = f"structures[{i}] ({name})"
        if name not in STRUCTURES:
            check(where, f"not a structure of the rulebook ({', '.join(STRUCTURES)})")
            continue
        if name in names:
            check(where, "is listed twice")
        names.append(name)
        level, fountains, lyres, locked_cats = STRUCTURES[name]
        if (body.get("level"), body.get("fountains"), body.get("lyres")) != (level, fountains, lyres):
            check(where, f"the rulebook gives level {level}, {fountains} fountain(s), {lyres} lyre(s) (Structures); "
                         f"the file gives {body.get('level')!r}, {body.get('fountains')!r}, {body.get('lyres')!r}")
        if body.get("category") not in CATEGORIES:
            check(where, f"category must be one of {', '.join(CATEGORIES)}, got {body.get('category')!r}")
        check.number(body.get("count"), f"{where}.count")
        check.text(body.get("ability"), f"{where}.ability", empty=True)
        locked = body.get("locked", []) or []
        pairs = [(e.get("category"), e.get("ability")) for e in locked if isinstance(e, dict)]
        if len(pairs) != len(locked) or not all(isinstance(a, str) for _, a in pairs) \
                or tuple(sorted(c for c, _ in pairs)) != tuple(sorted(locked_cats)):
            check(f"{where}.locked", f"must be one {{category, ability}} for each locked box the rulebook "
                                     f"gives it ({', '.join(locked_cats) or 'none'}), got {locked!r}")
        if not check.problems:
            out.append(Structure(name, level, body["category"], fountains, lyres, body["count"],
                                 body["ability"].strip(), tuple(pairs)))
    missing = [n for n in STRUCTURES if n not in names]
    if missing:
        check("structures", f"missing: {', '.join(missing)} (Structures)")
    total = sum(b.get("count", 0) for b in entries if isinstance(b, dict) and isinstance(b.get("count"), int))
    if total != STRUCTURE_TILES:
        check("structures", f"the counts add up to {total}, not the {STRUCTURE_TILES} tiles (Game Equipment)")
    return None if check.problems else tuple(out)


# -- advances.yaml -----------------------------------------------------------------------------

def _parse_advances(raw: object, check: Check) -> tuple[Advance, ...] | None:
    top = check.mapping(raw, "the file", {"source", "tiles", "advances"})
    check.sources(top.get("source"), "source", {"advances", "tiles"})
    entries = top.get("advances")
    if not isinstance(entries, list):
        check("advances", "must be a list of advances")
        entries = []
    out, keys = [], set()
    for i, body in enumerate(entries):
        body = check.mapping(body, f"advances[{i}]", {"category", "level", "name", "effect", "fountains",
                                                      "lyres", "unlocks", "note"},
                             {"category", "level", "name", "effect"})
        where = f"advances[{i}] ({body.get('name')})"
        ok = body.get("category") in CATEGORIES
        if not ok:
            check(where, f"category must be one of {', '.join(CATEGORIES)}, got {body.get('category')!r}")
        ok &= check.number(body.get("level"), f"{where}.level", 1)
        ok &= check.text(body.get("name"), f"{where}.name") & check.text(body.get("effect"), f"{where}.effect")
        ok &= check.number(body.get("fountains", 0), f"{where}.fountains") & check.number(body.get("lyres", 0), f"{where}.lyres")
        if body.get("unlocks") not in (None,) + CATEGORIES:
            check(where, f"unlocks must be a category, got {body.get('unlocks')!r}")
            ok = False
        key = (body.get("category"), body.get("level"), body.get("name"))
        if key in keys:
            check(where, "is listed twice at that category and level")
        keys.add(key)
        if ok:
            out.append(Advance(body["category"], body["level"], body["name"].strip(), body["effect"].strip(),
                               body.get("fountains", 0), body.get("lyres", 0), body.get("unlocks"),
                               str(body.get("note", "")).strip()))
    for cat in CATEGORIES:
        levels = sorted({a.level for a in out if a.category == cat})
        for level, why in ((1, "the two trees' roots on the Chronicle board (Game Equipment)"),
                           (2, "one beside each root at setup (Initial Setup 7)")):
            have = sum(1 for a in out if a.category == cat and a.level == level)
            if have != 2:
                check("advances", f"{cat} needs exactly two Level {level} advances, {why}; the file has {have}")
        if levels and levels != list(range(1, levels[-1] + 1)):
            check("advances", f"{cat} skips a level: it has levels {levels}")
    tiles = sum(1 for a in out if a.level >= 2)
    if top.get("tiles") != tiles:
        check("tiles", f"says {top.get('tiles')!r} tiles, but the file lists {tiles} advances above Level 1")
    return None if check.problems else tuple(out)


_PARSERS = {"map.yaml": _parse_map, "tracks.yaml": _parse_tracks, "chronicles.yaml": _parse_chronicles,
            "structures.yaml": _parse_structures, "advances.yaml": _parse_advances}
