"""The Sands of Time's components, read from ``data/sands_of_time/`` and checked on load.

Six YAML files, one per component: ``map.yaml`` (territories, borders, trade goods, resource
tiles), ``tracks.yaml`` (Generation, Dynasty, Unrest and Heritage tracks), ``chronicles.yaml``
(the Chronicle deck), ``structures.yaml``, ``advances.yaml`` and ``cards.yaml`` (each player's
Action cards: symbols and locked parts; the Emphasis cards' boxes).  Most of their numbers are not
in the rulebook and are reconstructed; each file says which, with a ``source`` per fact.

:func:`load` reads them, or a user's own folder (``data_dir``): a file found there replaces
the shipped one of the same name, the others stay as shipped.  Every fact the rulebook states
is checked (the 28 territories and the names it gives, the five islands, the FAQ's island
adjacencies, the 15 Crops / 13 Gold tiles with capacities 3-5 and their backs, the 72
structures with their levels and symbols, the advances by name, category and level, since the
rules apply their effects by name, three Dynasties, seven Chronicles per player, ...),
and so is the files' own consistency (adjacency listed both ways, every border sourced, the
dots matching the tile backs).  A bad file is a :class:`DataError` that names the file and
every bad entry, never a traceback from inside the loader.

The map's facts and checks are in :mod:`.board`; the problem collector in :mod:`.checks`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from collections.abc import Mapping

import networkx as nx

from explorer.engine.examples import data_file
from explorer.engine.yaml_text import parse_yaml

from .board import ResourceTile, SandsMap, parse_map
from .checks import Check, DataError

GAME_FOLDER = "sands_of_time"
FILES = ("map.yaml", "tracks.yaml", "chronicles.yaml", "structures.yaml", "advances.yaml", "cards.yaml")

#: The civilization categories (Game Equipment, Chronicle Board) and their Chronicle bins
#: (Chronicles).
CATEGORIES = ("Civil", "Political", "Cultural")
ACCOMPLISHMENTS = {"A": "Civil", "B": "Civil", "C": "Political", "D": "Political", "E": "Cultural", "F": "Cultural"}

#: Structures as listed (Structures): level, fountains, lyres, categories of locked abilities.
STRUCTURES = {
    "Quarry": (1, 1, 0, ()), "Irrigation": (1, 0, 0, ("Civil",)), "Victory Arch": (1, 0, 0, ()),
    "Roads": (2, 0, 0, ()), "Library": (2, 0, 0, ()), "Colosseum": (2, 1, 0, ()),
    "City": ("capacity", 2, 0, ("Civil", "Cultural", "Political")),
    "Amphitheater": (3, 0, 1, ("Cultural",)), "Walls": (3, 2, 0, ()), "Aqueduct": (3, 0, 1, ()),
    "University": (4, 0, 2, ()), "Wonder": (4, 2, 0, ()),
}
STRUCTURE_TILES = 72

#: The advances as listed (Advances), by category and level.  The rules apply their effects by
#: name, so a data file lists exactly these: a renamed or missing one would silently lose its effect.
ADVANCES = {
    ("Civil", 1): ("Agriculture", "Labor"), ("Civil", 2): ("Ornamentation", "Engineering"),
    ("Civil", 3): ("Despotism", "Public works", "Sanitation"),
    ("Civil", 4): ("Vision", "Centralization", "Bread and circus"),
    ("Cultural", 1): ("Technology", "Literacy"), ("Cultural", 2): ("Music", "Writing"),
    ("Cultural", 3): ("Technology", "Drama", "Democracy"), ("Cultural", 4): ("Aesthetics", "Reputation", "Philosophy"),
    ("Cultural", 5): ("Ethics", "Sculpture"),
    ("Political", 1): ("Bronze-working", "Law"), ("Political", 2): ("Iron-working", "Aggression"),
    ("Political", 3): ("Chariots", "Nationalism", "Veneration"), ("Political", 4): ("Elephants", "Triremes"),
}
DYNASTIES = 3
#: The most spaces a Dynasty may have: the track's spaces are the game's rounds of turns, so a
#: larger number is a game that does not end in any sensible time (the reconstructed one has 7).
MAX_DYNASTY_SPACES = 50
CHRONICLES_PER_PLAYER = 7
UNREST_START, UNREST_MAX = 3, 7


# -- what a loaded file gives ---------------------------------------------------------------

@dataclass(frozen=True)
class Tracks:
    generation: tuple[int, ...]                 # the number on each space after Start
    dynasties: tuple[tuple[str, int, tuple[int, ...]], ...]   # name, spaces, P spaces (1-based)
    unrest: Mapping[str, int]                   # start, minimum, maximum
    heritage: Mapping[str, int]                 # start, maximum
    source: Mapping[str, str]

    def dynasty_spaces(self) -> tuple[tuple[int, bool], ...]:
        """The Dynasty track after Start, space by space: (dynasty number 1-3, is a P space);
        the end space that closes the third Dynasty is (4, False).  Read after every turn: worked
        out once per track."""
        return _dynasty_spaces(self.dynasties)


@lru_cache(maxsize=8)
def _dynasty_spaces(dynasties) -> tuple[tuple[int, bool], ...]:
    spaces = [(i, s in p) for i, (_, n, p) in enumerate(dynasties, 1) for s in range(1, n + 1)]
    return tuple(spaces) + ((len(dynasties) + 1, False),)


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
class ActionCard:
    name: str
    symbols: tuple[str, ...]                    # civilization symbols in the lower right
    locked: tuple[tuple[str, str], ...]         # (category, what the boxed part opens)


@dataclass(frozen=True)
class Cards:
    actions: tuple[ActionCard, ...]
    emphasis_boxes: int
    source: Mapping[str, str]

    def card(self, name: str) -> ActionCard:
        return next(c for c in self.actions if c.name == name)


@dataclass(frozen=True)
class SandsData:
    """Every component, validated.  ``origins`` says which file each part came from."""

    map: SandsMap
    tracks: Tracks
    chronicles: Chronicles
    structures: tuple[Structure, ...]
    advances: tuple[Advance, ...]
    cards: Cards
    origins: Mapping[str, str]

    def structure(self, name: str) -> Structure:
        return next(s for s in self.structures if s.name == name)

    def unlockers(self) -> dict[str, str]:
        """Category -> the advance that opens its locked boxes for good (``unlocks:``)."""
        return {a.unlocks: a.name for a in self.advances if a.unlocks}

    def tree_roots(self, category: str) -> tuple[Advance, ...]:
        """The two Level 1 advances of a category, printed on the Chronicle board."""
        return tuple(a for a in self.advances if a.category == category and a.level == 1)


# -- loading ---------------------------------------------------------------------------------

def load(data_dir: str | Path | None = None) -> SandsData:
    """All six components: the shipped files, or a folder of the user's own (a file missing
    there is taken from the shipped data).  Raises :class:`DataError` naming what is wrong."""
    if data_dir is None:
        return _default()
    folder = Path(data_dir)
    if not folder.is_dir():
        raise DataError(f"data folder {folder} does not exist or is not a folder")
    strays = sorted(p.name for p in folder.glob("*.y*ml") if p.name not in FILES + ("positions.yaml",))
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
    ``good`` (its name), ``red_line``, ``source`` and ``good_source`` (the trade good's own, where the
    border's source vouches for the border only)."""
    return load(data_dir).map.graph(layout)


