"""Nothing lost (issue 42 items 1 and 2): a save that fails leaves the old file whole, and a
sweep stopped by SIGINT or SIGTERM keeps the games it finished and goes on with ``--resume`` to
the very frame a whole run makes.  Real subprocesses: the signal and the file-size limit are the
operating system's."""
from __future__ import annotations

import json
import re
import resource
import signal
import subprocess
import sys

import pandas as pd
import pytest

from explorer.cli import main
from explorer.engine import GameRecord
from explorer.lab import Experiment
from explorer.lab.files import load_frame, record_path, save_frame

#: A sweep of fast games (Journalists: 2-15 ms a game), big enough to be stopped in the middle: a
#: fast machine played 200 of them (~0.5 s) before the stop that followed its first batch arrived.
GAMES = 1000
TOTAL = 2 * GAMES
SWEEP = ["journalists", "--option", "players=2,4", "--games", str(GAMES), "--seed", "7"]
EXP = dict(grid={"players": [2, 4]}, games=GAMES, seed=7)


def explorer(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, text=True,
                          timeout=300, **kwargs)


@pytest.fixture(scope="module")
def straight():
    """The frame of the whole sweep, played without a stop."""
    return Experiment("journalists", **EXP).run(notify=lambda text: None)


def _plain(frame):
    return frame.astype(object).where(frame.notna(), None)


def _stop_midway(out, signum) -> tuple[int, str]:
    """Start the sweep, wait until its first batch finished, send ``signum``; its status and stderr."""
    # (Ctrl-C as a terminal sends it: a test run started in the background inherits SIGINT ignored,
    # and Python then never turns it into KeyboardInterrupt)
    proc = subprocess.Popen([sys.executable, "-m", "explorer", "sweep", *SWEEP, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    while True:
        chunk = proc.stderr.read1(4096)
        assert chunk, f"the sweep ended before it was stopped: {seen.decode()[-500:]}"
        seen += chunk
        counts = [int(n) for n in re.findall(rb"\| *(\d+)/%d " % TOTAL, seen)]
        if counts and 0 < max(counts) < TOTAL:
            break
    proc.send_signal(signum)
    _, rest = proc.communicate(timeout=120)
    return proc.returncode, (seen + rest).decode()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stopped_sweep_keeps_its_games_and_resume_finishes_the_same_frame(tmp_path, straight, signum):
    out = tmp_path / "stopped.parquet"
    status, said = _stop_midway(out, signum)
    assert status == 130, said[-800:]
    partial = load_frame(out)
    assert 0 < len(partial) < TOTAL
    assert partial.attrs["partial"] is True and partial.attrs["complete"] is False
    assert partial.attrs["interrupted"] is True
    done = {(c, g) for c, start, stop in partial.attrs["done"] for g in range(start, stop)}
    assert done == set(zip(partial["cell"], partial["game"], strict=False))
    # the rows kept are exactly the straight run's rows of those games
    # (as plain values: a column empty in the part kept, Player 3 of 2-player games, has no dtype to compare)
    kept = _plain(partial.set_index(["cell", "game"]))
    pd.testing.assert_frame_equal(kept, _plain(straight.set_index(["cell", "game"]).loc[kept.index]))
    assert "--resume" in said and str(out) in said
    assert ("terminated (SIGTERM)" if signum == signal.SIGTERM else "interrupted") in said

    again = explorer("sweep", *SWEEP, "--out", str(out), "--resume")
    assert again.returncode == 0, again.stderr[-800:]
    resumed = load_frame(out)
    pd.testing.assert_frame_equal(resumed, straight)
    assert resumed.attrs["complete"] is True and "partial" not in resumed.attrs
    assert resumed.attrs["resumed"] == len(partial)
    # the progress bar starts from the games kept: only the missing ones were played
    assert re.search(rf"\|\s*{len(partial)}/{TOTAL} ", again.stderr)

    done_already = explorer("sweep", *SWEEP, "--out", str(out), "--resume")
    assert done_already.returncode == 0 and "nothing to play" in done_already.stdout


def test_resume_refuses_the_file_of_another_sweep(tmp_path, straight, capsys):
    out = tmp_path / "other.csv"
    save_frame(straight, out)
    before = out.read_bytes()
    assert main(["sweep", "journalists", "--games", "5", "--out", str(out), "--resume"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "not of this sweep" in said
    assert out.read_bytes() == before
    assert main(["sweep", "journalists", "--games", "5", "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err


def _limited(limit: int):
    def set_limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return set_limit


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_a_save_past_a_file_size_limit_leaves_the_old_file_whole(tmp_path, suffix):
    """As ``(ulimit -f 2; explorer sweep ... --out FILE)`` over a good FILE."""
    out = tmp_path / f"results{suffix}"
    small = Experiment("journalists", games=4, seed=3).run(notify=lambda text: None)
    save_frame(small, out)
    before, readable = out.read_bytes(), load_frame(out)
    record = record_path(out).read_bytes() if suffix == ".csv" else None
    run = explorer("sweep", "journalists", "--games", "20", "--seed", "3", "--out", str(out),
                   preexec_fn=_limited(2048))
    assert run.returncode == 1
    assert f"cannot save {out}" in run.stderr and "file-size limit" in run.stderr and "unchanged" in run.stderr
    assert out.read_bytes() == before
    pd.testing.assert_frame_equal(load_frame(out), readable)
    assert len(readable) == 4
    if record is not None:
        assert record_path(out).read_bytes() == record
    assert (sorted(p.name for p in tmp_path.iterdir())
            == sorted([out.name] + ([record_path(out).name] if record else [])))


def test_a_game_record_save_past_a_file_size_limit_leaves_the_old_record(tmp_path):
    path = tmp_path / "game.json"
    code = ("import sys\nfrom explorer.engine import random_playout\n"
            "from explorer.engine.saving import SaveError\n"
            "r, _ = random_playout('journalists', seed=4)\n"
            "try:\n    r.save(sys.argv[1])\nexcept SaveError as e:\n    print(e); sys.exit(1)\n")
    short = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert short.returncode == 0, short.stderr
    good = path.read_bytes()
    small = GameRecord.from_json(json.loads(good))
    trimmed = GameRecord(small.game, small.options, small.seed, small.actions[:3])
    trimmed.save(path)
    kept = path.read_bytes()
    failed = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120,
                            preexec_fn=_limited(len(kept) + 10))
    assert len(good) > len(kept) + 10
    assert failed.returncode == 1 and "file-size limit" in failed.stdout
    assert path.read_bytes() == kept and [p.name for p in tmp_path.iterdir()] == ["game.json"]
