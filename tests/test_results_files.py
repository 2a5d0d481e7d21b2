"""Impossible settings are refused at once, and results files are checked before anything is read
from them (issue 42 items 4 and 6): each refusal is one line naming the problem (and the file)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from explorer import shipped
from explorer.cli import main
from explorer.lab import Experiment
from explorer.lab.files import FrameError, _git_identity, code_identity, load_frame, made_elsewhere, save_frame

ROOT = Path(__file__).resolve().parents[1]


def one_line(capsys, argv, status=2) -> str:
    try:
        got = main(argv)
    except SystemExit as e:         # argparse's refusal of a bad argument
        got = e.code
    assert got == status
    said = capsys.readouterr().err
    assert said.count("\n") == 1, said
    return said


@pytest.mark.parametrize("argv, words", [
    (["sweep", "decay", "--players", "ismcts:budget=inf"], "budget must be a finite number"),
    (["sweep", "decay", "--players", "strong:budget=1e308"], "budget may be at most 600 seconds"),
    (["sweep", "decay", "--players", "strong:budget=nan"], "finite number"),
    (["sweep", "decay", "--players", "ismcts:iterations=1e12"], "iterations may be at most"),
    (["sweep", "decay", "--players", "strong:budget=1,budget=2"], "budget is given twice"),
    (["sweep", "decay", "--games", "99999999999999999999"], "--games/-n: may be at most 1,000,000"),
    (["sweep", "decay", "--games", "600000", "--option", "coins=5,6"], "more than the 1,000,000 games"),
    (["bench", "decay", "--seconds", "inf"], "--seconds/-t: may be at most 3600"),
    (["bench", "decay", "--games", "1e30"], "must be a whole number"),
    (["simulate", "decay", "--games", "10000000"], "may be at most 1,000,000"),
    (["sweep", "decay", "--out", ""], "the file name is empty"),
    (["sweep", "decay", "--scheduler", "tcp://localhost:99999"], "port 99999"),
    (["shipped", "decay", "--out", " "], "--out is empty"),
])
def test_an_impossible_setting_is_one_line_at_once(capsys, argv, words):
    assert words in one_line(capsys, argv)


def test_a_folder_that_cannot_be_written_is_one_line_before_any_game(capsys):
    said = one_line(capsys, ["shipped", "--all", "--out", "/proc/nope"], status=1)
    assert "cannot write into /proc/nope/whatif" in said


def test_a_non_positive_max_game_length_is_refused():
    import pyspiel

    from explorer.adapters.openspiel import openspiel_name, register

    register("decay")
    for bad in (0, -5):
        with pytest.raises(Exception, match="max_game_length must be at least 1"):
            pyspiel.load_game(openspiel_name("decay"), {"max_game_length": bad})
    assert pyspiel.load_game(openspiel_name("decay"), {"max_game_length": 10}).max_game_length() == 10


# -- results files: refused, never answered wrongly -------------------------------------------------

@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    frame = Experiment("journalists", grid={"players": [2, 3]}, games=3, seed=4).run(notify=lambda t: None)
    path = tmp_path_factory.mktemp("lab") / "good.parquet"
    save_frame(frame, path)
    return frame, path


def _tampered(tmp_path, saved, change) -> Path:
    table = pq.read_table(saved[1])
    out = tmp_path / "tampered.parquet"
    pq.write_table(change(table), out)
    return out


def _refused(path, *words):
    with pytest.raises(FrameError) as e:
        load_frame(path)
    for w in (str(path),) + words:
        assert w in str(e.value), str(e.value)


def test_a_good_file_loads_with_the_commit_that_made_it(saved):
    frame, path = saved
    back = load_frame(path)
    assert back.attrs["commit"] == code_identity()["commit"]
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    assert back.attrs["commit"] == head.stdout.strip() and len(head.stdout.strip()) == 40
    assert back.attrs["clean"] in (True, False) and len(back) == 6


def test_junk_or_a_wrong_seat_in_winners_is_refused(tmp_path, saved):
    def winners(values):
        def change(table):
            i = table.schema.get_field_index("winners")
            return table.set_column(i, "winners", pa.array(values + table["winners"].to_pylist()[len(values):]))
        return change
    _refused(_tampered(tmp_path, saved, winners(["junk"])), "row 0: winners 'junk'")
    _refused(_tampered(tmp_path, saved, winners(["2"])), "are not seats 0 to 1")     # a 2-player game


def test_a_truncated_file_zero_rows_and_stripped_metadata_are_refused(tmp_path, saved):
    frame, path = saved
    cut = tmp_path / "cut.parquet"
    cut.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    _refused(cut, "cannot be read")
    empty = tmp_path / "empty.parquet"
    save_frame(frame.iloc[0:0], empty)
    _refused(empty, "holds no games")
    _refused(_tampered(tmp_path, saved, lambda t: t.replace_schema_metadata(None)), "lacks command")
    _refused(_tampered(tmp_path, saved, lambda t: t.slice(0, 4)), "holds 4 games, but its record says the run played 6")
    _refused(_tampered(tmp_path, saved, lambda t: t.drop_columns(["reason"])), "reason missing")


def test_a_file_made_by_other_code_says_so(saved):
    attrs = dict(saved[0].attrs)
    assert "not this code's" in made_elsewhere({**attrs, "commit": "0" * 40})
    assert "does not say" in made_elsewhere({k: v for k, v in attrs.items() if k != "commit"})
    assert _git_identity(str(Path("/"))) == ("unknown", None)


# -- shipped what-if files ------------------------------------------------------------------------

@pytest.fixture
def shipped_file(tmp_path, monkeypatch):
    """``data/whatif/decay.json`` read from ``tmp_path`` instead; write what it should hold."""
    good = json.loads(Path(ROOT, "data", "whatif", "decay.json").read_text())
    path = tmp_path / "decay.json"
    monkeypatch.setattr(shipped, "data_file", lambda folder, name: tmp_path / name)

    def put(content):
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return good, put


def _bad(*words):
    with pytest.raises(shipped.ShippedError) as e:
        shipped.load("decay")
    for w in ("data/whatif/decay.json",) + words:
        assert w in str(e.value), str(e.value)


def test_a_tampered_shipped_file_is_refused_naming_the_problem(shipped_file):
    good, put = shipped_file
    put(good)
    assert shipped.load("decay") == good
    put([good])
    _bad("holds a JSON list, not an object")
    put("[" * 100_000 + "]" * 100_000)
    _bad("cannot be read")
    put({k: v for k, v in good.items() if k != "command"})
    _bad("its record lacks command")
    variants = good["questions"]["length"]["results"]
    gone = dict(variants)
    gone.pop("4 players")
    put({**good, "questions": {"length": {**good["questions"]["length"], "results": gone}}})
    _bad("expected one per variant")
    for key, value, words in [("won", "many", "won is 'many', not a whole number"),
                              ("round_counts", [1, 2], "has 2 values for 150 games"),
                              ("rounds", {"max": [1]}, "not a number"),
                              ("reasons", ["victory"], "is not an object")]:
        figures = {**variants["3 players"], key: value}
        put({**good, "questions": {"length": {**good["questions"]["length"],
                                              "results": {**variants, "3 players": figures}}}})
        _bad("length: 3 players", words)


def test_every_shipped_file_passes_its_check_and_records_its_command():
    for name in shipped.PLANS:
        data = shipped.load(name)
        assert data["command"] == f"explorer shipped {name}"


def test_the_cli_writes_the_commit_into_a_sweeps_file(tmp_path):
    out = tmp_path / "r.csv"
    run = subprocess.run([sys.executable, "-m", "explorer", "sweep", "journalists", "-n", "2", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert load_frame(out).attrs["commit"] == code_identity()["commit"] != "unknown"


def test_a_worker_that_cannot_be_reached_stops_the_run_naming_its_address():
    """A worker advertising an address where nothing answers (as ``dask worker --contact-address``
    set wrong): the run stops within the bound instead of rescheduling for ever."""
    import socket

    from explorer.lab.backends import SweepError, check_workers

    with socket.socket() as s:                  # a port that was free a moment ago: nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    bad = f"tcp://127.0.0.1:{port}"

    class Cluster:                              # what the scheduler lists: the one worker
        def scheduler_info(self, n_workers=-1):
            return {"workers": {bad: {}}}

    seen: set = set()
    with pytest.raises(SweepError, match=f"the worker at {bad} cannot be reached from here within 1 s"):
        check_workers(Cluster(), seen, timeout=1)
    assert seen == set()        # (a worker that answers passes: every LocalCluster run checks its workers)
