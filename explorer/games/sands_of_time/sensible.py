"""A sensible ruler for The Sands of Time: keeps Unrest down and aims at Chronicles.

It reads its seat's observation (its hand, used cards, resources, Unrest, heritage, bins and
Chronicles in hand) and the public map; the counts a Chronicle is judged by (Chronicles A-F:
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
   equal: Chronicles A, B, F) when the Gold covers Unrest + 1, a Trade Route (trade goods and
   heritage, Chronicles E) paid with the richer resource, an Advance when the Unrest allows one,
   Muster a warrior with Gold (population, Chronicles D), Tribute from colonies.
5. Stay at home: no Conquer, Raid or Migrate unless nothing else is left; a heritage step to
   choose goes to its lowest category; the rest of the setup and any other choice is random.
"""
from __future__ import annotations

import random

from explorer.engine.policy import best

from . import empire as E
from .actions import Advance, Build, Chronicle, Done, Govern, Heritage, Muster, Play, Route, Select, Tribute
from .data import ACCOMPLISHMENTS

#: What each Action card is worth to a turn when it can be used (see the rules above).
CARD_WORTH = {"Govern": 0.0, "Chronicle": 0.0, "Build": 3.0, "Trade Route": 3.0, "Advance": 2.5,
              "Muster": 1.5, "Tribute": 1.0, "Migrate": 0.3, "Raid": 0.1, "Conquer": 0.1}
#: The order the chosen cards are played in: Govern first (it lowers the Build cost and opens
#: Advances), Chronicle last (everything else may raise the count it is placed for).
PLAY_ORDER = ("Govern", "Trade Route", "Build", "Advance", "Muster", "Tribute", "Migrate", "Raid", "Conquer",
              "Chronicle")


def _me(obs, seat):
    return obs["players"][seat]


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


def choose(state, seat: int, rng: random.Random):
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    obs = state.observation(seat)
    me = _me(obs, seat)
    if phase == "select":
        used = set(me["used"])
        def pair(a):
            return sum(_card_worth(state, obs, seat, c) - (10.0 if c in used else 0.0) for c in a.cards)
        return best(legal, pair, rng)
    if phase == "turn":
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next(a for a in legal if isinstance(a, Done))
        rank = {c: i for i, c in enumerate(PLAY_ORDER)}
        return min(plays, key=lambda a: rank.get(a.card, len(PLAY_ORDER) - 1.5))
    if phase == "govern":
        gov = [a for a in legal if isinstance(a, Govern)]
        return max(gov, key=lambda a: a.levels) if gov else legal[0]
    if phase == "chronicle":
        options = chronicle_options(state, obs, seat)
        if not options:
            return next(a for a in legal if isinstance(a, Done))
        vp, n, b = max(options)
        return next(a for a in legal if isinstance(a, Chronicle) and a.card == n and a.bin == b)
    if phase == "build":
        builds = [a for a in legal if isinstance(a, Build)]
        if not builds:
            return legal[0]
        def worth(a):
            level = E.structure_level(state, a.territory, a.structure)
            return (a.territory == me["capital"]) * 1.0 - level
        return best(builds, worth, rng)
    if phase == "muster":
        musters = [a for a in legal if isinstance(a, Muster)]
        return best(musters, lambda a: 0, rng) if musters else next(a for a in legal if isinstance(a, Done))
    if phase in ("trade_route", "migrate_route"):
        routes = [a for a in legal if isinstance(a, Route)]
        if not routes:
            return legal[0]
        richer = "Gold" if me["gold"] >= me["crops"] else "Crops"
        return best(routes, lambda a: (a.pay == richer), rng)
    if phase == "advance":
        adv = [a for a in legal if isinstance(a, Advance)]
        return best(adv, lambda a: 0, rng) if adv else legal[0]
    if phase == "tribute":
        return next((a for a in legal if isinstance(a, Tribute)), legal[0])
    if phase == "heritage_gain":
        return best(legal, lambda a: -me["heritage"][a.category] if isinstance(a, Heritage) else -99, rng)
    if phase in ("migrate", "raid", "conquer_where", "conquer"):
        return next((a for a in legal if isinstance(a, Done)), legal[rng.randrange(len(legal))])
    return legal[rng.randrange(len(legal))]
