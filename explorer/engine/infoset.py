"""Sampling a seat's information set honestly: histories the seat cannot tell from the real one,
drawn from their conditional distribution given everything the seat was told.

Every game with hidden information declares a :class:`HiddenInformation` (the ``hidden_variants`` of
its :class:`~explorer.engine.registry.Game`); the leak tests, IS-MCTS and the OpenSpiel adapter's
``resample_from_infostate`` all draw from it.  A game declares only what is its own:

- **tokens**: ``tokens(state, viewer) -> {item: (group, place, seen[, face])}`` for every piece whose
  identity a seat may not see (Take Off, Eh!'s coins: group = suit; Conspiracy's tiles and coins).  A
  ``place`` is where the piece lies as the seat tells places apart: a *set* place (a key tuple starting
  with ``"set"``: a bag, a shuffled supply, a hand whose order says nothing) holds pieces the seat
  cannot tell apart by position; any other key holds one piece.  ``seen``: the seat knows which piece
  it is now.  A fourth entry, when given and not None, is what the seat sees of an unseen piece there,
  its *face* (a Conspiracy coin lying number side up shows its number, not its suit); ``face(item)``
  gives every piece's face.  ``named(action, state)`` is the pieces an action names (a tuple, often
  empty) and ``rename(action, state, {piece: other piece})`` the same action naming others.
- **secret(states, actions, viewer)**: the steps at which another seat chose something (or chance drew
  something) the viewer was not shown and is not told by the pieces (an open round of secret choices,
  a card choice not yet turned up, Conspiracy's goals and goal coins); ``draw_secret`` may draw them
  itself (see below).

**The model, and what is drawn.**  Pieces move between places as the history says (which place to
which is public: the seat sees a coin of that suit leave the bag for a hand).  When a piece leaves a
set place, which of the pieces there it was is drawn uniformly: for a draw from a bag that *is* the
rule; for another seat taking one of its unseen pieces (Take Off, Eh!: "a suns coin" from its play
area) it is the model of the other players used here: *among options that read the same to the
seat, each is equally likely* -- so a piece leaving with its face shown ("the 3 coin") is each of the
pieces of that face there with the same chance, 1 / their number, a number the seat may not know.
Secret steps are drawn the same way: uniformly among the options that read the same.  A seat's
public choices are taken as seen, not weighed by how likely another seat was to make them (no model
of how others play is assumed).  The sampler draws exactly from the distribution this gives, given
everything the seat read:

1. Per group, a forward pass over the history weighs every arrangement of the unseen pieces over the
   places by the ways the moves so far reach it consistently with everything the seat saw (a piece
   seen on arriving somewhere must be the piece it was; a face shown must be the piece's face); the
   backward pass then draws an arrangement and every move's choice from those weights (forward
   filtering, backward sampling).  An arrangement does not name every piece: a piece the pass must
   follow (seen before, and seen again later) is its own token, the others are counted per class and
   face -- "N" a piece not seen yet that the seat sees later, "F" one the seat never sees again.
   Pieces of one class and face in one place are interchangeable for everything the rest of the
   history can check, so counts are exact; a piece seen first is one of the N tokens of its face, each
   with the same chance.  An arrangement in which a followed piece (or an N token) lies where no
   move can bring it to where it is seen next is dropped at once (the rest of the history would
   refuse it anyway).  After the backward draw, the tokens get pieces forward in time, uniformly
   within their class and place; pieces never seen take the F tokens never named, uniformly.
2. Secret steps are drawn uniformly among the options that read the same to the seat, or by the
   game's ``draw_secret`` (Conspiracy: another player's goal coins avoid those the seat itself draws
   after them; a goal that disagrees with a later progress mark is refused at once and the secret
   steps are drawn again -- a game refuses there only on what its secret steps drew).
3. The history so made is replayed, and every word the seat reads on the way (each step's
   description, each event's text, the last observation) is compared with the real history's.
   A history that differs is refused and another drawn: this conditions on what the token model does
   not capture (Take Off, Eh!: that a seat holding only paid values shows its coins; Conspiracy: that
   a player meeting its goal declares victory), and refusal keeps the draws exact.

Limits, stated: the pieces of the first state lie in set places or are seen (a game deals by chance
steps after it); a chance outcome no token names is kept as it was (it was public: Take Off, Eh!'s
tiles, Conspiracy's dice); a public choice whose number of legal options depends on hidden pieces (a
bribe may not repeat a paid value) is not weighed by it; and the pass is as large as the joint
arrangements it has to keep (Conspiracy late in a game: hundreds to a few thousand per step).

A :class:`Sampler` is prepared once per (history, seat) (the forward pass), goes on with the game
(:meth:`Sampler.extend`; a piece seen again, or seen at last, makes the pass again from where its
class changed) and draws as often as asked; :meth:`HiddenInformation.__call__` keeps the older
contract the leak tests use: it yields sampled histories that differ from the real one.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from math import comb, exp, log, perm
from typing import Any, NamedTuple
from collections.abc import Callable

from .errors import IllegalMove

#: histories drawn and refused in a row before the sampler gives up (a game whose token model misses
#: what a seat sees; the error says where)
MAX_REFUSED = 400


class SamplerError(RuntimeError):
    """The sampler could not draw a history the seat cannot tell from the real one."""


def _is_set(place) -> bool:
    return isinstance(place, tuple) and bool(place) and place[0] == "set"


#: per declaration: the first state of the game it was asked about last, and per seat the sampler
#: :meth:`HiddenInformation.__call__` made for it
_LAST: dict = {}


@dataclass(frozen=True)
class HiddenInformation:
    """What a game declares about its hidden information (see the module docstring)."""

    tokens: Callable[[Any, int], dict] | None = None
    named: Callable[[Any, Any], tuple] | None = None
    rename: Callable[[Any, Any, dict], Any] | None = None
    secret: Callable[[list, list, int], list[int]] | None = None
    #: ``face(piece)``: what a seat sees of a piece lying where its face shows (a token's fourth
    #: entry says it shows; a coin's number); None: pieces show nothing short of being seen
    face: Callable[[Any], Any] | None = None
    #: ``draw_secret(states, actions, i, options, viewer, rng)``: the option drawn for the secret step
    #: ``i`` among ``options`` (those that read the same to the seat), or None to refuse the history
    #: at once (an option that disagrees with what the history shows later); None: uniformly
    draw_secret: Callable | None = None

    #: every game's sampler is honest now (the old swap walks are gone); kept for the callers
    honest = True

    def sampler(self, states, actions, viewer: int, lazy: bool = False) -> Sampler:
        """The sampler of ``viewer``'s information set at the end of ``actions`` (``states``: the
        states along them, ``len(actions) + 1`` of them); ``lazy``: its forward pass is left to the
        first draw (:meth:`Sampler.drawing`)."""
        return Sampler(self, list(states), list(actions), viewer, lazy)

    def __call__(self, states, actions, viewer: int, rng: random.Random, tries: int = 4):
        """Up to ``tries`` histories ``viewer`` cannot tell from ``actions``, each drawn by the
        sampler, that differ from it (none when nothing hidden can differ).  The sampler asked last
        for the seat goes on when the history continues its own (the leak tests ask about longer and
        longer prefixes of one game)."""
        states = list(states[:len(actions) + 1])
        first, last = _LAST.get(id(self), (None, None))
        if first is not states[0]:          # another game: its samplers only
            first, last = states[0], {}
            _LAST[id(self)] = (first, last)
        sampler = last.get(viewer)
        if sampler is not None and len(sampler.actions) <= len(actions) \
                and sampler.actions == list(actions[:len(sampler.actions)]):
            sampler.extend(states, actions)
        else:
            sampler = last[viewer] = self.sampler(states, actions, viewer)
        got = 0
        for _ in range(4 * tries):
            other, _ = sampler.sample(rng)
            if other != list(actions):
                yield other
                got += 1
                if got >= tries:
                    return


class _Group:
    """The forward pass of one group of pieces (see the module docstring, step 1), over arrangements
    of *tokens*: a piece the pass must follow (seen before and seen again later) is its own token
    ``("i", piece)``; the others are counted per class and face: ``("N", face)`` a piece not seen yet
    that the seat sees later, ``("F", face)`` one the seat never sees again.  Pieces of one class and
    face lying in one place are interchangeable for everything the pass still has to check, so counts
    suffice."""

    def __init__(self, sampler, name, start: dict):
        self.sampler, self.name = sampler, name
        self._intern: dict[Any, Any] = {}
        self.start = {place: list(items) for place, items in start.items()}
        self.alphas = [self._first()]           # per time: arrangement -> weight of the ways to it
        self.edges: list[dict | None] = []      # per step: None (nothing moved) or
        #                                         {arrangement after: [(arrangement before, choice, weight)]}
        self.raw: list[tuple[list, list]] = []  # per step: (moves, added) as the real history made them
        self._events: dict[Any, list] | None = None
        self._reach_cache: dict[tuple, list] = {}
        self._naming: dict[tuple, Any] = {}
        self.logs = [0.0]                       # per time: log of the factor the weights were divided by
        self.done = 0                           # steps whose forward pass is made (the rest: :meth:`work`)

    @property
    def final(self):
        return self.alphas[-1]

    def add(self, raws, again: int | None = None, lazy: bool = False) -> None:
        """More steps: each of ``raws`` = (``moves`` [(item, source, destination, seen after, face
        after)] of the pieces the seat did not see, ``added`` [(item, place)] of pieces seen before the
        step and not after); with ``again``, the pass is made again from that step on (a piece's
        class there changed).  ``lazy``: the pass is left to :meth:`work`."""
        start = len(self.raw) if again is None else min(again, len(self.raw))
        start = min(start, self.done)
        self.raw.extend(raws)
        self._events = None
        del self.edges[start:], self.alphas[start + 1:], self.logs[start + 1:]
        if start == 0:
            self.alphas[0] = self._first()
        self.done = start
        if not lazy:
            for _ in self.work():
                pass

    def work(self):
        """Make the forward pass up to the last step, a little at a time: a generator that yields
        after each arrangement a step carries on (a step late in a Conspiracy game keeps hundreds:
        a tenth of a second), so whoever drives it may stop between two yields and go on later.
        The pass so made is the one made at once."""
        while self.done < len(self.raw):
            t = self.done
            yield from self._forward(t)
            self.done = t + 1

    def _first(self) -> dict:
        cls, face = self.sampler.class_at, self.sampler.face
        arr = {place: Counter((cls(x, 0), face(x)) for x in items) for place, items in self.start.items()}
        return {_key(((p, frozenset(c.items())) for p, c in arr.items() if c), self._intern): 1.0}

    # -- pruning: arrangements from which a piece cannot reach where it is seen next ---------------
    def _sightings(self) -> dict:
        """Per piece: the steps at which the seat sees it arrive, with the place it came from."""
        if self._events is None:
            self._events = defaultdict(list)
            for u, (moves, _) in enumerate(self.raw):
                for item, source, _, seen2, _ in moves:
                    if seen2:
                        self._events[item].append((u, source))
        return self._events

    def _reach(self, u: int, target, f) -> list:
        """Per time t <= ``u``: the places from which a piece showing face ``f`` can be at ``target``
        at time ``u`` (an over-estimate: a set place may always keep a piece)."""
        key = (u, target, f)
        got = self._reach_cache.get(key)
        if got is None:
            got = [None] * (u + 1)
            cur = frozenset((target,))
            got[u] = cur
            for t in range(u - 1, -1, -1):
                moves = self.raw[t][0]
                if moves:
                    gone, into = set(), defaultdict(set)
                    for _, source, dest, seen2, face2 in moves:
                        gone.add(source)
                        if not seen2 and (face2 is None or face2 == f):
                            into[source].add(dest)
                    cur = frozenset([q for q in cur if q not in gone or _is_set(q)]
                                    + [q for q, ds in into.items() if not ds.isdisjoint(cur)])
                got[t] = cur
            self._reach_cache[key] = got
        return got

    def _feasible(self, arr, t: int) -> bool:
        """False when a followed piece (or a piece to be seen first) lies where it cannot reach the
        place it is seen from next: an arrangement the rest of the history refuses anyway."""
        events, face = self._sightings(), self.sampler.face
        for place, content in arr:
            for tok, _ in content:
                kind = tok[0]
                if kind == "i":
                    u, src = next(e for e in events[tok[1]] if e[0] >= t)
                    if place not in self._reach(u, src, face(tok[1]))[t]:
                        return False
                elif kind == "N" and place not in self._first_seen(t, tok[1]):
                    return False
        return True

    def _first_seen(self, t: int, f):
        key = (t, f)
        got = self._naming.get(key)
        if got is None:
            cls, face = self.sampler.class_at, self.sampler.face
            got = set()
            for item, evs in self._sightings().items():
                if face(item) == f:
                    for u, src in evs:
                        if u >= t and cls(item, u) == "N":
                            got |= self._reach(u, src, f)[t]
            self._naming[key] = got
        return got

    def _forward(self, t: int):
        """The forward pass of step ``t`` (a generator: see :meth:`work`)."""
        moves, added = self.raw[t]
        if not moves and not added:
            self.edges.append(None)
            self.alphas.append(self.alphas[-1])
            self.logs.append(self.logs[-1])
            return
        cls, face = self.sampler.class_at, self.sampler.face
        # a piece seen first now is one given piece: of the pieces of its class and face (which the
        # pass does not tell apart) it is each with the same chance, the share lying in the source
        unseen = Counter(face(x) for x, tok in self.sampler.tok[t].items()
                         if tok[0] == self.name and not tok[2] and cls(x, t) == "N")
        sources: defaultdict[Any, defaultdict[tuple, int]] = defaultdict(lambda: defaultdict(int))
        for item, source, dest, seen2, face2 in moves:
            if seen2:
                c = cls(item, t)
                req = ("i", item) if c == "i" else ("N", face(item))
            else:
                req = None
            sources[source][(dest, seen2, face2, req)] += 1
        plan = [(source, sorted(groups.items(), key=repr)) for source, groups in sorted(sources.items(), key=repr)]
        arrivals = tuple((place, ("i", item) if self.sampler.seen_later(item, t + 1) else ("F", face(item)))
                    for item, place in added)
        edges: defaultdict[tuple, list] = defaultdict(list)
        nxt: dict[tuple, float] = defaultdict(float)
        n = 0
        for arr, weight in self.alphas[-1].items():
            for got in _moves(arr, plan, arrivals, face, unseen, self._intern):
                n += 1
                if got is not None:
                    after, choice, w = got
                    edges[after].append((arr, choice, weight * w))
                    nxt[after] += weight * w
                if not n % 64:
                    yield           # one arrangement late in a Conspiracy game may reach thousands
            yield
        self._naming = {}
        kept = {}
        for a, w in nxt.items():
            if self._feasible(a, t + 1):
                kept[a] = w
            yield
        nxt = kept
        total = sum(nxt.values())
        if total > 0:           # weights are relative: keep them near 1
            nxt = {a: w / total for a, w in nxt.items()}
        self.logs.append(self.logs[-1] + (log(total) if total > 0 else 0.0))
        self.edges.append(edges)
        self.alphas.append(dict(nxt))

    def draw(self, rng: random.Random):
        """One history's choices, step by step (None where nothing moved), drawn backward."""
        arr = _weighted(rng, list(self.final.items()))
        choices = [None] * len(self.edges)
        for t in range(len(self.edges) - 1, -1, -1):
            edges = self.edges[t]
            if edges is not None:
                arr, choices[t] = _weighted(rng, [((a, c), n) for a, c, n in edges[arr]])
        return choices

    def label(self, choices, rng: random.Random) -> list:
        """The pieces behind the tokens of ``choices``: per step, {(source, destination, seen after,
        face after): [pieces]} (None where nothing moved).  A class token is any piece of its class
        and face in its place, each equally likely; the pieces the seat never sees get their names
        last, uniformly among them (a piece seen first later gets its name when it shows)."""
        s = self.sampler
        face, cls = s.face, s.class_at
        places = defaultdict(list)
        fresh = 0
        for place, items in self.start.items():
            for x in items:
                places[place].append(_Fresh(fresh, cls(x, 0), face(x)))
                fresh += 1
        names = {}
        out: list[dict | None] = []
        for t, choice in enumerate(choices):
            if choice is None:
                out.append(None)
                continue
            moves, added = self.raw[t]
            showing = defaultdict(list)         # the pieces seen first now, per move
            for item, source, dest, seen2, face2 in moves:
                if seen2 and cls(item, t) == "N":
                    showing[(source, dest, seen2, face2)].append(item)
            for items in showing.values():
                items.sort(key=repr, reverse=True)
            moved, arriving = defaultdict(list), []
            for source, picks in choice:
                here = places[source]
                for (dest, seen2, face2, req), tokens in picks:
                    key = (source, dest, seen2, face2)
                    for tok in tokens:
                        if tok[0] == "i":
                            lab = tok[1]
                        else:
                            pool = sorted((x for x in here
                                           if (x.kind == tok[0] and x.face == tok[1] if type(x) is _Fresh
                                               else tok[0] == "F" and face(x) == tok[1] and cls(x, t) == "F")),
                                          key=repr)
                            lab = pool[rng.randrange(len(pool))]
                        here.remove(lab)
                        if req is not None and req[0] == "N":
                            names[lab] = showing[key].pop()
                        moved[key].append(lab)
                        if not seen2:
                            arriving.append((dest, lab))
            for dest, lab in arriving:
                places[dest].append(lab)
            for item, place in added:
                places[place].append(item)
            out.append(moved)
        # the pieces never seen, each equally likely behind each token of theirs
        left = defaultdict(list)
        for place in places.values():
            for x in place:
                if type(x) is _Fresh and x not in names:
                    left[x.face].append(x)
        never = defaultdict(list)
        for items in self.start.values():
            for x in items:
                if not s.seen_at.get(x):
                    never[face(x)].append(x)
        for f, ids in left.items():
            pieces = sorted(never[f], key=repr)
            rng.shuffle(pieces)
            names.update(zip(ids, pieces, strict=False))
        return [None if m is None else {k: [names[x] if type(x) is _Fresh else x for x in v] for k, v in m.items()}
                for m in out]

    @property
    def consistent(self) -> float:
        ways = sum(self.final.values()) * exp(self.logs[-1])
        return round(ways, max(0, 9 - len(str(int(ways)))))     # rounding noise off a whole count


