"""Rule options: a frozen dataclass per game whose defaults are the rulebook's values.

:func:`options_from_dict` builds one from JSON or from ``key=value`` strings given on
the command line, refusing unknown keys and wrong types with a message that names them.
The dataclass's own ``__post_init__`` checks types (:func:`check_option_types`) and ranges.

How a person reads an option lives in one place, its field (:func:`option`): every page, table
and sentence that shows an option's value asks :func:`option_words` ("3 action points", "most
chips goes next") or :func:`options_words` for several, never ``name=value``."""
from __future__ import annotations

import dataclasses
import functools
import typing
from typing import Any
from collections.abc import Mapping

from .errors import OptionsError


def option(default: Any, words: str | tuple[str, str] | dict[str, str], *, none: str | None = None):
    """A rule option's dataclass field: its rulebook ``default`` and how a person reads it.
    ``words`` is a phrase with ``{}`` where the value goes ("{} action points"), for a yes/no
    option the phrase for yes and the phrase for no (("most chips goes next", "clockwise
    order")), or for an option of a few named readings a phrase per reading; ``none`` is the
    phrase for ``None`` or ``""`` (an optional number or folder left unset)."""
    return dataclasses.field(default=default, metadata={"words": words, "none": none})


def _options_type(game_or_type):
    if isinstance(game_or_type, str):
        from .registry import get_game
        return get_game(game_or_type).options_type
    return game_or_type if isinstance(game_or_type, type) else type(game_or_type)


def _value_words(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(map(_value_words, value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def option_words(game_or_type, name: str, value: Any) -> str:
    """Option ``name`` set to ``value`` in the rulebook's words ("3 action points", "progress
    marking off"), read from the field's metadata (:func:`option`).  ``game_or_type``: a game's
    name, its options dataclass or an instance of it.  An option the game does not have, or one
    declared without words, is an :class:`OptionsError` naming it."""
    cls = _options_type(game_or_type)
    field = next((f for f in dataclasses.fields(cls) if f.name == name), None)
    if field is None:
        raise OptionsError(f"{cls.__name__} has no option {name!r}; known options are "
                           f"{[f.name for f in dataclasses.fields(cls)]}")
    words = field.metadata.get("words")
    if words is None:
        raise OptionsError(f"option {name} of {cls.__name__} has no words: declare it with option(default, words)")
    value = getattr(value, "item", lambda: value)()          # a numpy value from a table
    if value is None or value == "":
        return field.metadata.get("none") or f"no {name.replace('_', ' ')}"
    if isinstance(words, tuple):
        if not isinstance(value, bool):
            raise OptionsError(f"option {name} is yes or no, got {value!r}")
        return words[0] if value else words[1]
    if isinstance(words, dict):
        if value not in words:
            raise OptionsError(f"option {name} is one of {sorted(words)}, got {value!r}")
        return words[value]
    return words.format(_value_words(value))


def options_words(game_or_type, values: Mapping[str, Any], rulebook: str = "the rulebook's rules") -> str:
    """Several options in words, in their order ("3 players, most chips goes next");
    ``rulebook`` when there are none."""
    return ", ".join(option_words(game_or_type, k, v) for k, v in values.items()) or rulebook


def options_to_dict(options) -> dict[str, Any]:
    return dataclasses.asdict(options)


def _convert(name: str, value: Any, hint: Any, from_text: bool) -> Any:
    args = typing.get_args(hint)
    if type(None) in args:
        if value is None or (from_text and str(value).lower() in ("none", "null", "")):
            return None
        hint = next(a for a in args if a is not type(None))
    if hint is bool:
        if isinstance(value, bool):
            return value
        if from_text and str(value).lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return str(value).lower() in ("true", "yes", "on", "1")
        raise OptionsError(f"option {name} must be true or false, got {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if from_text:
            try:
                return int(str(value))
            except ValueError:
                pass
        raise OptionsError(f"option {name} must be an integer, got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise OptionsError(f"option {name} must be a string, got {value!r}")
    raise TypeError(f"unsupported option type {hint!r}")


def check_option_types(options) -> None:
    """Refuse a field of the wrong type, naming it: an int option takes an int (not a
    bool, a float or a string), a bool option only a bool.  Called first by every
    options dataclass's ``__post_init__``, so a wrong type built in Python
    (``ConspiracyOptions(columns="3")``) fails as clearly as one read from a file."""
    kind: type = type(options)      # (a `type`: mypy takes a type[Any] for unhashable, python/mypy#11470)
    hints = _hints(kind)
    for f in dataclasses.fields(options):
        _convert(f.name, getattr(options, f.name), hints[f.name], False)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def options_from_dict(cls, data: Mapping[str, Any] | None, from_text: bool = False):
    """Build ``cls`` from ``data``; missing keys keep the rulebook defaults."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise OptionsError(f"options must be an object of name: value, got {data!r}")
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise OptionsError(f"unknown option(s) {unknown}; known options are {names}")
    kwargs = {k: _convert(k, v, hints[k], from_text) for k, v in data.items()}
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as e:
        if isinstance(e, OptionsError):
            raise
        raise OptionsError(str(e)) from None


def parse_option_strings(cls, items: list[str] | None):
    """``["columns=4", "players=5"]`` -> options (for ``--option`` on the command line)."""
    data = {}
    for item in items or []:
        if "=" not in item:
            raise OptionsError(f"an option is written name=value, got {item!r}")
        k, _, v = item.partition("=")
        data[k.strip().replace("-", "_")] = v.strip()
    return options_from_dict(cls, data, from_text=True)
