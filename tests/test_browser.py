"""The widgets in a real browser: JupyterLab + headless Chromium (Playwright for Python).

The test starts its own JupyterLab server on a free local port (with a throw-away HOME and
Jupyter config, so no user setting interferes and nothing is written back to the notebooks),
opens ``notebooks/conspiracy.ipynb``, runs all cells and checks that

- every cell finishes without an error or a traceback, and every widget renders;
- the Learn board is drawn, with as many tiles as the kernel's state holds;
- in the Play explorer, the legal menu and "do it" lead to a step with orange targets,
  and a click on one reaches the kernel: the board is redrawn and the step list grows;
  the Place Coin move is then finished and its tile and coin are drawn.

The kernel's side is read from the notebook's variables ``learn`` and ``game``, silently
(``user_expressions``: nothing is added to the notebook).

It needs Debian's ``chromium`` and the ``playwright`` package (``pip install -e ".[test]"``);
``playwright install`` is never needed.  A screenshot of the Play explorer is saved to
``tests/artifacts/conspiracy-browser.png``.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/conspiracy.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO / "tests" / "artifacts"
SCREENSHOT = ARTIFACTS / "conspiracy-browser.png"
FAILURE_SCREENSHOT = ARTIFACTS / "conspiracy-browser-failure.png"
INSTALL_HINT = ("install them with: apt-get update && apt-get install -y chromium ; "
                "pip install -e \".[test]\" (it brings playwright; do NOT run `playwright install`)")

SERVER_START_TIMEOUT = 90        # seconds until JupyterLab answers
RUN_ALL_TIMEOUT = 420            # seconds for all cells (the What-if part alone takes ~40 s)
UI_TIMEOUT = 60                  # seconds for one widget round trip or redraw

# JupyterLab user settings for the test: no autosave (the opened notebook must not be
# rewritten with outputs), every cell rendered (no virtual scrolling: the boards far down
# the notebook are real DOM), no news or update check.
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _sync_playwright():
    """Playwright's sync API, or a failure (not a skip: CI installs both) saying how to
    install what is missing."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: the browser test needs Debian's chromium; {INSTALL_HINT}",
                    pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(f"the playwright package is missing; {INSTALL_HINT}", pytrace=False)
    return sync_playwright


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 serving the repository; yields its base URL."""
    tmp = tmp_path_factory.mktemp("jupyterlab")
    home, config, data, runtime = (tmp / d for d in ("home", "config", "data", "runtime"))
    for d in (home, config, data, runtime):
        d.mkdir()
    for plugin, values in LAB_SETTINGS.items():
        f = config / "lab" / "user-settings" / f"{plugin}.jupyterlab-settings"
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(values))
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(config), JUPYTER_DATA_DIR=str(data),
               JUPYTER_RUNTIME_DIR=str(runtime), PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_PATH", None)
    port = _free_port()
    log = tmp / "jupyterlab.log"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={REPO}",
           "--LabApp.expose_app_in_browser=True",
           # checkpoints go to the temp dir, not to notebooks/.ipynb_checkpoints
           f"--FileCheckpoints.checkpoint_dir={tmp / 'checkpoints'}"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode} before answering:\n{_tail(log)}",
                            pytrace=False)
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer on {url} within {SERVER_START_TIMEOUT} s:\n{_tail(log)}",
                            pytrace=False)
            time.sleep(0.3)
        yield {"url": url, "log": log, "tmp": tmp}
    finally:
        _stop(proc)


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server we started (it shuts its kernels down), then anything left in its
    process group (a kernel that did not go)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


# --- the page --------------------------------------------------------------------------------

# Facts about the board figures, read from the DOM.  bqplot draws each mark of a Figure as a
# <g> child of the marks group (the parent of .g_legend), in the Figure's mark order, hidden
# marks with display:none.  The Conspiracy board's marks: 1 = tile outlines (Lines, one
# g.curve per tile), 3 = tile labels (Label), 6 = coins (Scatter), last = orange legal
# targets (Scatter).
BOARD_JS = """
(figure) => {
  const marks = [...figure.querySelector('g.g_legend').parentNode.children]
                  .filter(g => !g.classList.contains('g_legend'));
  const shown = g => g && getComputedStyle(g).display !== 'none';
  const tiles = marks[1], labels = marks[3], targets = marks[marks.length - 1];
  return {
    marks: marks.length,
    title: [...figure.querySelectorAll('text.mainheading')].map(t => t.textContent).join(' '),
    tiles: shown(tiles) ? tiles.querySelectorAll('g.curve').length : 0,
    labels: shown(labels) ? [...labels.querySelectorAll('text.label')]
                              .filter(t => t.textContent.trim()).length : 0,
    coins: shown(marks[6]) ? marks[6].querySelectorAll('path.dot').length : 0,
    targets: shown(targets) ? targets.querySelectorAll('path.dot').length : 0,
    orange: shown(targets) ? [...targets.querySelectorAll('path.dot')]
                              .filter(d => getComputedStyle(d).fill === 'rgb(255, 140, 0)').length : 0,
    svg: figure.outerHTML,
  };
}
"""

# Tag the first orange target (a dot of the board's last mark) so a locator can click it.
MARK_TARGET_JS = """
(figure) => {
  const marks = [...figure.querySelector('g.g_legend').parentNode.children]
                  .filter(g => !g.classList.contains('g_legend'));
  marks[marks.length - 1].querySelector('path.dot').setAttribute('data-test-target', '1');
}
"""

# Evaluate Python expressions in the notebook's kernel, silently (nothing is added to the
# notebook): the kernel's view of what the board should show.
KERNEL_JS = """
async (expressions) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code: '', silent: true, store_history: false,
                                        user_expressions: expressions});
  const reply = await future.done;
  const out = {};
  for (const [name, r] of Object.entries(reply.content.user_expressions)) {
    out[name] = r.status === 'ok' ? {ok: r.data['text/plain']} : {error: `${r.ename}: ${r.evalue}`};
  }
  return out;
}
"""

# True once the notebook is the current widget and its session's kernel is idle.
KERNEL_READY_JS = """
(path) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path) return false;
  const ctx = panel.sessionContext;
  return !!(ctx && ctx.isReady && !ctx.hasNoKernel
            && ctx.session && ctx.session.kernel && ctx.session.kernel.status === 'idle'
            && ctx.session.kernel.connectionStatus === 'connected');
}
"""

# Outputs that mean a cell failed: an error, or a traceback printed to stderr.
PROBLEMS_JS = """
() => [...document.querySelectorAll(
          '.jp-OutputArea [data-mime-type="application/vnd.jupyter.error"], ' +
          '.jp-OutputArea [data-mime-type="application/vnd.jupyter.stderr"]')]
        .map(e => e.innerText)
        .filter(t => t.includes('Traceback') || /^\\w*(Error|Exception)\\b/m.test(t))
