"""The ``strong`` player: information-set Monte Carlo tree search
(:class:`explorer.engine.search.Search`) in worlds the seat cannot tell from the real one.

:func:`explorer.players.make_player` makes it from a ``strong`` spec, whose parameters are a
:class:`~explorer.engine.search.Settings` over the game's own ``Game.strong_defaults``; here is the
player itself, which hears the game as it goes, draws and carries its worlds, and runs one search a
decision (the search itself is the engine's: :mod:`explorer.engine.search`).

- **Worlds.**  In a game with hidden information each iteration plays in a *world*, a history the
  seat cannot tell from the real one drawn by the game's honest sampler
  (:mod:`explorer.engine.infoset`, ``Game.hidden_variants.sampler``): ``worlds`` of them are drawn
  per decision and the iterations take them in turn.  A game with nothing hidden has one world, the state itself.
  The last search's worlds go on under the actions heard since (:meth:`StrongPlayer._carry`, a
  particle filter on the sampler's own model: the seat's own actions as they were, another seat's
  choice drawn among the options that read the same to the seat, a chance outcome the seat knows as
  it was and any other drawn by the world's own chances and kept only when it reads as the game's
  did), each kept when the seat reads in it what it read in the game, and only the missing ones are
  drawn: a draw replays the whole history (Conspiracy: about 0.1 s a world late in a game), so a
  game may have the search play ``draw_every`` iterations in the worlds it holds before it draws
  one more.
- **Budget.**  A ``budget`` is a ceiling on everything a decision does, up to a step of work: the
  carrying of the worlds, the sampler's following of the game (its reading of every state heard
  since, :meth:`explorer.engine.infoset.Sampler.extending`), a draw's forward pass, replays and
  carrying, and the iterations (:meth:`explorer.engine.search.Search.run`) all run a step at a time
  and look at the CPU clock between steps.  A draw not done when
  the decision's time is up pauses and goes on at the seat's next decision (:class:`_Drawing`), its
  world then carried from the history it began at; while the search holds a world draws take at
  most ``draw_share`` of the budget; a world still being carried when that share is spent is
  dropped; and a decision that holds no world when its time is up takes the playout policy's
  choice.  ``python -m explorer.budget_bench`` measures the CPU time per decision over whole games.
- **What the seat cannot tell apart.**  The search reads the real history only as the seat read it:
  its observation, each step's description and events as told to it, its own actions, and which
  pieces the game's token model says it sees (a chance outcome naming no piece it does not see is
  public).  So, exactly: with a fixed number of ``iterations``, the probability of each choice (over
  the player's generator) is the same in every history the seat cannot tell apart, on the sampler's
  model.  With one fixed generator the choice itself may differ between two such histories: the
  sampler turns the generator's numbers into a world through the real history's own actions and
  pieces (the same distribution, another mapping; an audit found 2 of 27 Take Off, Eh! pairs
  choosing differently, the sampler's frequencies agreeing, chi-squared p 0.97 and 0.95).  Under a
  ``budget`` the number of iterations follows the CPU clock, and work on the real history (the
  sampler's passes) may take longer in one such history than in another, so there even the
  probabilities may differ, through the timing alone.  tests/test_players.py checks equal choices
  for fresh players told each history at once, where they hold in the cases it tries.
"""
from __future__ import annotations

import gc
import random
import time
from typing import TYPE_CHECKING
from collections.abc import Callable, Generator

from explorer.engine.errors import IllegalMove
from explorer.engine.infoset import _events, finish
from explorer.engine.search import Search, Settings, decision_rng, needs_history, own_turn
from explorer.engine.state import CHANCE

if TYPE_CHECKING:
    from explorer.engine.infoset import Sampler


def _same_reading(world, words: str, viewer: int, rng: random.Random):
    """An action of ``world`` that reads ``words`` to ``viewer``, or None when there is none: another
    seat's option uniformly among those that read the same; at a chance step an outcome drawn by the
    world's own chances, kept only when it reads ``words`` -- so the world survives with the chance
    it gives to what the seat read (a rejection step of the particle filter: nothing here looks at
    the real state)."""
    if world.current_player == CHANCE:
        outcomes = world.chance_outcomes()
        x = rng.random()
        b = outcomes[-1][0]
        for outcome, p in outcomes:
            x -= float(p)
            if x < 0:
                b = outcome
                break
        return b if world.describe(b, viewer) == words else None
    same = [b for b in world.legal_actions() if world.describe(b, viewer) == words]
    return same[rng.randrange(len(same))] if same else None


