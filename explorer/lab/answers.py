"""Designer answers from competent play (issue 32 item 3): each game's open design questions, one
results file of ``sensible`` players' games each in ``data/lab/``, and the answer read from it.

:data:`QUESTIONS` is the catalogue: per question its file, the ``explorer sweep`` it comes from
(the grid, the fixed options, the players, the games per variant, the seed) and the measures that
answer it.  :func:`rerun` plays a question's sweep again (fewer games for a check: a game's seed
depends on the master seed, its variant and its number only, so the first games come out the same);
``python -m explorer.lab.answers KEY`` does it from a shell, and every file's metadata records the
command line itself (:meth:`explorer.lab.Experiment.record`).

:func:`answer` reads a file and computes, per variant, each measure with its 95% interval:

- ``start``: the share of the games with a winner that the start player won (a shared win counts
  1/k to each of its k winners, so an equal player's share is 1/players).  Who starts is the
  game's rule: Decay's roll-off (Setup 2) and the drawn start player of Journalists (Setup 5) and
  The Sands of Time (Initial Setup 4) are recorded in the ``first_start`` column; in Take Off, Eh!
  seat 0 (Player 1) paid for the beer and doughnuts and goes first in round 1 (Preparation 5); in
  Conspiracy the order is rolled off every round (Determine Player Order), so its rows give
  Player 1's share, the seat that draws first at the setup.
- ``no_winner``: the share of games that reached the round cap with nobody left to win.
- ``mean:COLUMN``: the mean of a statistic (normal interval); ``lead``: the winner's score less the
  runner-up's (the ``eval_N`` columns, which are scores in Take Off, Eh!).  Every mean is over the
  finished games only, the games stopped at the round cap counted beside it (``capped``): a capped
  game's length is the cap's, not its own, and its other figures are those of a game cut short.
- ``vp_share``: the share of the VP gained (Chronicles, Wonders, the end's bonuses) that came from
  Chronicles (ratio of sums, delta-method interval); ``player``: a player spec's win share over
  the seats it held.

:func:`sentence` turns the table into words, computed from the numbers: a difference is called
detectable only when its 95% interval leaves out zero.  No widgets here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from explorer.engine.options import option_words, options_words

from .summary import Z95, capped, seat_count, variant_rows, wilson

#: Where the results live, under the project's ``data/``.
FOLDER = "lab"
#: Games per variant and master seed of every shipped file.
GAMES, SEED = 2000, 1


@dataclass(frozen=True)
class Question:
    """One design question: its ``file`` stem (``data/lab/<file>.parquet``), the sweep that makes
    it and the ``measures`` that answer it; ``by`` names the grid option the variants differ in.
    ``among`` keeps the answer to some of the grid's values (every one when empty), so two
    questions may read one file's variants differently."""

    game: str
    name: str
    title: str
    file: str
    grid: dict
    measures: tuple[str, ...]
    players: tuple[str, ...] = ("sensible",)
    options: dict = field(default_factory=dict)
    among: tuple = ()

    @property
    def key(self) -> str:
        return f"{self.game}-{self.name}"

    @property
    def by(self) -> str | None:
        """The option the variants differ in (None for a single variant: an explorer sweep takes an
        option given one value as fixed)."""
        return next(iter(self.grid), None)

    @property
    def cap(self) -> int | None:
        """The round cap the explorer stops this question's games at (its options', else the game's
        default), None for a game that always ends by its rules."""
        if "round_cap" in self.options:
            return self.options["round_cap"]
        from explorer.simulate import resolve
        return getattr(resolve(self.game).options, "round_cap", None)

    @property
    def label(self) -> str:
        """A single variant's name, from its fixed options."""
        return options_words(self.game, self.options)

    def experiment(self, games: int = GAMES):
        from .experiment import Experiment
        return Experiment(self.game, grid=self.grid, players=list(self.players), games=games, seed=SEED,
                          options=self.options)

    def command(self, games: int = GAMES) -> str:
        """The ``explorer sweep`` command line that makes the file."""
        return self.experiment(games).command() + f" --out data/{FOLDER}/{self.file}.parquet"