"""

# True once every code cell has run (numbered prompt), or as soon as a cell failed or a
# dialog opened (nothing more will run then).
ALL_RUN_JS = """
() => {
  if ((PROBLEMS)().length || document.querySelector('.jp-Dialog')) return true;
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}
""".replace("(PROBLEMS)", "(" + PROBLEMS_JS.strip() + ")")


class Page:
    """The notebook page, with waits that fail with a message saying what was awaited."""

    def __init__(self, page, lab, timeout_error):
        self.page = page
        self.lab = lab
        self.TimeoutError = timeout_error

    @contextlib.contextmanager
    def step(self, what: str):
        error = None
        try:
            yield
        except self.TimeoutError as e:
            error = str(e).splitlines()[0]
        if error is not None:
            dialog = self.page.locator(".jp-Dialog")
            seen = f"\n--- a JupyterLab dialog is open: {dialog.first.inner_text()!r}" if dialog.count() else ""
            pytest.fail(f"timed out while {what}: {error}{seen}\n--- JupyterLab log (tail):\n"
                        f"{_tail(self.lab['log'])}", pytrace=False)

    def wait_js(self, what: str, js: str, arg=None, timeout: float = UI_TIMEOUT):
        with self.step(what):
            return self.page.wait_for_function(js, arg=arg, timeout=timeout * 1000, polling=250)

    def kernel(self, **expressions: str) -> dict[str, int]:
        """The values (ints) of Python expressions in the notebook's kernel."""
        out = {}
        for name, r in self.page.evaluate(KERNEL_JS, expressions).items():
            if "error" in r:
                pytest.fail(f"in the kernel, {expressions[name]!r} failed: {r['error']}", pytrace=False)
            out[name] = int(r["ok"])
        return out

    def board(self, output, title: str = "Conspiracy board", js: str = BOARD_JS) -> dict:
        figure = output.locator("svg.svg-figure").filter(has_text=title).first
        return figure.evaluate(js)

    def kernel_values(self, **expressions: str) -> dict:
        """The values of Python expressions in the notebook's kernel (read back from their
        repr with ``ast.literal_eval``: numbers, strings, lists)."""
        import ast
        out = {}
        for name, r in self.page.evaluate(KERNEL_JS, expressions).items():
            if "error" in r:
                pytest.fail(f"in the kernel, {expressions[name]!r} failed: {r['error']}", pytrace=False)
            out[name] = ast.literal_eval(r["ok"])
        return out

    def settle(self, output, seconds: float = 1.0) -> None:
        """Wait until the kernel is idle and ``output`` stops changing for ``seconds``."""
        self.wait_js("waiting for the kernel to be idle",
                     "() => document.querySelector(\".jp-Notebook-ExecutionIndicator[data-status='idle']\")")
        last, since = None, time.monotonic()
        deadline = since + UI_TIMEOUT
        while time.monotonic() < deadline:
            now = output.inner_html()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= seconds:
                return
            time.sleep(0.2)
        pytest.fail("the widgets kept changing for a minute after an interaction", pytrace=False)


