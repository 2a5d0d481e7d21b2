"""Where a tile lies, in the board's own words instead of lattice pairs.

The engine keeps a tile's position as the lower-left corner of its square on a quarter-tile
lattice (:mod:`.board`: a tile is 4 units wide, ``y`` grows to the north) and the first
tile of Board Creation lies at ``(0, 0)``.  A person reads a position as how far that
corner lies east or west and north or south of the first tile's place, in tiles and
quarter tiles: ``(4, -3)`` is "1 E, ¾ S", ``(-1, 19)`` "¼ W, 4¾ N", ``(0, 0)`` "the start".
The board view draws the same words along its edges (:func:`axis_label`, one tick per
tile), so a step's text can be found on the board.
"""
from __future__ import annotations

from .board import SIZE, Pos

#: a remainder of quarter tiles in words
_QUARTERS = ("", "¼", "½", "¾")


def tiles_word(units: int) -> str:
    """A distance of ``units`` quarter tiles (not negative) in tiles: "1", "¾", "2½"."""
    whole, quarter = divmod(units, SIZE)
    if whole and quarter:
        return f"{whole}{_QUARTERS[quarter]}"
    return _QUARTERS[quarter] if quarter else str(whole)


def axis_label(units: int, axis: str) -> str:
    """One coordinate in words: ``units`` quarter tiles east (``axis`` "x", negative: west)
    or north ("y", negative: south) of the start: "1 E", "¾ S"; "0" at the start's line."""
    if axis not in ("x", "y"):
        raise ValueError(f"an axis is 'x' (east-west) or 'y' (north-south), got {axis!r}")
    if units == 0:
        return "0"
    ahead, back = ("E", "W") if axis == "x" else ("N", "S")
    return f"{tiles_word(abs(units))} {ahead if units > 0 else back}"


def position_name(pos: Pos) -> str:
    """A tile's position in words: where its lower-left corner lies from the first tile's
    place ("1 E, ¾ S"; "2 N" on the start's north-south line; "the start")."""
    x, y = pos
    parts = [axis_label(v, axis) for v, axis in ((x, "x"), (y, "y")) if v]
    return ", ".join(parts) if parts else "the start"
