"""Check the installed package, not the checkout.

Run by ``.ci/wheel_check.sh`` with the python of a virtual environment where only the built
wheel is installed, from a directory outside the checkout::

    python check_installed.py REPO

It fails (exit 1, one line per problem) unless ``explorer`` is imported from the installed
wheel, every module and data file of the checkout is in it, every game imports, every
worked example loads through the package's resources and replays, and every game's built-in
exercise sheet (data/exercises) loads and is answered.
"""
from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path


def problems(repo: Path) -> list[str]:
    import explorer

    installed = Path(explorer.__file__).resolve().parent
    if installed.is_relative_to(repo):
        return [f"explorer was imported from the checkout ({installed}), not from the installed wheel"]
    found = []
    for src in sorted((repo / "explorer").rglob("*.py")):
        rel = src.relative_to(repo / "explorer")
        if not (installed / rel).is_file():
            found.append(f"module explorer/{rel.as_posix()} is not in the wheel (a package missing "
                         "from [tool.setuptools] packages in pyproject.toml?)")
    data = resources.files("explorer.data")
    for src in sorted((repo / "data").rglob("*")):
        if not src.is_file() or "__pycache__" in src.parts:
            continue
        rel = src.relative_to(repo / "data")
        target = data
        for part in rel.parts:
            target = target / part
        if not target.is_file():
            found.append(f"data/{rel.as_posix()} is not in the wheel (no package-data glob for it "
                         "in pyproject.toml?)")

    from explorer.engine import game_names, get_game
    from explorer.engine.examples import example_names, load_example

    for name in game_names():
        try:
            get_game(name)
        except Exception as e:          # report every broken game, not just the first
            found.append(f"game {name!r} does not import from the wheel: {type(e).__name__}: {e}")
    names = example_names()
    expected = sorted(p.stem for p in (repo / "data" / "examples").glob("*.json"))
    if names != expected:
        found.append(f"example_names() of the installed package is {names}, the checkout has {expected}")
    for name in names:
        try:
            example = load_example(name)
            example.record.validate()
        except Exception as e:
            found.append(f"example {name!r} does not load and replay from the wheel: {type(e).__name__}: {e}")
            continue
        if not example.chapters or example.chapters[-1].end != len(example.record.actions):
            found.append(f"example {name!r}: its chapters do not cover its {len(example.record.actions)} actions")
        else:
            print(f"example {name}: {len(example.record.actions)} actions in "
                  f"{len(example.chapters)} chapters replay from {data}")

    from explorer.engine.sheets import builtin_sheet
    for name in game_names():
        try:
            sheet = builtin_sheet(name)
        except Exception as e:
            found.append(f"the built-in exercise sheet of {name!r} does not load from the wheel: "
                         f"{type(e).__name__}: {e}")
            continue
        print(f"exercises {name}: {len(sheet.exercises)} answered from {sheet.source}")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: check_installed.py REPO", file=sys.stderr)
        return 2
    found = problems(Path(argv[1]).resolve())
    for p in found:
        print(f"wheel check: {p}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
