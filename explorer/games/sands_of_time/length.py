"""How long a game of The Sands of Time can last: a bound on its decisions that the rules (and
the data checks) guarantee, OpenSpiel's ``max_game_length``.  Every choice a player makes counts,
secret ones too; chance steps (tiles, the die, drawn advances) do not.  ``n`` is the number of
players; ``P``, ``W`` a player's peasants and warriors (:data:`.empire.PEASANTS`, ``WARRIORS``);
``M`` the most territories a player can own: three claimed at setup, and an annex only below
:data:`.empire.MAX_TERRITORIES` (:func:`.conquer.can_annex`; no other rule gives a player one).

Turns (Phase 2 (c), :mod:`.generation`): after every turn the Generation marker moves a space
and the die is rolled; the data checks make the last space a 6 (:func:`.data.load`), so a
Generation has at most ``L`` turns (``L`` spaces), and every ``L`` turns in a row hold a
Generation end.  The Dynasty marker moves a space per turn; a Generation end scores the Dynasty
behind it once the marker has reached the next one's first space (turn ``P_d + 1``, ``P_d`` the
spaces of Dynasties 1..d), one Dynasty per Generation end, and the game ends when the last is
scored.  So the turn ``t_d`` that scores Dynasty ``d`` is at most
``max(P_d + 1, t_(d-1) + 1) + L - 1`` (``t_0 = 0``), and the game has at most ``t_K`` turns.  A
Generation lasts at least ``m`` turns, the first space whose number a die can reach (``>= 1``),
so there are at most ``t_K // m`` Generation ends.

- Setup (:mod:`.setup`): three claims each, a capital, a caravan, a heritage, an extra peasant
  and a secret first advance each: ``8n``; solo, the black and blue empires' five territories.
- A turn, per player: two different cards chosen in secret (one choice, Phase 2 (a)); then
  (:mod:`.turn`) each of at most two cards played, at most one bonus action, and the end: 4, plus
  the two cards' actions (Emphasis cards are played at once).  Per action: Chronicle 1; Govern,
  Tribute 1; Build 2 (the structure, a Library's heritage); Advance 2 (the tree, the tile kept);
  Trade Route 2 (the border, its heritage); Muster: musters while warriors are in the supply (at
  most ``W``) or one conversion per owned territory, and one Irrigation per owned territory, then
  the stop: ``max(W, M) + M + 1``; Raid: each warrior moves once per raid and the raid ends with a
  theft or a stop, twice with Political: ``2(W + 1)``; Migrate: each citizen moves once, the stop,
  the free caravan and its heritage: ``P + W + 3``; Conquer (:mod:`.conquer`): the territory, an
  attack and an annex (each once), a secret number per side, three losses chosen, a retreat, the
  stop, and for each of the (at most two) territories lost a new capital and a Library's heritage
  (:func:`.empire.lose_territory`; a territory holds one Library): 14.
- Solo (Variant, :mod:`.solo`): a 6 may bring an attack: its target, the player's number, two
  losses, a retreat, a new capital and a Library's heritage: 7 a turn.
- A Generation end (Phase 4, :func:`.generation._open_cull`): each cull has every player with
  citizens in the territory remove one, one choice per citizen removed: at most ``n(P + W)``.
"""
from __future__ import annotations

from . import empire as E

#: the decisions of the longest single action a card (or a bonus action) starts
CONQUER = 14
SOLO_ATTACK = 7


def _data(o):
    from .rules import _data
    return _data(o.data_dir)


def most_owned() -> int:
    """The most territories a player can own (``M``)."""
    return max(3, E.MAX_TERRITORIES)


def actions() -> dict[str, int]:
    """Per Action card, the most decisions its action can hold (see the module docstring)."""
    m, p, w = most_owned(), E.PEASANTS, E.WARRIORS
    return {"Chronicle": 1, "Govern": 1, "Tribute": 1, "Build": 2, "Advance": 2, "Trade Route": 2,
            "Trade Route 2": 2, "Muster": max(w, m) + m + 1, "Raid": 2 * (w + 1), "Migrate": p + w + 3,
            "Conquer": CONQUER}


def player_turn(o) -> int:
    """The most decisions of one player's turn, its secret choice of cards included: the two
    cards are two different cards (Phase 2 (a): two from the hand, or one from the hand and one
    used before, and a used card has left the hand), so the two longest actions at most."""
    longest = sorted(actions().values(), reverse=True)
    return 1 + 4 + longest[0] + longest[1]


def max_turns(o) -> int:
    """The most turns a game can have (``t_K`` in the module docstring)."""
    tracks = _data(o).tracks
    length = len(tracks.generation)
    t, spaces = 0, 0
    for _, n, _ in tracks.dynasties:
        spaces += n
        t = max(spaces + 1, t + 1) + length - 1
    return t


def max_generations(o) -> int:
    """The most Generation ends a game can have."""
    gen = _data(o).tracks.generation
    shortest = next(k for k, number in enumerate(gen, 1) if number >= 1)
    return max_turns(o) // shortest


def setup(o) -> int:
    return 8 * o.players + (5 if o.players == 1 else 0)


def turn(o) -> int:
    """The most decisions of one turn of every player (the solo attack included)."""
    return o.players * player_turn(o) + (SOLO_ATTACK if o.players == 1 else 0)


def generation_end(o) -> int:
    return o.players * (E.PEASANTS + E.WARRIORS)


def max_decisions(o) -> int:
    """The most decisions a game with options ``o`` can hold."""
    return setup(o) + max_turns(o) * turn(o) + max_generations(o) * generation_end(o)
