"""A sensible ruler for The Sands of Time: keeps Unrest down, aims at Chronicles, builds Wonders that pay.

It reads its seat's own entries of its observation (used cards, resources, Unrest, heritage,
bins and Chronicles in hand: :func:`own_view`) and the public map; the counts a Chronicle is judged by (Chronicles A-F:
its capital, symbols, territories, citizens, trade goods) are the seat's own empire as the map
shows it (:func:`empire.accomplishment` for the seat itself).  It never looks at the others'
face-down cards or Chronicles.  Its rules, in the rulebook's terms:

1. No re-used cards and no bonus actions (Phase 2 (a)-(b), Bonus Actions, Maximum Unrest):
   each costs a step of Unrest, and beyond the maximum every step costs a VP; so it never
   re-uses an Action card while a fresh one remains and never takes Oppress, Patronage or Tax
   (no Unrest is ever bought that Govern must pay back).
2. Govern when affordable (Actions Explained: Govern): with Unrest above 0 and the Crops for a
   level (one per territory), Govern is the first card chosen and played, reducing Unrest as
   far as the Crops allow; a lower Unrest makes Build cheaper and opens Advances.
3. Aim at Chronicles (Actions Explained: Chronicle, Phase 5): a Chronicle is placed only where
   the empire already meets the card's threshold and the heritage in that category covers the
   card's number together with the cards already placed there; of those, the one worth most
   VP.  The Chronicle card is played last in a turn, after the other card raised the counts.
4. Otherwise grow what Chronicles count: Build (the cheapest structure, in the capital when
   equal: Chronicles A, B, F) when the Gold covers Unrest + 1, but a Wonder when it pays
   (Structures: Wonder; Phase 5; Actions Explained: Build): a Wonder earns its owner 1 VP at
   every Dynasty scoring still to come, the current one included, so it is built when those VP
   are at least the Gold it costs beyond the cheapest other structure the player could build now,
   a VP for each extra Gold (its 2 Fountains, which count for the end's symbol bonus, come on
   top).  A Wonder is level 4 and the cheapest structures level 1, so in practice: a Wonder in
   the first Dynasty, whenever the Gold covers Unrest + 4 and a Wonder is left.  Then a Trade
   Route (trade goods and heritage, Chronicles E) paid with the richer resource, an Advance when
   the Unrest allows one, Muster a warrior with Gold (population, Chronicles D), Tribute from
   colonies.
5. Stay at home: no Conquer, Raid or Migrate unless nothing else is left; a heritage step to
   choose goes to its lowest category; the rest of the setup and any other choice is random.

``sensible:reuse=yes`` (:data:`PARAMETERS`, :func:`policy`) plays the same rules but for the first
half of rule 1: it re-uses an Action card (Phase 2 (a)) whenever the card is worth more to the turn
than the fresh one it would replace by more than the step of Unrest it costs (counted as 1), so a
sweep of ``sensible`` against ``sensible:reuse=yes`` tells whether re-using a card pays.
``sensible:wonders=no`` never builds a Wonder while another structure can be built (rule 4 as it
was before the Wonder rule; the exercises' seeded positions are reached with it), so a sweep
against ``sensible`` tells whether building Wonders pays.
"""
from __future__ import annotations

import random

from explorer.engine.policy import best, done_or

from . import empire as E
from .actions import Advance, Build, Chronicle, Done, Govern, Heritage, Muster, Play, Route, Tribute
from .data import ACCOMPLISHMENTS, CATEGORIES
from .statistics import search_value

#: What each Action card is worth to a turn when it can be used (see the rules above).
CARD_WORTH = {"Govern": 0.0, "Chronicle": 0.0, "Build": 3.0, "Trade Route": 3.0, "Advance": 2.5,
              "Muster": 1.5, "Tribute": 1.0, "Migrate": 0.3, "Raid": 0.1, "Conquer": 0.1}
#: The order the chosen cards are played in: Govern first (it lowers the Build cost and opens
#: Advances), Chronicle last (everything else may raise the count it is placed for).
PLAY_ORDER = ("Govern", "Trade Route", "Build", "Advance", "Muster", "Tribute", "Migrate", "Raid", "Conquer",
              "Chronicle")


def _me(obs, seat):
    return obs["players"][seat]


