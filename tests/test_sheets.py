"""Exercise sheets (issue 44, explorer/engine/sheets.py): a sheet made of generic named parts at a
worked example's positions loads, and its answers are the engine's own (the legal actions of a type,
the seat to move after an action, a chance outcome's exact probability); save and load round-trip;
every malformed sheet is refused with one line naming the source and the problem, and nothing is
written; a question posed to a seat about what it cannot see is refused; every game's built-in sheet
(data/exercises) exports, checks and loads back with the same answers, and no game builds its
exercises in code any more."""
from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from explorer.engine.examples import load_example
from explorer.engine.exercises import GAMES, exercises
from explorer.engine.sheets import (SheetError, builtin_path, builtin_sheet, chance_choices, entry, load_sheet,
                                    pick_scopes, position_from_example, position_from_record, predict_choices,
                                    save_sheet, sheet)

GAME = "journalists"
OPENING = "journalists-opening"
#: the opening after 12 steps: Player 2 is to take a card; after 5 steps: a card is turned up
DECIDE, DRAW = 12, 5


@pytest.fixture(scope="module")
def opening():
    return load_example(OPENING).record


def _rule(state) -> str:
    return next(iter(type(state).RULES.values())).section


@pytest.fixture(scope="module")
def base(opening):
    """A valid sheet of three exercises, one of each kind, made with the authoring helpers."""
    decide, draw = opening.replay(DECIDE), opening.replay(DRAW)
    acts, outs = predict_choices(GAME, decide, 1)
    assert ("next-mover", "who takes the next step") in outs
    entries = [
        entry(GAME, kind="pick", position=position_from_example(OPENING, DECIDE), viewer=1,
              question="Pick every card Player 2 may take as evidence.", rules=[_rule(decide)], title="Evidence",
              scope="Evidence"),
        entry(GAME, kind="predict", position=position_from_record(opening, DECIDE), viewer=1,
              question="Player 2 takes this card. Who moves next?", rules=[_rule(decide)], key="who-next",
              action=acts[0][0], outcome="next-mover", chapter="An opening", hint="think of the refill"),
        entry(GAME, kind="chance", position=position_from_example(OPENING, DRAW), viewer=None,
              question="How likely is this card to be turned up?", rules=[_rule(draw)],
              probability=chance_choices(GAME, draw, None)[0][0]),
    ]
    return sheet(GAME, entries)


def test_the_authoring_helpers_name_what_fits_the_position(opening):
    decide = opening.replay(DECIDE)
    scopes = dict(pick_scopes(GAME, decide, 1))
    assert set(scopes) == {"any"} | {type(a).__name__ for a in decide.legal_actions()}
    acts, _ = predict_choices(GAME, decide, 1)
    assert len(acts) == len(decide.legal_actions())
    draw = opening.replay(DRAW)
    assert pick_scopes(GAME, draw, None) == [] and chance_choices(GAME, decide, None) == []
    assert len(chance_choices(GAME, draw, None)) == len({draw.describe(a) for a, _ in draw.chance_outcomes()})


def test_a_generic_sheet_is_answered_by_the_engine(base, opening):
    pick, predict, chance = load_sheet(base).exercises
    decide, draw = opening.replay(DECIDE), opening.replay(DRAW)
    assert pick.answer() == {a for a in decide.legal_actions() if type(a).__name__ == "Evidence"} != set()
    assert pick.viewer == 1 and pick.rules[0].section == _rule(decide)
    first = decide.legal_actions()[0]
    after = decide.apply(first)
    assert predict.answer() == (after.current_player if not after.is_chance_node() else "a chance step")
    assert predict.chapter == "An opening" and predict.hint == "think of the refill"
    outcome, _ = draw.chance_outcomes()[0]
    want = sum((p for a, p in draw.chance_outcomes() if draw.describe(a) == draw.describe(outcome)), Fraction(0))
    assert chance.exact() == want and chance.viewer is None


def test_save_then_load_round_trips_and_a_refused_sheet_writes_nothing(base, tmp_path):
    path = tmp_path / "mine.json"
    save_sheet(path, base)
    again = load_sheet(path, game=GAME)
    assert again.data == base and again.source == str(path)
    assert [e.answer_text() for e in again.exercises] == [e.answer_text() for e in load_sheet(base).exercises]
    bad = copy.deepcopy(base)
    bad["exercises"][0]["kind"] = "quiz"
    with pytest.raises(SheetError):
        save_sheet(tmp_path / "bad.json", bad)
    with pytest.raises(SheetError):
        save_sheet(path, bad)
    assert not (tmp_path / "bad.json").exists() and json.loads(path.read_text()) == base


