"""Stable integer ids for a game's actions, as OpenSpiel wants them (no OpenSpiel needed here).

OpenSpiel numbers every action of a game in a fixed range ``[0, num_distinct_actions)`` (chance
outcomes in ``[0, max_chance_outcomes)``), the same number for the same action in every state.
Our actions are frozen dataclasses whose fields are ints, strings, bools, ``None`` or tuples of
those, so an id is a mixed-radix number: the action type picks a block, and each field's value
is a digit, its index in that field's *domain*.  What remains is to know the domains, and the
types say little (a ``str`` field may hold any string), so the domains are **learned, then
widened, then checked**:

1. *Learned*: :data:`HARVEST_GAMES` seeded random playouts of the game with the given options;
   every legal action of every decision met and every outcome of every chance node met (not
   only the ones played) adds its field values.
2. *Widened* so that values the playouts missed still get an id: a string field takes every
   string met in any field of the game (a coin drawn but never given still has an id as a
   gift); an int field takes the range of every int met in any scalar field of the game,
   widened by its width on each side (Decay's board drifts as tiles slide, and a slide may
   reach a row no tile was placed on); a bool field both values; an optional field also ``None``; a
   tuple field every sequence of the element values met (all 6**k dice rolls), of every length
   from the shortest met to the longest, then longer ones up to twice the longest while the
   count stays under :data:`TUPLE_LIMIT` (a payment of more coins than any met); past that
   limit, only the tuples met.
   An action type of the game's codec that the playouts never met gets ids in both spaces,
   from its fields' types alone (every string and int of the game).
3. *Checked*: an action outside the domains raises :class:`ActionIdError` naming the game, the
   action and the field, never a silent wrong id; ``tests/test_openspiel_adapter.py`` plays
   fresh seeds of every game and option set and encodes every legal action met.

The ids depend on the game, its options and the game's code (a rule change may change them),
not on the process: the harvest is seeded and every domain is sorted.  Decisions and chance
outcomes have separate id spaces, as in OpenSpiel.
"""
from __future__ import annotations

import dataclasses
import functools
import random
import typing
from bisect import bisect_right
from itertools import product

from explorer.engine.registry import get_game

#: seeded random games played to learn the domains
HARVEST_GAMES = 8
#: a harvest game stops after this many actions (a game that never ends still yields its domains)
HARVEST_MAX_ACTIONS = 20_000
#: a tuple field enumerates every sequence of its element values only up to this many
TUPLE_LIMIT = 100_000


class ActionIdError(ValueError):
    """An action (or an id) outside the id space of a game and its options."""


def _sort_key(v):
    """Domains hold one kind of value (plus maybe ``None``, first); tuples sort by items."""
    return (v is not None, v)


class _TypeBlock:
    """The ids of one action type: ``offset + sum(digit_i * stride_i)``."""

    def __init__(self, cls, domains: list[list], offset: int):
        self.cls = cls
        self.names = [f.name for f in dataclasses.fields(cls)]
        self.domains = domains
        self.index = [{v: i for i, v in enumerate(d)} for d in domains]
        self.offset = offset
        self.size = 1
        for d in domains:
            self.size *= len(d)

    def encode(self, action, game: str) -> int:
        n = 0
        for name, index, domain in zip(self.names, self.index, self.domains):
            value = getattr(action, name)
            try:
                digit = index[value]
            except (KeyError, TypeError):
                raise ActionIdError(
                    f"{game}: {action!r} has no action id: its {name}={value!r} is outside the "
                    f"{len(domain)} values learned for {self.cls.__name__}.{name} "
                    f"(see explorer.adapters.action_ids)") from None
            n = n * len(domain) + digit
        return self.offset + n

    def decode(self, n: int, game: str):
        values = []
        for domain in reversed(self.domains):
            n, digit = divmod(n, len(domain))
            values.append(domain[digit])
        values.reverse()
        try:
            return self.cls(*values)
        except (TypeError, ValueError) as e:   # e.g. a kind the action type refuses
            raise ActionIdError(f"{game}: that id names {self.cls.__name__}{tuple(values)!r}, "
                                f"which is no action of the game ({e})") from None


