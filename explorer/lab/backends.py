"""Where an experiment's games are played: this process, a Dask ``LocalCluster`` the run
starts and stops, or a Dask cluster already running at a scheduler address.

Every backend plays the same :class:`~explorer.lab.experiment.Task` batches with the same
function and the rows are put back in (cell, game) order, so the DataFrame is the same
whichever backend made it (a test compares them).

Failures (:class:`Attempts`): a batch that fails (its worker died, the game raised, or its rows
were lost with a worker that died after it finished: :class:`ResultLost`) is played again and
named in ``frame.attrs["retried"]``; so is a batch that a running scheduler reran by itself
because its worker died (Dask's ``allowed-failures``), which the run reads back from the
scheduler.  A batch that fails the same way twice, or :data:`RETRIES` + 1 times in all, stops the
run: :class:`SweepError` names it, and its ``frame`` holds every row finished so far, with the
failure in ``attrs["failed"]``.

On the ``LocalCluster`` the scheduler is told to fail a batch at the first worker death
(``allowed-failures`` 0) instead of quietly rerunning it.  A running scheduler is checked
before anything is submitted: a wrong address, or something there that is not a Dask
scheduler, is one line within :data:`CONNECT_TIMEOUT` seconds; a scheduler without workers
is reported at once, and the run waits up to ``wait`` seconds for one (also when every
worker leaves mid-run), then stops.  Every worker is reached from this process once, when the run
meets it (:func:`check_workers`): one that cannot be (it advertises an address nobody can use)
stops the run within :data:`CONNECT_TIMEOUT` seconds, named, instead of leaving it waiting.
"""
from __future__ import annotations

import asyncio
import re
import sys
import time
import uuid
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from .experiment import Experiment, Task, play_task

#: How many times a failed batch is played again (each time failing differently) before the
#: run gives up.
RETRIES = 3
#: Seconds to reach a scheduler and hear it answer as one.
CONNECT_TIMEOUT = 10
#: Seconds a run on a scheduler with no workers waits for one before it stops.
WAIT_FOR_WORKERS = 60
#: What a connection that fails or times out raises (two classes before Python 3.11).
_UNREACHABLE = (OSError, asyncio.TimeoutError)

if TYPE_CHECKING:
    import pandas as pd


class SweepError(RuntimeError):
    """The run stopped: a batch kept failing, or no worker came.  The message names why;
    ``frame`` (when the run got that far) holds the rows finished before it stopped, and
    ``retried`` the failures retried before that."""

    def __init__(self, message: str, frame: pd.DataFrame | None = None, retried=()):
        super().__init__(message)
        self.frame = frame
        self.retried = list(retried)


class ResultLost(RuntimeError):
    """A batch that finished on a worker which died before its rows were read: Dask marks the
    future lost (it holds no error), and the batch is played again like one that failed."""


def _error_of(future) -> BaseException:
    """Why a future that did not finish failed: its error, or :class:`ResultLost` when it holds
    none (its result went with its worker)."""
    error = future.exception() if future.status == "error" else None
    return error if error is not None else ResultLost(f"its rows were lost with its worker (future {future.status})")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _describe(task: Task, error: BaseException) -> str:
    return f"cell {task.cell} games {task.start}-{task.stop - 1}: {type(error).__name__}: {error}"


def _signature(error: BaseException) -> str:
    """What makes two failures "the same": the error's type and message, without the worker
    addresses and task keys that change between attempts (a worker killed twice by the same
    batch is the same failure)."""
    if type(error).__name__ == "KilledWorker":
        return "KilledWorker"
    text = re.sub(r"\b[a-z]+://[^\s'\"]+", "<address>", str(error))
    return type(error).__name__ + ": " + re.sub(r"sweep-\w+-\d+-try\d+", "<key>", text)


