"""A game's whole action space, declared from its rules: every action it can ever offer <-> a dense id.

OpenSpiel numbers the actions of a game in a fixed range ``[0, num_distinct_actions)`` (chance
outcomes in ``[0, max_chance_outcomes)``), the same number for the same action in every state.
Our actions are frozen dataclasses whose fields are ints, strings, bools, ``None`` or tuples, so
once every field has a finite *domain* an id is a mixed-radix number: the action type picks a
block, and each field's value is a digit, its index in that field's domain.

A game declares only the domains, from its rule data and options (its cells, coins, cards,
territories, borders, counts...), never from playouts::

    ActionSpace("decay",
                decisions={Place: {"x": Range(-4, 96), "y": Range(-4, 96)}, EndTurn: {}, ...},
                chance={Roll: {"faces": Sequences(Range(0, 5), lengths=range(2, 5))}},
                frames={Place: Frame(board_corner, "the board's lower-left corner")})

- :class:`Values` is a listed domain (sorted, so that the data files' order does not matter),
  :class:`Range` a span of ints, :class:`Sequences` the tuples of a domain's values of the given
  lengths (all ``items ** n`` of them, counted, never listed), :func:`optional` adds ``None``.
- Decisions and chance outcomes have separate id spaces, as in OpenSpiel; a type may be in both.
  The blocks of a space follow the types' names in sorted order, so the ids depend only on the
  declared domains: they stay the same from one version to the next where the rules (and so the
  domains) do not change, and never depend on the process or on what a playout met.
- An action outside the declared space (a field value no domain holds, a type not declared)
  raises :class:`ActionIdError` naming the game, the action and the field; so does an id out of
  range.  Every id of the range decodes to an action value (whether legal anywhere is the rules'
  business, as in OpenSpiel); a declared domain must hold only values its type accepts.

**Fields relative to the state.**  Where the rules bound a field only relative to something public
in the state (Decay's board spots: a spot a rule can offer touches the board, wherever the board
has drifted to), a type declares a :class:`Frame`: ``frames={Place: Frame(origin, "...")}``, with
``origin(state) -> {field: offset}``.  Its id holds ``value - offset`` (a digit of the declared
domain), so ``encode`` and ``decode`` of that type take the state the action is offered in
(``state=``): the same id is the same action relative to the board, and every action the rules can
offer has one.  Without the state they raise :class:`ActionIdError` saying so.

``Game.action_space(options)`` (see :mod:`.registry`) returns a game's space; :func:`action_space`
builds it once per game and options.
"""
from __future__ import annotations

import dataclasses
import functools
from bisect import bisect_right
from typing import Any
from collections.abc import Callable, Iterable, Mapping


#: ids whose actions a space remembers (per id space; forgotten all at once past this many)
DECODED = 50_000


class ActionIdError(ValueError):
    """An action (or an id) outside the declared action space of a game and its options."""


def _sort_key(v):
    """A deterministic order for one domain's values (``None`` first)."""
    return (v is not None, v)


class Domain:
    """The finite set of values one field may take: ``size``, ``index(value)``, ``value(i)``."""

    size: int

    def index(self, value) -> int:
        """The digit of ``value``; KeyError when the domain does not hold it."""
        raise NotImplementedError

    def value(self, i: int):
        raise NotImplementedError

    def __iter__(self):
        return (self.value(i) for i in range(self.size))


class Values(Domain):
    """Listed values (deduplicated and sorted: ``None`` first, then by value)."""

    def __init__(self, values: Iterable):
        self.values = tuple(sorted(set(values), key=_sort_key))
        self._index = {(type(v), v): i for i, v in enumerate(self.values)}
        self.size = len(self.values)

    def index(self, value) -> int:
        return self._index[(type(value), value)]     # True is not 1: the type is part of the key

    def value(self, i: int):
        return self.values[i]

    def __repr__(self):
        return f"Values({list(self.values)!r})"


class Range(Domain):
    """The ints ``low..high``, both included."""

    def __init__(self, low: int, high: int):
        if high < low:
            raise ValueError(f"an empty range {low}..{high}")
        self.low, self.high = low, high
        self.size = high - low + 1

    def index(self, value) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            raise KeyError(value)
        return value - self.low

    def value(self, i: int):
        return self.low + i

    def __repr__(self):
        return f"Range({self.low}, {self.high})"


