"""The browser tests' plumbing: a JupyterLab server of their own (throw-away HOME and
Jupyter config, so no user setting interferes and nothing is written back to the notebooks),
headless Chromium driven by Playwright for Python, waits that fail saying what was awaited,
the kernel's values read silently (``user_expressions``), and what the plots on a page show.

It needs Debian's ``chromium`` and the ``playwright`` package (``pip install -e ".[test]"``);
``playwright install`` is never needed.  Used by ``test_browser.py`` (the notebooks in
JupyterLab) and ``test_voila.py`` (the notebooks as apps).
"""
from __future__ import annotations

import contextlib
import itertools
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
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO / "tests" / "artifacts"
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


def jupyter_env(tmp: Path) -> dict:
    """The environment of a Jupyter server of the tests' own: a throw-away HOME and Jupyter config,
    data and runtime folders under ``tmp`` (no user setting interferes), and a kernel spec whose
    kernels run this interpreter (and so this tree's explorer; ``jupyter lab`` and ``voila`` run under
    their scripts' interpreter, which would start its own "python3")."""
    home, config, data, runtime = (tmp / d for d in ("home", "config", "data", "runtime"))
    for d in (home, config, data, runtime):
        d.mkdir()
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(config), JUPYTER_DATA_DIR=str(data),
               JUPYTER_RUNTIME_DIR=str(runtime), PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_PATH", None)
    spec = data / "kernels" / "python3" / "kernel.json"
    spec.parent.mkdir(parents=True)
    spec.write_text(json.dumps({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                                "display_name": "Python 3 (ipykernel)", "language": "python"}))
    return env


@contextlib.contextmanager
def jupyterlab_server(tmp: Path):
    """A JupyterLab server on 127.0.0.1 serving the repository, its Jupyter folders under ``tmp``;
    yields ``{"url", "log", "tmp"}``.  The session's one server is ``conftest.lab``."""
    env = jupyter_env(tmp)
    for plugin, values in LAB_SETTINGS.items():
        f = tmp / "config" / "lab" / "user-settings" / f"{plugin}.jupyterlab-settings"
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(values))
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


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextlib.contextmanager
def chromium_browser():
    """Headless Chromium under Playwright; yields the Browser.  The session's one browser is
    ``conftest.chromium``; each test gets a fresh context of it (its own cookies and storage)."""
    sync_playwright = _sync_playwright()
    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        except Exception as e:   # a chromium Playwright cannot drive
            pytest.fail(f"could not start {CHROMIUM} with Playwright: {e}\n{INSTALL_HINT}", pytrace=False)
        try:
            yield browser
        finally:
            browser.close()


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
# g.curve per tile), 3 = tile labels (Label), 6 = coins (Lines, one g.curve per coin), last = orange
# legal targets (Scatter).
# Helpers every board script shares (see :func:`board_js`).
_BOARD_HELPERS = """
  const marks = [...figure.querySelector('g.g_legend').parentNode.children]
                  .filter(g => !g.classList.contains('g_legend'));
  const shown = g => g && getComputedStyle(g).display !== 'none';
  const dots = g => shown(g) ? g.querySelectorAll('path.dot').length : 0;
  const curves = g => shown(g) ? g.querySelectorAll('g.curve').length : 0;
  const orange = g => shown(g) ? [...g.querySelectorAll('path.dot')]
                                   .filter(d => getComputedStyle(d).fill === 'rgb(255, 140, 0)').length : 0;
  const boxes = g => shown(g) ? [...g.querySelectorAll('g.curve path.line')].map(p => p.getBBox()) : [];
  const sizes = bs => bs.slice(0, 14).map(b => `${b.x.toFixed(1)},${b.y.toFixed(1)} ${b.width.toFixed(1)}x${b.height.toFixed(1)}`);
  const dims = () => { const r = figure.getBoundingClientRect(); const c = figure.querySelector('clipPath rect');
                       return `${r.width}x${r.height} clip ${c && c.getAttribute('width')}x${c && c.getAttribute('height')}`; };
  const targets = marks[marks.length - 1];
"""  # noqa: E501  (JavaScript lines kept as written)


