"""The games the engine knows, by id ("conspiracy", "decay", ...)."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable

from .actions import ActionCodec
from .errors import RecordError
from .options import options_from_dict


@dataclass(frozen=True)
class Game:
    """Everything the engine needs to know about one game."""

    name: str
    title: str
    options_type: type
    new_state: Callable[[Any], Any]   # options -> initial State
    codec: ActionCodec
    rulebook: str                     # file name of the game's rulebook text, e.g. "conspiracy.txt"
    #: ``hidden_variants(states, actions, viewer, rng)`` yields other action lists of the same
    #: length that ``viewer`` cannot tell from ``actions`` (its hidden information resampled);
    #: the leak tests check that every view of that seat stays the same.  ``None``: the game
    #: has no hidden information.
    hidden_variants: Callable | None = None

    def initial_state(self, options=None):
        if options is None:
            options = self.options_type()
        elif isinstance(options, dict):
            options = options_from_dict(self.options_type, options)
        elif not isinstance(options, self.options_type):
            raise TypeError(f"options for {self.name} must be {self.options_type.__name__}")
        return self.new_state(options)


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The game called ``name``; its package is imported on first use."""
    if name not in _GAMES:
        from explorer.games import GAME_PACKAGES
        if name not in GAME_PACKAGES:
            raise RecordError(f"unknown game {name!r}; known games: {sorted(GAME_PACKAGES)}")
        import_module(GAME_PACKAGES[name])
    return _GAMES[name]


def game_names() -> list[str]:
    from explorer.games import GAME_PACKAGES
    return sorted(GAME_PACKAGES)
