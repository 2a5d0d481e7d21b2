"""Game records: save/load round trips at random points, hostile or broken files refused
with a RecordError naming the problem, and the Timeline's cursor, play and branch."""
from __future__ import annotations

import copy
import dataclasses
import json
import random
import typing

import pytest

from explorer.engine import GameRecord, IllegalMove, RecordError, Timeline, get_game, random_playout
from explorer.engine.record import FORMAT, VERSION
from explorer.games.conspiracy.actions import Draw


# -- round trips --------------------------------------------------------------------------
def test_save_load_round_trip_at_random_points(game, case, tmp_path):
    rng = random.Random(2024)
    options = case["sample_options"]
    for seed in range(30):
        states = []
        record, _ = random_playout(game, options[seed % len(options)], seed=seed, on_state=states.append)
        cut = rng.randrange(len(record.actions) + 1)
        part = GameRecord(record.game, record.options, record.seed, record.actions[:cut])
        text = part.dumps()
        path = tmp_path / f"game{seed}.json"
        part.save(path)
        for loaded in (GameRecord.loads(text), GameRecord.load(path), GameRecord.loads(text.encode())):
            assert loaded == part
            assert loaded.replay() == states[cut]
            assert loaded.replay().key() == states[cut].key()
            assert loaded.dumps() == text
            assert loaded.validate() == states[cut]
        assert json.loads(text)["format"] == FORMAT and json.loads(text)["version"] == VERSION
        assert part.states() == states[: cut + 1]


def test_empty_record_round_trips(game):
    record = GameRecord(game, get_game(game).options_type(), None, ())
    assert GameRecord.loads(record.dumps()) == record
    assert record.replay() == get_game(game).initial_state()


# -- hostile and broken files ----------------------------------------------------------------
@pytest.fixture(scope="module")
def good(game, case):
    record, _ = random_playout(game, case["sample_options"][0], seed=5, max_actions=400)
    return record


def _refused(data, *words):
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        GameRecord.loads(text)
    message = str(info.value).lower()
    for w in words:
        assert w.lower() in message, f"{w!r} not in {message!r}"
    return message


def test_not_json(good):
    _refused("this is not a saved game", "json")
    _refused("", "json")
    _refused(b"\xff\xfe\x00", "utf-8")
    _refused(json.dumps([1, 2, 3]), "object")


