"""OpenSpiel's MCTS and IS-MCTS as players of any registered game, through the adapter.

Two factories with the signature :mod:`explorer.players` calls (``params`` may come from a
command line as strings, ``"200"``)::

    make_mcts(game, options, seat, seed, iterations=100, rollouts=1, uct_c=1.4)
    make_ismcts(game, options, seat, seed, iterations=100, rollouts=1, uct_c=1.4, worlds=10, budget=None)

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
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from explorer.engine.playout import uniform_policy
from explorer.engine.registry import Game, get_game
from explorer.engine.search import decision_rng, needs_history, own_turn

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
            raise needs_history(self.name, self.engine_game.name)
        return root

    def choose(self, state, rng: random.Random):
        legal = own_turn(self.name, self.seat, state)
        if len(legal) == 1:
            return legal[0]
        root = self._root(state)
        draw = decision_rng(self.seed, rng)
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
    iterations, rollouts = _count("iterations", iterations), _count("rollouts", rollouts)
    uct_c = _number("uct_c", uct_c)

    def make_bot(spiel_game, draw):
        return mcts.MCTSBot(spiel_game, uct_c, iterations, EngineRollouts(rollouts, draw),
                            solve=False, random_state=np.random.RandomState(draw.getrandbits(32)))

    return SearchPlayer(f"mcts(iterations={iterations})", g, options, seat, seed, make_bot, hidden=False)


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot`` searching for ``budget`` seconds a decision instead of a number of
    simulations (to compare it with the ``strong`` player at equal time): its ``run_search`` with
    the loop bounded by the CPU time of this process, as the ``strong`` player's budget is
    (:mod:`explorer.engine.search`), at least two simulations."""

    def __init__(self, *args, budget: float, **kwargs):
        super().__init__(*args, **kwargs)
        self._budget = budget

    def run_search(self, state):
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.process_time() + self._budget
        done = 0
        # at least two: the first simulation only expands the root (no visit counted yet)
        while done < 2 or time.process_time() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        return self.get_final_policy(state, self._root_node)


def make_ismcts(game: Game | str, options, seat: int, seed: int, *, iterations=None, rollouts=1,
                uct_c=1.4, worlds=10, budget=None) -> SearchPlayer:
    """OpenSpiel's ``ISMCTSBot`` for ``seat`` (any game): ``iterations`` simulations a decision
    (100 by default), or as many as ``budget`` seconds allow (which does not replay from a seed)."""
    g = get_game(game) if isinstance(game, str) else game
    if iterations is not None and budget is not None:
        raise TypeError("give ismcts a budget (seconds) or a number of iterations, not both")
    rollouts, uct_c, worlds = _count("rollouts", rollouts), _number("uct_c", uct_c), _count("worlds", worlds)
    if budget is not None:
        budget = _number("budget", budget)
        if not budget > 0:
            raise TypeError(f"budget must be a number of seconds more than 0, got {budget!r}")
    iterations = _count("iterations", 100 if iterations is None else iterations)

    def make_bot(spiel_game, draw):
        args = (spiel_game, EngineRollouts(rollouts, draw), uct_c, iterations)
        kwargs = dict(max_world_samples=worlds, random_state=np.random.RandomState(draw.getrandbits(32)))
        bot = (ismcts.ISMCTSBot(*args, **kwargs) if budget is None
               else TimedISMCTSBot(*args, budget=budget, **kwargs))
        bot.set_resampler(lambda state, player: state.resample(player, draw))
        return bot

    bound = f"iterations={iterations}" if budget is None else f"budget={budget:g}"
    return SearchPlayer(f"ismcts({bound})", g, options, seat, seed, make_bot,
                        hidden=g.hidden_variants is not None)