def board_js(fields: str, setup: str = "") -> str:
    """A script reading a board figure: the number of marks, the title and the SVG, plus
    ``fields`` (JavaScript object entries) computed after ``setup`` (statements), both with
    the helpers above (``marks`` in the Figure's mark order, ``shown``, ``dots``, ``curves``,
    ``orange``, ``boxes``, ``sizes``, ``dims``, ``targets`` = the last mark)."""
    return ("(figure) => {" + _BOARD_HELPERS + setup + """
  return {
    marks: marks.length,
    title: [...figure.querySelectorAll('text.mainheading')].map(t => t.textContent).join(' '),
    svg: figure.outerHTML,""" + fields + """
  };
}""")


BOARD_JS = board_js("""
    tiles: curves(marks[1]),
    labels: shown(marks[3]) ? [...marks[3].querySelectorAll('text.label')]
                                .filter(t => t.textContent.trim()).length : 0,
    coins: curves(marks[6]),
    targets: dots(targets),
    orange: orange(targets),""")

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


# What every plot on the page shows, as a person sees it: for each bar chart, the tallest bar
# of each series (its rectangles' heights, in pixels); for each axis, the tick labels whose
# boxes overlap a neighbour's.
PLOTS_JS = """
() => {
  const out = [];
  for (const fig of document.querySelectorAll('svg.svg-figure')) {
    const title = [...fig.querySelectorAll('text.mainheading')].map(t => t.textContent).join(' ');
    const groups = [...fig.querySelectorAll('g.bargroup')];
    const tallest = [];
    for (const g of groups) {
      [...g.querySelectorAll('rect.bar')].forEach((r, i) => {
        tallest[i] = Math.max(tallest[i] || 0, parseFloat(r.getAttribute('height')) || 0);
      });
    }
    const overlaps = [];
    for (const axis of fig.querySelectorAll('g.axis')) {
      const boxes = [...axis.querySelectorAll('g.tick text')]
        .filter(t => t.textContent.trim())
        .map(t => ({text: t.textContent, b: t.getBoundingClientRect()}))
        .filter(x => x.b.width > 0 && x.b.height > 0);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].b, c = boxes[j].b;
          if (a.left < c.right - 1 && c.left < a.right - 1 && a.top < c.bottom - 1 && c.top < a.bottom - 1)
            overlaps.push(`${boxes[i].text} / ${boxes[j].text}`);
        }
    }
    out.push({title, bars: groups.length, tallest, overlaps});
  }
  return out;
}
"""


def _check_plots(nb: Page, want_bars: str) -> None:
    """Every plot shows its data: each bar chart has, for every series, a bar taller than
    zero; no axis has tick labels drawn over each other.  The chart titled ``want_bars``
    must be among them (so the check cannot pass by finding no chart)."""
    plots = nb.page.evaluate(PLOTS_JS)
    charts = [p for p in plots if p["bars"]]
    assert any(want_bars in p["title"] for p in charts), (
        f"no bar chart titled {want_bars!r}; charts: {[p['title'] for p in charts]}")
    for p in charts:
        assert p["tallest"] and all(h > 0.5 for h in p["tallest"]), (
            f"the chart {p['title']!r} has a series with no visible bar: tallest bars {p['tallest']} px")
    for p in plots:
        assert not p["overlaps"], f"the plot {p['title']!r} draws tick labels over each other: {p['overlaps'][:5]}"
    print("plots: " + "; ".join(f"{p['title']!r}: tallest bars {[round(h) for h in p['tallest']]} px"
                                for p in charts) + f"; {len(plots)} plots without overlapping ticks")


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


def open_app_page(nb: Page, game: str, width: int = 1280, height: int = 1000) -> None:
    """Open ``game``'s app page (``notebooks/<game>_app.ipynb`` as Voila renders it) at ``width`` x
    ``height`` (not awaited: the caller waits for what it needs)."""
    nb.page.set_viewport_size({"width": width, "height": height})
    url = f"{nb.lab['url']}/voila/render/notebooks/{game}_app.ipynb"
    with nb.step(f"opening {url}"):
        nb.page.goto(url, wait_until="commit", timeout=UI_TIMEOUT * 1000)


