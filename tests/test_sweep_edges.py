"""The sweep's edges (explorer/lab): a batch failing the same way twice stops the run and
keeps every finished row; retries are reported (a scheduler's own reruns after a killed
worker: test_lab.py); a scheduler with no workers is reported at once and waited for; a wrong address
is refused within the timeout; the saved frame records the whole run; player specs as the
docstring writes them, and no more of them than seats."""
from __future__ import annotations

import socket
import threading
import time

import pandas as pd
import pytest

from explorer.engine.options import options_to_dict
from explorer.lab import Experiment, ExperimentError, SweepError
from explorer.lab.backends import (InProcess, LocalDask, Scheduler, check_address, probe, run_experiment,
                                   run_on_client)
from explorer.lab.experiment import COLUMN_NOTES, play_task
from explorer.lab.files import OutputError, check_output, load_frame, record_path, save_frame
from explorer.players import PlayerError, make_player, mix_seed
from explorer.simulate import resolve


class Playing:
    """``backend`` playing its batches with ``play`` instead of :func:`play_task`."""

    def __init__(self, backend, play):
        self.backend, self.play, self.name = backend, play, backend.name

    def run(self, exp, done, notify):
        return self.backend.run(exp, done, self.play, notify)


EXP = dict(grid={"coins": [5, 6]}, games=4, seed=2)


@pytest.fixture(scope="module")
def decay():
    exp = Experiment("decay", **EXP)
    return exp, exp.run()


def test_a_flaky_batch_is_retried_and_reported(decay):
    exp, expected = decay
    failed = set()

    def flaky(exp, task):
        if task.cell == 0 and task.start not in failed:
            failed.add(task.start)
            raise RuntimeError("the machine hiccupped")
        return play_task(exp, task)

    frame = run_experiment(exp, Playing(InProcess(), flaky))
    pd.testing.assert_frame_equal(frame, expected)
    assert len(frame.attrs["retried"]) == len(failed) >= 1 and frame.attrs["complete"]
    assert all("cell 0" in r and "the machine hiccupped" in r for r in frame.attrs["retried"])


def test_the_same_failure_twice_stops_the_run_and_keeps_the_finished_rows(decay):
    exp, expected = decay
    tries = []

    def broken(exp, task):
        if task.cell == 1:
            tries.append(task)
            raise RuntimeError("always broken")
        if task.start == 0 and task not in tries:
            tries.append(task)
            raise RuntimeError("a hiccup")
        return play_task(exp, task)

    # (in this process a batch is played game by game, so the failure names the first game of cell 1)
    with pytest.raises(SweepError,
                       match="cell 1 games 0-0: RuntimeError: always broken .failed the same way twice") as e:
        run_experiment(exp, Playing(InProcess(), broken))
    assert [t.cell for t in tries] == [0, 1, 1]          # not replayed four times
    kept = e.value.frame
    pd.testing.assert_frame_equal(kept, expected[expected["cell"] == 0])
    assert kept.attrs["complete"] is False and kept.attrs["games_played"] == 4
    assert "always broken" in kept.attrs["failed"][0]
    assert [r.split(": ", 2)[2] for r in kept.attrs["retried"]] == ["a hiccup", "always broken"]


def test_different_failures_are_tried_four_times(decay):
    exp, _ = decay
    count = []

    def worse(exp, task):
        count.append(1)
        raise RuntimeError(f"failure number {len(count)}")

    with pytest.raises(SweepError, match="failure number 4 .failed 4 times"):
        run_experiment(exp, Playing(InProcess(), worse))
    assert len(count) == 4


@pytest.mark.slow
def test_on_dask_a_batch_failing_twice_stops_the_run_and_the_finished_rows_stay():
    exp = Experiment("conspiracy", grid={"columns": [3, 4]}, games=4, seed=5)
    expected = exp.run()

    def broken(exp, task):              # defined in here, so that it travels to the workers by value
        if task.cell == 1:
            time.sleep(1.0)             # cell 0's games finish first
            raise RuntimeError("always broken")
        return play_task(exp, task)

    with pytest.raises(SweepError, match="cell 1 .*always broken .failed the same way twice") as e:
        run_experiment(exp, Playing(LocalDask(2), broken), notify=lambda text: None)
    kept = e.value.frame
    assert len(kept) == 4 and (kept["cell"] == 0).all()
    pd.testing.assert_frame_equal(kept, expected[expected["cell"] == 0])


