"""Journalists' *What if* figures: rule variants side by side over many random games
(:mod:`explorer.games.journalists.study`), with a progress bar, a table and the start
player's advantage as a bar chart."""
from __future__ import annotations

import ipywidgets as W

from explorer.games.journalists.study import play_many, summary, wins_after_start

from .style import html_table
from .whatif import seat_share_chart

TABLE_STYLE = "font-size:13px;border-spacing:10px 2px;white-space:nowrap"


def compare_rules(variants: dict[str, dict], games: int = 300, seed: int = 0, progress: bool = True) -> dict:
    """``games`` uniform-random games per variant (the same seeds for each: paired);
    returns ``{variant: list of Played}``."""
    from tqdm.auto import tqdm
    bar = tqdm(total=games * len(variants), desc="Journalists what-if", unit="game") if progress else None
    try:
        return {name: play_many(opts, games, seed, bar.update if bar else None) for name, opts in variants.items()}
    finally:
        if bar:
            bar.close()


def figures(played) -> dict:
    """A variant's figures: ``summary`` (:func:`~explorer.games.journalists.study.summary`) and
    ``after_start`` (:func:`~explorer.games.journalists.study.wins_after_start`) of its games (a list
    of Played), or those figures themselves as shipped (:mod:`explorer.shipped`)."""
    if isinstance(played, dict):
        return played
    return {"summary": summary(played), "after_start": wins_after_start(played)}


def rules_table(results: dict) -> W.HTML:
    """Per variant (its games, or their :func:`figures`): the figures of
    :func:`~explorer.games.journalists.study.summary`."""
    rows = []
    for name, played in results.items():
        s = figures(played)["summary"]
        rows.append({"variant": name, "games": s["games"], "winning score": f"{s['winning score']:.1f}",
                     "mean score": f"{s['mean score']:.1f}", "median turns": s["median turns"],
                     "start player wins": f"{s['start player wins']:.0%}", "fair share": f"{s['fair share']:.0%}",
                     "shared wins": f"{s['shared wins']:.0%}", "ended by chips": f"{s['ended by chips']:.0%}",
                     "cubes discarded": f"{s['wasted cubes']:.0f}"})
    return W.HTML(html_table(rows, style=TABLE_STYLE))


def start_player_chart(results: dict, title: str = "Who wins, counted from the start player") -> W.VBox:
    """Grouped bars: the share of games won by the start player, the next player, ... per variant
    (the variants must have the same number of players); a shared win counts for each winner."""
    shares = {v: figures(played)["after_start"] for v, played in results.items()}
    players = {len(s) for s in shares.values()}
    if len(players) != 1:
        raise ValueError(f"the variants must have the same number of players, got {sorted(players)}")
    return seat_share_chart(shares, title=title)
