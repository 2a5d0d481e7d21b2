"""Random playouts: the uniform-random policy over legal actions, chance sampled from a
seeded RNG.  Used by the simulation command, the benchmarks and the random-simulation
tests that every game must pass."""
from __future__ import annotations

import random
from itertools import count
from collections.abc import Callable

from .actions import Action
from .machine import _CLEARED, PhasedState
from .record import GameRecord
from .registry import get_game
from .state import CHANCE, TERMINAL


def uniform_policy(state, rng: random.Random):
    """Pick one of the legal actions, each equally likely.

    The index is drawn exactly as ``rng.choice`` and ``rng.randrange(len(actions))`` draw
    it (``getrandbits`` of the length's bit length until below the length), inline: the
    same games for the same seeds, without two interpreted calls per decision.
    :func:`_advance_uniformly` (random playouts that advance in place) draws the same way,
    written out in its loop."""
    legal = state.legal_actions()
    n = len(legal)
    if not n:
        raise IndexError("no legal action to choose from")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return legal[r]


def draw_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, the index ``rng.choice`` of ``n`` items draws: the very same
    draws (``getrandbits`` of ``n``'s bit length until below ``n``), in one interpreted call
    instead of two or three, for a game's :meth:`sample_chance`.  ``n`` below 1 is a
    ValueError, as ``randrange`` gives."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        if n <= 0:
            raise ValueError(f"nothing to draw from ({n} outcomes)")
        r = rng.getrandbits(k)
    return r


def random_playout(game: str, options=None, seed: int = 0, policy: Callable = uniform_policy,
                   max_actions: int | None = None, on_state: Callable | None = None,
                   counts: dict | None = None):
    """Play one game to its end (or ``max_actions``).  Returns ``(record, final_state)``.
    With the uniform policy and no ``on_state``, the states are advanced in place
    (as :meth:`.machine.PhasedState.advance` does): the same game, without a copy per action.

    ``on_state(state)`` is called on every state reached, for invariant checks.  ``counts``
    (a dict), if given, gains the game's ``"decisions"`` (actions a player chose) and
    ``"chance"`` (chance outcomes drawn), counted without wrapping the policy."""
    g = get_game(game)
    state = g.initial_state(options)
    rng = random.Random(seed)
    actions: list[Action] = []
    played = actions.append
    chance = 0
    if on_state:
        on_state(state)
    # Nobody but this loop sees the states of a uniform-random playout with no callback:
    # each action is applied to the state itself, not to a copy.
    kind = state.__class__
    if on_state is None and policy is uniform_policy and issubclass(kind, PhasedState):
        chance = _advance_uniformly(state, rng, actions, max_actions)
    else:
        # ``current_player`` once a step says both whether the game is over and whether
        # chance moves (the contract's is_terminal() and is_chance_node() read it)
        while (player := state.current_player) != TERMINAL:
            if max_actions is not None and len(actions) >= max_actions:
                break
            if player == CHANCE:
                action = state.sample_chance(rng)
                chance += 1
            else:
                action = policy(state, rng)
            state = kind.apply(state, action)
            played(action)
            if on_state:
                on_state(state)
    if counts is not None:
        counts["decisions"] = counts.get("decisions", 0) + len(actions) - chance
        counts["chance"] = counts.get("chance", 0) + chance
    return GameRecord(game, state.options, seed, tuple(actions)), state


def _advance_uniformly(state, rng: random.Random, actions: list, max_actions: int | None) -> int:
    """:func:`random_playout`'s loop for the uniform policy with nobody watching: every
    action is applied to ``state`` itself and appended to ``actions``; the number of
    chance outcomes drawn is returned.  ``state`` is a :class:`.machine.PhasedState`, whose
    ``_legal`` holds the legal actions when a step listed them already.

    Three things are written out here instead of called, to save work per action:

    - the policy, :func:`uniform_policy` (the same draws from ``rng``), with the legal actions
      of a decision asked of the phase's own lister when the game names them
      (``PhasedState.LEGAL_AT``) instead of through ``legal_actions()``;
    - the step of :meth:`.machine.PhasedState.advance`, with what it looks up on the state
      found once: the caches dropped, the handler of the phase run, its events kept.  The
      check that the action was offered is not made, because every action here is one
      the state offered (drawn from its legal list, or by its ``sample_chance``), and the
      rules that made the list made every check already (OpenSpiel's ``apply_action`` does
      not check either);
    - the events: nobody reads the states between two steps, so one list gathers each
      step's events (emptied before the step), and the last step's become the state's
      ``events`` when the loop ends."""
    handlers = state.HANDLERS
    # the rules' own lister of each phase's decisions, when the game names them (PhasedState.LEGAL_AT)
    listers = state.LEGAL_AT
    compute = state.legal_actions             # (asked only when there is no LEGAL_AT table)
    cleared = _CLEARED[state.__class__]
    fields = state.__dict__         # the state is advanced in place: always this dict
    drop_caches = fields.update
    getrandbits = rng.getrandbits
    played = actions.append
    before = len(actions)
    events: list = []
    fields["_ev"] = events
    fields["_own"] = object()       # PhasedState._own: this playout's, unknown to anybody else
    new_step = events.clear
    chance = 0
    try:
        for _ in (count() if max_actions is None else range(max_actions)):
            player = state.player
            if player < 0:                          # CHANCE or TERMINAL
                if player == TERMINAL:
                    break
                action = state.sample_chance(rng)
                chance += 1
            else:
                legal = state._legal                # a step may have listed them
                if legal is None:
                    legal = compute() if listers is None else listers[fields["phase_"]](state)
                n = len(legal)
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:                       # with no action, r = 0 = n
                    if not n:
                        raise IndexError("no legal action to choose from")
                    r = getrandbits(k)
                action = legal[r]
            drop_caches(cleared)
            new_step()
            handlers[fields["phase_"]](state, action)
            played(action)
    finally:
        del fields["_ev"], fields["_own"]
    if len(actions) > before:
        fields["_events"] = tuple(events)
    return chance
