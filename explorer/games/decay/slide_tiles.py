"""Step 3 - Slide Tiles: which tiles may slide (touched on three sides, no pawn or die,
only one's own ace), how far (stopping at the first new contact, keeping two old
neighbours, never splitting the board) and the handlers of the ``slide``,
``slide_to`` and ``pay_slide`` steps."""
from __future__ import annotations

from . import board as B
from .actions import EndTurn, Pay, SlideTo
from .normal_play import _after_turn, _enter
from .pieces import OTHERS_ACES, _minus, _words
from .places import position_name


# -- what may slide ---------------------------------------------------------------------------------
def slide_options(s) -> dict[str, list[tuple[int, B.Pos]]]:
    """Step 3: ``{tile: [(distance, position), ...]}`` for every tile the side to move
    may slide (coins apart)."""
    sl = s._slides
    if sl is None:
        sl = s._slides = {}
        lay = s._lay if s._lay.pos is s.pos else s.layout()
        three = lay.three_sided()
        if not three:           # one board in seven: nothing to look up
            return sl
        blocked = (s._dt[1] if s._dt[0] is s.dice else s._die_tiles())
        pawns = s.pawns.values()
        aces = OTHERS_ACES[s.options.players][s.side]     # only one's own ace slides
        share = s.options.slide_may_share_whole_edge      # then _stops(s, lay, t) is lay.stops(t)
        for t in three:
            if t in pawns or t in blocked or t in aces:
                continue
            stops = lay.stops(t) if share else _stops(s, lay, t)
            if stops:
                sl[t] = stops
    return sl


def _stops(s, lay, t) -> list[tuple[int, B.Pos]]:
    """Where the tile ``t`` may slide to on ``lay``, less the stops sharing a whole edge
    when the option ``slide_may_share_whole_edge`` is off."""
    stops = lay.stops(t)
    if stops and not s.options.slide_may_share_whole_edge:
        stops = [(d, p) for d, p in stops if not s._whole_edge_at(t, p)]
    return stops


def chosen_stops(s) -> list[tuple[int, B.Pos]]:
    """Step 3 after choosing the tile to slide (``pend["slide"]``): ``slide_options()[t]``,
    asking only that tile.  It was among the options a moment ago, on the same board with
    the same pawns and dice, so the checks that let it slide still do."""
    t = s.pend["slide"]
    sl = s._slides
    if sl is not None:
        return sl[t]
    return _stops(s, s.layout(), t)


def _whole_edge_at(s, t, p) -> bool:
    return any(B.whole_edge(p, q) for n, q in s.pos.items() if n != t)


# -- the handlers --------------------------------------------------------------------------------
def _begin_step3(s):
    s.pend = None
    if sum(s.unspent) < s.options.slide_cost or not slide_options(s):
        # Ending the turn is Step 3's only choice (nearly nine turns in ten): taken at once,
        # as _enter takes a single choice, without listing it
        s.phase_ = "slide"
        s._forget()
        _after_turn(s)
        return
    _enter(s, "slide")


def _on_slide(s, a):
    if isinstance(a, EndTurn):
        _after_turn(s)
        return
    s.pend = {"slide": a.tile}
    _enter(s, "slide_to")


def _on_slide_to(s, a: SlideTo):
    s.pend = {"slide": s.pend["slide"], "to": (a.x, a.y)}
    _enter(s, "pay_slide")


def _slid(side: str, tile: str, to, coins) -> str:
    """The slide event's text, made when the event is read."""
    return f"{side} slides {tile} to {position_name(to)}, spending {_words(coins)}"


def _on_pay_slide(s, a: Pay):
    t, to = s.pend["slide"], s.pend["to"]
    s.unspent = _minus(s.unspent, a.coins)
    s._lay = s.layout().moved(t, to, s._own)
    s.pos = s._lay.pos
    s._event("slide", _slid, s.side, t, to, a.coins)      # worded when read
    _begin_step3(s)