#: Decay's games stop at round 50 with no winner (the explorer's default cap is 100), which halves the
#: sweep's time; the measures count such games as games without a winner.  Replayed to round 100 (same
#: seeds), 80 of the shipped capped games per player count ended 25, 12 and 22 times (2, 3, 4 players),
#: the start player winning 11, 5 and 7 of those: a later cap lowers the share without a winner, and moves
#: the start player's share of the won games by less than a point.
DECAY_CAP = {"round_cap": 50}
#: Decay and The Sands of Time are played by two, three and four players; one file each answers the
#: start player's edge (and, in Decay, three players or four; in the Sands, the VP from Chronicles).
PLAYERS = {"players": [2, 3, 4]}
#: Whether re-using a card pays is asked of three-player Sands games.
SANDS_REUSE = {"players": 3}


def _q(game, name, title, grid, measures, file=None, **kw) -> Question:
    return Question(game, name, title, file or f"{game}-{name}", grid, tuple(measures), **kw)


#: Every question, by key ``<game>-<question>``.  Two questions may read one file.
QUESTIONS: dict[str, Question] = {q.key: q for q in (
    _q("conspiracy", "columns", "Three columns or four?", {"columns": [3, 4]},
       ["mean:rounds", "no_winner", "start"]),
    _q("conspiracy", "action_points", "Two action points or three?", {"action_points": [2, 3]},
       ["mean:rounds", "no_winner", "start"]),
    _q("conspiracy", "progress", "Progress marking on or off?", {"progress_marking": [True, False]},
       ["mean:rounds", "no_winner", "start"]),
    _q("decay", "players", "Three players or four?", PLAYERS, ["mean:rounds", "no_winner", "start"],
       options=DECAY_CAP, among=(3, 4)),
    _q("decay", "start", "How much is going first worth, by the number of players?", PLAYERS,
       ["start", "no_winner"], file="decay-players", options=DECAY_CAP),
    _q("take_off_eh", "rounds", "Nine rounds or six?", {"rounds": [9, 6]}, ["lead", "start"]),
    _q("take_off_eh", "bonus", "Which reading of the bonus?", {"bonus_to": ["first ranked", "top scorer"]},
       ["lead", "start"]),
    _q("take_off_eh", "start", "How much is going first worth?", {"rounds": [9, 6]}, ["start"],
       file="take_off_eh-rounds"),
    _q("journalists", "start", "How much is starting worth, by the number of players?",
       {"players": [2, 3, 4]}, ["start", "mean:turns"]),
    _q("journalists", "most_chips", "Clockwise or most chips next?", {"most_chips_next": [False, True]},
       ["start", "mean:turns"]),
    _q("journalists", "courts", "With or without Courts?", {"courts": [False, True]},
       ["start", "mean:cards_completed"]),
    _q("sands_of_time", "start", "How strong is the start player's position, by the number of players?", PLAYERS,
       ["start"]),
    _q("sands_of_time", "chronicles", "How much of the VP comes from Chronicles?", PLAYERS,
       ["vp_share", "mean:vp_chronicles", "mean:vp_wonders", "mean:vp_end_bonus", "mean:vp_unrest"],
       file="sands_of_time-start"),
    _q("sands_of_time", "reuse", "Does using a card again pay?", {}, ["player", "lead_of:0"],
       players=("sensible:reuse=yes", "sensible", "sensible"), options=SANDS_REUSE),
)}


class AnswerError(ValueError):
    """A question or results file that is not in the catalogue or not what it promises."""


def question(key: str) -> Question:
    if key not in QUESTIONS:
        raise AnswerError(f"no question {key!r}; known: {', '.join(QUESTIONS)}")
    return QUESTIONS[key]


def path(key: str) -> Path:
    from explorer.engine.examples import data_file
    return Path(str(data_file(FOLDER, question(key).file + ".parquet")))


def load(key: str) -> pd.DataFrame:
    """The shipped frame of question ``key`` (its record in ``attrs``)."""
    from .files import load_frame
    f = path(key)
    if not f.exists():
        raise AnswerError(f"no results for {key!r}: make them with `{question(key).command()}`")
    return load_frame(f)