def _output_of(page, code: str):
    """The output area of the code cell whose source contains ``code``."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(
        has=page.locator(".jp-InputArea", has_text=code))
    return cell.locator(".jp-OutputArea-output").first


def test_conspiracy_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check, FAILURE_SCREENSHOT)


def _in_a_browser(request, tmp_path, check, failure_screenshot: Path) -> None:
    """Start Chromium, then (once) the shared JupyterLab server, and run ``check(Page)``;
    on a failure, save a screenshot to ``failure_screenshot``."""
    sync_playwright = _sync_playwright()
    lab = request.getfixturevalue("lab")      # the server starts only once the browser is there
    with sync_playwright() as p:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            context = p.chromium.launch_persistent_context(
                str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                      "--disable-component-update", "--disable-sync", "--no-first-run"],
                viewport={"width": 1600, "height": 1200})
        except Exception as e:   # a chromium Playwright cannot drive
            pytest.fail(f"could not start {CHROMIUM} with Playwright: {e}\n{INSTALL_HINT}", pytrace=False)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(UI_TIMEOUT * 1000)
            nb = Page(page, lab, PlaywrightTimeout)
            try:
                try:
                    check(nb)
                except PlaywrightTimeout as e:   # one not wrapped in Page.step
                    raise pytest.fail.Exception(f"timed out: {str(e).splitlines()[0]}\n{_tail(lab['log'])}",
                                                pytrace=False) from e
            except BaseException:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(Exception):
                    page.screenshot(path=str(failure_screenshot))
                    print(f"screenshot of the failure: {failure_screenshot}")
                raise
        finally:
            context.close()


def _open_and_run_all(nb: Page, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab, clear its outputs, run every cell and fail on any
    error, traceback, dialog or widget that does not render."""
    page = nb.page
    with nb.step(f"opening {notebook} in JupyterLab"):
        page.goto(f"{nb.lab['url']}/lab/workspaces/{Path(notebook).stem}/tree/{notebook}",
                  timeout=UI_TIMEOUT * 1000)
    nb.wait_js("waiting for the JupyterLab app", "() => window.jupyterapp !== undefined")
    # The toolbar's indicator can read "idle" before the session has its kernel; running
    # cells then would open a "Select Kernel" dialog.  Wait for the kernel itself.
    nb.wait_js("waiting for the notebook's kernel to start (idle)", KERNEL_READY_JS, arg=notebook, timeout=120)

    # -- run everything; no cell may fail -----------------------------------------------------------
    started = time.monotonic()
    # stored outputs and prompts first go (autosave is off: the file keeps them); then run all.
    # (Not awaited: the command's promise settles only when every cell has run.)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');"
                  " window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    nb.wait_js(f"running all cells (limit {RUN_ALL_TIMEOUT} s)", ALL_RUN_JS, timeout=RUN_ALL_TIMEOUT)
    dialog = page.locator(".jp-Dialog")
    assert dialog.count() == 0, f"JupyterLab opened a dialog while running the cells: {dialog.first.inner_text()!r}"
    problems = page.evaluate(PROBLEMS_JS)
    if problems:
        pytest.fail("a notebook cell failed in JupyterLab:\n\n" + "\n\n".join(p[:3000] for p in problems),
                    pytrace=False)
    print(f"all cells ran in {time.monotonic() - started:.1f} s")
    broken = page.locator(".jp-OutputArea-output", has_text="Error displaying widget")
    assert broken.count() == 0, f"a widget failed to render: {broken.first.inner_text()[:500]}"
    assert page.locator(".jp-OutputArea-output", has_text="Loading widget").count() == 0, \
        "a widget never finished loading"