class Sequences(Domain):
    """Every tuple of ``items``' values with a length in ``lengths`` (shorter ones first, then
    in the items' order, first item most significant)."""

    def __init__(self, items: Domain | Iterable, lengths: Iterable[int]):
        self.items = as_domain(items)
        self.lengths = tuple(sorted(set(lengths)))
        self._starts, n = [], 0
        for k in self.lengths:
            self._starts.append(n)
            n += self.items.size ** k
        self.size = n

    def index(self, value) -> int:
        if type(value) is not tuple or len(value) not in self.lengths:
            raise KeyError(value)
        items, n, size = self.items, 0, self.items.size
        if type(items) is Range:                     # dice: the digits worked out in place
            low, high = items.low, items.high
            for v in value:
                if type(v) is not int or not low <= v <= high:
                    raise KeyError(value)
                n = n * size + v - low
        else:
            for v in value:
                n = n * size + items.index(v)
        return self._starts[self.lengths.index(len(value))] + n

    def value(self, i: int):
        j = bisect_right(self._starts, i) - 1
        n, out = i - self._starts[j], []
        for _ in range(self.lengths[j]):
            n, digit = divmod(n, self.items.size)
            out.append(self.items.value(digit))
        return tuple(reversed(out))

    def __repr__(self):
        return f"Sequences({self.items!r}, lengths={list(self.lengths)})"


class _Optional(Domain):
    def __init__(self, inner: Domain):
        self.inner = inner
        self.size = inner.size + 1

    def index(self, value) -> int:
        return 0 if value is None else 1 + self.inner.index(value)

    def value(self, i: int):
        return None if i == 0 else self.inner.value(i - 1)


def optional(domain) -> Domain:
    """``domain`` and ``None`` (first)."""
    return _Optional(as_domain(domain))


#: a bool field's domain
BOOLS = Values((False, True))


def as_domain(d) -> Domain:
    """A Domain as it is; a ``range`` as a :class:`Range`; any other iterable as :class:`Values`."""
    if isinstance(d, Domain):
        return d
    if isinstance(d, range) and d.step == 1 and len(d):
        return Range(d.start, d.stop - 1)
    return Values(d)


@dataclasses.dataclass(frozen=True)
class Frame:
    """A type's fields counted from a point of the state (see the module docstring):
    ``origin(state) -> {field: offset}``; ``what`` names the point in error messages."""

    origin: Callable[[Any], Mapping[str, int]]
    what: str


class _Block:
    """The ids of one action type: ``offset + sum(digit_i * stride_i)``."""

    def __init__(self, game: str, cls, domains: Mapping, offset: int, frame: Frame | None = None):
        names = [f.name for f in dataclasses.fields(cls)]
        if set(domains) != set(names):
            raise TypeError(f"{game}: the action space of {cls.__name__} must give a domain for each "
                            f"of its fields {names}, got {sorted(domains)}")
        self.game, self.cls, self.names = game, cls, names
        self.domains = [as_domain(domains[n]) for n in names]
        for name, d in zip(names, self.domains, strict=True):
            if d.size == 0:
                raise TypeError(f"{game}: {cls.__name__}.{name} has an empty domain")
        self.offset, self.frame = offset, frame
        self.size = 1
        for d in self.domains:
            self.size *= d.size

    def origin(self, state) -> Mapping[str, int]:
        """The offsets of this type's framed fields in ``state`` ({} when it has no frame)."""
        if self.frame is None:
            return {}
        if state is None:
            raise ActionIdError(f"{self.game}: the ids of {self.cls.__name__} count from {self.frame.what}: "
                                f"encode and decode them with the state they are offered in (state=)")
        return self.frame.origin(state)

    def encode(self, action, origin: Mapping[str, int]) -> int:
        n = 0
        for name, domain in zip(self.names, self.domains, strict=True):
            value = getattr(action, name)
            shift = origin.get(name)
            try:
                digit = domain.index(value if shift is None or type(value) is not int else value - shift)
            except (KeyError, ValueError, TypeError):
                where = "" if shift is None or self.frame is None else f" (counted from {self.frame.what} at {shift})"
                raise ActionIdError(
                    f"{self.game}: {action!r} has no action id: its {name}={value!r}{where} is outside the "
                    f"{domain.size} values the rules give {self.cls.__name__}.{name}") from None
            n = n * domain.size + digit
        return self.offset + n

    def decode(self, n: int, origin: Mapping[str, int]):
        values = []
        for name, domain in zip(reversed(self.names), reversed(self.domains), strict=True):
            n, digit = divmod(n, domain.size)
            values.append(domain.value(digit) + origin[name] if name in origin else domain.value(digit))
        values.reverse()
        return self.cls(*values)


