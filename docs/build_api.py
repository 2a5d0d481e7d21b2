"""Build the API reference of the ``explorer`` package from its docstrings, with pdoc.

    python docs/build_api.py                 # into docs/_build/api (git-ignored)
    python docs/build_api.py /tmp/api        # or into the folder given

pdoc is in the ``test`` extra (``pip install -e ".[test]"``); so is OpenSpiel, which
``explorer.adapters`` imports.  Open ``OUT/index.html`` in a browser: it lists every module.

Every module under ``explorer/`` gets a page, found from the files themselves: pdoc alone
follows a package's ``__all__`` and would leave out every submodule a package does not
re-export (all of ``explorer.engine``'s, for one).

Each module is imported once before pdoc runs, and the exit status is 1, with one line per
problem, when one fails to import or does on import what importing should not do: print,
start a subprocess or a thread, or create a file in the working folder (pdoc itself silences
all of these, so they would otherwise go unseen).  Registering a game with the engine's
registry (each game package) and with OpenSpiel (``explorer.adapters.openspiel``) is what
those modules are for, and is not checked.  What pdoc reports while rendering (an annotation
it cannot evaluate, a name in ``__all__`` it cannot resolve) is printed as a note; ``--strict``
makes those errors too.
"""
from __future__ import annotations

import argparse
import contextlib
import html
import importlib
import io
import os
import shutil
import subprocess
import sys
import threading
import traceback
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "explorer"
DEFAULT_OUT = ROOT / "docs" / "_build" / "api"


def module_names(root: Path = ROOT) -> list[str]:
    """Every module of the package, by its files (``__main__`` left out: it runs the command)."""
    names = []
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def import_all(names: list[str]) -> list[str]:
    """Import every module in turn; the problems found, one line each."""
    problems = []
    launched: list = []
    real_popen = subprocess.Popen

    class Recording(real_popen):        # type: ignore[misc, valid-type]
        def __init__(self, args, *a, **k):
            launched.append(args)
            super().__init__(args, *a, **k)

    def files():            # (Python's own __pycache__ is no side effect of the module's)
        return set(os.listdir(".")) - {"__pycache__"}

    threads, before = {t.ident for t in threading.enumerate()}, files()
    subprocess.Popen = Recording        # type: ignore[misc]
    try:
        for name in names:
            out, err, started = io.StringIO(), io.StringIO(), len(launched)
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    importlib.import_module(name)
            except BaseException as e:      # noqa: B036 (SystemExit too: a module must not exit)
                where = traceback.extract_tb(e.__traceback__)[-1]
                problems.append(f"{name}: fails to import: {type(e).__name__}: {e} "
                                f"({where.filename}:{where.lineno})")
                continue
            if out.getvalue():
                problems.append(f"{name}: prints on import: {out.getvalue().strip()[:200]!r}")
            if err.getvalue():
                problems.append(f"{name}: writes to stderr on import: {err.getvalue().strip()[:200]!r}")
            if len(launched) > started:
                problems.append(f"{name}: starts a subprocess on import: {launched[started:]}")
            now = {t.ident: t.name for t in threading.enumerate()}
            new = sorted(now[i] for i in set(now) - threads)
            if new:
                problems.append(f"{name}: starts threads on import: {new}")
                threads = set(now)
            after = files()
            if after - before:
                problems.append(f"{name}: creates files on import: {sorted(after - before)}")
                before = after
    finally:
        subprocess.Popen = real_popen   # type: ignore[misc]
    return problems


def render(names: list[str], out: Path) -> list[str]:
    """Write a page per module (and pdoc's index and search index) into ``out``; pdoc's
    warnings, one line each."""
    import pdoc.doc
    import pdoc.render

    pdoc.render.configure(docformat="restructuredtext", footer_text="Rules Explorer")
    notes = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        modules = {name: pdoc.doc.Module.from_name(name) for name in names}
        pages = {name: pdoc.render.html_module(module, modules) for name, module in modules.items()}
        search = pdoc.render.search_index(modules)
    for w in caught:
        if "pdoc" in Path(w.filename).parts:
            first = str(w.message).strip().splitlines()[0]
            if first not in notes:
                notes.append(first)
    for stale in (out / PACKAGE, out / f"{PACKAGE}.html", out / "index.html", out / "search.js"):
        if stale.is_dir():
            shutil.rmtree(stale)
        elif stale.exists():
            stale.unlink()
    for name, page in pages.items():
        path = out / f"{name.replace('.', '/')}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
    (out / "index.html").write_text(index_page(names), encoding="utf-8")
    if search:
        (out / "search.js").write_text(search, encoding="utf-8")
    return notes


def index_page(names: list[str]) -> str:
    """A page linking every module's page, indented by depth (pdoc's own index only redirects
    to the top package, whose page lists the submodules its ``__all__`` names)."""
    items = "\n".join(f'<li style="margin-left:{2 * name.count(".")}em"><a href="{name.replace(".", "/")}.html">'
                      f"{html.escape(name)}</a></li>" for name in names)
    return ("<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">"
            "<title>Rules Explorer: API reference</title></head>\n"
            "<body style=\"font-family:sans-serif;max-width:60em;margin:2em auto\">\n"
            "<h1>Rules Explorer: API reference</h1>\n"
            f"<p>Every module of <code>{PACKAGE}</code> ({len(names)}), from its docstrings (made by "
            "<code>docs/build_api.py</code> with pdoc).</p>\n"
            f"<ul style=\"list-style:none;padding:0\">\n{items}\n</ul>\n</body>\n</html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the API reference of the explorer package with pdoc.")
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT,
                        help=f"the folder to write (default: {DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--strict", action="store_true", help="fail on pdoc's warnings too")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))       # this checkout's explorer, whatever else is installed
    names = module_names()
    problems = import_all(names)
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    if problems:
        print(f"build_api: {len(problems)} module problem(s); nothing written", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        notes = render(names, args.out)
    except Exception as e:
        print(f"error: pdoc failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    for line in notes:
        print(f"{'error' if args.strict else 'note'}: pdoc: {line}", file=sys.stderr)
    print(f"build_api: {len(names)} modules documented in {args.out}")
    return 1 if args.strict and notes else 0


if __name__ == "__main__":
    sys.exit(main())
