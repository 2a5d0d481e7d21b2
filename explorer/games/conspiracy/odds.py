"""Conspiracy's exact calculators: the chances behind column checks, reveals,
unexpected effects and coin draws, as :class:`fractions.Fraction`.

Every rule of arithmetic comes from :mod:`reckoning`, the same module the engine plays
by; this module only adds the probability on top.  Pieces are given by name
(``"Crowns-5"``, ``"Arms-ace"``, ``"Moons-null"``; the singular suit names and digits of
the rulebook's prose are accepted too).  Conspiracy uses one standard piecepack, so a
name from another suit set, or the same piece listed twice, is refused with a
``ValueError`` that names it.

Findings
--------
A column with no face-up future tile advances only when two or more dice show their
symbol: ``advance_probability([]) == 19/144`` (about 13.2%).  The design note under
Time Marches On 4 puts that floor at one chance in six; the exact figure is a little
lower.

Interpretations
---------------
- Draws from the bag (Draw Coins 2) are counted from one player's knowledge, not the
  teacher's: see :func:`bag_draw_probability` for the model.
- Reveal support (Take Actions 5.d.iv) is computed for any set of symbol-side-up
  coins; whether the reveal is allowed at all (5.d.iii asks for two such coins) is
  the rules engine's business, not the calculator's.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from math import comb

from explorer.components.piecepack import STANDARD, parse_rank, parse_suit, parse_suit_rank, piece_name
from explorer.games.conspiracy.reckoning import (
    DIE_FACES,
    DIE_SUITS,
    highest_by_suit,
    spiral_target_outcomes,
    successful_faces,
    tile_stays,
    tile_support,
)
from explorer.games.conspiracy.rules import ConspiracyOptions, ConspiracyState

__all__ = [
    "success_distribution",
    "advance_probability",
    "column_success_faces",
    "reveal_tile_support",
    "reveal_tile_stays",
    "spiral_hit_probability",
    "spiral_present_removal_probability",
    "bag_draw_probability",
]


# --------------------------------------------------------------------------- inputs

def _parse_piece(name: object, kind: str) -> tuple[str, int]:
    suit, rank = parse_suit_rank(name)  # ValueError for a malformed name
    if suit not in STANDARD:
        raise ValueError(f"{kind} {name!r}: Conspiracy uses one standard piecepack "
                         f"({', '.join(STANDARD.suits)}), not {suit}")
    return suit, rank


def _items(values: object, expected: str) -> list:
    """``values`` as a list; a single string or a non-collection (None, a number) is
    refused with ``expected`` (what the argument should be)."""
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise ValueError(f"{expected}, got {values!r}")
    return list(values)


def _parse_pieces(names: Iterable[str], kind: str) -> list[tuple[str, int]]:
    """Parse a collection of piece names; one piecepack means no piece twice."""
    pieces = [_parse_piece(name, kind) for name in _items(names, f"give the {kind}s as a list of names")]
    repeated = [piece_name(*p) for p, n in Counter(pieces).items() if n > 1]
    if repeated:
        raise ValueError(f"{kind} {', '.join(repeated)} listed more than once; "
                         "a piecepack holds one of each")
    return pieces


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{what} cannot be negative, got {value}")
    return value


# --------------------------------------------------------------- Time Marches On 3-4

def column_success_faces(face_up_tiles: Iterable[str]) -> dict[str, tuple[int, ...]]:
    """Which faces of each suit's die count as a success against a column
    (Time Marches On 4), given the names of the column's face-up future tiles.

    Tiles in the Present row and face-down tiles do not count, so leave them out."""
    highest = highest_by_suit(_parse_pieces(face_up_tiles, "tile"))
    return {suit: successful_faces(suit, highest) for suit in DIE_SUITS}


def success_distribution(face_up_tiles: Iterable[str]) -> dict[int, Fraction]:
    """Chance of each number of successful dice when the four suited dice are rolled
    for a column (Time Marches On 3-4).

    The dice are independent, so the distribution is the convolution of four
    success/failure chances, one per die.  Keys run from 0 to the number of dice."""
    dist = [Fraction(1)]
    for faces in column_success_faces(face_up_tiles).values():
        p = Fraction(len(faces), DIE_FACES)
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dict(enumerate(dist))


def advance_probability(face_up_tiles: Iterable[str], needed: int = 2) -> Fraction:
    """Chance that a column check or an Advance Column action moves the column
    (Time Marches On 3; Take Actions 5.e): at least ``needed`` dice succeed.

    The rulebook asks for 2; ``needed`` is there for designers' what-ifs."""
    needed = _count(needed, "needed (successes to advance)")
    return sum((p for k, p in success_distribution(face_up_tiles).items() if k >= needed),
               Fraction(0))


