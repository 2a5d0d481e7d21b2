"""OpenSpiel's MCTS and IS-MCTS as players of any registered game, through the adapter.

Two factories with the signature :mod:`explorer.players` calls (``params`` may come from a
command line as strings, ``"200"``)::

    make_mcts(game, options, seat, seed, iterations=100, rollouts=1, uct_c=1.4)
    make_ismcts(game, options, seat, seed, iterations=100, rollouts=1, uct_c=1.4, worlds=10)

Each returns a player: ``name`` and ``choose(state, rng)`` -> one of ``state.legal_actions()``.

- **MCTS** (OpenSpiel's ``MCTSBot``) searches the real state, so it is offered only for games
  without hidden information (any other: ValueError naming the game).
- **IS-MCTS** (OpenSpiel's ``ISMCTSBot``) searches trees keyed by the seat's information-state
  string, over at most ``worlds`` worlds per decision, each drawn afresh from the seat's
  information set by the game's honest sampler (:mod:`explorer.engine.infoset`, through
  :meth:`explorer.adapters.openspiel.ExplorerState.resample`).  In a game with
  hidden information a state alone does not say what the seat was told on the way, so the
  player must be told the game as it goes: call ``player.inform_action(state, action)`` for
  every action applied (chance outcomes included; OpenSpiel's bots have the same hook).
  Choosing without it raises a ValueError that says so.

Leaves are valued by random playouts run on the engine itself (``rollouts`` per leaf), which is
what OpenSpiel's ``RandomRolloutEvaluator`` does, without the pyspiel round trip per step.  The
returns are the adapter's: winners share 1.  Every random draw comes from ``seed`` and the
``rng`` handed to ``choose``, so a game replays from its seeds.
"""
from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from explorer.engine.playout import uniform_policy
from explorer.engine.registry import Game, get_game

from .openspiel import load, replay, returns_of, state_from_engine


def _count(name: str, value, low: int = 1) -> int:
    """An int parameter (``"200"`` from a command line too), at least ``low``."""
    try:
        n = int(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        n = None
    if n is None or n != float(value) or n < low:
        raise TypeError(f"{name} must be an integer of at least {low}, got {value!r}")
    return n


def _number(name: str, value) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        x = -1.0
    if isinstance(value, bool) or not x >= 0:
        raise TypeError(f"{name} must be a number of at least 0, got {value!r}")
    return x


class EngineRollouts(mcts.Evaluator):
    """OpenSpiel's random-rollout evaluator, played on the engine state under the pyspiel one:
    uniform choices, chance drawn from its exact distribution, to the end of the game."""

    def __init__(self, rollouts: int, rng: random.Random):
        self.rollouts = rollouts
        self.rng = rng

    def evaluate(self, state):
        start, limit = state.engine_state, state.moves_left()
        total = np.zeros(state.num_players())
        for _ in range(self.rollouts):
            s, decisions = start, 0
            while not s.is_terminal() and decisions < limit:
                if s.is_chance_node():
                    s = s.apply(s.sample_chance(self.rng))
                else:
                    s = s.apply(uniform_policy(s, self.rng))
                    decisions += 1
            total += returns_of(s, state.num_players(), cut_off=not s.is_terminal())
        return total / self.rollouts

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class _ImperfectView:
    """A root state presented to ``ISMCTSBot`` as one of a game with imperfect information.

    The bot asserts its game's type says so; in a game with none, every information set is
    one state and the search works unchanged, so this view only answers ``get_game()`` with
    a game whose type says "imperfect" and passes everything else to the real state."""

    def __init__(self, state):
        self._state = state

    def __getattr__(self, name):
        return getattr(self._state, name)

    def get_game(self):
        return self

    def get_type(self):
        return self

    information = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    dynamics = pyspiel.GameType.Dynamics.SEQUENTIAL


class SearchPlayer:
    """One seat played by an OpenSpiel bot (see the module docstring)."""

    def __init__(self, name: str, game: Game, options, seat: int, seed: int, make_bot, hidden: bool):
        self.name = name
        self.seat = seat
        self.seed = seed
        self.engine_game = game
        self.spiel_game = load(game, options)
        self.make_bot = make_bot
        self.hidden = hidden
        self.history: list | None = None

    def inform_action(self, state, action) -> None:
        """Hear of one action applied to ``state`` (a player plays one game: make a new one for
        the next; a history that does not lead to the state to choose at is refused there)."""
        if self.history is None:
            self.history = []
        self.history.append(action)

    def _root(self, state):
        if not self.hidden:
            return state_from_engine(self.spiel_game, state)
        if self.history is None and state == self.spiel_game.initial:
            self.history = []
        root = replay(self.spiel_game, self.history) if self.history is not None else None
        if root is None or root.engine_state != state:
            raise ValueError(
                f"{self.name} on {self.engine_game.name} needs the game so far (it has hidden "
                f"information): call inform_action(state, action) for every action applied, "
                f"chance included, before asking the player to choose")
        return root

    def choose(self, state, rng: random.Random):
        if state.current_player != self.seat:
            raise ValueError(f"{self.name} plays seat {self.seat}, but seat {state.current_player} is to move")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self._root(state)
        draw = random.Random(f"{self.seed}/{rng.getrandbits(64)}")
        bot = self.make_bot(self.spiel_game, draw)
        if isinstance(bot, ismcts.ISMCTSBot) and not self.hidden:
            root = _ImperfectView(root)
        action_id = bot.step(root)
        return self.spiel_game.ids.decode(int(action_id), state=state)


def make_mcts(game: Game | str, options, seat: int, seed: int, *, iterations=100, rollouts=1,
              uct_c=1.4) -> SearchPlayer:
    """OpenSpiel's ``MCTSBot`` for ``seat`` (games without hidden information only)."""
    g = get_game(game) if isinstance(game, str) else game
    if g.hidden_variants is not None:
        raise ValueError(f"MCTS searches the real state, and {g.name} has hidden information: "
                         f"use ismcts for it")
    iterations, rollouts, uct_c = _count("iterations", iterations), _count("rollouts", rollouts), _number("uct_c", uct_c)

    def make_bot(spiel_game, draw):
        return mcts.MCTSBot(spiel_game, uct_c, iterations, EngineRollouts(rollouts, draw),
                            solve=False, random_state=np.random.RandomState(draw.getrandbits(32)))

    return SearchPlayer(f"mcts(iterations={iterations})", g, options, seat, seed, make_bot, hidden=False)


def make_ismcts(game: Game | str, options, seat: int, seed: int, *, iterations=100, rollouts=1,
                uct_c=1.4, worlds=10) -> SearchPlayer:
    """OpenSpiel's ``ISMCTSBot`` for ``seat`` (any game)."""
    g = get_game(game) if isinstance(game, str) else game
    iterations, rollouts, uct_c = _count("iterations", iterations), _count("rollouts", rollouts), _number("uct_c", uct_c)
    worlds = _count("worlds", worlds)

    def make_bot(spiel_game, draw):
        bot = ismcts.ISMCTSBot(spiel_game, EngineRollouts(rollouts, draw), uct_c, iterations,
                               max_world_samples=worlds,
                               random_state=np.random.RandomState(draw.getrandbits(32)))
        bot.set_resampler(lambda state, player: state.resample(player, draw))
        return bot

    return SearchPlayer(f"ismcts(iterations={iterations})", g, options, seat, seed, make_bot,
                        hidden=g.hidden_variants is not None)
