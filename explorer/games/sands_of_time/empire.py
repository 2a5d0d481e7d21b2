"""What the rules read off a position of The Sands of Time: the map as the rules use it
(adjacency, Roads, borders and trade goods), what a player has unlocked and achieved, heritage,
capacities, costs, combat strength, the scoring symbols and the six accomplishments; and the one
place where a territory changes hands (:func:`lose_territory`, :func:`gain_territory`).

Everything here is derived from the state's fields; nothing here changes the state except the
last two functions and :func:`raise_unrest` / :func:`add_heritage`, which handlers call."""
from __future__ import annotations

from explorer.engine.words import seat_name

from dataclasses import dataclass
from functools import lru_cache

from .data import ACCOMPLISHMENTS, CATEGORIES, SandsData

#: Game Equipment: 25 cubes a player, five of them markers (Unrest, score and three heritage
#: tracks, Initial Setup 2), leave 20 peasants; 10 warriors; 11 control markers (discs) for
#: territories and Advance trees, as Control markers states (the equipment list's 10 would make its
#: 67 pieces 66; the capital is its own piece, Initial Setup 5); 20 trade routes.
PEASANTS, WARRIORS, DISCS, ROUTES = 20, 10, 11, 20
MAX_TERRITORIES = 10             # Actions Explained, Conquer (B) Annex
KINDS = ("peasant", "warrior")
RESOURCES = ("Crops", "Gold")
CAT_INDEX = {c: i for i, c in enumerate(CATEGORIES)}


@dataclass(frozen=True, eq=False)
class Geo:
    """The map as the rules use it, built once per data set."""
    names: tuple[str, ...]
    adjacent: dict                    # territory -> frozenset of neighbours
    borders: frozenset                # (a, b) sorted pairs
    touching: dict                    # territory -> borders touching it
    goods: frozenset                  # borders with a trade good
    terrain: dict
    trees: tuple[str, ...]            # "Civil 1", "Civil 2", "Political 1", ...


_GEO: dict = {}


def geo(data: SandsData) -> Geo:
    """The :class:`Geo` of a loaded data set (built once; data sets are cached by the rules)."""
    key = id(data)
    if key not in _GEO or _GEO[key][0] is not data:
        _GEO[key] = (data, _build_geo(data))
    return _GEO[key][1]


def _build_geo(data: SandsData) -> Geo:
    m = data.map
    adjacent = {t.name: frozenset(t.adjacent) for t in m.territories}
    borders = frozenset(tuple(sorted(b.between)) for b in m.borders)
    touching = {n: frozenset(b for b in borders if n in b) for n in adjacent}
    goods = frozenset(tuple(sorted(b.between)) for b in m.borders if b.trade_good)
    trees = tuple(f"{c} {i}" for c in CATEGORIES for i in (1, 2))
    return Geo(tuple(sorted(adjacent)), adjacent, borders, touching, goods,
               {t.name: t.terrain for t in m.territories}, trees)


