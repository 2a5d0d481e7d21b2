"""Data that installs: ``data/`` is read as the package ``explorer.data``, never through the tree.

pyproject.toml maps the top-level ``data/`` folder onto ``explorer.data`` and lists every
package by hand (``packages.find`` cannot see the mapped one), so these tests also check
that configuration stays complete as games and data files are added.  ``.ci/wheel_check.sh``
checks the same from a built wheel installed in a fresh environment.
"""
from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

import explorer.data
from explorer.engine import RecordError
from explorer.engine.examples import data_file, example_names, load_example

REPO = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def data_files_on_disk() -> set[str]:
    return {p.relative_to(REPO / "data").as_posix() for p in (REPO / "data").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".py", ".pyc")}


def test_data_package_is_the_top_level_data_folder():
    assert SETUPTOOLS["package-dir"].get("explorer.data") == "data", \
        "pyproject.toml must map the package explorer.data onto the top-level data/ folder"
    assert Path(explorer.data.__file__).resolve().parent == REPO / "data", \
        f"explorer.data is imported from {explorer.data.__file__}, not from this checkout's data/"


def test_every_package_is_listed_in_pyproject():
    on_disk = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "explorer").rglob("__init__.py")}
    missing = sorted(on_disk - set(SETUPTOOLS["packages"]))
    assert not missing, f"packages missing from [tool.setuptools] packages in pyproject.toml " \
                        f"(they would not be in the wheel): {missing}"
    assert "explorer.data" in SETUPTOOLS["packages"], "explorer.data is not in the packages list"


def test_every_data_file_is_package_data():
    globs = SETUPTOOLS["package-data"]["explorer.data"]
    shipped = {p.relative_to(REPO / "data").as_posix() for g in globs for p in (REPO / "data").glob(g)}
    missing = sorted(data_files_on_disk() - shipped)
    assert not missing, f"data files no package-data glob {globs} ships (they would not be in the wheel): {missing}"


def test_data_file_reads_through_the_package_resources():
    root = resources.files("explorer.data")
    for rel in sorted(data_files_on_disk()):
        via_accessor = data_file(*rel.split("/"))
        assert via_accessor.is_file(), f"data_file() cannot find data/{rel}"
        # bytes: the designer's results (data/lab/*.parquet) are binary
        assert via_accessor.read_bytes() == (root / rel).read_bytes() \
            == (REPO / "data" / rel).read_bytes(), f"data/{rel} reads differently via the package"


def test_example_names_are_the_example_files():
    names = example_names()
    assert names == sorted(p.stem for p in (REPO / "data" / "examples").glob("*.json"))
    assert "conspiracy-extended-example" in names, names


@pytest.mark.parametrize("name", example_names())
def test_every_example_loads_and_replays(name):
    example = load_example(name)
    assert example.chapters, f"example {name} has no chapters"
    assert example.chapters[-1].end == len(example.record.actions), f"example {name}'s chapters miss actions"
    example.record.validate()


def test_a_missing_example_is_a_record_error_naming_it():
    with pytest.raises(RecordError, match="cannot read example 'no-such-example'"):
        load_example("no-such-example")
