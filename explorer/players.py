"""Players: one interface for every game, from a uniform-random player to OpenSpiel's search.

A player has a ``name`` and ``choose(state, rng) -> action``: given the engine's state at one
of its seat's decisions, it returns one of ``state.legal_actions()``.  A player that needs the
game so far (a search player in a game with hidden information: a state alone does not say
what the seat was told on the way) also has ``inform_action(state, action)``, which whoever
runs the game calls for every action applied, chance outcomes included (:func:`inform`).  It never reads what
the seat's observation hides (a test resamples the hidden information with the game's
``hidden_variants`` and checks that the choices stay the same).  All its randomness comes
from ``rng``, so a game replays from its seed.

:func:`make_player` builds one from a spec, as typed on the command line:

- ``random``: each legal action equally likely;
- ``greedy``: the action whose resulting state the game's ``evaluate`` scores best for the
  seat, ties broken at random.  Only for games with an ``evaluate`` and no hidden
  information: one step ahead already reveals what a seat may not see (the last secret
  choice of a round reveals everyone's, a scoring reveals the hidden coins), and a greedy
  player that looked there would choose by it (the hidden-information test caught exactly
  that in Take Off, Eh!).  Such a game refuses it with a clear error; its search player is
  ``ismcts``, which samples what the seat cannot see instead;
- ``sensible``: a fast policy in the game's own terms, no search (``Game.sensible``, from its
  game's ``sensible`` module, whose docstring lists its rules with their rulebook sections), with
  the parameters the game declares (``Game.sensible_parameters``: ``sensible:reuse=yes``);
- ``mcts`` and ``ismcts``: OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` through the adapter
  in :mod:`explorer.adapters.openspiel_players` (the optional extra ``openspiel``), with
  parameters after a colon: ``ismcts:iterations=200,seed=3``.  ``seed=S`` gives the search
  draws of its own: S is mixed with the seed the game hands the player (:func:`mix_seed`),
  so two specs that differ only in S search differently and every game still differs;
- ``strong``: information-set Monte Carlo tree search in worlds drawn by the game's honest
  sampler, with ``sensible`` playouts cut at a depth and scored by the game's ``evaluate``
  (:class:`explorer.strong.StrongPlayer`, its search :mod:`explorer.engine.search`).
  Parameters, over the game's own defaults (``Game.strong_defaults``): ``budget`` (CPU seconds
  a decision, 0.5 by default), or ``iterations=N`` instead (a fixed count: the only way a game
  with it replays from its seed, since a clock never does), ``depth`` (playout decisions, 20),
  ``worlds`` (worlds drawn a decision, 16), ``c`` (UCB1's exploration, 0.7), ``confidence``
  (standard errors by which another action must beat the sensible choice, 1), ``playout``
  (``sensible`` or ``random``) and ``seed`` as above.

Every player is made here, by :func:`make_player`, whatever module its class lives in: the
search players' (:mod:`explorer.strong`, and the adapter's, which needs OpenSpiel) are imported
only when one is asked for.
"""
from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol
from collections.abc import Callable

from explorer.engine.playout import uniform_policy
from explorer.engine.registry import Game, get_game

#: The specs :func:`make_player` knows.
SPECS = ("random", "greedy", "sensible", "strong", "mcts", "ismcts")
#: Where the search players live, and what installs them.
SEARCH_MODULE = "explorer.adapters.openspiel_players"
SEARCH_INSTALL = "pip install 'rules-explorer[openspiel]'"


#: The most a player parameter may ask for: a decision that could not finish in any sensible time is
#: refused when the spec is read, before any game (a budget is CPU seconds a decision).
LIMITS = {"budget": 600, "iterations": 1_000_000, "worlds": 100_000, "rollouts": 10_000, "depth": 100_000}


class PlayerError(ValueError):
    """A player spec that makes no sense (unknown name, bad parameter, a player the game
    cannot have); the message names the problem."""


class Player(Protocol):
    @property
    def name(self) -> str: ...

    def choose(self, state, rng: random.Random) -> Any: ...


def inform(players, state, action) -> None:
    """Tell every player that listens (has ``inform_action``) that ``action`` was applied to
    ``state``."""
    for p in players:
        hear = getattr(p, "inform_action", None)
        if hear is not None:
            hear(state, action)