def positions(data_dir: str | Path | None = None) -> dict[str, tuple[float, float]]:
    """Where the views draw each territory (``positions.yaml``: longitude, latitude; reconstructed,
    the rulebook has no map picture), from the shipped file or ``data_dir``'s own.  Every territory
    of the map exactly once, two numbers each, or a :class:`DataError` naming the entry."""
    name = "positions.yaml"
    path = Path(data_dir) / name if data_dir is not None else None
    text, origin = (_read(path, str(path)), str(path)) if path is not None and path.is_file() else _shipped(name)
    raw = parse_yaml(text, origin, DataError)
    check = Check(origin)
    top = check.mapping(raw, "the file", {"source", "positions"})
    check.source(top.get("source"), "source")
    names = {t.name for t in load(data_dir).map.territories}
    out = {}
    body = top.get("positions")
    if not isinstance(body, dict):
        check("positions", "must map each territory to [longitude, latitude]")
        body = {}
    for t, xy in body.items():
        if t not in names:
            check(f"positions.{t}", "is not a territory of the map")
        elif not (isinstance(xy, list) and len(xy) == 2
                  and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in xy)):
            check(f"positions.{t}", f"must be [longitude, latitude], got {xy!r}")
        else:
            out[t] = (float(xy[0]), float(xy[1]))
    missing = sorted(names - set(body))
    if missing:
        check("positions", f"missing: {', '.join(missing)}")
    check.done()
    return out


