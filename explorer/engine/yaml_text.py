"""Reading a data file's YAML text for any game: one place that turns every way the text can fail
to parse into the game's own error, naming the file, the problem and where, never quoting the text
(a file may hold anything) and never a traceback from inside the parser."""
from __future__ import annotations

import yaml


def parse_yaml(text: str, origin: str, error: type[Exception] = ValueError) -> object:
    """The parsed ``text`` of the file ``origin``; ``error(message)`` if it is not YAML, or nests
    so deeply that the parser runs out of stack (a list in a list ... thousands deep)."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or type(e).__name__
        raise error(f"{origin} is not valid YAML: {problem}{where}") from None
    except RecursionError:
        raise error(f"{origin} cannot be read: its YAML nests too deeply for a data file") from None