def _broken(base, opening, how: str):
    data = copy.deepcopy(base)
    ex = data["exercises"]
    if how == "format":
        data["format"] = "rules-explorer/record"
    elif how == "version":
        data["version"] = 2
    elif how == "kind":
        ex[1]["kind"] = "guess"
    elif how == "scope":
        ex[0]["scope"] = "Teleport"
    elif how == "outcome":
        ex[1]["outcome"] = "weather"
    elif how == "probability":
        ex[2]["probability"] = "rain"
    elif how == "illegal-action":
        ex[1]["action"] = "Player 2 takes The Huntress for 9 chips as evidence (a)"
    elif how == "not-replaying":
        record = copy.deepcopy(ex[1]["position"]["record"])
        record["actions"][11], record["actions"][10] = record["actions"][10], record["actions"][11]
        ex[1]["position"]["record"] = record
    elif how == "section":
        ex[0]["rules"] = ["Chapter 99"]
    elif how == "viewer":
        ex[0]["viewer"] = "Player 9"
    elif how == "other-record":
        other = load_example("take-off-eh-first-round").record
        ex[1]["position"] = position_from_record(other, 3)
    elif how == "step":
        ex[0]["position"]["step"] = 999
    elif how == "example":
        ex[0]["position"] = {"example": "no-such-example", "step": 1}
    elif how == "missing":
        del ex[1]["outcome"]
    elif how == "repeated-key":
        ex[2]["key"] = ex[0]["key"]
    return data


#: how each malformed sheet is broken, and words its refusal must hold
REFUSALS = {
    "format": "not an exercise sheet (format is 'rules-explorer/record'",
    "version": "sheet version 2 is not supported",
    "kind": "exercise 2 (\"who-next\"): unknown kind 'guess' (one of: pick, predict, chance)",
    "scope": "unknown scope 'Teleport'",
    "outcome": "unknown outcome 'weather'",
    "probability": "unknown probability 'rain'",
    "illegal-action": ("the action 'Player 2 takes The Huntress for 9 chips as evidence (a)' "
                       "is not legal here (at step 12)"),
    "not-replaying": "the position does not replay: action 10",
    "section": "the section 'Chapter 99' is not in the rule table of Journalists",
    "viewer": "the viewer: Player 9 is out of range: this game has 3 players",
    "other-record": "the position is a saved game of Take Off, Eh!, not of Journalists",
    "step": "the position's step must be a whole number 0-25",
    "example": "unknown worked example 'no-such-example'",
    "missing": "missing field(s) outcome",
    "repeated-key": "exercise 3",
}


@pytest.mark.parametrize("how", sorted(REFUSALS))
def test_a_malformed_sheet_is_refused_in_one_line_naming_the_problem(base, opening, how, tmp_path):
    path = tmp_path / f"{how}.json"
    path.write_text(json.dumps(_broken(base, opening, how)))
    with pytest.raises(SheetError) as err:
        load_sheet(path)
    msg = str(err.value)
    print(msg)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    assert REFUSALS[how] in msg


