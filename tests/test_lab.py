"""The designer's lab (explorer/lab): one row per game with every declared column, the same
DataFrame whichever backend plays it, a killed worker losing no rows, nonsense refused by
name, and the summary's intervals.  Failures, schedulers and saving: test_sweep_edges.py."""
from __future__ import annotations

import os
import signal

import pandas as pd
import pytest

from explorer.engine import get_game
from explorer.lab import Experiment, ExperimentError, format_summary, lengths, player_rates, win_rates
from explorer.lab.backends import LocalDask, run_on_client, to_frame
from explorer.lab.experiment import game_seed
from explorer.lab.summary import wilson

SMALL = dict(grid={"columns": [3, 4], "action_points": [2, 3]}, players=["random"], games=3, seed=7)


@pytest.fixture(scope="module")
def conspiracy():
    exp = Experiment("conspiracy", **SMALL)
    return exp, exp.run()


@pytest.mark.parametrize("game", ["conspiracy", "decay", "take_off_eh", "journalists"])
def test_one_row_per_game_with_every_declared_column(game):
    exp = Experiment(game, games=4, seed=1)
    frame = exp.run()
    g = get_game(game)
    assert list(frame.columns) == exp.columns() and len(frame) == 4
    assert set(g.statistic_names) <= set(frame.columns) and g.statistic_names
    seats = exp.cells()[0].seats
    for _, row in frame.iterrows():
        assert row["reason"] and row["length"] > 0 and row["actions"] >= row["length"]
        for q in range(seats):
            assert row[f"player_{q}"] == "random" and not pd.isna(row[f"eval_{q}"])
        for name in g.statistic_names:
            assert not pd.isna(row[name])
        winners = [int(w) for w in row["winners"].split()]
        assert all(0 <= w < seats for w in winners)
        assert (row["winner"] == winners[0]) if len(winners) == 1 else pd.isna(row["winner"])
    assert frame["seed"].is_unique


def test_grid_cells_and_seeds(conspiracy):
    exp, frame = conspiracy
    assert len(frame) == 4 * 3
    assert frame.groupby(["columns", "action_points"]).size().to_dict() == {
        (3, 2): 3, (3, 3): 3, (4, 2): 3, (4, 3): 3}
    assert list(frame["cell"]) == sorted(frame["cell"])
    # a cell keeps its games when the grid grows: seeds hang on the cell's values, not its place
    bigger = Experiment("conspiracy", **{**SMALL, "grid": {"columns": [4, 3, 5], "action_points": [2, 3]}})
    cell = next(c for c in bigger.cells() if c.values == {"columns": 3, "action_points": 3})
    assert [game_seed(7, cell.values, i) for i in range(3)] == \
        list(frame[(frame["columns"] == 3) & (frame["action_points"] == 3)]["seed"])


def test_options_change_the_games(conspiracy):
    _, frame = conspiracy
    by_columns = {c: rows for c, rows in frame.groupby("columns")}
    assert by_columns[3]["columns_advanced"].tolist() != by_columns[4]["columns_advanced"].tolist()


@pytest.mark.slow
def test_same_frame_in_process_and_on_two_local_workers(conspiracy):
    exp, frame = conspiracy
    dask_frame = exp.run(workers=2)
    pd.testing.assert_frame_equal(frame, dask_frame)
    assert dask_frame.attrs["backend"] == "dask-local" and dask_frame.attrs["retried"] == []


@pytest.mark.parametrize("allowed_failures, reported", [
    (0, "KilledWorker"),            # the run's own LocalCluster: the batch fails and is resubmitted
    (3, "rerun 1 time(s) by the scheduler after its worker died"),   # Dask's default: rerun unseen
])
@pytest.mark.slow
def test_a_killed_worker_loses_no_rows_and_the_retry_is_reported(allowed_failures, reported):
    """Whether the scheduler fails the batch (and the run resubmits it) or reruns it itself
    (a running cluster's default, which the run reads back from the scheduler), no row is
    lost and the retry is reported."""
    import dask
    from distributed import Client, LocalCluster

    exp = Experiment("conspiracy", grid={"columns": [3, 4]}, games=12, seed=3)
    expected = exp.run()
    with dask.config.set({"distributed.scheduler.allowed-failures": allowed_failures}):
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    killed, batches = [], {}

    def done(task, rows):
        batches[(task.cell, task.start)] = rows
        if not killed:
            busy = [w for w, keys in client.processing().items() if keys]
            if busy:
                pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
    try:
        retried = run_on_client(client, exp, exp.tasks(2), done)
    finally:
        client.close()
        cluster.close()
    assert killed, "no worker was busy to kill"
    # the batch on the killed worker is reported as the scheduler saw it; a batch that had
    # finished on that worker before its rows were read is played again as lost with it
    assert any(reported in r for r in retried), retried
    assert all(reported in r or "lost with its worker" in r for r in retried), retried
    rows = [r for key in sorted(batches) for r in batches[key]]
    pd.testing.assert_frame_equal(to_frame(exp, rows, "in-process"), expected)


