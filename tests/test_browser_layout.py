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

import time

import pytest

from browser_support import (ARTIFACTS, Page, _in_a_browser, _open_and_run_all, lab,  # noqa: F401
                             look_at_outputs)

NOTEBOOKS = ("index", "conspiracy", "decay", "take_off_eh", "sands_of_time", "journalists", "designer_lab")
WIDTHS = (1280, 1400)


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_nothing_piled_cut_or_tiny(request, tmp_path, notebook):
    def check(nb: Page) -> None:
        nb.page.set_viewport_size({"width": WIDTHS[0], "height": 2400})
        _open_and_run_all(nb, f"notebooks/{notebook}.ipynb")
        faults = []
        for width in WIDTHS:
            nb.page.set_viewport_size({"width": width, "height": 2400})
            time.sleep(2)                       # the figures redraw at the new width
            found = look_at_outputs(nb, ARTIFACTS / f"layout-{notebook}-{width}")
            counts = {k: len(v) for k, v in found.items()}
            print(f"{notebook} at {width} px: {counts}")
            faults += [f"at {width} px, {kind}: {item}" for kind, items in found.items() for item in items]
        assert not faults, f"{len(faults)} visual faults in {notebook}.ipynb:\n" + "\n".join(faults[:40])

    _in_a_browser(request, tmp_path, check, ARTIFACTS / f"layout-{notebook}-failure.png")