class _Fresh(NamedTuple):
    """A piece not seen so far, not yet given its name (see :meth:`_Group.label`): of class "N"
    (seen later) or "F" (never seen)."""
    n: int
    kind: str
    face: Any


def _key(entries, intern) -> tuple:
    """An arrangement as a key: its (place, contents) entries, each kept once (``intern``), in the
    order of their ids (a tuple is smaller than a set, and a long history keeps many)."""
    return tuple(sorted((intern.setdefault(e, e) for e in entries), key=id))


def _tok_face(tok, face):
    return face(tok[1]) if tok[0] == "i" else tok[1]


def _moves(arr, plan, arrivals, face, unseen, intern):
    """Every arrangement reached from ``arr`` (frozen: {(place, {(token, count)})}) by the step's
    ``plan`` ([(source, [(key, how many)])], key = (destination, seen after, face after, the token
    required or None)), with the choice made and its weight.  Every source gives from what it held
    before the step, so pieces moving along a row never meet themselves.  A generator that also
    yields None after each partial choice it builds (a pause point: see :meth:`_Group.work`)."""
    base = dict(arr)
    partial = [((), (), {}, 1.0)]           # (choice, arrivals, what each source keeps, weight)
    for source, groups in plan:
        pool = dict(base.get(source, ()))
        nxt = []
        for choice, came, kept, w in partial:
            for picked, left, pw in _pick(pool, groups, face, unseen):
                more = tuple((key[0], tok) for key, toks in picked if not key[1] for tok in toks)
                nxt.append((choice + ((source, picked),), came + more, {**kept, source: left}, w * pw))
                yield None
        partial = nxt
    for choice, came, kept, w in partial:
        changed = {p: dict(c) for p, c in kept.items()}
        for place, tok in came + arrivals:
            d = changed.get(place)
            if d is None:
                d = changed[place] = dict(base.get(place, ()))
            d[tok] = d.get(tok, 0) + 1
        new = dict(base)
        for p, d in changed.items():
            content = frozenset((t, n) for t, n in d.items() if n)
            if content:
                new[p] = content
            else:
                new.pop(p, None)
        # arrangements share their places' contents and the choices (a long history keeps many)
        yield _key(new.items(), intern), intern.setdefault(choice, choice), w


