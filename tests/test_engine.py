"""Unit tests of the engine's pieces: rule references and errors, the action codec,
rule options, the registry, the State base class, playouts, and piecepack components."""
from __future__ import annotations

import dataclasses
import json
import random
import re
from fractions import Fraction

import pytest

from explorer.components import piecepack as pp
from explorer.engine import (CHANCE, Action, ActionCodec, Event, GameRecord, IllegalMove,
                             OptionsError, RecordError, Result, RuleRef, State, game_names, get_game,
                             options_from_dict, options_to_dict, parse_option_strings, random_playout,
                             uniform_policy)
from explorer.games.conspiracy import ConspiracyOptions, ConspiracyState
from explorer.games.conspiracy import actions as A


# -- rule references and errors ------------------------------------------------------------------
def test_ruleref_str_and_json():
    ref = RuleRef("conspiracy", "Take Actions 5.e", "pay two points to roll for a column")
    assert str(ref) == "Take Actions 5.e: pay two points to roll for a column"
    assert ref.to_json() == {"game": "conspiracy", "section": "Take Actions 5.e",
                             "text": "pay two points to roll for a column"}
    assert ref == RuleRef("conspiracy", "Take Actions 5.e", "pay two points to roll for a column")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ref.section = "other"


def test_illegal_move_carries_rule_and_reason():
    ref = RuleRef("conspiracy", "Save/Discard Coins 6-8", "keep at most one coin")
    e = IllegalMove("that coin is not in your hand", ref)
    assert isinstance(e, ValueError)
    assert e.rule is ref and e.reason == "that coin is not in your hand"
    assert "Save/Discard Coins 6-8" in str(e) and "keep at most one coin" in str(e)
    assert str(e).startswith("that coin is not in your hand")
    assert issubclass(RecordError, ValueError) and issubclass(OptionsError, ValueError)


def test_event_str_names_the_section():
    ev = Event("column 2 advances", RuleRef("conspiracy", "Time Marches On 2-3", "two successes"))
    assert str(ev) == "column 2 advances [Time Marches On 2-3]"
    assert Result((1,), "victory").winners == (1,)


def test_a_states_events_are_events_when_read():
    # a step records plain tuples and the state hands them out as Events, made once, for
    # every game; key() never reads them
    for name in game_names():
        state = get_game(name).initial_state()
        for _ in range(40):
            if state.is_terminal():
                break
            action = state.sample_chance(random.Random(3)) if state.is_chance_node() else state.legal_actions()[0]
            state = state.apply(action)
            events = state.events
            assert all(type(e) is Event and e.rule.game == name for e in events), name
            assert state.events is events and list(events) == [Event(*e) for e in events]
            assert "_events" not in dict(state.key()) and "events" not in dict(state.key())
    state.events = ()
    assert state.events == ()


def test_an_event_text_with_values_is_formatted_when_read():
    # a step may record a text template and its values: the text is made when the event
    # is read, as the template formats them; a text without values is kept as it is
    state = get_game("decay").initial_state()
    key = next(iter(state.RULES))
    state._ev = []
    state._event(key, "{} puts {} down at ({}, {})", "suns", "suns-3", 4, -1)
    state._event(key, "{0} moved no tile: the {0} die leaves {1}", "moons", "moons-ace")
    state._event(key, "a text {as it is}")
    state.events = state._ev
    del state._ev
    assert [e.text for e in state.events] == [
        "suns puts suns-3 down at (4, -1)", "moons moved no tile: the moons die leaves moons-ace",
        "a text {as it is}"]
    assert all(type(e) is Event and e.rule is state.RULES[key] for e in state.events)


def test_an_engine_refusal_names_its_rule():
    state = get_game("conspiracy").initial_state()
    with pytest.raises(IllegalMove) as info:
        state.apply(A.Draw("Suns-9"))
    assert info.value.rule.section == "Initial Setup 2"
    assert info.value.rule.section in str(info.value)


