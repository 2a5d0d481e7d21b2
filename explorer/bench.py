"""Benchmarks: how fast each game's engine plays.  Not timed tests; ``explorer bench``
prints the figures.

Each game gets the same list of :data:`MEASUREMENTS`.  A measurement is a function of
a :class:`BenchContext` (the game, its options, a time budget or a number of games)
returning a flat dict of figures, plus a function turning those figures into text
lines.  A new figure is one more :class:`Measurement` given to :func:`add_measurement`.

This module measures the engine only.  A layer above it adds its own figures when it is
imported: :mod:`explorer.views.bench` adds the time from a board click to the redrawn
views, and the ``explorer`` command imports it, so ``explorer bench`` prints that figure
too while nothing here imports a view.
"""
from __future__ import annotations

import os
import platform
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from explorer.engine import random_playout
from explorer.engine.registry import Game

from .simulate import resolve

#: Seconds spent on each game when no budget is given.
DEFAULT_SECONDS = 3.0

#: The yardstick: OpenSpiel's pure-Python block dominoes, played the same way in the same run.
REFERENCE_GAME = "python_block_dominoes"
#: Installing the optional extra that brings OpenSpiel.
REFERENCE_INSTALL = "pip install 'rules-explorer[bench]'"
#: A game's playouts and the reference's are timed side by side, in this many alternating
#: slices each: whatever else slows the machine for a moment (another process, a clock
#: change) falls on both alike, and the ratio compares like with like.
SLICES = 10
#: Playouts are timed in a steady state, as a sweep or a search player runs them for
#: minutes: first, untimed, this share of the measurement's time (or one game when a
#: number of games is given) warms the interpreter's specialised code and the rules'
#: module caches.  Ours and the reference get the same warm-up.
WARMUP_SHARE = 0.15


def _more(played: int, started: float, seconds: float, games: int | None) -> bool:
    """Whether to play another game after ``played`` of them since ``started``: exactly
    ``games`` when given, else whole games for ``seconds`` (at least one)."""
    if games is not None:
        return played < games
    return played == 0 or time.perf_counter() - started < seconds


@dataclass(frozen=True)
class BenchContext:
    """What a measurement works on."""

    game: Game
    options: Any
    seconds: float            # this measurement's share of the game's budget
    games: int | None         # if set, play exactly this many games instead of using the time
    seed: int = 0
    reference: bool = False   # time the reference's playouts side by side with the game's

    def more(self, played: int, started: float) -> bool:
        """Whether to play another game after ``played`` of them since ``started``."""
        return _more(played, started, self.seconds, self.games)

    def warm_up(self, play: Callable[[int], Any]) -> None:
        """Call ``play(i)`` untimed for :data:`WARMUP_SHARE` of the time (one call when a
        number of games is given)."""
        started = time.perf_counter()
        i = 0
        while i == 0 or (self.games is None and time.perf_counter() - started < self.seconds * WARMUP_SHARE):
            play(i)
            i += 1


@dataclass(frozen=True)
class Measurement:
    name: str
    share: float                               # fraction of the game's time budget
    run: Callable[[BenchContext], dict]
    describe: Callable[[dict], list[str]]      # the figures as text lines