def _pick(pool, groups, face, unseen):
    """Every way to take each destination group's tokens from ``pool``: a named token (a piece the
    pass follows, or a piece seen first now) as required, any other tokens of the face the
    destination shows; with the number of ways (pieces behind the tokens) and, for a piece leaving
    with its face shown, 1 / the ways a seat had to pick pieces of that face there."""
    def rec(i, left, picked, w):
        if i == len(groups):
            yield picked, left, w
            return
        key, k = groups[i]
        _, _, face2, req = key
        if req is not None:
            n = left.get(req, 0)
            if n < k:
                return
            rest = dict(left)
            if n == k:
                del rest[req]
            else:
                rest[req] = n - k
            ways = 1 if req[0] == "i" else perm(n, k) / perm(unseen[req[1]], k)
            yield from rec(i + 1, rest, picked + ((key, (req,) * k),), w * ways)
            return
        fw = 1.0
        if face2 is not None:
            nf = sum(c for t, c in pool.items() if _tok_face(t, face) == face2)
            if nf < k:
                return
            fw = 1 / comb(nf, k)
        elig = sorted(((t, c) for t, c in left.items() if face2 is None or _tok_face(t, face) == face2), key=repr)
        for combo, ways in _multisets(elig, k):
            rest = dict(left)
            toks = ()
            for t, m in combo.items():
                if rest[t] == m:
                    del rest[t]
                else:
                    rest[t] -= m
                toks += (t,) * m
            yield from rec(i + 1, rest, picked + ((key, toks),), w * ways * fw)

    yield from rec(0, pool, (), 1.0)