def own_view(state, seat: int) -> dict:
    """The entries of ``state.observation(seat)`` these rules read, and only those: the seat's own
    capital, resources, Unrest, heritage, territories, used cards, bins and Chronicles in hand
    (all shown to the seat itself), read straight off the state.  The whole observation words
    the map and every seat (a quarter of a millisecond), and the strong player's playouts ask
    this policy tens of thousands of times a decision."""
    s = state
    return {"players": {seat: {
        "capital": s.capital[seat], "crops": s.crops[seat], "gold": s.gold[seat], "unrest": s.unrest[seat],
        "heritage": dict(zip(CATEGORIES, s.heritage[seat], strict=True)), "used": s.used[seat],
        "territories": sum(1 for o in s.owner.values() if o == seat),
        "bins": s.bins[seat], "chronicles_in_hand": s.chron_hand[seat]}}}


def chronicle_options(state, obs, seat):
    """``(vp, card, bin)`` for every Chronicle the seat could place now and expect to score."""
    me = _me(obs, seat)
    cards = state.data.chronicles.cards
    committed = {}
    for b, n in me["bins"].items():
        committed[ACCOMPLISHMENTS[b]] = committed.get(ACCOMPLISHMENTS[b], 0) + cards[n - 1].heritage
    out = []
    for b, cat in ACCOMPLISHMENTS.items():
        if b in me["bins"]:
            continue
        have = E.accomplishment(state, seat, b)
        room = me["heritage"][cat] - committed.get(cat, 0)
        for n in me["chronicles_in_hand"]:
            c = cards[n - 1]
            if c.heritage <= room and have >= c.thresholds[b]:
                out.append((c.vp, n, b))
    return out


def _card_worth(state, obs, seat, card):
    me = _me(obs, seat)
    if card.startswith("Emphasis") or card == "Trade Route 2":
        return 0.2
    if card == "Govern":
        return 2.0 + me["unrest"] if me["unrest"] > 0 and me["crops"] >= me["territories"] else 0.0
    if card == "Chronicle":
        return max((vp for vp, _, _ in chronicle_options(state, obs, seat)), default=0.0)
    if card == "Build":
        return CARD_WORTH[card] if me["gold"] >= me["unrest"] + 1 else 0.0
    if card == "Trade Route":
        return CARD_WORTH[card] if max(me["gold"], me["crops"]) >= 2 else 0.0
    if card == "Advance":
        return CARD_WORTH[card] if any(me["unrest"] <= h for h in me["heritage"].values()) else 0.0
    if card == "Muster":
        return CARD_WORTH[card] if me["gold"] >= 1 else 0.0
    return CARD_WORTH.get(card, 0.0)


#: The price of a re-used card to the pair chosen (rule 1): never while a fresh card remains, or
#: (``reuse=yes``) the step of Unrest it buys.
REUSE_PRICE = {"no": 10.0, "yes": 1.0}


def _select(state, obs, seat, legal, rng, price=REUSE_PRICE["no"]):
    """Rules 1-4: the pair of cards worth most, a re-used card costing ``price``."""
    used = set(_me(obs, seat)["used"])
    worth: dict = {}            # each card's worth, asked once (a card is in many pairs)
    for a in legal:
        for c in a.cards:
            if c not in worth:
                worth[c] = _card_worth(state, obs, seat, c) - price * (c in used)
    return best(legal, lambda a: sum(worth[c] for c in a.cards), rng)


def _turn(state, obs, seat, legal, rng):
    """Rule 1: the chosen cards in PLAY_ORDER, never a bonus action."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return done_or(legal, Done)
    rank = {c: i for i, c in enumerate(PLAY_ORDER)}
    return min(plays, key=lambda a: rank.get(a.card, len(PLAY_ORDER) - 1.5))


def _govern(state, obs, seat, legal, rng):
    """Rule 2: as many levels as the Crops pay for."""
    return max((a for a in legal if isinstance(a, Govern)), key=lambda a: a.levels, default=legal[0])


def _chronicle(state, obs, seat, legal, rng):
    """Rule 3: the placement worth most of those expected to score, else none."""
    options = chronicle_options(state, obs, seat)
    if not options:
        return done_or(legal, Done)
    vp, n, b = max(options)
    return Chronicle(n, b) if Chronicle(n, b) in legal else done_or(legal, Done)


def scorings_left(state) -> int:
    """The Dynasty scorings (Phase 5) still to come, the current Dynasty's included."""
    return len(state.data.tracks.dynasties) - state.dynasty + 1


