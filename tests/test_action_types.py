"""Two checks the engine makes once for every game (issue 31, "Everywhere").

Actions are compared by equality, and ``True == 1 == 1.0`` (with equal hashes): without
a check of the fields' types, ``ExcuseCubes(True)`` passes for the legal
``ExcuseCubes(1)`` and reaches the rules.  For every action type of every game's codec
and every field, a legal action met in random games has that field replaced by a value
of another type (a bool or a float or a string for an int, an int or a string for a
bool, an int for a string, a list for a tuple, an item of the wrong type in a tuple);
``apply`` must refuse it naming the field, and leave the state as it was.

A viewer is ``None`` or a seat: ``observation``, ``describe`` and the event texts refuse
anything else (a string, a float, a bool, a seat beyond the table) with a ValueError."""
from __future__ import annotations

import dataclasses
import re
import typing

import pytest

from explorer.engine import IllegalMove, get_game
from explorer.engine.actions import checked, field_problem
from explorer.engine.state import check_viewer, events_for

BAD_VIEWERS = ("0", 1.0, True, False, -1, 7, [0])


def _wrong_values(hint, value) -> list:
    """Values of another type than ``hint``, equal to ``value`` where Python lets them."""
    if hint is int:
        out = [float(value), str(value), value + 0.5]
        return out + ([bool(value)] if value in (0, 1) else [True, False])
    if hint is bool:
        return [int(value), float(value), str(value)]
    if hint is str:
        return [0, 1, True, 1.0, value.encode()]
    if typing.get_origin(hint) is tuple:
        item = typing.get_args(hint)[0]
        out = [list(value)]
        if value:
            out += [(bad,) + tuple(value[1:]) for bad in _wrong_values(item, value[0])]
        else:
            out += [(bad,) for bad in _wrong_values(item, 1 if item is int else "x")]
        return out
    raise AssertionError(f"no wrong values for {hint!r}")


def _examples(playthroughs) -> dict:
    """action type -> ``(state, action)``: a legal action (a decision listed, or the chance
    outcome drawn) of that type, the first met in the random games."""
    out = {}
    for record, states in playthroughs:
        for s, a in zip(states, record.actions, strict=False):
            out.setdefault(type(a), (s, a))
            if not s.is_chance_node():
                for b in s.legal_actions():
                    out.setdefault(type(b), (s, b))
    return out


def _made(cls, action, field, value):
    """``action`` with ``field`` set to ``value``, or ``None`` when the type's own
    constructor refuses it (also a refusal where the action is made)."""
    try:
        return dataclasses.replace(action, **{field: value})
    except (TypeError, ValueError):
        return None


def test_every_field_of_every_action_type_refuses_other_types(game, playthroughs):
    codec = get_game(game).codec
    examples = _examples(playthroughs)
    missing = sorted(name for name, cls in codec.types.items() if cls not in examples)
    first = playthroughs[0][1][0]
    tried = refused_at_construction = 0
    for name, cls in sorted(codec.types.items()):
        hints = typing.get_type_hints(cls)
        if cls in examples:
            state, action = examples[cls]
        else:         # never met: a value of each field's type, tried at the start of a game
            state = first
            action = cls(*[{int: 0, str: "x", bool: False}.get(hints[f.name], ()) for f in dataclasses.fields(cls)])
        assert field_problem(action) is None, action
        for f in dataclasses.fields(cls):
            for bad in _wrong_values(hints[f.name], getattr(action, f.name)):
                a = _made(cls, action, f.name, bad)
                if a is None:
                    refused_at_construction += 1
                    continue
                assert f"{name}.{f.name}" in field_problem(a), (a, field_problem(a))
                key, view = state.key(), state.observation(None)
                with pytest.raises(IllegalMove) as info:
                    state.apply(a)
                shown = bad[0] if type(bad) is tuple else bad          # a tuple: its wrong item is named
                assert re.search(rf"{name}\.{f.name}(\[0\])? must be", info.value.reason), info.value.reason
                assert f"got {shown!r}" in info.value.reason, info.value.reason
                assert state.key() == key and state.observation(None) == view
                with pytest.raises(IllegalMove):          # the in-place step refuses alike
                    state._copy().advance(a)
                tried += 1
    assert tried >= 3 * len(codec.types), (tried, refused_at_construction)
    assert len(missing) <= len(codec.types) // 3, f"action types never met in random games: {missing}"


