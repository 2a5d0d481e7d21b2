"""Where an experiment's games are played: this process, a Dask ``LocalCluster`` the run
starts and stops, or a Dask cluster already running at a scheduler address.

Every backend plays the same :class:`~explorer.lab.experiment.Task` batches with the same
function and the rows are put back in (cell, game) order, so the DataFrame is the same
whichever backend made it (a test compares them).  A batch that fails (its worker died, the
game raised) is submitted again, up to :data:`RETRIES` more times, and named in
``frame.attrs["retried"]``; a batch that keeps failing stops the run with
:class:`SweepError` naming it: rows are never silently dropped.

On the ``LocalCluster`` the scheduler is told to fail a batch at the first worker death
(``allowed-failures`` 0) instead of quietly rerunning it, so that every loss is reported.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, Callable

import pandas as pd

from .experiment import Experiment, Task, play_task

#: How many times a failed batch is played again before the run gives up.
RETRIES = 3


class SweepError(RuntimeError):
    """Some batches failed every time they were tried; the message names them and why."""


def _describe(task: Task, error: BaseException) -> str:
    return f"cell {task.cell} games {task.start}-{task.stop - 1}: {type(error).__name__}: {error}"


@dataclass
class InProcess:
    """Play every batch here, one after another."""

    name: str = "in-process"

    def run(self, exp: Experiment, done: Callable[[Task, list], None], play: Callable = play_task) -> list[str]:
        retried = []
        for task in exp.tasks(1):
            for attempt in range(RETRIES + 1):
                try:
                    rows = play(exp, task)
                    break
                except Exception as e:      # a batch that fails is tried again and reported
                    retried.append(_describe(task, e))
                    if attempt == RETRIES:
                        raise SweepError(f"a batch failed {RETRIES + 1} times: {retried[-1]}") from e
            done(task, rows)
        return retried


def run_on_client(client, exp: Experiment, tasks: list[Task], done: Callable[[Task, list], None],
                  play: Callable = play_task) -> list[str]:
    """Submit every batch to a Dask ``client``, resubmit the ones that fail, and call
    ``done(task, rows)`` as each finishes.  Returns the failures that were retried."""
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:8]
    attempts = {i: 0 for i in range(len(tasks))}

    def submit(i: int):
        return client.submit(play, exp, tasks[i], key=f"sweep-{run_id}-{i}-try{attempts[i]}",
                             pure=False, retries=0)

    futures = {}
    for i in range(len(tasks)):
        futures[submit(i)] = i
    pending = as_completed(list(futures))
    retried, failed = [], []
    for future in pending:
        i = futures.pop(future)
        if future.status == "finished":
            done(tasks[i], future.result())
            continue
        error = future.exception()
        retried.append(_describe(tasks[i], error))
        attempts[i] += 1
        if attempts[i] > RETRIES:
            failed.append(retried[-1])
            continue
        again = submit(i)
        futures[again] = i
        pending.add(again)
    if failed:
        raise SweepError(f"{len(failed)} batch(es) failed {RETRIES + 1} times: " + "; ".join(failed))
    return retried


@dataclass
class LocalDask:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes, started for the run
    and stopped after it."""

    workers: int = 2
    name: str = "dask-local"

    def start(self):
        """The running cluster and its client (the caller closes both)."""
        import dask
        from distributed import Client, LocalCluster

        with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
            cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        return cluster, Client(cluster)

    def run(self, exp, done, play: Callable = play_task) -> list[str]:
        cluster, client = self.start()
        try:
            return run_on_client(client, exp, exp.tasks(self.workers), done, play)
        finally:
            client.close()
            cluster.close()


@dataclass
class Scheduler:
    """A Dask cluster already running, reached at ``address`` (``tcp://host:8786``)."""

    address: str
    name: str = "dask-scheduler"

    def run(self, exp, done, play: Callable = play_task) -> list[str]:
        from distributed import Client

        try:
            client = Client(self.address, timeout=10)
        except OSError as e:
            raise SweepError(f"cannot reach the Dask scheduler at {self.address}: {e}") from None
        try:
            workers = len(client.scheduler_info()["workers"])
            return run_on_client(client, exp, exp.tasks(max(1, workers)), done, play)
        finally:
            client.close()


def choose_backend(workers: int | None = None, scheduler: str | None = None):
    """In-process unless ``workers`` (a new LocalCluster) or ``scheduler`` (an existing one)."""
    if workers is not None and scheduler is not None:
        raise ValueError("give workers (a local cluster) or a scheduler address, not both")
    if scheduler is not None:
        return Scheduler(scheduler)
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a whole number 1 or more, got {workers!r}")
        return LocalDask(workers)
    return InProcess()


def run_experiment(exp: Experiment, backend, progress: Callable[[int], Any] | None = None) -> pd.DataFrame:
    """Every game of ``exp`` on ``backend``, as one DataFrame in (cell, game) order."""
    batches: dict[tuple[int, int], list] = {}

    def done(task: Task, rows: list) -> None:
        batches[(task.cell, task.start)] = rows
        if progress is not None:
            progress(task.games)

    retried = backend.run(exp, done)
    rows = [row for key in sorted(batches) for row in batches[key]]
    return to_frame(exp, rows, backend.name, retried)


def to_frame(exp: Experiment, rows: list[dict], backend: str = "", retried=()) -> pd.DataFrame:
    """The rows as a DataFrame with every declared column, winner and scores typed so that
    a game with no winner reads as missing."""
    expected = len(exp.cells()) * exp.games
    if len(rows) != expected:
        raise SweepError(f"{len(rows)} rows for {expected} games")
    frame = pd.DataFrame(rows, columns=exp.columns())
    frame["winner"] = frame["winner"].astype("Int64")
    for q in range(exp.seats):
        frame[f"score_{q}"] = frame[f"score_{q}"].astype("Float64")
    frame.attrs.update({"game": exp.game, "seed": exp.seed, "backend": backend, "retried": list(retried)})
    return frame
