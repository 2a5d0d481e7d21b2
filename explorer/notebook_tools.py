"""Keep committed notebooks free of stale outputs.

``python -m explorer.notebook_tools notebooks/*.ipynb`` executes each notebook and keeps
only the outputs of cells marked ``# NBVAL_CHECK_OUTPUT`` (what the test suite compares);
every other output and execution count is dropped.  ``check(path)`` lists the problems
the test suite reports for a committed notebook."""
from __future__ import annotations

import sys
from pathlib import Path

MARK = "# NBVAL_CHECK_OUTPUT"


def _checked(cell) -> bool:
    return cell.get("cell_type") == "code" and MARK in "".join(cell.get("source", ""))


def strip(nb) -> None:
    n = 0
    for cell in nb["cells"]:
        if cell.get("cell_type") != "code":
            continue
        n += 1
        if _checked(cell):
            cell["execution_count"] = n
            for out in cell.get("outputs", []):
                if "execution_count" in out:
                    out["execution_count"] = n
        else:
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.get("metadata", {}).pop("widgets", None)


def refresh(path: str | Path, timeout: int = 900) -> None:
    import nbformat
    from nbclient import NotebookClient
    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    strip(nb)
    nbformat.write(nb, path)


def check(path: str | Path) -> list[str]:
    import json
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    problems = []
    for i, cell in enumerate(nb["cells"]):
        if cell.get("cell_type") != "code":
            continue
        outs = cell.get("outputs", [])
        if outs and not _checked(cell):
            problems.append(f"cell {i} has stored outputs but is not marked {MARK}")
        if any(o.get("output_type") == "error" for o in outs):
            problems.append(f"cell {i} has a stored error")
        if _checked(cell) and not outs:
            problems.append(f"cell {i} is marked {MARK} but has no stored output to compare")
    if "widgets" in nb.get("metadata", {}):
        problems.append("notebook metadata holds widget state")
    return problems


if __name__ == "__main__":
    for p in sys.argv[1:]:
        refresh(p)
        print(f"refreshed {p}")