def measure_playouts(ctx: BenchContext) -> dict:
    """Whole uniform-random playouts, untouched by instrumentation: playouts, applied
    actions (chance outcomes included) and decisions per second, after the warm-up
    (:data:`WARMUP_SHARE`).  As any uniform-random playout without a callback, they
    advance their own states in place (:meth:`.engine.machine.PhasedState.advance`).

    With ``ctx.reference`` the reference's playouts (:func:`reference_player`) get the same
    warm-up and the same time, in :data:`SLICES` slices alternating with ours (with a
    number of games: that many of each, ours first), and its figures join ours."""
    counts: dict = {}
    name, options, seed = ctx.game.name, ctx.options, ctx.seed

    def ours(i: int) -> int:
        return len(random_playout(name, options, seed=seed + i, counts=counts)[0].actions)

    timed = [Side(ours)]
    missing = None
    if ctx.reference:
        play, missing = reference_player()
        if play is not None:
            warm, rng = random.Random(seed + 10 ** 6), random.Random(seed)
            ctx.warm_up(lambda i: play(warm))
            timed.append(Side(lambda i: play(rng)))
    # warm-up games on seeds far from the timed ones
    ctx.warm_up(lambda i: random_playout(name, options, seed=seed + 10 ** 6 + i))
    counts.clear()
    if ctx.games is not None:
        for side in timed:
            side.play_for(None, ctx.games)
    else:
        for _ in range(SLICES):
            for side in timed:
                side.play_for(ctx.seconds / SLICES)
    us = timed[0]
    out = {
        "playouts": us.games,
        "playout_seconds": us.seconds,
        "playouts_per_second": us.games / us.seconds,
        "actions_per_playout": us.actions / us.games,
        "actions_per_second": us.actions / us.seconds,
        "decisions_per_second": counts["decisions"] / us.seconds,
    }
    if ctx.reference:
        ref = timed[1] if len(timed) > 1 else None
        out.update({"reference_game": REFERENCE_GAME,
                    "reference_playouts": ref and ref.games,
                    "reference_seconds": ref and ref.seconds,
                    "reference_actions_per_second": ref and ref.actions / ref.seconds,
                    "reference_missing": missing})
    return out


class Side:
    """One side of a side-by-side timing: ``play(i)`` plays the i-th game and returns its
    actions; games, actions and seconds add up over the slices it is given."""

    def __init__(self, play: Callable[[int], int]):
        self.play = play
        self.games = self.actions = 0
        self.seconds = 0.0

    def play_for(self, seconds: float | None, games: int | None = None) -> None:
        """Play whole games for ``seconds`` (at least one), or exactly ``games`` games."""
        started = time.perf_counter()
        n = 0
        while _more(n, started, seconds, games):
            self.actions += self.play(self.games)
            self.games += 1
            n += 1
        self.seconds += time.perf_counter() - started


def describe_playouts(f: dict) -> list[str]:
    return [
        f"random playouts  {f['playouts_per_second']:10.1f} /s  "
        f"({f['playouts']} in {f['playout_seconds']:.2f} s, {f['actions_per_playout']:.0f} actions each)",
        f"actions          {f['actions_per_second']:10.0f} /s  (every applied action, chance outcomes included)",
        f"decisions        {f['decisions_per_second']:10.0f} /s  (actions a player chose)",
    ]


def measure_operations(ctx: BenchContext) -> dict:
    """The cost of one ``legal_actions()`` and one ``apply()``, timed one call at a time
    along random playouts.  Every state is new (made by ``apply``), so ``legal_actions``
    is timed on its first call, before any cache; it is timed at decision points only,
    since a playout samples chance nodes without listing their outcomes.  ``apply`` is
    timed for the chosen action or the sampled chance outcome."""
    clock = time.perf_counter_ns
    legal, apply_decision, apply_chance = [], [], []
    played = 0
    started = time.perf_counter()
    while ctx.more(played, started):
        rng = random.Random(ctx.seed + played)
        state = ctx.game.initial_state(ctx.options)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
                t0 = clock()
                following = state.apply(action)
                apply_chance.append(clock() - t0)
            else:
                t0 = clock()
                actions = state.legal_actions()
                legal.append(clock() - t0)
                action = actions[rng.randrange(len(actions))]
                t0 = clock()
                following = state.apply(action)
                apply_decision.append(clock() - t0)
            state = following
        played += 1

    def median_us(ns):
        return statistics.median(ns) / 1000 if ns else None

    return {
        "timed_playouts": played,
        "legal_actions_calls": len(legal),
        "legal_actions_median_us": median_us(legal),
        "apply_calls": len(apply_decision) + len(apply_chance),
        "apply_median_us": median_us(apply_decision + apply_chance),
        "apply_decision_median_us": median_us(apply_decision),
        "apply_chance_median_us": median_us(apply_chance),
    }


def _us(x) -> str:
    return "-" if x is None else f"{x:.1f} us"


