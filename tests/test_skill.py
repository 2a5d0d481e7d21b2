"""How much skill matters (issue 43 item 2): sweeps that turn the table and time their players
(explorer sweep --rotate --cpu), the shipped matchups in data/lab/*-skill_*.parquet, and the sentence
each game's What if shows (explorer/lab/skill.py)."""
from __future__ import annotations

import html

import pandas as pd
import pytest

from explorer.lab import Experiment
from explorer.lab import skill
from explorer.lab.backends import InProcess, SweepInterrupted, run_experiment
from explorer.lab.experiment import Task, play_game


def test_a_rotated_timed_sweep_turns_the_table_a_seat_a_game_and_counts_each_players_cpu():
    exp = Experiment("journalists", players=["sensible", "random", "random"], games=6, seed=3,
                     options={"players": 3}, rotate=True, timed=True)
    frame = exp.run()
    for _i, row in frame.iterrows():
        seat = row["game"] % 3
        assert [row[f"player_{q}"] for q in range(3)] == ["sensible" if q == seat else "random" for q in range(3)]
        assert all(row[f"cpu_{q}"] >= 0 for q in range(3))
    assert frame["cpu_0"].sum() > 0
    assert exp.command().endswith("--seed 3 --rotate --cpu")
    total = sum(frame[f"cpu_{q}"][frame[f"player_{q}"] == "sensible"].sum() for q in range(3))
    assert frame.attrs["cpu_seconds"]["sensible"] == pytest.approx(total, abs=0.01)
    assert frame.attrs["rotate"] is True and "cpu_N" in frame.attrs["columns"]
    # the same seeds as a table that does not turn: game 0 (nobody moved) is the same game
    still = Experiment("journalists", players=["sensible", "random", "random"], games=1, seed=3,
                       options={"players": 3}).run()
    assert still.loc[0, "seed"] == frame.loc[0, "seed"] and still.loc[0, "winners"] == frame.loc[0, "winners"]


def test_an_in_process_run_stopped_keeps_every_game_it_finished():
    exp = Experiment("journalists", players=["random"], games=40, seed=1, options={"players": 2})

    def play(e, task):
        if task.start == 3:
            raise KeyboardInterrupt
        return [play_game(e, e.cells()[task.cell], i) for i in range(task.start, task.stop)]

    class Stops(InProcess):
        def run(self, exp, done, play_=None, notify=None):
            return InProcess.run(self, exp, done, play=play)

    with pytest.raises(SweepInterrupted) as stopped:
        run_experiment(exp, Stops())
    assert Task(0, 0, 10) in exp.tasks(1)                          # a batch of ten games ...
    assert list(stopped.value.frame["game"]) == [0, 1, 2]       # ... stopped in its fourth: three kept
    whole = exp.run()
    pd.testing.assert_frame_equal(stopped.value.frame.reset_index(drop=True), whole.head(3).reset_index(drop=True))


def test_a_share_of_the_won_games_follows_the_seats_the_player_held():
    rows = pd.DataFrame({"player_0": ["a", "b", "b", "b"], "player_1": ["b", "a", "b", "b"],
                         "player_2": ["b", "b", "a", "b"], "player_3": ["b", "b", "b", "a"],
                         "winners": ["0", "0 1", "", "1"], "cpu_0": [1.0, 2.0, 0.5, 0.5],
                         "cpu_1": [0.0, 1.0, 0.0, 0.0], "cpu_2": [0.0, 0.0, 3.0, 0.0], "cpu_3": [0.0, 0.0, 0.0, 4.0]})
    got = skill.standing(rows, "a")
    assert got["won"] == 3 and got["share"] == pytest.approx((1 + 0.5 + 0) / 3)
    assert got["fair"] == 0.25 and got["low"] < got["share"] < got["high"]
    assert got["cpu"] == pytest.approx(12.0) and got["cpu_player"] == pytest.approx(1 + 1 + 3 + 4)


def _row(share, low, high, player="strong:budget=0.2", opponent="sensible", games=40):
    return {"player": player, "opponent": opponent, "share": share, "low": low, "high": high, "fair": 0.25,
            "games": games}


def test_the_sentence_follows_the_intervals():
    plain = _row(0.6, 0.57, 0.63, "sensible", "random", 2000)
    assert skill.sentence("journalists", [_row(0.5, 0.35, 0.65), plain]).startswith(
        "Search beats the sensible policy, and the sensible policy beats random play:")
    said = skill.sentence("conspiracy", [_row(0.27, 0.15, 0.43), plain])
    assert said.startswith("Search does not beat the sensible policy (accepted as Conspiracy's result)")
    assert "won 27.0% [15.0%–43.0%] of the won games against three sensible players" in said
    assert "an equal share 25%" in said
    assert skill.sentence("sands_of_time", [_row(0.37, 0.23, 0.54), plain]).startswith(
        "These games do not show search beating the sensible policy (too few to tell: ±16 points)")
    assert skill.sentence("sands_of_time", [_row(0.26, 0.22, 0.30), plain]).startswith(
        "Search does not beat the sensible policy, and")
    assert skill.sentence("decay", [_row(0.05, 0.01, 0.15), _row(0.2, 0.15, 0.3, "sensible", "random")]).startswith(
        "Search does worse than the sensible policy, and the sensible policy does not beat random play")


@pytest.mark.parametrize("game", skill.GAMES)
def test_each_game_ships_both_matchups_made_by_their_commands_with_the_table_turned(game):
    for m in skill.matchups(game):
        frame = skill.load(m)
        assert frame.attrs["command"] == m.experiment().command() and frame.attrs["seed"] == skill.SEED
        assert frame.attrs.get("commit") and len(frame) >= 4
        assert sorted(frame["game"]) == list(range(len(frame)))
        for _, row in frame.iterrows():
            seat = row["game"] % skill.PLAYERS
            assert [row[f"player_{q}"] for q in range(skill.PLAYERS)] == [
                m.player if q == seat else m.opponent for q in range(skill.PLAYERS)]
        mine = sum(frame[f"cpu_{q}"][frame[f"player_{q}"] == m.player].sum() for q in range(skill.PLAYERS))
        assert mine > 0


def test_the_what_if_shows_the_sentence_and_the_table():
    from explorer.views.shipped_whatif import skill_view
    view = skill_view("journalists")
    rows = skill.table("journalists")
    assert view.sentence == skill.sentence("journalists", rows)
    assert html.escape(view.sentence) in view.children[0].value
    assert f"{rows[0]['share']:.1%}" in view.children[1].value and "CPU time" in view.children[1].value
    assert "--rotate --cpu" in view.children[2].value
