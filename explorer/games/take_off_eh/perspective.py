"""What each seat may know: the words for an action as a viewer reads them, the observation of a
seat (or of the all-seeing teacher).  What a seat cannot see is declared for the engine's sampler in
:mod:`.hidden`.

Coins lie suit side up (play areas, provinces, the tax revenues): everybody sees their suits, and
only the seats in ``state.known[coin]`` their values.  Bribes are face up and public.  A coin put on
the slush fund is known to every seat: its suit was on show in the play area it left, and it is laid
value side up (the package's Interpretations, "what the slush fund shows"); so texts and the
observation name every slush fund coin to everybody.  Tiles are public once turned up; only the
order of the draw stacks is hidden (draws are chance nodes).  The referendum and pork dice are
secret until revealed (:mod:`explorer.engine.secret`).
"""
from __future__ import annotations

from explorer.engine import CHANCE
from explorer.engine.words import seat_name

from .actions import BoardCoin, CoinDraw, Fund, HandCoin, Province, TileDraw, a_coin, piece
from .sections import GAME
from .scoring_rounds import SOURCES
from .table import PROVINCES, SLUSH

_PLACE_VERBS = {
    "home": "puts their pawn in {} as their home province", "queen": "places the Queen in {}",
    "scandal_to": "moves the pawn to {}", "strike": "calls a labour strike in {}",
    "tour": "sends the Queen on tour to {}", "referendum": "holds a secession referendum in {}",
    "relocate": "moves their pawn to {}", "fish_to": "moves the coin to {}",
    "pork_place": "puts their pork in {}",
}


#: a viewer who knows nothing hidden (for the public text of an event)
OUTSIDER = -1


def knows(s, coin, viewer) -> bool:
    if viewer is None:
        return True
    return viewer >= 0 and bool(s.known.get(coin, 0) >> viewer & 1)


def coin_words(s, coin, viewer) -> str:
    return f"{piece(*coin)} coin" if knows(s, coin, viewer) else a_coin(coin[0])


def describe_action(s, a, viewer=None) -> str:
    phase, p = s.phase_, s.player
    if p == CHANCE:
        if type(a) is CoinDraw:
            coin = (s.draw_suit, a.value)
            mine = viewer is None or viewer == s.drawer
            return f"{seat_name(s.drawer)} draws " + (f"{piece(*coin)} coin" if mine else a_coin(coin[0]))
        if type(a) is TileDraw:
            if phase == "map":
                return f"{s.map_todo[0]} is {piece(a.suit, a.value)} tile"
            return f"{piece(a.suit, a.value)} tile is drawn"
        return str(a)
    who = seat_name(p)
    t = type(a)
    if t is HandCoin:
        coin = (a.suit, a.value)
        shown = viewer is None or viewer == p or phase == "bribe"
        words = f"{piece(*coin)} coin" if shown else a_coin(coin[0])
        if phase == "bribe":
            return f"{who} pays {words} as a bribe"
        if phase == "home_coin":
            return f"{who} puts {words} face down in {s.pawns[p]}"
        return f"{who} returns {words} from their play area to the tax revenues"
    if t is Fund:
        coin = (a.suit, a.value)
        mine = viewer is None or viewer == p
        if a.where == SLUSH:     # seen leaving the play area suit side up, laid value side up
            return f"{who} puts {piece(*coin)} coin face up on the slush fund"
        return f"{who} puts " + (f"{piece(*coin)} coin" if mine else a_coin(a.suit)) + f" face down in {a.where}"
    if t is BoardCoin:
        row = s.on.get(a.province, ())
        coin = row[a.index] if 0 <= a.index < len(row) else None
        what = coin_words(s, coin, viewer) if coin else "a coin"
        if phase == "beer_coin":
            return f"{who} returns {what} from {a.province} to the tax revenues"
        if phase == "fish":
            return f"{who} picks {what} in {a.province} to move"
        return f"{who} takes {what} from {a.province}"
    if t is Province:
        verb = _PLACE_VERBS.get(phase, "chooses {}")
        if phase == "scandal_to":
            verb = f"moves {seat_name(s.picked)}'s pawn to {{}}"
        return f"{who} " + verb.format(a.name)
    if phase == "choose":
        return f"{who} chooses {a}"
    if phase == "hockey_discard":
        return f"{who} discards {a}"
    if phase == "draw_suit":
        return f"{who} chooses to {a}"
    return f"{who}: {a}"


# -- observations ------------------------------------------------------------------------------------------

def _coin(s, coin, viewer) -> dict:
    return {"suit": coin[0], "value": coin[1]} if knows(s, coin, viewer) else {"suit": coin[0]}


def _tile(t) -> list | None:
    return None if t is None else [t[0], t[1]]


def observation(s, viewer) -> dict:
    n = s.players
    slush = [{"suit": c[0], "value": c[1]} for c in s.slush]      # every seat saw each coin laid
    players = []
    for q in range(n):
        players.append({
            "suit": s.suits[q], "score": s.scores[q], "pawn": s.pawns[q],
            "coins": [_coin(s, c, viewer) for c in s.hands[q]],
            "bribe": None if s.bribes[q] is None else {"suit": s.bribes[q][0], "value": s.bribes[q][1]},
            "pork": [_coin(s, c, viewer) for c in s.aside[q]],
        })
    provinces = {}
    for p in PROVINCES:
        t = s.tiles.get(p)
        provinces[p] = {"tile": _tile(t), "face_up": p not in s.seceded,
                        "coins": [_coin(s, c, viewer) for c in s.on[p]],
                        "pawns": [q for q in range(n) if s.pawns[q] == p], "queen": s.queen == p}
    tax = {}
    for c in s.tax:
        tax[c[0]] = tax.get(c[0], 0) + 1
    secret = s.phase_ in s.SECRET_PHASES
    return {
        "game": GAME, "viewer": viewer, "phase": s.phase_, "current_player": s.player,
        "round": s.round, "rounds": s.options.rounds, "first": s.first,
        "scores": list(s.scores), "suits": list(s.suits), "players": players,
        "provinces": provinces, "queen": s.queen, "queen_steps": s.queen_steps,
        "slush": {"count": len(s.slush), "top": s.slush[-1][1] if s.slush else None, "coins": slush},
        "tax": dict(sorted(tax.items())), "stack": len(s.stack), "discard": [_tile(t) for t in s.discard],
        "agenda": [_tile(t) for t in s.agenda], "chosen": _tile(s.chosen), "drawn": [_tile(t) for t in s.drawn],
        "order": list(s.order), "chosen_dice": s.commitments(viewer) if secret else None,
        "pork_dice": None if s.pork_dice is None else list(s.pork_dice),
        "last_scoring": [[u, m, [[x, pts, list(why)] for x, pts, why in rows]] for u, m, rows in s.last_scoring],
        "earned": {src: list(pts) for src, pts in zip(SOURCES, s.earned, strict=True)},
        "winner": s.winner, "end_reason": s.end_reason,
    }