def _run_and_check(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, NOTEBOOK)

    # -- the Learn board --------------------------------------------------------------------------
    learn = _output_of(page, "learn_example(")
    nb.settle(learn)
    board = nb.board(learn)
    assert board["title"] == "Conspiracy board" and board["marks"] >= 4, board["title"]
    expect_learn = (
        "len([t for t in learn.explorer.state.observation(learn.explorer.perspective)['tiles']"
        " if t['row'] < learn.board.max_rows])")
    labels_learn = "len([t for t in learn.board.tile_labels.text if t])"
    where = "at the step it opens on"
    if nb.kernel(n=expect_learn)["n"] == 0:
        # the record may open before any tile is laid: jump to its last step
        where = "at its last step: it opens before any tile is laid"
        with nb.step("pressing the Learn explorer's 'last step' button"):
            learn.locator("button[title='last step']").first.click()
        nb.settle(learn)
        board = nb.board(learn)
    want = nb.kernel(tiles=expect_learn, labels=labels_learn)
    assert want["tiles"] > 0, f"the Learn record shows no tiles even at its end: {want}"
    assert board["tiles"] == want["tiles"], (
        f"the Learn board draws {board['tiles']} tiles, the kernel's state has {want['tiles']}")
    assert board["labels"] == want["labels"], (
        f"the Learn board shows {board['labels']} tile labels, the kernel's model has {want['labels']}")
    print(f"Learn board: {board['tiles']} tiles, {board['labels']} tile labels, as in the kernel ({where})")

    # -- the Play explorer: menu + "do it" until orange targets show, then click one -----------------
    play = Play(nb, _output_of(page, "play_game("))
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    for _ in range(6):
        board = nb.board(play.output)
        if board["orange"]:
            break
        options = play.options()
        assert options, "the Play explorer offers no legal action and no target"
        play.do(next((i for i, o in enumerate(options) if "Place Coin" in o), 0))
    else:
        pytest.fail("no orange targets appeared on the Play board after 6 actions", pytrace=False)
    assert board["targets"] == board["orange"] > 0
    play.check_against_kernel(board)

    steps_before = play.steps.count()
    after = play.click_target()
    assert after["svg"] != board["svg"], "the board did not change after the click"
    assert play.steps.count() > steps_before
    play.check_against_kernel(after)
    print(f"Play: clicked 1 of {board['orange']} orange targets; steps {steps_before} -> "
          f"{play.steps.count()}, tiles {board['tiles']} -> {after['tiles']}")

    # Finish the move (tile and coin from the hand in the menu, the coin's cell and direction
    # on the board) until the new tile and coin are on the board, as in the kernel.
    for _ in range(8):
        if after["tiles"] > board["tiles"] and after["coins"] > board["coins"]:
            break
        after = play.click_target() if after["orange"] else play.do(None)
    else:
        pytest.fail("the Place Coin move did not finish with a new tile within 8 steps", pytrace=False)
    play.check_against_kernel(after)
    print(f"Play: Place Coin finished (steps {steps_before} -> {play.steps.count()}): "
          f"{after['tiles']} tile(s), {after['coins']} coin(s) on the board, as in the kernel")

    # the Play explorer at the top of the window, the mouse off the board (no bqplot toolbar)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    play.output.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.mouse.move(1, 1)
    time.sleep(0.5)
    page.screenshot(path=str(SCREENSHOT))


