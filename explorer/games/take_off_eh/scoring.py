"""The scoring ladder: who scores what for one scoring unit (the slush fund or one province).

The rulebook gives the ladder twice, in the same words of substance: under Completion 2,
*Fall: Tourism Boom*, and under *Special Scoring Rounds* (an outline, then parts 1. Slush Fund
and 3. Provinces and Territories).  In our words:

- each suit's coins on the unit are summed (null 0, ace 1) and the suits ranked by total;
- suits with equal totals drop one step together, and so does every suit below them;
- first place scores the unit's maximum (the slush fund's coin count, a tile's value);
  second half of that, rounded down, with three or more players; third half of second's
  (even if nobody is second), rounded down, with four or more; any lower place nothing;
- a suit no player controls takes its place on the ladder but its points go to nobody;
- a unit holding coins of one suit only pays that suit twice the maximum;
- the Queen's tile and a player's home province (where the pawn stands) pay two more.

:func:`score_unit` is the one implementation; the rules and the scoring panel both call it.
The readings chosen where the text is ambiguous are under *Interpretations* in the package
docstring (:mod:`explorer.games.take_off_eh`); each alternative is a keyword argument.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

#: The suit names ``score_unit`` reads: the standard piecepack, then the four-seasons one.
SUITS: tuple[str, ...] = ("suns", "moons", "crowns", "arms", "spring", "summer", "fall", "winter")
#: Crowns are the Queen's; no player may choose them (Preparation 5).
QUEEN_SUIT = "crowns"
VALUES = range(0, 6)            # null = 0, ace = 1, then 2-5
BONUS = 2                       # the Queen's and the home-province bonus

LADDER = "Special Scoring Rounds"
DETAIL = "Special Scoring Rounds, 3. Provinces and Territories"

#: The options for the two readings the rulebook leaves open (and one more we found).
BONUS_TO = ("first ranked", "top scorer")
TIE_DROP = ("one place", "group size")
LONE = ("one suit", "one player")

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}th"


class Points(int):
    """An int (the points a suit scores on one unit) that carries ``why``: short sentences in our
    words, each citing its rulebook section, so that a panel can show how the points came about."""

    why: tuple[str, ...]

    def __new__(cls, value: int, why: Iterable[str] = ()):
        obj = super().__new__(cls, value)
        obj.why = tuple(why)
        return obj

    def __repr__(self) -> str:
        return f"Points({int(self)}, why={self.why!r})"


@dataclass(frozen=True, eq=False)
class UnitScore(Mapping[str, Points]):
    """What :func:`score_unit` returns: a mapping from every player suit, in seat order, to its
    :class:`Points`, plus the ladder itself for display.  Compares equal to a plain dict of ints."""

    points: tuple[tuple[str, Points], ...]
    totals: tuple[tuple[str, int], ...]       # every suit with coins here, highest total first
    places: tuple[tuple[str, int], ...]       # the same suits and their places on the ladder
    max_value: int

    def __getitem__(self, suit: str) -> Points:
        for s, p in self.points:
            if s == suit:
                return p
        raise KeyError(suit)

    def __iter__(self) -> Iterator[str]:
        return (s for s, _ in self.points)

    def __len__(self) -> int:
        return len(self.points)

    def __repr__(self) -> str:
        return "UnitScore(" + ", ".join(f"{s}={int(p)}" for s, p in self.points) + ")"


def ladder_value(place: int, max_value: int, players: int) -> int:
    """What a player suit on ``place`` earns from the ladder, before doubles and bonuses."""
    second = max_value // 2
    if place == 1:
        return max_value
    if place == 2 and players >= 3:
        return second
    if place == 3 and players >= 4:
        return second // 2
    return 0


def score_unit(coins: Iterable[tuple[str, int]], max_value: int, player_suits: Iterable[str],
               queen_here: bool = False, home_suit: str | Iterable[str] | None = None, *,
               bonus_to: str = "first ranked", tie_drop: str = "one place", lone: str = "one suit") -> UnitScore:
    """Score one unit.

    ``coins``: ``(suit, value)`` pairs, suits as in :data:`SUITS`, values 0-5 (null 0, ace 1).
    ``max_value``: the unit's maximum score value (slush fund: its number of coins; a tile:
    its value, which is 0 for a null tile).  ``player_suits``: the suits players control, in
    seat order (their number sets which places score).  ``queen_here``: the Queen tours this
    tile.  ``home_suit``: the suit whose pawn stands here, or several (two pawns may share a
    province, as in the Preparation example), or None.

    ``bonus_to`` (``"first ranked"`` or ``"top scorer"``), ``tie_drop`` (``"one place"`` or
    ``"group size"``) and ``lone`` (``"one suit"`` or ``"one player"``) choose between readings;
    see the package's Interpretations.  Every bad argument is a ValueError naming it.
    """
    players = _player_suits(player_suits)
    pairs = _coins(coins)
    max_value = _max_value(max_value)
    homes = _home_suits(home_suit, players)
    if not isinstance(queen_here, bool):
        raise ValueError(f"queen_here must be True or False, got {queen_here!r}")
    for name, value, allowed in (("bonus_to", bonus_to, BONUS_TO), ("tie_drop", tie_drop, TIE_DROP),
                                 ("lone", lone, LONE)):
        if value not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}; got {value!r}")
    return ladder(pairs, max_value, players, queen_here, homes, bonus_to, tie_drop, lone)


def ladder(pairs, max_value: int, players: tuple[str, ...], queen_here: bool, homes: frozenset[str],
           bonus_to: str, tie_drop: str, lone: str) -> UnitScore:
    """:func:`score_unit` on arguments already checked (the rules' own calls: their coins, suits and
    options are valid by construction)."""
    totals: dict[str, int] = {}
    for suit, value in pairs:
        totals[suit] = totals.get(suit, 0) + value
    ranked = sorted(totals, key=lambda s: (-totals[s], SUITS.index(s)))
    places = _places(ranked, totals, tie_drop)
    why: dict[str, list[str]] = {s: [] for s in players}
    points: dict[str, int] = {s: 0 for s in players}
    n = len(players)

    for suit in players:
        if suit not in totals:
            why[suit].append(f"no {suit} coins here, so {suit} is not on the ladder ({LADDER})")
            continue
        place, total = places[suit], totals[suit]
        tied = [s for s in ranked if s != suit and totals[s] == total]
        line = f"{suit} coins total {total}"
        if tied:
            line += f", tied with {_names(tied, players)}; a tie drops the tied suits and all below them one step"
        above_ties = _ties_above(ranked, totals, total)
        if above_ties and not tied:
            line += f"; the tie above ({_names(above_ties, players)}) pushes it down"
        why[suit].append(f"{line}: {ordinal(place)} place ({LADDER})")
        points[suit] = ladder_value(place, max_value, n)
        why[suit].append(_ladder_reason(place, max_value, n))

    alone = _lone_scorer(ranked, players, lone)
    if alone is not None:
        points[alone] = 2 * max_value
        what = "the only suit" if lone == "one suit" else "the only player's suit"
        why[alone].append(f"{what} with coins here scores twice the maximum: {2 * max_value} ({LADDER})")

    for suit, reason in _bonuses(ranked, places, points, players, queen_here, homes, bonus_to):
        points[suit] += BONUS
        why[suit].append(reason)

    neutral = [s for s in ranked if s not in players]
    for suit in players:
        ahead = [s for s in neutral if suit in places and places[s] <= places[suit]]
        if ahead:
            held = "holds a place" if len(ahead) == 1 else "hold places"
            why[suit].append(f"{_names(ahead, players)} {held} on the ladder but no player scores "
                             f"for {'it' if len(ahead) == 1 else 'them'} ({DETAIL})")
    return UnitScore(
        points=tuple((s, Points(points[s], why[s])) for s in players),
        totals=tuple((s, totals[s]) for s in ranked),
        places=tuple((s, places[s]) for s in ranked),
        max_value=max_value,
    )


def _places(ranked: list[str], totals: dict[str, int], tie_drop: str) -> dict[str, int]:
    """Ladder places.  Suits are ranked by total (dense ranking for ``"one place"``: a suit
    right below a tied group is next in line; competition ranking for ``"group size"``: it
    comes after all the group's members); then every tied group, and everything below it,
    moves down one place."""
    places, shift, above = {}, 0, 0
    groups: list[list[str]] = []
    for s in ranked:
        if groups and totals[groups[-1][0]] == totals[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    for dense, group in enumerate(groups, 1):
        base = dense if tie_drop == "one place" else above + 1
        if len(group) > 1:
            shift += 1
        for s in group:
            places[s] = base + shift
        above += len(group)
    return places


def _ties_above(ranked: list[str], totals: dict[str, int], total: int) -> list[str]:
    higher = [s for s in ranked if totals[s] > total]
    return [s for s in higher if sum(totals[t] == totals[s] for t in higher) > 1]


def _ladder_reason(place: int, max_value: int, players: int) -> str:
    second = max_value // 2
    if place == 1:
        return f"first place scores the unit's maximum, {max_value} ({LADDER})"
    if place == 2:
        if players >= 3:
            return f"second place scores half of {max_value}, rounded down: {second} ({LADDER})"
        return f"with {players} players only first place scores ({LADDER})"
    if place == 3:
        if players >= 4:
            return f"third place scores half of second's {second}, rounded down: {second // 2} ({LADDER})"
        return f"with {players} players third place scores nothing ({LADDER})"
    return f"places below third score nothing ({LADDER})"


def _lone_scorer(ranked: list[str], players: tuple[str, ...], lone: str) -> str | None:
    if lone == "one suit":
        return ranked[0] if len(ranked) == 1 and ranked[0] in players else None
    present = [s for s in ranked if s in players]
    return present[0] if len(present) == 1 else None


def _bonuses(ranked, places, points, players, queen_here, homes, bonus_to):
    """``(suit, reason)`` for each +2 bonus (the Queen's tile, a home province)."""
    if not (queen_here or homes):
        return []
    if bonus_to == "first ranked":
        firsts = [s for s in ranked if places[s] == 1 and s in players]
        whom, where = "the first-ranked suit", f"{LADDER}, outline"
    else:
        best = max(points.values())
        firsts = [s for s in players if best > 0 and points[s] == best]
        whom, where = "the player scoring the most here", DETAIL
    out = []
    for suit in firsts:
        if queen_here:
            out.append((suit, f"the Queen tours here: {whom} gets {BONUS} more ({where})"))
        if suit in homes:
            out.append((suit, f"{suit}'s home province (its pawn is here): {whom} gets {BONUS} more ({where})"))
    return out


def _names(suits: Iterable[str], players: tuple[str, ...]) -> str:
    return ", ".join(s if s in players else f"{s} (neutral)" for s in suits)


# -- argument checks --------------------------------------------------------------------------

def _suit(text: object, argument: str) -> str:
    suit = text.strip().lower() if isinstance(text, str) else None
    if suit not in SUITS:
        raise ValueError(f"{argument}: unknown suit {text!r}; suits are {', '.join(SUITS)}")
    return suit


def _player_suits(player_suits: Iterable[str]) -> tuple[str, ...]:
    if isinstance(player_suits, str) or not isinstance(player_suits, Iterable):
        raise ValueError(f"player_suits must be a list of suits in seat order, got {player_suits!r}")
    suits = tuple(_suit(s, "player_suits") for s in player_suits)
    if QUEEN_SUIT in suits:
        raise ValueError("player_suits: crowns belong to the Queen and no player may take them (Preparation 5)")
    twice = sorted({s for s in suits if suits.count(s) > 1})
    if twice:
        raise ValueError(f"player_suits: each player controls a different suit; {', '.join(twice)} is listed twice")
    if len(suits) < 2:
        raise ValueError(f"player_suits: the game needs at least two players, got {len(suits)}")
    return suits


def _coins(coins: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    if isinstance(coins, (str, bytes)) or not isinstance(coins, Iterable):
        raise ValueError(f"coins must be a list of (suit, value) pairs, got {coins!r}")
    out = []
    for i, coin in enumerate(coins):
        if isinstance(coin, str) or not isinstance(coin, (tuple, list)) or len(coin) != 2:
            raise ValueError(f"coins[{i}] must be a (suit, value) pair, got {coin!r}")
        suit = _suit(coin[0], f"coins[{i}]")
        value = coin[1]
        if isinstance(value, bool) or not isinstance(value, int) or value not in VALUES:
            raise ValueError(f"coins[{i}]: value {value!r} is not a coin value 0-5 (null 0, ace 1)")
        if (suit, value) in out:
            raise ValueError(f"coins[{i}]: the {value} of {suit} is listed twice; there is one such coin")
        out.append((suit, value))
    return out


def _max_value(max_value: object) -> int:
    # 0 is allowed: a null tile is worth nothing, but its bonuses still count.
    if isinstance(max_value, bool) or not isinstance(max_value, int) or max_value < 0:
        raise ValueError(f"max_value must be a whole number 0 or more (a tile's value or the slush "
                         f"fund's coin count), got {max_value!r}")
    return max_value


def _home_suits(home_suit: str | Iterable[str] | None, players: tuple[str, ...]) -> frozenset[str]:
    if home_suit is None:
        return frozenset()
    given = [home_suit] if isinstance(home_suit, str) else home_suit
    if not isinstance(given, Iterable):
        raise ValueError(f"home_suit must be a suit, a list of suits or None, got {home_suit!r}")
    homes = frozenset(_suit(s, "home_suit") for s in given)
    strangers = sorted(homes - set(players))
    if strangers:
        raise ValueError(f"home_suit: {', '.join(strangers)} is not a player suit; only players have "
                         f"pawns marking home provinces (Preparation 5)")
    return homes