class ActionIds:
    """The id space of one game with one set of options (see the module docstring).

    ``encode(action, chance)`` and ``decode(id, chance)`` are inverse; ``size(chance)`` is
    OpenSpiel's ``num_distinct_actions`` (decisions) or ``max_chance_outcomes`` (chance)."""

    def __init__(self, game: str, options):
        self.game = game
        met = {False: {}, True: {}}            # chance? -> type -> [set of values per field]
        for seed in range(HARVEST_GAMES):
            _harvest(game, options, seed, met)
        strings = sorted({s for kind in met.values() for fields in kind.values()
                          for values in fields for v in values for s in _strings(v)})
        ints = [v for kind in met.values() for fields in kind.values() for values in fields
                for v in values if type(v) is int]
        lo, hi = (min(ints), max(ints)) if ints else (0, 0)
        pad = hi - lo + 1
        ints = list(range(lo - pad, hi + pad + 1))
        # a type of the game's codec met nowhere (a rare step) gets ids in both spaces
        for cls in get_game(game).codec.types.values():
            if cls not in met[False] and cls not in met[True]:
                for kinds in met.values():
                    kinds[cls] = [set() for _ in dataclasses.fields(cls)]
        self._blocks = {}
        self._starts = {}
        for chance, kinds in met.items():
            blocks, offset = [], 0
            for cls in sorted(kinds, key=lambda c: c.__name__):
                hints = typing.get_type_hints(cls)
                domains = [_domain(hints[f.name], values, strings, ints)
                           for f, values in zip(dataclasses.fields(cls), kinds[cls])]
                blocks.append(_TypeBlock(cls, domains, offset))
                offset += blocks[-1].size
            self._blocks[chance] = {b.cls: b for b in blocks}
            self._starts[chance] = ([b.offset for b in blocks], blocks, offset)

    def size(self, chance: bool = False) -> int:
        return max(1, self._starts[chance][2])

    def encode(self, action, chance: bool = False) -> int:
        block = self._blocks[chance].get(type(action))
        if block is None:
            kind = "chance outcome" if chance else "decision"
            raise ActionIdError(f"{self.game}: {action!r} has no action id: no {kind} of type "
                                f"{type(action).__name__} was met while learning the ids")
        return block.encode(action, self.game)

    def decode(self, action_id: int, chance: bool = False):
        starts, blocks, total = self._starts[chance]
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < total:
            raise ActionIdError(f"{self.game}: {action_id!r} is not an action id (ids run from 0 "
                                f"to {total - 1})")
        block = blocks[bisect_right(starts, action_id) - 1]
        return block.decode(action_id - block.offset, self.game)


@functools.lru_cache(maxsize=64)
def action_ids(game: str, options) -> ActionIds:
    """The id space of ``game`` with ``options`` (a frozen options dataclass), learned once."""
    return ActionIds(game, options)


def _harvest(game: str, options, seed: int, met) -> None:
    rng = random.Random(seed)
    state = get_game(game).initial_state(options)
    for _ in range(HARVEST_MAX_ACTIONS):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            _note(met[True], outcomes)
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            _note(met[False], legal)
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)


def _note(kinds: dict, actions) -> None:
    for a in actions:
        fields = kinds.get(type(a))
        if fields is None:
            fields = kinds[type(a)] = [set() for _ in dataclasses.fields(a)]
        for values, f in zip(fields, dataclasses.fields(a)):
            values.add(getattr(a, f.name))


def _strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, tuple):
        for x in v:
            yield from _strings(x)


def _domain(hint, values: set, strings: list, ints: list) -> list:
    """Every value a field may take: the values met, widened as the module docstring says."""
    args = typing.get_args(hint)
    if type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return [None] + _domain(inner, values - {None}, strings, ints)
    if hint is bool:
        return [False, True]
    if hint is int:
        return list(ints)
    if hint is str:
        return list(strings)
    if typing.get_origin(hint) is tuple:
        if values:
            items = sorted({x for v in values for x in v}, key=_sort_key)
            low, high = min(map(len, values)), max(map(len, values))
        else:                          # a field never met: its element type's whole domain
            items = _domain(typing.get_args(hint)[0], set(), strings, ints)
            low = high = 1
        lengths = list(range(low, high + 1))
        if sum(len(items) ** n for n in lengths) > TUPLE_LIMIT:
            return sorted(values, key=_sort_key)
        while len(lengths) <= high and sum(len(items) ** n for n in lengths + [lengths[-1] + 1]) <= TUPLE_LIMIT:
            lengths.append(lengths[-1] + 1)
        return [t for n in lengths for t in product(items, repeat=n)]
    raise TypeError(f"unsupported action field type {hint!r}")
