"""Does the ``strong`` player keep its budget?  Per-decision CPU time and memory over whole games.

    nice python -m explorer.budget_bench                       # every game, budgets 0.05 0.2 0.5
    nice python -m explorer.budget_bench conspiracy --budgets 0.05 --strong 4 --games 2

Each (game, budget, seed) is played in a fresh Python process (so its peak memory is that game's
alone): the seats listed by ``--strong`` (default: every seat) play ``strong:budget=B``, the others
``sensible``, and every decision of a strong seat with more than one legal action is timed with
:func:`time.process_time` around ``choose`` (everything the player does for that decision, its
garbage collection included).  Printed per game and budget: decisions, CPU per decision (median,
99th percentile, max) as multiples of the budget too, the decisions over 1.5x and 3x the budget,
and memory: the resident size when the game began, when it ended and its peak (``ru_maxrss``).

A measurement, not a test: the figures depend on the machine and on what else runs on it (CPU
time counts only this process's work, so a busy machine slows the run but should not move the
figures much).  The targets of issue 42 item 5: p99 at most 1.5x and max at most 3x the budget.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys

from explorer.engine import game_names
from explorer.lab.experiment import game_seed, play_seeded
from explorer.simulate import resolve

BUDGETS = (0.05, 0.2, 0.5)
#: players per game (the rulebooks' usual count; every game plays 4)
PLAYERS = 4


def _rss_mb() -> float:
    """The resident size of this process now, in MB (Linux's /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def play_one(game: str, budget: float, seed: int, strong: int) -> dict:
    """One game with ``strong`` strong seats (the first ones) and sensible players in the others;
    the CPU seconds of each strong decision with a choice, and memory figures."""
    setup = resolve(game, {"players": PLAYERS})
    g, options = setup.game, setup.options
    s = game_seed(seed, {"budget_bench": game}, 0)
    specs = [f"strong:budget={budget}" if q < strong else "sensible" for q in range(options.players)]
    times, legal_sizes = [], []

    def timed(q, state, seconds):       # a strong seat's decision with a choice: its CPU time
        if q < strong:
            n = len(state.legal_actions())
            if n > 1:
                times.append(seconds)
                legal_sizes.append(n)
    rss_start = _rss_mb()
    play_seeded(g, options, specs, s, on_choice=timed)
    worst = max(range(len(times)), key=times.__getitem__) if times else None
    return {"game": game, "budget": budget, "seed": seed, "strong": strong, "times": times,
            "worst_at": worst, "worst_legal": legal_sizes[worst] if worst is not None else None,
            "rss_start_mb": rss_start, "rss_end_mb": _rss_mb(),
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _quantile(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def summary(runs: list[dict]) -> dict:
    """Figures of the runs of one (game, budget)."""
    times = [t for r in runs for t in r["times"]]
    b = runs[0]["budget"]
    if not times:
        return {"decisions": 0}
    return {"decisions": len(times), "median": statistics.median(times), "p99": _quantile(times, 0.99),
            "max": max(times), "over_1_5": sum(t > 1.5 * b for t in times), "over_3": sum(t > 3 * b for t in times),
            "rss_start_mb": max(r["rss_start_mb"] for r in runs), "rss_end_mb": max(r["rss_end_mb"] for r in runs),
            "peak_mb": max(r["peak_mb"] for r in runs)}


def line(game: str, budget: float, s: dict) -> str:
    if not s["decisions"]:
        return f"{game:<14} {budget:>5g}  no decision"
    return (f"{game:<14} {budget:>5g} {s['decisions']:>6} {s['median']:8.3f} {s['p99']:8.3f} {s['max']:8.3f}"
            f"   {s['p99'] / budget:5.2f}x {s['max'] / budget:5.2f}x {s['over_1_5']:>6} {s['over_3']:>5}"
            f"   {s['rss_start_mb']:6.0f} {s['rss_end_mb']:6.0f} {s['peak_mb']:6.0f}")


HEADER = (f"{'game':<14} {'budget':>5} {'dec.':>6} {'median':>8} {'p99':>8} {'max':>8}   {'p99/b':>6} {'max/b':>6}"
          f" {'>1.5b':>6} {'>3b':>5}   {'MB at':>6} {'end':>6} {'peak':>6}\n"
          f"{'':<14} {'':>5} {'':>6} {'(CPU seconds a decision)':>26}   {'':>6} {'':>6} {'':>6} {'':>5}   "
          f"{'start':>6}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer.budget_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: every one)")
    parser.add_argument("--budgets", default=",".join(map(str, BUDGETS)),
                        help="CPU seconds a decision, comma-separated")
    parser.add_argument("--strong", type=int, default=PLAYERS, help="strong seats (the first "
                                                                    "ones; default: every seat)")
    parser.add_argument("--games", dest="n", type=int, default=1, help="games per game and budget (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="FILE", help="also write every decision's time to FILE")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)     # a child: one game, JSON out
    args = parser.parse_args(argv)
    budgets = [float(b) for b in args.budgets.split(",")]
    games = args.games or game_names()
    if args.one:
        print(json.dumps(play_one(games[0], budgets[0], args.seed, args.strong)))
        return 0
    print(HEADER, flush=True)
    out = []
    for game in games:
        for budget in budgets:
            runs = []
            for i in range(args.n):
                done = subprocess.run([sys.executable, "-m", "explorer.budget_bench", game, "--one", "--budgets",
                                       str(budget), "--seed", str(args.seed + i), "--strong", str(args.strong)],
                                      capture_output=True, text=True)
                if done.returncode:
                    print(f"{game} {budget}: failed\n{done.stderr}", file=sys.stderr)
                    return 1
                runs.append(json.loads(done.stdout))
            out += runs
            print(line(game, budget, summary(runs)), flush=True)
    if args.json:
        from explorer.engine.saving import write_atomic
        write_atomic(args.json, json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
