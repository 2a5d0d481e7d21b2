"""The map of Canada: where each province and territory lies, and which of them touch.

Preparation 3 builds the map from thirteen face-up tiles, one per province and territory, in
the general shape of Canada, with a blank space for Hudson Bay (where the slush fund is kept)
between Nunavut, Manitoba and Quebec.  The rulebook's Figure 1 is missing, so the default
layout in ``data/take_off_eh/canada.yaml`` is reconstructed (its ``source`` says how);
:func:`load_map` reads it, or a user's own layout file of the same shape.  The rule option
``layout`` carries a layout itself, never a file name (:func:`map_of`, :func:`layout_text`).

Geometry.  Square tiles of side ``tile_size`` lie on an integer lattice; a unit's ``at`` is its
south-west corner, x grows to the east and y to the north.  Two units *touch* when their squares
share part of an edge (a corner alone does not count), which is how pawns and the Queen move
(Completion 2, Suns and Crowns).  A layout must list as neighbours exactly the pairs that touch.

Distances are counted on the thirteen provinces and territories only: Hudson Bay is not a space
pieces move over.  A seceded (face-down) tile stays in the graph, because it still counts as a
space for distances (Completion 2, Spring); whether a piece may *end* there is for the rules.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations
from pathlib import Path
from collections.abc import Iterable, Sequence

import networkx as nx

from explorer.engine.examples import data_file
from explorer.engine.yaml_text import parse_yaml

#: The provinces and territories as the rulebook spells them, in the alphabetical order in which
#: a special scoring round scores them (Special Scoring Rounds, 3. Provinces and Territories).
PROVINCES_AND_TERRITORIES: tuple[str, ...] = (
    "Alberta", "British Columbia", "Manitoba", "New Brunswick", "Newfoundland",
    "Northwest Territories", "Nova Scotia", "Nunavut", "Ontario", "Prince Edward Island",
    "Quebec", "Saskatchewan", "Yukon Territories",
)
#: The blank space that holds the slush fund (Preparation 3).
HUDSON_BAY = "Hudson Bay"
#: The units the rulebook places Hudson Bay between (Preparation 3).
HUDSON_BAY_SHORES: tuple[str, ...] = ("Nunavut", "Manitoba", "Quebec")
UNIT_NAMES: tuple[str, ...] = PROVINCES_AND_TERRITORIES + (HUDSON_BAY,)

DEFAULT_LAYOUT = ("take_off_eh", "canada.yaml")
_TOP_KEYS = {"source", "tile_size", "units", "why_adjacent", "not_kept"}
_UNIT_KEYS = {"at", "neighbours", "note"}

Pos = tuple[int, int]


class MapError(ValueError):
    """A map layout that cannot be used; the message names every problem found."""


def overlap(a: Pos, b: Pos, size: int) -> bool:
    """The squares of side ``size`` at ``a`` and ``b`` share interior (or the same position)."""
    return abs(a[0] - b[0]) < size and abs(a[1] - b[1]) < size


def share_edge(a: Pos, b: Pos, size: int) -> bool:
    """The squares at ``a`` and ``b`` lie side by side with part of an edge in common."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx == size and dy < size) or (dy == size and dx < size)


@dataclass(frozen=True)
class Unit:
    """One space of the map: a province or territory tile, or Hudson Bay."""

    name: str
    at: Pos
    note: str = ""

    @property
    def is_tile(self) -> bool:
        return self.name != HUDSON_BAY


