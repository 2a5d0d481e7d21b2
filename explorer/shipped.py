"""What-if results shipped with the explorer (``data/whatif/<name>.json``), so a page that shows
hundreds of simulated games opens at once instead of playing them first.

Each file holds the command and the seed that made it, the variants and, per variant, the figures
the what-if views draw: the summary of :func:`explorer.simulate.summarize` and every game's round
count.  The same random games come out of the same seed, so a file can be checked by making it again;
``python -m explorer.shipped NAME`` (or ``--all``) remakes it.  The views offer a button to play the
games live instead (:func:`explorer.views.app.whatif_section`).

No widgets here: the command runs without Jupyter.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from explorer.engine.examples import data_file
from explorer.simulate import resolve, run_games, summarize

FOLDER = "whatif"

#: what each shipped file plays: the game, its variants, how many games each, the seed
PLANS: dict[str, dict] = {
    "conspiracy": {"game": "conspiracy", "games": 200, "seed": 1, "variants": {
        "rulebook (3 columns, 2 points)": {}, "4 columns": {"columns": 4}, "3 action points": {"action_points": 3}}},
    "decay": {"game": "decay", "games": 150, "seed": 1, "variants": {
        "3 players": {"players": 3}, "4 players": {"players": 4}}},
}

#: summary fields kept in a file (the timings are the machine's, not the games')
KEPT = ("games", "seed", "options", "won", "capped", "other", "reasons", "wins_by_seat", "rounds", "actions")


class ShippedError(ValueError):
    """A shipped file that is missing, unreadable or not what its name promises."""


def command(name: str) -> str:
    return f"python -m explorer.shipped {name}"


def make(name: str, progress=None) -> dict:
    """Play the games of plan ``name`` and return the file's content."""
    if name not in PLANS:
        raise ShippedError(f"no shipped what-if named {name!r}; known: {', '.join(sorted(PLANS))}")
    plan = PLANS[name]
    out = {"name": name, "command": command(name), "game": plan["game"], "games": plan["games"],
           "seed": plan["seed"], "variants": plan["variants"], "results": {}}
    for variant, options in plan["variants"].items():
        setup = resolve(plan["game"], options)
        t0 = time.perf_counter()
        outcomes = run_games(setup, plan["games"], plan["seed"], progress)
        summary = summarize(setup, outcomes, plan["seed"], time.perf_counter() - t0)
        out["results"][variant] = {**{k: summary[k] for k in KEPT},
                                   "round_counts": [o.rounds for o in outcomes]}
    return out


def load(name: str) -> dict:
    """The shipped file ``data/whatif/<name>.json``; a clear error if it is missing or is not the
    plan's."""
    f = data_file(FOLDER, f"{name}.json")
    try:
        data = json.loads(f.read_text())
    except FileNotFoundError:
        raise ShippedError(f"no shipped results for {name!r}: make them with `{command(name)}`") from None
    except (OSError, ValueError) as e:
        raise ShippedError(f"data/{FOLDER}/{name}.json cannot be read ({e.__class__.__name__}): "
                           f"make it again with `{command(name)}`") from None
    plan = PLANS.get(name)
    if plan is None or any(data.get(k) != plan[k] for k in ("game", "games", "seed", "variants")):
        raise ShippedError(f"data/{FOLDER}/{name}.json is not what `{command(name)}` makes now: make it again")
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m explorer.shipped",
                                 description="Make the what-if results shipped in data/whatif/ again.")
    ap.add_argument("names", nargs="*", help=f"which ({', '.join(sorted(PLANS))})")
    ap.add_argument("--all", action="store_true", help="every one")
    ap.add_argument("--out", default="data", help="the data folder to write into (default: data)")
    args = ap.parse_args(argv)
    names = sorted(PLANS) if args.all else args.names
    if not names:
        ap.error("name a what-if or give --all")
    for name in names:
        if name not in PLANS:
            ap.error(f"no shipped what-if named {name!r}; known: {', '.join(sorted(PLANS))}")
    for name in names:
        path = Path(args.out) / FOLDER / f"{name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(make(name), indent=1, sort_keys=True) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
