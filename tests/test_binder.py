"""Binder, checked without Binder: what repo2docker would build, and a fresh environment
made from ``binder/requirements.txt`` alone running every notebook.

- ``repo2docker --no-build --debug --no-run`` (the real jupyter-repo2docker; no docker is
  needed) prints the Dockerfile it would build: it must take the Python version from
  ``binder/runtime.txt`` and install ``binder/requirements.txt``.
- A new virtual environment gets ``pip install -r binder/requirements.txt`` (run from the
  repository root: its first line is ``-e .``) and nothing else; that environment's nbconvert
  and kernel then execute three notebooks that between them import everything the notebooks
  use (:data:`BINDER_NOTEBOOKS`: the engine, a game's YAML data files, the widgets and bqplot
  boards of an app page, the designer lab's pandas, pyarrow and sweeps).  Every notebook is run
  in the test environment by nbval already; running all twelve again here doubled that time
  for no dependency more.

These need the package index (pip install) and take a few minutes.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
#: the notebooks the Binder environment runs (see the module docstring)
BINDER_NOTEBOOKS = ("index.ipynb", "sands_of_time_app.ipynb", "designer_lab.ipynb")
NOTEBOOKS = [REPO / "notebooks" / name for name in BINDER_NOTEBOOKS]
PIP_TIMEOUT = 1200          # seconds to build the environment
NOTEBOOK_TIMEOUT = 900      # seconds for one notebook (Conspiracy's What-if takes ~40 s)


def _run(cmd, *, timeout, **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"timed out after {timeout} s: {' '.join(map(str, cmd))}\n"
                    f"{(e.stdout or b'')[-3000:]!s}\n{(e.stderr or b'')[-3000:]!s}", pytrace=False)


def _runtime_version() -> str:
    text = (BINDER / "runtime.txt").read_text().strip()
    m = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert m, f"binder/runtime.txt should read like 'python-3.11', not {text!r}"
    return m.group(1)


def _unescape(text: str) -> str:
    """repo2docker names build files with escapism's '-XX' hex escapes; decode them."""
    return re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), text)


