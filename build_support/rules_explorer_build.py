"""The project's build backend: setuptools' own, except that an *editable* install
(``pip install -e .``) also installs the ``[tool.setuptools.data-files]`` of pyproject.toml.

Why: PEP 660 editable wheels make only the importable code editable, and setuptools leaves a
wheel's ``.data/data`` files out of them, so after ``pip install -e .`` JupyterLab found no
settings override in ``<prefix>/share/jupyter/lab/settings/overrides.d`` and greeted every
user with the "get Jupyter news?" pop-up.  Here the editable wheel setuptools built gets
those files added under ``<name>.data/data/`` (with their RECORD lines), which pip installs
into the environment's prefix exactly as it does for a regular wheel.  Every other hook
(sdist, regular wheel, metadata) is setuptools' unchanged.
"""
from __future__ import annotations

import base64
import hashlib
import os
import sys
import tempfile
import zipfile
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (every other hook as setuptools has it)

if sys.version_info >= (3, 11):
    import tomllib
else:                                    # pragma: no cover (Python 3.10)
    import tomli as tomllib


def data_files(root: Path = Path(".")) -> dict[str, list[Path]]:
    """``[tool.setuptools.data-files]``: install folder (under the prefix) -> source files."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    table = config.get("tool", {}).get("setuptools", {}).get("data-files", {})
    return {dest: [root / src for src in sources] for dest, sources in table.items()}


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def add_data_files(wheel: Path, files: dict[str, list[Path]]) -> list[str]:
    """Rewrite ``wheel`` with ``files`` under its ``.data/data`` folder and in its RECORD;
    returns the names added."""
    with zipfile.ZipFile(wheel) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    record = next(info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    data_dir = record.split("/")[0][:-len(".dist-info")] + ".data/data"
    added = [(f"{data_dir}/{dest.strip('/')}/{src.name}", src.read_bytes())
             for dest, sources in files.items() for src in sources]
    lines = [line for line in {info.filename: data for info, data in entries}[record].decode().splitlines()
             if line and not line.startswith(f"{record},")]
    lines += [_record_line(name, content) for name, content in added] + [f"{record},,"]
    fd, tmp = tempfile.mkstemp(suffix=".whl", dir=wheel.parent)
    os.close(fd)
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info.filename != record:
                out.writestr(info, data)
        for name, content in added:
            out.writestr(name, content)
        out.writestr(record, "\n".join(lines) + "\n")      # RECORD last, as in every wheel
    os.replace(tmp, wheel)
    return [name for name, _ in added]


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    name = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    add_data_files(Path(wheel_directory) / name, data_files())
    return name
