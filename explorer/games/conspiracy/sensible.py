"""A sensible conspirator: plants its own goal's tiles and lets time bring them to the Present.

Almost every tile that turns face up in a game does so by an Unexpected Effect (a spiral flips
the tile it lands on); a player whose goal matches the tiles it holds, and who puts those tiles
face down on the board, is the one those flips serve.  The player reads only its seat's
observation (its tiles and coins, its goal, the board with its own face-down tiles by name and
the others' as unknown, the saved coins and marks) and the coins Reveal Coin could turn now,
which the board shows everyone.  Its rules, in the rulebook's terms:

1. A goal from its own tiles (Initial Setup 3 and its Strategy Tip): the suit and number of
   its drawn coins that most of its dealt tiles show, both parts on separate tiles best.
2. Plant the goal (Take Actions 5.a.iii): while it holds a tile showing its goal suit or
   number, it places a coin with a new face-down tile of the goal, the part the Present row
   lacks first, in the deepest row the rules allow (a face-down tile reaching Future 1 leaves
   the board when its column advances, Time Marches On 5.b: the deeper, the more rounds a flip
   has to turn it up first).  The coin is a spiral when it has one (Unexpected Effects: one
   more flip, landing most often on planted tiles), else its lowest; a spiral is placed even
   when no goal tile is left.
3. Save its highest coin (Save/Discard Coins 6, Determine Player Order 1): it moves first next
   round, and the first player is the active player of Time Marches On (5.a.i), so the planted
   tiles an advance takes off Future 1 come back to it to be planted again.
4. Advance a column only when it brings the goal nearer (Take Actions 5.e, Time Marches On 5):
   the Present row's tiles after the advance show more of the goal, a face-up goal tile comes
   one row nearer, or a tile another player marked leaves the Present row; a planted goal tile
   lost from Future 1 counts against it.
5. Turn up its own tiles where the board allows (5.b, 5.d): Reveal Coin on a coin lying on its
   own face-down goal tile (paying its lowest coin that is no spiral, to a player who has marked
   nothing), and Reveal Tile on its own goal tile once two symbol-side coins lie on it.
6. Declare progress at once (Declare Progress or Victory 9), marking the Present tile least
   likely to leave (its column's Future 1 tile is face down, so an advance keeps it) and one
   that completes the goal with another Present tile; take a spiral's turn now (Determine
   Player Order 4) only when the goal is met and marked.
7. Never attack (5.c): an attack costs a coin handed to another player and cannot help a goal
   the board does not yet show; so no attack that cannot succeed is ever made.  It ends its
   actions when no rule above applies.
"""
from __future__ import annotations

import random

from explorer.engine.policy import best, by_phase, done_or

from . import board as B
from .actions import Choose, EndActions, Mark, NewTile, NoMark, NoNewTile, Save, TakeTurnNow
from .equipment import SUIT_RANK
from .statistics import search_value

SPIRAL = 1

#: The strong player's defaults here (explorer/engine/search.py): playouts cut at 10 decisions and
#: scored by :func:`.statistics.search_value`; few worlds, each one a replay of the whole history by
#: the honest sampler (about 0.1 s late in a game, a hundred playouts' worth), drawn one per 10
#: iterations (none a budget has no time left for) and most of them carried over from the
#: seat's last decision, through the other seats' actions and the chance steps since.
STRONG = {"depth": 10, "worlds": 4, "draw_every": 10, "value": search_value}


def _useful(name, suit, number) -> bool:
    s, r = SUIT_RANK[name]
    return s == suit or r == number


def _progress(names, suit, number) -> float:
    """2: the goal is shown (suit and number on two tiles), 1: one part is, 0: none."""
    names = list(names)
    if any(SUIT_RANK[a][0] == suit and any(b != a and SUIT_RANK[b][1] == number for b in names) for a in names):
        return 2.0
    return 1.0 if any(_useful(n, suit, number) for n in names) else 0.0


def _goal_score(tiles, suit, number) -> int:
    by_suit = sum(1 for t in tiles if SUIT_RANK[t][0] == suit)
    by_number = sum(1 for t in tiles if SUIT_RANK[t][1] == number)
    both = sum(1 for t in tiles if SUIT_RANK[t] == (suit, number))
    return 2 * min(by_suit, by_number) + by_suit + by_number - both


