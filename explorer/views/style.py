"""How piecepack pieces look in every board view: suit colours and symbols, and a tile's
short label; plus a small HTML table helper for side-by-side figures."""
from __future__ import annotations

import html

SUIT_COLOR = {"Suns": "#e8a317", "Moons": "#3b6fb6", "Crowns": "#7b3fa0", "Arms": "#c0392b",
              # the four-seasons piecepack (Take Off, Eh!)
              "Spring": "#2e8b57", "Summer": "#0e8f9a", "Fall": "#a0522d", "Winter": "#708090"}
#: symbols DejaVu Sans draws (the browser tests' only font): summer's fish is Pisces, fall's leaf a
#: floral heart, winter's snowflake and spring's flower as themselves
SUIT_SYMBOL = {"Suns": "☀", "Moons": "☾", "Crowns": "♛", "Arms": "⚔",
               "Spring": "✿", "Summer": "♓", "Fall": "❦", "Winter": "❄"}


def tile_text(name: str) -> str:
    """``"Crowns-5"`` -> ``"♛5"``; null reads 0 and ace A."""
    suit, _, rank = name.rpartition("-")
    r = {"null": "0", "ace": "A"}.get(rank, rank)
    return f"{SUIT_SYMBOL[suit]}{r}"


def piece_html(name: str | None, hidden: str = "?") -> str:
    """A piece in its suit's colour and symbol (``"Moons-3"`` -> a blue ``☾3``), or a grey
    ``hidden`` mark for a piece this view may not see."""
    if not name:
        return f"<span style='color:#888'>{html.escape(hidden)}</span>"
    suit = name.rpartition("-")[0]
    return f"<span style='color:{SUIT_COLOR.get(suit, '#333')};font-weight:bold'>{html.escape(tile_text(name))}</span>"


def html_table(rows: list[dict], caption: str = "", style: str = "font-size:12px") -> str:
    """A small HTML table from a list of dicts (for side-by-side figures); ``style`` is the
    table's CSS."""
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(str(k))}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r.values()) + "</tr>" for r in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"<table style='{style}'>{cap}<tr>{head}</tr>{body}</table>"


# -- the Decktet (Journalists) ----------------------------------------------------------------------
DECKTET_SUIT_COLOR = {"Moons": "#4a5d8c", "Suns": "#d49a00", "Waves": "#1f78b4", "Leaves": "#2e8b57",
                      "Wyrms": "#c0392b", "Knots": "#8b5a2b"}
DECKTET_SUIT_SYMBOL = {"Moons": "☾", "Suns": "☀", "Waves": "≈", "Leaves": "❦", "Wyrms": "∿", "Knots": "⌘"}


def suits_html(suits) -> str:
    """A Decktet card's suits as coloured symbols (``("Moons", "Knots")`` -> ☾⌘)."""
    return "".join(f"<span style='color:{DECKTET_SUIT_COLOR[s]};font-weight:bold' title='{s}'>"
                   f"{DECKTET_SUIT_SYMBOL[s]}</span>" for s in suits)
