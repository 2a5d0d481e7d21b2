"""Actions: small frozen values with a readable ``str`` and a JSON form.

A game declares its action types as frozen dataclasses deriving from :class:`Action`
whose fields are ints, strs, bools, None or tuples of those.  :class:`ActionCodec`
turns them into ``{"type": "Cell", "x": 3, "y": 4}`` and back, checking every field's
type so that a hostile or corrupt file is refused with a clear message.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Iterable

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


def _check(value, hint, where: str):
    """Convert a JSON value to ``hint`` or raise RecordError naming ``where``."""
    origin = typing.get_origin(hint)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"{where} must be an integer, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise RecordError(f"{where} must be a string, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise RecordError(f"{where} must be true or false, got {value!r}")
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
                return _check(value, a, where)
            except RecordError as e:
                errors.append(str(e))
        raise RecordError(errors[0] if errors else f"{where} has a bad value {value!r}")
    if origin is tuple:
        if not isinstance(value, list):
            raise RecordError(f"{where} must be a list, got {value!r}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise RecordError(f"{where} must have {len(args)} items, got {len(value)}")
        return tuple(_check(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args)))
    raise TypeError(f"unsupported action field type {hint!r}")


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