@lru_cache(maxsize=1)
def _default() -> SandsData:
    return _parse_all({name: _shipped(name) for name in FILES})


def shipped_text(name: str) -> str:
    """The text of a shipped data file (to copy and change one value, say)."""
    return _shipped(name)[0]


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
        raw = parse_yaml(text, origin, DataError)
        check = Check(origin)
        parsed[name] = _PARSERS[name](raw, check)
        check.done()
    _check_generation_fits(parsed["tracks.yaml"], parsed["cards.yaml"], texts["tracks.yaml"][1])
    return SandsData(parsed["map.yaml"], parsed["tracks.yaml"], parsed["chronicles.yaml"],
                     parsed["structures.yaml"], parsed["advances.yaml"], parsed["cards.yaml"],
                     {name: origin for name, (_, origin) in texts.items()})

def turns_a_hand_lasts(cards: Cards) -> int:
    """The most turns of one Generation every seat can always take, however it chose before: each
    turn takes at least one card from the hand (two from the hand, or one with an Action card used
    earlier: Generation Sequence, Phase 2 (a)), and at most two, and the hand holds the Action
    cards and one usable Emphasis card (once per Generation), back in hand at each Generation
    (Generation End).  A seat that took two a turn has none left after ceil(cards / 2) turns."""
    return (len(cards.actions) + 1 + 1) // 2


def generation_turns(spaces) -> int:
    """The most turns a Generation lasts on the track ``spaces``: the die (1-6) always ends it on
    the first space marked 6 (Generation Sequence, Phase 2 (c))."""
    return list(spaces).index(6) + 1


def _check_generation_fits(tracks: Tracks, cards: Cards, origin: str) -> None:
    """A Generation may last no longer than the hands do (:func:`turns_a_hand_lasts`): else a seat
    can come to Phase 2 (a) with no card to choose and the game cannot go on."""
    turns, most = generation_turns(tracks.generation), turns_a_hand_lasts(cards)
    if turns > most:
        raise DataError(f"{origin} is not valid:\n- generation.spaces: a Generation may last {turns} turns "
                        f"(its first 6 is space {turns}), but a seat's hand of {len(cards.actions)} Action cards "
                        f"and one Emphasis card may be spent after {most}; put a 6 on space {most} or earlier")


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
        if check.number(n, f"{where}.spaces", 1, MAX_DYNASTY_SPACES):
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
    if (check.number(heritage.get("start"), "heritage.start")
            and check.number(heritage.get("maximum"), "heritage.maximum", 1)
            and heritage["maximum"] <= heritage["start"]):
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
    check.sources(top.get("source"), "source", {"advances", "tiles", "symbols"})
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
        ok &= (check.number(body.get("fountains", 0), f"{where}.fountains")
               & check.number(body.get("lyres", 0), f"{where}.lyres"))
        if body.get("unlocks") not in (None,) + CATEGORIES:
            check(where, f"unlocks must be a category, got {body.get('unlocks')!r}")
            ok = False
        key = (body.get("category"), body.get("level"), body.get("name"))
        if key in keys:
            check(where, "is listed twice at that category and level")
        keys.add(key)
        ok &= _known_advance(key, where, check)
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
    missing = [f"{n} ({c} {lv})" for (c, lv), names in ADVANCES.items() for n in names if (c, lv, n) not in keys]
    if missing:
        check("advances", f"missing: {', '.join(missing)} (Advances; the rules apply each one's effect by name)")
    for cat in CATEGORIES:
        who = [a.name for a in out if a.unlocks == cat]
        if len(who) != 1:
            check("advances", f"exactly one advance must unlock {cat} (unlocks: {cat}), the file has "
                              f"{', '.join(who) or 'none'}")
    tiles = sum(1 for a in out if a.level >= 2)
    if top.get("tiles") != tiles:
        check("tiles", f"says {top.get('tiles')!r} tiles, but the file lists {tiles} advances above Level 1")
    return None if check.problems else tuple(out)


