"""Piecepack dice (explorer.components.dice): one Roll action and one roll-off for every
game, faces checked when a roll is made, each game keeping its own words for the faces."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from explorer.components import dice
from explorer.engine import ActionCodec, IllegalMove, RecordError, RuleRef
from explorer.games.conspiracy import actions as CA
from explorer.games.conspiracy.rules import new_game as conspiracy_game
from explorer.games.decay import actions as DA
from explorer.games.decay.rules import new_game as decay_game

RULE = RuleRef("test", "Setup 2", "roll off")
BAD_FACES = [("a",), (1.5, 0, 0, 0), (None, 0, 0, 0), (True, 0), (6,), (-1, 2), ((1,),), ("1",)]


@pytest.mark.parametrize("roll_type", [dice.Roll, CA.Roll, DA.Roll])
@pytest.mark.parametrize("faces", BAD_FACES)
def test_a_roll_refuses_faces_that_are_not_die_faces(roll_type, faces):
    with pytest.raises(ValueError, match="die face must be an integer 0-5"):
        roll_type(faces)


@pytest.mark.parametrize("roll_type", [dice.Roll, CA.Roll, DA.Roll])
@pytest.mark.parametrize("faces", [[1, 1, 1, 1], None, 3, "1234", range(4)])
def test_a_roll_refuses_faces_that_are_not_a_tuple(roll_type, faces):
    with pytest.raises(ValueError, match="faces must be a tuple"):
        roll_type(faces)


def test_the_games_reexport_one_roll_and_keep_their_words():
    assert DA.Roll is dice.Roll
    assert issubclass(CA.Roll, dice.Roll) and CA.Roll.__name__ == "Roll"
    assert str(DA.Roll((0, 1, 4))) == "roll null ace 4"
    assert str(CA.Roll((0, 1, 4))) == "roll blank symbol 4"
    assert str(DA.Roll(())) == "roll"
    assert CA.Roll((1, 2)) != DA.Roll((1, 2))       # one game's roll is not the other's
    with pytest.raises(ValueError, match=r"\(blank, symbol, 2-5\)"):
        CA.Roll((9,))


def test_str_never_raises_even_for_a_roll_built_around_its_checks():
    odd = object.__new__(DA.Roll)
    assert str(odd) == "roll"
    object.__setattr__(odd, "faces", ("a", 1.5, None, 3))
    assert str(odd) == "roll 'a' 1.5 None 3"
    object.__setattr__(odd, "faces", 7)
    assert str(odd) == "roll 7"


@pytest.mark.parametrize("roll_type", [CA.Roll, DA.Roll])
def test_the_json_form_is_unchanged_and_bad_files_are_refused(roll_type):
    codec = ActionCodec([roll_type])
    roll = roll_type((0, 5, 3))
    assert roll.to_json() == {"type": "Roll", "faces": [0, 5, 3]}
    assert codec.decode({"type": "Roll", "faces": [0, 5, 3]}) == roll
    assert type(codec.decode(roll.to_json())) is roll_type
    for faces in ([6], [-1], [0, 9, 0]):
        with pytest.raises(RecordError, match="Roll.*malformed.*0-5"):
            codec.decode({"type": "Roll", "faces": faces})


@pytest.mark.parametrize("k", [0, 1, 2, 4])
def test_outcomes_are_every_roll_with_its_exact_chance(k):
    outcomes = dice.Roll.outcomes(k)
    assert len(outcomes) == 6 ** k == len({r for r, _ in outcomes})
    assert sum(p for _, p in outcomes) == 1
    assert {p for _, p in outcomes} == {Fraction(1, 6 ** k)}
    assert all(type(r) is dice.Roll and len(r.faces) == k for r, _ in outcomes)
    assert outcomes[0][0].faces == (0,) * k and outcomes[-1][0].faces == (5,) * k
    assert all(type(r) is CA.Roll for r, _ in CA.Roll.outcomes(k))


def test_sampling_draws_one_randrange_per_die():
    a, b = random.Random(7), random.Random(7)
    roll = CA.Roll.sample(a, 4)
    assert type(roll) is CA.Roll and roll.faces == tuple(b.randrange(6) for _ in range(4))
    assert a.random() == b.random()                      # the same amount of randomness used
    for k in (1, 2, 3, 5) * 200:                         # the draws are written out: still randrange's
        assert DA.Roll.sample(a, k).faces == tuple(b.randrange(6) for _ in range(k))
    faces = [f for _ in range(600) for f in dice.Roll.sample(a, 2).faces]
    assert set(faces) == set(range(6))


def test_check_refuses_a_wrong_count_or_kind_citing_the_callers_rule():
    dice.Roll.check(dice.Roll((1, 2)), 2, RULE)
    for bad in (dice.Roll((1,)), dice.Roll((1, 2, 3)), CA.Roll((1, 2)), CA.Draw("Suns-3"), None, (1, 2)):
        with pytest.raises(IllegalMove) as e:
            dice.Roll.check(bad, 2, RULE)
        assert e.value.rule == RULE and "is not a roll of 2 dice with faces null, ace, 2-5" in str(e.value)
    odd = object.__new__(dice.Roll)
    object.__setattr__(odd, "faces", ("a", 1))
    with pytest.raises(IllegalMove, match="not a roll of 2 dice"):
        dice.Roll.check(odd, 2, RULE)
    with pytest.raises(IllegalMove, match="faces blank, symbol, 2-5"):
        CA.Roll.check(CA.Roll(()), 1, RULE)


def test_rolloff_groups_highest_first_ties_kept_together():
    assert dice.rolloff_groups((0, 1, 2, 3), (0, 0, 5, 3)) == ((2,), (3,), (0, 1))
    assert dice.rolloff_groups((3, 1), (4, 4)) == ((3, 1),)            # seat order as given
    assert dice.rolloff_groups((0, 2), (1, 4)) == ((2,), (0,))
    assert dice.rolloff_groups((), ()) == ()
    assert dice.rolls_text((0, 2), (0, 1)) == "Player 1 rolls null, Player 3 rolls ace"
    assert dice.rolls_text((0, 2), (0, 1), dice.DIGITS) == "Player 1 rolls 0, Player 3 rolls 1"


def test_decay_state_refuses_bad_rolls_with_setup_2_and_changes_nothing():
    s = decay_game()
    before = s.key()
    for bad in (DA.Roll((1, 2)), CA.Roll((1, 2, 3, 4)), DA.ChooseTile("Suns-3")):
        with pytest.raises(IllegalMove) as e:
            s.apply(bad)
        assert e.value.rule.section == "Setup 2"
    odd = object.__new__(DA.Roll)
    object.__setattr__(odd, "faces", ("a", 1.5, None, 0))
    with pytest.raises(IllegalMove, match=r"Roll.faces\[0\] must be an integer, got 'a'") as e:
        s.apply(odd)
    assert e.value.rule.section == "Setup 2"
    assert s.key() == before
    after = s.apply(DA.Roll((5, 5, 2, 0)))
    assert after.rolloff == (0, 1) and after.chance_outcomes()[0] == (DA.Roll((0, 0)), Fraction(1, 36))


def test_conspiracy_state_refuses_a_decay_roll_at_a_column_check():
    s, rng = conspiracy_game(), random.Random(3)
    while s.phase != "tmo":                   # play on to the first column check
        s = s.apply(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    with pytest.raises(IllegalMove) as e:
        s.apply(DA.Roll((0, 0, 0, 0)))
    assert e.value.rule.section == "Time Marches On 2-3" and "faces blank, symbol, 2-5" in str(e.value)
    assert s.apply(CA.Roll((0, 0, 0, 0))).last_roll == (0, (0, 0, 0, 0), 0, False)