def _me(obs, seat):
    return obs["players"][seat]


def _present(obs) -> dict:
    return {t["column"]: t["tile"] for t in obs["tiles"] if t["row"] == 0 and t["tile"]}


def _at(obs, column, row):
    return next((t for t in obs["tiles"] if t["column"] == column and t["row"] == row), None)


def _lacking(obs, seat):
    """The goal, and whether the Present row lacks its suit and its number."""
    suit, number = _me(obs, seat)["goal"]
    present = list(_present(obs).values())
    return (suit, number, not any(SUIT_RANK[n][0] == suit for n in present),
            not any(SUIT_RANK[n][1] == number for n in present))


def _goal_tiles(me) -> list[str]:
    suit, number = me["goal"]
    return [t for t in me["tiles"] or () if _useful(t, suit, number)]


# -- rule 4: what an advance would do --------------------------------------------------------
def _columns(obs):
    """Each column as a list of its tiles by row (None where a row is empty)."""
    rows = max((t["row"] for t in obs["tiles"]), default=0) + 3
    cols = [[None] * rows for _ in range(obs["columns"])]
    for t in obs["tiles"]:
        cols[t["column"]][t["row"]] = t
    return cols


def _advanced(col):
    """A column after an advance (Time Marches On 5.a-c): a face-up Future 1 tile replaces the
    Present one; otherwise the Present tile stays and the Future 1 tile leaves."""
    if col[1] is not None and col[1]["face_up"]:
        return col[1:] + [None]
    return [col[0]] + col[2:] + [None]


def _potential(cols, seat, suit, number) -> float:
    present = [c[0]["tile"] for c in cols if c[0] is not None and c[0]["tile"]]
    value = _progress(present, suit, number)
    no_suit = not any(SUIT_RANK[n][0] == suit for n in present)
    no_number = not any(SUIT_RANK[n][1] == number for n in present)
    for c in cols:
        for row, weight in ((1, 0.4), (2, 0.15)):
            t = c[row]
            if t is not None and t["face_up"]:
                s, r = SUIT_RANK[t["tile"]]
                value += weight * ((s == suit and no_suit) or (r == number and no_number))
        if c[0] is not None and any(q != seat for q in c[0]["marked_by"]):
            value -= 0.3
        value += 0.1 * sum(1 for t in c[1:] if t is not None and not t["face_up"] and t["tile"]
                           and _useful(t["tile"], suit, number))     # planted, waiting for a flip
    return value


def goal_potential(obs, seat) -> float:
    """How near the board in ``obs`` stands to the seat's goal, as rule 4 weighs it."""
    suit, number = _me(obs, seat)["goal"]
    return _potential(_columns(obs), seat, suit, number)


def _advance_gain(obs, seat, column) -> float:
    suit, number = _me(obs, seat)["goal"]
    cols = _columns(obs)
    after = list(cols)
    after[column] = _advanced(cols[column])
    return _potential(after, seat, suit, number) - _potential(cols, seat, suit, number)


# -- rule 5: which tile to reveal ---------------------------------------------------------------
def _revealable(obs, seat, column, row) -> bool:
    """A face-down tile of the seat's own that shows a goal part, with two symbol-side coins."""
    suit, number = _me(obs, seat)["goal"]
    t = _at(obs, column, row)
    if t is None or t["face_up"] or t["tile"] is None or not _useful(t["tile"], suit, number):
        return False
    symbols = sum(1 for c in obs["coins"] if c["side"] == "symbol" and B.tile_of(c["x"], c["y"]) == (column, row))
    return symbols >= 2


# -- the rules, by phase -----------------------------------------------------------------------
def _goal(state, obs, seat, legal, rng):
    tiles = _me(obs, seat)["tiles"]
    return best(legal, lambda a: _goal_score(tiles, a.suit, a.number), rng)


