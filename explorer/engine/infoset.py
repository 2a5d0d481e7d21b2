"""Sampling a seat's information set honestly: histories the seat cannot tell from the real one,
drawn from their conditional distribution given everything the seat was told.

Every game with hidden information declares a :class:`HiddenInformation` (the ``hidden_variants`` of
its :class:`~explorer.engine.registry.Game`); the leak tests, IS-MCTS and the OpenSpiel adapter's
``resample_from_infostate`` all draw from it.  A game declares only what is its own:

- **tokens**: ``tokens(state, viewer) -> {item: (group, place, seen)}`` for every piece whose identity
  a seat may not see (Take Off, Eh!'s coins: group = suit, the face-down side is the value).  A
  ``place`` is where the piece lies as the seat tells places apart: a *set* place (a key tuple starting
  with ``"set"``: a bag, a shuffled supply, a hand whose order says nothing) holds pieces the seat
  cannot tell apart by position; any other key holds one piece.  ``seen``: the seat knows which piece
  it is now.  ``named(action, state)`` is the pieces an action names (a tuple, often empty) and
  ``rename(action, state, {piece: other piece})`` the same action naming others of their groups.
- **secret(states, actions, viewer)**: the steps at which another seat chose something the viewer was
  not shown and still has not been (an open round of secret choices, a card choice not yet turned up).

**What is drawn, and from which distribution.**  Pieces move between places as the history says
(which place to which is public: the seat sees a coin of that suit leave the bag for a hand).  When a
piece leaves a set place, which of the pieces there it was is drawn uniformly: for a draw from a bag
that *is* the rule (each piece in the bag equally likely); for another seat taking one of its unseen
pieces of a kind (Take Off, Eh!: "a suns coin" from its play area) it is the model of the other
players used here: *among options that read the same to the seat, each is equally likely*.  Open
secret choices are drawn the same way: uniformly among that seat's legal options that read the same
to the viewer.  A seat's public choices are taken as seen, not weighed by how likely another seat
was to make them (no model of how others play is assumed).  Under these rules every history the seat
cannot tell apart has the same prior weight (a draw's denominator, the number of pieces of the kind
in the place, is public), so the conditional distribution is uniform over them, and that is what is
drawn:

1. Per group, a forward pass over the history counts, for every arrangement of the unseen pieces'
   identities over the places, the ways the moves so far reach it consistently with everything the
   seat saw (a piece seen on arriving somewhere must be the piece it was); the backward pass then draws
   an arrangement and every move's choice from those counts (forward filtering, backward sampling).
   This is exact: each consistent assignment of identities to moves is drawn with equal probability.
2. Open secret choices are drawn uniformly among the options that read the same to the seat.
3. The history so made is replayed, and every word the seat reads on the way (each step's
   description, each event's text, the last observation) is compared with the real history's.
   A history that differs is refused and another drawn: this conditions on what the token model does
   not capture (Take Off, Eh!: that a seat holding only paid values shows its coins), and refusal keeps
   the draws uniform over what is left.

Limits, stated: the pieces of the first state lie in set places or are seen (a game deals by chance
steps after it); a chance outcome no token names is kept as it was (it was public: Take Off, Eh!'s
tiles); and a public choice whose number of legal options depends on hidden pieces (a bribe may not
repeat a paid value) is not weighed by it.  Conspiracy does not declare tokens yet: its sampler
still walks swaps of pieces the seat never saw (:class:`SwapWalk`, not honest,
``HiddenInformation.honest`` is False), and the statistical test covers the honest ones only.

A :class:`Sampler` is prepared once per (history, seat) (the forward pass), goes on with the game
(:meth:`Sampler.extend`) and draws as often as asked; :meth:`HiddenInformation.__call__` keeps the
older contract the leak tests use: it yields sampled histories that differ from the real one.
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable

from .errors import IllegalMove

#: histories drawn and refused in a row before the sampler gives up (a game whose token model misses
#: what a seat sees; the error says where)
MAX_REFUSED = 400


class SamplerError(RuntimeError):
    """The sampler could not draw a history the seat cannot tell from the real one."""


def _is_set(place) -> bool:
    return isinstance(place, tuple) and bool(place) and place[0] == "set"


def _canon(arrangement: dict) -> tuple:
    return tuple(sorted((p, tuple(sorted(v))) for p, v in arrangement.items() if v))


@dataclass(frozen=True)
class HiddenInformation:
    """What a game declares about its hidden information (see the module docstring)."""

    tokens: Callable[[Any, int], dict] | None = None
    named: Callable[[Any, Any], tuple] | None = None
    rename: Callable[[Any, Any, dict], Any] | None = None
    secret: Callable[[list, list, int], list[int]] | None = None
    #: NOT honest, for a game not yet declared as above: ``swaps(states, actions, viewer, rng,
    #: tries)`` yields histories differing by swaps of pieces the seat never saw, and the sampler
    #: walks a few of them from the real history (see :class:`SwapWalk`)
    swaps: Callable | None = None

    @property
    def honest(self) -> bool:
        return self.swaps is None

    def sampler(self, states, actions, viewer: int) -> "Sampler":
        """The sampler of ``viewer``'s information set at the end of ``actions`` (``states``: the
        states along them, ``len(actions) + 1`` of them)."""
        if self.swaps is not None:
            return SwapWalk(self.swaps, list(states), list(actions), viewer)
        return Sampler(self, list(states), list(actions), viewer)

    def __call__(self, states, actions, viewer: int, rng: random.Random, tries: int = 4):
        """Up to ``tries`` histories ``viewer`` cannot tell from ``actions``, each drawn by the
        sampler, that differ from it (none when nothing hidden can differ)."""
        if self.swaps is not None:
            yield from self.swaps(states, actions, viewer, rng, tries)
            return
        states = list(states[:len(actions) + 1])
        sampler = self.sampler(states, actions, viewer)
        got = 0
        for _ in range(4 * tries):
            other, _ = sampler.sample(rng)
            if other != list(actions):
                yield other
                got += 1
                if got >= tries:
                    return


class _Group:
    """The forward pass of one group of tokens (see the module docstring, step 1), step by step."""

    def __init__(self, start: dict):
        self.final = {_canon(start): 1}     # arrangement of the unseen pieces -> ways to reach it
        self.edges = []                     # per step: None (nothing moved) or
        #                                     {arrangement after: [(arrangement before, choice, ways)]}

    def add(self, moves, added) -> None:
        """One more step: ``moves`` [(source place, [(destination, seen after, piece)])], ``added``
        [(place, piece)] (seen pieces the seat no longer tells apart)."""
        if not moves and not added:
            self.edges.append(None)
            return
        edges, nxt = defaultdict(list), defaultdict(int)
        for arr, count in self.final.items():
            for after, choice in self._moves(dict(arr), moves, added):
                edges[after].append((arr, choice, count))
                nxt[after] += count
        self.edges.append(edges)
        self.final = dict(nxt)

    @staticmethod
    def _moves(arr, moves, added):
        """Every arrangement reached from ``arr`` by ``moves``, with the choice made (per move
        source, the pieces sent to each destination group), each choice once.  Every source gives
        from what it held before the step, so pieces moving along a row never meet themselves."""
        partial = [((), (), {})]            # (choice, arrivals, what each source keeps)
        for source, outs in moves:
            groups = defaultdict(list)
            for dest, seen, item in outs:
                groups[(dest, seen)].append(item)
            groups = sorted(groups.items(), key=repr)
            nxt = []
            for choice, arrivals, kept in partial:
                for picked in _pick(list(arr.get(source, ())), groups):
                    left = list(arr.get(source, ()))
                    for _, items in picked:
                        for x in items:
                            left.remove(x)
                    came = tuple((dest, x) for (dest, seen), items in picked if not seen for x in items)
                    nxt.append((choice + ((source, tuple((k, tuple(v)) for k, v in picked)),),
                                arrivals + came, {**kept, source: left}))
            partial = nxt
        for choice, arrivals, kept in partial:
            cur = {p: list(v) for p, v in arr.items()}
            cur.update(kept)
            for place, item in arrivals + tuple(added):
                cur.setdefault(place, []).append(item)
            yield _canon(cur), choice

    def draw(self, rng: random.Random):
        """One history's choices, step by step (None where nothing moved), drawn backward from
        the counts."""
        arr = _weighted(rng, list(self.final.items()))
        choices = [None] * len(self.edges)
        for t in range(len(self.edges) - 1, -1, -1):
            edges = self.edges[t]
            if edges is not None:
                arr, choices[t] = _weighted(rng, [((a, c), n) for a, c, n in edges[arr]])
        return choices

    @property
    def consistent(self) -> int:
        return sum(self.final.values())


def _pick(pool, groups):
    """Every way to give each destination group values from ``pool``: a seen group gets exactly
    its own (true) values, an unseen one any values of its size (as a set)."""
    if not groups:
        yield []
        return
    (key, values), rest = groups[0], groups[1:]
    dest, seen = key
    if seen:
        need = list(values)
        left = list(pool)
        for v in need:
            if v not in left:
                return
            left.remove(v)
        for more in _pick(left, rest):
            yield [(key, sorted(need))] + more
        return
    for combo in combinations(sorted(pool), len(values)):
        left = list(pool)
        for v in combo:
            left.remove(v)
        for more in _pick(left, rest):
            yield [(key, list(combo))] + more


def _weighted(rng, items):
    total = sum(w for _, w in items)
    if total <= 0:
        raise SamplerError("no history is consistent with what the seat saw (the token model "
                           "disagrees with the game)")
    r = rng.randrange(total)
    for x, w in items:
        r -= w
        if r < 0:
            return x
    raise AssertionError("unreachable")


class Sampler:
    """Histories a seat cannot tell from one real history (see the module docstring)."""

    def __init__(self, spec: HiddenInformation, states, actions, viewer: int):
        if len(states) != len(actions) + 1:
            raise ValueError(f"{len(actions)} actions need {len(actions) + 1} states, got {len(states)}")
        self.spec, self.viewer = spec, viewer
        self.states, self.actions = [states[0]], []
        self.tok = [spec.tokens(states[0], viewer)] if spec.tokens else []
        self.groups, self.named = {}, []
        if spec.tokens is not None:
            start = defaultdict(lambda: defaultdict(list))
            for item, (g, place, seen) in self.tok[0].items():
                if not seen:
                    start[g][place].append(item)
                else:
                    start[g]            # a group whose pieces are all seen still has its pass
            self.groups = {g: _Group(dict(places)) for g, places in sorted(start.items())}   # draws in one order
        self.drawn = self.refused = 0
        self._told = []
        self.extend(states, actions)

    def extend(self, states, actions) -> "Sampler":
        """The sampler of a longer history that starts with this one's (the forward pass goes on
        from where it was: a search player's sampler follows its game)."""
        n = len(self.actions)
        if len(states) != len(actions) + 1 or list(actions[:n]) != self.actions:
            raise ValueError("extend() takes a history that starts with the sampler's own")
        spec, viewer = self.spec, self.viewer
        for t in range(n, len(actions)):
            a, s, after = actions[t], states[t], states[t + 1]
            self.actions.append(a)
            self.states.append(after)
            if spec.tokens is None:
                continue
            now, nxt = self.tok[t], spec.tokens(after, viewer)
            self.tok.append(nxt)
            moves, added = defaultdict(lambda: defaultdict(list)), defaultdict(list)
            for item, (g, place, seen) in now.items():
                _, p2, seen2 = nxt[item]
                if seen:
                    if not seen2:
                        added[g].append((p2, item))
                elif p2 != place or seen2:
                    moves[g][place].append((p2, seen2, item))
            for g, grp in self.groups.items():
                grp.add(sorted(moves[g].items(), key=repr) if g in moves else [], added.get(g, []))
            self.named.append(tuple(spec.named(a, s)) if spec.named else ())
        self.secret = sorted(spec.secret(self.states, self.actions, viewer)) if spec.secret else []
        return self

    def consistent_counts(self) -> dict:
        """Per group: the number of assignments of identities consistent with what the seat saw."""
        return {g: grp.consistent for g, grp in self.groups.items()}

    # -- drawing ---------------------------------------------------------------------------------
    def _proposal(self, rng):
        actions = list(self.actions)
        if not self.groups:
            return actions
        choices = {g: grp.draw(rng) for g, grp in self.groups.items()}
        for t, items in enumerate(self.named):
            mapping = {}
            for item in items:
                g, place, seen = self.tok[t][item]
                if seen:
                    continue
                moved = [c for c in (choices[g][t] or ()) if c[0] == place]
                p2, seen2 = self.tok[t + 1][item][1], self.tok[t + 1][item][2]
                values = [v for _, picked in moved for (dest, s2), vs in picked if (dest, s2) == (p2, seen2)
                          for v in vs]
                if len(values) != 1:
                    raise SamplerError(f"step {t}: {self.actions[t]!r} names a piece the seat does not see, "
                                       f"but the token model cannot tell which piece played its part")
                mapping[item] = values[0]
            if mapping:
                actions[t] = self.spec.rename(actions[t], self.states[t], mapping)
        return actions

    def _told_real(self):
        """What the seat read at each real step: the action's words and the events' texts."""
        told, v = self._told, self.viewer
        for i in range(len(told), len(self.actions)):
            told.append((self.states[i].describe(self.actions[i], v), _events(self.states[i + 1], v)))
        return told

    def sample(self, rng: random.Random):
        """One history the seat cannot tell from the real one: ``(actions, states)``."""
        for _ in range(MAX_REFUSED):
            proposal = self._proposal(rng)
            states = self._replay(proposal, rng)
            self.drawn += 1
            if states is not None:
                return proposal, states
            self.refused += 1
        raise SamplerError(f"{MAX_REFUSED} histories drawn in a row were told apart from the real one by "
                           f"seat {self.viewer}: the game's hidden-information model misses something it sees")

    def _replay(self, actions, rng):
        """The states of ``actions`` (its open secret choices drawn on the way, in place), or None
        when a step is illegal or the seat would read anything differently."""
        told, v = self._told_real(), self.viewer
        secret = set(self.secret)
        first = next((i for i, (a, b) in enumerate(zip(actions, self.actions)) if a != b), len(actions))
        if secret:
            first = min(first, min(secret))
        states = list(self.states[:first + 1])
        state = states[-1]
        try:
            for i in range(first, len(actions)):
                if i in secret:
                    same = [b for b in state.legal_actions() if state.describe(b, v) == told[i][0]]
                    if not same:
                        return None
                    actions[i] = same[rng.randrange(len(same))]
                a = actions[i]
                if state.current_player != self.states[i].current_player or state.describe(a, v) != told[i][0]:
                    return None
                state = state.apply(a)
                if _events(state, v) != told[i][1]:
                    return None
                states.append(state)
        except IllegalMove:
            return None
        if actions != self.actions and states[-1].observation(v) != self.states[-1].observation(v):
            return None
        return states


