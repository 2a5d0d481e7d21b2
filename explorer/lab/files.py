"""A sweep's frame on disk: parquet (the run's record in the file's metadata, as pandas keeps
a frame's ``attrs``) or CSV (the rows, and the record beside them in ``FILE.json``).

:func:`run_record` is the one way a file of results says how it was made (the command that makes
it again, the seed, every option, the package's version and the git commit of the code):
a sweep's frame and the what-if results shipped in ``data/whatif/`` (:mod:`explorer.shipped`)
both use it; :func:`made_elsewhere` says when a file was made by other code.

Saving is atomic (:mod:`explorer.engine.saving`): a failed save leaves the old file whole.
Loading checks the file (:func:`check_frame`) and refuses one that is not what a sweep writes with
a :class:`FrameError` naming the file and the problem, instead of answering from it.

:func:`check_output` is called before any game is played, so that a path that cannot be
written is refused at once instead of after the whole sweep.
"""
from __future__ import annotations

import functools
import json
import math
import subprocess
from pathlib import Path
from typing import NoReturn

from explorer.engine.saving import SaveError, atomic_path, write_atomic  # noqa: F401 (SaveError for callers)

SUFFIXES = (".parquet", ".csv")


class OutputError(ValueError):
    """A path a frame cannot be written to; the message says why."""


class FrameError(ValueError):
    """A results file that cannot be read or is not what a sweep writes; the message names the
    file and the problem."""

#: What every sweep's record holds (a file without one of these was not made by a sweep).
RECORD_KEYS = ("command", "seed", "options", "version", "game", "games", "players", "grid")
#: Columns every sweep's frame has that hold whole numbers.
WHOLE = ("cell", "game", "seed", "length", "actions")


def run_record(command: str, seed: int, options, **details) -> dict:
    """The record of a run of games, as JSON-ready values: ``command`` (the ``explorer`` command
    line that plays it again), ``seed`` (the master seed), ``options`` (the rule options, every one
    with its value), ``version`` (this package's), ``commit`` and ``clean`` (the code that made it:
    :func:`code_identity`) and any ``details`` the kind of run adds."""
    from explorer import __version__

    return {"command": command, "seed": seed, "options": options, "version": __version__,
            **code_identity(), **details}