# ------------------------------------------------------ Take Actions 5.d (Reveal Tile)

def reveal_tile_support(tile: str, symbol_coins: Iterable[str]) -> int:
    """Total worth of the symbol-side-up coins on a tile being revealed
    (Take Actions 5.d.iv.a).

    Pass only the coins lying symbol side up: coins showing their number do not
    count, so they are left out rather than passed."""
    suit, _ = _parse_piece(tile, "tile")
    return tile_support(suit, _parse_pieces(symbol_coins, "coin"))


def reveal_tile_stays(tile: str, symbol_coins: Iterable[str]) -> bool:
    """Whether the revealed tile stays face up (Take Actions 5.d.iv.b) or is removed
    and handed to the active player (5.d.iv.c)."""
    _, rank = _parse_piece(tile, "tile")
    return tile_stays(rank, reveal_tile_support(tile, symbol_coins))


# ------------------------------------------------------------ Unexpected Effects 2-4

def _positions(tile_positions: Iterable[tuple[int, int]], columns: int) -> set[tuple[int, int]]:
    seen: set[tuple[int, int]] = set()
    for pos in _items(tile_positions, "tile positions are a list of (column, row) pairs"):
        try:
            column, row = pos
        except (TypeError, ValueError):
            raise ValueError(f"a tile position is a (column, row) pair, got {pos!r}") from None
        column = _count(column, "a tile's column")
        row = _count(row, "a tile's row")
        if column >= columns:
            raise ValueError(f"column {column} is off a board of {columns} columns "
                             f"(columns count from 0)")
        if (column, row) in seen:
            raise ValueError(f"two tiles cannot share column {column}, row {row}")
        seen.add((column, row))
    return seen


def spiral_hit_probability(tile_positions: Iterable[tuple[int, int]], columns: int = 3) -> Fraction:
    """Chance that the unexpected effect of a spiral coin finds a tile
    (Unexpected Effects 2-4): a die picks the column, a second roll the row.

    ``tile_positions`` lists the occupied ``(column, row)`` spaces, columns counted
    from 0 at the left and row 0 being the Present row, row r being Future r.  A die
    shows at most 5, so tiles further down can never be hit (4 then applies)."""
    outcomes = spiral_target_outcomes(_count(columns, "columns"))  # ValueError for an impossible count
    occupied = _positions(tile_positions, columns)
    return sum((p for target, p in outcomes if target in occupied), Fraction(0))


def spiral_present_removal_probability(tile_positions: Iterable[tuple[int, int]],
                                       columns: int = 3) -> Fraction:
    """Chance that the unexpected effect takes a tile out of the Present row and gives
    it to the active player (Unexpected Effects 3.a), rather than flipping one."""
    outcomes = spiral_target_outcomes(_count(columns, "columns"))
    present = {pos for pos in _positions(tile_positions, columns) if pos[1] == 0}
    return sum((p for target, p in outcomes if target in present), Fraction(0))


# ------------------------------------------------------------------ Draw Coins 2

