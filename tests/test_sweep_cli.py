"""``explorer sweep`` end to end: a small sweep prints its tables and writes a parquet file
that reads back as the experiment's own DataFrame; nonsense is refused in one line, before
anything is played; a run that stops saves the games it finished; the help lists the games
and their options."""
from __future__ import annotations

import re
import socket
import time

import pandas as pd
import pytest

import explorer.lab.experiment as experiment
from explorer.cli import main, split_players
from explorer.engine import game_names, get_game
from explorer.engine.options import options_to_dict
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
    (["--out", "tests"], "--out tests is a folder"),
    (["--out", "/proc/x.parquet"], "--out /proc/x.parquet: cannot write there"),
    (["--scheduler", "nonsense"], "--scheduler: a scheduler address is written tcp://HOST:PORT, got 'nonsense'"),
    (["--scheduler", "http://127.0.0.1:8787"], "unknown address scheme 'http'"),
    (["--players", "random,random,random,random,greedy"], "5 player specs for 4 seats"),
    (["--players", "ismcts:iterations=2,seed=x"], "seed must be a whole number, got 'x'"),
])
def test_nonsense_is_refused_in_one_line(args, message):
    run = explorer("sweep", "conspiracy", "--games", "1", *args)
    assert run.returncode == 2
    assert re.search(message, run.stderr) and len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_player_parameters_keep_their_commas():
    assert split_players("random, ismcts:iterations=200,seed=3,greedy") == \
        ["random", "ismcts:iterations=200,seed=3", "greedy"]


@pytest.mark.slow
def test_a_silent_port_is_one_line_within_the_timeout():
    """An address where something accepts the connection and never answers (a web server):
    refused within the 10 s timeout, in one line, before the progress bar."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    try:
        started = time.monotonic()
        run = explorer("sweep", "decay", "--games", "1", "--scheduler", f"127.0.0.1:{silent.getsockname()[1]}")
        took = time.monotonic() - started
    finally:
        silent.close()
    assert run.returncode == 1 and took < 30
    assert len(run.stderr.strip().splitlines()) == 1 and "no Dask scheduler answered" in run.stderr, run.stderr


def test_a_run_that_stops_saves_the_games_it_finished(tmp_path, monkeypatch, capsys):
    play = experiment.play_game

    def broken(exp, cell, index):
        if cell.index == 1:
            raise RuntimeError("this variant breaks")
        return play(exp, cell, index)

    monkeypatch.setattr(experiment, "play_game", broken)
    out = tmp_path / "r.parquet"
    code = main(["sweep", "decay", "-o", "coins=5,6", "-n", "3", "--seed", "2", "--out", str(out)])
    said = capsys.readouterr()
    assert code == 1
    assert "explorer sweep: error: 1 batch(es) failed, the run stopped: cell 1 games 0-0: RuntimeError: " \
           "this variant breaks (failed the same way twice)" in said.err
    assert "only the 3 of 6 games finished" in said.out
    assert "finished so far, 3 of 6, are saved to" in said.err and "(marked partial)" in said.err
    assert said.err.rstrip().endswith("--resume")
    saved = pd.read_parquet(out)
    monkeypatch.setattr(experiment, "play_game", play)
    expected = Experiment("decay", grid={"coins": [5, 6]}, games=3, seed=2).run()
    pd.testing.assert_frame_equal(saved, expected[expected["cell"] == 0], check_dtype=False)
    assert saved.attrs["complete"] is False and "this variant breaks" in saved.attrs["failed"][0]


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_help_lists_the_games_and_their_options(command):
    run = explorer(command, "--help")
    assert run.returncode == 0 and "%%" not in run.stdout
    text = run.stdout.split("games (GAME) and their rule options")[1]
    for name in game_names():
        assert f"  {name} ({get_game(name).title})" in text
        block = re.split(r"\n  (?=\S)", text.split(f"  {name} (")[1])[0]
        for option in options_to_dict(get_game(name).options_type()):
            assert f"{option}=" in block, (name, option)
    assert "round_cap=100" in text and "columns=3" in text
    if command == "sweep":
        assert "95% intervals" in run.stdout
