"""The Decktet (P. D. Magnus): a deck of cards in six suits, with its extended cards.

Suits: Moons, Suns, Waves, Leaves, Wyrms, Knots.  The basic deck holds six Aces (one
suit each), twenty-four numerals 2-9 (three of each rank, two suits each) and six
Crowns (one suit each); the extended deck adds four Pawns and four Courts (three suits
each) and the Excuse (no suit, no rank).  Cards are named as the deck names them ("The
Desert", "Ace of Knots").

The cards are facts, not rules: they are read from ``data/journalists/decktet.yaml``
(its ``source`` says where they come from) and checked on load, so that a broken file
is refused with a :class:`DecktetError` naming the entry, never a traceback from deep
inside.  A card's *kind* is the rank word of the listing (``ace``, ``numeral``,
``crown``, ``pawn``, ``court``, ``excuse``); :attr:`Card.rank` is the printed number
(1 for an Ace, 2-9 for a numeral) and ``None`` for the others: each game's rules
decide what a Crown, Pawn, Court or the Excuse counts as.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NoReturn

import yaml

SUITS: tuple[str, ...] = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
KINDS: tuple[str, ...] = ("ace", "numeral", "crown", "pawn", "court", "excuse")
#: how many cards of each kind the extended deck holds, and how many suits each has
_SHAPE = {"ace": (6, 1), "numeral": (24, 2), "crown": (6, 1), "pawn": (4, 3), "court": (4, 3), "excuse": (1, 0)}
DEFAULT_FILE = ("journalists", "decktet.yaml")


class DecktetError(ValueError):
    """A card list that is not a valid Decktet; the message names the bad entry."""


@dataclass(frozen=True, slots=True)
class Card:
    """One Decktet card: its name, kind, printed rank (None where the deck prints none),
    suits (in the deck's suit order) and types (Personality, Location, Event)."""

    name: str
    kind: str
    rank: int | None
    suits: tuple[str, ...]
    types: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Decktet:
    """The whole extended deck, in the listing's order, with look-ups by name."""

    suits: tuple[str, ...]
    cards: tuple[Card, ...]
    source: str

    @cached_property
    def _by_name(self) -> dict[str, Card]:
        return {c.name: c for c in self.cards}

    def card(self, name: str) -> Card:
        """The card called ``name``; a :class:`DecktetError` naming close names if none is."""
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            raise DecktetError(unknown_card_message(name, self._by_name)) from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def of_kind(self, *kinds: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind in kinds)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)


def unknown_card_message(name: object, known) -> str:
    """"no Decktet card is called 'The Dessert'; did you mean 'The Desert'?" (close names
    by difflib), for every place a card name is read."""
    import difflib
    close = difflib.get_close_matches(str(name), list(known), n=3) if isinstance(name, str) else []
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else \
        " (names are written as the deck prints them, e.g. 'The Desert', 'Ace of Knots')"
    return f"no Decktet card is called {name!r}{hint}"


def _kind_and_rank(word, where: str) -> tuple[str, int | None]:
    if word == "ace":
        return "ace", 1
    if isinstance(word, int) and not isinstance(word, bool) and 2 <= word <= 9:
        return "numeral", word
    if word in ("crown", "pawn", "court"):
        return word, None
    if word == "none":
        return "excuse", None
    raise DecktetError(f"{where}: rank {word!r} is not one of ace, 2-9, crown, pawn, court, none")


def parse_decktet(data: object, origin: str = "<given>") -> Decktet:
    """Build a :class:`Decktet` from the parsed YAML; refuse anything else, naming it."""
    def fail(problem: str) -> NoReturn:
        raise DecktetError(f"card list {origin} is not valid: {problem}")

    if not isinstance(data, dict):
        fail("it must be a mapping with 'source', 'suits' and 'cards'")
    unknown = sorted(set(data) - {"source", "suits", "cards"})
    if unknown:
        fail(f"unknown key(s) {unknown}")
    source = data.get("source")
    if not isinstance(source, str) or not source.strip():
        fail("'source' must say where the cards come from")
    if data.get("suits") != list(SUITS):
        fail(f"'suits' must be {list(SUITS)}, got {data.get('suits')!r}")
    raw = data.get("cards")
    if not isinstance(raw, list):
        fail("'cards' must be a list")
    cards, seen = [], set()
    for i, entry in enumerate(raw):
        where = f"card {i + 1}"
        if not isinstance(entry, dict):
            fail(f"{where} must be a mapping with name, rank and suits, got {entry!r}")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            fail(f"{where} has no name")
        where = f"card {i + 1} ({name})"
        extra = sorted(set(entry) - {"name", "rank", "suits", "types"})
        if extra:
            fail(f"{where} has unknown key(s) {extra}")
        if name in seen:
            fail(f"{where} appears twice")
        seen.add(name)
        try:
            kind, rank = _kind_and_rank(entry.get("rank"), where)
        except DecktetError as e:
            fail(str(e))
        suits = entry.get("suits")
        if not isinstance(suits, list) or any(s not in SUITS for s in suits) or len(set(suits)) != len(suits):
            fail(f"{where}: suits must be distinct names from {list(SUITS)}, got {suits!r}")
        if len(suits) != _SHAPE[kind][1]:
            fail(f"{where}: a {kind} has {_SHAPE[kind][1]} suit(s), got {len(suits)}")
        types = entry.get("types", [])
        if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
            fail(f"{where}: types must be a list of words, got {types!r}")
        cards.append(Card(name, kind, rank, tuple(sorted(suits, key=SUITS.index)), tuple(types)))
    for kind, (count, _) in _SHAPE.items():
        have = sum(c.kind == kind for c in cards)
        if have != count:
            fail(f"the extended deck has {count} card(s) of kind {kind}, the list has {have}")
    for suit in SUITS:
        aces = [c.name for c in cards if c.kind == "ace" and c.suits == (suit,)]
        crowns = [c.name for c in cards if c.kind == "crown" and c.suits == (suit,)]
        if len(aces) != 1 or len(crowns) != 1:
            fail(f"{suit} needs exactly one Ace and one Crown (Aces {aces}, Crowns {crowns})")
    return Decktet(SUITS, tuple(cards), source.strip())


def read_decktet(text: str, origin: str = "<given>") -> Decktet:
    """Parse YAML ``text`` as a card list (a :class:`DecktetError` for bad YAML too)."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise DecktetError(f"card list {origin} is not valid YAML: {e}") from None
    return parse_decktet(data, origin)


@lru_cache(maxsize=1)
def decktet() -> Decktet:
    """The Decktet as listed in ``data/journalists/decktet.yaml`` (read once)."""
    from explorer.engine.examples import data_file
    origin = "data/" + "/".join(DEFAULT_FILE)
    try:
        text = data_file(*DEFAULT_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise DecktetError(f"cannot read the card list {origin} (installed as package data of "
                           f"explorer.data): {getattr(e, 'strerror', None) or e}") from None
    return read_decktet(text, origin)