def rerun(key: str, games: int = GAMES, out=None, workers: int | None = None) -> pd.DataFrame:
    """Play question ``key``'s sweep again (``games`` per variant) and save it to ``out`` when given."""
    frame = question(key).experiment(games).run(workers=workers)
    if out is not None:
        from .files import save_frame
        save_frame(frame, out)
    return frame


# -- the measures ---------------------------------------------------------------------------------------
def _starter(rows) -> pd.Series:
    return rows["first_start"] if "first_start" in rows else pd.Series(0, index=rows.index)


#: The statistics that are a game's length (``length``: decisions, ``actions``: every action applied).
LENGTHS = ("rounds", "turns", "generations", "length", "actions")


#: The unit a statistic's mean is counted in.
UNITS = {"cards_completed": "cards", "length": "decisions", "actions": "actions"}
#: The measures that are a share of games (or of VP): their interval lies within 0 to 1.
SHARES = ("start", "no_winner", "player", "vp_share")
#: Games whose ``eval_N`` is a heuristic, not a score: no lead is read from them.
HEURISTIC = ("conspiracy", "decay")
#: What ``vp_share`` reads.
VP_SOURCES = ("vp_chronicles", "vp_wonders", "vp_end_bonus")


def _proportion(x: float, n: int, fair=None, z: float = Z95) -> dict:
    low, high = wilson(x, n, z)
    return {"value": x / n if n else float("nan"), "low": low, "high": high, "n": n, "unit": "%", "fair": fair}


def _mean(x: pd.Series, unit: str, z: float = Z95) -> dict:
    x = x.dropna().astype(float)
    half = z * x.std(ddof=1) / math.sqrt(len(x)) if len(x) > 1 else float("nan")
    return {"value": x.mean(), "low": x.mean() - half, "high": x.mean() + half, "n": len(x), "unit": unit, "fair": None}


def _scores(rows) -> pd.DataFrame:
    return rows[[f"eval_{q}" for q in range(seat_count(rows))]].astype(float)


def _unit(column: str) -> str:
    plain = column if column in LENGTHS else "VP" if column.startswith("vp_") else column.replace("_", " ")
    return UNITS.get(column, plain)


def measure(rows: pd.DataFrame, name: str, z: float = Z95) -> dict:
    """One measure over one variant's rows: ``value``, ``low``, ``high`` (a 95% interval; another level
    with the normal quantile ``z``), ``n``, ``unit`` and ``fair`` (an equal player's share, for a win
    share).  No measure mixes games the explorer stopped at the round cap with finished ones: a share of
    the won games counts no capped game (nobody won it), ``no_winner`` is the share of them, and every
    mean (a length, a statistic, a lead, the VP from Chronicles) is over the finished games only, with
    ``capped`` counting the games left out beside it."""
    seats = seat_count(rows)
    if name == "start":
        starter = _starter(rows).astype(int)
        won = [w.split() for w in rows["winners"]]
        credit = sum(1 / len(w) for w, s in zip(won, starter, strict=True) if str(s) in w)
        return _proportion(credit, sum(1 for w in won if w), 1 / seats, z)
    if name == "no_winner":
        return _proportion(int((rows["winners"] == "").sum()), len(rows), z=z)
    if name == "player":
        spec = rows["player_0"].iloc[0]
        seats_held = [q for q in range(seats) if rows[f"player_{q}"].iloc[0] == spec]
        won = [w.split() for w in rows["winners"]]
        credit = sum(sum(str(q) in w for q in seats_held) / len(w) for w in won if w)
        return _proportion(credit, sum(1 for w in won if w), len(seats_held) / seats, z)
    stopped = capped(rows)
    return {**_finished_measure(rows.loc[~stopped], name, z), "capped": int(stopped.sum())}