@dataclass(frozen=True)
class CanadaMap:
    """A validated layout: units, adjacency, and distance helpers.  Build with :func:`load_map`
    or :func:`parse_map`; both refuse a bad layout with a :class:`MapError`."""

    units: tuple[Unit, ...]                      # the provinces and territories in scoring order, then Hudson Bay
    adjacency: frozenset[frozenset[str]]         # unordered pairs of touching units
    tile_size: int
    source: str
    why_adjacent: tuple[tuple[str, str, str], ...] = ()   # (unit, unit, what the contact stands for)
    not_kept: tuple[str, ...] = ()
    origin: str = "a layout"

    # -- looking things up ------------------------------------------------------------------
    def unit(self, name: str) -> Unit:
        self._check_name(name)
        return next(u for u in self.units if u.name == name)

    def _check_name(self, name: object) -> None:
        if name not in UNIT_NAMES:
            raise MapError(_unknown_name_message(name, "the map"))

    @cached_property
    def graph(self) -> nx.Graph:
        """All fourteen spaces (Hudson Bay included) and their contacts; frozen.  Nodes carry
        ``at`` (the position) and ``tile`` (False for Hudson Bay)."""
        g = nx.Graph()
        for u in self.units:
            g.add_node(u.name, at=u.at, tile=u.is_tile)
        g.add_edges_from(tuple(pair) for pair in self.adjacency)
        return nx.freeze(g)

    @cached_property
    def land(self) -> nx.Graph:
        """The thirteen provinces and territories and their contacts: the graph pieces move on."""
        return nx.freeze(nx.Graph(self.graph.subgraph(PROVINCES_AND_TERRITORIES)))

    @cached_property
    def _distances(self) -> dict[str, dict[str, int]]:
        return {a: dict(d) for a, d in nx.all_pairs_shortest_path_length(self.land)}

    # -- distances ----------------------------------------------------------------------------
    def neighbours(self, name: str) -> tuple[str, ...]:
        """The provinces and territories touching ``name``, in scoring order (Hudson Bay is never
        one: coins reach the slush fund from anywhere, and nothing moves onto it)."""
        self._check_name(name)
        return tuple(p for p in PROVINCES_AND_TERRITORIES if self.graph.has_edge(name, p))

    def distance(self, a: str, b: str) -> int:
        """Fewest steps from tile ``a`` to tile ``b`` across touching tiles."""
        return self.distances_from(a)[self._tile(b)]

    def distances_from(self, start: str) -> dict[str, int]:
        """Steps from ``start`` to every province and territory (``start`` itself at 0)."""
        return dict(self._distances[self._tile(start)])

    def within(self, start: str, steps: int) -> dict[str, int]:
        """Tiles at most ``steps`` away from ``start``, with their distances.  A move of up to
        ``steps`` points without entering a space twice reaches exactly these (Completion 2, Suns)."""
        steps = _count(steps, "steps")
        return {p: d for p, d in self.distances_from(start).items() if d <= steps}

    def simple_path_ends(self, start: str, min_steps: int, max_steps: int | None = None) -> frozenset[str]:
        """Where a walk from ``start`` can end after ``min_steps`` to ``max_steps`` steps (no upper
        limit when None) without ever entering a space twice; the Queen's tour must use at
        least its tile's value in steps (Completion 2, Crowns), so she may go the long way round."""
        start = self._tile(start)
        low = _count(min_steps, "min_steps")
        high = len(self.land) - 1 if max_steps is None else _count(max_steps, "max_steps")
        if high < low:
            raise ValueError(f"max_steps {max_steps} is below min_steps {min_steps}")
        ends: set[str] = set()

        def walk(node: str, visited: frozenset[str], steps: int) -> None:
            if steps >= low:
                ends.add(node)
            if steps == high:
                return
            for nxt in self.land[node]:
                if nxt not in visited:
                    walk(nxt, visited | {nxt}, steps + 1)

        walk(start, frozenset({start}), 0)
        return frozenset(ends)

    def farthest_from(self, candidates: Iterable[str], pawn_tiles: Sequence[str]) -> tuple[str, ...]:
        """The candidates farthest from the nearest pawn; ties broken by distance from the first
        pawn in ``pawn_tiles`` (listed in initial turn order); the tied rest, in input order.
        This is where the Queen may start (Preparation 7)."""
        candidates = tuple(self._tile(c) for c in candidates)
        pawns = tuple(self._tile(p) for p in pawn_tiles)
        if not candidates:
            raise ValueError("farthest_from needs at least one candidate tile")
        if not pawns:
            raise ValueError("farthest_from needs the tiles of the players' pawns")

        def key(tile: str) -> tuple[int, int]:
            d = self._distances[tile]
            return min(d[p] for p in pawns), d[pawns[0]]

        best = max(key(c) for c in candidates)
        return tuple(c for c in candidates if key(c) == best)

    def _tile(self, name: str) -> str:
        self._check_name(name)
        if name == HUDSON_BAY:
            raise MapError("Hudson Bay is not a tile: no piece moves onto it and distances skip it")
        return name


# -- loading and validating -------------------------------------------------------------------

def load_map(path: str | Path | None = None) -> CanadaMap:
    """Read a layout file (YAML) a person names: the default reconstructed map when ``path`` is None."""
    if path is None:
        return default_map()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise MapError(f"cannot read map layout {path}: {e.strerror or e}") from None
    return parse_map(_yaml(text, str(path)), origin=str(path))


#: where a layout carried by the rule option comes from, in messages
OPTION_ORIGIN = "given in the layout option"