@pytest.mark.slow
def test_a_scheduler_without_workers_is_reported_waited_for_and_given_up_on():
    from distributed import LocalCluster

    exp = Experiment("decay", games=2, seed=1)
    said = []
    cluster = LocalCluster(n_workers=0, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        started = time.monotonic()
        with pytest.raises(SweepError, match="no worker joined the scheduler at .* within 1 s; nothing was played"):
            exp.run(backend=Scheduler(cluster.scheduler_address, wait=1), notify=said.append)
        assert time.monotonic() - started < 8
        assert len(said) == 1 and "has no workers; waiting up to 1 s" in said[0]

        said.clear()                    # a worker that comes while the run waits: it goes on
        threading.Timer(1.0, cluster.scale, (1,)).start()
        frame = exp.run(backend=Scheduler(cluster.scheduler_address, wait=60), notify=said.append)
        assert "has no workers" in said[0] and "a worker joined" in said[1]
        pd.testing.assert_frame_equal(frame, exp.run(), check_exact=True)
    finally:
        cluster.close()


def test_a_wrong_address_is_refused_within_the_timeout():
    with pytest.raises(ValueError, match="tcp://HOST:PORT, got 'nonsense'"):
        check_address("nonsense")
    with pytest.raises(ValueError, match="unknown address scheme 'http'"):
        Scheduler("http://127.0.0.1:8787")
    silent = socket.socket()                 # accepts a connection and says nothing, like a web server
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    port = silent.getsockname()[1]
    try:
        started = time.monotonic()
        with pytest.raises(SweepError, match=f"no Dask scheduler answered at tcp://127.0.0.1:{port} within 1 s"):
            probe(f"tcp://127.0.0.1:{port}", timeout=1)
        assert time.monotonic() - started < 5
    finally:
        silent.close()


def test_the_output_path_is_checked_before_anything_is_played(tmp_path):
    with pytest.raises(OutputError, match="is a folder"):
        check_output(tmp_path)
    with pytest.raises(OutputError, match="no folder"):
        check_output(tmp_path / "missing" / "r.parquet")
    with pytest.raises(OutputError, match="cannot write there"):
        check_output("/proc/no-such-place.parquet")
    with pytest.raises(OutputError, match="must end in .parquet or .csv"):
        check_output(tmp_path / "r.txt")
    assert check_output(tmp_path / "r.csv") == tmp_path / "r.csv"
    assert list(tmp_path.iterdir()) == []          # the check leaves nothing behind


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_the_saved_frame_records_every_option_and_what_eval_means(tmp_path, suffix):
    exp = Experiment("decay", grid={"coins": [5, 6]}, options={"players": 2}, games=2, seed=4)
    frame = exp.run()
    path = save_frame(frame, tmp_path / f"r{suffix}")
    back = load_frame(path)
    assert (suffix == ".csv") == record_path(path).exists()
    record = back.attrs
    every = options_to_dict(resolve("decay", {"players": 2}).options)
    assert record["options"] == {k: v for k, v in every.items() if k != "coins"}
    assert record["options"]["players"] == 2 and record["options"]["round_cap"] == 100   # fixed, and a default
    assert record["grid"] == {"coins": [5, 6]} and record["players"] == ["random"]
    assert (record["game"], record["seed"], record["games"], record["complete"]) == ("decay", 4, 2, True)
    assert record["columns"]["eval_N"] == COLUMN_NOTES["eval_N"] and "not a score" in COLUMN_NOTES["eval_N"]
    assert [c for c in back.columns if c.startswith(("eval_", "score_"))] == ["eval_0", "eval_1"]
    pd.testing.assert_frame_equal(back, frame, check_dtype=False)


def test_the_player_spec_of_the_docstring_works():
    import explorer.players

    assert "ismcts:iterations=200,seed=3" in explorer.players.__doc__
    options = resolve("decay").options
    three = make_player("ismcts:iterations=200,seed=3", "decay", options, 0, 7)
    four = make_player("ismcts:iterations=200,seed=4", "decay", options, 0, 7)
    assert three.seed == mix_seed(7, 3) != four.seed == mix_seed(7, 4)
    assert mix_seed(8, 3) != mix_seed(7, 3)         # every game's search still differs
    with pytest.raises(PlayerError, match="seed must be a whole number, got 'x'"):
        make_player("mcts:seed=x", "decay", options, 0, 7)
    frame = Experiment("decay", players=["mcts:iterations=3,seed=3", "random"], games=1, seed=1).run()
    assert frame.loc[0, "player_0"] == "mcts:iterations=3,seed=3"


@pytest.mark.parametrize("kwargs, message", [
    ({"players": ["random"] * 5}, "5 player specs for 4 seats; give at most one per seat"),
    ({"grid": {"players": [2, 4]}, "players": ["random", "greedy", "random"]},
     r"3 player specs for 2 seats \(cell \{'players': 2\}\)"),
])
def test_too_many_player_specs_is_an_error(kwargs, message):
    with pytest.raises(ExperimentError, match=message):
        Experiment("decay", **kwargs)


@pytest.mark.slow
def test_workers_leaving_mid_run_are_reported_and_the_run_stops_with_its_rows():
    import subprocess
    import sys

    from distributed import Client, LocalCluster

    exp = Experiment("conspiracy", grid={"columns": [3, 4]}, games=12, seed=6)
    cluster = LocalCluster(n_workers=0, processes=True, dashboard_address=None)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", cluster.scheduler_address,
                               "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = Client(cluster)
    said, batches = [], {}

    def done(task, rows):
        batches[(task.cell, task.start)] = rows
        if worker.poll() is None:
            worker.kill()                   # the only worker is gone
    try:
        client.wait_for_workers(1, timeout=60)
        started = time.monotonic()
        with pytest.raises(SweepError, match="no worker joined the scheduler within 1 s; the run stopped"):
            run_on_client(client, exp, exp.tasks(1), done, play_task, said.append, wait=1)
        assert time.monotonic() - started < 60
    finally:
        worker.kill()
        worker.wait()
        client.close()
        cluster.close()
    assert said == ["explorer sweep: the scheduler has no workers; waiting up to 1 s for one"]
    assert batches and len(batches) < len(exp.tasks(1))