def _finished_measure(rows: pd.DataFrame, name: str, z: float) -> dict:
    """A mean over ``rows``, the finished games of one variant (see :func:`measure`)."""
    if name.startswith("mean:"):
        column = name.split(":", 1)[1]
        return _mean(rows[column], _unit(column), z)
    if name == "lead":
        s = _scores(rows).to_numpy()
        s.sort(axis=1)
        return _mean(pd.Series(s[:, -1] - s[:, -2], dtype=float), "points", z)
    if name.startswith("lead_of:"):
        q = int(name.split(":")[1])
        s = _scores(rows)
        others = s.drop(columns=f"eval_{q}").mean(axis=1)
        return _mean(s[f"eval_{q}"] - others, "VP", z)
    if name == "vp_share":
        c = rows["vp_chronicles"].astype(float)
        g = c + rows["vp_wonders"].astype(float) + rows["vp_end_bonus"].astype(float)
        if len(rows) < 2 or not g.sum():
            return {"value": float("nan"), "low": float("nan"), "high": float("nan"), "n": len(rows), "unit": "%",
                    "fair": None}
        r = c.sum() / g.sum()
        se = math.sqrt(((c - r * g) ** 2).sum() / (len(rows) - 1) / len(rows)) / g.mean()
        return {"value": r, "low": r - z * se, "high": r + z * se, "n": len(rows), "unit": "%", "fair": None}
    raise AnswerError(f"no measure {name!r}")


def known_measures(game: str, columns, seats: int) -> list[str]:
    """The measures a frame of ``game`` with ``columns`` and at most ``seats`` seats can be read with."""
    columns = list(columns)
    out = ["start", "no_winner", "player"]
    if game not in HEURISTIC:
        out += ["lead"] + [f"lead_of:{q}" for q in range(seats)]
    if all(c in columns for c in VP_SOURCES):
        out.append("vp_share")
    fixed = {"cell", "game", "seed", "winner", "winners", "reason", "first_start"}
    start = columns.index("cell") if "cell" in columns else 0
    out += [f"mean:{c}" for c in columns[start:] if c not in fixed and not str(c).startswith(("player_", "eval_"))]
    return out


def check_measure(name, game: str, columns, seats: int) -> str:
    """``name`` if it is one of :func:`known_measures`, else an :class:`AnswerError` in one line listing them."""
    known = known_measures(game, columns, seats)
    if name not in known:
        raise AnswerError(f"no measure {name!r} for {game}; known: {', '.join(known)}")
    return name


def variants(frame: pd.DataFrame, by: str | None):
    """``(value, rows)`` per variant, in the grid's order (``(None, frame)`` with no grid)."""
    for values, rows in variant_rows(frame):
        if by is None:
            yield None, rows
        else:
            value = values[by]
            yield (value.item() if hasattr(value, "item") else value), rows      # a plain Python value, not numpy's


def answer(frame: pd.DataFrame, q: Question | str) -> pd.DataFrame:
    """One row per variant and measure: the variant, the measure, its value and 95% interval."""
    q = question(q) if isinstance(q, str) else q
    out = []
    for value, rows in variants(frame, q.by):
        if q.among and value not in q.among:
            continue
        for m in q.measures:
            out.append({"variant": q.label if q.by is None else option_words(q.game, q.by, value), "value_of": value,
                        "measure": m,
                        "games": len(rows), **measure(rows, m)})
    return pd.DataFrame(out)


# -- in words -------------------------------------------------------------------------------------------
NAMES = {"start": "the start player's share of the won games", "no_winner": "the share of games without a winner",
         "lead": "the winner's lead over the runner-up", "vp_share": "the share of VP gained from Chronicles",
         "player": "the re-using player's share of the won games",
         "lead_of:0": "the re-using player's VP over the others' average",
         "mean:rounds": "a finished game's length in rounds", "mean:turns": "a finished game's length in turns",
         "mean:cards_completed": "the evidence cards completed a game",
         "mean:vp_chronicles": "the VP from Chronicles a game (all seats)",
         "mean:vp_wonders": "the VP from Wonders a game (all seats)",
         "mean:vp_end_bonus": "the VP from the end's 3 VP bonuses a game (all seats)",
         "mean:vp_unrest": "the VP lost above Maximum Unrest a game (all seats)"}