def _hypergeometric(population: int, marked: int, sample: int) -> dict[int, Fraction]:
    """How many marked items a uniform ``sample``-subset of ``population`` contains."""
    total = comb(population, sample)
    return {j: Fraction(comb(marked, j) * comb(population - marked, sample - j), total)
            for j in range(max(0, sample - (population - marked)), min(marked, sample) + 1)}


def bag_draw_probability(unknown_coins: Iterable[str], bag_size: int, draws: int,
                         suit: str | None = None, rank: int | str | None = None,
                         known_rank_outside_bag: Iterable[int] = ()) -> Fraction:
    """Chance of drawing at least one coin that matches a filter when drawing
    ``draws`` coins from the bag (Draw Coins 2), judged from what one player knows.

    The filter is a ``suit``, a ``rank``, or both (one exact coin).

    What the player knows:

    - ``unknown_coins``: every coin whose whereabouts the player cannot pin down;
      the coins in the bag are among them.  A coin left out is known to be elsewhere
      (in the player's hand, face up on the board...), so it cannot be drawn.
    - ``known_rank_outside_bag``: the ranks of unknown coins that are visibly out of
      the bag with their suit hidden: coins played number side up (Take Actions
      5.a.ii), coins opponents saved in front of them (Save/Discard Coins 6).
    - every other unknown coin outside the bag is out of sight (an opponent's hand).

    Model: every arrangement consistent with that knowledge is equally likely.  For
    each rank, which of the unknown coins of that rank are the visible ones is
    uniform; the bag is a uniform ``bag_size``-subset of the rest; the draws are a
    uniform subset of the bag, hence a uniform ``draws``-subset of the rest.  The
    number of matching coins among the rest is a convolution over ranks of
    hypergeometric counts, and each count gives the chance of missing them all."""
    pieces = _parse_pieces(unknown_coins, "coin")
    bag_size = _count(bag_size, "bag_size")
    draws = _count(draws, "draws")
    if suit is None and rank is None:
        raise ValueError("say what to draw: a suit, a rank, or both (one exact coin)")
    if suit is not None:
        suit = parse_suit(suit)
        if suit not in STANDARD:
            raise ValueError(f"suit {suit} is not in the standard piecepack Conspiracy uses")
    if rank is not None:
        rank = parse_rank(rank)
    outside = Counter(parse_rank(r) for r in _items(known_rank_outside_bag,
                                                     "known_rank_outside_bag is a list of ranks, one per coin"))

    unknown_by_rank = Counter(r for _, r in pieces)
    for k, n in sorted(outside.items()):
        if n > unknown_by_rank[k]:
            raise ValueError(f"{n} coin(s) of rank {k} are known to be outside the bag, but "
                             f"only {unknown_by_rank[k]} coin(s) of that rank are unknown")
    rest = len(pieces) - sum(outside.values())
    if bag_size > rest:
        raise ValueError(f"bag_size {bag_size} is more than the {rest} unknown coins not "
                         "already seen outside the bag")
    if draws > bag_size:
        raise ValueError(f"cannot draw {draws} coins from a bag of {bag_size}")

    def matches(piece: tuple[str, int]) -> bool:
        return (suit is None or piece[0] == suit) and (rank is None or piece[1] == rank)

    matching_by_rank = Counter(r for s, r in pieces if matches((s, r)))

    # Distribution of the number of matching coins among the rest (bag + hidden hands).
    in_rest = {0: Fraction(1)}
    for k, marked in matching_by_rank.items():
        seen_out = _hypergeometric(unknown_by_rank[k], marked, outside[k])
        combined: dict[int, Fraction] = {}
        for x, p in in_rest.items():
            for j, q in seen_out.items():
                combined[x + marked - j] = combined.get(x + marked - j, Fraction(0)) + p * q
        in_rest = combined

    all_ways = comb(rest, draws)
    miss = sum((p * Fraction(comb(rest - x, draws), all_ways) for x, p in in_rest.items()),
               Fraction(0))
    return 1 - miss


