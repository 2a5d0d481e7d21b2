#!/usr/bin/env bash
# The package as users get it: build the sdist and, from it, the wheel; install the wheel alone
# in a fresh virtual environment; then, from a directory outside the checkout, simulate every
# game with the installed `explorer` command and load every worked example through the
# installed package (.ci/check_installed.py).  Needs `build` in the calling python (a test extra).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
unset PYTHONPATH                        # nothing may reach the checkout but the wheel

if ! python -m build --outdir "$work/dist" "$repo" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "wheel check: building the sdist and wheel failed (log above)" >&2
    exit 1
fi
wheels=("$work"/dist/*.whl)
if [ "${#wheels[@]}" -ne 1 ] || [ ! -f "${wheels[0]}" ]; then
    echo "wheel check: expected one wheel in $work/dist, found: ${wheels[*]}" >&2
    exit 1
fi
echo "wheel check: built $(basename "${wheels[0]}")"

python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "${wheels[0]}"

cd "$work"                              # outside the checkout
games="$("$work/venv/bin/python" -c 'from explorer.engine import game_names; print(*game_names())')"
if [ -z "$games" ]; then
    echo "wheel check: the installed package registers no game" >&2
    exit 1
fi
for game in $games; do
    "$work/venv/bin/explorer" simulate "$game" --games 2
done
"$work/venv/bin/python" "$repo/.ci/check_installed.py" "$repo"
echo "wheel check: passed"
