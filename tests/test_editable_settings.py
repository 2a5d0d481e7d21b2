"""``pip install -e .`` installs the JupyterLab settings too (build_support/rules_explorer_build.py):
the editable wheel the project's build backend makes carries ``[tool.setuptools.data-files]``
under its ``.data/data`` folder, listed in its RECORD, and pip puts them in the environment's
``share/jupyter/lab/settings/overrides.d``, where a plain ``jupyter lab`` reads them (no
"get Jupyter news?" pop-up).  Builds in an isolated environment, like pip: needs the package
index for setuptools."""
from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
SETTINGS = "share/jupyter/lab/settings/overrides.d/rules-explorer.json"
SOURCE = REPO / "binder" / "lab-settings" / "overrides.d" / "rules-explorer.json"


@pytest.fixture(scope="module")
def editable_wheel(tmp_path_factory) -> Path:
    from build import ProjectBuilder
    from build.env import DefaultIsolatedEnv

    out = tmp_path_factory.mktemp("wheel")
    with DefaultIsolatedEnv() as env:
        builder = ProjectBuilder.from_isolated_env(env, REPO)
        env.install(builder.build_system_requires)
        env.install(builder.get_requires_for_build("editable"))
        return Path(builder.build("editable", out))


def test_the_editable_wheel_carries_the_lab_settings(editable_wheel):
    with zipfile.ZipFile(editable_wheel) as z:
        names = z.namelist()
        data = [n for n in names if ".data/" in n]
        assert data == [f"rules_explorer-0.1.0.data/data/{SETTINGS}"]
        content = z.read(data[0])
        record = z.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode().splitlines()
    assert content == SOURCE.read_bytes()
    assert json.loads(content)["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
    assert f"{data[0]},sha256={digest},{len(content)}" in record
    assert names[-1].endswith(".dist-info/RECORD") and record[-1].endswith("RECORD,,")


def test_pip_installs_the_settings_where_jupyterlab_reads_them(editable_wheel, tmp_path):
    """Into a new, empty environment (never ``--prefix`` from this one: pip would first
    uninstall this environment's own copy of the package)."""
    import venv

    target = tmp_path / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    run = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                          "--no-index", str(editable_wheel)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert (target / SETTINGS).read_bytes() == SOURCE.read_bytes()
    # JupyterLab's default app_settings_dir is <prefix>/share/jupyter/lab/settings: it reads this file
    from jupyterlab_server.settings_utils import _get_overrides

    overrides, error = _get_overrides(str(target / "share" / "jupyter" / "lab" / "settings"))
    assert not error and overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