def _output_of(page, code: str):
    """The output area of the code cell whose source contains ``code``."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(
        has=page.locator(".jp-InputArea", has_text=code))
    return cell.locator(".jp-OutputArea-output").first


def at_last_step(nb: Page, code: str, name: str):
    """The output of the cell whose code holds ``code`` (an explorer), moved to its last step with
    its 'last step' button (``name`` says which explorer, for the step log) and settled."""
    output = _output_of(nb.page, code)
    output.scroll_into_view_if_needed()
    nb.settle(output)
    with nb.step(f"pressing the {name} explorer's 'last step' button"):
        output.locator("button[title='last step']").first.click()
    nb.settle(output)
    return output


# mark dot ``index`` of the figure's mark ``mark`` (counted as MARK_TARGET_JS counts them) for
# Playwright to click
MARK_DOT_JS = """
([figure, mark, index]) => {
  const marks = [...figure.querySelector('g.g_legend').parentNode.children]
                  .filter(g => !g.classList.contains('g_legend'));
  marks[mark].querySelectorAll('path.dot')[index].setAttribute('data-test-target', '1');
}
"""


def mark_dot(figure, mark: int, index: int) -> None:
    """Mark one dot of a board figure (a Playwright locator) as ``[data-test-target]``."""
    figure.page.evaluate(MARK_DOT_JS, [figure.element_handle(), mark, index])


def screenshot_at(page, output, path: Path) -> None:
    """A screenshot of the window with ``output`` scrolled to its top and the mouse off the
    plots (no bqplot toolbar over them), saved to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    output.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.mouse.move(1, 1)
    time.sleep(0.5)
    page.screenshot(path=str(path))


def _in_a_browser(request, tmp_path, check, failure_screenshot: Path) -> None:
    """Run ``check(Page)`` in a new context of the session's Chromium on the session's JupyterLab
    server (both start once, at the first browser test); on a failure, save a screenshot to
    ``failure_screenshot``.  A test that comes here must be marked ``browser``."""
    if request.node.get_closest_marker("browser") is None:
        pytest.fail(f"{request.node.nodeid} drives a browser but is not marked browser: "
                    "add `pytestmark = pytest.mark.browser` to its module", pytrace=False)
    browser = request.getfixturevalue("chromium")
    lab = request.getfixturevalue("lab")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    context = browser.new_context(viewport={"width": 1600, "height": 1200})
    try:
        page = context.new_page()
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
        _shut_down_kernels(lab)


def _shut_down_kernels(lab: dict) -> None:
    """Shut down every kernel of the session's server: the next test starts from none (a test's
    notebook or app page leaves its kernel running when its page closes)."""
    import http.cookiejar
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    try:
        opener.open(f"{lab['url']}/lab", timeout=30).close()     # the server's _xsrf cookie
        xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
        with opener.open(f"{lab['url']}/api/kernels", timeout=10) as r:
            kernels = json.load(r)
        for k in kernels:
            request = urllib.request.Request(f"{lab['url']}/api/kernels/{k['id']}", method="DELETE",
                                             headers={"X-XSRFToken": xsrf})
            opener.open(request, timeout=30).close()
    except OSError as e:
        print(f"could not shut down the kernels of {lab['url']}: {e}")


_WORKSPACES = itertools.count(1)