#: Games where no seat starts the game as such (Conspiracy rolls the order off every round).
SEAT_0 = {"conspiracy": "Player 1's share of the won games (the order is rolled off every round)"}
#: Games where a game without a winner is one the explorer stops at its round cap (in Decay two or more
#: players still hold pawns then: its End of Game allows a draw and calls it rare, a simulation cannot agree to one).
NO_WINNER = {"decay": "the share of games stopped at the round cap with two or more players left",
             "conspiracy": "the share of games stopped at the round cap without a winner"}


def measure_name(m: str, game: str = "") -> str:
    if m == "start" and game in SEAT_0:
        return SEAT_0[game]
    if m == "no_winner" and game in NO_WINNER:
        return NO_WINNER[game]
    return NAMES.get(m) or "the mean " + m.split(":", 1)[1].replace("vp_", "VP from ").replace("_", " ")


def show(row) -> str:
    """``24.1% [22.3–26.0]`` or ``31.4 [30.9–31.9]``."""
    dash = " to " if row["low"] < 0 else "–"
    if row["unit"] == "%":
        return f"{row['value']:.1%} [{row['low']:.1%}{dash}{row['high']:.1%}]".replace(f"%{dash}", dash)
    return f"{row['value']:.1f} [{row['low']:.1f}{dash}{row['high']:.1f}]"


def difference(a, b) -> tuple[float, float, float]:
    """``b - a`` with a 95% interval (Newcombe's for shares: from the two Wilson intervals)."""
    d = b["value"] - a["value"]
    if a["unit"] == "%":
        lo = d - math.hypot(b["value"] - b["low"], a["high"] - a["value"])
        hi = d + math.hypot(b["high"] - b["value"], a["value"] - a["low"])
        return d, lo, hi
    below = math.hypot(b["value"] - b["low"], a["value"] - a["low"])
    above = math.hypot(b["high"] - b["value"], a["high"] - a["value"])
    return d, d - below, d + above


def _amount(d: float, unit: str) -> str:
    return f"{abs(d) * 100:.1f} points" if unit == "%" else f"{abs(d):.1f} {unit}"


def _compare(a, b, m: str, game: str = "") -> str:
    """Variant ``b`` against ``a`` on measure ``m``, in words."""
    d, lo, hi = difference(a, b)
    what = measure_name(m, game)
    if lo > 0 or hi < 0:
        way = "higher" if d > 0 else "lower"
        near, far = sorted((abs(lo), abs(hi)))
        unit = "points" if a["unit"] == "%" else a["unit"]
        scale = 100 if a["unit"] == "%" else 1
        return (f"{what} is {_amount(d, a['unit'])} {way} [{near * scale:.1f}–{far * scale:.1f} {unit}]: "
                f"{show(b)} vs {show(a)}")
    return f"{what} does not change detectably: {show(b)} vs {show(a)}"


def _edge(row) -> str:
    """A share against an equal player's; an interval that leaves it out by less than the 0.1 point
    shown is said to leave it out only just."""
    fair = row["fair"]
    if row["low"] > fair:
        verdict = f"an edge of {(row['value'] - fair) * 100:.1f} points over an equal share of {fair:.1%}"
    elif row["high"] < fair:
        verdict = f"{(fair - row['value']) * 100:.1f} points below an equal share of {fair:.1%}"
    else:
        return f"{show(row)}, no edge detectable over an equal share of {fair:.1%}"
    just = min(abs(row["low"] - fair), abs(row["high"] - fair)) < 0.001
    return f"{show(row)}, {verdict}" + (" (its interval only just leaves that out)" if just else "")