def _known_advance(key, where: str, check: Check) -> bool:
    """Whether ``(category, level, name)`` is an advance the rules know, noting the problem if not."""
    category, level, name = key
    if not isinstance(name, str) or name in ADVANCES.get((category, level), ()):
        return True
    places = [f"{c} {lv}" for (c, lv), names in ADVANCES.items() if name in names]
    if places:
        check(where, f"the rulebook lists {name} at {' and '.join(places)} (Advances), not {category} {level}")
        return False
    like = [n for names in ADVANCES.values() for n in names if n.lower() == name.strip().lower()]
    check(where, f"the rules know no advance called {name!r}, so its effect would be lost"
                 + (f" (the name is {like[0]!r})" if like else " (Advances lists the names)"))
    return False


# -- cards.yaml --------------------------------------------------------------------------------

#: The eleven Action cards (Game Equipment; Actions Explained: ten actions, Trade Route twice)
#: and the categories whose boxes the text names on each.
ACTION_CARDS = {"Chronicle": (), "Muster": ("Political",), "Conquer": (), "Raid": ("Political",),
                "Build": ("Civil",), "Govern": (), "Advance": ("Cultural",), "Trade Route": (),
                "Trade Route 2": ("Cultural",), "Migrate": ("Cultural",), "Tribute": ("Civil",)}


def _parse_cards(raw: object, check: Check) -> Cards | None:
    top = check.mapping(raw, "the file", {"source", "action_cards", "emphasis"})
    source = check.sources(top.get("source"), "source", {"cards", "locked", "symbols"})
    entries = top.get("action_cards")
    if not isinstance(entries, list):
        check("action_cards", "must be a list of cards")
        entries = []
    out, names = [], []
    for i, body in enumerate(entries):
        body = check.mapping(body, f"action_cards[{i}]", {"name", "symbols", "locked"})
        name = body.get("name")
        where = f"action_cards[{i}] ({name})"
        if name not in ACTION_CARDS:
            check(where, f"not an Action card of the rulebook ({', '.join(ACTION_CARDS)})")
            continue
        if name in names:
            check(where, "is listed twice")
        names.append(name)
        symbols = body.get("symbols")
        if not (isinstance(symbols, list) and all(c in CATEGORIES for c in symbols)
                and len(set(symbols)) == len(symbols)):
            check(f"{where}.symbols", "must be a list of distinct categories "
                                      f"({', '.join(CATEGORIES)}), got {symbols!r}")
            continue
        locked = body.get("locked")
        pairs = [(e.get("category"), e.get("ability")) for e in locked if isinstance(e, dict)] \
            if isinstance(locked, list) else []
        if not isinstance(locked, list) or len(pairs) != len(locked) or not all(isinstance(a, str) for _, a in pairs) \
                or tuple(sorted(c for c, _ in pairs)) != ACTION_CARDS[name]:
            check(f"{where}.locked", f"must be one {{category, ability}} for each locked part the rulebook gives "
                                     f"the card ({', '.join(ACTION_CARDS[name]) or 'none'}), got {locked!r}")
            continue
        out.append(ActionCard(name, tuple(symbols), tuple(pairs)))
    missing = [n for n in ACTION_CARDS if n not in names]
    if missing:
        check("action_cards", f"missing: {', '.join(missing)} (Game Equipment: 11 Action cards)")
    emphasis = check.mapping(top.get("emphasis", {}), "emphasis", {"boxes", "source"})
    check.source(emphasis.get("source"), "emphasis.source")
    check.number(emphasis.get("boxes"), "emphasis.boxes", 1, 6)
    if check.problems:
        return None
    order = list(ACTION_CARDS)
    return Cards(tuple(sorted(out, key=lambda c: order.index(c.name))), emphasis["boxes"], source)


_PARSERS = {"map.yaml": parse_map, "tracks.yaml": _parse_tracks, "chronicles.yaml": _parse_chronicles,
            "structures.yaml": _parse_structures, "advances.yaml": _parse_advances, "cards.yaml": _parse_cards}