class Play:
    """The Play explorer's controls (its board, legal menu, "do it" and step list)."""

    # what the kernel's Play game holds (the notebook's ``game`` variable), seen as the board sees it
    KERNEL = {
        "tiles": "len([t for t in game.explorer.state.observation(game.explorer.perspective)['tiles']"
                 " if t['row'] < game.board.max_rows])",
        "coins": "len([c for c in game.explorer.state.observation(game.explorer.perspective)['coins']"
                 " if c['y'] < 2 * game.board.max_rows])",
        "targets": "len(game.board.targets.x) if game.board.targets.visible else 0",
    }

    def __init__(self, nb: Page, output, title: str = "Conspiracy board", js: str = BOARD_JS):
        self.nb, self.output = nb, output
        self.title, self.js = title, js
        page = nb.page
        self.legal = output.locator(".widget-dropdown").filter(
            has=page.locator("label", has_text="legal")).locator("select")
        self.do_button = output.locator("button", has_text="do it")
        self.buttons = output.locator(".explorer-choices button")   # few choices: one button each
        self.steps = output.locator(".widget-select select:not([multiple]) option")  # not the odds' picker
        self.message = output.locator(".widget-html", has_text="Not allowed")

    def options(self) -> list[str]:
        """The choices' texts, as buttons (few) or in the legal menu (many); ipywidgets
        shows spaces as no-break spaces."""
        if self.buttons.count():
            assert not self.legal.is_visible(), "choices shown both as buttons and in the menu"
            return [t.replace("\xa0", " ") for t in self.buttons.all_inner_texts()]
        return [t.replace("\xa0", " ") for t in self.legal.locator("option").all_inner_texts()]

    def _acted(self, what: str, before: int) -> dict:
        """Wait for the step list to grow past ``before``; the board then."""
        deadline = time.monotonic() + UI_TIMEOUT
        while self.steps.count() <= before:
            if self.message.count():
                pytest.fail(f"{what} was refused: {self.message.first.inner_text()}", pytrace=False)
            if time.monotonic() > deadline:
                pytest.fail(f"{what} added no step to the Play explorer within {UI_TIMEOUT} s",
                            pytrace=False)
            time.sleep(0.2)
        self.nb.settle(self.output)
        assert self.message.count() == 0, f"{what} was refused: {self.message.first.inner_text()}"
        return self.nb.board(self.output, self.title, self.js)

    def do(self, choice: int | None) -> dict:
        """Press choice button ``choice`` (None: the first) when the choices are buttons;
        else choose option ``choice`` (None: the one selected) in the legal menu, press "do it"."""
        if self.buttons.count():
            button = self.buttons.nth(choice or 0)
            chosen = button.inner_text().replace("\xa0", " ")
            before = self.steps.count()
            with self.nb.step(f"pressing the choice button {chosen!r}"):
                button.click()
            return self._acted(f"the choice button {chosen!r}", before)
        if choice is not None:
            self.legal.select_option(index=choice)
        chosen = self.legal.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")
        before = self.steps.count()
        with self.nb.step(f"pressing 'do it' for {chosen!r}"):
            self.do_button.click()
        return self._acted(f"'do it' for {chosen!r}", before)

    def click_target(self) -> dict:
        """Click the first orange target on the board."""
        figure = self.output.locator("svg.svg-figure").filter(has_text=self.title).first
        figure.evaluate(MARK_TARGET_JS)
        before = self.steps.count()
        with self.nb.step("clicking an orange target"):
            figure.locator("[data-test-target]").click()
        return self._acted("clicking an orange target", before)

    def check_against_kernel(self, board: dict) -> None:
        want = self.nb.kernel(**self.KERNEL)
        got = {"tiles": board["tiles"], "coins": board["coins"], "targets": board["orange"]}
        assert got == want, f"the Play board draws {got}, the kernel's state has {want}"