def sentence(table: pd.DataFrame, q: Question | str) -> str:
    """What the table shows, in plain words, computed from its numbers."""
    q = question(q) if isinstance(q, str) else q
    labels = list(dict.fromkeys(table["variant"]))
    rows = {(r["variant"], r["measure"]): r for _, r in table.iterrows()}
    first = q.measures[0]
    parts = []
    if first in ("start", "player"):
        what = measure_name(first, q.game)
        parts.append(f"{what[0].upper()}{what[1:]}: " + "; ".join(f"{v}: {_edge(rows[v, first])}" for v in labels))
        rest = q.measures[1:]
    else:
        rest = q.measures
    if len(labels) == 2:
        a, b = labels
        said = [_compare(rows[a, m], rows[b, m], m, q.game) for m in rest]
        if said:
            parts.append(f"With {b} against {a}, " + "; ".join(said))
    else:
        for m in rest:
            what = measure_name(m, q.game)
            parts.append(f"{what[0].upper()}{what[1:]}: " + "; ".join(f"{v} {show(rows[v, m])}" for v in labels))
    lengths = [m for m in q.measures if m.startswith("mean:") and m.split(":", 1)[1] in LENGTHS]
    if lengths and q.cap is not None:
        stopped = [int(rows[v, lengths[0]]["capped"]) for v in labels]
        parts.append(f"{what_capped(stopped, labels)} stopped at the round cap of {q.cap}, left out of the length")
    counts = [int(rows[v, q.measures[0]]["games"]) for v in labels]
    games = ", ".join(f"{n:,}" for n in (counts if len(set(counts)) > 1 else counts[:1]))
    cap = f"games stopped at round {q.cap}; " if q.cap is not None else ""
    return ". ".join(parts) + f" (sensible players; {cap}{games} games per variant; 95% intervals)."


def _edge_short(row) -> str:
    fair = row["fair"]
    if row["low"] > fair:
        return f"an edge of {(row['value'] - fair) * 100:.1f} points"
    if row["high"] < fair:
        return f"{(fair - row['value']) * 100:.1f} points below an equal share"
    return "no edge detectable"


def headline(table: pd.DataFrame, q: Question | str) -> str:
    """The answer's first measure in one short sentence (the others, and every interval, are in the
    table and in :func:`sentence`)."""
    q = question(q) if isinstance(q, str) else q
    labels = list(dict.fromkeys(table["variant"]))
    rows = {(r["variant"], r["measure"]): r for _, r in table.iterrows()}
    first = q.measures[0]
    what = measure_name(first, q.game).split(" (")[0]
    if first in ("start", "player"):
        return (f"{what[0].upper()}{what[1:]}: " + "; ".join(
            f"{v} {rows[v, first]['value']:.1%} ({_edge_short(rows[v, first])})" for v in labels) + ".")
    if len(labels) == 2:
        a, b = labels
        ra, rb = rows[a, first], rows[b, first]
        d, lo, hi = difference(ra, rb)
        if lo > 0 or hi < 0:
            return (f"With {b} against {a}, {what} is {_amount(d, ra['unit'])} {'higher' if d > 0 else 'lower'}"
                    f" ({show(rb)} vs {show(ra)}).")
        return f"With {b} against {a}, {what} does not change detectably."
    return f"{what[0].upper()}{what[1:]}: " + "; ".join(f"{v} {show(rows[v, first])}" for v in labels) + "."


def what_capped(stopped: list[int], labels: list[str]) -> str:
    """``12 games`` or ``461 and 390 games (3 columns, 4 columns)``."""
    if len(set(stopped)) == 1:
        return f"{stopped[0]:,} game{'s' if stopped[0] != 1 else ''} per variant"
    return f"{' and '.join(f'{n:,}' for n in stopped)} games ({', '.join(labels)})"


def answers(keys=None) -> dict[str, tuple[pd.DataFrame, str]]:
    """``{key: (table, sentence)}`` for the shipped files (every question by default)."""
    out = {}
    for key in keys or QUESTIONS:
        table = answer(load(key), key)
        out[key] = (table, sentence(table, key))
    return out


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m explorer.lab.answers",
                                     description="Print the designer answers, or make a question's file again.")
    parser.add_argument("keys", nargs="*", metavar="KEY", help=f"questions (default: all): {', '.join(QUESTIONS)}")
    parser.add_argument("--make", action="store_true", help="play the questions' sweeps again and write their files")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per variant with --make (default {GAMES})")
    parser.add_argument("--workers", type=int, help="Dask workers with --make")
    args = parser.parse_args(argv)
    for key in args.keys or QUESTIONS:
        q = question(key)
        if args.make:
            rerun(key, args.games, Path("data", FOLDER, q.file + ".parquet"), args.workers)
        table = answer(load(key), q)
        print(f"{key}: {q.title}\n  {sentence(table, q)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