@lru_cache(maxsize=8)
def map_of(layout: str) -> CanadaMap:
    """The map the rule option ``layout`` names: ``""`` the default, else the layout itself (YAML or
    JSON text, as :func:`layout_text` makes it).  A game record thus carries its map and loads
    anywhere; the option never names a file, so loading a record reads none."""
    if not layout:
        return default_map()
    data = _yaml(layout, OPTION_ORIGIN)
    if not isinstance(data, dict):
        raise MapError("the layout option holds the layout itself (a mapping with source, tile_size and units, "
                       "as layout_text(path) gives it), not a file name: a record never reads a file")
    return parse_map(data, origin=OPTION_ORIGIN)


def layout_text(path: str | Path) -> str:
    """The layout in the file ``path`` (checked) as the one-line JSON text the rule option ``layout``
    carries: ``TakeOffEhOptions(layout=layout_text("my_map.yaml"))``."""
    return json.dumps(as_mapping(load_map(path)), ensure_ascii=False)


@lru_cache(maxsize=1)
def default_map() -> CanadaMap:
    text = data_file(*DEFAULT_LAYOUT).read_text(encoding="utf-8")
    return parse_map(_yaml(text, "data/" + "/".join(DEFAULT_LAYOUT)), origin="data/" + "/".join(DEFAULT_LAYOUT))


def _yaml(text: str, origin: str) -> object:
    """The parsed text; a YAML error (or nesting too deep) names the problem and where, never quoting the text."""
    return parse_yaml(text, f"map layout {origin}", MapError)


def parse_map(data: object, origin: str = "a layout") -> CanadaMap:
    """Build a :class:`CanadaMap` from a parsed layout (the YAML file's mapping), checking it."""
    def fail(problems: list[str]):
        raise MapError(f"map layout {origin} is not valid:\n" + "\n".join(f"- {p}" for p in problems))

    if not isinstance(data, dict):
        fail([f"expected a mapping with source, tile_size and units; got {type(data).__name__}"])
    problems = [f"unknown key {k!r} (known: {', '.join(sorted(_TOP_KEYS))})" for k in data if k not in _TOP_KEYS]
    source = data.get("source")
    if not isinstance(source, str) or not source.strip():
        problems.append("source is missing: say where the layout comes from, or why it was reconstructed")
    size = data.get("tile_size", 1)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        problems.append(f"tile_size must be a positive whole number, got {size!r}")
        size = 1
    raw_units = data.get("units")
    if not isinstance(raw_units, dict):
        fail(problems + ["units is missing or is not a mapping of unit name to its at and neighbours"])
    units, neighbours = _read_units(raw_units, problems)
    if problems:
        fail(problems)

    for a, b in combinations(units, 2):
        if units[a].at == units[b].at:
            problems.append(f"{a} and {b} are both at {list(units[a].at)}: two units on one position")
        elif overlap(units[a].at, units[b].at, size):
            problems.append(f"{a} at {list(units[a].at)} and {b} at {list(units[b].at)} overlap "
                            f"(tiles are {size} units square)")
    adjacency = _check_neighbours(units, neighbours, size, problems)
    missing_shores = [s for s in HUDSON_BAY_SHORES if frozenset((HUDSON_BAY, s)) not in adjacency]
    if missing_shores:
        problems.append(f"Hudson Bay must touch Nunavut, Manitoba and Quebec (Preparation 3); "
                        f"it does not touch {', '.join(missing_shores)}")
    land = nx.Graph()
    land.add_nodes_from(PROVINCES_AND_TERRITORIES)
    land.add_edges_from(tuple(p) for p in adjacency if HUDSON_BAY not in p)
    if not problems and not nx.is_connected(land):
        parts = sorted((sorted(c) for c in nx.connected_components(land)), key=len)
        problems.append("the provinces and territories are not all connected by touching tiles; "
                        "cut off: " + "; ".join(", ".join(c) for c in parts[:-1]))
    why = _read_why(data.get("why_adjacent", []), adjacency, problems)
    not_kept = data.get("not_kept", [])
    if not isinstance(not_kept, list) or not all(isinstance(s, str) for s in not_kept):
        problems.append("not_kept must be a list of sentences")
    if problems:
        fail(problems)
    ordered = tuple(units[n] for n in UNIT_NAMES)
    return CanadaMap(ordered, frozenset(adjacency), size, source.strip(), why, tuple(not_kept), origin)