# --- Decay ------------------------------------------------------------------------------------

DECAY_NOTEBOOK = "notebooks/decay.ipynb"
DECAY_SCREENSHOT = ARTIFACTS / "decay-browser.png"
DECAY_FAILURE_SCREENSHOT = ARTIFACTS / "decay-browser-failure.png"

# The Decay board's marks (explorer.views.decay.MARK_ORDER): 1 = tiles (Lines, one g.curve per
# tile), 4 = tile labels (Label), 6 = pawns (Scatter), 9 = grey positions, last = orange targets.
DECAY_BOARD_JS = """
(figure) => {
  const marks = [...figure.querySelector('g.g_legend').parentNode.children]
                  .filter(g => !g.classList.contains('g_legend'));
  const shown = g => g && getComputedStyle(g).display !== 'none';
  const tiles = marks[1], labels = marks[4], pawns = marks[6], targets = marks[marks.length - 1];
  const boxes = shown(tiles) ? [...tiles.querySelectorAll('g.curve path.line')].map(p => p.getBBox()) : [];
  return {
    marks: marks.length,
    title: [...figure.querySelectorAll('text.mainheading')].map(t => t.textContent).join(' '),
    tiles: boxes.length,
    // distinct tile corners on screen: tiles drawn at their own offsets, not stacked
    corners: new Set(boxes.map(b => `${Math.round(b.x)},${Math.round(b.y)}`)).size,
    square: boxes.every(b => Math.abs(b.width - b.height) <= 1.5),
    sizes: boxes.slice(0, 3).map(b => `${b.width.toFixed(1)}x${b.height.toFixed(1)}`),
    dims: (() => { const r = figure.getBoundingClientRect();
                   const c = figure.querySelector('clipPath rect');
                   return `${r.width}x${r.height} clip ${c && c.getAttribute('width')}x${c && c.getAttribute('height')}`; })(),
    labels: shown(labels) ? [...labels.querySelectorAll('text.label')].map(t => t.textContent)
                              .filter(t => t.trim()).sort() : [],
    pawns: shown(pawns) ? pawns.querySelectorAll('path.dot').length : 0,
    grey: shown(marks[9]) ? marks[9].querySelectorAll('path.dot').length : 0,
    targets: shown(targets) ? targets.querySelectorAll('path.dot').length : 0,
    orange: shown(targets) ? [...targets.querySelectorAll('path.dot')]
                              .filter(d => getComputedStyle(d).fill === 'rgb(255, 140, 0)').length : 0,
    svg: figure.outerHTML,
  };
}
"""


def test_decay_notebook_in_a_browser(request, tmp_path):
    _in_a_browser(request, tmp_path, _run_and_check_decay, DECAY_FAILURE_SCREENSHOT)