def test_not_json_truncated_or_another_games_sheet_is_refused(base, tmp_path):
    text = json.dumps(base)
    with pytest.raises(SheetError, match=r"^sheet text: not valid JSON \(truncated or corrupt\?\)"):
        load_sheet(text[: len(text) // 2])
    with pytest.raises(SheetError, match=r"^sheet text: a sheet is a JSON object, got list"):
        load_sheet(json.dumps([base]))
    with pytest.raises(SheetError, match=r"^sheet: a sheet of Journalists, not of Decay"):
        load_sheet(base, game="decay")
    with pytest.raises(SheetError, match=r"no such file"):
        load_sheet(tmp_path / "absent.json")
    with pytest.raises(SheetError, match="unknown game 'chess'"):
        load_sheet({**base, "game": "chess"})
    with pytest.raises(SheetError, match="at least one exercise"):
        load_sheet({**base, "exercises": []})


def test_a_question_about_what_the_seat_cannot_see_is_refused():
    """Take Off, Eh? after 51 steps: Player 1 is to bribe from a hand of coins Player 2 cannot see, so
    "pick every legal bribe" posed to Player 2 changes with the coins redrawn; posed to Player 1, it stands."""
    position = position_from_example("take-off-eh-first-round", 51)
    own = dict(kind="pick", position=position, question="Pick every coin you may pay as a bribe.",
               rules=["Bribery"], scope="any", title="Bribes")
    assert entry("take_off_eh", viewer=0, **own)["viewer"] == "Player 1"
    with pytest.raises(SheetError) as err:
        entry("take_off_eh", viewer=1, **own)
    assert str(err.value) == ("sheet: exercise 1 (\"bribes\"): Player 2 cannot see what it asks about: its answer "
                              "changes when what Player 2 cannot see is redrawn")


def test_the_command_line_checks_a_sheet_and_prints_each_answer(base, tmp_path, capsys):
    from explorer.cli import main
    path = tmp_path / "mine.json"
    save_sheet(path, base)
    assert main(["exercises", "check", str(path)]) == 0
    out = capsys.readouterr().out
    for ex in load_sheet(base).exercises:
        assert f"Q: {ex.question}" in out and f"A: {ex.answer_text()}" in out
    assert "posed to Player 2" in out and "posed to the teacher" in out
    path.write_text(path.read_text()[:-40])
    assert main(["exercises", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"explorer exercises check: {path}: not valid JSON") and err.count("\n") == 1


# -- the built-in sheets (data/exercises; their answers against the pinned record: tests/test_exercises.py) ----
@pytest.mark.parametrize("game", GAMES)
def test_a_built_in_sheet_exports_and_loads_back_with_the_same_answers(game, tmp_path, capsys):
    from explorer.cli import main
    out = tmp_path / f"{game}.json"
    assert main(["exercises", "export", game, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == builtin_path(game).read_text(encoding="utf-8")
    assert f"{len(exercises(game))} exercises written" in capsys.readouterr().out
    again = load_sheet(out, game=game, check_hidden=False)
    assert [(e.key, e.answer_text()) for e in again.exercises] == [(e.key, e.answer_text()) for e in exercises(game)]
    assert [e["key"] for e in json.loads(out.read_text())["exercises"]] == [e.key for e in exercises(game)]


def test_every_game_poses_its_exercises_from_its_sheet_and_its_code_holds_no_words():
    import importlib
    for game in GAMES:
        mod = importlib.import_module(f"explorer.games.{game}.exercises")
        assert not hasattr(mod, "EXERCISES"), f"{game} still builds its exercises in code"
        assert builtin_sheet(game).exercises == exercises(game)


def test_the_command_line_checks_a_built_in_sheet_and_refuses_an_unknown_game(tmp_path, capsys):
    from explorer.cli import main
    out = tmp_path / "j.json"
    assert main(["exercises", "export", "journalists", "--out", str(out)]) == 0
    assert main(["exercises", "check", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.count("   A: ") == len(exercises("journalists"))
    assert main(["exercises", "export", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_a_shipped_sheet_of_a_game_with_hidden_information_passes_the_sheet_check():
    """Take Off, Eh!'s sheet (every exercise posed to a seat) loaded as any teacher's sheet is: each
    question's answer stands in histories its seat cannot tell apart (the full resampling of every
    shipped exercise, with the seat's observation, is tests/test_exercises.py's)."""
    sheet = load_sheet(builtin_path("take_off_eh"), game="take_off_eh")
    assert all(e.viewer is not None for e in sheet.exercises) and len(sheet.exercises) == 29


def test_an_exercise_checked_once_is_not_drawn_for_again_when_its_sheet_is_saved(tmp_path, monkeypatch):
    import explorer.engine.sheets as S
    calls = []
    real = S.hidden_problem
    monkeypatch.setattr(S, "hidden_problem", lambda ex, *a: calls.append(ex.key) or real(ex, *a))
    position = position_from_example("take-off-eh-first-round", 52)
    e = entry("take_off_eh", kind="pick", position=position, viewer=1, question="Pick every coin you may pay.",
              rules=["Bribery"], scope="any", key="own-bribes")
    save_sheet(tmp_path / "s.json", sheet("take_off_eh", [e]))
    load_sheet(tmp_path / "s.json")
    assert calls == ["own-bribes"]


@pytest.mark.parametrize("game", GAMES)
def test_the_authoring_lists_name_nothing_the_seat_cannot_see(game):
    """``pick_scopes``, ``predict_choices`` and ``chance_choices`` for a seat are the same in every
    history the seat cannot tell from the real one (the game's sampler redraws what it cannot see):
    another seat's options and a deal's outcomes are not listed; the seat's own choices and a roll's
    are (somewhere in the game)."""
    import random

    from explorer.engine.playout import random_playout
    from explorer.engine.registry import get_game
    from explorer.engine.sheets import hidden_choices
    g = get_game(game)

    def lists(states, actions, seat):
        st, history = states[-1], (states, actions)
        return (pick_scopes(game, st, seat, history), predict_choices(game, st, seat, history)[0],
                chance_choices(game, st, seat, history))

    rng = random.Random(11)
    record, _ = random_playout(game, seed=11, max_actions=80)
    actions, states = list(record.actions), record.states()
    offered = hidden = 0
    for step in range(0, len(actions) + 1, 7):
        for seat in range(states[0].options.players):
            mine = lists(states[: step + 1], actions[:step], seat)
            if g.hidden_variants is None:       # nothing private: every seat is offered what the teacher is
                assert mine == lists(states[: step + 1], actions[:step], None)
                offered += any(mine)
                continue
            if hidden_choices(game, states[step], seat, (states[: step + 1], actions[:step])):
                hidden += 1
                assert mine == ([], [], [])
                continue
            offered += any(mine)
            sampler = g.hidden_variants.sampler(states[: step + 1], list(actions[:step]), seat)
            other_actions, other_states = sampler.sample(rng)
            assert lists(other_states, other_actions, seat) == mine, \
                f"step {step}: the lists tell Player {seat + 1} what it cannot see"
    assert offered and (hidden or g.hidden_variants is None), (offered, hidden)
