"""The app pages as the README serves them on one's own machine: ``voila`` started in the repository's
root reads ``voila.json`` and keeps a kernel ready for each of the five app pages, the page already
run (Voilà's preheated kernels), and for no other notebook.  One app page is opened in headless
Chromium: it shows its board from the preheated kernel, and its replacement is made only later.

(How fast the first board shows is measured, not asserted: ``../shared/tools/app_words.py``.)
"""
from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request

import pytest

from browser_support import REPO, _free_port, _stop, _tail, jupyter_env
from explorer.views.app import APP_GAMES

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POOL_TIMEOUT = 300      # seconds for the five app pages to be run ahead (five kernels on a busy machine)


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("voila")
    env = jupyter_env(tmp)
    port = _free_port()
    log = tmp / "voila.log"
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + POOL_TIMEOUT
        want = {f"notebooks/{g}_app.ipynb" for g in APP_GAMES}
        while True:
            filled = set(re.findall(r"Kernel pool of (\S+) is filled", log.read_text(errors="replace")))
            if want <= filled:
                break
            if proc.poll() is not None:
                pytest.fail(f"voila exited with code {proc.returncode}:\n{_tail(log)}", pytrace=False)
            if time.monotonic() > deadline:
                pytest.fail(f"voila did not run the app pages ahead within {POOL_TIMEOUT} s (ready: "
                            f"{sorted(filled)}):\n{_tail(log)}", pytrace=False)
            time.sleep(1)
        yield {"url": f"http://127.0.0.1:{port}", "log": log, "filled": filled}
    finally:
        _stop(proc)


def test_voila_runs_ahead_the_app_pages_and_no_other_notebook(voila):
    assert voila["filled"] == {f"notebooks/{g}_app.ipynb" for g in APP_GAMES}, voila["filled"]
    text = voila["log"].read_text(errors="replace")
    assert "Kernel pool of" in text and "Traceback" not in text, _tail(voila["log"])


def test_an_app_page_opens_from_its_preheated_kernel(voila, chromium):
    with urllib.request.urlopen(f"{voila['url']}/voila/render/notebooks/decay_app.ipynb", timeout=60) as r:
        assert r.status == 200
    log = voila["log"]
    assert "Using pre-heated kernel" in log.read_text(errors="replace")   # (the page fetched above)
    context = chromium.new_context(viewport={"width": 1280, "height": 800})    # the session's browser
    try:
        page = context.new_page()
        errors = []
        # (a font sheet from the internet, which a machine without it fails to load, is no page error)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Failed to load resource"
                not in m.text and "ERR_" not in m.text else None)
        began = time.monotonic()
        page.goto(f"{voila['url']}/voila/render/notebooks/journalists_app.ipynb", timeout=120_000)
        page.wait_for_selector(".bqplot", timeout=120_000)
        shown = time.monotonic() - began
        tabs = [t.inner_text() for t in page.query_selector_all(".lm-TabBar-tab")]
        assert tabs[:4] == ["Learn", "Play", "What if", "Practice"], tabs
        assert not errors, errors[:3]
    finally:
        context.close()
    used = re.findall(r"Using pre-heated kernel: \S+ for (\S+)", log.read_text(errors="replace"))
    assert used == ["notebooks/decay_app.ipynb", "notebooks/journalists_app.ipynb"], used
    print(f"Journalists' app page showed its first board {shown:.1f} s after it was asked for (a busy machine "
          "in a test run; measured on a quiet one with app_words.py)")
