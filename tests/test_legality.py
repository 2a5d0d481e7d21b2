"""One source of legality (DESIGN.md): what enumerates the legal actions and what
explains a refusal agree.

The contract of a game's ``_why_illegal(action)``: ``None`` when nothing forbids the
action, else ``(reason, RuleRef)``.  At random decision states of every game, over a
large candidate set, an action is in ``legal_actions()`` exactly when the explanation
finds nothing against it.

Candidates: every action type of the game's codec, its fields filled from the values
that occur near the state (the fields of the actions legal in the neighbouring states of
the same game, every integer one step further on either side -- cells and positions just
off the board --, every string of any field -- pieces, suits, directions, kinds --,
tuples with one item more, fewer or changed), plus the state's own legal actions."""
from __future__ import annotations

import dataclasses
import itertools
import random
import typing
from collections import Counter, defaultdict

import pytest

from explorer.engine import IllegalMove, RuleRef, get_game
from explorer.engine.actions import field_problem

pytestmark = pytest.mark.slow

WINDOW = 25          # states on either side whose legal actions feed the candidates
PER_TYPE = 400       # candidates per action type when the full product is larger
SMALL_TUPLES = ((), (0,), (1, 2, 3, 4))


def _decision(state) -> bool:
    return not state.is_chance_node() and not state.is_terminal()


def _harvest(states):
    """Field values of the actions legal in ``states``: ``{(type, field): set}`` and, for
    each Python type, every value seen in any field of that type."""
    by_field, by_kind, combos = defaultdict(set), defaultdict(set), defaultdict(set)
    for s in states:
        if not _decision(s):
            continue
        for a in s.legal_actions():
            cls = type(a)
            values = tuple(getattr(a, f.name) for f in dataclasses.fields(a))
            combos[cls].add(values)
            for f, v in zip(dataclasses.fields(a), values, strict=False):
                by_field[cls, f.name].add(v)
                by_kind[type(v)].add(v)
    return by_field, by_kind, combos


def _tuple_variants(tuples, items):
    out = set(tuples) | set(SMALL_TUPLES)
    for t in tuples:
        for i in range(len(t)):
            out.add(t[:i] + t[i + 1:])
            for x in items:
                out.add(t[:i] + (x,) + t[i + 1:])
        for x in items:
            out.add(tuple(sorted(t + (x,), key=repr)))
    return out


def _pool(cls, name, hint, harvest):
    by_field, by_kind, _ = harvest
    seen = by_field.get((cls, name), set())
    if hint is int:
        base = seen or by_kind[int]
        return sorted(base | {v + d for v in base for d in (-1, 1)} | {-1, 0})
    if hint is str:
        return sorted(by_kind[str])
    if hint is bool:
        return [False, True]
    if typing.get_origin(hint) is tuple:
        items = sorted({x for t in by_kind[tuple] for x in t}, key=repr)
        return sorted(_tuple_variants(seen, items), key=repr)
    raise AssertionError(f"no candidate values for {cls.__name__}.{name}: {hint!r}")


def _construct(cls, values):
    try:
        return cls(*values)
    except (TypeError, ValueError):        # refused by the action's own checks
        return None


def _candidates(codec, harvest, rng):
    out = set()
    combos = harvest[2]
    for cls in sorted(codec.types.values(), key=lambda t: t.__name__):
        hints = typing.get_type_hints(cls)
        fields = [f.name for f in dataclasses.fields(cls)]
        pools = [_pool(cls, n, hints[n], harvest) for n in fields]
        size = 1
        for p in pools:
            size *= len(p)
        if size <= PER_TYPE:
            rows = itertools.product(*pools)
        else:
            rows = set()
            for values in combos.get(cls, ()):       # each seen combination, one field changed
                for i, p in enumerate(pools):
                    for v in rng.sample(p, min(6, len(p))):
                        rows.add(values[:i] + (v,) + values[i + 1:])
            while len(rows) < PER_TYPE:
                rows.add(tuple(rng.choice(p) for p in pools))
        for values in rows:
            a = _construct(cls, values)
            if a is not None:
                out.add(a)
    return out


@pytest.fixture(scope="module")
def decision_states(sampled_states, playthroughs):
    """``(state, neighbouring states)`` for every sampled decision state."""
    where = {id(s): (i, j) for i, (_, states) in enumerate(playthroughs) for j, s in enumerate(states)}
    out = []
    for s in sampled_states:
        if _decision(s):
            i, j = where[id(s)]
            states = playthroughs[i][1]
            out.append((s, states[max(0, j - WINDOW): j + WINDOW + 1]))
    return out


def test_legal_exactly_when_nothing_forbids_it(game, decision_states):
    codec = get_game(game).codec
    rng = random.Random(8)
    drift, checked, refused = [], Counter(), Counter()
    for state, nearby in decision_states:
        legal = set(state.legal_actions())
        candidates = _candidates(codec, _harvest(nearby), rng) | legal
        for a in sorted(candidates, key=repr):
            why = state._why_illegal(a)
            checked[state.phase] += 1
            if a in legal:
                if why is not None:
                    drift.append(f"[{state.phase}] legal {a!r} explained as refused: {why[0]} ({why[1].section})")
                continue
            if why is None:
                drift.append(f"[{state.phase}] {a!r} is not legal, yet nothing is found against it")
                continue
            reason, rule = why
            assert isinstance(reason, str) and reason.strip(), (state.phase, a, why)
            assert isinstance(rule, RuleRef) and rule.game == game and rule.section.strip(), (a, rule)
            refused[state.phase] += 1
    assert not drift, f"{len(drift)} disagreement(s):\n" + "\n".join(sorted(set(drift))[:40])
    phases = {s.phase for s, _ in decision_states}
    assert set(refused) == phases, f"phases never given an illegal candidate: {phases - set(refused)}"
    assert sum(checked.values()) >= 20 * len(decision_states), checked     # a large candidate set everywhere


def test_refusal_names_the_reason_the_explanation_gives(game, decision_states):
    """apply() refuses with exactly what _why_illegal says (a field of the wrong type, a
    str where an int belongs, is refused before: with the field named, under the rule of the
    step it was offered at)."""
    codec = get_game(game).codec
    rng = random.Random(3)
    tried = 0
    for state, nearby in decision_states[::4]:
        legal = set(state.legal_actions())
        illegal = sorted(_candidates(codec, _harvest(nearby), rng) - legal, key=repr)
        for a in rng.sample(illegal, min(20, len(illegal))):
            with pytest.raises(IllegalMove) as info:
                state.apply(a)
            problem = field_problem(a)
            if problem is None:
                assert (info.value.reason, info.value.rule) == state._why_illegal(a)
            else:
                assert problem in info.value.reason
                assert info.value.rule == (state.step_rule() or state.RULES[state.MALFORMED_RULE])
            tried += 1
    assert tried >= 5 * len(decision_states[::4]), tried


def test_drift_is_still_refused_clearly(game, decision_states, monkeypatch):
    """Should the explanation ever find nothing against an action that is not legal, the
    action is still refused, with a plain message and the sequence-of-play rule."""
    state, nearby = decision_states[len(decision_states) // 2]
    key = state.key()
    codec = get_game(game).codec
    other = min(_candidates(codec, _harvest(nearby), random.Random(1)) - set(state.legal_actions()), key=repr)
    monkeypatch.setattr(type(state), "_why_illegal", lambda self, a: None)
    with pytest.raises(IllegalMove) as info:
        state.apply(other)
    assert "not allowed now" in info.value.reason
    assert info.value.rule == state.RULES[state.MALFORMED_RULE] and info.value.rule.game == game
    assert state.key() == key
