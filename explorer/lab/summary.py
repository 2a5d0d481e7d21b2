"""What a sweep's table says: win rate by seat and variant with 95% intervals, game lengths.

A *variant* is one cell of the grid: the option columns left of ``cell`` in an experiment's
frame (so a frame read back from parquet summarises the same).  Intervals are Wilson score
intervals, which stay inside [0, 1] and behave with few games or rates near 0 and 1.
"""
from __future__ import annotations

import math

import pandas as pd

from explorer.engine.state import STOPPED

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``games`` trials (a shared win counts
    a share)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    # exactly 0 (1) when nothing (everything) was won, where rounding would leave a crumb
    return (0.0 if wins == 0 else max(0.0, centre - half), 1.0 if wins == games else min(1.0, centre + half))


def variant_columns(frame: pd.DataFrame) -> list[str]:
    """The grid's option columns (those before ``cell``)."""
    return list(frame.columns[:frame.columns.get_loc("cell")])


def variant_rows(frame: pd.DataFrame):
    """``(values dict, rows)`` per variant, in cell order."""
    names = variant_columns(frame)
    for _, rows in frame.groupby("cell", sort=True):
        yield {n: rows[n].iloc[0] for n in names}, rows


def seat_count(rows: pd.DataFrame) -> int:
    """The seats one variant's games had (its ``player_N`` columns that are filled)."""
    return int(sum(rows[c].notna().iloc[0] for c in rows.columns if c.startswith("player_")))


def win_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per variant and seat: the player there, games, wins (a shared win counts for
    each winner), the win rate and its 95% interval."""
    out = []
    seats = sum(c.startswith("player_") for c in frame.columns)
    for values, rows in variant_rows(frame):
        won = rows["winners"].str.split()
        rows = rows.assign(seats=seat_count(rows))
        for q in range(seats):
            players = rows[f"player_{q}"].dropna()
            if players.empty:
                continue
            n = len(rows)
            wins = int(won.map(lambda w, q=q: str(q) in w).sum())
            low, high = wilson(wins, n)
            out.append({**values, "seat": q, "player": players.iloc[0], "games": n, "wins": wins,
                        "win_rate": wins / n, "low": low, "high": high, "seats": int(rows["seats"].iloc[0])})
    return pd.DataFrame(out)


def player_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per variant and player spec, over every seat it held: seat-games, wins, the
    win rate with its 95% interval, and ``share``, what an equal player would win (one seat
    in ``seats``).  A player that wins clearly more than its share is stronger than the rest
    (seat-games of one game are not independent; the interval treats them as if they were)."""
    rates = win_rates(frame)
    out = []
    names = variant_columns(frame)
    for key, rows in rates.groupby(names + ["player"] if names else ["player"], sort=False):
        values = dict(zip(names + ["player"], key if isinstance(key, tuple) else (key,), strict=True))
        n, wins = int(rows["games"].sum()), int(rows["wins"].sum())
        low, high = wilson(wins, n)
        seats = int(rates.loc[rows.index[0], "seats"])
        out.append({**values, "seats_held": len(rows), "seat_games": n, "wins": wins, "win_rate": wins / n,
                    "low": low, "high": high, "share": 1 / seats})
    return pd.DataFrame(out)


def capped(rows: pd.DataFrame) -> pd.Series:
    """Which of ``rows`` the explorer stopped at the round cap or Conspiracy's round limit (their
    length is the stop's, not the game's: :data:`explorer.engine.state.STOPPED`)."""
    return rows["reason"].isin(STOPPED) if "reason" in rows else pd.Series(False, index=rows.index)


def lengths(frame: pd.DataFrame, column: str = "length") -> pd.DataFrame:
    """One row per variant: games, how many ended without a winner, how many the explorer stopped
    at the round cap (``capped``), and the distribution of ``column`` (the decisions players took, by
    default) over the ``finished`` games only: a capped game's length is the cap's, not its own."""
    out = []
    for values, rows in variant_rows(frame):
        stopped = capped(rows)
        x = rows.loc[~stopped, column]
        out.append({**values, "games": len(rows), "no_winner": int((rows["winners"] == "").sum()),
                    "capped": int(stopped.sum()), "finished": len(x),
                    "mean": x.mean(), "p10": x.quantile(0.1), "median": x.median(),
                    "p90": x.quantile(0.9), "min": x.min(), "max": x.max()})
    return pd.DataFrame(out)


def _with_intervals(rates: pd.DataFrame) -> pd.DataFrame:
    shown = rates.assign(win_rate=[f"{r:.1%} [{lo:.1%}, {hi:.1%}]"
                                   for r, lo, hi in zip(rates["win_rate"], rates["low"], rates["high"], strict=True)])
    return shown.drop(columns=["low", "high"]).rename(columns={"win_rate": "win rate [95% interval]"})


def format_summary(frame: pd.DataFrame) -> str:
    """The tables as text, as ``explorer sweep`` prints them; the table by player only when
    the seats hold different players."""
    by_seat = _with_intervals(win_rates(frame).drop(columns="seats")).to_string(index=False)
    text = "win rate by seat and variant\n" + by_seat
    players = player_rates(frame)
    if players["player"].nunique() > 1:
        players = players.assign(share=[f"{x:.1%}" for x in players["share"]])
        text += ("\n\nwin rate by player and variant, over the seats it held (share: an equal player's)\n"
                 + _with_intervals(players).to_string(index=False))
    return (text + "\n\ngame length (decisions per finished game; capped: games stopped at the round cap, "
                   "left out) by variant\n" + lengths(frame).round(1).to_string(index=False))