# -- the action codec ------------------------------------------------------------------------------
SAMPLES = [
    A.Draw("Crowns-ace"), A.Roll((0, 1, 5, 3)), A.Roll((2,)), A.Roll(()), A.Spot(2, 0),
    A.Goal("Arms", 4), A.TakeTurnNow(), A.Wait(), A.Choose("place"), A.Choose("reveal_tile"),
    A.EndActions(), A.NoNewTile(), A.NewTile(1, 3), A.TileFromHand("Moons-null"),
    A.CoinFromHand("Suns-5"), A.Cell(3, 2), A.Direction("NW"), A.Target(0, 4), A.TargetTile(2, 1),
    A.Column(0), A.Give("Arms-2"), A.GiveTo(3), A.Flip(), A.PayToRemove(), A.Save("Suns-ace"),
    A.SaveNothing(), A.Mark(1), A.NoMark(),
]


def test_samples_cover_every_conspiracy_action_type():
    assert {type(a) for a in SAMPLES} == set(A.ACTION_TYPES)
    assert set(get_game("conspiracy").codec.types.values()) == set(A.ACTION_TYPES)


@pytest.mark.parametrize("action", SAMPLES, ids=repr)
def test_codec_round_trip(action):
    codec = get_game("conspiracy").codec
    data = action.to_json()
    assert data["type"] == type(action).__name__
    text = json.dumps(data)
    back = codec.decode(json.loads(text))
    assert back == action and type(back) is type(action) and hash(back) == hash(action)
    assert back.to_json() == data
    assert str(action) and not str(action).startswith(type(action).__name__ + "(")


