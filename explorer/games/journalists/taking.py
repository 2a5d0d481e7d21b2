"""A turn: take one card (Game play), from the display as evidence (Turn (a)) or for its
cubes (Turn (b), with Completing a card), paying by its row (Paying for the card), or
from another player (Taking another player's card).  The turn then ends in
:mod:`.turn_order` (the display refilled, the next player, or the end)."""
from __future__ import annotations

from explorer.engine.words import seat_name

from . import display as D
from .cards import EXCUSE
from .cubes import distribute_cubes
from .scoring import highest_completed
from .turn_order import end_turn


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _pay_from_display(s, card: str) -> int:
    """Take ``card`` out of the display and its cost out of the player's supply."""
    slot = s.display.index(card)
    cost = D.slot_costs(s.options.display_rows)[slot]
    s.display = D.without(s.display, slot)
    p = s.player
    s.supply = _set(s.supply, p, s.supply[p] - cost)
    return cost


def _on_evidence(s, a):
    p = s.player
    cost = _pay_from_display(s, a.card)
    s.discarded += cost
    s.rows = _set(s.rows, p, s.rows[p] + ((a.card, 0),))
    s._event("option_a", f"{seat_name(p)} adds {a.card} to the right end of their evidence row")
    s._event("pay_a", f"{seat_name(p)} pays {cost} chip{'s' if cost > 1 else ''}, discarded")
    end_turn(s, from_display=True)


def _on_cubes(s, a):
    p = s.player
    o = s.options
    cost = _pay_from_display(s, a.card)
    s.bought = _set(s.bought, p, s.bought[p] + ((a.card, cost),))
    row = s.rows[p]
    d = distribute_cubes(row, a.card, highest_completed(s.completed[p], o.crown_rank, o.court_rank),
                         complete=a.complete or None, crown_rank=o.crown_rank, court_rank=o.court_rank,
                         onto_excuse=0)
    s.rows = _set(s.rows, p, d.evidence)
    s._event("pay_b", f"{seat_name(p)} puts {a.card} above their row with the {cost} chip{'s' if cost > 1 else ''} "
                      "paid on it")
    if a.card == EXCUSE:
        if d.completed or a.complete:
            s._event("excuse_b", f"the Excuse completes {a.complete}")
    else:
        s._event("option_b", f"{a.card} brings {d.cubes} cube{'s' if d.cubes != 1 else ''}"
                             + _landed(row, d.evidence))
    if d.completed:
        s.completed = _set(s.completed, p, s.completed[p] + d.completed)
        s._event("complete", f"complete, left of the Ace: {', '.join(d.completed)}")
    if d.wasted and d.excuse is not None:
        # the Excuse may take the spare cubes (Extended deck: the Excuse): the player says how many
        s.spare = d.wasted
        s._event("excuse", f"{d.wasted} cube{'s' if d.wasted > 1 else ''} fit nowhere else: {seat_name(p)} may put "
                           f"them on the Excuse (it holds {d.excuse})")
        s.phase_ = "excuse"
        return
    if d.wasted:
        s.wasted += d.wasted
        s._event("surplus", f"{d.wasted} cube{'s' if d.wasted > 1 else ''} fit nowhere and are discarded")
    end_turn(s, from_display=True)


def _on_excuse(s, a):
    """Extended deck, the Excuse: ``a.count`` spare cubes go on the Excuse, the rest are discarded."""
    p = s.player
    row = s.rows[p]
    at = next(i for i, (name, _) in enumerate(row) if name == EXCUSE)
    held = row[at][1] + a.count
    s.rows = _set(s.rows, p, row[:at] + ((EXCUSE, held),) + row[at + 1:])
    rest = s.spare - a.count
    s.wasted += rest
    s.spare = 0
    s._event("excuse", f"{seat_name(p)} puts {a.count} spare cube{'s' if a.count != 1 else ''} on the Excuse (now "
                       f"{held})" + (f"; {rest} {'is' if rest == 1 else 'are'} discarded" if rest else ""))
    end_turn(s, from_display=True)


def _landed(before, after) -> str:
    """": The Sailor +2, The Mill +1" for the cards still in the row that gained cubes."""
    had = dict(before)
    gained = [f"{name} +{n - had[name]}" for name, n in after if name != EXCUSE and n > had[name]]
    return ": " + ", ".join(gained) if gained else ""


def _on_steal(s, a):
    p = s.player
    q, at = s.holder(a.card)
    chips = s.bought[q][at][1]
    s.bought = _set(s.bought, q, s.bought[q][:at] + s.bought[q][at + 1:])
    s.supply = _set(_set(s.supply, p, s.supply[p] - 1), q, s.supply[q] + chips)
    s.discarded += 1
    s.rows = _set(s.rows, p, s.rows[p] + ((a.card, 0),))
    s._event("steal", f"{seat_name(p)} takes {a.card} from {seat_name(q)} into their evidence row, discarding a chip; "
                      f"{seat_name(q)} takes back {chips} chip{'s' if chips > 1 else ''}")
    end_turn(s, from_display=False)
