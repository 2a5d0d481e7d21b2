"""Information-set Monte Carlo tree search for any registered game: the search the ``strong``
player (:mod:`explorer.strong`) runs at each of its decisions.

One search per decision, from what the deciding seat may know and nothing else.  :class:`Search`
plays its iterations in *worlds*, histories the seat cannot tell from the real one, taking them in
turn: the player draws them with the game's honest sampler and carries them from one decision to
the next (:mod:`explorer.strong`); a game with nothing hidden has one world, the state itself.  It
holds at most ``worlds`` of them, and a game whose draws cost more than a playout may have it play
``draw_every`` iterations in the worlds it holds before it draws one more.

- **Budget.**  A ``budget`` is a ceiling on everything a decision does (the player's part of it:
  :mod:`explorer.strong`): the search's draws of worlds and its iterations run a step at a time and
  look at the CPU clock between steps; while it holds a world, draws take at most ``draw_share`` of
  the budget; a playout still running when the time is up is cut there; and a decision that holds
  no world when its time is up takes the playout policy's choice.
- **Tree.**  One tree of decisions keyed by the actions taken from the root (single-observer
  IS-MCTS, Cowling, Powley and Whitehouse 2012): a node's children are the actions chosen there in
  any world, each counting how often it was *available* as well as chosen, and UCB1 picks among the
  actions legal in the current world with ``sqrt(ln(available) / visits)`` as exploration.  Chance
  outcomes are drawn (``sample_chance``) and do not branch the tree (open loop); a step with one
  legal action does not either.
- **Playouts.**  From the new leaf every seat plays its game's ``sensible`` policy (or uniformly at
  random: ``playout="random"``) for at most ``depth`` decisions, in place on one copy of the world
  (a budgeted search's playout is cut where its time runs out).
- **Values.**  A finished game is worth 1 shared among its winners; a cut-off one is scored by the
  game's ``evaluate(state, seat)`` (or the search-specific ``value`` its ``Game.strong_defaults``
  name) for every seat: each seat's margin over the best other seat (a solo player's own
  evaluation), squashed to 0..1 by ``tanh(margin / scale)`` where ``scale`` is the mean absolute
  margin the search has met so far this decision (no game needs a hand-set unit).
- **Choice.**  The most visited of the root's actions (ties: the first listed), unless the playout
  policy's own choice at the root (tried first, and kept when no world reached it) has a mean value
  within ``confidence`` standard errors of it: a
  search of a few hundred playouts tells apart only actions that differ a lot, and between the
  others the policy's choice is the better bet.

Everything random comes from the generator the search is built with, so a game replays from its
seeds when the search runs a fixed number of ``iterations``; a ``budget`` plays as many as fit,
which does not replay.  The budget is CPU seconds of this process (:func:`time.process_time`): on a
quiet machine the same as the clock's, and on a shared one a search gets the work it was promised
whatever else runs (the OpenSpiel ``ismcts:budget=`` counts the same way, so the two compare at
equal time).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from .state import CHANCE, TERMINAL

#: the exploration constant of UCB1 for values in 0..1
UCB_C = 0.7


@dataclass(frozen=True)
class Settings:
    """How long and how a search runs (see the module docstring).  Exactly one of ``iterations``
    and ``budget`` (CPU seconds) bounds it."""

    iterations: int | None = None
    budget: float | None = 0.5
    depth: int = 20
    worlds: int = 16
    c: float = UCB_C
    playout: str = "sensible"
    confidence: float = 1.0
    #: iterations a search plays in the worlds it holds before it draws one more (1: a world per
    #: iteration up to ``worlds``); a game whose draws cost more than a playout sets more
    draw_every: int = 1
    #: the share of a ``budget`` a decision may spend drawing worlds while it holds one (with none
    #: it may spend all of it); a draw not done by then is paused and goes on at the next decision
    draw_share: float = 0.5
    #: ``value(state, seat)`` scoring a cut-off playout in place of the game's ``evaluate`` (a
    #: game's ``strong_defaults`` may name a search-specific one; the same contract: what the seat may know)
    value: Callable | None = None


class Node:
    """One decision reached from the root: its visits, each seat's summed value, how often it was
    available when its parent chose, and its children by action."""

    __slots__ = ("visits", "value", "available", "children")

    def __init__(self, seats: int):
        self.visits = 0
        self.value = [0.0] * seats
        self.available = 0
        self.children: dict[Any, Node] = {}


def _copy(state):
    """A fresh state equal to ``state`` that the search may advance in place (a
    :class:`.machine.PhasedState` shares its containers between copies and its rules replace
    them, never change them)."""
    s = object.__new__(state.__class__)
    s.__dict__ = state.__dict__.copy()
    return s


class Search:
    """The search of one seat (see the module docstring).

    ``policy(state, seat, rng)``: the playout policy (a game's ``Game.sensible``);
    ``evaluate(state, seat)``: the game's evaluation; ``seats``: the number of players."""

    def __init__(self, seat: int, seats: int, policy: Callable | None, evaluate: Callable | None,
                 settings: Settings):
        self.seat, self.seats, self.policy, self.evaluate = seat, seats, policy, evaluate
        self.settings = settings
        self.iterations = 0           # of the last search
        self._scale_sum = 0.0
        self._scale_n = 0
        self._default: Any = None
        self._deadline: float | None = None         # a budgeted search's: a playout running past it is cut there

    def run(self, legal: list, draw_world: Callable[[random.Random], Any] | None, rng: random.Random,
            default=None, worlds: list | None = None, source=None, began: float | None = None):
        """The chosen action among ``legal`` (the seat's own options), searching in ``worlds``
        (worlds already drawn, if any; the list is filled up to ``Settings.worlds``) and in more
        drawn by ``draw_world(rng)``, or by ``source.work(until)`` (a world, or None when the CPU
        clock reached ``until`` first or the world it drew was lost: :class:`explorer.strong._Drawing`); ``default``
        (the playout policy's own choice) is kept unless the search finds another clearly better
        (:meth:`_choice`), and taken when the budget ran out before a world was drawn.  ``began``:
        when the decision's clock started (the budget counts from there; default: now)."""
        s = self.settings
        root = Node(self.seats)
        self._scale_sum, self._scale_n = 0.0, 0
        self._default = default
        worlds = [] if worlds is None else worlds
        clock = time.process_time
        began = clock() if began is None else began
        deadline = None if s.budget is None else began + s.budget
        # while the search holds a world, drawing more may take this much of the budget
        share = None if s.budget is None else began + s.budget * s.draw_share
        self._deadline = deadline
        n = 0
        while True:
            if s.iterations is not None:
                if n >= s.iterations:
                    break
            elif n:
                assert deadline is not None     # no iterations: the budget bounds the search
                if clock() >= deadline:
                    break
            if len(worlds) < s.worlds and n >= len(worlds) * s.draw_every:
                if source is None:
                    assert draw_world is not None       # worlds come from draw_world or from source
                    worlds.append(draw_world(rng))
                else:
                    until = deadline if not worlds else share
                    if until is None or clock() < until or not worlds:     # with none, a draw always goes on
                        world = source.work(until)
                        if world is not None:
                            worlds.append(world)
            if not worlds:
                if deadline is not None and clock() >= deadline:
                    break                       # out of time before a world was drawn
                continue
            self._iterate(root, _copy(worlds[n % len(worlds)]), rng)
            n += 1
        self.iterations = n
        if not n:
            return default if default is not None else legal[rng.randrange(len(legal))]
        return self._choice(root, legal, default)

    def _choice(self, root: Node, legal: list, default):
        """The most visited root action; but the ``default`` when its mean value is within
        ``confidence`` standard errors of that action's (values in 0..1: a mean m of n visits has
        a variance of at most m(1 - m)/n).  A few hundred playouts tell apart only actions that
        differ a lot; between the others the policy's own choice is the better bet."""
        best, most = legal[0], -1
        for a in legal:
            child = root.children.get(a)
            if child is not None and child.visits > most:
                best, most = a, child.visits
        if default is None or best == default:
            return best
        mine = root.children.get(default)
        if mine is None:            # the search met it in no world: nothing says another is better
            return default
        top = root.children[best]
        m1, m2 = top.value[self.seat] / top.visits, mine.value[self.seat] / mine.visits
        spread = math.sqrt(m1 * (1 - m1) / top.visits + m2 * (1 - m2) / mine.visits)
        return best if m1 - m2 > self.settings.confidence * spread else default

    # -- one iteration -------------------------------------------------------------------------------
    def _iterate(self, root: Node, state, rng: random.Random) -> None:
        path = [root]
        node = root
        c = self.settings.c
        log = math.log
        sqrt = math.sqrt
        while True:
            player = state.player
            if player == TERMINAL:
                return self._back(path, self._finished(state))
            if player == CHANCE:
                state.advance(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.advance(legal[0])
                continue
            children = node.children
            untried = []
            best, top = None, -1.0
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.available += 1
                if not untried:
                    v = child.value[player] / child.visits + c * sqrt(log(child.available) / child.visits)
                    if v > top:
                        best, top = a, v
            if untried:
                if node is root and self._default in untried:
                    a = self._default           # the policy's own choice is tried first
                else:
                    a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[a] = Node(self.seats)
                child.available = 1
                path.append(child)
                state.advance(a)
                return self._back(path, self._playout(state, rng))
            node = children[best]
            path.append(node)
            state.advance(best)

    def _playout(self, state, rng: random.Random) -> list[float]:
        """Play on from ``state`` (in place) for at most ``depth`` decisions; its value per seat."""
        depth = self.settings.depth
        policy = self.policy
        deadline, clock = self._deadline, time.process_time
        decisions = 0
        while True:
            player = state.player
            if player == TERMINAL:
                return self._finished(state)
            if player == CHANCE:
                state.advance(state.sample_chance(rng))
                continue
            if decisions >= depth or (deadline is not None and clock() >= deadline):
                return self._cut(state)
            legal = state.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            elif policy is None:
                a = legal[rng.randrange(len(legal))]
            else:
                a = policy(state, player, rng)
            state.advance(a)
            decisions += 1

    def _finished(self, state) -> list[float]:
        winners = state.result().winners
        if not winners:
            return [1.0 / self.seats] * self.seats
        share = 1.0 / len(winners)
        return [share if q in winners else 0.0 for q in range(self.seats)]

    def _cut(self, state) -> list[float]:
        if self.evaluate is None:
            return [1.0 / self.seats] * self.seats
        evals = [self.evaluate(state, q) for q in range(self.seats)]
        # a seat's margin over the best other seat (alone at the table: its own evaluation)
        out = [e - max((x for p, x in enumerate(evals) if p != q), default=0.0) for q, e in enumerate(evals)]
        self._scale_sum += sum(abs(m) for m in out)
        self._scale_n += len(out)
        scale = self._scale_sum / self._scale_n or 1.0
        return [0.5 + 0.5 * math.tanh(m / scale) for m in out]

    @staticmethod
    def _back(path: list[Node], values: list[float]) -> None:
        for node in path:
            node.visits += 1
            v = node.value
            for q, x in enumerate(values):
                v[q] += x


def own_turn(name: str, seat: int, state) -> list:
    """The legal actions of ``state``, where ``seat`` (played by the search player ``name``) is
    to move; a ValueError otherwise."""
    if state.current_player != seat:
        raise ValueError(f"{name} plays seat {seat}, but seat {state.current_player} is to move")
    return state.legal_actions()


def decision_rng(seed: int, rng: random.Random) -> random.Random:
    """A search player's generator for one decision: its own ``seed`` and a draw from the ``rng``
    the game hands it (so every game, and every decision, searches differently)."""
    return random.Random(f"{seed}/{rng.getrandbits(64)}")


def needs_history(name: str, game: str) -> ValueError:
    """The error of a search player in a game with hidden information that was not told the game."""
    return ValueError(f"{name} on {game} needs the game so far (it has hidden information): call "
                      f"inform_action(state, action) for every action applied, chance included, before "
                      f"asking the player to choose")