def test_truncated_json(good):
    text = good.dumps()
    _refused(text[: len(text) // 2], "json", "truncated")
    _refused(text[:-1], "json")


def test_wrong_format_and_version(good):
    data = good.to_json()
    _refused({**data, "format": "chess-pgn"}, "format", "chess-pgn")
    _refused({k: v for k, v in data.items() if k != "format"}, "format")
    _refused({**data, "version": VERSION + 1}, "version", str(VERSION + 1))
    _refused({**data, "version": "1"}, "version")


def test_missing_and_unknown_top_level_fields(good):
    data = good.to_json()
    _refused({k: v for k, v in data.items() if k != "actions"}, "missing", "actions")
    _refused({**data, "comment": "hi"}, "unknown", "comment")


def test_unknown_game(good):
    data = good.to_json()
    _refused({**data, "game": "tic-tac-toe"}, "unknown game", "tic-tac-toe")
    _refused({**data, "game": 7}, "game", "string")
    _refused({**data, "game": "__init__"}, "unknown game")


def test_bad_options(good, case):
    data = good.to_json()
    _refused({**data, "options": {"no_such_option": 1}}, "no_such_option")
    _refused({**data, "options": [4]}, "options")
    first = next(iter(data["options"]))
    _refused({**data, "options": {first: "lots"}}, first)
    for bad in case["bad_options"]:
        _refused({**data, "options": bad}, "options", next(iter(bad)))


def test_bad_seed(good):
    data = good.to_json()
    for seed in ("12", 1.5, True, [1]):
        _refused({**data, "seed": seed}, "seed")
    assert GameRecord.loads(json.dumps({**data, "seed": None})).seed is None


def test_actions_not_a_list(good):
    data = good.to_json()
    _refused({**data, "actions": {"0": data["actions"][0]}}, "actions", "list")
    _refused({**data, "actions": "Draw"}, "actions", "list")


def _first_with_int_field(data):
    for i, a in enumerate(data["actions"]):
        for k, v in a.items():
            if k != "type" and isinstance(v, int) and not isinstance(v, bool):
                return i, k
    raise AssertionError("no action with an integer field")


def test_malformed_actions(good):
    data = good.to_json()
    i, field = _first_with_int_field(data)

    def with_action(new):
        d = copy.deepcopy(data)
        d["actions"][i] = new
        return d

    action = data["actions"][i]
    kind = action["type"]
    _refused(with_action({**action, "type": "Teleport"}), f"action {i}", "unknown type", "Teleport")
    _refused(with_action({k: v for k, v in action.items() if k != "type"}), f"action {i}", "type")
    _refused(with_action({k: v for k, v in action.items() if k != field}), f"action {i}", "missing", field)
    _refused(with_action({**action, "colour": "red"}), f"action {i}", "unknown field", "colour")
    _refused(with_action({**action, field: str(action[field])}), f"action {i}", field, "integer")
    _refused(with_action({**action, field: True}), f"action {i}", field, "integer")
    _refused(with_action({**action, field: 1.0}), f"action {i}", field, "integer")
    _refused(with_action({**action, field: None}), f"action {i}", field)
    _refused(with_action([kind, action[field]]), f"action {i}", "object")
    _refused(with_action(None), f"action {i}")


def test_action_type_that_is_not_a_string(good):
    """A hostile "type" (a list or an object) must be refused like any unknown type,
    not crash with a TypeError from a dictionary lookup."""
    for bad_type in ([], ["Draw"], {"a": 1}, 3, None):
        d = copy.deepcopy(good.to_json())
        d["actions"][2] = {"type": bad_type}
        _refused(d, "action 2", "type")


def _valid_json_value(hint):
    if hint is int:
        return 0
    if hint is str:
        return "x"
    if hint is bool:
        return False
    return []                                  # a tuple field


def _wrong_for_tuple(hint):
    """Bad JSON for a tuple field: not a list, or a list holding an item of another type."""
    other = 1 if typing.get_args(hint)[0] is str else "1"
    return ["1 2", 3, [True, 1], [other], None, [1.5]]


def test_bad_field_types_per_action_type(game):
    """Every field of every action type refuses a value of the wrong JSON type."""
    codec = get_game(game).codec
    wrong = {int: ["3", True, 2.5, None, [1]], str: [3, None, ["a"], {"a": 1}], bool: [1, "true", None]}
    checked = 0
    for name, cls in codec.types.items():
        hints = typing.get_type_hints(cls)
        fields = [f.name for f in dataclasses.fields(cls)]
        valid = {f: _valid_json_value(hints[f]) for f in fields}
        for f in fields:
            bad_values = wrong.get(hints[f]) or _wrong_for_tuple(hints[f])
            for bad in bad_values:
                with pytest.raises(RecordError, match=f"action.{f}"):
                    codec.decode({"type": name, **valid, f: bad})
                checked += 1
    assert checked > 0


def _first_illegal(record):
    state = record.initial_state()
    for j, action in enumerate(record.actions):
        try:
            state = state.apply(action)
        except IllegalMove:
            return j
    return None


def test_action_illegal_at_its_point_names_the_index(good):
    """Swap adjacent actions: whenever the swapped record no longer replays, loading it
    fails with a message naming the index of the first illegal action."""
    data = good.to_json()
    broken = 0
    for i in range(0, len(good.actions) - 1, 3):
        actions = list(good.actions)
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
        swapped = GameRecord(good.game, good.options, good.seed, tuple(actions))
        j = _first_illegal(swapped)
        d = copy.deepcopy(data)
        d["actions"][i], d["actions"][i + 1] = d["actions"][i + 1], d["actions"][i]
        if j is None:
            assert GameRecord.loads(json.dumps(d)) == swapped
            continue
        assert j >= i
        message = _refused(d, f"action {j} ", "illegal")
        assert str(actions[j]).lower() in message
        broken += 1
    assert broken >= 10


def test_draw_of_a_piece_not_available_is_refused():
    """Conspiracy: a Draw of a tile already dealt, of a piece that does not exist, or of a
    coin already drawn from the bag is illegal at its point; the message gives its index."""
    record, _ = random_playout("conspiracy", {"round_cap": 5}, seed=3, max_actions=10)
    data = record.to_json()
    dealt = data["actions"][0]["piece"]
    data["actions"].append({"type": "Draw", "piece": dealt})
    _refused(data, "action 10", "illegal", dealt)
    data["actions"][-1] = {"type": "Draw", "piece": "Suns-9"}
    _refused(data, "action 10", "illegal")
    # a legal stream of draws: keep the first 24 deals, then the bag for goals
    full, _ = random_playout("conspiracy", {"round_cap": 5}, seed=3, max_actions=30)
    data = full.to_json()
    goal_coin = data["actions"][24]["piece"]
    data["actions"][25] = {"type": "Draw", "piece": goal_coin}    # drawn twice from the bag
    _refused(data, "action 25", "not a coin in the bag")
    assert isinstance(full.actions[24], Draw)


def test_action_after_the_end_is_refused(game, case):
    record, final = random_playout(game, case["sample_options"][0], seed=8)
    assert final.is_terminal()
    data = record.to_json()
    n = len(data["actions"])
    data["actions"].append(data["actions"][-1])
    _refused(data, f"action {n} ", "illegal")


def test_deeply_nested_json(good):
    _refused("[" * 100_000 + "]" * 100_000, "nested")
    data = good.dumps()
    hostile = data.replace('"seed":', '"seed":' + "[" * 50_000 + "1" + "]" * 50_000 + ',"x":', 1)
    _refused(hostile)


def test_huge_numbers(good):
    data = good.to_json()
    _refused({**data, "options": {"players": 10 ** 100}}, "players")
    _refused({**data, "seed": 1e308 * 10}, "seed")
    i, field = _first_with_int_field(data)
    d = copy.deepcopy(data)
    d["actions"][i][field] = 10 ** 100
    _refused(d, f"action {i}")


def test_huge_integer_literal_is_a_record_error(good):
    """A number with thousands of digits makes Python's json refuse to convert it (a
    plain ValueError); the loader must still answer with a RecordError."""
    text = good.dumps().replace('"seed":5', '"seed":' + "9" * 5000)
    assert text != good.dumps()
    _refused(text)


def test_too_large_and_missing_file(tmp_path):
    from explorer.engine.record import MAX_BYTES
    _refused(" " * (MAX_BYTES + 1), "too large")
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "nowhere.json")


# -- the timeline -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def timeline_record(game, case):
    """A record cut at ``timeline_length`` actions (300 unless the game's case says
    otherwise: a game whose whole games are shorter) before its game ended (the first
    such seed from 11 on: games shorter than that leave no room to play on or branch
    half-way)."""
    length = case.get("timeline_length", 300)
    for seed in range(11, 211):
        record, final = random_playout(game, case["sample_options"][0], seed=seed, max_actions=length)
        if not final.is_terminal():
            return record
    raise AssertionError(f"no random game lasted {length} actions")


def test_timeline_moves(timeline_record):
    record = timeline_record
    t = Timeline(record)
    n = len(record.actions)
    assert len(t) == n and t.cursor == 0 and t.state == record.replay(0)
    assert t.back() is False and t.cursor == 0
    for i in range(1, 20):
        assert t.step() is True
        assert t.cursor == i and t.state == record.replay(i)
    assert t.back() is True and t.cursor == 18 and t.state == record.replay(18)
    rng = random.Random(1)
    for _ in range(15):
        i = rng.randrange(n + 1)
        t.jump(i)
        assert t.cursor == i and t.state == record.replay(i)
    t.last()
    assert t.at_end and t.cursor == n and t.state == record.replay()
    assert t.step() is False and t.cursor == n
    t.first()
    assert t.cursor == 0 and t.state == record.replay(0)
    with pytest.raises(IndexError):
        t.jump(n + 1)
    with pytest.raises(IndexError):
        t.jump(-1)
    assert t.cursor == 0
    assert t.record == record


def test_timeline_play_at_end_and_refusals(timeline_record):
    record = timeline_record
    t = Timeline(record)
    t.last()
    state = t.state
    action = state.sample_chance(random.Random(0)) if state.is_chance_node() else state.legal_actions()[0]
    new = t.play(action)
    assert len(t) == len(record.actions) + 1 and t.cursor == len(t) and t.at_end
    assert new == state.apply(action) and t.state == new
    assert t.record.actions == record.actions + (action,)
    assert len(record.actions) == len(timeline_record.actions)          # the record is a value
    t.jump(3)
    with pytest.raises(ValueError, match="branch"):
        t.play(record.actions[3])
    assert len(t) == len(record.actions) + 1 and t.cursor == 3
    # an illegal action at the end leaves the timeline as it was
    t.last()
    before = (t.cursor, t.actions, t.state.key())
    with pytest.raises(IllegalMove):
        t.play(_not_legal_here(t.state, record.actions))
    assert (t.cursor, t.actions, t.state.key()) == before


def _not_legal_here(state, candidates):
    legal = set(state.legal_actions())
    for a in candidates:
        if a not in legal:
            return a
    raise AssertionError("no illegal candidate")


def test_timeline_branch_keeps_original(timeline_record):
    record = timeline_record
    t = Timeline(record)
    half = len(record.actions) // 2
    t.jump(half)
    b = t.branch()
    assert b.cursor == half and len(b) == half and b.at_end and b.state == t.state
    assert len(t) == len(record.actions) and t.cursor == half
    # the branch diverges: play something other than the recorded action where possible
    rng = random.Random(3)
    diverged = False
    for _ in range(40):
        s = b.state
        if s.is_terminal():
            break
        a = s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[rng.randrange(len(s.legal_actions()))]
        b.play(a)
        if b.cursor - 1 < len(record.actions) and record.actions[b.cursor - 1] != a:
            diverged = True
    assert diverged
    assert t.record == record and len(t) == len(record.actions) and t.cursor == half
    for i in (0, half, half + 1, len(record.actions)):
        t.jump(i)
        assert t.state == record.replay(i)
    for i in range(0, len(b) + 1, 17):
        b.jump(i)
        assert b.state == b.record.replay(i)
    assert b.record.actions[:half] == record.actions[:half]


def test_timeline_new(game):
    t = Timeline.new(game, seed=9)
    assert len(t) == 0 and t.at_end and t.record.seed == 9
    assert t.state == get_game(game).initial_state()
