"""How much skill matters, per game (issue 43 item 2): two shipped matchups a game, in ``data/lab/``.

- ``strong``: one ``strong:budget=0.2`` seat (the search player, 0.2 CPU seconds a decision:
  :mod:`explorer.strong`) against three ``sensible`` ones;
- ``sensible``: one ``sensible`` seat against three ``random`` ones.

Every game is played by 4 players, the rulebooks' usual count (Conspiracy's rulebook is written for
four; Decay's for three or four; Journalists' for two to four; The Sands of Time's for one to six;
Take Off, Eh!'s for two to six).  The table turns one seat a game (``explorer sweep --rotate``), so
the player measured sits in every seat equally often over every four games, and each file records the
CPU seconds each seat's player took over each game (``--cpu``: the ``cpu_N`` columns).  A file is made
by the command in its metadata (:meth:`Matchup.command`), which also records the commit; a run
stopped before its games were all played keeps the finished ones (marked partial) and goes on with
the same command and ``--resume``.

The measure: the player's share of the won games (a shared win counts 1/k to each of its k winners),
with a 95% Wilson interval, against an equal share of 1/4.  A search player's games do not replay
(its budget is CPU time), so the strong file cannot be made again row for row; the sensible one can.
No widgets here: :mod:`explorer.views.shipped_whatif` shows it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .summary import wilson

FOLDER = "lab"
SEED = 1
#: players at the table in every matchup (the rulebooks' usual count; see the module docstring)
PLAYERS = 4
GAMES = ("conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh")
#: what each side of a matchup is called in a sentence
WORDS = {"strong:budget=0.2": "the search player (strong, 0.2 CPU seconds a decision)",
         "sensible": "the sensible player", "random": "random players"}


#: an interval wider than this either side is too wide to say "no edge" of; it says "too few to tell"
WIDE = 0.10


class SkillError(ValueError):
    """A skill file that is missing or not what its matchup makes."""


@dataclass(frozen=True)
class Matchup:
    game: str
    name: str                   # "strong" or "sensible"
    player: str                 # the spec measured, in one seat
    opponent: str               # the spec in the other seats
    games: int

    @property
    def file(self) -> str:
        return f"{self.game}-skill_{self.name}"

    @property
    def path(self) -> Path:
        from explorer.engine.examples import data_file
        return Path(str(data_file(FOLDER, self.file + ".parquet")))

    def experiment(self, games: int | None = None):
        from .experiment import Experiment
        return Experiment(self.game, players=[self.player] + [self.opponent] * (PLAYERS - 1),
                          games=self.games if games is None else games, seed=SEED,
                          options={"players": PLAYERS}, rotate=True, timed=True)

    def command(self) -> str:
        """The ``explorer sweep`` command line that makes the file."""
        return self.experiment().command() + f" --out data/{FOLDER}/{self.file}.parquet"


def matchups(game: str) -> tuple[Matchup, Matchup]:
    """The strong and the sensible matchup of ``game``."""
    if game not in GAMES:
        raise SkillError(f"no skill matchups for {game!r}; known: {', '.join(GAMES)}")
    strong = 2000 if game == "journalists" else 400
    return (Matchup(game, "strong", "strong:budget=0.2", "sensible", strong),
            Matchup(game, "sensible", "sensible", "random", 2000))


def load(m: Matchup) -> pd.DataFrame:
    """The shipped frame of matchup ``m``, checked (:func:`explorer.lab.files.load_frame`) and made by
    its command (a partial run's file included)."""
    from .files import load_frame
    if not m.path.exists():
        raise SkillError(f"no results for {m.game}'s {m.name} matchup: make them with `{m.command()}`")
    frame = load_frame(m.path)
    if frame.attrs["command"] != m.experiment().command():
        raise SkillError(f"{m.path.name} was made by `{frame.attrs['command']}`, not by `{m.experiment().command()}`")
    return frame


def standing(frame: pd.DataFrame, player: str) -> dict:
    """``player``'s share of the won games of ``frame`` (per game, the seats it held: the table
    turns), its 95% interval, the equal share, the games, the won games and the CPU seconds every
    seat's player took (``cpu``) and ``player``'s own (``cpu_player``)."""
    seats = sum(1 for c in frame.columns if str(c).startswith("player_"))
    credit = won = 0.0
    cpu = mine = 0.0
    held_total = 0
    for _, row in frame.iterrows():
        held = [q for q in range(seats) if row[f"player_{q}"] == player]
        held_total += len(held)
        winners = str(row["winners"]).split() if isinstance(row["winners"], str) else []
        if winners:
            won += 1
            credit += sum(str(q) in winners for q in held) / len(winners)
        for q in range(seats):
            x = row.get(f"cpu_{q}")
            if x is not None and x == x:
                cpu += float(x)
                if q in held:
                    mine += float(x)
    low, high = wilson(credit, int(won))
    return {"player": player, "games": len(frame), "won": int(won), "share": credit / won if won else float("nan"),
            "low": low, "high": high, "fair": held_total / (seats * len(frame)) if len(frame) else float("nan"),
            "cpu": cpu, "cpu_player": mine, "partial": bool(frame.attrs.get("partial")),
            "planned": int(frame.attrs.get("games", len(frame)))}


def table(game: str) -> list[dict]:
    """Per matchup of ``game``: :func:`standing` with the matchup's names and its file's record."""
    out = []
    for m in matchups(game):
        frame = load(m)
        out.append({"matchup": m.name, "opponent": m.opponent, **standing(frame, m.player),
                    "command": frame.attrs["command"], "commit": frame.attrs.get("commit"),
                    "clean": frame.attrs.get("clean"), "file": m.file})
    return out


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _verdict(r: dict) -> str:
    """"an edge", "no edge" or "below", from the interval against the equal share."""
    return "an edge" if r["low"] > r["fair"] else "below" if r["high"] < r["fair"] else "no edge"


def _said(r: dict) -> str:
    return (f"{WORDS.get(r['player'], r['player'])} won {_pct(r['share'])} [{_pct(r['low'])}–{_pct(r['high'])}] "
            f"of the won games against three {'sensible players' if r['opponent'] == 'sensible' else 'random players'}")


def sentence(game: str, rows: list[dict] | None = None) -> str:
    """One plain sentence: how much skill matters in ``game``, computed from the two matchups."""
    strong, plain = rows if rows is not None else table(game)
    fair = f"{strong['fair']:.0%}"
    if _verdict(strong) == "an edge":
        lead = "Search beats the sensible policy"
    elif _verdict(strong) == "below":
        lead = "Search does worse than the sensible policy"
    elif game == "conspiracy":        # the team's accepted result, from far more games than these
        lead = "Search does not beat the sensible policy (accepted as Conspiracy's result)"
    elif (strong["high"] - strong["low"]) / 2 > WIDE:
        lead = (f"These games do not show search beating the sensible policy (too few to tell: "
                f"±{(strong['high'] - strong['low']) * 50:.0f} points)")
    else:
        lead = "Search does not beat the sensible policy"
    second = ("and the sensible policy beats random play" if _verdict(plain) == "an edge" else
              "and the sensible policy does not beat random play")
    games = (f"{strong['games']:,} and {plain['games']:,} games of 4 players, seats turned, "
             f"an equal share {fair}, 95% intervals")
    return f"{lead}, {second}: {_said(strong)}, and {_said(plain)} ({games})."
