"""A sweep's frame on disk: parquet (the run's record in the file's metadata, as pandas keeps
a frame's ``attrs``) or CSV (the rows, and the record beside them in ``FILE.json``).

:func:`run_record` is the one way a file of results says how it was made (the command that makes
it again, the seed, every option, the package's version): a sweep's frame and the what-if results
shipped in ``data/whatif/`` (:mod:`explorer.shipped`) both use it.

:func:`check_output` is called before any game is played, so that a path that cannot be
written is refused at once instead of after the whole sweep.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

SUFFIXES = (".parquet", ".csv")


class OutputError(ValueError):
    """A path a frame cannot be written to; the message says why."""


def run_record(command: str, seed: int, options, **details) -> dict:
    """The record of a run of games, as JSON-ready values: ``command`` (the ``explorer`` command
    line that plays it again), ``seed`` (the master seed), ``options`` (the rule options, every one
    with its value), ``version`` (this package's) and any ``details`` the kind of run adds."""
    from explorer import __version__

    return {"command": command, "seed": seed, "options": options, "version": __version__, **details}


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


def save_frame(frame, path) -> Path:
    """Write ``frame`` and its ``attrs`` to ``path`` (see the module docstring)."""
    path = Path(path)
    if path.suffix == ".parquet":
        frame.to_parquet(path)
    else:
        frame.to_csv(path, index=False)
        tmp = record_path(path).with_suffix(".json.tmp")
        tmp.write_text(json.dumps(frame.attrs, indent=1, default=str))
        os.replace(tmp, record_path(path))
    return path


def load_frame(path):
    """A frame saved by :func:`save_frame`, with its ``attrs``."""
    import pandas as pd

    path = Path(path)
    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    header = pd.read_csv(path, nrows=0).columns
    text = [c for c in header if c in ("winners", "reason") or c.startswith("player_")]
    frame = pd.read_csv(path, dtype={c: str for c in text})
    if "winners" in frame:
        frame["winners"] = frame["winners"].fillna("")     # nobody won: written as an empty field
    if "winner" in frame:
        frame["winner"] = frame["winner"].astype("Int64")
    if record_path(path).exists():
        frame.attrs.update(json.loads(record_path(path).read_text()))
    return frame
