"""Committed notebooks hold no stale outputs: only the cells whose output the test suite
compares (marked NBVAL_CHECK_OUTPUT) keep theirs.  Refresh them with
``python -m explorer.notebook_tools notebooks/*.ipynb``."""
from pathlib import Path

import pytest

from explorer.notebook_tools import check

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert {p.name for p in NOTEBOOKS} >= {"index.ipynb", "conspiracy.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_clean(path):
    assert check(path) == []
