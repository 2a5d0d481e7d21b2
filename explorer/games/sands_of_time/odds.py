"""The designer's calculators for The Sands of Time, each exact and bound to the rules' own
functions: how long a Generation lasts on a Generation track (Phase 2 (c)), a battle's odds and
the equilibrium of its secret die choice (Actions Explained, Conquer (A)), what a player's
Chronicles need (Phase 5, Chronicles), and where a player's caravans can reach (Trade Route)."""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import networkx as nx

from . import empire as E
from .chronicles import BINS, card, evaluate
from .data import ACCOMPLISHMENTS


# -- Generation length (Phase 2 (c)) ------------------------------------------------------------

def generation_length(spaces, max_turns: int = 60) -> dict[int, Fraction]:
    """P(a Generation lasts k turns) for a Generation track whose spaces after Start carry the
    numbers ``spaces``: after each turn the marker moves one space (staying on the last) and a die
    at most the space's number ends it.  Exact; if the last number is below 6 the tail beyond
    ``max_turns`` is left out (its mass is ``1 - sum``)."""
    spaces = list(spaces)
    if not spaces or any(type(n) is not int or not 0 <= n <= 6 for n in spaces):
        raise ValueError(f"spaces must be whole numbers 0-6, got {spaces!r}")
    if spaces[-1] == 0:
        raise ValueError("the last space's number is 0: the Generation would never end")
    out, going = {}, Fraction(1)
    for k in range(1, max_turns + 1):
        n = spaces[min(k, len(spaces)) - 1]
        p = Fraction(n, 6)
        if p:
            out[k] = going * p
        going *= 1 - p
        if not going:
            break
    return out


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


# -- Battles (Conquer (A)) ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Battle:
    """One battle's secret choice as a two-player game: strengths before the die, the highest
    numbers each may show (7 minus Unrest, at most 6) and the multipliers (3, Reputation 4)."""
    attacker: int
    defender: int
    attacker_max: int
    defender_max: int
    attacker_times: int = 3
    defender_times: int = 3

    def __post_init__(self):
        for name in ("attacker", "defender", "attacker_max", "defender_max", "attacker_times", "defender_times"):
            v = getattr(self, name)
            if type(v) is not int or v < 0:
                raise ValueError(f"{name} must be a whole number 0 or more, got {v!r}")
        if self.attacker_max > 6 or self.defender_max > 6:
            raise ValueError("a die shows at most 6")

    def attacker_wins(self, x: int, y: int) -> bool:
        """The higher total wins; the defender wins a tie."""
        return self.attacker + self.attacker_times * x > self.defender + self.defender_times * y

    def win_matrix(self):
        """Rows: the attacker's numbers 0..max; columns: the defender's; 1 where the attacker wins."""
        return [[int(self.attacker_wins(x, y)) for y in range(self.defender_max + 1)]
                for x in range(self.attacker_max + 1)]

    def win_probability(self, attacker_mix=None, defender_mix=None) -> Fraction:
        """The attacker's chance to win when each side picks its number by ``mix`` (a list of
        probabilities per number 0..max; ``None``: always the highest)."""
        a = _mix(attacker_mix, self.attacker_max, "attacker_mix")
        d = _mix(defender_mix, self.defender_max, "defender_mix")
        return sum((a[x] * d[y] for x, y in product(range(len(a)), range(len(d))) if self.attacker_wins(x, y)),
                   Fraction(0))

    def payoffs(self, unrest_cost: Fraction = Fraction(0)):
        """Bimatrix (attacker, defender): winning is worth 1, and each Unrest step the victor takes
        for his number costs ``unrest_cost``; with cost 0 the game is zero-sum in the win chance."""
        c = Fraction(unrest_cost)
        att, dfd = [], []
        for x in range(self.attacker_max + 1):
            ra, rd = [], []
            for y in range(self.defender_max + 1):
                if self.attacker_wins(x, y):
                    ra.append(1 - c * x)
                    rd.append(Fraction(0))
                else:
                    ra.append(Fraction(0))
                    rd.append(1 - c * y)
            att.append(ra)
            dfd.append(rd)
        return att, dfd

    def equilibria(self, unrest_cost: Fraction = Fraction(0)):
        """The Nash equilibria of the choice game (nashpy's support enumeration), each as
        ``(attacker mix, defender mix, attacker's win chance)``.  Most battles are degenerate games
        (several numbers win or lose alike), where nashpy warns that an even number of equilibria
        came back; that is expected here and its warning is kept out of the panels' output."""
        import nashpy
        import numpy as np
        a, d = self.payoffs(unrest_cost)
        game = nashpy.Game(np.array(a, dtype=float), np.array(d, dtype=float))
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=r"\s*An even number of", category=RuntimeWarning)
            found = list(game.support_enumeration())
        out = []
        for sa, sd in found:
            fa = [Fraction(v).limit_denominator(1000) for v in sa]
            fd = [Fraction(v).limit_denominator(1000) for v in sd]
            out.append((fa, fd, self.win_probability(fa, fd)))
        return out


def _mix(mix, top: int, name: str):
    if mix is None:
        return [Fraction(0)] * top + [Fraction(1)]
    mix = [Fraction(m) for m in mix]
    if len(mix) != top + 1 or any(m < 0 for m in mix) or sum(mix) != 1:
        raise ValueError(f"{name} must give a probability for each number 0..{top}, adding up to 1")
    return mix