class StrongPlayer:
    """The ``strong`` player of one seat: a :class:`~explorer.engine.search.Search` per decision,
    in worlds the seat cannot tell from the real one.

    In a game with hidden information a state alone does not say what the seat was told on the
    way, so the player must hear the game as it goes: ``inform_action(state, action)`` for every
    action applied, chance outcomes included (the lab and :func:`explorer.players.inform` do so).
    Its sampler of worlds follows the game (:meth:`explorer.engine.infoset.Sampler.extend`).
    ``seed`` is the player's own; each decision's search draws from it and from the ``rng`` handed
    to :meth:`choose`.  ``policy(state, seat, rng)`` plays the playouts (the game's
    ``Game.sensible``; None: uniformly at random)."""

    def __init__(self, game, seat: int, seed: int, policy: Callable | None, settings: Settings,
                 name: str = "strong"):
        self.game, self.seat, self.seed, self.settings, self.name = game, seat, seed, settings, name
        self.policy = policy
        self.hidden = game.hidden_variants
        self._states: list = []       # the state before each action heard
        self._actions: list = []
        self._sampler: Sampler | None = None
        self._extending = False       # the sampler is following the game (a draw paused in it)
        self._carried: list = []      # the worlds of the last search, and how many actions were heard then
        self._heard = 0
        self._drawing: Generator | None = None          # a draw of a world paused at the end of a decision, and
        self._drawing_at = 0          # how many actions were heard when it began
        self._present = None          # the state of the decision being made
        self.last_iterations = 0

    def inform_action(self, state, action) -> None:
        """Hear of one action applied to ``state`` (a player plays one game)."""
        self._states.append(state)
        self._actions.append(action)

    def _check_history(self, state) -> None:
        actions = self._actions
        if (self._states[-1].apply(actions[-1]) if actions else self.game.initial_state(state.options)) != state:
            raise needs_history(self.name, self.game.name)

    def _draw(self, state, rng: random.Random):
        """A draw of one world at the history heard so far, which led to ``state`` (a generator:
        :meth:`explorer.engine.infoset.Sampler.drawing`), the sampler following the game first (its forward pass
        made a little at a time too)."""
        states, actions = self._states + [state], list(self._actions)
        if self._sampler is None or self._extending:
            # a first sampler, or one whose following of the game a failed draw left half made
            self._sampler = self.hidden.sampler(states[:1], [], self.seat, lazy=True)
        if len(self._sampler.actions) < len(actions):
            self._extending = True
            yield from self._sampler.extending(states, actions, lazy=True)
            self._extending = False
        _, drawn = yield from self._sampler.drawing(rng)
        world, at = drawn[-1], len(actions)
        while world is not None and at < len(self._actions):
            # drawn at an earlier decision: carried to the present a step at a time too
            present, heard = self._present, len(self._actions)
            kept = yield from self._carrying([world], at, present, rng)
            world, at = (kept[0] if kept else None), heard
        return world

    def _carry(self, state, rng: random.Random | None = None) -> list:
        """The last search's worlds carried over the actions heard since (a particle filter on the
        sampler's own model, reading nothing of the real state that the seat is not shown): the
        seat's own actions are applied as they were; another seat's choice is drawn uniformly among
        the world's options that read to the seat as the game's did (the sampler's model of other
        players); a chance outcome the seat knows (:meth:`_public`) is applied as it was; any other
        chance step is drawn by the world's own chances and the world kept only when the outcome
        reads to the seat as the game's did (so a world survives with the chance it gives to what
        the seat read: a rejection step, exact on the sampler's model).  A world is kept when the
        seat reads in it, step by step, what it read in the game (the sampler's own rejection test)
        and ends with the game's observation; an illegal step drops it."""
        worlds, start = self._carried, self._heard
        self._carried = []
        return self._carry_worlds(worlds, start, state, rng)

    def _carry_worlds(self, worlds: list, start: int, state, rng: random.Random | None = None) -> list:
        """``worlds`` of the history of the first ``start`` actions heard, carried to ``state`` (see
        :meth:`_carry`)."""
        return finish(self._carrying(worlds, start, state, rng or random.Random(0)))

    def _carrying(self, worlds: list, start: int, state, rng: random.Random, until: float | None = None):
        """:meth:`_carry_worlds` a step at a time (a generator yielding after each step of each world;
        it returns the worlds kept).  With ``until``, a world not carried when the CPU clock reaches
        it is dropped, and the rest with it: which ones depends on the clock, not on what they hold."""
        v = self.seat
        out: list = []
        if not worlds:
            return out
        steps = []
        # not strict: with nothing heard since ``start`` there is no step, though ``afters`` holds the present
        afters = self._states[start + 1:] + [state]
        for s, a, after in zip(self._states[start:], self._actions[start:], afters, strict=False):
            own = s.current_player == v
            public = own or (s.current_player == CHANCE and self._public(s, a, after))
            steps.append((a, public, None if own else s.describe(a, v), _events(after, v)))
            yield
        seen = state.observation(v)
        clock = time.process_time
        for w in worlds:
            try:
                for a, public, words, told in steps:
                    if until is not None and clock() >= until:
                        return out
                    if not public and words is not None:       # (not public: not the seat's own)
                        a = _same_reading(w, words, v, rng)
                        if a is None:
                            break
                    elif words is not None and w.describe(a, v) != words:
                        break
                    w = w.apply(a)
                    if _events(w, v) != told:
                        break
                    yield
                else:
                    if w.observation(v) == seen:
                        out.append(w)
            except IllegalMove:
                pass
        return out

    def _public(self, s, a, after) -> bool:
        """Whether the seat knows which outcome the chance step ``a`` at ``s`` was: it names no piece
        the seat does not see there or after it, and the game counts it among no secret steps (the
        honest sampler's own reading: a chance outcome no unseen piece names is public, kept as it
        was).  Read from what the seat is shown, not from which piece it was."""
        spec = self.hidden
        if spec.secret is not None and spec.secret([s, after], [a], self.seat):
            return False
        if spec.named is None or spec.tokens is None:
            return False
        items = spec.named(a, s)
        if not items:
            return True
        before, later = spec.tokens(s, self.seat), spec.tokens(after, self.seat)
        return all((x in before and before[x][2]) or (x in later and later[x][2]) for x in items)

    def choose(self, state, rng: random.Random):
        """The search's choice at ``state``.  The cyclic garbage collector is paused while it runs and
        collects only the young generations at its end: a full collection walks every object the
        samplers' passes keep (Conspiracy late in a game: a tenth of a second or more), which no
        budget of a twentieth of a second holds."""
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._choose(state, rng)
        finally:
            if paused:
                gc.collect(1)
                gc.enable()

    def _choose(self, state, rng: random.Random):
        began = time.process_time()     # the budget covers everything below
        legal = own_turn(self.name, self.seat, state)
        if len(legal) == 1:
            return legal[0]
        if self.hidden is not None:
            self._check_history(state)
        search = Search(self.seat, state.players, self.policy, self.settings.value or self.game.evaluate,
                        self.settings)
        draws = decision_rng(self.seed, rng)
        # the policy's own choice reads only the seat's observation (its hidden-information test)
        default = self.policy(state, self.seat, draws) if self.policy is not None else None
        if self.hidden is None:
            choice = search.run(list(legal), lambda _: state, draws, default, began=began)
        else:
            self._present = state
            share = None if self.settings.budget is None else began + self.settings.budget * self.settings.draw_share
            worlds = finish(self._carrying(self._carried, self._heard, state, draws, share))
            choice = search.run(list(legal), None, draws, default, worlds, _Drawing(self, state, draws), began)
            self._carried, self._heard = worlds, len(self._actions)
        self.last_iterations = search.iterations
        return choice


class _Drawing:
    """Where a :class:`StrongPlayer`'s search gets its worlds in a decision: the player's draw of
    one world goes on from where the last decision paused it (or begins, at the history heard now,
    with a generator of its own seeded from this decision's), runs until the CPU clock reaches the
    time it is given, and pauses there again.  A draw that began at an earlier decision is a world
    of that history: it is carried to the present (:meth:`StrongPlayer._carry_worlds`) and may be
    lost there, like any carried world."""

    def __init__(self, player: StrongPlayer, state, rng: random.Random):
        self.player, self.state, self.rng = player, state, rng

    def work(self, until: float | None):
        """A world at ``state``, or None: the clock reached ``until`` first (the draw is paused), or
        the world drawn was lost on its way to the present."""
        p, clock = self.player, time.process_time
        if p._drawing is None:
            p._drawing, p._drawing_at = p._draw(self.state, random.Random(self.rng.getrandbits(64))), len(p._actions)
        try:
            while True:
                next(p._drawing)
                if until is not None and clock() >= until:
                    return None
        except StopIteration as done:
            p._drawing = None
            return done.value
        except BaseException:
            p._drawing = None           # a draw that failed is not resumed
            raise