def describe_operations(f: dict) -> list[str]:
    return [
        f"legal_actions()  median {_us(f['legal_actions_median_us'])}  "
        f"(first call on a fresh state; {f['legal_actions_calls']} decision points)",
        f"apply()          median {_us(f['apply_median_us'])}  "
        f"(decisions {_us(f['apply_decision_median_us'])}, chance {_us(f['apply_chance_median_us'])}; "
        f"{f['apply_calls']} calls in {f['timed_playouts']} playouts)",
    ]


#: What :func:`bench_game` measures, in this order: the engine's figures, then those the
#: layers above added (:func:`add_measurement`).
MEASUREMENTS: list[Measurement] = [
    Measurement("playouts", 0.5, measure_playouts, describe_playouts),
    Measurement("operations", 0.5, measure_operations, describe_operations),
]


def add_measurement(measurement: Measurement) -> None:
    """Measure ``measurement`` for every game from now on, after those already listed; one of
    the same name takes the old one's place (a module imported again adds nothing twice)."""
    names = [m.name for m in MEASUREMENTS]
    if measurement.name in names:
        MEASUREMENTS[names.index(measurement.name)] = measurement
    else:
        MEASUREMENTS.append(measurement)


def reference_player() -> tuple[Callable | None, str | None]:
    """``(play, None)``: ``play(rng)`` plays one uniform-random game of OpenSpiel's
    :data:`REFERENCE_GAME` and returns its number of actions, counted like ours (every
    applied action, chance outcomes included; chance sampled by its probabilities).
    ``(None, why)`` when OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401 (registers them)
    except ImportError as e:
        return None, f"OpenSpiel is not installed ({e.name}); {REFERENCE_INSTALL}"
    game = pyspiel.load_game(REFERENCE_GAME)

    def play(rng) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, total = rng.random(), 0.0
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    total += p
                    if r < total:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            actions += 1
        return actions

    return play, None


def _version(dist: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def with_ratio(figures: dict) -> dict:
    """``figures`` with the game's actions/s as a multiple of the reference's timed side by
    side with it (``None`` when the reference could not be measured)."""
    ref = figures.get("reference_actions_per_second")
    return {**figures, "reference_ratio": figures["actions_per_second"] / ref if ref else None}


def reference_summary(per_game: list[dict]) -> dict:
    """The reference over every game's side-by-side slices (for ``--json``)."""
    timed = [f for f in per_game if f.get("reference_actions_per_second")]
    out = {"reference_game": REFERENCE_GAME, "reference_version": _version("open_spiel"),
           "reference_missing": next((f["reference_missing"] for f in per_game if f.get("reference_missing")), None),
           "reference_playouts": sum(f["reference_playouts"] for f in timed),
           "reference_actions_per_second": None}
    seconds = sum(f["reference_seconds"] for f in timed)
    if seconds:
        out["reference_actions_per_second"] = sum(
            f["reference_actions_per_second"] * f["reference_seconds"] for f in timed) / seconds
    return out


def describe_reference() -> str:
    """The reference line printed before the games: what each game is compared with."""
    play, missing = reference_player()
    if play is None:
        return f"reference: none -- {missing}"
    return (f"reference: OpenSpiel {_version('open_spiel') or ''} {REFERENCE_GAME} random playouts, timed "
            f"side by side with each game's in {SLICES} alternating slices (same counting, same warm-up, same time; "
            f"both apply each action to the playout's own state without checking again that it was offered: "
            f"OpenSpiel's apply_action, our random_playout's loop)")


def describe_ratio(figures: dict) -> str:
    if figures.get("reference_ratio") is None:
        return "vs reference     - (OpenSpiel absent; see the reference line)"
    ratio = figures["reference_ratio"]
    verdict = "at or above the yardstick" if ratio >= 1.0 else "below the yardstick of 1.0x"
    return (f"vs reference     {ratio:10.2f} x  the actions/s of {figures['reference_game']}, "
            f"{figures['reference_actions_per_second']:.0f} /s side by side ({verdict})")


def machine() -> dict:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
    }