def test_actions_are_frozen_values():
    a = A.Cell(1, 2)
    assert a == A.Cell(1, 2) and a != A.Target(1, 2) and len({a, A.Cell(1, 2)}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 5
    with pytest.raises(ValueError, match="unknown action"):
        A.Choose("teleport")


def test_codec_refusals():
    codec = get_game("conspiracy").codec
    cases = [
        ([1, 2], "must be an object"),
        ({"kind": "place"}, "unknown type None"),
        ({"type": "Castle"}, "unknown type 'Castle'"),
        ({"type": "Cell", "x": 1}, "missing field 'y'"),
        ({"type": "Cell", "x": 1, "y": 2, "z": 3}, "unknown field(s) ['z']"),
        ({"type": "Cell", "x": "1", "y": 2}, "x must be an integer"),
        ({"type": "Cell", "x": False, "y": 2}, "x must be an integer"),
        ({"type": "Cell", "x": 1.0, "y": 2}, "x must be an integer"),
        ({"type": "Draw", "piece": 7}, "piece must be a string"),
        ({"type": "Roll", "faces": 1234}, "faces must be a list"),
        ({"type": "Roll", "faces": [1, "2"]}, "faces[1] must be an integer"),
        ({"type": "Roll", "faces": [[1]]}, "faces[0] must be an integer"),
        ({"type": "Choose", "kind": "castle"}, "malformed"),
    ]
    for data, words in cases:
        with pytest.raises(RecordError) as info:
            codec.decode(data, "action 12")
        assert str(info.value).startswith("action 12") and words in str(info.value), (data, str(info.value))


def test_codec_field_kinds():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Probe(Action):
        flag: bool
        maybe: int | None
        pair: tuple[int, str]

    codec = ActionCodec([Probe])
    p = Probe(True, None, (2, "b"))
    assert codec.decode(json.loads(json.dumps(p.to_json()))) == p
    assert codec.decode({"type": "Probe", "flag": False, "maybe": 3, "pair": [1, "a"]}) == Probe(False, 3, (1, "a"))
    for data, words in [({"flag": 1, "maybe": None, "pair": [1, "a"]}, "flag must be true or false"),
                        ({"flag": True, "maybe": "x", "pair": [1, "a"]}, "maybe must be an integer"),
                        ({"flag": True, "maybe": None, "pair": [1]}, "must have 2 items"),
                        ({"flag": True, "maybe": None, "pair": [1, 2]}, "pair[1] must be a string")]:
        with pytest.raises(RecordError, match=re.escape(words)):
            codec.decode({"type": "Probe", **data})
    assert str(p) == "Probe(True, None, (2, 'b'))"


# -- rule options --------------------------------------------------------------------------------------
def test_conspiracy_defaults_are_the_rulebook_values():
    o = ConspiracyOptions()
    assert (o.players, o.columns, o.action_points, o.progress_marking, o.hand_size, o.goal_coins,
            o.successes_to_advance, o.round_cap) == (4, 3, 2, True, 3, 3, 2, None)
    assert options_from_dict(ConspiracyOptions, None) == o
    assert options_from_dict(ConspiracyOptions, {}) == o
    assert options_from_dict(ConspiracyOptions, options_to_dict(o)) == o
    five = ConspiracyOptions(players=5, columns=4, round_cap=7)
    assert options_from_dict(ConspiracyOptions, json.loads(json.dumps(options_to_dict(five)))) == five


def test_options_unknown_and_wrong_types():
    with pytest.raises(OptionsError, match="unknown option.*colums.*known options"):
        options_from_dict(ConspiracyOptions, {"colums": 4})
    with pytest.raises(OptionsError, match="players must be an integer"):
        options_from_dict(ConspiracyOptions, {"players": "4"})
    with pytest.raises(OptionsError, match="players must be an integer"):
        options_from_dict(ConspiracyOptions, {"players": True})
    with pytest.raises(OptionsError, match="progress_marking must be true or false"):
        options_from_dict(ConspiracyOptions, {"progress_marking": 1})
    with pytest.raises(OptionsError, match="progress_marking must be true or false"):
        options_from_dict(ConspiracyOptions, {"progress_marking": "yes"})
    with pytest.raises(OptionsError, match="options must be an object"):
        options_from_dict(ConspiracyOptions, [("players", 4)])
    assert options_from_dict(ConspiracyOptions, {"round_cap": None}).round_cap is None


@pytest.mark.parametrize("bad, word", [({"players": 9}, "players"), ({"players": 2}, "players"),
                                       ({"columns": 0}, "columns"), ({"columns": 7}, "columns"),
                                       ({"action_points": 0}, "action_points"), ({"hand_size": 9}, "hand_size"),
                                       ({"goal_coins": 7}, "goal_coins"), ({"successes_to_advance": 5}, "successes"),
                                       ({"round_cap": 0}, "round_cap"),
                                       ({"players": 5, "goal_coins": 5}, "goal_coins")])
def test_options_out_of_range(bad, word):
    with pytest.raises(OptionsError, match=word):
        options_from_dict(ConspiracyOptions, bad)


@pytest.mark.parametrize("bad, word", [({"columns": "3"}, "columns must be an integer"),
                                       ({"players": True}, "players must be an integer"),
                                       ({"hand_size": 3.0}, "hand_size must be an integer"),
                                       ({"round_cap": "10"}, "round_cap must be an integer"),
                                       ({"progress_marking": 1}, "progress_marking must be true or false")])
def test_options_built_in_python_check_their_types(bad, word):
    with pytest.raises(OptionsError, match=word):
        ConspiracyOptions(**bad)


@pytest.mark.parametrize("bad, word", [({"coins": "6"}, "coins must be an integer"),
                                       ({"players": False}, "players must be an integer"),
                                       ({"slide_cost": 1.0}, "slide_cost must be an integer"),
                                       ({"pawn_rides_moved_tile": 0}, "pawn_rides_moved_tile must be true or false")])
def test_decay_options_built_in_python_check_their_types(bad, word):
    from explorer.games.decay.rules import DecayOptions
    with pytest.raises(OptionsError, match=word):
        DecayOptions(**bad)
    assert DecayOptions(round_cap=None).round_cap is None


def test_options_under_which_nobody_can_win_are_refused():
    # Declare Progress or Victory 10 needs two separate Present tiles: one column can never hold them.
    for build in (lambda: ConspiracyOptions(columns=1), lambda: options_from_dict(ConspiracyOptions, {"columns": 1})):
        with pytest.raises(OptionsError, match="columns must be 2-6.*Victory 10.*got 1"):
            build()
    assert ConspiracyOptions(columns=2).columns == 2


def test_parse_option_strings():
    o = parse_option_strings(ConspiracyOptions, ["columns=4", " players = 5 ", "round-cap=10",
                                                 "progress-marking=off"])
    assert (o.columns, o.players, o.round_cap, o.progress_marking) == (4, 5, 10, False)
    assert parse_option_strings(ConspiracyOptions, None) == ConspiracyOptions()
    assert parse_option_strings(ConspiracyOptions, ["goal_coins=8", "players=3"]).goal_coins == 8
    for text, value in [("true", True), ("YES", True), ("on", True), ("1", True),
                        ("false", False), ("No", False), ("off", False), ("0", False)]:
        assert parse_option_strings(ConspiracyOptions, [f"progress_marking={text}"]).progress_marking is value
    for text in ("none", "null", "None", ""):
        assert parse_option_strings(ConspiracyOptions, [f"round_cap={text}"]).round_cap is None
    for items, words in [(["columns"], "name=value"), (["columns=four"], "columns must be an integer"),
                         (["columns=4.5"], "columns must be an integer"),
                         (["progress_marking=maybe"], "progress_marking must be true or false"),
                         (["spam=1"], "unknown option"), (["players=9"], "players")]:
        with pytest.raises(OptionsError, match=words):
            parse_option_strings(ConspiracyOptions, items)


# -- registry ---------------------------------------------------------------------------------------------
def test_registry():
    assert "conspiracy" in game_names()
    g = get_game("conspiracy")
    assert g.name == "conspiracy" and g.title == "Conspiracy" and g.options_type is ConspiracyOptions
    assert g.rulebook == "conspiracy.txt"
    assert isinstance(g.initial_state(), ConspiracyState)
    assert g.initial_state({"players": 5}).options.players == 5
    assert g.initial_state(ConspiracyOptions(columns=4)).options.columns == 4
    with pytest.raises(TypeError):
        g.initial_state(5)
    with pytest.raises(OptionsError, match="players"):
        g.initial_state({"players": 6})
    with pytest.raises(RecordError, match="unknown game 'chess'.*conspiracy"):
        get_game("chess")


# -- the State base class ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Coin(Action):
    side: str


class ThreeWay(State):
    """A chance node with uneven outcomes, to test the base class's sampler."""

    game = "test"

    def __init__(self, tag=0):
        self.tag = tag

    @property
    def current_player(self):
        return CHANCE

    def chance_outcomes(self):
        return [(Coin("a"), Fraction(1, 2)), (Coin("b"), Fraction(1, 4)), (Coin("c"), Fraction(1, 4))]

    def key(self):
        return ("three", self.tag)


class FixedRng:
    def __init__(self, value):
        self.value = value

    def random(self):
        return self.value


def test_state_base_sampler_and_equality():
    s = ThreeWay()
    for r, side in [(0.0, "a"), (0.4999, "a"), (0.5, "b"), (0.7499, "b"), (0.75, "c"), (0.99999, "c")]:
        assert s.sample_chance(FixedRng(r)) == Coin(side), r
    assert s.is_chance_node() and not s.is_terminal()
    assert s == ThreeWay(0) and s != ThreeWay(1) and hash(s) == hash(ThreeWay(0))
    assert s.describe(Coin("a")) == "Coin(a)"

    class Other(ThreeWay):
        pass
    assert Other(0) != s                  # equal keys, different games: not equal


# -- playouts -------------------------------------------------------------------------------------------------
def test_random_playout_options():
    seen = []
    record, state = random_playout("conspiracy", {"players": 3}, seed=4, max_actions=50, on_state=seen.append)
    assert len(record.actions) == 50 and len(seen) == 51 and seen[-1] is state
    assert record.seed == 4 and record.options.players == 3 and record.game == "conspiracy"
    assert record.replay() == state and not state.is_terminal()
    assert isinstance(record, GameRecord)
    assert set(record.to_json()) == {"format", "version", "game", "options", "seed", "actions"}


def test_uniform_policy_picks_only_legal_actions():
    _, state = random_playout("conspiracy", {}, seed=1, max_actions=200)
    while state.is_chance_node():
        state = state.apply(state.sample_chance(random.Random(0)))
    rng = random.Random(0)
    picks = {uniform_policy(state, rng) for _ in range(300)}
    legal = set(state.legal_actions())
    assert picks <= legal
    if len(legal) <= 10:                  # 300 seeded draws reach every one of a short list
        assert picks == legal



def test_uniform_policy_draws_what_rng_choice_draws():
    # The policy draws its index inline; records made with it must replay the games that
    # rng.choice made before, so the draws must be the same for every list length.
    class Listed:
        def __init__(self, actions):
            self.actions = actions

        def legal_actions(self):
            return self.actions

    ours, theirs = random.Random(11), random.Random(11)
    for n in [1, 2, 3, 5, 8, 64, 65, 100, 127, 128, 129, 1000] * 30:
        actions = list(range(n))
        assert uniform_policy(Listed(actions), ours) == theirs.choice(actions)
    with pytest.raises(IndexError):
        uniform_policy(Listed([]), ours)

# -- piecepack components ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, suit, rank, name", [
    ("Crown-2", "Crowns", 2, "Crowns-2"), ("Crowns-5", "Crowns", 5, "Crowns-5"),
    ("Arms-ace", "Arms", 1, "Arms-ace"), ("Moons-null", "Moons", 0, "Moons-null"),
    ("moon-0", "Moons", 0, "Moons-null"), ("Sun-1", "Suns", 1, "Suns-ace"),
    ("suns-spiral", "Suns", 1, "Suns-ace"), ("Arm-blank", "Arms", 0, "Arms-null"),
    (" Spring-4 ", "Spring", 4, "Spring-4"), ("winter-a", "Winter", 1, "Winter-ace"),
])
def test_piece_parsing(text, suit, rank, name):
    for cls in (pp.Tile, pp.Coin):
        piece = cls.parse(text)
        assert (piece.suit, piece.rank, piece.name, str(piece)) == (suit, rank, name, name)
        assert type(piece) is cls
    assert pp.canonical_name(text) == name