def border(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def tree_category(tree: str) -> str:
    return tree.rsplit(" ", 1)[0]


# -- pieces ----------------------------------------------------------------------------------

def citizens(s, t: str, q: int) -> int:
    return s.pe.get(t, s.zero)[q] + s.wa.get(t, s.zero)[q]


def total_citizens(s, t: str) -> int:
    return sum(s.pe.get(t, s.zero)) + sum(s.wa.get(t, s.zero))


def owned(s, q: int) -> list[str]:
    return [t for t, o in s.owner.items() if o == q]


def supply(s, q: int, kind: str) -> int:
    """Cubes (peasants) or warriors of ``q`` not on the board."""
    counts = s.pe if kind == "peasant" else s.wa
    on = sum(v[q] for v in counts.values())
    return (PEASANTS if kind == "peasant" else WARRIORS) - on


def discs_free(s, q: int) -> int:
    """Control markers (discs) left of the 11: one per owned territory but the capital's, one per
    Advance marker."""
    used = sum(1 for o in s.owner.values() if o == q) - (1 if s.capital[q] is not None else 0) + len(s.markers[q])
    return DISCS - used


def add_citizens(s, t: str, q: int, kind: str, n: int) -> None:
    """Put ``n`` (negative: take away) citizens of ``q`` of ``kind`` in ``t``."""
    field = "pe" if kind == "peasant" else "wa"
    counts = dict(getattr(s, field))
    row = list(counts.get(t, s.zero))
    row[q] += n
    assert row[q] >= 0, (t, q, kind, n)
    if any(row):
        counts[t] = tuple(row)
    else:
        counts.pop(t, None)
    setattr(s, field, counts)


def add_one_each(s, q: int, kind: str, territories) -> None:
    """Put one citizen of ``q`` of ``kind`` in each of ``territories`` (as :func:`add_citizens`
    one after another, the counts copied once)."""
    field = "pe" if kind == "peasant" else "wa"
    counts = dict(getattr(s, field))
    zero = s.zero
    for t in territories:
        row = list(counts.get(t, zero))
        row[q] += 1
        counts[t] = tuple(row)
    setattr(s, field, counts)


def move_citizen(s, source: str, target: str, q: int, kind: str) -> None:
    """One citizen of ``q`` of ``kind`` goes from ``source`` to ``target`` (as taking it away
    and then putting it in with :func:`add_citizens`, the counts copied once)."""
    field = "pe" if kind == "peasant" else "wa"
    counts = dict(getattr(s, field))
    row = list(counts[source])
    row[q] -= 1
    assert row[q] >= 0, (source, q, kind)
    if any(row):
        counts[source] = tuple(row)
    else:
        del counts[source]
    row = list(counts.get(target, s.zero))
    row[q] += 1
    counts[target] = tuple(row)
    setattr(s, field, counts)


def set_seat(s, field: str, q: int, value) -> None:
    """Replace entry ``q`` of a per-seat tuple field."""
    old = getattr(s, field)
    setattr(s, field, old[:q] + (value,) + old[q + 1:])


#: where a seat's VP came from, in the order of ``SandsState.vp_from``'s entries (for the designer's lab)
VP_SOURCES = ("chronicles", "wonders", "end_bonus", "unrest")


def add_vp(s, q: int, n: int, source: str) -> None:
    """Add ``n`` VP (negative: lose them) to seat ``q`` and count them under ``source``."""
    vp = s.vp
    s.vp = vp[:q] + (vp[q] + n,) + vp[q + 1:]
    i = _VP_INDEX[source]
    rows = s.vp_from
    old = rows[q]
    s.vp_from = rows[:q] + (old[:i] + (old[i] + n,) + old[i + 1:],) + rows[q + 1:]


_VP_INDEX = {x: i for i, x in enumerate(VP_SOURCES)}


def pay(s, q: int, resource: str, n: int) -> None:
    field = "crops" if resource == "Crops" else "gold"
    have = getattr(s, field)[q]
    assert 0 <= n <= have, (q, resource, n, have)
    set_seat(s, field, q, have - n)


def gain(s, q: int, resource: str, n: int) -> int:
    """Add ``n`` of ``resource`` (negative: take away, never below zero); the change made."""
    field = "crops" if resource == "Crops" else "gold"
    row = getattr(s, field)
    have = row[q]
    new = have + n
    if new < 0:
        new = 0
    setattr(s, field, row[:q] + (new,) + row[q + 1:])
    return new - have


# -- unlocked, achieved, heritage ----------------------------------------------------------------

def achieved(s, q: int) -> list[str]:
    """Names of the advances ``q`` has achieved: each marker's tile and those below it."""
    out = []
    for tree, i in s.markers[q].items():
        out += s.trees[tree][:i + 1]
    return out


def achieved_set(s, q: int) -> frozenset:
    """:func:`achieved` as a set.  The rules ask it often (every Unrest rise, every cost with an
    Amphitheater) and it changes only with ``markers`` or ``trees``, which a rule replaces when it
    changes them: the sets of every seat are kept in ``s.got`` beside the two objects they were
    read from, and read again once either is another object."""
    memo = s.got
    if memo[0] is not s.markers or memo[1] is not s.trees:
        memo = s.got = (s.markers, s.trees, tuple(frozenset(achieved(s, p)) for p in range(len(s.markers))))
    return memo[2][q]


def has(s, q: int, advance: str) -> bool:
    return advance in achieved_set(s, q)


def unlocked(s, q: int, category: str) -> bool:
    """Phase 2 (b): boxes of ``category`` are open by an advance for good (the one whose
    ``unlocks:`` names it: Despotism, Democracy, Aggression), or by that Emphasis card for the
    Generation."""
    return s.emph[q] == category or s.unlockers[category] in achieved_set(s, q)


def heritage(s, q: int, category: str, patronage: bool = True) -> int:
    """The heritage that counts now: the track, Literacy (+1 Cultural) and Veneration
    (+1 Political) while achieved, and Patronage's +2 for the turn (never at scoring)."""
    h = s.heritage[q][CAT_INDEX[category]]
    if category == "Cultural" and has(s, q, "Literacy"):
        h += 1
    if category == "Political" and has(s, q, "Veneration"):
        h += 1
    if patronage and s.patron == category and q == s.active:
        h += 2
    return h


def add_heritage(s, q: int, category: str, n: int) -> None:
    top = s.data.tracks.heritage["maximum"]
    row = list(s.heritage[q])
    i = CAT_INDEX[category]
    row[i] = max(0, min(top, row[i] + n))
    set_seat(s, "heritage", q, tuple(row))


def unrest_cap(s, q: int) -> int:
    return 5 if has(s, q, "Bread and circus") else s.data.tracks.unrest["maximum"]


def raise_unrest(s, q: int, n: int) -> int:
    """Unrest up ``n``; each step above the maximum costs a VP instead (Maximum Unrest).  Bread
    and circus keeps it at 5 (no VP lost: the advance caps Unrest, it is not a step above the
    maximum).  Returns the VP lost."""
    top = s.data.tracks.unrest["maximum"]
    cap = unrest_cap(s, q)
    row = s.unrest
    new = row[q] + n
    lost = max(0, new - top) if cap == top else 0
    s.unrest = row[:q] + (min(new, cap),) + row[q + 1:]
    if lost:
        add_vp(s, q, -lost, "unrest")
    return lost


# -- territories: capacity, size, costs -------------------------------------------------------

def capacity(s, t: str) -> int:
    return s.tiles[t][1]


def citizen_capacity(s, t: str) -> int:
    """Capacity for citizens (Phase 4's first check): the tile's, +1 next to an Aqueduct of the
    same owner, +1 with a City when the owner has Sanitation."""
    cap = capacity(s, t)
    q = s.owner.get(t)
    if q is None:
        return cap
    if built(s, "Aqueduct") and any("Aqueduct" in s.st.get(u, ()) and s.owner.get(u) == q for u in s.geo.adjacent[t]):
        cap += 1
    if "City" in s.st.get(t, ()) and has(s, q, "Sanitation"):
        cap += 1
    return cap


def production_cap(s, t: str) -> int:
    return capacity(s, t) + (1 if "Irrigation" in s.st.get(t, ()) else 0)


def empire_size(s, q: int) -> int:
    """Territories owned, a Colosseum's not counted (Govern, Annex)."""
    return sum(1 for t, o in s.owner.items() if o == q and "Colosseum" not in s.st.get(t, ()))


def near_own(s, q: int, t: str, structure: str) -> bool:
    """``q`` owns a ``structure`` in ``t`` or next to it."""
    return any(s.owner.get(u) == q and structure in s.st.get(u, ()) for u in (t, *s.geo.adjacent[t]))


def amphitheater_discount(s, q: int, t: str) -> int:
    """Amphitheater (Cultural, locked): Build, Conquer and caravans cost 1 less here or next door."""
    return 1 if unlocked(s, q, "Cultural") and near_own(s, q, t, "Amphitheater") else 0


def structure_level(s, t: str, structure: str) -> int:
    level = s.structure_facts[structure].level
    return capacity(s, t) if level == "capacity" else level


def build_cost(s, q: int, t: str, structure: str, labor: bool = False) -> int:
    cost = s.unrest[q] + structure_level(s, t, structure)
    cost -= 1 if near_own(s, q, t, "Quarry") else 0
    cost -= amphitheater_discount(s, q, t)
    if labor:
        cost -= s.pe.get(t, s.zero)[q]
    return max(0, cost)


def annex_cost(s, q: int, t: str) -> int:
    cost = empire_size(s, q) - amphitheater_discount(s, q, t)
    if has(s, q, "Law"):
        cost -= s.wa.get(t, s.zero)[q]
    return max(0, cost)


def attack_cost(s, q: int, t: str) -> int:
    return max(0, s.unrest[q] - amphitheater_discount(s, q, t))


# -- movement ------------------------------------------------------------------------------------

def steps(s, q: int, t: str) -> tuple[str, ...]:
    """Where a citizen of ``q`` in ``t`` may go in one step, in name order: neighbours in play,
    and through Roads (its neighbours are each other's neighbours) that ``q`` may use: his own, or
    unowned ones (another player's Roads need his leave, which this engine does not model)."""
    adj = s.geo.adjacent
    if not built(s, "Roads"):
        return plain_steps(s.geo, t, s.in_play)
    roads = [r for r in adj[t] if "Roads" in s.st.get(r, ()) and s.owner.get(r) in (None, q)]
    if not roads:
        return plain_steps(s.geo, t, s.in_play)
    out = set(adj[t])
    for r in roads:
        out |= adj[r]
    out.discard(t)
    return tuple(sorted(u for u in out if u in s.tiles))


def built(s, structure: str) -> bool:
    """Whether a ``structure`` stands anywhere (a tile of it is out of the supply)."""
    return s.st_supply[structure] != s.structure_facts[structure].count


@lru_cache(maxsize=4096)
def plain_steps(g: Geo, t: str, in_play: frozenset) -> tuple[str, ...]:
    """One step from ``t`` without Roads: its neighbours in play, in name order."""
    return tuple(sorted(u for u in g.adjacent[t] if u in in_play))


# -- trade routes ----------------------------------------------------------------------------------

def anchors(s, q: int) -> set:
    """Territories with ``q``'s capital or one of his Cities (in a territory he owns)."""
    out = {t for t, o in s.owner.items() if o == q and "City" in s.st.get(t, ())}
    if s.capital[q] is not None:
        out.add(s.capital[q])
    return out


def route_reach(s, q: int) -> set:
    """Territories a new caravan of ``q`` may touch: his anchors and every territory his chain
    of caravans joins to them."""
    reach = anchors(s, q)
    mine = s.routes[q]
    grew = True
    while grew:
        grew = False
        for a, b in mine:
            if (a in reach) != (b in reach):
                reach.add(a)
                reach.add(b)
                grew = True
    return reach


def route_places(s, q: int) -> list:
    """Borders where ``q`` may put a caravan now (not one he already has a caravan on)."""
    reach = route_reach(s, q)
    touching = s.geo.touching
    out = set()
    for t in reach:
        out |= touching[t]
    return sorted(out - s.routes[q])


def route_heritage(s, q: int, b: tuple) -> bool:
    """Trade Route: a caravan on a trade good, or touching a capital or City none of ``q``'s
    caravans touches yet, gives one heritage step."""
    if b in s.geo.goods:
        return True
    touched = {t for r in s.routes[q] for t in r}
    for t in b:
        if t in touched:
            continue
        if "City" in s.st.get(t, ()) or t in s.capital:
            return True
    return False


def goods_touched(s, q: int) -> int:
    return len(s.routes[q] & s.geo.goods)


# -- combat ------------------------------------------------------------------------------------------

def strength(s, q: int, t: str) -> int:
    """Combat strength in ``t`` before the die: peasants 1, warriors 2 plus Iron-working and
    the terrain / province advances, Bronze-working +1, the owner's Walls +5, a City's locked
    Political +3 for its owner."""
    p, w = s.pe.get(t, s.zero)[q], s.wa.get(t, s.zero)[q]
    per = 2
    if q < s.players:
        got = set(achieved(s, q))
        per += ("Iron-working" in got) + ("Chariots" in got and s.geo.terrain[t] == "plains") \
            + ("Elephants" in got and s.geo.terrain[t] == "mountain") \
            + ("Triremes" in got and s.geo.terrain[t] == "island") \
            + ("Nationalism" in got and s.owner.get(t) == q and t not in s.colony)
        bonus = ("Bronze-working" in got)
    else:
        bonus = 0
    total = p + per * w + bonus
    if s.owner.get(t) == q:
        here = s.st.get(t, ())
        if "Walls" in here:
            total += 5
        if "City" in here and q < s.players and unlocked(s, q, "Political"):
            total += 3
    return total


def die_limit(s, q: int) -> int:
    """The highest battle number ``q`` may show: 7 minus Unrest, at most a die's 6."""
    if q >= s.players:
        return 1
    return max(0, min(6, s.data.tracks.unrest["maximum"] - s.unrest[q]))


def multiplier(s, q: int) -> int:
    return 4 if q < s.players and has(s, q, "Reputation") else 3


# -- symbols and accomplishments -------------------------------------------------------------------

def _owned_structures(s, q: int):
    for t, o in s.owner.items():
        if o == q:
            for x in s.st.get(t, ()):
                yield t, x


def symbols(s, q: int) -> tuple[int, int]:
    """(fountains, lyres) on ``q``'s structures and achieved advances (Chronicles B and F)."""
    got = achieved(s, q)
    have = set(got)
    fountains = lyres = 0
    counts: dict[str, int] = {}
    high = 0
    for t, x in _owned_structures(s, q):
        st = s.structure_facts[x]
        fountains += st.fountains
        lyres += st.lyres
        counts[x] = counts.get(x, 0) + 1
        if "Ornamentation" in have and structure_level(s, t, x) > s.dynasty:
            high += 1
    cities = counts.get("City", 0)
    if cities:
        fountains += cities * unlocked(s, q, "Civil")
        lyres += cities * unlocked(s, q, "Cultural")
    for name in got:
        adv = s.advance_facts[name]
        fountains += adv.fountains
        lyres += adv.lyres
    c = counts.get
    fountains += ("Agriculture" in have) * c("Irrigation", 0) + high \
        + ("Engineering" in have) * (c("Roads", 0) + c("Colosseum", 0)) \
        + ("Public works" in have) * (c("Amphitheater", 0) + c("Aqueduct", 0)) \
        + ("Vision" in have) * c("Wonder", 0) + ("Centralization" in have) * 2 * cities
    lyres += ("Technology" in have) * _technology(s, q) + ("Writing" in have) * c("Library", 0) \
        + ("Drama" in have) * c("Amphitheater", 0) + ("Sculpture" in have) * c("Wonder", 0)
    if "Philosophy" in have:        # tiles from the third of a tree on are Level 3 or higher
        lyres += c("University", 0) * sum(max(0, i - 1) for i in s.markers[q].values())
    return fountains, lyres


def _technology(s, q: int) -> int:
    """The two Technologies (Cultural Level 1: a Lyre per marker; Level 3: a Lyre per colony)."""
    n = 0
    for tree, i in s.markers[q].items():
        tiles = s.trees[tree][:i + 1]
        if tiles[0] == "Technology":
            n += len(s.markers[q])
        if "Technology" in tiles[2:]:
            n += sum(1 for t, o in s.owner.items() if o == q and t in s.colony)
    return n


def accomplishment(s, q: int, letter: str) -> int:
    """How far ``q``'s empire reaches in accomplishment ``letter`` (Chronicles A-F)."""
    if letter == "A":
        cap = s.capital[q]
        return 0 if cap is None else sum(structure_level(s, cap, x) for x in s.st.get(cap, ()))
    if letter == "B":
        return symbols(s, q)[0]
    if letter == "C":
        return sum(1 for o in s.owner.values() if o == q)
    if letter == "D":
        return sum(v[q] for v in s.pe.values()) + sum(v[q] for v in s.wa.values())
    if letter == "E":
        return goods_touched(s, q)
    if letter == "F":
        return symbols(s, q)[1]
    raise KeyError(letter)


assert set(ACCOMPLISHMENTS) == set("ABCDEF")


# -- a territory changes hands ---------------------------------------------------------------------

def lose_territory(s, t: str, why: str) -> None:
    """``t``'s owner loses it: the marker comes off; a lost capital must move (a decision
    queued for the owner), a Victory Arch he built takes its +1 Political back, a Library a
    step of his choice (queued)."""
    q = s.owner.get(t)
    if q is None:
        return
    owner = dict(s.owner)
    del owner[t]
    s.owner = owner
    s.colony = s.colony - {t}
    if q >= s.players:
        return
    s._event(why, f"{seat_name(q)} loses control of {t}")
    for credit in s.credits:
        if credit[0] == q and credit[1] == t:
            s.credits = tuple(c for c in s.credits if c != credit)
            if credit[2] == "Victory Arch":
                add_heritage(s, q, "Political", -1)
                s._event("arch", f"{seat_name(q)}'s Victory Arch in {t} is lost: Political heritage -1")
            elif any(s.heritage[q]):
                s.pending = s.pending + (("library_loss", q),)
    if s.capital[q] == t:
        set_seat(s, "capital", q, None)
        if owned(s, q):
            s.pending = s.pending + (("new_capital", q),)


def gain_territory(s, t: str, q: int, colony: bool) -> None:
    """``q`` takes ``t``.  A player who lost every territory, and so his capital, makes the first
    one he gains again his capital (the rulebook does not foresee an empire of none)."""
    owner = dict(s.owner)
    owner[t] = q
    s.owner = owner
    if colony:
        s.colony = s.colony | {t}
    if q < s.players and s.capital[q] is None and s.phase_ not in ("claim",):
        set_seat(s, "capital", q, t)
        s._event("new_capital", f"{seat_name(q)}, who had no territory left, makes {t} the capital")