def _open_and_run_all(nb: Page, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab, clear its outputs, run every cell and fail on any
    error, traceback, dialog or widget that does not render."""
    page = nb.page
    with nb.step(f"opening {notebook} in JupyterLab"):
        # a workspace of this test's own: the session's server keeps every workspace, and one named
        # after another test's notebook of the same name would open that notebook too
        workspace = f"{Path(notebook).stem}-{next(_WORKSPACES)}"
        page.goto(f"{nb.lab['url']}/lab/workspaces/{workspace}/tree/{notebook}",
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


# --- what a person sees, measured ---------------------------------------------------------------
# For one output area holding widgets or figures: pairs of texts inside one figure whose boxes
# overlap by more than a third of the smaller; text cut off (its element hides an overflow wider
# than its box, or the text runs past the output's right edge); visible text under 10 px; and each
# figure's width as a share of the output's.
LOOK_JS = r"""
(area) => {
  const out = {overlap: [], clipped: [], tiny: [], figures: []};
  const ar = area.getBoundingClientRect();
  const shown = (el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const words = (t) => t.replace(/\s+/g, ' ').trim().slice(0, 50);
  for (const svg of area.querySelectorAll('svg.svg-figure')) {
    if (!shown(svg)) continue;
    out.figures.push(Math.round(100 * svg.getBoundingClientRect().width / Math.max(1, ar.width)));
    const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() && shown(t))
      .map(t => [t.textContent.trim(), t.getBoundingClientRect()]);
    for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
      const [a, ra] = texts[i], [b, rb] = texts[j];
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      const small = Math.min(ra.width * ra.height, rb.width * rb.height);
      if (w > 0 && h > 0 && small > 0 && w * h > small / 3) out.overlap.push(a.slice(0, 30) + ' / ' + b.slice(0, 30));
    }
  }
  for (const t of area.querySelectorAll('svg.svg-figure text'))
    if (t.textContent.trim() && shown(t) && parseFloat(getComputedStyle(t).fontSize) < 10)
      out.tiny.push(getComputedStyle(t).fontSize + ' (figure): ' + words(t.textContent));
  for (const el of area.querySelectorAll('*')) {
    if (!shown(el) || el.closest('svg')) continue;
    const s = getComputedStyle(el);
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const text = words(el.innerText || el.textContent || '');
    const hides = /(hidden|clip|auto|scroll)/.test(s.overflowX) || s.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 2 && text && el.tagName !== 'TEXTAREA')
      out.clipped.push(el.tagName.toLowerCase() + ': ' + text);
    if (own && el.getBoundingClientRect().right > ar.right + 2) out.clipped.push('past the edge: ' + text);
    if (own && parseFloat(s.fontSize) < 10) out.tiny.push(s.fontSize + ': ' + text);
  }
  return out;
}
"""

#: the least share of an output's width its widest figure may take (a board drawn narrower is
#: hard to read)
FIGURE_SHARE = 45


#: the window widths a notebook's outputs are looked at: a 13-inch laptop, and a little more
LAYOUT_WIDTHS = (1280, 1400)


def check_layout(nb: Page, notebook: str) -> None:
    """Look at every output of the notebook just run at each of :data:`LAYOUT_WIDTHS` (pictures in
    ``tests/artifacts/layout-<notebook>-<width>/``) and fail on any text piled on text, cut off or
    under 10 px, or a figure squeezed (see ``test_browser_layout.py``); the window is then as before."""
    before = nb.page.viewport_size
    faults = []
    for width in LAYOUT_WIDTHS:
        nb.page.set_viewport_size({"width": width, "height": 2400})
        time.sleep(2)                       # the figures redraw at the new width
        found = look_at_outputs(nb, ARTIFACTS / f"layout-{notebook}-{width}")
        print(f"{notebook} at {width} px: { {k: len(v) for k, v in found.items()} }")
        faults += [f"at {width} px, {kind}: {item}" for kind, items in found.items() for item in items]
    assert not faults, f"{len(faults)} visual faults in {notebook}.ipynb:\n" + "\n".join(faults[:40])
    if before:
        nb.page.set_viewport_size(before)
        time.sleep(2)


def look_at_outputs(nb: Page, shots: Path | None = None) -> dict:
    """Measure every output of the open notebook that holds a widget or a figure (see
    ``LOOK_JS``); returns ``{"overlap": [...], "clipped": [...], "tiny": [...], "narrow": [...]}``,
    each finding naming its output and text.  ``shots``: also save each output's picture there."""
    page = nb.page
    found = {"overlap": [], "clipped": [], "tiny": [], "narrow": []}
    outs = page.locator(".jp-Cell-outputArea")
    for i in range(outs.count()):
        o = outs.nth(i)
        if not o.locator("svg.svg-figure, .jupyter-widgets").count():
            continue
        o.scroll_into_view_if_needed()
        time.sleep(0.5)
        m = o.evaluate(LOOK_JS)
        for k in ("overlap", "clipped", "tiny"):
            found[k] += [f"output {i}: {item}" for item in m[k]]
        if m["figures"] and max(m["figures"]) < FIGURE_SHARE:
            found["narrow"].append(f"output {i}: figures {m['figures']}% of the output's width")
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            o.screenshot(path=str(shots / f"out{i:02d}.png"))
    return found
