"""Where The Sands of Time's map puts its labels: each territory's name and its citizens' line(s),
placed as one block round the territory's disc so that no label covers another label or a disc.

Late in a game a territory's citizens line grows ("G4 P1:5/2 P2:1/0 P3:1/0 [QI]") and the middle of
the map (Italia, Illyria, Græcia, Rhodes, Cyprvs, Syria) is dense: a fixed place under each disc
made labels run into each other.  Here every territory picks, from a few blocks (name above and
citizens below the disc; both below; both above; both to the right or left; the citizens split over
two or more lines), the one that collides least with the discs and with the blocks the others chose,
a few rounds over the map until nothing changes.  Pure geometry on estimated text extents (no
widgets): :func:`layout` is what the view draws and what tests/test_sands_of_time_map_labels.py
checks.

Extents are in screen pixels for a figure :data:`REFERENCE_WIDTH` wide (the narrowest the wide
board gets at a 1280 px page); a wider figure spreads the discs while the text keeps its size, so a
layout clear at that width stays clear wider.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

#: the figure the layout is made for (px): narrower than the map is drawn at a 1280 px page
REFERENCE_WIDTH = 780
NAME_SIZE, CITIZEN_SIZE = 12, 11          # the Label marks' font sizes (px)
LINE = 1.25                               # a line's height, in font sizes
GAP = 2.0                                 # px kept free round a disc and between labels
#: advance widths in font sizes (Liberation Sans / Arial, measured in the browser), a bit generous
_WIDE = {c: 0.56 for c in "0123456789#$?_"}
_WIDE.update({c: 0.28 for c in " !,./:;[]\\|ijlft"})
_WIDE.update({c: 0.72 for c in "ABCDEHKNRUVXYw"})
_WIDE.update({c: 0.78 for c in "GOQ"})
_WIDE.update({c: 0.83 for c in "Mm"})
_WIDE.update({"W": 0.94, "Æ": 1.0, "æ": 0.89, "I": 0.28, "r": 0.39, "-": 0.33})


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimated width in px of ``text`` at ``size`` px (upper bound: 6% over the measured widths)."""
    em = sum(_WIDE.get(c, 0.67 if c.isupper() else 0.61) for c in text)
    return em * size * (1.06 if bold else 1.04)