def _multisets(elig, k):
    """Every way to take ``k`` tokens from ``elig`` [(token, count)], with the number of ways to take
    the pieces behind them."""
    if k == 0:
        yield Counter(), 1
        return
    if not elig:
        return
    (tok, c), rest = elig[0], elig[1:]
    for m in range(min(c, k), -1, -1):
        for more, ways in _multisets(rest, k - m):
            if m:
                more = Counter(more)
                more[tok] += m
            yield more, ways * comb(c, m)


def _weighted(rng, items):
    total = sum(w for _, w in items)
    if total <= 0:
        raise SamplerError("no history is consistent with what the seat saw (the token model "
                           "disagrees with the game)")
    r = rng.random() * total
    for x, w in items:
        r -= w
        if r < 0:
            return x
    return items[-1][0]


class Sampler:
    """Histories a seat cannot tell from one real history (see the module docstring)."""

    def __init__(self, spec: HiddenInformation, states, actions, viewer: int, lazy: bool = False):
        if len(states) != len(actions) + 1:
            raise ValueError(f"{len(actions)} actions need {len(actions) + 1} states, got {len(states)}")
        self.spec, self.viewer = spec, viewer
        self.face = spec.face or _no_face
        self.states: list = [states[0]]
        self.actions: list = []
        self._shared: dict = {}                 # token -> the one tuple kept for it (see _tokens)
        self.tok = []
        if spec.tokens:
            self.tok.append(self._tokens(states[0]))
        self.seen_at = defaultdict(list)        # piece -> the times the seat saw it
        self.groups: dict[Any, _Group] = {}
        self.named: list[tuple] = []
        self.log_scale: dict[Any, float] = {}
        if spec.tokens is not None:
            start: defaultdict[Any, defaultdict[Any, list]] = defaultdict(lambda: defaultdict(list))
            for item, (g, place, seen, _) in self.tok[0].items():
                if seen:
                    self.seen_at[item].append(0)
                    start[g]            # a group whose pieces are all seen still has its pass
                else:
                    start[g][place].append(item)
            self.groups = {g: _Group(self, g, dict(places)) for g, places in sorted(start.items())}   # one order
        self.drawn = self.refused = 0
        self._told: list[tuple[str, Any]] = []
        self.version = 0                        # how often the history grew (a paused draw checks it)
        self.extend(states, actions, lazy)

    def _tokens(self, state) -> dict:
        """The pieces' tokens at ``state``, kept for every step of the history: most pieces lie as
        they lay a step before, so each token is kept once (one tuple however many steps hold it),
        and a step where nothing the seat's tokens say changed keeps the step before's dict (read
        only).  Memory then grows by a dict of references a step, not by every piece's token."""
        shared, tokens = self._shared, self.spec.tokens
        assert tokens is not None                # (asked only of a game whose pieces have tokens)
        out = {}
        for item, tok in tokens(state, self.viewer).items():
            if len(tok) != 4:
                tok = (*tok, None)
            out[item] = shared.setdefault(tok, tok)
        if self.tok and out == self.tok[-1]:
            return self.tok[-1]
        return out

    # -- a piece's class at a time (see _Group) ---------------------------------------------------
    def class_at(self, item, t: int) -> str:
        """For a piece the seat does not see at time ``t``: "F" never seen again, "i" seen before
        and again later (the pass follows it), "N" not seen before, seen later (it gets its name
        when it shows)."""
        times = self.seen_at.get(item)
        if not times or times[-1] < t:
            return "F"
        return "i" if times[0] < t else "N"

    def seen_later(self, item, t: int) -> bool:
        times = self.seen_at.get(item)
        return times[-1] > t if times else False

    def extend(self, states, actions, lazy: bool = False) -> Sampler:
        """The sampler of a longer history that starts with this one's (the forward pass goes on
        from where it was: a search player's sampler follows its game).  ``lazy``: the forward pass
        is left to the next draw, which makes it a little at a time (:meth:`drawing`)."""
        finish(self.extending(states, actions, lazy))
        return self

    def extending(self, states, actions, lazy: bool = True):
        """:meth:`extend` a little at a time: a generator yielding after each step it reads (the
        pieces of a state late in a Conspiracy game take a fraction of a millisecond each, a
        long stretch of history many of them).  The sampler may not draw until it has ended."""
        n = len(self.actions)
        if len(states) != len(actions) + 1 or list(actions[:n]) != self.actions:
            raise ValueError("extend() takes a history that starts with the sampler's own")
        spec = self.spec
        for t in range(n, len(actions)):
            self.actions.append(actions[t])
            self.states.append(states[t + 1])
        if spec.tokens is not None and len(actions) > n:
            back = {}                            # group -> the first step whose pass must be made again
            for t in range(n, len(actions)):
                nxt = self._tokens(states[t + 1])
                yield
                self.tok.append(nxt)
                for item, (g, _, seen, _) in nxt.items():
                    if seen:
                        times = self.seen_at[item]
                        if not times:
                            back[g] = 0         # seen at last: "N", not "F", from the start on
                        elif times[-1] < n and times[-1] < t:
                            # seen again: from its last sighting on, the pass must follow it ("i", not "F")
                            back[g] = min(back.get(g, t), times[-1])
                        times.append(t + 1)
            raws: dict[Any, list] = {g: [] for g in self.groups}
            for t in range(n, len(actions)):
                now, nxt = self.tok[t], self.tok[t + 1]
                raw: defaultdict[Any, tuple[list, list]] = defaultdict(lambda: ([], []))
                for item, (g, place, seen, _) in (now.items() if now is not nxt else ()):   # (kept: nothing moved)
                    _, p2, seen2, face2 = nxt[item]
                    if seen:
                        if not seen2:
                            raw[g][1].append((item, p2))
                    elif p2 != place or seen2:
                        raw[g][0].append((item, place, p2, seen2, None if seen2 else face2))
                for g in self.groups:
                    raws[g].append(raw.get(g, ([], [])))
                self.named.append(tuple(spec.named(actions[t], states[t])) if spec.named else ())
                yield
            for g, grp in self.groups.items():
                grp.add(raws[g], back.get(g), lazy)
        elif spec.named is not None:
            self.named.extend(() for _ in range(n, len(actions)))
        self.secret = sorted(spec.secret(self.states, self.actions, self.viewer)) if spec.secret else []
        if len(actions) > n:
            self.version += 1

    def consistent_counts(self) -> dict:
        """Per group: the number of assignments of identities consistent with what the seat saw
        (weighted by the chances of face-shown picks, where a game has faces)."""
        self._finish()
        return {g: grp.consistent for g, grp in self.groups.items()}

    @property
    def pending(self) -> int:
        """Steps of the forward pass not made yet (a lazy :meth:`extend` leaves them to the next draw)."""
        return sum(len(grp.raw) - grp.done for grp in self.groups.values())

    def _finish(self) -> None:
        for grp in self.groups.values():
            for _ in grp.work():
                pass

    # -- drawing ---------------------------------------------------------------------------------
    def _proposal(self, rng):
        actions = list(self.actions)
        if not self.groups:
            return actions
        moved = {g: grp.label(grp.draw(rng), rng) for g, grp in self.groups.items()}
        for t, items in enumerate(self.named):
            mapping = {}
            for item in items:
                g, place, seen, _ = self.tok[t][item]
                if seen:
                    continue
                _, p2, seen2, face2 = self.tok[t + 1][item]
                step = moved[g][t] or {}
                values = step.get((place, p2, seen2, None if seen2 else face2), [])
                if len(values) != 1:
                    raise SamplerError(f"step {t}: {self.actions[t]!r} names a piece the seat does not see, "
                                       f"but the token model cannot tell which piece played its part")
                mapping[item] = values[0]
            if mapping and any(k != v for k, v in mapping.items()):
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
        return finish(self.drawing(rng))

    def drawing(self, rng: random.Random):
        """:meth:`sample` a little at a time: a generator that yields between small pieces of work
        (an arrangement of the forward pass, a step of a replay) and returns ``(actions, states)``
        (``StopIteration.value``; :func:`finish` runs one to its end).  Whoever drives it may stop
        between two yields and go on later: everything the draw has done and will draw lives in the
        generator and ``rng`` alone, so a draw paused and resumed is the very draw made at once
        (tests/test_strong_budget.py).  The history may not grow while a draw is paused (it raises)."""
        version = self.version
        for grp in self.groups.values():
            for _ in grp.work():
                yield
                if self.version != version:
                    raise RuntimeError("the sampler's history grew while a draw was paused")
        told = self._told
        while len(told) < len(self.actions):      # what the seat read at each real step, once
            i = len(told)
            told.append((self.states[i].describe(self.actions[i], self.viewer),
                         _events(self.states[i + 1], self.viewer)))
            yield
        for _ in range(MAX_REFUSED):
            proposal = self._proposal(rng)
            yield
            states = yield from self._replaying(proposal, rng)
            if self.version != version:
                raise RuntimeError("the sampler's history grew while a draw was paused")
            self.drawn += 1
            if states is not None:
                return proposal, states
            self.refused += 1
        raise SamplerError(f"{MAX_REFUSED} histories drawn in a row were told apart from the real one by "
                           f"seat {self.viewer}: the game's hidden-information model misses something it sees")

    def _replay(self, actions, rng):
        """The states of ``actions`` at once (see :meth:`_replaying`)."""
        return finish(self._replaying(actions, rng))

    def _replaying(self, actions, rng):
        """The states of ``actions`` (its open secret choices drawn on the way, in place), or None
        when a step is illegal or the seat would read anything differently.  A secret choice the
        game's ``draw_secret`` refuses draws the secret steps again from the first (up to
        ``MAX_REFUSED`` times): the game refuses on what its secret steps drew alone."""
        told, v = self._told_real(), self.viewer
        secret = set(self.secret)
        draw = self.spec.draw_secret
        first = next((i for i, (a, b) in enumerate(zip(actions, self.actions, strict=False)) if a != b), len(actions))
        restart = min(secret) if secret else len(actions)
        first = min(first, restart)
        states = list(self.states[:first + 1])
        i, again = first, MAX_REFUSED
        try:
            while i < len(actions):
                state = states[-1]
                if i in secret:
                    same = [b for b in state.legal_actions() if state.describe(b, v) == told[i][0]]
                    if not same:
                        return None
                    pick = same[rng.randrange(len(same))] if draw is None else draw(self.states, self.actions, i,
                                                                                     same, v, rng)
                    if pick is None:
                        again -= 1
                        if again <= 0:
                            return None
                        del states[restart + 1:]
                        i = restart
                        continue
                    actions[i] = pick
                a = actions[i]
                if state.current_player != self.states[i].current_player or state.describe(a, v) != told[i][0]:
                    return None
                state = state.apply(a)
                if _events(state, v) != told[i][1]:
                    return None
                states.append(state)
                i += 1
                yield
        except IllegalMove:
            return None
        if actions != self.actions and states[-1].observation(v) != self.states[-1].observation(v):
            return None
        return states


def finish(gen):
    """Run a generator that yields between pieces of work (:meth:`Sampler.drawing`) to its end; the
    value it returns."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def _no_face(item):
    return None


def _events(state, viewer):
    return tuple(t for t in (e.text_for(viewer) for e in state.events) if t is not None)
