"""Chronicles: the Chronicle action (Actions Explained: Chronicle) and their scoring at the end of
a Dynasty (Phase 5: Check for End of Dynasty, with the FAQ's ruling that the heritage gained
comes after every card is scored).

A card lies face down in its bin: its number (its heritage requirement, VP and thresholds) is
known to its owner only until Phase 5 turns it up.  Scored or not, a card turned up leaves the
game, and the bins are empty for the next Dynasty (the rulebook does not say whether cards come
back; seven cards for three Dynasties of up to six bins makes them a resource to spend)."""
from __future__ import annotations

from explorer.engine.words import seat_name

from functools import lru_cache
from itertools import combinations

from . import empire as E
from .actions import DONE, Chronicle
from .data import ACCOMPLISHMENTS
from .turn import finish_action

BINS = tuple(ACCOMPLISHMENTS)


def enter(s) -> None:
    s.phase_ = "chronicle"


def legal(s):
    q = s.player
    open_bins = [b for b in BINS if b not in s.bins[q]]
    return [_chronicle(c, b) for c in s.chron_hand[q] for b in open_bins] + [DONE]


@lru_cache(maxsize=128)
def _chronicle(card_number: int, bin_: str) -> Chronicle:
    return Chronicle(card_number, bin_)


def _on_chronicle(s, a) -> None:
    q = s.player
    if type(a) is Chronicle:
        E.set_seat(s, "chron_hand", q, tuple(c for c in s.chron_hand[q] if c != a.card))
        E.set_seat(s, "bins", q, {**s.bins[q], a.bin: a.card})
        cat = ACCOMPLISHMENTS[a.bin]
        s._event("chronicle", f"{seat_name(q)} places Chronicle {a.card} face down in bin {a.bin} ({cat})",
                 seen_by=(q,), public=f"{seat_name(q)} places a Chronicle face down in bin {a.bin} ({cat})")
    finish_action(s)


def card(s, number: int):
    return s.data.chronicles.cards[number - 1]


def evaluate(s, q: int, bins: dict | None = None) -> tuple[list, list]:
    """What ``q``'s placed Chronicles (or the cards ``bins`` maps each bin to) would score now:
    ``(scored, rows)`` where rows are ``(bin, card, value, threshold, met)`` and scored the
    ``(bin, card)`` chosen.  Per category the cards that meet their thresholds score together if
    the heritage (no Patronage) reaches the sum of their numbers; if not, the best-paying subset
    that it reaches scores."""
    rows = []
    for b, number in sorted((s.bins[q] if bins is None else bins).items()):
        c = card(s, number)
        value = E.accomplishment(s, q, b)
        rows.append((b, number, value, c.thresholds[b], value >= c.thresholds[b]))
    scored = []
    for cat in ("Civil", "Political", "Cultural"):
        met = [(b, n) for b, n, _, _, ok in rows if ok and ACCOMPLISHMENTS[b] == cat]
        h = E.heritage(s, q, cat, patronage=False)
        best, best_vp = (), -1
        for k in range(len(met), 0, -1):
            for combo in combinations(met, k):
                need = sum(card(s, n).heritage for _, n in combo)
                vp = sum(card(s, n).vp for _, n in combo)
                if need <= h and vp > best_vp:
                    best, best_vp = combo, vp
        scored += list(best)
    return scored, rows


def score_dynasty(s) -> None:
    """Phase 5: the cards turn up; each player's are scored in turn order; Wonders pay 1 VP each;
    then every scored card raises its category's heritage by 1 (with the option
    ``heritage_per_chronicle`` off: every category with a card scored, once)."""
    raises = []
    last = list(s.last_chronicle)
    for q in s.turn_order():
        scored, rows = evaluate(s, q)
        points = sum(card(s, n).vp for _, n in scored)
        for b, n, value, need, ok in rows:
            got = (b, n) in scored
            s._event("chronicle_score", f"{seat_name(q)}'s Chronicle {n} in bin {b}: {value} against {need}"
                     + (f", +{card(s, n).vp} VP" if got else (", heritage too low" if ok else ", not met")))
            if got:
                raises.append((q, ACCOMPLISHMENTS[b]))
        wonders = sum(1 for t in E.owned(s, q) if "Wonder" in s.st.get(t, ()))
        if wonders:
            s._event("structures", f"{seat_name(q)}'s Wonders: +{wonders} VP")
        E.add_vp(s, q, points, "chronicles")
        E.add_vp(s, q, wonders, "wonders")
        last[q] = points
        E.set_seat(s, "bins", q, {})
    s.last_chronicle = tuple(last)
    if not s.options.heritage_per_chronicle:        # one step per category with a card scored
        raises = sorted(set(raises))
    for q, cat in raises:
        E.add_heritage(s, q, cat, 1)
    if raises:
        s._event("heritage_after", "heritage for scored Chronicles: "
                 + ", ".join(f"{seat_name(q)} {cat} +1" for q, cat in raises))
    s._event("dynasty", f"Dynasty {s.dynasty} is scored: " + ", ".join(f"{seat_name(q)} {s.vp[q]} VP"
                                                                        for q in range(s.players)))