def _events(state, viewer):
    return tuple(t for t in (e.text_for(viewer) for e in state.events) if t is not None)



class SwapWalk:
    """NOT an honest sampler: what a game has until it declares its hidden information as above.
    From the real history it walks ``STEPS`` steps, each to one of the histories the game's
    ``swaps`` offers (pieces the seat never saw swap names), and returns where it ends: it never
    moves a piece that was never named in the history (one still in a bag) and leans toward the
    real history, so a search using it partly sees what it should not."""

    STEPS = 4

    def __init__(self, swaps, states, actions, viewer: int):
        self.swaps, self.states, self.actions, self.viewer = swaps, states, actions, viewer

    def extend(self, states, actions) -> "SwapWalk":
        self.states, self.actions = list(states), list(actions)
        return self

    def sample(self, rng: random.Random):
        states, actions = self.states, self.actions
        for _ in range(self.STEPS):
            variants = list(self.swaps(states, actions, self.viewer, rng, tries=1))
            if variants:
                variant = variants[rng.randrange(len(variants))]
                replayed = _replay_from_difference(states, actions, variant)
                if replayed is not None:
                    states, actions = replayed, variant
        return list(actions), list(states)


def _replay_from_difference(states, actions, variant):
    i = next((j for j, (a, b) in enumerate(zip(actions, variant)) if a != b), len(variant))
    out = list(states[:i + 1])
    try:
        for a in variant[i:]:
            out.append(out[-1].apply(a))
    except IllegalMove:
        return None
    return out
