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


#: a table's cells narrower than a notebook's own tables, its headings wrapping: it fits an output
TABLE_CSS = ("<style>.re-table { white-space: normal; max-width: 100%; } .re-table th, .re-table td "
             "{ padding: 2px 6px; white-space: normal; } .re-table th { vertical-align: bottom; }</style>")


def html_table(rows: list[dict], caption: str = "", style: str = "font-size:12px") -> str:
    """A small HTML table from a list of dicts (for side-by-side figures); ``style`` is the
    table's CSS."""
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(str(k))}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r.values()) + "</tr>" for r in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"{TABLE_CSS}<table class='re-table' style='{style}'>{cap}<tr>{head}</tr>{body}</table>"


# -- the Decktet (Journalists) ----------------------------------------------------------------------
DECKTET_SUIT_COLOR = {"Moons": "#4a5d8c", "Suns": "#d49a00", "Waves": "#1f78b4", "Leaves": "#2e8b57",
                      "Wyrms": "#c0392b", "Knots": "#8b5a2b"}
DECKTET_SUIT_SYMBOL = {"Moons": "☾", "Suns": "☀", "Waves": "≈", "Leaves": "❦", "Wyrms": "∿", "Knots": "⌘"}


def suits_html(suits) -> str:
    """A Decktet card's suits as coloured symbols (``("Moons", "Knots")`` -> ☾⌘)."""
    return "".join(f"<span style='color:{DECKTET_SUIT_COLOR[s]};font-weight:bold' title='{s}'>"
                   f"{DECKTET_SUIT_SYMBOL[s]}</span>" for s in suits)


# -- the page: one look for every explorer -----------------------------------------------------------
#: heights a board figure may take, as a share of its width (``fit_figure`` picks the nearest)
ASPECTS = tuple(round(0.30 + 0.01 * i, 2) for i in range(231))     # 0.30 .. 2.60

#: CSS every explorer page carries (once is enough; the rules are idempotent): text wraps instead of
#: running past the output's edge, the step list's lines wrap so every rule tag shows, buttons grow
#: to their words, and a figure given ``fit_figure``'s class takes its height from its width.
PAGE_CSS = """
.re-page { max-width: 100%; }
.re-page > *, .re-page .widget-box > * { min-width: 0; max-width: calc(100% - 4px); box-sizing: border-box; }
.re-page .widget-html-content { white-space: normal; overflow-wrap: break-word; }
.re-page .widget-html-content table { max-width: 100%; }
.re-page .re-steps select option { white-space: normal; overflow-wrap: break-word; padding: 1px 2px; }
.re-page .jupyter-button { white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height, 28px);
                           overflow: visible; text-overflow: clip; max-width: 100%; }
.re-page .re-card { min-height: 56px; min-width: 88px; border: 2px solid #8a6d3b; border-radius: 6px;
                    background: #fbf6e9; margin: 3px; }
.re-page .re-card.mod-active { background: #ffd27f; border-color: #ff8c00; font-weight: bold; }
.re-page .re-fit { width: 100% !important; height: auto !important; }
/* a bqplot Label sends no click (its texts are no element bqplot's hit test knows): on a board a click
   on a label, value or name goes through it to the mark beneath (a coin, a click area) */
.re-page .bqplot text.label { pointer-events: none; }
.re-page .widget-tab .lm-TabBar-tab, .re-page .widget-tab .p-TabBar-tab { flex: 0 0 auto !important;
    max-width: none !important; }
""" + "".join(f".re-page .re-ar-{round(a * 100)} {{ aspect-ratio: 100 / {round(a * 100)}; }}\n" for a in ASPECTS)


def page_style():
    """The page's CSS as a widget (put it once among an explorer's children)."""
    import ipywidgets as W
    return W.HTML(f"<style>{PAGE_CSS}</style>", layout=W.Layout(height="0px", margin="0"))


def page(box):
    """``box`` (a VBox) given the page's look (:data:`PAGE_CSS`, as its first child): for an output
    that is not an explorer (which has it already)."""
    box.children = (page_style(), *box.children)
    box.add_class("re-page")
    return box


def fit_figure(figure, aspect: float | None = None, keep: float | None = None, pad: float = 0.0) -> None:
    """Size ``figure`` by its container: the full width, and a height of ``aspect`` times the width
    (the nearest of :data:`ASPECTS`), so the board grows with the page instead of keeping fixed
    pixels.  ``keep``: the drawing's own width/height ratio, kept at any width: bqplot keeps the
    figure's outer ratio (its min/max aspect ratio), and the margins (plus ``pad`` pixels a side
    that bqplot adds round large markers) are made in the same ratio, so the plot inside keeps it
    too: a square stays square.  With ``keep`` the height follows from it."""
    if keep is None and aspect is None:
        raise ValueError("fit_figure needs an aspect or a ratio to keep")
    if keep is not None:
        base = figure.__dict__.setdefault("_re_margin", dict(figure.fig_margin))
        m = dict(base)
        across, down = m["left"] + m["right"] + 2 * pad, m["top"] + m["bottom"] + 2 * pad
        if across < keep * down:
            extra = (keep * down - across) / 2
            m["left"], m["right"] = m["left"] + extra, m["right"] + extra
        else:
            m["bottom"] += across / keep - down
        figure.fig_margin = {k: round(v, 2) for k, v in m.items()}
        aspect = 1 / keep
    a = min(ASPECTS, key=lambda x: abs(x - aspect))
    for c in [c for c in figure._dom_classes if c.startswith("re-ar-")]:
        figure.remove_class(c)
    figure.add_class("re-fit")
    figure.add_class(f"re-ar-{round(a * 100)}")
    figure.min_aspect_ratio, figure.max_aspect_ratio = 0.01, 100     # (each must stay <= the other)
    if keep is not None:
        figure.min_aspect_ratio = figure.max_aspect_ratio = keep


def legend_html(items) -> str:
    """A one-line legend of a board's glyphs: ``[(glyph_html, words), ...]``."""
    return ("<div style='font-size:12px;color:#333;line-height:1.6'>"
            + " &middot; ".join(f"<span style='white-space:{'nowrap' if len(w) < 40 else 'normal'}'>{g} "
                                f"{html.escape(w)}</span>" for g, w in items)
            + "</div>")