class ActionSpace:
    """The id spaces of one game with one set of options (see the module docstring).

    ``encode(action, chance, state=)`` and ``decode(id, chance, state=)`` are inverse (the state
    matters only to the types with a :class:`Frame`); ``size(chance)`` is OpenSpiel's
    ``num_distinct_actions`` (decisions) or ``max_chance_outcomes`` (chance)."""

    def __init__(self, game: str, decisions: Mapping[type, Mapping], chance: Mapping[type, Mapping],
                 frames: Mapping[type, Frame] | None = None):
        self.game = game
        frames = dict(frames or {})
        self._blocks, self._starts = {}, {}
        # id -> action, the ids a search meets again and again
        self._decoded: dict[bool, dict[int, Any]] = {False: {}, True: {}}
        for is_chance, kinds in ((False, decisions), (True, chance)):
            blocks, offset = [], 0
            for cls in sorted(kinds, key=lambda c: c.__name__):
                blocks.append(_Block(game, cls, kinds[cls], offset, frames.get(cls)))
                offset += blocks[-1].size
            self._blocks[is_chance] = {b.cls: b for b in blocks}
            self._starts[is_chance] = ([b.offset for b in blocks], blocks, offset)

    def size(self, chance: bool = False) -> int:
        return max(1, self._starts[chance][2])

    def types(self, chance: bool = False) -> list[type]:
        """The declared action types of one id space, in id order."""
        return [b.cls for b in self._starts[chance][1]]

    def domains(self, cls, chance: bool = False) -> dict[str, Domain]:
        """``{field: domain}`` of one declared type."""
        block = self._blocks[chance][cls]
        return dict(zip(block.names, block.domains, strict=True))

    def frame(self, cls, chance: bool = False) -> Frame | None:
        """The :class:`Frame` one declared type's fields count from, or None."""
        return self._blocks[chance][cls].frame

    def block(self, cls, chance: bool = False) -> range:
        """The ids of one declared type."""
        b = self._blocks[chance][cls]
        return range(b.offset, b.offset + b.size)

    def encode(self, action, chance: bool = False, state=None) -> int:
        """The id of ``action``, a decision's or (``chance=True``) a chance outcome's; ``state`` is
        the state it is offered in, needed only for a type with a :class:`Frame`.  An action the
        declared space does not hold raises :class:`ActionIdError`.

        >>> from explorer.engine import get_game
        >>> from explorer.games.journalists.actions import Evidence
        >>> game = get_game("journalists")
        >>> space = game.action_space(game.options_type())      # the rulebook's options
        >>> space.size(), space.size(chance=True)     # OpenSpiel's num_distinct_actions, max_chance_outcomes
        (1649, 49)
        >>> space.encode(Evidence("The Author"))
        1560
        >>> space.decode(1560)
        Evidence(card='The Author')
        >>> space.encode(Evidence("The Unknown"))                # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        explorer.engine.action_space.ActionIdError: journalists: Evidence(card='The Unknown') has no action id: ...
        """
        block = self._blocks[chance].get(type(action))
        if block is None:
            kind = "chance outcome" if chance else "decision"
            raise ActionIdError(f"{self.game}: {action!r} has no action id: the game declares no "
                                f"{kind} of type {type(action).__name__}")
        return block.encode(action, block.origin(state) if block.frame is not None else {})

    def decode(self, action_id: int, chance: bool = False, state=None):
        """The action of id ``action_id`` (``chance=True``: a chance outcome's id), the inverse
        of :meth:`encode`; ``state`` as there.  An id out of range raises :class:`ActionIdError`.

        >>> from explorer.engine import get_game
        >>> game = get_game("journalists")
        >>> state = game.initial_state({"players": 2})
        >>> space = game.action_space(state.options)
        >>> deal = state.legal_actions()[0]                   # a chance outcome: the first Ace dealt
        >>> space.encode(deal, chance=True)
        2
        >>> space.decode(2, chance=True)
        DealAce(card='Ace of Moons')
        >>> all(space.decode(space.encode(a, chance=True), chance=True) == a for a in state.legal_actions())
        True
        >>> space.decode(5000)
        Traceback (most recent call last):
        ...
        explorer.engine.action_space.ActionIdError: journalists: 5000 is not an action id (ids run from 0 to 1648)
        """
        decoded = self._decoded[chance]
        if type(action_id) is int:
            action = decoded.get(action_id)
            if action is not None:
                return action
        starts, blocks, total = self._starts[chance]
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < total:
            raise ActionIdError(f"{self.game}: {action_id!r} is not an action id (ids run from 0 "
                                f"to {total - 1})")
        block = blocks[bisect_right(starts, action_id) - 1]
        if block.frame is not None:          # the action depends on the state: not remembered
            return block.decode(action_id - block.offset, block.origin(state))
        if len(decoded) >= DECODED:
            decoded.clear()
        action = decoded[int(action_id)] = block.decode(action_id - block.offset, {})
        return action


@functools.lru_cache(maxsize=64)
def action_space(game: str, options) -> ActionSpace:
    """The declared action space of ``game`` with ``options`` (a frozen options dataclass)."""
    from .registry import get_game
    g = get_game(game)
    if g.action_space is None:
        raise ActionIdError(f"{game} declares no action space (Game.action_space)")
    return g.action_space(options)