class Attempts:
    """The retry rule every backend follows, and what it reports."""

    def __init__(self):
        self.seen: dict[Task, list[str]] = defaultdict(list)
        self.retried: list[str] = []
        self.failed: list[str] = []

    def failure(self, task: Task, error: BaseException) -> bool:
        """Record that ``task`` failed with ``error``; True if it is to be played again,
        False if the run must stop (then :attr:`failed` names it)."""
        text, signature = _describe(task, error), _signature(error)
        before = self.seen[task]
        same = signature in before
        before.append(signature)
        if same:
            self.failed.append(f"{text} (failed the same way twice)")
        elif len(before) > RETRIES:
            self.failed.append(f"{text} (failed {len(before)} times)")
        else:
            self.retried.append(text)
            return True
        return False

    def rerun(self, task: Task, times: int) -> None:
        """The scheduler itself ran ``task`` again ``times`` times after its worker died."""
        self.retried.append(f"cell {task.cell} games {task.start}-{task.stop - 1}: rerun {times} time(s) "
                            "by the scheduler after its worker died")

    def stop(self) -> SweepError:
        return SweepError(f"{len(self.failed)} batch(es) failed, the run stopped: " + "; ".join(self.failed),
                          retried=self.retried)


@dataclass
class InProcess:
    """Play every batch here, one after another."""

    name: str = "in-process"

    def run(self, exp: Experiment, done: Callable[[Task, list], None], play: Callable = play_task,
            notify: Callable[[str], Any] = _say) -> list[str]:
        attempts = Attempts()
        for batch in exp.tasks(1):
            # game by game: a run stopped here keeps every game it finished
            for task in (Task(batch.cell, i, i + 1) for i in range(batch.start, batch.stop)):
                while True:
                    try:
                        rows = play(exp, task)
                        break
                    except Exception as e:      # a game that fails is tried again and reported
                        if not attempts.failure(task, e):
                            raise attempts.stop() from e
                done(task, rows)
        return attempts.retried


def _scheduler_reruns(client, keys: list[str]) -> dict[str, int]:
    """How many times the scheduler ran each of ``keys`` again after a worker died while
    running it (its ``suspicious`` count).  The function sent is defined here, inside, so
    that it travels by value: the scheduler need not have this package installed."""

    def reruns(dask_scheduler, keys):
        tasks = dask_scheduler.tasks
        return {k: tasks[k].suspicious for k in keys if k in tasks and tasks[k].suspicious}

    try:
        return client.run_on_scheduler(reruns, keys=keys)
    except Exception:       # a scheduler that refuses run_on_scheduler: nothing can be read back
        return {}


def _addresses(client) -> list[str]:
    """The addresses of the cluster's workers, as the scheduler lists them."""
    try:
        info = client.scheduler_info(n_workers=-1)      # every worker (newer Dask lists 5 by default)
    except TypeError:                                   # older Dask: always every worker
        info = client.scheduler_info()
    return list(info["workers"])


def _workers(client) -> int:
    return len(_addresses(client))