def test_repo2docker_reads_binder(tmp_path):
    if importlib.util.find_spec("repo2docker") is None:
        pytest.fail('jupyter-repo2docker is missing: pip install -e ".[test]"', pytrace=False)
    version = _runtime_version()
    r = _run([sys.executable, "-m", "repo2docker", "--no-build", "--debug", "--no-run", str(REPO)],
             timeout=300, cwd=tmp_path)
    log = r.stderr
    assert r.returncode == 0, f"repo2docker failed ({r.returncode}):\n{log}\n{r.stdout[-3000:]}"
    assert "Traceback" not in log and "Error" not in log, f"repo2docker reported a problem:\n{log}"
    dockerfile = r.stdout
    assert "FROM " in dockerfile, f"no Dockerfile printed:\n{dockerfile[:2000]}\n{log}"
    # the Python version comes from binder/runtime.txt (repo2docker's default would differ)
    assert f"python={version}" in log, f"repo2docker did not pick Python {version}:\n{log}"
    assert f"py-{version}-" in _unescape(dockerfile), \
        f"the Dockerfile does not use a Python {version} environment"
    # the environment comes from binder/requirements.txt, run from the repository root
    assert "src/binder/requirements.txt" in dockerfile
    assert re.search(r'pip install --no-cache-dir -r "binder/requirements\.txt"', dockerfile), \
        "the Dockerfile does not install binder/requirements.txt"
    # with binder/ present nothing else configures the build
    instructions = "\n".join(line for line in dockerfile.splitlines() if not line.lstrip().startswith("#"))
    for other in ("environment.yml", "setup.py", "Pipfile", "apt.txt", "pyproject.toml"):
        assert other not in instructions, f"the Dockerfile unexpectedly uses {other}"
    # ... but binder/postBuild, which installs the explorer's JupyterLab settings
    assert "binder/postBuild" in instructions, "the Dockerfile does not run binder/postBuild"


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """A fresh virtual environment with binder/requirements.txt installed (and nothing else),
    and the environment variables that keep Jupyter to it."""
    tmp = tmp_path_factory.mktemp("binder")
    venv = tmp / "venv"
    r = _run([sys.executable, "-m", "venv", str(venv)], timeout=300)
    assert r.returncode == 0, f"python -m venv failed:\n{r.stderr}"
    python = venv / "bin" / "python"
    # Jupyter looks for kernels in $JUPYTER_PATH, the user's data dir, the environment and
    # the system, in that order: an empty HOME and data dir leave only the environment's own.
    home = tmp / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(HOME=str(home), JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), PIP_DISABLE_PIP_VERSION_CHECK="1",
               PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    # pip's cache stays where it was (the empty HOME would hide it)
    env.setdefault("PIP_CACHE_DIR", str(Path(os.environ.get("HOME", "/root")) / ".cache" / "pip"))
    r = _run([str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
             timeout=PIP_TIMEOUT, cwd=REPO, env=env)
    assert r.returncode == 0, f"pip install -r binder/requirements.txt failed:\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}"
    # repo2docker then runs binder/postBuild in the environment (NB_PYTHON_PREFIX is its prefix)
    r = _run(["bash", "binder/postBuild"], timeout=60, cwd=REPO, env={**env, "NB_PYTHON_PREFIX": str(venv)})
    assert r.returncode == 0, f"binder/postBuild failed:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    return {"python": python, "venv": venv, "env": env, "tmp": tmp}


NEWS_SETTING = "/lab/api/settings/@jupyterlab/apputils-extension:notification"


def _lab_defaults(python, env, *args) -> dict:
    """Start JupyterLab (``python -m jupyter lab *args``) and read the defaults it serves for
    the notification plugin (the "get Jupyter news?" pop-up)."""
    import socket
    import time
    import urllib.request
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    lab = subprocess.Popen([str(python), "-m", "jupyter", "lab", "--no-browser", "--allow-root",
                            "--ServerApp.ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=", *args],
                           cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{NEWS_SETTING}", timeout=5) as r:
                    props = json.load(r)["schema"]["properties"]
                    return {k: props[k]["default"] for k in ("fetchNews", "checkForUpdates")}
            except OSError:
                if lab.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not answer: "
                                f"{lab.stderr.read()[-3000:] if lab.poll() is not None else ''}", pytrace=False)
                time.sleep(0.5)
    finally:
        lab.terminate()
        lab.wait(timeout=30)


def test_binder_lab_asks_for_no_news(binder_env):
    """On Binder (after postBuild), JupyterLab neither asks to fetch Jupyter news nor
    checks for updates: no pop-up covers the views."""
    got = _lab_defaults(binder_env["python"], binder_env["env"])
    assert got == {"fetchNews": "false", "checkForUpdates": False}, got


def test_readme_launch_asks_for_no_news(binder_env):
    """The README's launch command points JupyterLab at binder/lab-settings: the same settings."""
    readme = (REPO / "README.md").read_text()
    launch = next(line for line in readme.splitlines() if "jupyter lab" in line)
    args = re.findall(r"--LabApp\.app_settings_dir=\S+", launch)
    assert args == ["--LabApp.app_settings_dir=binder/lab-settings"], f"the README launch command: {launch}"
    env = dict(binder_env["env"])
    # a bare environment (no postBuild copy) would ask; the command line alone must do it
    settings = binder_env["venv"] / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "rules-explorer.json"
    saved = settings.read_text()
    settings.unlink()
    try:
        assert _lab_defaults(binder_env["python"], env)["fetchNews"] != "false", \
            "JupyterLab reads the setting from somewhere else: this test would prove nothing"
        got = _lab_defaults(binder_env["python"], env, *args)
    finally:
        settings.write_text(saved)
    assert got == {"fetchNews": "false", "checkForUpdates": False}, got


def test_binder_kernel_is_the_environments(binder_env):
    """The ``python3`` kernel nbconvert starts is the fresh environment's own Python."""
    python, env = binder_env["python"], binder_env["env"]
    r = _run([str(python), "-m", "jupyter", "kernelspec", "list", "--json"], timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    specs = json.loads(r.stdout)["kernelspecs"]
    assert "python3" in specs, f"no python3 kernel in the Binder environment: {sorted(specs)}"
    assert Path(specs["python3"]["resource_dir"]).is_relative_to(binder_env["venv"]), specs["python3"]

    probe = binder_env["tmp"] / "probe.ipynb"
    probe.write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {},
        "cells": [{"cell_type": "code", "id": "probe", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": "import sys, explorer\nprint(sys.prefix)\nprint(explorer.__file__)"}]}))
    out = _execute(binder_env, probe)
    text = "".join("".join(o.get("text", "")) for o in out["cells"][0]["outputs"])
    prefix, module = text.split()
    assert Path(prefix).resolve() == binder_env["venv"].resolve(), (
        f"the kernel ran in {prefix}, not in the Binder environment")
    assert Path(module).is_relative_to(REPO), f"explorer was imported from {module}, not from the repository (-e .)"


def _execute(binder_env, notebook: Path) -> dict:
    outdir = binder_env["tmp"] / "executed"
    r = _run([str(binder_env["python"]), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
              "--ExecutePreprocessor.kernel_name=python3", f"--ExecutePreprocessor.timeout={NOTEBOOK_TIMEOUT}",
              "--output-dir", str(outdir), str(notebook)],
             timeout=NOTEBOOK_TIMEOUT + 120, env=binder_env["env"], cwd=binder_env["tmp"])
    assert r.returncode == 0, f"{notebook.name} failed in the Binder environment:\n{r.stderr[-6000:]}"
    return json.loads((outdir / notebook.name).read_text())


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_binder_runs_notebook(binder_env, notebook):
    executed = _execute(binder_env, notebook)
    errors = [o for c in executed["cells"] if c["cell_type"] == "code"
              for o in c.get("outputs", []) if o["output_type"] == "error"]
    assert not errors, f"{notebook.name}: {errors[0]['ename']}: {errors[0]['evalue']}"


def test_binder_notebooks_exist_and_cover_the_app_and_the_lab():
    names = {p.name for p in (REPO / "notebooks").glob("*.ipynb")}
    assert set(BINDER_NOTEBOOKS) <= names, sorted(set(BINDER_NOTEBOOKS) - names)
    assert any(n.endswith("_app.ipynb") for n in BINDER_NOTEBOOKS) and "designer_lab.ipynb" in BINDER_NOTEBOOKS

