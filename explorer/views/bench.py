"""Responsiveness of the views, measured without a browser: the time from a board click
(the bqplot click handler) to updated widget models, on mid-game states.

Importing this module adds the figure to ``explorer bench`` (the ``click`` measurement, after the
engine's: :func:`explorer.bench.add_measurement`); the ``explorer`` command imports it, so the
bench, which measures the engine, never imports a view itself."""
from __future__ import annotations

import contextlib
import random
import statistics
import time

from explorer.bench import BenchContext, Measurement, add_measurement
from explorer.engine import GameRecord, Timeline, random_playout

#: Games with a board view (every game): how to build their explorer on a timeline.
def _explorers():
    from .conspiracy import ConspiracyExplorer
    from .decay import DecayExplorer
    from .journalists import JournalistsExplorer
    from .sands_of_time import SandsExplorer
    from .take_off_eh import TakeOffEhExplorer
    return {"conspiracy": ConspiracyExplorer, "decay": DecayExplorer, "journalists": JournalistsExplorer,
            "sands_of_time": SandsExplorer, "take_off_eh": TakeOffEhExplorer}


#: The phases whose decisions are made by a click on the board.
BOARD_PHASES = {"conspiracy": ("new_tile", "cell", "direction", "target", "target_tile", "column"),
                "decay": ("place_tile", "move", "pick_up", "put_down", "slide", "slide_to"),
                "journalists": ("take",),
                "sands_of_time": ("claim", "capital", "extra_peasant", "conquer_where", "new_capital", "retreat",
                                  "target"),
                "take_off_eh": ("fund", "choose", "bribe", "retrieve", "home_coin", "tour", "fish", "fish_to",
                                "referendum", "scandal", "scandal_to", "hockey_discard", "beer_coin", "pork_place")}

#: Where a board keeps its clickable targets: (mark, the keys its points stand for), first
#: match wins (Take Off, Eh! rings tiles and pieces in two marks; the others in one).
TARGET_MARKS = (("tile_targets", "_tile_target_keys"), ("targets", "_piece_target_keys"),
                ("targets", "_target_keys"))


def first_target(board):
    """The mark holding the board's first highlighted legal target (clicked at index 0),
    or None when nothing is highlighted."""
    for mark, keys in TARGET_MARKS:
        if hasattr(board, mark) and getattr(board, keys, None):
            return getattr(board, mark)
    return None


def mid_game_points(game: str, options, samples: int, seed: int = 0, min_fraction: float = 0.3):
    """``(record prefix)`` cut at decisions that are made on the board, from the middle
    of random games (past ``min_fraction`` of each game)."""
    rng = random.Random(seed)
    points = []
    s = seed
    while len(points) < samples:
        record, _ = random_playout(game, options, seed=s)
        s += 1
        states = record.states()
        start = int(len(states) * min_fraction)
        picks = [i for i in range(start, len(states) - 1)
                 if states[i].phase in BOARD_PHASES.get(game, ()) and not states[i].is_chance_node()]
        for i in rng.sample(picks, min(len(picks), 3)):
            points.append(GameRecord(record.game, record.options, record.seed, record.actions[:i]))
    return points[:samples]


def click_to_update(game: str, options=None, samples: int = 25, seed: int = 0) -> dict:
    """Median and 90th-percentile milliseconds from a click on a highlighted legal
    target to the redrawn board, log, inspector and side panels."""
    explorers = _explorers()
    if game not in explorers:
        return {"click_skipped": "no board view for this game"}
    times = []
    for rec in mid_game_points(game, options, samples, seed):
        tl = Timeline(rec)
        tl.last()
        view = explorers[game](tl)
        mark = first_target(view.board)
        if mark is None:
            continue
        t0 = time.perf_counter()
        mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": 0}})
        times.append((time.perf_counter() - t0) * 1000)
    if not times:
        return {"click_skipped": "no board decision met in the sampled games"}
    times.sort()
    return {"click_to_update_ms_median": statistics.median(times),
            "click_to_update_ms_p90": times[int(0.9 * (len(times) - 1))],
            "click_samples": len(times)}


def click_to_update_with_comms(game: str, options=None, samples: int = 25, seed: int = 0) -> dict:
    """:func:`click_to_update` inside an in-process IPython kernel, so every widget has
    an open comm and each change is serialised as it would be for a browser."""
    import os
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")   # quiet the kernel's debugger
    from ipykernel.inprocess.manager import InProcessKernelManager
    km = InProcessKernelManager()
    km.start_kernel()
    try:
        shell = km.kernel.shell
        shell.user_ns["_bench_args"] = (game, options, samples, seed)
        result = shell.run_cell("from explorer.views.bench import click_to_update as _c\n"
                                "_bench_result = _c(*_bench_args)", silent=True)
        if not result.success:
            raise RuntimeError(f"click benchmark failed: {result.error_in_exec!r}")
        return dict(shell.user_ns["_bench_result"], click_with_comms=True)
    finally:
        kernel = km.kernel
        km.shutdown_kernel()
        with contextlib.suppress(Exception):    # older ipykernel: nothing to stop
            kernel.iopub_thread.stop()
        # the stopped kernel leaves one pending asyncio task whose garbage collection
        # asyncio reports at exit; it is harmless here
        import logging
        logging.getLogger("asyncio").setLevel(logging.CRITICAL)


def measure_click(ctx: BenchContext) -> dict:
    """Board click to updated widget models on mid-game states (games with a board view)."""
    samples = 5 if ctx.games is not None else 25
    return click_to_update_with_comms(ctx.game.name, ctx.options, samples=samples, seed=ctx.seed)


def describe_click(f: dict) -> list[str]:
    if "click_to_update_ms_median" not in f:
        return [f"click -> update   ({f.get('click_skipped', 'not measured')})"]
    return [f"click -> update   median {f['click_to_update_ms_median']:.1f} ms, "
            f"p90 {f['click_to_update_ms_p90']:.1f} ms ({f['click_samples']} clicks on legal targets, "
            "mid-game, widget comms open, no browser)"]


add_measurement(Measurement("click", 0.0, measure_click, describe_click))
