"""Every file the project writes goes through here, so that a save either lands whole or
leaves the file that was there as it was.

:func:`write_atomic` writes text or bytes; :func:`atomic_path` hands a writer (pandas'
``to_parquet``, ``to_csv``) a temporary path beside the target and puts it in place only when the
writer finished.  Both write in the target's own folder (a rename across file systems is not
atomic), flush and ``fsync`` the data, then :func:`os.replace` it over the target; a failure (a
full disk, a file-size limit, an interruption) removes the temporary file and raises
:class:`SaveError` naming the file and what went wrong, and the old file is untouched.
"""
from __future__ import annotations

import errno
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from collections.abc import Iterator


class SaveError(OSError):
    """A file that could not be written; the message names it and the cause.  Whatever was at
    that path before is unchanged."""


def _describe(path: Path, error: BaseException) -> str:
    why = getattr(error, "strerror", None) or str(error) or type(error).__name__
    if isinstance(error, OSError) and error.errno == errno.EFBIG:      # a file-size limit (ulimit -f)
        why = "the file would pass this process's file-size limit (ulimit -f)"
    return f"cannot save {path}: {why}; the file that was there is unchanged"


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextmanager
def atomic_path(path) -> Iterator[Path]:
    """``with atomic_path(p) as tmp: frame.to_parquet(tmp)``: ``tmp`` is a fresh file beside
    ``p``; when the block ends without an error it is synced and renamed over ``p``, else removed
    (and an OSError becomes a :class:`SaveError`)."""
    path = Path(path)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        _fsync(tmp)
        try:
            mode = os.stat(path).st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
            os.chmod(tmp, mode)
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException as e:
        tmp.unlink(missing_ok=True)
        if isinstance(e, OSError) and not isinstance(e, SaveError):
            error = SaveError(_describe(path, e))
            error.errno = e.errno
            raise error from e
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path, data: str | bytes, encoding: str = "utf-8") -> Path:
    """Write ``data`` (text or bytes) to ``path`` atomically (see the module docstring)."""
    path = Path(path)
    raw = data.encode(encoding) if isinstance(data, str) else bytes(data)
    with atomic_path(path) as tmp, open(tmp, "wb") as f:
        f.write(raw)
        f.flush()
    return path