def _decay_board_matches_kernel(nb: Page, board: dict, var: str) -> None:
    """The drawn tiles, labels and pawns are the kernel's (``var`` is a DecayExplorer)."""
    want = nb.kernel_values(
        tiles=f"len({var}.explorer.state.pos)",
        labels=f"sorted(str(t) for t in {var}.board.tile_labels.text if t) if {var}.board.tile_labels.visible else []",
        pawns=f"len([t for t in {var}.explorer.state.pawns.values() if t in {var}.explorer.state.pos])",
        targets=f"len({var}.board._target_keys)")
    got = {"tiles": board["tiles"], "labels": board["labels"], "pawns": board["pawns"],
           "targets": board["orange"]}
    assert got == want, f"the {var} board draws {got}, the kernel's state has {want}"
    assert board["corners"] == board["tiles"] and board["square"], \
        (f"tiles are not drawn as squares at their own offsets: {board['corners']} corners for "
         f"{board['tiles']} tiles, sizes {board['sizes']}, {board['dims']}")


def _run_and_check_decay(nb: Page) -> None:
    page = nb.page
    _open_and_run_all(nb, DECAY_NOTEBOOK)
    title = "Decay board"

    # -- Learn: the placement examples, one YES and one NO per restriction ---------------------------
    rules = _output_of(page, "placement_rules()")
    nb.settle(rules)
    heads = rules.locator("svg.svg-figure text.mainheading").evaluate_all("ts => ts.map(t => t.textContent)")
    assert len(heads) == 6 and sum(h.endswith("YES") for h in heads) == 3, heads
    print(f"placement examples: {heads}")

    # -- Learn: the opening at its last step: 24 tiles at their offsets, four pawns --------------------
    opening = _output_of(page, "learn_opening()")
    opening.scroll_into_view_if_needed()
    nb.settle(opening)
    with nb.step("pressing the opening explorer's 'last step' button"):
        opening.locator("button[title='last step']").first.click()
    nb.settle(opening)
    board = nb.board(opening, title, DECAY_BOARD_JS)
    assert board["title"].startswith(title) and board["marks"] == 11, board["title"]
    _decay_board_matches_kernel(nb, board, "opening")
    assert board["tiles"] >= 20 and board["pawns"] >= 3, board
    print(f"opening board: {board['tiles']} tiles, {board['pawns']} pawns, as in the kernel")
    # the adjacency graph tab (shown first) follows: one node per tile
    graph = opening.locator("svg.svg-figure").filter(has_text="Adjacency").first
    nodes = graph.locator(".node").count()
    assert nodes == board["tiles"], f"the adjacency graph draws {nodes} nodes for {board['tiles']} tiles"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    opening.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.mouse.move(1, 1)
    time.sleep(0.5)
    page.screenshot(path=str(DECAY_SCREENSHOT))

    # -- Play: choose a tile in the menu, then click an orange position on the board ----------------
    play = Play(nb, _output_of(page, "play_game("), title, DECAY_BOARD_JS)
    play.output.scroll_into_view_if_needed()
    nb.settle(play.output)
    board = nb.board(play.output, title, DECAY_BOARD_JS)
    _decay_board_matches_kernel(nb, board, "game")
    for _ in range(4):
        if board["orange"]:
            break
        board = play.do(0)
    else:
        pytest.fail("no orange targets appeared on the Decay Play board after 4 actions", pytrace=False)
    assert board["targets"] == board["orange"] > 0 and board["grey"] > 0, board
    _decay_board_matches_kernel(nb, board, "game")
    steps_before = play.steps.count()
    after = play.click_target()
    assert after["svg"] != board["svg"], "the board did not change after the click"
    assert after["tiles"] > board["tiles"], "the clicked placement added no tile"
    _decay_board_matches_kernel(nb, after, "game")
    print(f"Play: clicked 1 of {board['orange']} orange positions; steps {steps_before} -> "
          f"{play.steps.count()}, tiles {board['tiles']} -> {after['tiles']}")