@pytest.mark.parametrize("kwargs, message", [
    ({"grid": {"colums": [3]}}, r"unknown option\(s\) \['colums'\]"),
    ({"grid": {"columns": ["three"]}}, "option columns must be an integer, got 'three'"),
    ({"grid": {"columns": [3, "3"]}}, "lists '3' twice"),
    ({"grid": {"columns": 3}}, "give option columns a list of values"),
    ({"grid": {"players": [4, 9]}}, "players"),
    ({"players": ["random", "chess"]}, "unknown player 'chess'"),
    ({"players": ["greedy"]}, "conspiracy has hidden information"),
    ({"games": 0}, "games per cell must be a whole number 1 or more"),
    ({"grid": {"columns": [3]}, "options": {"columns": 4}}, r"\['columns'\] both fixed and varied"),
])
def test_nonsense_is_refused_by_name(kwargs, message):
    with pytest.raises(ExperimentError, match=message):
        Experiment("conspiracy", **kwargs)


def test_unknown_game_is_refused():
    with pytest.raises(ExperimentError, match="unknown game 'chess'"):
        Experiment("chess")


def test_players_go_round_the_table():
    exp = Experiment("journalists", players=["greedy", "random"], games=2)
    frame = exp.run()
    assert frame.loc[0, ["player_0", "player_1", "player_2", "player_3"]].tolist() == \
        ["greedy", "random", "greedy", "random"]


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_summary_tables(conspiracy):
    _, frame = conspiracy
    rates = win_rates(frame)
    assert len(rates) == 4 * 4                    # 4 variants x 4 seats
    for _, rows in rates.groupby(["columns", "action_points"]):
        won = frame[(frame["columns"] == rows["columns"].iloc[0])
                    & (frame["action_points"] == rows["action_points"].iloc[0])]
        assert rows["wins"].sum() == (won["winners"] != "").sum()
        assert ((rows["low"] <= rows["win_rate"]) & (rows["win_rate"] <= rows["high"])).all()
    lens = lengths(frame)
    assert (lens["min"] <= lens["median"]).all() and (lens["median"] <= lens["max"]).all()
    text = format_summary(frame)
    assert "win rate by seat and variant" in text and "game length" in text


def test_an_existing_cluster_by_its_scheduler_address(conspiracy):
    exp, frame = conspiracy
    cluster, client = LocalDask(1).start()
    try:
        remote = exp.run(scheduler=cluster.scheduler_address)
    finally:
        client.close()
        cluster.close()
    pd.testing.assert_frame_equal(remote, frame)
    assert remote.attrs["backend"] == "dask-scheduler"


def test_conspiracy_statistics_count_what_happened():
    """The counters agree with the events of a whole game: every resolved Reveal Tile says
    so (5.d.iv), and every Time Marches On check that advanced a column is counted."""
    from explorer.engine import random_playout
    from explorer.games.conspiracy.rules import RULES

    events = []
    _, final = random_playout("conspiracy", {"round_cap": 60}, seed=4, on_state=lambda s: events.extend(s.events))
    stats = get_game("conspiracy").statistics(final)
    assert stats["tiles_revealed"] == sum(e.rule == RULES["reveal_tile_sum"] for e in events)
    rolled = sum(e.rule == RULES["tmo"] and e.text.endswith(" advances") for e in events)
    assert stats["columns_advanced"] >= rolled > 0 and stats["rounds"] == final.round


def test_take_off_eh_points_by_source_add_up_to_the_scores():
    frame = Experiment("take_off_eh", games=3, seed=2).run()
    sources = [c for c in frame.columns if c.startswith("points_")]
    scores = [c for c in frame.columns if c.startswith("eval_")]
    assert len(sources) == 3
    assert (frame[sources].sum(axis=1) == frame[scores].sum(axis=1)).all()
    assert (frame["queen_steps"] >= 0).all()


def test_player_rates_pool_the_seats_a_player_held():
    frame = Experiment("journalists", grid={"players": [3, 4]}, players=["greedy", "random"], games=5, seed=4).run()
    by_seat, by_player = win_rates(frame), player_rates(frame)
    assert set(zip(by_player["players"], by_player["player"], by_player["seats_held"], strict=False)) == {
        (3, "greedy", 2), (3, "random", 1), (4, "greedy", 2), (4, "random", 2)}
    for _, row in by_player.iterrows():
        mine = by_seat[(by_seat["players"] == row["players"]) & (by_seat["player"] == row["player"])]
        assert row["wins"] == mine["wins"].sum() and row["seat_games"] == mine["games"].sum()
        assert row["share"] == pytest.approx(1 / row["players"])
    assert "win rate by player and variant" in format_summary(frame)


def test_a_batch_whose_rows_were_lost_with_its_worker_is_played_again_and_named():
    """A future that did not finish and holds no error (Dask's "lost": its worker died after
    the batch finished) is a failure to retry, described as such, not "NoneType: None"."""
    from explorer.lab.backends import Attempts, ResultLost, _error_of

    class Lost:
        status = "lost"

        def exception(self):
            return None

    class Erred:
        status = "error"

        def exception(self):
            return ValueError("boom")

    exp = Experiment("conspiracy", games=3, seed=3)
    task = exp.tasks(3)[0]
    error = _error_of(Lost())
    assert isinstance(error, ResultLost)
    attempts = Attempts()
    assert attempts.failure(task, error)
    assert "lost with its worker" in attempts.retried[0] and "NoneType" not in attempts.retried[0]
    assert isinstance(_error_of(Erred()), ValueError)
