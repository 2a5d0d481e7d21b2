"""Sweeps that stop when the answer is clear (issue 43 item 1): ``Experiment(until=, measure=)`` and
``explorer sweep --until --measure`` play in rounds until every variant's interval (two variants: their
difference's) is narrow enough, or the limit; the frame is, row for row, the first games of a fixed
run with the same seed; a stopped run keeps its games and ``--resume`` finishes the same frame; nonsense
is refused in one line.  The looks come every 30 games here (``FIRST``/``STEP`` patched) so that the
runs stay small: the rule does not depend on the spacing."""
from __future__ import annotations

import math

import pandas as pd
import pytest

import explorer.lab.adaptive as adaptive
import explorer.lab.experiment as experiment
from explorer.cli import main
from explorer.lab import Experiment, ExperimentError
from explorer.lab.answers import measure
from explorer.lab.files import load_frame
from explorer.lab.summary import variant_rows

#: Decay with random players is the fastest game (~8 ms); three variants: every variant's interval.
DECAY = dict(grid={"coins": [4, 5, 6]}, players=["random"], seed=5)
SWEEP = ["sweep", "decay", "-o", "coins=4,5,6", "--seed", "5", "--games", "150", "--until", "0.12"]


@pytest.fixture(autouse=True, scope="module")
def small_looks():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(adaptive, "FIRST", 30)
        patch.setattr(adaptive, "STEP", 30)
        yield


@pytest.fixture(scope="module")
def fixed():
    """The fixed-size run the adaptive ones are the first rows of."""
    return Experiment("decay", games=150, **DECAY).run(notify=lambda text: None)


@pytest.fixture(scope="module")
def until():
    """The adaptive run (to +-12 points) and each look it took."""
    seen = []
    frame = Experiment("decay", games=150, until=0.12, **DECAY).run(notify=lambda text: None, checked=seen.append)
    return frame, seen


def _plain(frame):
    return frame.reset_index(drop=True).astype(object).where(frame.reset_index(drop=True).notna(), None)


def test_an_adaptive_run_is_the_first_games_of_a_fixed_run_and_stops_when_clear(fixed, until):
    frame, seen = until
    n = frame.attrs["games"]
    assert 30 < n < 150 and len(frame) == 3 * n
    # row for row the fixed run's first n games of every variant (same seeds, same players)
    pd.testing.assert_frame_equal(_plain(frame), _plain(fixed[fixed["game"] < n]))
    record = frame.attrs["adaptive"]
    assert record["half_width"] == 0.12 and record["measure"] == "start" and record["limit"] == 150
    assert record["stopped"] == "clear" and record["games"] == n and "clear after" in record["why"]
    assert [look["games"] for look in record["looks"]] == adaptive.looks(150)[:len(seen)] == [c.games for c in seen]
    assert [c.clear for c in seen] == [False] * (len(seen) - 1) + [True]
    assert seen[-1].reached <= 0.12 < seen[-2].reached
    # the recorded intervals are the measure read again from the saved rows
    intervals = record["looks"][-1]["intervals"]
    for (values, rows), (label, (v, lo, hi)) in zip(variant_rows(frame), intervals.items(), strict=False):
        got = measure(rows, "start")
        assert f"{values['coins']} coins" in label
        assert (got["value"], got["low"], got["high"]) == pytest.approx((v, lo, hi))
        assert max(got["value"] - got["low"], got["high"] - got["value"]) <= 0.12
    assert record["same_rows_as"].endswith(f"--games {n} --seed 5") and "--until" not in record["same_rows_as"]
    assert "--until 0.12 --measure start" in frame.attrs["command"]


def test_the_limit_reached_says_the_answer_is_not_yet_clear(fixed):
    frame = Experiment("decay", games=60, until=0.01, **DECAY).run(notify=lambda text: None)
    record = frame.attrs["adaptive"]
    assert record["stopped"] == "limit" and "not yet clear after the limit of 60 games" in record["why"]
    assert frame.attrs["complete"] is True and frame.attrs["games"] == 60
    pd.testing.assert_frame_equal(_plain(frame), _plain(fixed[fixed["game"] < 60]))


def test_a_comparison_stops_when_the_difference_is_clear():
    """Two variants: the difference of their means; 4 coins or 6 change a game's length by far more
    than the half-width asked, so the difference leaves out zero at the first look."""
    seen = []
    frame = Experiment("decay", grid={"coins": [2, 6]}, games=150, seed=5, until=0.5, measure="mean:length").run(
        notify=lambda text: None, checked=seen.append)
    last = seen[-1]
    assert last.clear and last.strictly_apart and last.difference is not None
    d, lo, hi = last.difference
    assert lo > 0 or hi < 0
    assert "its interval leaves out zero" in frame.attrs["adaptive"]["why"]
    # the stricter interval (Bonferroni over the looks planned) is wider than the 95% one
    assert adaptive.strict_z(len(adaptive.looks(150))) > 1.96


@pytest.mark.parametrize("kwargs, message", [
    (dict(until=0), "must be more than 0, got 0"),
    (dict(until=-0.1), "must be more than 0"),
    (dict(until=float("nan")), "must be a finite number, got nan"),
    (dict(until=True), "must be a finite number, got True"),
    (dict(until="0.1"), "must be a finite number, got '0.1'"),
    (dict(until=0.5), "says nothing: a share lies between 0 and 1"),
    (dict(until=0.1, measure="nope"), "no measure 'nope' for decay; known: start, no_winner, player, mean:length"),
    (dict(until=0.1, measure="lead"), "no measure 'lead' for decay"),
    (dict(measure="start"), "give the half-width too"),
])
def test_impossible_values_are_refused_at_once(kwargs, message):
    with pytest.raises(ExperimentError, match=message.replace("(", r"\(")) as e:
        Experiment("decay", games=10, **kwargs)
    assert "\n" not in str(e.value)