@dataclass(frozen=True)
class Box:
    """A label's box in screen pixels (y down), and its text."""
    x0: float
    y0: float
    x1: float
    y1: float
    text: str = ""

    def overlap(self, other: Box) -> float:
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def hits_disc(self, cx: float, cy: float, r: float) -> float:
        """How deep (px) the disc of centre ``(cx, cy)`` and radius ``r`` reaches into the box."""
        nx, ny = min(max(cx, self.x0), self.x1), min(max(cy, self.y0), self.y1)
        d = ((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5
        return max(0.0, r - d)


def scales(width: float = REFERENCE_WIDTH, aspect: float = 0.62, x_range=(-19.0, 57.0), y_range=(15.0, 57.5),
           margin=(30, 6, 6, 6)) -> tuple[float, float]:
    """Pixels per map unit across and down for a figure ``width`` px wide (top, bottom, left, right
    margins as the view's figure)."""
    top, bottom, left, right = margin
    return ((width - left - right) / (x_range[1] - x_range[0]),
            (width * aspect - top - bottom) / (y_range[1] - y_range[0]))


def disc_radius(size: float, default_size: float = 700, size_max: float = 5) -> float:
    """A territory disc's radius in px: bqplot's marker area is ``default_size`` at the size scale's
    top, plus half the stroke."""
    return (max(size, 0) / size_max * default_size / 3.14159) ** 0.5 + 1


def _splits(citizens: str) -> list[list[str]]:
    """The ways to write a citizens line: whole; resource and structures on one line, the people on
    another; then two or one owner(s) a line."""
    if not citizens:
        return [[]]
    words = citizens.split(" ")
    people = [w for w in words if ":" in w]
    first = " ".join(w for w in words if ":" not in w)
    out = [[citizens]]
    if people:
        out.append([first, " ".join(people)])
        if len(people) > 2:
            out.append([first] + [" ".join(people[i:i + 2]) for i in range(0, len(people), 2)])
        if len(people) > 1:
            out.append([first] + people)
    return out


#: where a label goes round its disc, with a preference cost (the name's and the citizens' own)
NAME_PLACES = (("above", 0.0), ("below", 4.0), ("right", 5.0), ("left", 5.0), ("above right", 6.0),
               ("above left", 6.0), ("below right", 8.0), ("below left", 8.0))
STACK_PLACES = (("below", 0.0), ("above", 4.0), ("right", 4.0), ("left", 4.0), ("below right", 5.0),
                ("below left", 5.0), ("above right", 7.0), ("above left", 7.0))


def _at(cx, cy, r, w, h, where) -> tuple[float, float]:
    """The top left corner of a ``w`` x ``h`` box put ``where`` round a disc (centre, radius), clear of it."""
    d = 0.72 * r + GAP                         # a diagonal corner this far along both axes clears the disc
    return {"above": (cx - w / 2, cy - r - GAP - h), "below": (cx - w / 2, cy + r + GAP),
            "right": (cx + r + GAP, cy - h / 2), "left": (cx - r - GAP - w, cy - h / 2),
            "above right": (cx + d, cy - d - h), "above left": (cx - d - w, cy - d - h),
            "below right": (cx + d, cy + d), "below left": (cx - d - w, cy + d)}[where]


def _stack(x, y, w, texts_widths, h):
    """Lines centred in a column ``w`` wide from ``(x, y)`` down."""
    boxes = []
    for t, tw in texts_widths:
        boxes.append(Box(x + (w - tw) / 2, y, x + (w + tw) / 2, y + h, t))
        y += h
    return boxes


def _candidates(cx, cy, r, name, citizens):
    """Every placement of a territory's labels: ``(preference, boxes)``, the name's box first.  The
    name and the citizens' lines each go round the disc, or the citizens' lines go under the name
    (the two as one block) above or below the disc."""
    nh, ch = NAME_SIZE * LINE, CITIZEN_SIZE * LINE
    nw = text_width(name, NAME_SIZE, True)
    out = []
    names = [(cost, Box(*(xy := _at(cx, cy, r, nw, nh, where)), xy[0] + nw, xy[1] + nh, name))
             for where, cost in NAME_PLACES]
    for k, lines in enumerate(_splits(citizens)):
        tw = [(t, text_width(t, CITIZEN_SIZE)) for t in lines]
        if not tw:
            out.extend((cost, [nb]) for cost, nb in names)
            continue
        w, h = max(x for _, x in tw), ch * len(tw)
        for where, cost in STACK_PLACES:
            x, y = _at(cx, cy, r, w, h, where)
            stack = _stack(x, y, w, tw, ch)
            for ncost, nb in names:
                if not any(nb.overlap(b) > 0.01 for b in stack):
                    out.append((cost + ncost + 2.0 * k, [nb] + stack))
        for where in ("above", "below"):     # the name with the lines under it, as one block
            bw = max(w, nw)
            x, y = _at(cx, cy, r, bw, nh + h, where)
            out.append((3.0 + 2.0 * k, [Box(x + (bw - nw) / 2, y, x + (bw + nw) / 2, y + nh, name)]
                        + _stack(x, y + nh, bw, tw, ch)))
    return out


def layout(items: dict, pos: dict, radii: dict, width: float = REFERENCE_WIDTH, tries: int = 1000,
           strokes=()) -> dict:
    """Every territory's label boxes (px, y down): ``items`` maps a territory to ``(name, citizens)``
    (citizens "" where nothing is written), ``pos`` to its map position, ``radii`` to its disc's
    radius in px; ``strokes``: line segments ``(x0, y0, x1, y1)`` in map units (the caravans) a label
    keeps off where it can.  Returns territory -> list of :class:`Box` (the name's first, then the
    citizens' lines).

    Each territory starts at its preferred placement clear of the discs; rounds over the map move
    each to its cheapest placement counting collisions with the others' (a collision costs far more
    than any preference); collisions still left are worked off by a seeded min-conflicts walk (move a
    colliding territory, now and then away from where it is) that keeps the best map it meets."""
    sx, sy = scales(width)
    centre = {t: ((pos[t][0] + 19.0) * sx, (57.5 - pos[t][1]) * sy) for t in items}
    area = (0.0, 0.0, 76.0 * sx, 42.5 * sy)
    near = {t: [u for u in items if u != t and abs(centre[u][0] - centre[t][0]) < 260
                and abs(centre[u][1] - centre[t][1]) < 160] for t in items}
    segs = [((x0 + 19.0) * sx, (57.5 - y0) * sy, (x1 + 19.0) * sx, (57.5 - y1) * sy) for x0, y0, x1, y1 in strokes]
    options, pens, flat, cuts = {}, {}, {}, {}
    for t, (name, citizens) in items.items():
        cx, cy = centre[t]
        opts = []
        memo: dict = {}                 # a box's own penalty (boxes are shared between candidates)

        def own(b, memo=memo, t=t):
            if id(b) not in memo:       # off the plot: heavily penalised; over a disc: only if nothing else
                p = 50 * (max(0, area[0] - b.x0) + max(0, b.x1 - area[2]) + max(0, area[1] - b.y0)
                          + max(0, b.y1 - area[3]))
                for u in near[t]:       # (a label is narrower than the near window)
                    cu = centre[u]
                    if (d := b.hits_disc(cu[0], cu[1], radii[u] + GAP)) > 0.01:
                        p += 10000 + 100 * d
                p += STROKE_COST * sum(1 for g in segs if _crosses(g, b))
                memo[id(b)] = p
            return memo[id(b)]

        for pen, boxes in _candidates(cx, cy, radii[t], name, citizens):
            opts.append((pen + sum(own(b) for b in boxes), boxes))
        opts.sort(key=lambda o: o[0])
        clear = [o for o in opts if o[0] < 10000]       # a label over a disc only when nothing else fits
        options[t] = clear or opts
        pens[t] = np.array([p for p, _ in options[t]])
        flat[t] = np.array([(b.x0, b.y0, b.x1, b.y1) for _, bs in options[t] for b in bs])
        cuts[t] = np.cumsum([0] + [len(bs) for _, bs in options[t]])
    cur = {t: 0 for t in items}

    def boxes(t):
        i = cur[t]
        return flat[t][cuts[t][i]:cuts[t][i + 1]]

    def clash(t, skip=None):
        """Per option of ``t``: how much it collides with the near territories' labels now."""
        others = [boxes(u) for u in near[t] if u != skip]
        if not others:
            return np.zeros(len(pens[t]))
        return np.add.reduceat(_collide(flat[t], np.concatenate(others)).sum(axis=1), cuts[t][:-1])

    order = sorted(items, key=lambda t: len(options[t]))
    for _ in range(8):
        changed = False
        for t in order:
            best = int(np.argmin(pens[t] + 1000 * clash(t)))
            if best != cur[t]:
                cur[t], changed = best, True
        if not changed:
            break

    def now(t) -> float:
        """How much ``t``'s labels as placed collide with its neighbours'."""
        others = [boxes(u) for u in near[t]]
        return float(_collide(boxes(t), np.concatenate(others)).sum()) if others else 0.0

    total = [sum(now(t) for t in items), sum(float(pens[t][cur[t]]) for t in items)]
    best_score, best_cur = tuple(total), dict(cur)
    rng = random.Random(0)
    for _ in range(tries if total[0] else 0):
        hot = [t for t in order if now(t) > 0]
        if not hot:
            break
        t = rng.choice(hot)
        if rng.random() < 0.3:                # or a neighbour of one, to make room
            t = rng.choice(near[t] or [t])
        c = clash(t)
        cost = pens[t] + 1000 * c
        if rng.random() < 0.3:
            cost[cur[t]] = np.inf             # now and then: move away, to leave a local minimum
        new = int(np.argmin(cost))
        # (a collision counts on both sides)
        total[0] += 2 * float(c[new] - c[cur[t]])
        total[1] += float(pens[t][new] - pens[t][cur[t]])
        cur[t] = new
        if tuple(total) < best_score:
            best_score, best_cur = tuple(total), dict(cur)
    cur = best_cur
    for t in order:                            # a collision still left: move its two territories together
        for u in near[t]:
            i, j = cur[t], cur[u]
            if not _collide(flat[t][cuts[t][i]:cuts[t][i + 1]], flat[u][cuts[u][j]:cuts[u][j + 1]]).any():
                continue
            pair = _collide(flat[t], flat[u])
            pair = np.add.reduceat(np.add.reduceat(pair, cuts[t][:-1], axis=0), cuts[u][:-1], axis=1)
            cost = (pens[t] + 1000 * clash(t, skip=u))[:, None] + (pens[u] + 1000 * clash(u, skip=t))[None, :]
            i, j = np.unravel_index(int(np.argmin(cost + 1000 * pair)), cost.shape)
            cur[t], cur[u] = int(i), int(j)
    return {t: options[t][cur[t]][1] for t in items}


#: a label across a caravan's stroke: worse than any placement's preference, far better than a collision
STROKE_COST = 200.0


def _crosses(seg, b: Box) -> bool:
    """Whether the segment ``(x0, y0, x1, y1)`` passes through the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - b.x0), (dx, b.x1 - x0), (-dy, y0 - b.y0), (dy, b.y1 - y0)):
        if p == 0:
            if q < 0:
                return False
        else:
            r = q / p
            if p < 0:
                lo = max(lo, r)
            else:
                hi = min(hi, r)
            if lo > hi:
                return False
    return True


def _collide(a, b):
    """Pairwise collision of boxes ``a`` (n x 4) with boxes ``b`` (m x 4), kept :data:`GAP` apart:
    0 where clear, else 10 plus the area."""
    a = a[:, None, :]
    w = np.minimum(a[..., 2], b[:, 2] + GAP) - np.maximum(a[..., 0], b[:, 0] - GAP)
    h = np.minimum(a[..., 3], b[:, 3] + GAP) - np.maximum(a[..., 1], b[:, 1] - GAP)
    return np.where((w > 0.01) & (h > 0.01), 10 + w * h, 0.0)


def _grown(b: Box) -> Box:
    return Box(b.x0 - GAP / 2, b.y0 - GAP / 2, b.x1 + GAP / 2, b.y1 + GAP / 2, b.text)


def to_map(box: Box, width: float = REFERENCE_WIDTH) -> tuple[float, float]:
    """Where a bqplot Label (text-anchor middle, dominant-baseline central: ``(x, y)`` is the text's
    middle) goes, in map units, to fill ``box``."""
    sx, sy = scales(width)
    return (box.x0 + box.x1) / 2 / sx - 19.0, 57.5 - (box.y0 + box.y1) / 2 / sy


def problems(boxes: dict, centre_radii: dict) -> list[str]:
    """Every label over another label or over a disc: ``boxes`` from :func:`layout`, ``centre_radii``
    territory -> (x px, y px, r px)."""
    out = []
    flat = [(t, b) for t, bs in boxes.items() for b in bs]
    for i, (t, a) in enumerate(flat):
        for u, b in flat[i + 1:]:
            if a.overlap(b) > 0.01:
                out.append(f"{t}'s {a.text!r} over {u}'s {b.text!r}")
        for u, (cx, cy, r) in centre_radii.items():
            if a.hits_disc(cx, cy, r) > 0.01:
                out.append(f"{t}'s {a.text!r} over {u}'s disc")
    return out
