"""Checking a data file: the error it raises, and the collector that gathers every problem.

A data file of The Sands of Time is checked whole: each problem is noted with the entry it is
in (``territories.Dacia``, ``cards[3].vp``), and :meth:`Check.done` raises one
:class:`DataError` naming the file and listing them all, so a user fixes a file in one pass.
"""
from __future__ import annotations

#: The rulebook's sections, which a non-reconstructed ``source`` must start with.
SECTIONS = ("Overview", "Game Equipment", "Initial Setup", "Generation Sequence", "Generation End",
            "Game End", "Actions Explained", "Bonus Actions", "Maximum Unrest", "Chronicles",
            "Structures", "Advances", "Frequently Asked Questions", "Variant")
RECONSTRUCTED = "reconstructed:"


class DataError(ValueError):
    """A data file that cannot be used; the message names the file and every bad entry."""


class Check:
    """Collects the problems of one file; :meth:`done` raises them all at once."""

    def __init__(self, origin: str):
        self.origin, self.problems = origin, []

    def __call__(self, where: str, problem: str) -> None:
        self.problems.append(f"{where}: {problem}")

    def done(self) -> None:
        if self.problems:
            raise DataError(f"{self.origin} is not valid:\n" + "\n".join(f"- {p}" for p in self.problems))

    def mapping(self, raw: object, where: str, keys: set[str], required: set[str] | None = None) -> dict:
        """``raw`` as a dict with known keys only and the required ones present ({} if not a dict)."""
        if not isinstance(raw, dict):
            self(where, f"expected a mapping with {', '.join(sorted(required or keys))}, got {type(raw).__name__}")
            return {}
        for k in sorted(set(raw) - keys, key=str):
            self(where, f"unknown key {k!r} (known: {', '.join(sorted(keys))})")
        for k in sorted((keys if required is None else required) - set(raw)):
            self(where, f"{k} is missing")
        return raw

    def number(self, value: object, where: str, low: int = 0, high: int | None = None) -> bool:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)
        if not ok:
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            self(where, f"must be a whole number {span}, got {value!r}")
        return ok

    def text(self, value: object, where: str, empty: bool = False) -> bool:
        ok = isinstance(value, str) and (empty or value.strip() != "")
        if not ok:
            self(where, f"must be text, got {value!r}")
        return ok

    def source(self, value: object, where: str) -> None:
        """A source names a rulebook section, or says ``reconstructed:`` and why."""
        if not self.text(value, where):
            return
        s = value.strip()
        if s.startswith(RECONSTRUCTED):
            if len(s) == len(RECONSTRUCTED):
                self(where, "says reconstructed but not why")
        elif not s.startswith(SECTIONS):
            self(where, f"must start with a rulebook section ({', '.join(SECTIONS)}) or with "
                        f"'{RECONSTRUCTED} <why>', got {s[:60]!r}")

    def sources(self, raw: object, where: str, keys: set[str]) -> dict[str, str]:
        raw = self.mapping(raw, where, keys)
        for k in sorted(keys & set(raw)):
            self.source(raw[k], f"{where}.{k}")
        return {k: str(v).strip() for k, v in raw.items()}

