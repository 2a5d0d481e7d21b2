"""Every game's declared action space (explorer.engine.action_space): each field walked over its
whole domain round-trips, every id decodes to an action of the game, random games of every game
and player count meet no action without an id, and the ids of the default games stay put."""
from __future__ import annotations

import hashlib
import random

import pytest

from explorer.engine import get_game
from explorer.engine.action_space import ActionIdError, Range, Sequences, Values, action_space, optional

from conftest import GAME_CASES

#: random games per player count for the property test: more where a game is short
PROPERTY_GAMES = {"conspiracy": 2, "decay": 40, "journalists": 40, "take_off_eh": 20, "sands_of_time": 10,
                  "guess_the_die": 10}


def _player_counts(name):
    g = get_game(name)
    for n in range(1, 17):
        try:
            yield g.options_type(players=n)
        except ValueError:
            pass


def _spaces():
    """(name, options) for every game: every player count, and every sample option set."""
    for name in sorted(GAME_CASES):
        g = get_game(name)
        seen = set()
        for options in [*_player_counts(name), *(g.options_type(**o) for o in GAME_CASES[name]["sample_options"])]:
            if options not in seen:
                seen.add(options)
                yield name, options


SPACES = list(_spaces())


@pytest.mark.parametrize("name,options", SPACES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SPACES)])
def test_every_field_walked_over_its_domain_round_trips(name, options):
    """Per action type, each field takes every value of its domain (the others a random value of
    theirs): action -> id -> action -> id, the id inside its type's block.  A type's every id
    decodes to an action of that type when the block is small, and its first and last always."""
    space = action_space(name, options)
    rng = random.Random(1)
    walked = 0
    for chance in (False, True):
        for cls in space.types(chance):
            domains = space.domains(cls, chance)
            block = space.block(cls, chance)
            for name_, domain in domains.items():
                for value in domain:
                    fields = {f: d.value(rng.randrange(d.size)) for f, d in domains.items()}
                    fields[name_] = value
                    action = cls(**fields)
                    i = space.encode(action, chance)
                    assert i in block
                    assert space.decode(i, chance) == action
                    assert space.encode(space.decode(i, chance), chance) == i
                    walked += 1
            ids = block if len(block) <= 5000 else [block[0], block[-1], *rng.sample(block, 2000)]
            for i in ids:
                action = space.decode(i, chance)
                assert type(action) is cls and space.encode(action, chance) == i
    assert walked >= len(space.types(False))


@pytest.mark.parametrize("name", sorted(GAME_CASES))
def test_random_games_of_every_player_count_meet_no_action_without_an_id(name):
    """Fresh random games, whole (no round cap): every legal action and chance outcome of every
    state met has an id in range, distinct within its state, that decodes to itself."""
    g = get_game(name)
    checked = 0
    for options in _player_counts(name):
        space = action_space(name, options)
        for seed in range(PROPERTY_GAMES[name]):
            rng = random.Random(f"{name}/{options.players}/{seed}")
            state = g.initial_state(options)
            while not state.is_terminal():
                chance = state.is_chance_node()
                actions = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
                ids = [space.encode(a, chance) for a in actions]
                assert len(set(ids)) == len(ids)
                assert all(0 <= i < space.size(chance) for i in ids)
                assert [space.decode(i, chance) for i in ids] == list(actions)
                checked += len(ids)
                state = state.apply(state.sample_chance(rng) if chance else actions[rng.randrange(len(actions))])
    assert checked > 1000


def _fingerprint(space) -> str:
    """The id of every action of the space, digested: equal digests, equal ids."""
    h = hashlib.blake2b(digest_size=8)
    for chance in (False, True):
        for cls in space.types(chance):
            block = space.block(cls, chance)
            h.update(f"{chance}{cls.__name__}{block.start}:{block.stop};".encode())
            for name, domain in space.domains(cls, chance).items():
                h.update(f"{name}={list(domain)!r};".encode())
    return h.hexdigest()


#: the id spaces of each game with its default options.  A change here changes the ids every saved
#: OpenSpiel policy or tree uses: make it only with a change of the rules' enumerations.
PINNED = {
    "conspiracy": (901, 1590, "a78365421a5bfdec"),
    "decay": (297922, 1548, "d1e203923749f37f"),
    "guess_the_die": (6, 6, "94668515a2db6288"),
    "journalists": (1649, 49, "1b9c696309b74376"),
    "sands_of_time": (5291, 1036, "cc131bfb37d619c9"),
    "take_off_eh": (1490, 54, "1478562ffad1d7fa"),
}


@pytest.mark.parametrize("name", sorted(GAME_CASES))
def test_the_ids_of_the_default_games_stay_put(name):
    space = action_space(name, get_game(name).options_type())
    assert (space.size(False), space.size(True), _fingerprint(space)) == PINNED[name]


def test_the_ids_do_not_depend_on_the_order_the_rules_list_things():
    from guess_game import Die, Guess
    from explorer.engine.action_space import ActionSpace
    a = ActionSpace("t", {Guess: {"face": [3, 1, 2]}}, {Die: {"face": range(1, 4)}})
    b = ActionSpace("t", {Guess: {"face": (2, 3, 1)}}, {Die: {"face": [1, 3, 2]}})
    assert [a.encode(Guess(f)) for f in (1, 2, 3)] == [b.encode(Guess(f)) for f in (1, 2, 3)] == [0, 1, 2]
    assert [a.encode(Die(f), True) for f in (1, 2, 3)] == [b.encode(Die(f), True) for f in (1, 2, 3)]


def test_an_action_outside_the_space_is_refused_naming_it():
    from explorer.games.decay.actions import Place, StopMoving
    space = action_space("decay", get_game("decay").options_type())
    with pytest.raises(ActionIdError, match=r"decay: .*Place\(x=100000.* x=100000 is outside the 385 values"
                                            r" the rules give Place.x"):
        space.encode(Place(100000, 0))
    with pytest.raises(ActionIdError, match="declares no chance outcome of type StopMoving"):
        space.encode(StopMoving(), chance=True)
    with pytest.raises(ActionIdError, match="is not an action id"):
        space.decode(space.size())
    with pytest.raises(ActionIdError, match="is not an action id"):
        space.decode(True)
    from explorer.games.conspiracy.actions import GiveTo
    space = action_space("conspiracy", get_game("conspiracy").options_type(players=3))
    with pytest.raises(ActionIdError, match="player=True"):       # True is not the seat 1
        space.encode(GiveTo(True))
    assert space.decode(space.encode(GiveTo(2))) == GiveTo(2)
    with pytest.raises(ActionIdError, match="player=3"):          # no fourth seat with 3 players
        space.encode(GiveTo(3))


def test_domains_count_without_listing():
    seq = Sequences(Range(0, 5), range(2, 6))
    assert seq.size == 6 ** 2 + 6 ** 3 + 6 ** 4 + 6 ** 5
    for t in [(0, 0), (5, 5), (0, 0, 0), (1, 2, 3, 4, 5), (5, 5, 5, 5, 5)]:
        assert seq.value(seq.index(t)) == t
    assert [seq.value(i) for i in range(3)] == [(0, 0), (0, 1), (0, 2)]
    with pytest.raises(KeyError):
        seq.index((1,))
    opt = optional(Values(["b", "a"]))
    assert list(opt) == [None, "a", "b"] and opt.index("b") == 2
