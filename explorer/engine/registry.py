"""The games the engine knows, by id ("conspiracy", "decay", ...)."""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Mapping

from .actions import ActionCodec
from .errors import RecordError
from .options import options_from_dict

if TYPE_CHECKING:
    from .infoset import HiddenInformation


@dataclass(frozen=True)
class Game:
    """Everything the engine needs to know about one game."""

    name: str
    title: str
    options_type: type
    new_state: Callable[[Any], Any]   # options -> initial State
    codec: ActionCodec
    rulebook: str                     # file name of the game's rulebook text, e.g. "conspiracy.txt"
    #: The game's hidden information (:class:`explorer.engine.infoset.HiddenInformation`): its
    #: ``sampler(states, actions, viewer)`` draws histories ``viewer`` cannot tell from the real one
    #: from their conditional distribution (IS-MCTS and the OpenSpiel adapter use it), and calling
    #: it, ``hidden_variants(states, actions, viewer, rng, tries)``, yields such histories that
    #: differ from the real one (the leak tests check every view of that seat stays the same).
    #: ``None``: the game has no hidden information.
    hidden_variants: HiddenInformation | None = None
    #: ``statistics(final_state) -> {name: number}``: what a designer measures per game in a
    #: sweep (Conspiracy: columns advanced, tiles revealed), one column each in the lab's
    #: tables.  Its names are declared in ``statistic_names`` so that a table has every
    #: column before any game is played.  ``None``: the game declares none.
    statistics: Callable[[Any], dict[str, float]] | None = None
    statistic_names: tuple[str, ...] = ()
    #: ``evaluate(state, seat) -> float``: how well ``seat`` stands, from what that seat may
    #: see (e.g. its current score); the greedy player maximises it one step ahead and the
    #: lab reports it at the end as the seat's final score.  ``None``: no evaluation.
    evaluate: Callable[[Any, int], float] | None = None
    #: ``action_space(options) -> ActionSpace``: every action the rules can ever offer with
    #: those options, as dense ids (:mod:`.action_space`; OpenSpiel's ids).  ``None``: none declared.
    action_space: Callable[[Any], Any] | None = None
    #: ``max_decisions(options) -> int``: the most decisions (chance steps aside) any game with
    #: those options can hold, as its rules guarantee (OpenSpiel's ``max_game_length``), or
    #: ``None`` where those options give none.  ``None``: the game gives no such bound.
    max_decisions: Callable[[Any], int | None] | None = None
    #: ``sensible(state, seat, rng) -> action``: the game's fast policy in its own terms, no search,
    #: reading only what the seat may see (the game's ``sensible`` module: the ``sensible`` player,
    #: and the ``strong`` player's playouts).  ``None``: the game has none.
    sensible: Callable[[Any, int, Any], Any] | None = None
    #: The parameters of a ``sensible:NAME=VALUE`` player and the values each may take (the first
    #: is the default), e.g. ``{"reuse": ("no", "yes")}``; ``sensible_policy(**params)`` is the
    #: ``sensible`` of those values.  Empty: the sensible player takes no parameters.
    sensible_parameters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sensible_policy: Callable[..., Callable[[Any, int, Any], Any]] | None = None
    #: The game's own defaults for its ``strong`` player, tuned per game: fields of
    #: :class:`explorer.engine.search.Settings` (e.g. ``{"depth": 40}``), under a spec's parameters.
    strong_defaults: Mapping[str, Any] = field(default_factory=dict)

    def initial_state(self, options=None):
        if options is None:
            options = self.options_type()
        elif isinstance(options, dict):
            options = options_from_dict(self.options_type, options)
        elif not isinstance(options, self.options_type):
            raise TypeError(f"options for {self.name} must be {self.options_type.__name__}")
        return self.new_state(options)


def package_parts(statistics, action_space, length, sensible=None) -> dict[str, Any]:
    """The :class:`Game` fields a game package's standard modules declare, by those modules:

    - ``statistics``: ``statistics(final_state)``, ``STATISTIC_NAMES`` and ``evaluate(state, seat)``;
    - ``action_space``: ``action_space(options)``;
    - ``length``: ``max_decisions(options)``;
    - ``sensible`` (optional): ``choose(state, seat, rng)``, and where the module has them
      ``PARAMETERS`` with ``policy(**params)`` (a parameterised sensible player) and ``STRONG``
      (the strong player's defaults).

    A package registers as ``register(Game(name=..., ..., **package_parts(statistics, action_space,
    length, sensible)))``: every game names its modules alike, so the list is written once here."""
    parts: dict[str, Any] = dict(statistics=statistics.statistics, statistic_names=statistics.STATISTIC_NAMES,
                                 evaluate=statistics.evaluate, action_space=action_space.action_space,
                                 max_decisions=length.max_decisions)
    if sensible is not None:
        parts["sensible"] = sensible.choose
        if hasattr(sensible, "PARAMETERS"):
            parts.update(sensible_parameters=sensible.PARAMETERS, sensible_policy=sensible.policy)
        if hasattr(sensible, "STRONG"):
            parts["strong_defaults"] = sensible.STRONG
    return parts


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known to the engine under ``game.name`` and return it.

    A game package calls it once, at import (``GAME = register(Game(...))`` in its
    ``__init__.py``); :func:`get_game` finds a game listed in
    ``explorer.games.GAME_PACKAGES`` by importing its package.  A game registered from
    elsewhere (the tests' ``guess_the_die``) is found once registered."""
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The game called ``name``; its package is imported on first use.

    >>> from explorer.engine import get_game
    >>> game = get_game("journalists")
    >>> game.title, game.options_type.__name__
    ('Journalists', 'JournalistsOptions')
    >>> state = game.initial_state({"players": 2})     # rule options by name; the rest as the rulebook says
    >>> state.options.players, state.options.chips
    (2, 12)

    A name no game has is refused, naming the known ones:

    >>> get_game("chess")                              # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    explorer.engine.errors.RecordError: unknown game 'chess'; known games: ['conspiracy', 'decay', ...]
    """
    if name not in _GAMES:
        from explorer.games import GAME_PACKAGES
        if name not in GAME_PACKAGES:
            raise RecordError(f"unknown game {name!r}; known games: {sorted(GAME_PACKAGES)}")
        import_module(GAME_PACKAGES[name])
    return _GAMES[name]


def game_names() -> list[str]:
    """The ids of the games that ship with the explorer (``explorer.games.GAME_PACKAGES``), sorted.

    >>> game_names()
    ['conspiracy', 'decay', 'journalists', 'sands_of_time', 'take_off_eh']
    """
    from explorer.games import GAME_PACKAGES
    return sorted(GAME_PACKAGES)