@dataclass(frozen=True)
class RandomPlayer:
    """Each legal action equally likely."""

    name: str = "random"

    def choose(self, state, rng: random.Random):
        return uniform_policy(state, rng)


@dataclass(frozen=True)
class SensiblePlayer:
    """The game's ``sensible.choose(state, seat, rng)``: a few rules, no search, reading
    only what the seat may see."""

    seat: int
    policy: Callable[[Any, int, random.Random], Any]
    name: str = "sensible"

    def choose(self, state, rng: random.Random):
        return self.policy(state, self.seat, rng)


@dataclass(frozen=True)
class GreedyPlayer:
    """The best one-step value of ``evaluate(next_state, seat)``, ties broken with ``rng``.

    ``evaluate`` reads the next state through the seat's own observation, so the values
    depend only on what the seat may see there (see each game's ``statistics`` module)."""

    seat: int
    evaluate: Callable[[Any, int], float]
    name: str = "greedy"

    def choose(self, state, rng: random.Random):
        actions = state.legal_actions()
        values = [self.evaluate(state.apply(a), self.seat) for a in actions]
        best = max(values)
        top = [a for a, v in zip(actions, values, strict=True) if v == best]
        return top[rng.randrange(len(top))]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=200,seed=3"`` -> ``("ismcts", {"iterations": "200", "seed": "3"})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise PlayerError(f"a player is one of {', '.join(SPECS)}, got {spec!r}")
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in SPECS:
        raise PlayerError(f"unknown player {kind!r}; players are {', '.join(SPECS)}")
    params = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise PlayerError(f"a player parameter is written name=value, got {item!r} in {spec!r}")
        name, value = name.strip(), value.strip()
        if name in params:
            raise PlayerError(f"the {kind} player's {name} is given twice in {spec!r}; give it once")
        _within_limits(kind, name, value, spec)
        params[name] = value
    return kind, params


def _within_limits(kind: str, name: str, value: str, spec: str) -> None:
    """Refuse a number that is not finite, or a parameter past its :data:`LIMITS`."""
    try:
        x = float(value)
    except ValueError:
        return                          # not a number: the player's own check says what it wants
    if not math.isfinite(x):
        raise PlayerError(f"the {kind} player's {name} must be a finite number, got {value!r} in {spec!r}")
    if name in LIMITS and x > LIMITS[name]:
        unit = " seconds a decision" if name == "budget" else ""
        raise PlayerError(f"the {kind} player's {name} may be at most "
                          f"{LIMITS[name]:,}{unit}, got {value!r} in {spec!r}")


