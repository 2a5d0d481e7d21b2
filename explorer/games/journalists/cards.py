"""The Decktet cards as Journalists uses them: suits as sets and the rank each card
counts for, which the rules decide for the cards the deck prints no number on.

- an Ace is 1, a numeral its number;
- a Crown is ``crown_rank`` (10, the basic deck's value; an option);
- a Court is ``court_rank`` (only with the ``courts`` option; see Interpretations);
- a Pawn is its holder's highest completed rank (Extended deck: Pawns), so it has no
  fixed rank here: :func:`fixed_rank` gives ``None`` and the callers use the cap;
- the Excuse has no rank at all (Extended deck: the Excuse).
"""
from __future__ import annotations

from functools import cache

from explorer.components.decktet import decktet, unknown_card_message

DECK = decktet()
CARDS = {c.name: c for c in DECK.cards}
#: name -> frozenset of its suits (the Excuse: empty)
SUITS_OF = {c.name: frozenset(c.suits) for c in DECK.cards}
KIND = {c.name: c.kind for c in DECK.cards}
EXCUSE = DECK.of_kind("excuse")[0].name
ACES = tuple(c.name for c in DECK.of_kind("ace"))
ACE_SUIT = {c.name: c.suits[0] for c in DECK.of_kind("ace")}
PAWNS = tuple(c.name for c in DECK.of_kind("pawn"))
COURTS = tuple(c.name for c in DECK.of_kind("court"))
#: the basic deck without its Aces: the numerals and Crowns every game shuffles (Setup 2)
BASIC = tuple(c.name for c in DECK.of_kind("numeral", "crown"))
#: every card's place in the listing, for a stable order of the deck and of choices
ORDER = {c.name: i for i, c in enumerate(DECK.cards)}
#: the highest rank the options may give Crowns or Courts (a designer's what-if bound)
MAX_RANK = 20


def fixed_rank(name: str, crown_rank: int, court_rank: int | None) -> int | None:
    """The rank ``name`` counts for, or ``None`` for a Pawn or the Excuse (and for a
    Court when Courts have no rank).  ``KeyError`` for a name that is no card."""
    card = CARDS[name]
    if card.rank is not None:
        return card.rank
    if card.kind == "crown":
        return crown_rank
    if card.kind == "court":
        return court_rank
    return None


def check_rank(value: object, what: str) -> int:
    """``value`` if it is a whole-number rank 1 to :data:`MAX_RANK` (a bool is no number),
    else a ValueError naming ``what``."""
    if type(value) is not int or not 1 <= value <= MAX_RANK:
        raise ValueError(f"{what} must be a whole-number rank 1-{MAX_RANK}, got {value!r}")
    return value


@cache
def possible_highest(crown_rank: int, court_rank: int | None) -> frozenset[int]:
    """The ranks a player's highest completed card can have: the Ace's 1, a numeral's 2-9,
    the Crowns' and (with Courts in) the Courts' rank."""
    return frozenset(range(1, 10)) | {crown_rank} | ({court_rank} if court_rank is not None else set())


def check_name(name: object, what: str = "card") -> str:
    """``name`` if it is a Decktet card, else a ValueError naming it (with close names)."""
    if not isinstance(name, str) or name not in CARDS:
        raise ValueError(f"{what}: " + unknown_card_message(name, CARDS))
    return name