@pytest.mark.parametrize("bad", ["Stars-2", "Crowns-6", "Crowns-7", "Crowns", "", "-", "Crowns-",
                                 "Crowns-5-2", "Crowns-two", 5, None])
def test_bad_piece_names(bad):
    with pytest.raises(ValueError):
        pp.Tile.parse(bad)
    with pytest.raises(ValueError):
        pp.canonical_name(bad)


def test_piece_constructor_checks():
    with pytest.raises(ValueError, match="suit"):
        pp.Tile("Stars", 2)
    with pytest.raises(ValueError, match="rank"):
        pp.Coin("Suns", 6)
    with pytest.raises(ValueError):
        pp.parse_rank(True)
    assert pp.parse_rank(3) == 3 and pp.parse_rank("ACE") == 1 and pp.rank_name(0) == "null"
    assert pp.Tile("Suns", 1) != pp.Coin("Suns", 1)
    assert sorted([pp.Tile("Suns", 3), pp.Tile("Arms", 5), pp.Tile("Arms", 0)])[0] == pp.Tile("Arms", 0)


@pytest.mark.parametrize("suits, names", [(pp.STANDARD, ("Suns", "Moons", "Crowns", "Arms")),
                                          (pp.FOUR_SEASONS, ("Spring", "Summer", "Fall", "Winter"))])
def test_piecepack_contents(suits, names):
    pack = pp.piecepack(suits)
    assert pack.suits.suits == names and all(n in suits for n in names)
    assert len(pack.tiles) == 24 and len(set(pack.tiles)) == 24
    assert len(pack.coins) == 24 and len(set(pack.coins)) == 24
    assert {(t.suit, t.rank) for t in pack.tiles} == {(s, r) for s in names for r in range(6)}
    assert [d.suit for d in pack.dice] == list(names) and all(d.faces == pp.RANKS for d in pack.dice)
    assert [p.suit for p in pack.pawns] == list(names)
    assert str(pack.dice[0]) == f"{names[0]} die" and str(pack.pawns[1]) == f"{names[1]} pawn"
    assert "Stars" not in suits


def test_piecepack_default_is_standard():
    assert pp.piecepack().suits is pp.STANDARD
    assert pp.piece_name("Crowns", 1) == "Crowns-ace"
    with pytest.raises(ValueError):
        pp.parse_suit("Stars")