def _number(text: str):
    """A parameter's value: an int, else a float, else the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def mix_seed(seed: int, own: int) -> int:
    """A search player's seed from the one the game hands it and the spec's ``seed=own``."""
    digest = hashlib.sha256(f"{seed}/{own}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _own_seed(kind: str, params: dict[str, str], seed: int, spec: str) -> int:
    """The search player's seed: ``seed`` mixed with the spec's ``seed=S`` (taken out of
    ``params``), or ``seed`` itself when the spec gives none."""
    if "seed" not in params:
        return seed
    own = _number(params.pop("seed"))
    if isinstance(own, bool) or not isinstance(own, int):
        raise PlayerError(f"the {kind} player's seed must be a whole number, got {own!r} in {spec!r}")
    return mix_seed(seed, own)


def _sensible_policy(g: Game, params: dict[str, str] | None = None):
    """The game's sensible ``choose(state, seat, rng)`` (``Game.sensible``); with ``params``
    (``sensible:reuse=yes``), ``Game.sensible_policy(**params)``, each parameter and value one the
    game lists in ``Game.sensible_parameters``."""
    if g.sensible is None:
        raise PlayerError(f"{g.name} has no sensible player")
    if not params:
        return g.sensible
    known = g.sensible_parameters
    for name, value in params.items():
        if name not in known:
            raise PlayerError(f"the sensible player takes no parameters, got {sorted(params)}" if not known else
                              f"{g.name}'s sensible player has no parameter {name!r}; it has {', '.join(known)}")
        if value not in known[name]:
            raise PlayerError(f"{g.name}'s sensible player's {name} is one of {', '.join(known[name])}, got {value!r}")
    assert g.sensible_policy is not None, f"{g.name} declares sensible_parameters but no sensible_policy"
    return g.sensible_policy(**params)


def _strong_settings(params: dict[str, str], spec: str, defaults: dict | None = None):
    """The :class:`~explorer.engine.search.Settings` of a ``strong`` spec's parameters, over the
    game's own ``defaults`` (``Game.strong_defaults``)."""
    from explorer.engine.search import Settings

    def whole(name, low):
        v = _number(params[name])
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            raise PlayerError(f"the strong player's {name} must be a whole number of at least {low}, "
                              f"got {params[name]!r} in {spec!r}")
        return v

    def positive(name, zero_ok=False):
        v = _number(params[name])
        if isinstance(v, str) or not (v >= 0 if zero_ok else v > 0) or v != v or v == float("inf"):
            more = "0 or more" if zero_ok else "more than 0"
            raise PlayerError(f"the strong player's {name} must be a number {more}, got {params[name]!r} in {spec!r}")
        return float(v)

    known = ("budget", "iterations", "depth", "worlds", "c", "confidence", "playout")
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise PlayerError(f"the strong player has no parameter {', '.join(map(repr, unknown))} in {spec!r}; "
                          f"its parameters are {', '.join(known)} and seed")
    if "budget" in params and "iterations" in params:
        raise PlayerError(f"give the strong player a budget (seconds) or a number of iterations, not both: {spec!r}")
    out = dict(defaults or {})
    if "iterations" in params:
        out.update(iterations=whole("iterations", 1), budget=None)
    if "budget" in params:
        out.update(budget=positive("budget"), iterations=None)
    for name in ("depth", "worlds"):
        if name in params:
            out[name] = whole(name, 1)
    for name in ("c", "confidence"):
        if name in params:
            out[name] = positive(name, zero_ok=True)
    if "playout" in params:
        if params["playout"] not in ("sensible", "random"):
            raise PlayerError("the strong player's playout is sensible or "
                              f"random, got {params['playout']!r} in {spec!r}")
        out["playout"] = params["playout"]
    return Settings(**out)


def _make_strong(g: Game, seat: int, seed: int, params: dict[str, str], spec: str):
    from explorer.strong import StrongPlayer

    seed = _own_seed("strong", params, seed, spec)
    settings = _strong_settings(params, spec, dict(g.strong_defaults))
    policy = _sensible_policy(g) if settings.playout == "sensible" else None
    return StrongPlayer(g, seat, seed, policy, settings)


def make_player(spec: str, game: str | Game, options, seat: int, seed: int) -> Player:
    """The player ``spec`` names for ``seat`` of ``game`` under rule ``options``.

    ``seed`` seeds a search player's own generator; random and greedy draw from the ``rng``
    each call is given.  Raises :class:`PlayerError` for a spec that makes no sense."""
    g = get_game(game) if isinstance(game, str) else game
    kind, params = parse_spec(spec)
    if kind in ("random", "greedy") and params:
        raise PlayerError(f"the {kind} player takes no parameters, got {sorted(params)}")
    if kind == "random":
        return RandomPlayer()
    if kind == "sensible":
        return SensiblePlayer(seat, _sensible_policy(g, params))
    if kind == "strong":
        return _make_strong(g, seat, seed, params, spec)
    if kind == "greedy":
        if g.evaluate is None:
            raise PlayerError(f"{g.name} offers no evaluation (Game.evaluate), so it has no greedy player")
        if g.hidden_variants is not None:
            raise PlayerError(f"{g.name} has hidden information that a one-step lookahead would see, so "
                              "it has no greedy player; use ismcts")
        return GreedyPlayer(seat, g.evaluate)
    try:
        module = import_module(SEARCH_MODULE)
    except ImportError as e:
        raise PlayerError(f"the {kind} player needs {SEARCH_MODULE}, which cannot be imported "
                          f"({e}); it comes with OpenSpiel: {SEARCH_INSTALL}") from None
    make = getattr(module, f"make_{kind}")
    seed = _own_seed(kind, params, seed, spec)
    try:
        return make(g, options, seat, seed, **{k: _number(v) for k, v in params.items()})
    except TypeError as e:          # an unknown parameter, or a value of the wrong kind
        raise PlayerError(f"bad parameters for the {kind} player {spec!r}: {e}") from None
    except ValueError as e:         # a player the game cannot have (MCTS where something is hidden)
        raise PlayerError(f"{kind} for {g.name}: {e}") from None
