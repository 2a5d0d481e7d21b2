"""Turn (b) and Completing a card: where the cubes of a card go.

:func:`distribute_cubes` is the one implementation: the rules call it when a player
takes a card for its cubes, and the calculators and previews call it to show what a
choice would do.  Its arguments name cards exactly as the Decktet data does.

How the cubes go (our reading, see the Interpretations of :mod:`.rules`): the player
takes as many cubes as the card's rank (a Pawn: the player's highest completed rank)
and walks their row right of the Ace from left to right, putting one cube on every card
that shares a suit with the taken card, then walks it again, until the cubes run out.
A card reaching its rank is complete at once: it leaves the row (its cubes go back) and
later walks skip it; its rank may raise the cap of the Pawns (Extended deck: Pawns),
which then take cubes again up to the new cap.  When a walk places nothing, the cubes
left are surplus: they go on the player's Excuse if it lies in the row, else they are
discarded.  The Excuse itself, taken for (b), brings no cubes: it completes the one
card the player names (a Pawn it fills up to its current rank).
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE_SUIT, EXCUSE, KIND, SUITS_OF, check_name, check_rank, fixed_rank, possible_highest
from .scoring import card_points, row_points

SUIT_NAMES = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")


@dataclass(frozen=True)
class Distribution:
    """What one Turn (b) does to a player's row.

    ``evidence``: the row right of the Ace afterwards, ``(name, cubes)`` left to right
    (completed cards gone, the Excuse in place if it was given in the row);
    ``completed``: the cards completed, in order; ``wasted``: cubes discarded;
    ``excuse``: the cubes on the Excuse afterwards (``None`` without one);
    ``cubes``: how many the card brought; ``highest_completed``: the cap afterwards;
    ``score_change``: how the player's score as the Scoring section counts it changes
    (the completed cards, Pawns reaching or losing their cap, the Excuse's worth;
    the Ace bonus only when ``ace`` was given)."""

    card: str
    cubes: int
    evidence: tuple[tuple[str, int], ...]
    completed: tuple[str, ...]
    wasted: int
    excuse: int | None
    highest_completed: int
    score_change: int


def _ace_suit(ace) -> str | None:
    if ace is None:
        return None
    if ace in ACE_SUIT:
        return ACE_SUIT[ace]
    if ace in SUIT_NAMES:
        return ace
    raise ValueError(f"ace must be an Ace's name (e.g. 'Ace of Knots') or a suit, got {ace!r}")


def _check_count(value, what: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{what} must be a whole number of cubes (0 or more), got {value!r}")
    return value


def _checked_row(evidence, highest: int, excuse, crown_rank, court_rank):
    """``(row, ranks, excuse_at)`` from ``evidence`` with every entry checked."""
    if isinstance(evidence, (str, bytes)) or not hasattr(evidence, "__iter__"):
        raise ValueError(f"evidence must be a list of (card name, cubes) pairs, got {evidence!r}")
    row, ranks, seen, excuse_at = [], [], set(), None
    for i, entry in enumerate(evidence):
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise ValueError(f"evidence[{i}] must be a (card name, cubes) pair, got {entry!r}")
        name, n = entry
        check_name(name, f"evidence[{i}]")
        _check_count(n, f"evidence[{i}] ({name}) cubes")
        if name in seen:
            raise ValueError(f"evidence[{i}]: {name} appears twice in the row")
        seen.add(name)
        kind = KIND[name]
        if kind == "ace":
            raise ValueError(f"evidence[{i}]: {name} is an Ace; the row holds the cards right of the Ace")
        rank = fixed_rank(name, crown_rank, court_rank)
        if kind == "court" and rank is None:
            raise ValueError(f"evidence[{i}]: {name} is a Court, which has no rank unless court_rank is given")
        if rank is not None and n >= rank:
            raise ValueError(f"evidence[{i}]: {name} holds {n} cubes, but rank {rank} would have completed it")
        if kind == "pawn" and n > highest:
            raise ValueError(f"evidence[{i}]: the Pawn {name} holds {n} cubes, more than the highest completed "
                             f"rank {highest} allows")
        if name == EXCUSE:
            if excuse is not None:
                raise ValueError("the Excuse is in the evidence row and also given as excuse=; give it once")
            excuse_at = i
        row.append((name, n))
        ranks.append(rank)
    return row, ranks, excuse_at


def distribute_cubes(evidence, card, highest_completed=1, excuse=None, *, complete=None, ace=None,
                     crown_rank: int = 10, court_rank: int | None = None,
                     onto_excuse: int | None = None) -> Distribution:
    """Take ``card`` for its cubes (Turn (b)) against a row ``evidence`` of ``(card name,
    cubes)`` pairs right of the Ace, left to right.

    ``highest_completed``: the rank of the player's highest completed card (1: only the
    Ace), which ranks a Pawn and caps the cubes on it.  ``excuse``: the cubes on the
    player's Excuse, or ``None`` when they have none (the Excuse may instead be one of
    the ``evidence`` pairs).  ``complete``: for the Excuse taken for (b), the card it
    completes (``None``: none).  ``ace``: the player's Ace (name or suit), for the
    Scoring bonus in ``score_change``.  ``crown_rank`` / ``court_rank``: the ranks the
    rule options give Crowns and Courts.  ``onto_excuse``: how many of the cubes that fit
    nowhere else the player puts on their Excuse (the rule says they *may*; the rest are
    discarded); ``None``, the default, puts them all there.  A ValueError names anything
    that is not a possible row or card."""
    check_rank(crown_rank, "crown_rank")
    if court_rank is not None:
        check_rank(court_rank, "court_rank (None: Courts have no rank)")
    high = highest_completed
    if type(high) is not int or high not in possible_highest(crown_rank, court_rank):
        courts = "" if court_rank is None else f", a Court {court_rank}"
        raise ValueError(f"highest_completed must be the rank of a card the player could have completed "
                         f"(the Ace 1, a numeral 2-9, a Crown {crown_rank}{courts}), got {high!r}")
    if excuse is not None:
        _check_count(excuse, "excuse")
    if onto_excuse is not None:
        _check_count(onto_excuse, "onto_excuse")
    check_name(card, "card")
    if KIND[card] == "ace":
        raise ValueError(f"{card} is an Ace: Aces are dealt at the start, never taken for cubes")
    row, ranks, excuse_at = _checked_row(evidence, high, excuse, crown_rank, court_rank)
    if any(name == card for name, _ in row):
        raise ValueError(f"{card} is already in the evidence row; it cannot also be taken")
    ace_suit = _ace_suit(ace)
    before = row_points(row, high, ace_suit) + (excuse if excuse is not None and excuse <= high else 0)
    done: list[str] = []
    left = cubes_taken = 0
    if card == EXCUSE:
        if complete not in (None, ""):
            check_name(complete, "complete")
            at = next((i for i, (name, _) in enumerate(row) if name == complete), None)
            if at is None or complete == EXCUSE:
                raise ValueError(f"the Excuse can complete a card of the row; {complete} is not one")
            name, n = row[at]
            if ranks[at] is None:                        # a Pawn: filled to its rank, it stays
                if n >= high:
                    raise ValueError(f"the Pawn {name} already holds its rank ({high}) in cubes")
                row[at] = (name, high)
            else:
                done.append(name)
                high = max(high, ranks[at])
                del row[at], ranks[at]
                if excuse_at is not None and excuse_at > at:
                    excuse_at -= 1
    else:
        if complete not in (None, ""):
            raise ValueError(f"only the Excuse completes a chosen card; {card} brings cubes")
        rank = fixed_rank(card, crown_rank, court_rank)
        if KIND[card] == "court" and rank is None:
            raise ValueError(f"{card} is a Court, which has no rank unless court_rank is given")
        left = high if rank is None else rank            # a Pawn brings the taker's highest rank
        cubes_taken = left
        excuse_at, high, left = _walk(row, ranks, SUITS_OF[card], left, high, done, excuse_at)
    wasted = 0
    if left:
        spare = left if onto_excuse is None else min(left, onto_excuse)
        if excuse_at is not None:
            name, n = row[excuse_at]
            row[excuse_at] = (name, n + spare)
        elif excuse is not None:
            excuse += spare
        else:
            spare = 0
        wasted = left - spare
    after_excuse = row[excuse_at][1] if excuse_at is not None else excuse
    after = sum(card_points(n, fixed_rank(n, crown_rank, court_rank), ace_suit) for n in done) \
        + row_points(row, high, ace_suit) + (excuse if excuse is not None and excuse <= high else 0)
    return Distribution(card, cubes_taken, tuple(row), tuple(done), wasted, after_excuse, high, after - before)


def _walk(row, ranks, suits, left: int, high: int, done: list, excuse_at):
    """Turn (b)'s walks along ``row`` (changed in place): returns ``(excuse_at, high,
    cubes left over)``."""
    while left:
        placed = False
        i = 0
        while i < len(row) and left:
            name, n = row[i]
            if not suits.isdisjoint(SUITS_OF[name]):
                rank = ranks[i]
                if rank is None:                         # a Pawn, capped by the highest completed rank
                    if n < high:
                        row[i] = (name, n + 1)
                        left -= 1
                        placed = True
                else:
                    left -= 1
                    placed = True
                    if n + 1 >= rank:                    # Completing a card: it leaves the row at once
                        done.append(name)
                        if rank > high:
                            high = rank
                        del row[i], ranks[i]
                        if excuse_at is not None and excuse_at > i:
                            excuse_at -= 1
                        continue
                    row[i] = (name, n + 1)
            i += 1
        if not placed:
            break
    return excuse_at, high, left
