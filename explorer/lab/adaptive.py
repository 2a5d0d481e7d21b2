"""Sweeps that stop when the answer is clear (issue 43 item 1).

A designer does not know whether 200 or 20,000 games tell a 2-point edge.  An experiment given
``until`` (a half-width) and a ``measure`` (one of :mod:`explorer.lab.answers`', by default the start
player's share of the won games) plays its variants side by side in rounds and looks at the answer
after each round:

- one variant, or three and more: it stops once every variant's 95% interval is at most
  +-``until`` about its value;
- two variants (a comparison): it stops once the 95% interval of their difference is at most
  +-``until``, or once that difference leaves out zero.  The second test is made at a stricter level
  (:func:`strict_z`: Bonferroni over every look the run may take), because a run that stops the
  first time a 95% interval leaves out zero would call a difference that is not there far more
  often than 1 time in 20; the interval reported is the ordinary 95% one.

or once ``games`` per variant (the limit) are played: then the answer is not yet clear, and the
record says so.

The looks come at fixed numbers of games per variant (:func:`looks`: 200, 300, ... growing by a
tenth), whatever the backend, and game ``i`` of a variant has the same seed as in any run
(:func:`explorer.lab.experiment.game_seed`): the frame of a run that stopped after ``n`` games per
variant is, row for row, the frame of a fixed-size run of ``n`` games, and the first ``n`` games of
each variant of any larger one.  The frame's ``attrs["adaptive"]`` records the half-width, the
measure, the limit, the looks taken, the intervals reached and why the run stopped.  A run that is
stopped (a failure, Ctrl-C) keeps its finished games like any sweep, and ``previous`` (``explorer
sweep --resume``) goes on from them to the same frame.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any
from collections.abc import Callable

#: Games per variant at the first look (fewer when the limit is lower).
FIRST = 200
#: The looks are this many games apart at least, and a multiple of it.
STEP = 100
#: Each look adds a tenth of the games played so far (rounded down to a multiple of :data:`STEP`).
GROWTH = 10
#: The level of the intervals reported.
LEVEL = 0.95


def looks(limit: int, first: int | None = None) -> list[int]:
    """The games per variant after which a run with at most ``limit`` games a variant looks at its
    answer: ``first`` (default :data:`FIRST`), then steps of a tenth of the games so far (at least
    :data:`STEP`), the last at ``limit``.  Fixed in advance, so every backend stops at the same game."""
    out, n = [], min(first or FIRST, limit)
    while True:
        out.append(n)
        if n >= limit:
            return out
        n = min(limit, n + max(STEP, n // GROWTH // STEP * STEP))


def strict_z(count: int) -> float:
    """The normal quantile at which a difference that leaves out zero at any of ``count`` looks is luck
    at most 1 time in 20 in all (Bonferroni): 1.96 for one look, about 3.2 for forty."""
    return NormalDist().inv_cdf(1 - (1 - LEVEL) / 2 / max(1, count))


def check_until(until, measure: str, game: str, columns, seats: int) -> float:
    """``until`` as a float if it is a half-width ``measure`` can reach, else a ValueError in one line:
    not a number, not finite, 0 or less, or 0.5 or more for a share (which lies within 0 to 1).  The
    measure must be one of :func:`explorer.lab.answers.known_measures` for the game."""
    from .answers import SHARES, check_measure

    check_measure(measure, game, columns, seats)
    if until is None:
        raise ValueError(f"the measure {measure} is what a sweep watches to stop when its answer is clear; "
                         "give the half-width too (until, e.g. 0.02)")
    if isinstance(until, bool) or not isinstance(until, (int, float)) or not math.isfinite(until):
        raise ValueError(f"the half-width must be a finite number, got {until!r}")
    if until <= 0:
        raise ValueError(f"the half-width must be more than 0, got {until:g}")
    if measure in SHARES and until >= 0.5:
        raise ValueError(f"a half-width of {until:g} on a share ({measure}) says nothing: a share lies "
                         "between 0 and 1; give it as a fraction, e.g. 0.02 for +-2 points")
    return float(until)


def amount(x: float, share: bool, unit: str = "") -> str:
    """A half-width in words: ``±2.0 points`` for a share, ``±0.50 rounds`` otherwise."""
    if not math.isfinite(x):
        return "not known yet"
    return f"±{x * 100:.1f} points" if share else f"±{x:.2f}{' ' + unit if unit else ''}"


def reach(row) -> float:
    """How far ``row``'s interval reaches from its value on its wider side (inf while it is unknown)."""
    h = max(row["value"] - row["low"], row["high"] - row["value"])
    return h if h == h else math.inf