def bench_game(game: str, seconds: float = DEFAULT_SECONDS, games: int | None = None,
               options=None, reference: bool = True) -> dict:
    """Every measurement of :data:`MEASUREMENTS` for ``game``, merged into one dict, with
    the reference timed side by side with the playouts and the ratio (``reference``).

    ``options`` as in :func:`explorer.simulate.resolve` (a game with a ``round_cap``
    option gets the simulations' default cap, so every playout ends).  Raises
    :class:`~explorer.simulate.SetupError` for an unknown game or bad options."""
    setup = resolve(game, options)
    figures: dict[str, Any] = {"budget_seconds": seconds if games is None else None,
                               "games": games}
    for m in MEASUREMENTS:
        ctx = BenchContext(setup.game, setup.options, seconds * m.share, games,
                           reference=reference and m.run is measure_playouts)
        figures.update(m.run(ctx))
    return with_ratio(figures) if reference else figures


def describe_game(game: str, figures: dict) -> str:
    budget = (f"{figures['games']} games per measurement" if figures["games"] is not None
              else f"{figures['budget_seconds']:g} s budget")
    lines = [f"{game} ({budget})"]
    for m in MEASUREMENTS:
        lines += ["  " + line for line in m.describe(figures)]
    if "reference_ratio" in figures:
        lines.append("  " + describe_ratio(figures))
    return "\n".join(lines)


def describe_machine(info: dict) -> str:
    return (f"machine: {info['implementation']} {info['python']} on {info['platform']}, "
            f"{info['cpu_count']} CPUs")


#: Local Dask workers the sweep throughput is measured with; the ratio compares the last to the first.
SWEEP_WORKERS = (1, 2)


def measure_sweep(game: str, games: int, seed: int = 0) -> dict:
    """Sweep throughput: ``games`` random games of ``game`` (rulebook options) played by
    :mod:`explorer.lab` in this process and on a Dask ``LocalCluster`` of each size in
    :data:`SWEEP_WORKERS`, in games per second.  The clusters are started, and every worker
    has imported the game, before the clock starts: the figure is the steady rate of a long
    sweep, not the ~1 s a cluster takes to start."""
    from explorer.lab import Experiment
    from explorer.lab.backends import LocalDask, run_on_client

    exp = Experiment(game, games=games, seed=seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    started = time.perf_counter()
    exp.run()
    out = {"sweep_game": game, "sweep_games": games, "sweep_load_average": load,
           "sweep_in_process_games_per_second": games / (time.perf_counter() - started)}
    for workers in SWEEP_WORKERS:
        cluster, client = LocalDask(workers).start()
        try:
            client.run(resolve, game)                      # every worker imports the game first
            cpu = sum(client.run(time.process_time).values())
            started = time.perf_counter()
            run_on_client(client, exp, exp.tasks(workers), lambda task, rows: None)
            elapsed = time.perf_counter() - started
            out[f"sweep_{workers}_workers_games_per_second"] = games / elapsed
            # the CPU the workers got: below the worker count when other work held the cores
            out[f"sweep_{workers}_workers_cores_used"] = (sum(client.run(time.process_time).values()) - cpu) / elapsed
        finally:
            client.close()
            cluster.close()
    first, last = SWEEP_WORKERS[0], SWEEP_WORKERS[-1]
    out["sweep_speedup"] = (out[f"sweep_{last}_workers_games_per_second"]
                            / out[f"sweep_{first}_workers_games_per_second"])
    return out


def describe_sweep(f: dict) -> str:
    first, last = SWEEP_WORKERS[0], SWEEP_WORKERS[-1]
    rates = ", ".join(f"{w} worker{'s' if w > 1 else ''} {f[f'sweep_{w}_workers_games_per_second']:.1f} "
                      f"(on {f[f'sweep_{w}_workers_cores_used']:.2f} cores)" for w in SWEEP_WORKERS)
    return (f"sweep ({f['sweep_game']}, {f['sweep_games']} random games, explorer.lab): in-process "
            f"{f['sweep_in_process_games_per_second']:.1f} games/s; Dask LocalCluster {rates} games/s; "
            f"{last} vs {first}: {f['sweep_speedup']:.2f}x"
            + ("" if f["sweep_load_average"] is None else
               f" (load average {f['sweep_load_average']:.2f} on {os.cpu_count()} CPUs before it began)"))