def test_a_pool_of_checked_actions_refuses_other_types():
    from functools import cache

    from explorer.games.journalists.actions import ExcuseCubes, onto_excuse
    pool = cache(checked(ExcuseCubes))
    with pytest.raises(TypeError, match=r"ExcuseCubes.count must be an integer, got True"):
        pool(True)
    assert type(pool(1).count) is int and pool(1) is pool(1)
    with pytest.raises(TypeError, match=r"got 2\.0"):
        onto_excuse(2.0)
    assert type(onto_excuse(2).count) is int


def test_take_off_ehs_pools_never_hold_other_types():
    """Take Off, Eh!'s views make actions with ``Cls.of(...)`` from a click.  A value of the
    wrong type is refused when the pool makes it (TypeError naming the field) and is never
    pooled for the rules to hand out later; a value equal to one pooled already (3.0 and 3,
    True and 1) gets the pooled action, of the right type."""
    from explorer.games.take_off_eh.actions import ACTION_TYPES, Die, Enact, HandCoin
    for make, field in [(lambda: Die.of(3.0), "Die.value"), (lambda: HandCoin.of("suns", True), "HandCoin.value"),
                        (lambda: Enact.of(1), "Enact.enact"), (lambda: Die.of("3"), "Die.value")]:
        try:
            a = make()
        except TypeError as e:
            assert f"{field} must be" in str(e)
        else:
            assert field_problem(a) is None, a
    assert type(Die.of(3).value) is int and type(HandCoin.of("suns", 1).value) is int
    assert Enact.of(True).enact is True and all(hasattr(t, "of") for t in ACTION_TYPES)
    with pytest.raises(TypeError, match="Die.value must be an integer, got '3'"):
        Die.of("3")                                    # equal to no pooled value: always made, refused


def test_the_json_form_still_refuses_other_types():
    codec = get_game("journalists").codec
    for bad in (True, 1.0, "1"):
        with pytest.raises(ValueError, match="count must be an integer"):
            codec.decode({"type": "ExcuseCubes", "count": bad})


# -- viewers --------------------------------------------------------------------------------------------------
def test_check_viewer():
    assert check_viewer(None, 4) is None and check_viewer(3, 4) == 3 and check_viewer(9) == 9
    for bad in BAD_VIEWERS:
        with pytest.raises(ValueError, match="a viewer is None"):
            check_viewer(bad, 4)
    with pytest.raises(ValueError, match="seat number 0-3, got 4"):
        check_viewer(4, 4)


def test_every_viewer_taking_entry_point_refuses_a_viewer_that_is_no_seat(game, playthroughs):
    checked_methods = 0
    for record, states in playthroughs[:3]:
        for s, a in list(zip(states, record.actions, strict=False))[::25]:
            n = s.players
            assert s.observation(None) and all(s.observation(q) for q in range(n))
            s.describe(a), [s.describe(a, q) for q in range(n)]
            for bad in (*BAD_VIEWERS, n, n + 1):
                for call in (lambda v, s=s: s.observation(v), lambda v, s=s, a=a: s.describe(a, v),
                             lambda v, s=s, a=a: s.describe(a, viewer=v),
                             lambda v, s=s, n=n: events_for(s.events, v, n),
                             *((lambda v, s=s: s.commitments(v)),) * hasattr(s, "commitments"),
                             *((lambda v, s=s, a=a: s.describe_action(a, v)),) * hasattr(s, "describe_action")):
                    with pytest.raises(ValueError, match="a viewer is None"):
                        call(bad)
                    checked_methods += 1
                if s.events and not (isinstance(bad, int) and bad >= n):       # no table size: types only
                    with pytest.raises(ValueError, match="a viewer is None"):
                        s.events[0].text_for(bad)
                with pytest.raises(ValueError, match="a viewer is None"):
                    s.events[0].text_for(bad, n) if s.events else check_viewer(bad, n)
    assert checked_methods > 100
