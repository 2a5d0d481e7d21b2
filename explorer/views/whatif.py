"""Side-by-side simulations of rule variants, with a progress bar and bqplot charts."""
from __future__ import annotations

import html
from collections import Counter

import bqplot as bq
import ipywidgets as W

from explorer.simulate import resolve, run_games, summarize

PALETTE = ["#3b6fb6", "#c0392b", "#2e8b57", "#e8a317", "#7b3fa0"]


def compare_variants(game: str, variants: dict[str, dict], games: int = 200, seed: int = 0,
                     progress: bool = True) -> dict[str, dict]:
    """Play ``games`` random games per variant (same seeds for each, so the comparison
    is paired); returns {variant: summary dict with an extra ``outcomes`` list}."""
    from tqdm.auto import tqdm
    results = {}
    bar = tqdm(total=games * len(variants), desc=f"{game} what-if", unit="game") if progress else None
    try:
        for name, options in variants.items():
            setup = resolve(game, options)
            import time
            t0 = time.perf_counter()
            outcomes = run_games(setup, games, seed, bar.update if bar else None)
            summary = summarize(setup, outcomes, seed, time.perf_counter() - t0)
            summary["outcomes"] = outcomes
            results[name] = summary
    finally:
        if bar:
            bar.close()
    return results


def rounds_histogram(results: dict[str, dict], bin_width: int = 5, title: str = "Rounds played") -> bq.Figure:
    """Grouped bars: how many games lasted each span of rounds, per variant."""
    names = list(results)
    top = max((o.rounds or 0) for r in results.values() for o in r["outcomes"])
    bins = list(range(0, top + bin_width, bin_width))
    labels = [f"{b + 1}-{b + bin_width}" for b in bins]
    ys = []
    for n in names:
        c = Counter(((o.rounds or 1) - 1) // bin_width for o in results[n]["outcomes"])
        total = len(results[n]["outcomes"])
        ys.append([c.get(i, 0) / total for i in range(len(bins))])
    xs, ysc = bq.OrdinalScale(), bq.LinearScale(min=0)
    bars = bq.Bars(x=labels, y=ys, scales={"x": xs, "y": ysc}, type="grouped",
                   colors=PALETTE[:len(names)], labels=names, display_legend=True)
    return bq.Figure(marks=[bars], title=title, legend_location="top-right",
                     axes=[bq.Axis(scale=xs, label="rounds", side="bottom"),
                           bq.Axis(scale=ysc, side="left", tick_format=".0%", label="share of games")],
                     layout=W.Layout(width="640px", height="320px"),
                     fig_margin={"top": 40, "bottom": 50, "left": 60, "right": 10})


def summary_table(results: dict[str, dict]) -> W.HTML:
    rows = []
    for name, s in results.items():
        n = s["won"] + s["capped"] + s.get("other", 0)
        r = s["rounds"] or {}
        rows.append(f"<tr><td>{html.escape(name)}</td><td>{n}</td><td>{s['won'] / n:.0%}</td>"
                    f"<td>{r.get('median')}</td><td>{r.get('p90')}</td>"
                    f"<td>{s['actions']['median']}</td></tr>")
    return W.HTML("<table style='font-size:13px'><tr><th>variant</th><th>games</th><th>won before the cap</th>"
                  "<th>median rounds</th><th>90th pct rounds</th><th>median actions</th></tr>"
                  + "".join(rows) + "</table>")