def test_a_half_width_of_a_mean_is_in_its_own_units():
    exp = Experiment("decay", games=10, until=3, measure="mean:rounds")
    assert exp.until == 3.0 and "--until 3.0 --measure mean:rounds" in exp.command()


@pytest.mark.parametrize("args, message", [
    (["--until", "0"], "argument --until: must be a finite number more than 0, got 0"),
    (["--until", "nan"], "must be a finite number more than 0, got nan"),
    (["--until", "x"], "must be a number, got 'x'"),
    (["--until", "0.7"], "says nothing: a share lies between 0 and 1"),
    (["--until", "0.1", "--measure", "nope"], "no measure 'nope' for decay; known: "),
    (["--measure", "start"], "--measure is what --until watches; give --until HALF_WIDTH too"),
])
def test_the_command_refuses_nonsense_in_one_line(args, message, capsys):
    try:
        code = main(["sweep", "decay", *args])
    except SystemExit as e:
        code = e.code
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_the_command_stops_keeps_its_games_and_resumes_to_the_same_frame(tmp_path, monkeypatch, capsys, until):
    """Interrupted after its first look (Ctrl-C inside a game): the games finished are saved, marked
    partial; ``--resume`` plays the rest and the file is that of a run never stopped, which says in
    its record why it stopped and shows the current interval on its progress bar."""
    out = tmp_path / "until.parquet"
    play, played = experiment.play_game, []

    def interrupted(exp, cell, index):
        played.append(index)
        if len(played) == 100:
            raise KeyboardInterrupt
        return play(exp, cell, index)

    monkeypatch.setattr(experiment, "play_game", interrupted)
    assert main([*SWEEP, "--out", str(out)]) == 130
    said = capsys.readouterr()
    assert "--until 0.12 --measure start" in said.err and said.err.rstrip().endswith("--resume")
    assert "widest ±" in said.err and "asked)" in said.err           # the bar's current interval
    partial = load_frame(out)
    assert partial.attrs["partial"] is True and partial.attrs["adaptive"]["stopped"] == "interrupted"
    assert 0 < len(partial) < 100

    monkeypatch.setattr(experiment, "play_game", play)
    assert main([*SWEEP, "--out", str(out), "--resume"]) == 0
    said = capsys.readouterr()
    resumed = load_frame(out)
    straight = until[0]
    pd.testing.assert_frame_equal(_plain(resumed), _plain(straight))
    assert resumed.attrs["resumed"] == len(partial) and resumed.attrs["adaptive"]["stopped"] == "clear"
    assert resumed.attrs["games"] == straight.attrs["games"] and isinstance(resumed.attrs["commit"], str)
    assert "Clear after" in said.out and "are those of: explorer sweep decay" in said.out
    assert math.isfinite(resumed.attrs["adaptive"]["looks"][-1]["reached"])


def test_the_lab_panel_asks_until_clear_and_shows_games_and_interval(until):
    """The designer lab's way to ask (explorer.views.ask): how clear in plain words, a game limit; the
    line beside the bar gives the games played and the interval reached; the answer is the same games."""
    from explorer.views.ask import ask_panel, clear_words

    assert clear_words(0.02, True) == "to within ±2 points" and clear_words(0.01, True) == "to within ±1 point"
    assert clear_words(0.5, False, "rounds") == "to within ±0.5 rounds"
    panel = ask_panel("decay", grid={"coins": [4, 5, 6]}, players=["random"], seed=5, clear=0.12, limit=150)
    assert ("to within ±12 points", 0.12) in panel.clear.options
    assert "start player's share of the won games: 4 coins a suit or 5 coins a suit or 6 coins a suit" in \
        panel.children[0].value.replace("&#x27;", "'")
    frame = panel.ask()
    pd.testing.assert_frame_equal(_plain(frame), _plain(until[0]))
    n = frame.attrs["games"]
    assert panel.bar.value == 3 * n and panel.bar.max == 3 * 150
    assert f"{n:,} games a variant played (of at most 150)" in panel.status.value
    assert f"the widest interval is ±{panel.check.reached * 100:.1f} points, ±12.0 points asked" in panel.status.value
    words = panel.answer.children[0].children[0].value
    assert f"Clear after {n:,} games per variant" in words
    panel.limit.value = 500                     # the limit the designer picks is the one played to
    assert panel.experiment().games == 500 and panel.experiment().until == 0.12


def test_the_commands_progress_bar_is_the_consoles_even_beside_a_loaded_kernel_module():
    """A command's bar goes to stderr as text even when ``ipykernel.zmqshell`` is loaded in the process
    (as another test or a notebook tool may leave it): ``tqdm.auto`` would then pick a notebook widget
    and nothing would reach the terminal (this failed in CI once, by which test files ran before)."""
    import subprocess
    import sys
    code = ("import ipykernel.zmqshell, sys\nfrom explorer.cli import main\n"
            "sys.exit(main(['sweep', 'journalists', '--games', '3', '--seed', '1']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "journalists sweep" in done.stderr and "3/3" in done.stderr, done.stderr