def _read_units(raw: dict, problems: list[str]) -> tuple[dict[str, Unit], dict[str, list[str]]]:
    units, neighbours = {}, {}
    for name, body in raw.items():
        if name not in UNIT_NAMES:
            problems.append(_unknown_name_message(name, "units"))
            continue
        if not isinstance(body, dict):
            problems.append(f"{name}: expected a mapping with at and neighbours, got {body!r}")
            continue
        extra = sorted(set(body) - _UNIT_KEYS)
        if extra:
            problems.append(f"{name}: unknown key(s) {', '.join(map(repr, extra))} "
                            f"(known: {', '.join(sorted(_UNIT_KEYS))})")
        at = body.get("at")
        if not (isinstance(at, list) and len(at) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
            problems.append(f"{name}: at must be [x, y], two whole numbers; got {at!r}")
            continue
        near = body.get("neighbours")
        if not isinstance(near, list) or not all(isinstance(n, str) for n in near):
            problems.append(f"{name}: neighbours must be a list of unit names; got {near!r}")
            continue
        note = body.get("note", "")
        if not isinstance(note, str):
            problems.append(f"{name}: note must be text")
            continue
        units[name] = Unit(name, (at[0], at[1]), note.strip())
        neighbours[name] = near
    missing = [n for n in UNIT_NAMES if n not in raw]
    if missing:
        problems.append(f"missing unit(s): {', '.join(missing)} (the map has the thirteen provinces and "
                        f"territories and Hudson Bay, Preparation 3)")
    return units, neighbours


def _check_neighbours(units: dict[str, Unit], neighbours: dict[str, list[str]], size: int,
                      problems: list[str]) -> set[frozenset[str]]:
    adjacency = set()
    for name, near in neighbours.items():
        seen = set()
        for other in near:
            if other == name:
                problems.append(f"{name} lists itself as a neighbour")
            elif other not in UNIT_NAMES:
                problems.append(f"{name}'s neighbours: " + _unknown_name_message(other, "neighbours"))
            elif other in seen:
                problems.append(f"{name} lists {other} twice as a neighbour")
            elif name not in neighbours.get(other, ()):
                problems.append(f"{name} lists {other} as a neighbour but {other} does not list {name}: "
                                f"adjacency must be symmetric")
            else:
                adjacency.add(frozenset((name, other)))
            seen.add(other)
    for pair in sorted(adjacency, key=sorted):
        a, b = sorted(pair)
        if not share_edge(units[a].at, units[b].at, size):
            problems.append(f"{a} at {list(units[a].at)} and {b} at {list(units[b].at)} are listed as "
                            f"neighbours but their tiles do not share part of an edge")
    for a, b in combinations(sorted(units), 2):
        if share_edge(units[a].at, units[b].at, size) and frozenset((a, b)) not in adjacency:
            problems.append(f"{a} at {list(units[a].at)} and {b} at {list(units[b].at)} share part of an "
                            f"edge but are not listed as neighbours (touching tiles are adjacent)")
    return adjacency


def _read_why(raw: object, adjacency: set[frozenset[str]], problems: list[str]) -> tuple[tuple[str, str, str], ...]:
    if not isinstance(raw, list):
        problems.append("why_adjacent must be a list of {between: [unit, unit], stands_for: text}")
        return ()
    out = []
    for i, entry in enumerate(raw):
        pair = entry.get("between") if isinstance(entry, dict) else None
        text = entry.get("stands_for") if isinstance(entry, dict) else None
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(text, str)):
            problems.append(f"why_adjacent[{i}]: expected {{between: [unit, unit], stands_for: text}}, got {entry!r}")
        elif frozenset(pair) not in adjacency:
            problems.append(f"why_adjacent[{i}] explains {pair[0]} and {pair[1]}, which are not neighbours")
        else:
            out.append((pair[0], pair[1], text))
    return tuple(out)


def _unknown_name_message(name: object, where: str) -> str:
    hint = ""
    if isinstance(name, str) and name.strip().lower() == "labrador":
        hint = " (Labrador is part of Newfoundland, one unit: Special Scoring Rounds, 3)"
    return f"unknown unit {name!r} in {where}{hint}; the units are {', '.join(UNIT_NAMES)}"


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a whole number of steps, 0 or more; got {value!r}")
    return value


def as_mapping(m: CanadaMap) -> dict:
    """The layout as a plain mapping in the file's shape (what :func:`parse_map` reads back)."""
    units = {u.name: {"at": list(u.at), "neighbours": [n for n in UNIT_NAMES if frozenset((u.name, n)) in m.adjacency]}
             for u in m.units}
    for u in m.units:
        if u.note:
            units[u.name]["note"] = u.note
    return {"source": m.source, "tile_size": m.tile_size, "units": units,
            "why_adjacent": [{"between": [a, b], "stands_for": t} for a, b, t in m.why_adjacent],
            "not_kept": list(m.not_kept)}

