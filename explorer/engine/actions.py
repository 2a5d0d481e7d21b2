"""Actions: small frozen values with a readable ``str`` and a JSON form.

A game declares its action types as frozen dataclasses deriving from :class:`Action`
whose fields are ints, strs, bools, None or tuples of those.  :class:`ActionCodec`
turns them into ``{"type": "Cell", "x": 3, "y": 4}`` and back, checking every field's
type so that a hostile or corrupt file is refused with a clear message.

The same check guards the actions a caller makes: ``True == 1 == 1.0`` and they hash
alike, so ``ExcuseCubes(True)`` or ``Place(1.0, 2)`` would pass a comparison with a
legal action and reach the rules with a field of the wrong type.
:func:`field_problem` names such a field (a bool is not an int, a float is not an int,
a list is not a tuple); :meth:`.machine.PhasedState.advance` asks it before comparing
an action it did not list itself, and :func:`checked` makes an action type's
constructor (or a pool of its instances) refuse them where they are made.  Neither runs
in a random playout, which applies only the actions the state listed.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any
from collections.abc import Iterable, Sequence

from .errors import RecordError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game action (and chance outcome)."""

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = _jsonable(value)
        return out

    def __str__(self) -> str:
        args = ", ".join(str(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})" if args else type(self).__name__


def _jsonable(value):
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _check(value, hint, where: str, error: type[Exception] = RecordError,
           sequence: type[Sequence[Any]] = list):
    """Convert a JSON value to ``hint`` or raise ``error`` naming ``where``.  A tuple field
    is read from a ``sequence``: a JSON list, or (checking an action made in Python,
    :func:`field_problem`) the tuple itself."""
    origin = typing.get_origin(hint)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise error(f"{where} must be an integer, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise error(f"{where} must be a string, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise error(f"{where} must be true or false, got {value!r}")
        return value
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        errors = []
        for a in args:
            if a is type(None):
                continue
            try:
                return _check(value, a, where, error, sequence)
            except error as e:
                errors.append(str(e))
        raise error(errors[0] if errors else f"{where} has a bad value {value!r}")
    if origin is tuple:
        if not isinstance(value, sequence):
            raise error(f"{where} must be a {sequence.__name__}, got {value!r}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check(v, args[0], f"{where}[{i}]", error, sequence) for i, v in enumerate(value))
        if len(args) != len(value):
            raise error(f"{where} must have {len(args)} items, got {len(value)}")
        return tuple(_check(v, a, f"{where}[{i}]", error, sequence)
                     for i, (v, a) in enumerate(zip(value, args, strict=True)))
    raise TypeError(f"unsupported action field type {hint!r}")


class FieldTypeError(TypeError):
    """A field of an action made in Python holds a value of another type than declared."""


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, type hint)`` of each field of an action type, worked out once per type."""
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        fields = _FIELDS[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
    return fields


def field_problem(action) -> str | None:
    """What is wrong with the types of ``action``'s fields, in words naming the field
    (``"ExcuseCubes.count must be an integer, got True"``), or ``None`` when every field
    holds a value of its declared type.  Something that is no :class:`Action` at all is
    named as such."""
    if not isinstance(action, Action):
        return f"{action!r} is not an action (one of the game's action types)"
    cls = action.__class__
    for name, hint in _fields_of(cls):
        try:
            _check(getattr(action, name), hint, f"{cls.__name__}.{name}", FieldTypeError, tuple)
        except FieldTypeError as e:
            return str(e)
    return None


def check_fields(action):
    """``action`` itself, or a :class:`FieldTypeError` (a TypeError) naming the field of
    the wrong type."""
    problem = field_problem(action)
    if problem is not None:
        raise FieldTypeError(problem)
    return action


def checked(cls: type[Action]):
    """A constructor of ``cls`` that refuses fields of the wrong type (TypeError naming
    the field): for a pool of an action type's instances, ``cache(checked(cls))``, which
    checks each instance once, when it is first made."""
    def make(*args, **kwargs):
        return check_fields(cls(*args, **kwargs))
    make.__name__ = make.__qualname__ = cls.__name__
    make.__doc__ = cls.__doc__
    return make


class ActionCodec:
    """Reads and writes the JSON form of one game's action types."""

    def __init__(self, types: Iterable[type[Action]]):
        self.types = {t.__name__: t for t in types}
        self._hints = {name: typing.get_type_hints(t) for name, t in self.types.items()}

    def decode(self, data: Any, where: str = "action") -> Action:
        if not isinstance(data, dict):
            raise RecordError(f"{where} must be an object with a 'type', got {data!r}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self.types:
            raise RecordError(f"{where} has unknown type {kind!r}")
        cls = self.types[kind]
        hints = self._hints[kind]
        names = [f.name for f in dataclasses.fields(cls)]
        extra = set(data) - set(names) - {"type"}
        if extra:
            raise RecordError(f"{where} ({kind}) has unknown field(s) {sorted(extra)}")
        kwargs = {}
        for name in names:
            if name not in data:
                raise RecordError(f"{where} ({kind}) is missing field {name!r}")
            kwargs[name] = _check(data[name], hints[name], f"{where}.{name}")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as e:
            raise RecordError(f"{where} ({kind}) is malformed: {e}") from None