def _action(state, obs, seat, legal, rng):
    kinds = {a.kind for a in legal if isinstance(a, Choose)}
    if "reveal_tile" in kinds and any(_revealable(obs, seat, t["column"], t["row"]) for t in obs["tiles"]):
        return Choose("reveal_tile")
    if "reveal_coin" in kinds and _reveal_targets(state, obs, seat):
        return Choose("reveal_coin")
    if "advance" in kinds and max(_advance_gain(obs, seat, c) for c in range(obs["columns"])) > 0:
        return Choose("advance")
    me = _me(obs, seat)
    if "place" in kinds and (_goal_tiles(me) or any(SUIT_RANK[c][1] == SPIRAL for c in me["coins"] or ())):
        return Choose("place")
    return done_or(legal, EndActions)


def _own_goal_tile_at(obs, seat, x, y) -> bool:
    suit, number = _me(obs, seat)["goal"]
    t = _at(obs, *B.tile_of(x, y))
    return t is not None and not t["face_up"] and t["tile"] is not None and _useful(t["tile"], suit, number)


def _reveal_targets(state, obs, seat):
    """Coins Reveal Coin could turn now (a public calculation on the board) lying on a
    face-down goal tile of the seat's own: a step toward the two symbols Reveal Tile needs."""
    return [c for c in state.revealable_coins() if _own_goal_tile_at(obs, seat, *c)]


def _target(state, obs, seat, legal, rng):
    return best(legal, lambda a: _own_goal_tile_at(obs, seat, a.x, a.y), rng)


def _give(state, obs, seat, legal, rng):
    """The lowest coin that is no spiral."""
    return best(legal, lambda a: -SUIT_RANK[a.coin][1] - 10 * (SUIT_RANK[a.coin][1] == SPIRAL), rng)


def _give_to(state, obs, seat, legal, rng):
    """The player who has marked no tile, when there is one."""
    return best(legal, lambda a: obs["players"][a.player]["mark"] is None, rng)


def _target_tile(state, obs, seat, legal, rng):
    return best(legal, lambda a: _revealable(obs, seat, a.column, a.row), rng)


def _column(state, obs, seat, legal, rng):
    return best(legal, lambda a: _advance_gain(obs, seat, a.column), rng)


def _new_tile(state, obs, seat, legal, rng):
    if not _goal_tiles(_me(obs, seat)):
        return done_or(legal, NoNewTile)
    return best(legal, lambda a: a.row if isinstance(a, NewTile) else -99, rng)


def _tile(state, obs, seat, legal, rng):
    suit, number, no_suit, no_number = _lacking(obs, seat)

    def worth(a):
        s, r = SUIT_RANK[a.tile]
        return 3 * ((s == suit and no_suit) or (r == number and no_number)) + 2 * _useful(a.tile, suit, number)
    return best(legal, worth, rng)


def _coin(state, obs, seat, legal, rng):
    return best(legal, lambda a: 10 if SUIT_RANK[a.coin][1] == SPIRAL else -SUIT_RANK[a.coin][1], rng)


def _save(state, obs, seat, legal, rng):
    return best(legal, lambda a: SUIT_RANK[a.coin][1] if isinstance(a, Save) else -1, rng)


def _mark(state, obs, seat, legal, rng):
    marks = [a for a in legal if isinstance(a, Mark)]
    if not marks:
        return done_or(legal, NoMark)
    suit, number = _me(obs, seat)["goal"]
    present = _present(obs)

    def worth(a):
        nxt = _at(obs, a.column, 1)
        stays = nxt is None or not nxt["face_up"]
        others = [n for c, n in present.items() if c != a.column]
        return 2 * stays + _progress(others + [present[a.column]], suit, number) - _progress(others, suit, number)
    return best(marks, worth, rng)


def _spiral_turn(state, obs, seat, legal, rng):
    suit, number = _me(obs, seat)["goal"]
    ready = _me(obs, seat)["mark"] is not None and _progress(_present(obs).values(), suit, number) == 2
    return best(legal, lambda a: isinstance(a, TakeTurnNow) == ready, rng)


_RULES = {"target": _target, "give": _give, "give_to": _give_to, "goal": _goal, "action": _action,
          "target_tile": _target_tile, "column": _column, "new_tile": _new_tile, "tile_from_hand": _tile,
          "coin_from_hand": _coin, "save": _save, "mark": _mark, "spiral_choice": _spiral_turn}


def choose(state, seat: int, rng: random.Random):
    """``seat``'s choice at its decision in ``state``, by the rules above."""
    return by_phase(state, seat, rng, _RULES)