@functools.lru_cache(maxsize=1)
def _git_identity(root: str) -> tuple[str, bool | None]:
    def git(*args) -> str:
        done = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=20)
        if done.returncode:
            raise OSError(done.stderr.strip())
        return done.stdout.strip()

    try:
        if Path(git("rev-parse", "--show-toplevel")).resolve() != Path(root).resolve():
            return "unknown", None          # the package sits in some other checkout
        commit = git("rev-parse", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no", "--", "explorer", "data")
    except (OSError, subprocess.SubprocessError):
        return "unknown", None
    return commit, not changed


def code_identity() -> dict:
    """``{"commit": ..., "clean": ...}``: the git commit of the checkout this package runs from and
    whether its tracked files under ``explorer/`` and ``data/`` match it (``clean``); ``"unknown"``
    and None when it does not run from a git checkout (an installed package)."""
    commit, clean = _git_identity(str(Path(__file__).resolve().parents[2]))
    return {"commit": commit, "clean": clean}


def made_elsewhere(record: dict) -> str | None:
    """A sentence saying that the file whose record is ``record`` was made by other code than this
    (another commit, a changed tree, an older file that does not say), or None when it was made by
    this very code."""
    here = code_identity()
    commit = record.get("commit")
    if not isinstance(commit, str) or commit == "unknown":
        return "its record does not say which commit made it"
    if here["commit"] == "unknown":
        return f"it was made by commit {commit[:10]}, and this code's commit is unknown"
    if commit != here["commit"]:
        return f"it was made by commit {commit[:10]}, not this code's {here['commit'][:10]}"
    if record.get("clean") is not True or here["clean"] is not True:
        return f"it was made by commit {commit[:10]}, but with uncommitted changes on one side or the other"
    return None


def record_path(path: Path) -> Path:
    """Where a CSV's record goes: ``results.csv`` -> ``results.csv.json``."""
    return path.with_name(path.name + ".json")


def _writable(path: Path) -> None:
    if path.is_dir():
        raise OutputError(f"{path} is a folder; give a file in it, e.g. {path / ('results' + SUFFIXES[0])}")
    if not path.parent.is_dir():
        raise OutputError(f"{path}: no folder {path.parent}")
    existed = path.exists()
    try:
        with open(path, "ab"):          # the one sure test: open it as the save will
            pass
    except OSError as e:
        raise OutputError(f"{path}: cannot write there ({e.strerror or e})") from None
    finally:
        if not existed and path.exists():
            path.unlink()


def check_output(path) -> Path:
    """``path`` as a Path if a frame can be saved there (its kind known, its folder there,
    writable, not a folder itself; for CSV the same for its record), else an
    :class:`OutputError` naming the problem.  Nothing is left behind."""
    if not isinstance(path, (str, Path)) or not str(path).strip():
        raise OutputError("the file name is empty; give one ending in .parquet or .csv")
    path = Path(path)
    if path.is_dir():
        _writable(path)                 # says it is a folder
    if path.suffix not in SUFFIXES:
        raise OutputError(f"{path}: the file must end in .parquet or .csv")
    if path.suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401  (pandas writes parquet with it)
        except ImportError:
            raise OutputError(f"{path}: writing parquet needs pyarrow (pip install pyarrow); "
                              "or save as .csv") from None
    _writable(path)
    if path.suffix == ".csv":
        _writable(record_path(path))
    return path


def _read(path: Path):
    import pandas as pd

    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    header = pd.read_csv(path, nrows=0).columns
    text = [c for c in header if c in ("winners", "reason") or c.startswith("player_")]
    frame = pd.read_csv(path, dtype={c: str for c in text})
    if "winners" in frame:
        frame["winners"] = frame["winners"].fillna("")     # nobody won: written as an empty field
    if "winner" in frame:
        frame["winner"] = frame["winner"].astype("Int64")
    record = record_path(path)
    if record.exists():
        attrs = json.loads(record.read_text())
        if not isinstance(attrs, dict):
            raise ValueError(f"its record {record.name} is not a JSON object")
        frame.attrs.update(attrs)
    return frame


def _short(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__


def load_frame(path):
    """A frame saved by :func:`save_frame`, with its ``attrs``, checked (:func:`check_frame`): a
    file that cannot be read or is not a sweep's raises :class:`FrameError` naming the file and the
    problem."""
    path = Path(path)
    if path.suffix not in SUFFIXES:
        raise FrameError(f"{path}: a results file ends in .parquet or .csv")
    try:
        frame = _read(path)
    except FileNotFoundError:
        raise FrameError(f"{path}: no such file") from None
    except Exception as e:          # OSError, ValueError (pyarrow's ArrowInvalid is one), RecursionError...
        raise FrameError(f"{path} cannot be read: {_short(e)}") from None
    check_frame(frame, path)
    return frame


def _expected(attrs) -> int | None:
    """How many games a complete run of the record ``attrs`` played (None if it cannot say)."""
    games = attrs.get("games")
    if isinstance(games, bool) or not isinstance(games, int):
        return None
    cells = math.prod(len(v) if isinstance(v, list) else 1 for v in attrs["grid"].values())
    return cells * games


def check_frame(frame, path="the frame") -> None:
    """Refuse (:class:`FrameError`) a frame that is not what a sweep writes: its record (the
    ``attrs``) missing or incomplete, no rows, a declared column missing, a whole-number column
    holding something else, an evaluation that is not a number, a game twice, or winners that are
    not seats of the game."""
    import pandas as pd

    def bad(problem: str) -> NoReturn:
        raise FrameError(f"{path}: {problem}")

    attrs = frame.attrs
    missing = [k for k in RECORD_KEYS if k not in attrs]
    if missing:
        bad(f"its record (the run's metadata) lacks {', '.join(missing)}: not a file a sweep wrote")
    if not isinstance(attrs["grid"], dict) or not isinstance(attrs["players"], list) or not attrs["players"]:
        bad("its record's grid or players are not what a sweep writes")
    if frame.empty:
        bad("it holds no games")
    players = [c for c in frame.columns if str(c).startswith("player_")]
    if players != [f"player_{q}" for q in range(len(players))] or not players:
        bad("its player_N columns are missing or not numbered 0, 1, ...")
    needed = list(attrs["grid"]) + list(WHOLE) + ["winner", "winners", "reason"]
    absent = [c for c in needed + [f"eval_{q}" for q in range(len(players))] if c not in frame.columns]
    if absent:
        bad(f"column(s) {', '.join(map(str, absent))} missing")
    for c in WHOLE:
        values = pd.to_numeric(frame[c], errors="coerce")
        if values.isna().any() or not (values == values.round()).all() or (c != "seed" and (values < 0).any()):
            bad(f"column {c} holds something other than whole numbers 0 or more")
    for q in range(len(players)):
        values = frame[f"eval_{q}"]
        if not (pd.api.types.is_numeric_dtype(values) or values.isna().all()):
            bad(f"column eval_{q} holds something other than numbers")
    if attrs.get("complete", True) is True and _expected(attrs) not in (None, len(frame)):
        bad(f"it holds {len(frame)} games, but its record says the run played {_expected(attrs)}")
    if frame.duplicated(["cell", "game"]).any():
        bad("a game (the same cell and game number) appears twice")
    seats = frame[players].notna().sum(axis=1).to_numpy()
    for i, (text, winner, n) in enumerate(zip(frame["winners"], frame["winner"], seats, strict=True)):
        tokens = text.split() if isinstance(text, str) else None
        if tokens is None or not all(t.isdigit() and int(t) < n for t in tokens) or len(set(tokens)) != len(tokens):
            bad(f"row {i}: winners {text!r} are not seats 0 to {n - 1} of that game")
        one = int(tokens[0]) if len(tokens) == 1 else None
        if (None if pd.isna(winner) else int(winner)) != one:
            bad(f"row {i}: winner {winner} does not match winners {text!r}")


def save_frame(frame, path) -> Path:
    """Write ``frame`` and its ``attrs`` to ``path`` (see the module docstring), atomically: a save
    that fails raises :class:`~explorer.engine.saving.SaveError` and leaves the file that was there
    (and a CSV's record) as it was."""
    path = Path(path)
    if path.suffix == ".parquet":
        with atomic_path(path) as tmp:
            frame.to_parquet(tmp)
    else:
        text = json.dumps(frame.attrs, indent=1, default=str)
        with atomic_path(path) as tmp:
            frame.to_csv(tmp, index=False)
            write_atomic(record_path(path), text)   # the record first: rows never lack theirs
    return path