@dataclass(frozen=True)
class Check:
    """One look at the answer: after ``games`` per variant, each variant's ``rows`` (its label, then
    the measure's value, low, high, n, unit), for two variants the ``difference`` (second less first:
    value, low, high; 95%) and whether its stricter interval leaves out zero, and the verdict."""

    games: int
    measure: str
    until: float
    share: bool
    rows: list[dict]
    difference: tuple | None
    strictly_apart: bool
    clear: bool
    why: str
    reached: float
    unit: str = ""
    last: bool = field(default=False)

    def short(self) -> str:
        """The current interval for a progress bar: ``±3.1 points (±2.0 asked)``."""
        what = "difference" if self.difference is not None else "widest"
        reached, until = amount(self.reached, self.share, self.unit), amount(self.until, self.share, self.unit)
        return f"{what} {reached} ({until} asked)"

    def record(self) -> dict:
        out: dict[str, Any] = {"games": self.games, "clear": self.clear, "reached": _number(self.reached),
               "intervals": {r["variant"]: [_number(r[k]) for k in ("value", "low", "high")] for r in self.rows}}
        if self.difference is not None:
            out["difference"] = [_number(x) for x in self.difference]
        return out


def _number(x) -> float | None:
    x = float(x)
    return x if math.isfinite(x) else None


def _less_fair(row: dict) -> dict:
    """A share's row as its edge over an equal share."""
    return {**row, **{k: row[k] - row["fair"] for k in ("value", "low", "high")}}


def judge(frame, until: float, measure: str, game: str, games: int, z: float, last: bool = False) -> Check:
    """The :class:`Check` of ``frame`` (every variant's first ``games`` games), ``z`` the stricter
    quantile a difference must leave zero out by, ``last`` True at the limit."""
    from explorer.engine.options import options_words

    from .answers import SHARES, difference, measure as read, measure_name
    from .summary import variant_rows

    share = measure in SHARES
    rows, strict = [], []
    for values, part in variant_rows(frame):
        label = options_words(game, values) if values else "every game"
        rows.append({"variant": label, **read(part, measure)})
        strict.append(read(part, measure, z))
    unit = "" if share else rows[0]["unit"]
    what = measure_name(measure, game)
    asked = amount(until, share, unit)
    if len(rows) == 2:
        # a share of the wins against an equal share when the variants' equal shares differ (2 players or 4)
        edge = all(r["fair"] is not None for r in rows) and rows[0]["fair"] != rows[1]["fair"]
        a, b, sa, sb = (_less_fair(r) if edge else r for r in (*rows, *strict))
        what = f"{what} less an equal share" if edge else what
        d, lo, hi = difference(a, b)
        reached = max(d - lo, hi - d) if d == d else math.inf
        _, slo, shi = difference(sa, sb)
        apart = bool(slo > 0 or shi < 0)
        names = f"{rows[1]['variant']} against {rows[0]['variant']}"
        if apart:
            why = (f"the difference in {what} ({names}) is clear: its interval leaves out zero, also at the "
                   f"stricter level the repeated looks need")
        elif reached <= until:
            why = f"the difference in {what} ({names}) is known to within {asked}"
        else:
            why = f"the difference in {what} ({names}) is known to within {amount(reached, share, unit)}, {asked} asked"
        clear, diff = apart or reached <= until, (d, lo, hi)
    else:
        reached = max(reach(r) for r in rows)
        clear, diff, apart = reached <= until, None, False
        every = "every variant's" if len(rows) > 1 else "its"
        why = (f"{what}: {every} interval is within {asked}" if clear else
               f"{what}: the widest interval is {amount(reached, share, unit)}, {asked} asked")
    if clear:
        why = f"clear after {games:,} games per variant: {why}"
    elif last:
        why = f"not yet clear after the limit of {games:,} games per variant: {why}; play more games to know"
    return Check(games, measure, until, share, rows, diff, apart, clear, why, reached, unit, last)


