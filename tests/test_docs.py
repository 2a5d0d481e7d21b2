"""The documentation a newcomer reads: the engine's doctests run, the examples on docs/engine.md
run, the API reference builds (docs/build_api.py), and every relative link in docs/*.md and the
README points to a file of the repository."""
from __future__ import annotations

import doctest
import importlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

#: the engine modules whose docstrings hold examples, and how many examples (``>>>`` lines) each
#: holds: get_game and game_names; State.legal_actions, .apply and .chance_outcomes;
#: Timeline.branch; ActionSpace.encode and .decode
DOCTESTS = {"explorer.engine.registry": 7, "explorer.engine.state": 19, "explorer.engine.timeline": 9,
            "explorer.engine.action_space": 17}


def _build_api():
    sys.path.insert(0, str(DOCS))
    try:
        return importlib.import_module("build_api")
    finally:
        sys.path.remove(str(DOCS))


@pytest.mark.parametrize("name", sorted(DOCTESTS))
def test_the_engines_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), report=True)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (printed above)"
    assert result.attempted >= DOCTESTS[name], f"{name}: {result.attempted} examples, expected {DOCTESTS[name]}"


def test_the_engine_pages_examples_run():
    """The ``>>>`` examples of docs/engine.md, as doctests (a code fence ends an example's output)."""
    path = DOCS / "engine.md"
    text = re.sub(r"^```.*$", "", path.read_text(encoding="utf-8"), flags=re.M)
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/engine.md", str(path), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0, f"docs/engine.md: {runner.failures} examples failed (printed above)"
    assert runner.tries >= 12


@pytest.mark.slow
def test_the_api_reference_builds_a_page_for_every_module(tmp_path):
    out = tmp_path / "api"
    run = subprocess.run([sys.executable, str(DOCS / "build_api.py"), str(out)], capture_output=True,
                         text=True, timeout=900, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    from explorer.games import GAME_PACKAGES
    for module in ["explorer", "explorer.engine", *GAME_PACKAGES.values()]:
        assert (out / f"{module.replace('.', '/')}.html").is_file(), f"no page for {module}"
    for module in _build_api().module_names():        # the submodules a package's __all__ leaves out too
        assert (out / f"{module.replace('.', '/')}.html").is_file(), f"no page for {module}"
    assert (out / "search.js").is_file()
    assert 'href="explorer/engine/timeline.html"' in (out / "index.html").read_text(encoding="utf-8")
    assert "line.branch()" in (out / "explorer/engine/timeline.html").read_text(encoding="utf-8")


def test_the_build_lists_every_module_and_reports_what_importing_does(tmp_path, monkeypatch):
    build = _build_api()
    names = build.module_names()
    files = [p for p in (ROOT / "explorer").rglob("*.py") if p.name != "__main__.py"]
    assert len(names) == len(files) and "explorer.engine" in names and "explorer.engine.timeline" in names
    (tmp_path / "docs_quiet_module.py").write_text("X = 1\n")
    (tmp_path / "docs_noisy_module.py").write_text("print('hello')\n")
    (tmp_path / "docs_broken_module.py").write_text("import no_such_module_anywhere\n")
    (tmp_path / "docs_writing_module.py").write_text("open('made_on_import.txt', 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    problems = build.import_all(["docs_quiet_module", "docs_noisy_module", "docs_broken_module",
                                 "docs_writing_module"])
    assert len(problems) == 3, problems
    assert problems[0].startswith("docs_noisy_module: prints on import: 'hello'")
    assert problems[1].startswith("docs_broken_module: fails to import: ModuleNotFoundError")
    assert problems[2] == "docs_writing_module: creates files on import: ['made_on_import.txt']"


def test_the_default_build_folder_is_ignored_by_git():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    check = subprocess.run(["git", "check-ignore", "-q", "docs/_build/api/index.html"], cwd=ROOT)
    assert check.returncode == 0


_FENCE = re.compile(r"^```.*?^```", re.M | re.S)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^\s*\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)


def _relative_links(page: Path) -> list[str]:
    text = _CODE.sub("", _FENCE.sub("", page.read_text(encoding="utf-8")))
    targets = _LINK.findall(text) + _REFERENCE.findall(text)
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t, re.I) and not t.startswith("#")]


def test_every_relative_link_in_the_docs_and_the_readme_points_to_a_file_of_the_repository():
    pages = [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]
    assert {p.name for p in pages} >= {"index.md", "teaching.md", "designing.md", "engine.md", "binder.md"}
    checked, broken = 0, []
    for page in pages:
        for target in _relative_links(page):
            path = target.split("#", 1)[0].split("?", 1)[0]
            resolved = (page.parent / path).resolve()
            checked += 1
            if not resolved.exists() or not resolved.is_relative_to(ROOT):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken
    assert checked >= 20