def _in_thread(coroutine_function, timeout: float):
    """Run ``coroutine_function()`` to its end within ``timeout`` seconds, in a thread of its own
    (the caller may be inside a running event loop: a notebook)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine_function(), timeout)).result()


def check_workers(client, seen: set, timeout: float = CONNECT_TIMEOUT) -> None:
    """Connect from here to every worker not in ``seen`` (then add it): the rows of a batch come
    back from its worker directly, so a worker this process cannot reach (one that advertises an
    address nobody can use) would leave the run waiting for ever.  Raises :class:`SweepError`
    naming the first such worker after at most ``timeout`` seconds each."""
    from distributed.comm import connect

    for address in _addresses(client):
        if address in seen:
            continue

        async def touch(address=address):
            comm = await connect(address, timeout=timeout)
            comm.abort()

        try:
            _in_thread(touch, timeout)
        except _UNREACHABLE as e:
            raise SweepError(f"the worker at {address} cannot be reached from here within {timeout:g} s "
                             f"({type(e).__name__}{': ' + str(e) if str(e) else ''}); the games' rows come back "
                             "from each worker directly: fix the address it advertises (dask worker "
                             "--contact-address) or stop it") from None
        seen.add(address)


def run_on_client(client, exp: Experiment, tasks: list[Task], done: Callable[[Task, list], None],
                  play: Callable = play_task, notify: Callable[[str], Any] = _say,
                  wait: float = WAIT_FOR_WORKERS) -> list[str]:
    """Submit every batch to a Dask ``client``, resubmit the ones that fail, and call
    ``done(task, rows)`` as each finishes.  Returns the failures that were retried; raises
    :class:`SweepError` (after cancelling what is left) when the run must stop."""
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:8]
    tries = {i: 0 for i in range(len(tasks))}
    attempts = Attempts()

    def submit(i: int):
        key = f"sweep-{run_id}-{i}-try{tries[i]}"
        return client.submit(play, exp, tasks[i], key=key, pure=False, retries=0)

    reachable: set = set()
    check_workers(client, reachable)
    futures = {submit(i): i for i in range(len(tasks))}
    pending = as_completed(list(futures))
    alone_since, checked = None, time.monotonic()
    try:
        while not pending.is_empty():
            ready = pending.next_batch(block=False) if pending.has_ready() else []
            if not ready:
                time.sleep(0.05)
                now = time.monotonic()
                if now - checked >= 1:
                    checked = now
                    alone_since = _watch_workers(client, alone_since, now, wait, notify)
                    check_workers(client, reachable)
                continue
            reruns = _scheduler_reruns(client, [f.key for f in ready if f.status == "finished"])
            for future in ready:
                i = futures.pop(future)
                if future.status == "finished":
                    if reruns.get(future.key):
                        attempts.rerun(tasks[i], reruns[future.key])
                    done(tasks[i], future.result())
                    continue
                if not attempts.failure(tasks[i], _error_of(future)):
                    raise attempts.stop()
                tries[i] += 1
                again = submit(i)
                futures[again] = i
                pending.add(again)
    except SweepError as e:
        e.retried = e.retried or attempts.retried
        raise
    finally:
        if futures:
            client.cancel(list(futures))
    return attempts.retried


def _watch_workers(client, alone_since, now, wait, notify):
    """Say so when the cluster has no worker, and stop the run once none came for ``wait``
    seconds; returns since when it has had none (None: it has some)."""
    if _workers(client):
        if alone_since is not None:
            notify("explorer sweep: a worker joined; the run goes on")
        return None
    if alone_since is None:
        notify(f"explorer sweep: the scheduler has no workers; waiting up to {wait:g} s for one")
        return now
    if now - alone_since >= wait:
        raise SweepError(f"no worker joined the scheduler within {wait:g} s; the run stopped")
    return alone_since


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

    @contextmanager
    def session(self, notify: Callable[[str], Any] = _say):
        """The cluster started once for several runs (an adaptive sweep's rounds): an :class:`OnClient`."""
        cluster, client = self.start()
        try:
            yield OnClient(client, self.workers, self.name)
        finally:
            client.close()
            cluster.close()

    def run(self, exp, done, play: Callable = play_task, notify: Callable[[str], Any] = _say) -> list[str]:
        with self.session(notify) as held:
            return held.run(exp, done, play, notify)


@dataclass
class OnClient:
    """A Dask cluster held open by a backend's ``session``: its runs share it."""

    client: Any
    workers: int
    name: str
    wait: float = WAIT_FOR_WORKERS

    def run(self, exp, done, play: Callable = play_task, notify: Callable[[str], Any] = _say) -> list[str]:
        return run_on_client(self.client, exp, exp.tasks(self.workers), done, play, notify, self.wait)


@contextmanager
def session(backend, notify: Callable[[str], Any] = _say):
    """``backend`` held open for several runs (each an object with the backend's ``run``): a Dask
    cluster is started or reached once, not once a run; a backend without a ``session`` is its own."""
    opener = getattr(backend, "session", None)
    if opener is None:
        yield backend
        return
    with opener(notify) as held:
        yield held


def check_address(address) -> str:
    """``address`` if it reads as a Dask scheduler's address (``tcp://host:port``), else a
    ValueError saying how one is written."""
    from distributed.comm import get_address_host_port

    if not isinstance(address, str) or not address.strip():
        raise ValueError(f"a scheduler address is written tcp://HOST:PORT, got {address!r}")
    try:
        _host, port = get_address_host_port(address.strip())
    except ValueError as e:
        raise ValueError(f"a scheduler address is written tcp://HOST:PORT, got {address!r} ({e})") from None
    if not 1 <= port <= 65535:
        raise ValueError(f"port {port} of {address.strip()} is out of range: a port is 1 to 65535")
    return address.strip()


def probe(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse, with :class:`SweepError`, an address where no Dask scheduler answers within
    ``timeout`` seconds: nothing listening, or something else (a dashboard's web server,
    a worker).  The whole exchange is bounded, unlike a Dask client's own handshake, which
    waits for ever on a server that accepts the connection and says nothing."""
    from distributed.comm import connect

    async def identity():
        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = _in_thread(identity, timeout)
    except _UNREACHABLE as e:
        raise SweepError(f"no Dask scheduler answered at {address} within {timeout:g} s "
                         f"({type(e).__name__}{': ' + str(e) if str(e) else ''}); is it running, "
                         "and is this its tcp:// address (not the dashboard's)?") from None
    except Exception as e:
        raise SweepError(f"what answered at {address} is not a Dask scheduler ({type(e).__name__}: {e})") from None
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        raise SweepError(f"what answered at {address} is not a Dask scheduler (it says it is {kind!r})")


@dataclass
class Scheduler:
    """A Dask cluster already running, reached at ``address`` (``tcp://host:8786``);
    ``wait`` seconds for a worker when it has none."""

    address: str
    wait: float = WAIT_FOR_WORKERS
    name: str = "dask-scheduler"

    def __post_init__(self):
        self.address = check_address(self.address)

    @contextmanager
    def session(self, notify: Callable[[str], Any] = _say):
        """The scheduler reached (and a worker waited for, said to ``notify``) once for several runs:
        an :class:`OnClient`."""
        from distributed import Client

        probe(self.address)
        try:
            client = Client(self.address, timeout=CONNECT_TIMEOUT)
        except _UNREACHABLE as e:
            raise SweepError(f"cannot reach the Dask scheduler at {self.address}: {e}") from None
        try:
            workers = _workers(client)
            if not workers:
                notify(f"explorer sweep: the scheduler at {self.address} has no workers; waiting up to "
                             f"{self.wait:g} s for one (start one with: dask worker {self.address})")
                try:
                    client.wait_for_workers(1, timeout=self.wait)
                except _UNREACHABLE:
                    raise SweepError(f"no worker joined the scheduler at {self.address} within "
                                     f"{self.wait:g} s; nothing was played") from None
                notify("explorer sweep: a worker joined; the run starts")
                workers = _workers(client)
            yield OnClient(client, max(1, workers), self.name, self.wait)
        finally:
            client.close()

    def run(self, exp, done, play: Callable = play_task, notify: Callable[[str], Any] = _say) -> list[str]:
        with self.session(notify) as held:
            return held.run(exp, done, play, notify)


def choose_backend(workers: int | None = None, scheduler: str | None = None):
    """In-process unless ``workers`` (a new LocalCluster) or ``scheduler`` (an existing one).
    A ValueError names a nonsense request."""
    if workers is not None and scheduler is not None:
        raise ValueError("give workers (a local cluster) or a scheduler address, not both")
    if scheduler is not None:
        return Scheduler(scheduler)
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a whole number 1 or more, got {workers!r}")
        return LocalDask(workers)
    return InProcess()


class SweepInterrupted(SweepError):
    """The run was stopped from outside (Ctrl-C, SIGTERM: a KeyboardInterrupt); ``frame`` holds
    the games finished before it, marked partial, which ``explorer sweep --resume`` completes."""


def run_experiment(exp: Experiment, backend, progress: Callable[[int], Any] | None = None,
                   notify: Callable[[str], Any] = _say, previous=None) -> pd.DataFrame:
    """Every game of ``exp`` on ``backend``, as one DataFrame in (cell, game) order.  When the
    run stops, the :class:`SweepError` raised carries the finished rows as its ``frame``; when it
    is interrupted (KeyboardInterrupt), a :class:`SweepInterrupted` does.  ``previous``, a frame
    of this experiment's games saved by a stopped run, is kept: only the games missing from it
    are played."""
    batches: dict[tuple[int, int], list] = {}
    kept = []
    if previous is not None and len(previous):
        kept = _rows_of(previous, exp)
        exp = exp.without((row["cell"], row["game"]) for row in kept)

    def done(task: Task, rows: list) -> None:
        batches[(task.cell, task.start)] = rows
        if progress is not None:
            progress(task.games)

    def finished() -> list:
        rows = kept + [row for key in sorted(batches) for row in batches[key]]
        return sorted(rows, key=lambda row: (row["cell"], row["game"]))

    try:
        retried = backend.run(exp, done, notify=notify)
    except SweepError as e:
        e.frame = to_frame(exp, finished(), backend.name, e.retried, failed=[str(e)], complete=False)
        raise
    except KeyboardInterrupt:
        stopped = SweepInterrupted("the run was interrupted")
        stopped.frame = to_frame(exp, finished(), backend.name, complete=False)
        stopped.frame.attrs["interrupted"] = True
        raise stopped from None
    frame = to_frame(exp, finished(), backend.name, retried)
    if kept:
        frame.attrs["resumed"] = len(kept)
    return frame


def _rows_of(frame: pd.DataFrame, exp: Experiment) -> list[dict]:
    """The rows of a saved ``frame`` of ``exp`` as :func:`~explorer.lab.experiment.play_game`
    makes them (missing values as None), so that a resumed run's frame is built like a whole one."""
    columns = exp.columns()
    if list(frame.columns) != columns:
        raise SweepError(f"the saved games have columns {list(frame.columns)}, this sweep makes {columns}")
    rows = frame.astype(object).where(frame.notna(), None).to_dict("records")
    for row in rows:
        for k, v in row.items():
            if hasattr(v, "item") and not isinstance(v, str):
                row[k] = v.item()           # numpy's numbers as Python's, as play_game gives them
    return rows


def done_ranges(frame: pd.DataFrame) -> list[list[int]]:
    """The games a frame holds, as ``[cell, start, stop]`` runs (what a partial file's record
    lists under ``done``)."""
    from .experiment import ranges

    out = []
    for cell, games in frame.groupby("cell")["game"]:
        out += [[int(cell), a, b] for a, b in ranges(sorted(int(g) for g in games))]
    return out


def to_frame(exp: Experiment, rows: list[dict], backend: str = "", retried=(), failed=(),
             complete: bool = True, games: int | None = None) -> pd.DataFrame:
    """The rows as a DataFrame with every declared column, winner and evaluations typed so
    that a game with no winner reads as missing.  ``attrs`` record the run (see
    :meth:`Experiment.record`) and how it went: ``backend``, ``retried``, ``failed``,
    ``complete`` (False: the run stopped and only the finished games are here).  ``games``: the
    games per variant played when fewer than the experiment's (an adaptive sweep that stopped early)."""
    import pandas as pd

    expected = len(exp.cells()) * (games or exp.games)
    if complete and len(rows) != expected:
        raise SweepError(f"{len(rows)} rows for {expected} games")
    frame = pd.DataFrame(rows, columns=exp.columns())
    frame["winner"] = frame["winner"].astype("Int64")
    for q in range(exp.seats):
        frame[f"eval_{q}"] = frame[f"eval_{q}"].astype("Float64")
    frame.attrs.update(exp.record())
    if games is not None:
        frame.attrs["games"] = games
    frame.attrs.update({"backend": backend, "retried": list(retried), "failed": list(failed),
                        "complete": complete, "games_played": len(rows)})
    if exp.timed:           # the CPU time the games took, per player spec (the cpu_N columns summed)
        cpu: dict[str, float] = {}
        for q in range(exp.seats):
            for spec, seconds in zip(frame[f"player_{q}"], frame[f"cpu_{q}"], strict=True):
                if spec is not None and seconds == seconds:
                    cpu[spec] = cpu.get(spec, 0.0) + float(seconds)
        frame.attrs["cpu_seconds"] = {spec: round(x, 3) for spec, x in cpu.items()}
    if not complete:
        frame.attrs.update({"partial": True, "done": done_ranges(frame)})
    return frame