def wonder_pays(state, seat, builds) -> list:
    """Rule 4: the Wonder builds among ``builds`` whose VP still to come (one at each scoring left)
    are at least the Gold they cost beyond the cheapest other build."""
    wonders = [a for a in builds if a.structure == "Wonder"]
    others = [E.build_cost(state, seat, a.territory, a.structure, a.labor) for a in builds if a.structure != "Wonder"]
    if not wonders or not others:
        return wonders
    cheapest, left = min(others), scorings_left(state)
    return [a for a in wonders if E.build_cost(state, seat, a.territory, "Wonder", a.labor) - cheapest <= left]


def _build(state, obs, seat, legal, rng, wonders=True):
    """Rule 4: a Wonder when it pays (``wonders``), else the cheapest structure, in the capital among equals."""
    capital = _me(obs, seat)["capital"]
    builds = [a for a in legal if isinstance(a, Build)]
    builds = (wonders and wonder_pays(state, seat, builds)) or builds or legal
    return best(builds, lambda a: (a.territory == capital) - E.structure_level(state, a.territory, a.structure), rng)


def _route(state, obs, seat, legal, rng):
    """Rule 4: a caravan paid with the richer resource."""
    me = _me(obs, seat)
    richer = "Gold" if me["gold"] >= me["crops"] else "Crops"
    return best([a for a in legal if isinstance(a, Route)] or legal, lambda a: getattr(a, "pay", "") == richer, rng)


def _first_of(kind):
    """Rule 4: one of the ``kind`` actions (a Muster, an Advance, a Tribute), else done."""
    def rule(state, obs, seat, legal, rng):
        chosen = [a for a in legal if isinstance(a, kind)]
        return chosen[rng.randrange(len(chosen))] if chosen else done_or(legal, Done)
    return rule


def _heritage(state, obs, seat, legal, rng):
    """Rule 5: the lowest category."""
    heritage = _me(obs, seat)["heritage"]
    return best(legal, lambda a: -heritage[a.category] if isinstance(a, Heritage) else -99, rng)


def _stay(state, obs, seat, legal, rng):
    """Rule 5: no Conquer, Raid or Migrate."""
    return done_or(legal, Done)


_RULES = {"select": _select, "turn": _turn, "govern": _govern, "chronicle": _chronicle, "build": _build,
          "trade_route": _route, "migrate_route": _route, "muster": _first_of(Muster),
          "advance": _first_of(Advance), "tribute": _first_of(Tribute), "heritage_gain": _heritage,
          "migrate": _stay, "raid": _stay, "conquer_where": _stay, "conquer": _stay}


def _by_phase(state, seat: int, rng: random.Random, rules: dict):
    """As :func:`explorer.engine.policy.by_phase`, with :func:`own_view` for the observation."""
    legal = state.legal_actions()
    rule = rules.get(state.phase)
    if len(legal) == 1 or rule is None:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    return rule(state, own_view(state, seat), seat, legal, rng)


def choose(state, seat: int, rng: random.Random):
    """``seat``'s choice at its decision in ``state``, by the rules above."""
    return _by_phase(state, seat, rng, _RULES)


#: The parameters of a ``sensible:NAME=VALUE`` spec and their values (the first is the default).
PARAMETERS = {"reuse": tuple(REUSE_PRICE), "wonders": ("yes", "no")}


def policy(reuse: str = "no", wonders: str = "yes"):
    """The ``choose`` of this player with its parameters (see the module docstring)."""
    if reuse == "no" and wonders == "yes":
        return choose
    price = REUSE_PRICE[reuse]
    rules = {**_RULES, "select": lambda state, obs, seat, legal, rng: _select(state, obs, seat, legal, rng, price)}
    if wonders == "no":
        rules["build"] = lambda state, obs, seat, legal, rng: _build(state, obs, seat, legal, rng, wonders=False)
    return lambda state, seat, rng: _by_phase(state, seat, rng, rules)


#: The strong player's defaults for this game (Settings fields; explorer/engine/search.py):
#: cut-off playouts scored by :func:`.statistics.search_value` (Chronicles in reach, Unrest).
STRONG = {"value": search_value}
