"""``explorer sweep`` end to end: a small sweep prints its tables and writes a parquet file
that reads back as the experiment's own DataFrame; nonsense is refused in one line."""
from __future__ import annotations

import re

import pandas as pd
import pytest

from explorer.cli import split_players
from explorer.lab import Experiment

from test_cli import explorer


def test_a_small_sweep_end_to_end(tmp_path):
    out = tmp_path / "results.parquet"
    run = explorer("sweep", "decay", "--option", "coins=5,6", "--option", "slide_cost=1",
                   "--players", "greedy,random", "--games", "4", "--seed", "9", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert "8/8" in run.stderr                                   # the progress bar
    assert "win rate by seat and variant" in run.stdout and "game length" in run.stdout
    rows = re.findall(r"^\s+([56])\s+(\d)\s+(greedy|random)\s+4\s+(\d)\s+[\d.]+% \[", run.stdout, re.M)
    assert len(rows) == 2 * 4 and {r[2] for r in rows if r[1] in "02"} == {"greedy"}
    saved = pd.read_parquet(out)
    expected = Experiment("decay", grid={"coins": [5, 6]}, options={"slide_cost": 1},
                          players=["greedy", "random"], games=4, seed=9).run()
    pd.testing.assert_frame_equal(saved, expected, check_dtype=False)
    for coins, rows_ in saved.groupby("coins"):
        shown = sum(int(w) for c, _, _, w in rows if int(c) == coins)
        assert shown == (rows_["winners"] != "").sum()


@pytest.mark.parametrize("args, message", [
    (["--option", "colums=3,4"], r"unknown option\(s\) \['colums'\]"),
    (["--option", "columns=3,x"], "option columns must be an integer, got 'x'"),
    (["--option", "columns=3", "--option", "columns=4"], "given twice"),
    (["--players", "random,chess"], "unknown player 'chess'"),
    (["--workers", "2", "--scheduler", "tcp://x:1"], "not allowed with argument"),
    (["--out", "/nonexistent-folder/x.parquet"], "no folder /nonexistent-folder"),
    (["--out", "x.txt"], "must end in .parquet or .csv"),
])
def test_nonsense_is_refused_in_one_line(args, message):
    run = explorer("sweep", "conspiracy", "--games", "1", *args)
    assert run.returncode == 2
    assert re.search(message, run.stderr) and len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_player_parameters_keep_their_commas():
    assert split_players("random, ismcts:iterations=200,seed=3,greedy") == \
        ["random", "ismcts:iterations=200,seed=3", "greedy"]