# --------------------------------------------------------------------- from a live game

def _all_coin_names() -> list[str]:
    return [piece_name(s, r) for s in STANDARD.suits for r in range(6)]


def _game(state: object) -> ConspiracyState:
    if not isinstance(state, ConspiracyState):
        raise ValueError(f"state must be a Conspiracy game state, got {state!r}")
    return state


def _below(value: object, what: str, limit: int) -> int:
    if _count(value, what) >= limit:
        raise ValueError(f"{what} must be 0-{limit - 1}, got {value}")
    return value


def draw_odds(state, player: int, draws: int | None = None, suit: str | None = None,
              rank: int | str | None = None) -> Fraction:
    """Chance that ``player``'s next ``draws`` coins (default: a full hand) include one of
    the given suit and/or rank, counted only from what ``player`` can see
    (``state.observation(player)``): their own coins are located; coins on the board
    showing their number, and other players' saved coins, are known to be out of the
    bag by value only; other players' hands and gifts are hidden (Draw Coins 2)."""
    player = _below(player, "player (a seat)", _game(state).players)
    draws = state.options.hand_size if draws is None else _count(draws, "draws")
    obs = state.observation(player)
    located = []
    rank_only = []
    me = obs["players"][player]
    located += me["coins"] or []
    located += me["given"] or []
    located += me.get("gave") or []          # coins this seat handed over: it knows where they are
    if me["saved"]:
        located.append(me["saved"])
    for seat, info in enumerate(obs["players"]):
        if info.get("goal_coins"):
            located += info["goal_coins"]
        if seat != player and info["saved"]:
            rank_only.append(parse_rank(info["saved"]))
    for coin in obs["coins"]:
        if coin["coin"]:
            located.append(coin["coin"])
        else:
            rank_only.append(parse_rank(coin["value"]))
    unknown = [c for c in _all_coin_names() if c not in set(located)]
    return bag_draw_probability(unknown, obs["bag_count"], min(draws, obs["bag_count"]), suit=suit,
                                rank=rank, known_rank_outside_bag=rank_only)


def column_face_up_tiles(state, column: int) -> list[str]:
    """The face-up tiles in ``column``'s future rows: what a column check counts
    (Time Marches On 4)."""
    column = _below(column, "column (counted from 0)", _game(state).options.columns)
    return [spot.name for (c, r), spot in state.tiles.items() if c == column and r >= 1 and spot.face_up]


def board_spiral_risk(state) -> dict[str, Fraction]:
    """For the board of ``state``: the chance that a spiral played now hits a tile, and
    that it removes a Present tile (Unexpected Effects 2-3)."""
    positions = list(_game(state).tiles)
    cols = state.options.columns
    return {"hits_tile": spiral_hit_probability(positions, cols),
            "removes_present": spiral_present_removal_probability(positions, cols)}


def design_figures(options) -> dict[str, Fraction | int]:
    """Exact figures a designer compares between rule options (a ``ConspiracyOptions``):

    - ``spot_hit``: chance that one unexpected effect lands on a given board position
      (Unexpected Effects 2; falls as columns are added);
    - ``present_tile_lost``: chance that it removes one given Present tile;
    - ``advance_attempts``: Advance Column tries that fit in one turn (Take Actions 5.e
      costs 2 points);
    - ``empty_column_advances_in_a_turn``: chance a column with no face-up tile advances
      when a player spends every try on it."""
    if not isinstance(options, ConspiracyOptions):
        raise ValueError(f"options must be ConspiracyOptions, got {options!r}")
    cols = options.columns
    attempts = options.action_points // 2
    p = advance_probability([], needed=options.successes_to_advance)
    return {
        "spot_hit": spiral_hit_probability([(0, 1)], cols),
        "present_tile_lost": spiral_present_removal_probability([(0, 0)], cols),
        "advance_attempts": attempts,
        "empty_column_advances_in_a_turn": 1 - (1 - p) ** attempts,
    }
