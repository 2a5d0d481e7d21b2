"""What a student sees, measured in a real browser: every notebook run in JupyterLab (headless
Chromium), then every output holding a widget or a figure looked at with the window 1280 and
1400 px wide (a 13-inch laptop and a little more).  None may show

- two texts of a figure drawn over each other (names piled on names);
- text cut off: hidden behind its box's edge, or running past the output's right edge;
- text smaller than 10 px;
- a figure squeezed into less than 45% of the output's width (the widest figure of each output).

The measurement is ``browser_support.LOOK_JS``; a picture of every output at each width is saved
to ``tests/artifacts/layout-<notebook>-<width>/``.  Needs Debian's chromium and playwright, as
``test_browser.py`` does.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import LAYOUT_WIDTHS, ARTIFACTS, Page, _in_a_browser, _open_and_run_all, check_layout

#: the notebooks no other browser test opens in JupyterLab: the game notebooks and the designer's lab
#: are looked at by their own tests (test_browser.py, test_browser_sands.py) right after their run,
#: with :func:`browser_support.check_layout`, so each notebook runs once in the browser
NOTEBOOKS = ("index",)


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_nothing_piled_cut_or_tiny(request, tmp_path, notebook):
    def check(nb: Page) -> None:
        nb.page.set_viewport_size({"width": LAYOUT_WIDTHS[0], "height": 2400})
        _open_and_run_all(nb, f"notebooks/{notebook}.ipynb")
        check_layout(nb, notebook)

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"layout-{notebook}-failure.png")


def test_every_notebook_is_looked_at_once():
    """Every notebook with widgets is looked at by one browser test: this file's or its own."""
    import test_browser
    import test_browser_sands
    looked = set(NOTEBOOKS) | {Path(n).stem for n in (test_browser.NOTEBOOK, test_browser.DECAY_NOTEBOOK,
                                                       test_browser.TOE_NOTEBOOK, test_browser.JOURNALISTS_NOTEBOOK,
                                                       test_browser.LAB_NOTEBOOK, test_browser_sands.NOTEBOOK)}
    want = {p.stem for p in (Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb")
            if not p.stem.endswith("_app")}
    assert want <= looked, f"notebooks no browser test looks at: {sorted(want - looked)}"