def battle_in(state, territory: str, attacker: int, defender: int) -> Battle:
    """The :class:`Battle` the rules would fight in ``territory`` now."""
    return Battle(E.strength(state, attacker, territory), E.strength(state, defender, territory),
                  E.die_limit(state, attacker), E.die_limit(state, defender),
                  E.multiplier(state, attacker), E.multiplier(state, defender))


# -- Chronicle planner (Phase 5, Chronicles) ------------------------------------------------------------

@dataclass(frozen=True)
class ChroniclePlan:
    """One Chronicle against the empire now.  ``heritage_needed`` is the category's heritage that
    scoring it together with the other card of its category that meets its threshold asks (the sum
    of their numbers, Phase 5); ``scores`` says whether Phase 5 now would score it (a card in hand:
    placed in ``bin`` beside the cards already placed), as :func:`~.chronicles.evaluate` decides."""
    bin: str
    card: int
    placed: bool            # already in the bin (else: a card in hand, for an open bin)
    value: int              # how far the empire reaches now
    threshold: int
    heritage: int           # the card's heritage number
    heritage_now: int       # the category's heritage (no Patronage: scoring)
    vp: int
    heritage_needed: int = 0
    scores: bool = False
    partner: int | None = None    # the other card of the category in the sum, if any

    @property
    def met(self) -> bool:
        return self.scores

    @property
    def needs(self) -> str:
        if self.scores:
            return "met now"
        parts = []
        if self.value < self.threshold:
            parts.append(f"{self.threshold - self.value} more {_WHAT[self.bin]}")
        if self.heritage_now < self.heritage_needed:
            with_ = f" (with Chronicle {self.partner}: {self.heritage} + {self.heritage_needed - self.heritage})" \
                if self.partner is not None else ""
            parts.append(f"{self.heritage_needed - self.heritage_now} more {ACCOMPLISHMENTS[self.bin]} heritage{with_}")
        return ", ".join(parts)


_WHAT = {"A": "capital size", "B": "fountains", "C": "territories", "D": "citizens", "E": "trade goods",
         "F": "lyres"}


def chronicle_plan(state, seat: int) -> list[ChroniclePlan]:
    """For ``seat``: each Chronicle placed, and each card in hand for each bin still open, with
    what the empire has now and what it still needs.  Whether a card scores is asked of
    :func:`~.chronicles.evaluate` (a card in hand as if placed), so two cards of one category
    are met only when the heritage reaches the sum of their numbers."""
    placed_bins = state.bins[seat]
    scored_now = set(evaluate(state, seat)[0])
    rows = []
    for b in BINS:
        cat = ACCOMPLISHMENTS[b]
        value = E.accomplishment(state, seat, b)
        h = E.heritage(state, seat, cat, patronage=False)
        placed = placed_bins.get(b)
        others = [(o, n) for o, n in placed_bins.items() if o != b and ACCOMPLISHMENTS[o] == cat
                  and E.accomplishment(state, seat, o) >= card(state, n).thresholds[o]]
        partner = others[0][1] if others else None
        for n in ([placed] if placed is not None else list(state.chron_hand[seat])):
            c = card(state, n)
            if placed is not None:
                scores = (b, n) in scored_now
            else:
                scores = (b, n) in evaluate(state, seat, {**placed_bins, b: n})[0]
            need = c.heritage + (card(state, partner).heritage if partner is not None else 0)
            rows.append(ChroniclePlan(b, n, placed is not None, value, c.thresholds[b], c.heritage, h, c.vp,
                                      need, scores, partner))
    return rows


# -- Trade routes on the graph ------------------------------------------------------------------------------

def route_graph(state, seat: int | None = None) -> nx.Graph:
    """The map's borders as a graph; edges carry ``trade_good`` and ``caravans`` (the seats with a
    caravan there); nodes ``owner``, ``capital`` and ``city``.  With ``seat``: only that player's
    caravans are kept in ``caravans``."""
    g = nx.Graph()
    for t in state.geo.names:
        g.add_node(t, owner=state.owner.get(t), capital=t in state.capital, city="City" in state.st.get(t, ()),
                   in_play=t in state.tiles)
    for b in sorted(state.geo.borders):
        seats = [q for q in range(state.players) if b in state.routes[q] and (seat is None or q == seat)]
        g.add_edge(*b, trade_good=b in state.geo.goods, caravans=seats)
    return g


def routes_within(state, seat: int, placements: int) -> dict[tuple, int]:
    """Borders ``seat`` could have a caravan on after at most ``placements`` more Trade Routes,
    with how many each takes: each new caravan must touch a territory the chain reaches
    (:func:`~.empire.route_reach`), a caravan of his already on a border joins its two territories
    for free (one left unconnected when the capital moved joins again once the chain reaches it),
    and no more caravans than the 20 of his supply (Game Equipment) can be placed."""
    if type(placements) is not int or placements < 0:
        raise ValueError(f"placements must be a whole number 0 or more, got {placements!r}")
    mine = state.routes[seat]
    placements = min(placements, E.ROUTES - len(mine))
    reach = E.route_reach(state, seat)
    if placements <= 0 or not reach:
        return {}
    g = route_graph(state)
    dist = nx.multi_source_dijkstra_path_length(g, reach, weight=lambda a, b, d: 0 if E.border(a, b) in mine else 1)
    out = {}
    for a, b in sorted(state.geo.borders):
        if (a, b) in mine:
            continue
        need = min(dist.get(a, 10 ** 9), dist.get(b, 10 ** 9)) + 1
        if need <= placements:
            out[(a, b)] = need
    return out
