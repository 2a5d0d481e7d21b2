"""The end of a turn: Refilling the display (a chance node turns up the deck's top
card), Next player (to the left; the Variant: the most chips), and Game play's end of
the game (no chips left in any supply, or the last card taken), scored by Scoring."""
from __future__ import annotations

from explorer.engine.state import CHANCE, TERMINAL
from explorer.engine.words import seat_name

from . import display as D


def end_turn(s, from_display: bool) -> None:
    """After the card is taken and paid for: the game ends, or the display is refilled
    (a card was taken from it and the deck has cards), or the next player goes."""
    s.turn += 1
    if not any(s.supply):
        finish(s, "no player has a chip left in their supply")
    elif not s.display and not s.deck:
        finish(s, "the last card of the display has been taken")
    elif from_display and s.deck:
        s.taker = s.player
        s.phase_ = "reveal"
        s.player = CHANCE
    else:
        pass_turn(s, s.player)


def _on_reveal(s, a):
    rows = s.options.display_rows
    s.display = s.display + (a.card,)
    i = s.deck.index(a.card)
    s.deck = s.deck[:i] + s.deck[i + 1:]
    s._event("refill", f"the cards slide down; {a.card} is turned up at {D.row_words(rows, len(s.display) - 1)}")
    pass_turn(s, s.taker)


def next_seat(supply: tuple, current: int, most_chips: bool) -> int:
    """Who plays after ``current``.  Seats are looked at from ``current``'s left round
    to ``current`` itself; one with no chip in their supply cannot take a card and is
    passed over (see Interpretations).  Clockwise, the first seat with chips plays; in
    the Variant, the one with the most chips, a tie going to the first of them."""
    n = len(supply)
    best, best_chips = None, 0
    for d in range(1, n + 1):
        q = (current + d) % n
        chips = supply[q]
        if chips > best_chips:
            if not most_chips:
                return q
            best, best_chips = q, chips
    return best


def pass_turn(s, current: int) -> None:
    o = s.options
    q = next_seat(s.supply, current, o.most_chips_next)
    s.phase_ = "take"
    s.player = q
    if o.most_chips_next:
        s._event("variant", f"{seat_name(q)} has the most chips ({s.supply[q]}) and goes next")
    elif q != (current + 1) % o.players:
        s._event("next", f"{seat_name(q)} goes next (the players between have no chips left)")


def scores(s) -> tuple[int, ...]:
    return tuple(s.score(p) for p in range(s.options.players))


def finish(s, why: str) -> None:
    s.final_scores = scores(s)
    top = max(s.final_scores)
    s.winners = tuple(p for p, x in enumerate(s.final_scores) if x == top)
    s.end_reason = "victory"
    s.phase_ = "over"
    s.player = TERMINAL
    s._event("end", f"the game ends: {why}")
    s._event("score", "final scores: " + ", ".join(f"{seat_name(p)} {x}" for p, x in enumerate(s.final_scores)))
    who = " and ".join(seat_name(p) for p in s.winners)
    s._event("score", f"{who} {'wins' if len(s.winners) == 1 else 'share the win'} with {top}")