def run_until(exp, backend, progress: Callable[[int], Any] | None = None, notify: Callable[[str], Any] | None = None,
              previous=None, checked: Callable[[Check], Any] | None = None):
    """Play ``exp`` (which has ``until``) on ``backend`` in rounds until its answer is clear or its
    ``games`` per variant are played (see the module docstring); the frame, its record in ``attrs``
    with ``adaptive``.  A run that stops raises :class:`~explorer.lab.backends.SweepError` (Ctrl-C:
    :class:`~explorer.lab.backends.SweepInterrupted`) whose ``frame`` holds the games finished, marked
    partial; ``previous``, such a frame, is kept and the run goes on from it."""
    from .backends import SweepError, SweepInterrupted, _rows_of, _say, session, to_frame

    notify = notify or _say
    cells = len(exp.cells())
    have: dict[tuple[int, int], dict] = {}
    if previous is not None and len(previous):
        have = {(row["cell"], row["game"]): row for row in _rows_of(previous, exp)}
    resumed = len(have)
    schedule = looks(exp.games)
    z = strict_z(len(schedule))
    retried: list[str] = []
    taken: list[dict] = []
    record = {"half_width": exp.until, "measure": exp.measure, "limit": exp.games, "looks_planned": schedule,
              "strict_z": z}

    def done(task, rows) -> None:
        for row in rows:
            have[(row["cell"], row["game"])] = row
        if progress is not None:
            progress(task.games)

    def rows_to(n: int) -> list[dict]:
        return [have[c, i] for c in range(cells) for i in range(n) if (c, i) in have]

    def stopped_frame(failed=(), why="") -> Any:
        frame = to_frame(exp, sorted(have.values(), key=lambda r: (r["cell"], r["game"])), backend.name,
                         retried, failed, complete=False)
        frame.attrs["adaptive"] = {**record, "looks": taken, "stopped": why}
        return frame

    check, start = None, 0
    try:
        with session(backend, notify) as runner:
            for i, n in enumerate(schedule):
                part = exp.without(have, stop=n, start=start)
                if part.tasks():
                    retried += runner.run(part, done, notify=notify)
                check = judge(to_frame(exp, rows_to(n), complete=False), exp.until, exp.measure, exp.game, n, z,
                              last=i == len(schedule) - 1)
                taken.append(check.record())
                if checked is not None:
                    checked(check)
                if check.clear:
                    break
                start = n
    except SweepError as e:
        retried += [r for r in e.retried if r not in retried]
        e.retried = retried
        e.frame = stopped_frame([str(e)], "the run stopped: " + str(e))
        raise
    except KeyboardInterrupt:
        stopped = SweepInterrupted("the run was interrupted")
        stopped.frame = stopped_frame(why="interrupted")
        stopped.frame.attrs["interrupted"] = True
        raise stopped from None
    assert check is not None        # the schedule has a look at least
    n = check.games
    frame = to_frame(exp, rows_to(n), backend.name, retried, games=n)
    frame.attrs["adaptive"] = {**record, "looks": taken, "stopped": "clear" if check.clear else "limit",
                               "why": check.why, "games": n, "share": check.share, "unit": check.unit,
                               "same_rows_as": dataclasses.replace(exp, games=n, until=None, measure=None).command()}
    if resumed:
        frame.attrs["resumed"] = resumed
    return frame


def _value(x, share: bool) -> str:
    return "?" if x is None else f"{x * 100:.1f}%" if share else f"{x:.2f}"


def words(frame) -> str:
    """What an adaptive run's ``frame`` found, for a person: why it stopped, each variant's value with
    its 95% interval (and the difference, for two), and the fixed-size run that has the same games."""
    a = frame.attrs["adaptive"]
    last, share = a["looks"][-1], a.get("share", False)
    lines = [a["why"][0].upper() + a["why"][1:] + "."]
    for label, (v, lo, hi) in last["intervals"].items():
        lines.append(f"  {label}: {_value(v, share)} [{_value(lo, share)} to {_value(hi, share)}]")
    if "difference" in last:
        d, lo, hi = last["difference"]
        k, unit = (100, " points") if share else (1, "")
        lines.append(f"  difference (second less first): {d * k:+.1f}{unit} [{lo * k:+.1f} to {hi * k:+.1f}]")
    lines.append(f"These {a['games']:,} games per variant are those of: {a['same_rows_as']}")
    return "\n".join(lines)
