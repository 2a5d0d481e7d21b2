"""The Sands of Time (Jeff Warrender, rules version 19.3d): every rule, as a State machine.

Sections are cited as the rulebook is organised (:mod:`.sections`).  How a game flows
(``state.phase``):

setup: ``tiles`` (chance: a resource tile per territory in play) -> ``trees`` (chance: the Level 2
tiles beside the roots) -> ``start`` (chance) -> ``claim`` (three provinces each, snake order;
solo: ``black`` and ``blue``, the foreign empires) -> ``capital`` -> ``caravan`` ->
``setup_heritage`` -> ``extra_peasant`` -> ``first_advance`` (secret) ; then every Generation:
resources, and per turn ``select`` (secret: two cards each) -> per player in turn order ``turn``
(play a card, a bonus action, or end) with each action's steps (``chronicle``, ``muster``,
``conquer_where``/``conquer``/``battle`` (secret)/``lose``/``retreat``, ``raid``, ``build``,
``govern``, ``advance``/``draw`` (chance)/``keep``, ``trade_route``, ``migrate``/``migrate_route``,
``tribute``, ``heritage_gain``) -> ``roll`` (chance; solo: ``target`` on a 6) -> after the last
turn of a Generation: growth, overcrowding (``cull``, secret), the Dynasty's scoring, the reset
-> ``over``.  Decisions owed by another player in the middle of an action (``new_capital``,
``library_loss``) are queued in ``pending`` and come first (:meth:`SandsState.settle`).

Where each part lives: :mod:`.setup` (Initial Setup 1-7, solo setup), :mod:`.generation`
(Phases 1, 2 (a), 2 (c), 3, 4, 5, Generation End, Game End), :mod:`.turn` (Phase 2 (b), Bonus
Actions), :mod:`.actions_table` (Actions Explained: which module carries out each Action card),
:mod:`.chronicles` (Chronicle, Phase 5 scoring), :mod:`.muster_govern_tribute`, :mod:`.conquer`,
:mod:`.movement` (Raid, Migrate), :mod:`.build` (Build, Structures), :mod:`.advance`,
:mod:`.trade_route`, :mod:`.solo` (Variant), :mod:`.empire` (what the rules read: adjacency,
costs, strength, symbols, accomplishments), :mod:`.board` and :mod:`.data` (Game Equipment: the
map board and the components, read from ``data/sands_of_time/``), :mod:`.perspective` and
:mod:`.hidden` (what each seat sees), :mod:`.refusals` (why a choice is refused), :mod:`.odds`
(exact calculators: a Generation's length, a battle's odds).  The package docstring lists the
Interpretations.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from explorer.engine.errors import OptionsError
from explorer.engine.machine import PhasedState
from explorer.engine.options import check_option_types, option
from explorer.engine.playout import draw_below
from explorer.engine.secret import SecretChoices
from explorer.engine.state import CHANCE, TERMINAL, Result
from explorer.engine.words import seat_name

from . import advance, build, chronicles, conquer, generation, movement, perspective, refusals, setup, solo
from . import muster_govern_tribute as mgt
from . import trade_route, turn
from . import empire as E
from .actions import Capital, DealTile, Roll
from .checks import DataError
from .data import CATEGORIES, SandsData, load, positions
from .sections import GAME, RULES

PROMPTS = {
    "claim": "claim a province", "black": "place the black empire",
    "blue": "place the blue empire", "capital": "choose your capital",
    "caravan": "place your first caravan on a border of the capital",
    "setup_heritage": "raise one heritage to 1, or not",
    "extra_peasant": "add a peasant to a territory you own",
    "first_advance": "secretly choose the Level 1 advance for your marker",
    "select": "secretly choose two cards",
    "turn": "use a chosen card, take a bonus action, or end the turn",
    "chronicle": "place a Chronicle card in a bin", "muster": "muster or convert",
    "conquer_where": "choose the territory to conquer in", "conquer": "attack, annex, or stop",
    "battle": "secretly choose your battle number", "lose": "choose the citizen you lose",
    "retreat": "choose where your citizens retreat", "raid": "move warriors, then raid",
    "build": "choose a structure and a territory", "govern": "choose how far to lower Unrest",
    "advance": "choose a tree to advance on", "keep": "choose the tile to keep",
    "trade_route": "choose a border for the caravan and how to pay",
    "migrate": "move citizens one step", "migrate_route": "place a free caravan, or not",
    "tribute": "choose where tribute comes from", "heritage_gain": "choose a heritage track to raise",
    "library_loss": "choose the heritage track to lower",
    "new_capital": "choose your new capital", "cull": "secretly choose the citizen to remove",
    "target": "choose the territory the foreign empire attacks",
}
#: phase -> the key in RULES of the rule the step follows (the prompt cites its section): a decision's
#: is the one its refusal cites; a chance step's the setup, die or drawing rule
STEP_RULES = {**refusals.PHASE_RULE, "tiles": "tiles", "trees": "trees", "start": "start", "roll": "tracks",
              "draw": "discover"}

#: The Emphasis cards, after the Action cards (Game Equipment).
EMPHASIS_CARDS = tuple(generation.EMPHASIS + c for c in CATEGORIES)


@dataclass(frozen=True)
class SandsOptions:
    """Rule options; the defaults are the rulebook's (and our readings: see Interpretations)."""

    players: int = option(4, "{} players")  # 1-6 (1: the solo variant)
    # a folder of the user's own data files ("" = shipped)
    data_dir: str = option("", "data files from {}", none="the shipped data files")
    # Phase 5: +1 heritage per Chronicle scored (False: per category)
    heritage_per_chronicle: bool = option(True, ("1 heritage per Chronicle scored", "1 heritage per category scored"))

    def __post_init__(self):
        check_option_types(self)
        if not 1 <= self.players <= 6:
            raise OptionsError(f"players must be 1-6, got {self.players}")
        try:
            _data(self.data_dir)
        except DataError as e:
            raise OptionsError(f"data_dir: {e}") from None


@lru_cache(maxsize=8)
def _data(data_dir: str) -> SandsData:
    """The data set of ``data_dir``; a folder's own ``positions.yaml`` (read by the views) is checked
    too, so a bad one is refused with the option rather than when a map opens."""
    data = load(data_dir or None)
    if data_dir:
        positions(data_dir)
    return data


class SandsState(SecretChoices, PhasedState):
    """One moment of a game of The Sands of Time.  Immutable: :meth:`apply` returns a new state.

    Per territory: ``tiles`` (resource, capacity; in play only), ``owner``, ``colony`` (markers
    with the open circle), ``pe`` / ``wa`` (peasants / warriors per empire), ``st`` (structures).
    Per seat: ``capital``, ``crops``, ``gold``, ``unrest``, ``vp``, ``heritage`` (Civil, Political,
    Cultural), ``routes`` (borders), ``markers`` (tree -> tile index), ``hand`` / ``used`` (cards),
    ``emph`` and ``boxes`` (the Emphasis card of the Generation), ``chron_hand`` and ``bins``
    (Chronicles).  The board: ``trees`` (tiles per tree), ``piles`` (face-down tiles by category and
    level; ``tops`` a tile put back on top, ``seen`` who has seen each pile tile), ``st_supply``,
    ``gen_pos``, ``dyn_pos``, ``dynasty``, ``start``.  Empires are the seats, plus in solo play the
    black (1) and blue (2) foreign empires."""

    game = GAME
    PROMPTS = PROMPTS
    STEP_RULES = STEP_RULES
    RULES = RULES
    SECRET_PHASES = frozenset({"first_advance", "select", "battle", "cull"})
    SECRET_RULES = {"first_advance": ("first_advance", "first_advance"), "battle": ("battle", "battle"),
                    "cull": ("cull", "cull"), "select": ("select", "reveal")}
    KEY_EXCLUDES = ("_events", "data", "geo", "advance_facts", "card_names", "card_index", "zero", "in_play",
                    "structure_facts", "card_symbols", "got", "moving", "unlockers")
    CHANCE_PHASES = frozenset({"tiles", "trees", "start", "draw", "roll"})

    def __init__(self, options: SandsOptions | None = None):
        o = options or SandsOptions()
        self.options = o
        n = o.players
        self.data = _data(o.data_dir)
        self.geo = E.geo(self.data)
        self.advance_facts = {a.name: a for a in self.data.advances}
        self.unlockers = self.data.unlockers()
        self.structure_facts = {x.name: x for x in self.data.structures}
        self.card_names = tuple(c.name for c in self.data.cards.actions) + EMPHASIS_CARDS
        self.card_index = {c: i for i, c in enumerate(self.card_names)}
        self.card_symbols = {c.name: c.symbols for c in self.data.cards.actions}
        self.empires = n + 2 if n == 1 else n
        self.zero = (0,) * self.empires
        e = self.empires
        self.in_play = frozenset()         # the territories with a tile (set once they are dealt)
        self.tiles, self.owner, self.colony, self.pe, self.wa, self.st = {}, {}, frozenset(), {}, {}, {}
        self.st_supply = {x.name: x.count for x in self.data.structures}
        self.credits = ()
        self.capital = (None,) * e
        self.crops = self.gold = self.vp = (0,) * e
        self.vp_from = ((0,) * len(E.VP_SOURCES),) * e     # VP by source (empire.VP_SOURCES)
        self.unrest = (self.data.tracks.unrest["start"],) * e
        self.heritage = ((self.data.tracks.heritage["start"],) * 3,) * n
        self.routes = (frozenset(),) * n
        self.markers = ({},) * n
        self.got = (None, None, ())         # what each seat has achieved (empire.achieved_set), derived
        self.moving = None                  # the moves of a Raid or Migrate (movement._moves), derived
        self.hand = (frozenset(self.card_names),) * n
        self.used = (frozenset(),) * n
        self.emph = (None,) * n
        self.boxes = (0,) * n
        self.chron_hand = (tuple(range(1, len(self.data.chronicles.cards) + 1)),) * n
        self.bins = ({},) * n
        self.last_chronicle = (0,) * n
        self.trees = {}
        self.piles = {}
        for a in self.data.advances:
            if a.level >= 3:
                key = (a.category, a.level)
                self.piles[key] = tuple(sorted(self.piles.get(key, ()) + (a.name,)))
        self.tops, self.seen, self.drawn = {}, {}, ()
        self.gen_pos = self.dyn_pos = 0
        self.round = 0                     # turns played (Phase 2's sequence), for summaries
        self.generations = 0               # Generations ended
        self.dynasty = 1
        self.start = self.first_start = 0   # who holds the start die; who held it first (Initial Setup 4)
        self.growth = False
        self.step = None
        self.roll = None
        self.sixes = 0                     # solo play: the 6s rolled so far (whose empire attacks)
        self.selected = (None,) * n
        self.revealed = frozenset()
        self.commits = (None,) * n
        self.committing = ()
        self.order, self.turn_i, self.active = (), 0, None
        self.to_play, self.reused, self.reuse_used = (), None, False
        self.bonus, self.patron, self.card = False, None, None
        self.ctx = self.after = None
        self.battle = self.resume = self.beaten = self.cull_at = None
        self.losses = ()
        self.pending, self.stack = (), ()
        self.claims = self.queue = ()
        self.cup, self.to_deal = (), ()
        self.winners, self.winner, self.end_reason = (), None, None
        self.events = ()
        self._ev = []
        setup.begin(self)
        del self._ev

    # -- the contract ----------------------------------------------------------------------------
    def result(self):
        if self.player != TERMINAL:
            return None
        return Result(self.winners, self.end_reason)

    def _terminal_rule(self):
        return RULES["end"]

    def key(self):
        """Every field but the caches and the loaded data, nested containers made hashable (per-seat
        tuples hold dicts here: markers, bins)."""
        return tuple((k, _freeze(v)) for k, v in self._key_fields())

    def turn_order(self) -> tuple[int, ...]:
        return _turn_orders(self.options.players)[self.start]

    def chance_outcomes(self):
        if self.player != CHANCE:
            return []
        return _OUTCOMES[self.phase_](self)

    def sample_chance(self, rng: random.Random):
        """The same distributions as :meth:`chance_outcomes`, drawn without building Fractions."""
        ph = self.phase_
        if ph == "roll":
            return _ROLLS[draw_below(rng, 6)]
        if ph == "tiles":                                  # each tile in the cup equally likely
            return DealTile(*self.cup[draw_below(rng, len(self.cup))])
        if ph == "start":
            return setup.StartPlayer(rng.randrange(self.players))
        outcomes = self.chance_outcomes()                  # trees, draw: uniform over a few outcomes
        return outcomes[rng.randrange(len(outcomes))][0]

    def _check_chance(self, a):
        _CHECK[self.phase_](self, a)

    # -- decisions owed in the middle of another's action -----------------------------------------
    def settle(self) -> None:
        """Start the first queued decision (a new capital, a Library's heritage) before going on."""
        if self.pending and self.phase_ not in ("new_capital", "library_loss"):
            self.stack = self.stack + ((self.phase_, self.player),)
            kind, q = self.pending[0]
            self.pending = self.pending[1:]
            self.phase_, self.player = kind, q

    def resume_pending(self) -> None:
        if self.pending:
            kind, q = self.pending[0]
            self.pending = self.pending[1:]
            self.phase_, self.player = kind, q
            return
        (phase, player), self.stack = self.stack[-1], self.stack[:-1]
        if phase == "after_roll":
            generation.after_roll(self)
            return
        self.phase_, self.player = phase, player

    # -- legal decisions ---------------------------------------------------------------------------
    def _compute_legal(self):
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return _LEGAL[self.phase_](self)

    def _why_illegal(self, a):
        return refusals.why_illegal(self, a)

    # -- perspective --------------------------------------------------------------------------------
    def observation(self, player):
        return perspective.observation(self, player)

    def describe_action(self, action, viewer=None):
        return perspective.describe_action(self, action, viewer)

    def __repr__(self):
        return f"<Sands of Time dynasty {self.dynasty}, phase {self.phase_}, player {self.player}>"


_ROLLS = tuple(Roll(v) for v in range(1, 7))


@lru_cache(maxsize=8)
def _turn_orders(n: int) -> tuple:
    """Per start player, the seats in turn order from him."""
    return tuple(tuple((start + i) % n for i in range(n)) for start in range(n))


def _freeze(v):
    t = type(v)
    if t is dict:
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if t is tuple or t is list:
        return tuple(_freeze(x) for x in v)
    if t is frozenset:
        return tuple(sorted(v))
    return v


def _legal_new_capital(s):
    return [Capital(t) for t in E.owned(s, s.player)]


def _on_new_capital(s, a):
    q = s.player
    E.set_seat(s, "capital", q, a.territory)
    s._event("new_capital", f"{seat_name(q)} moves the capital to {a.territory}")
    s.resume_pending()


_OUTCOMES = {"tiles": setup.tile_outcomes, "trees": setup.tree_outcomes,
             "start": lambda s: setup_start_outcomes(s),
             "draw": advance.draw_outcomes, "roll": generation.roll_outcomes}
_CHECK = {"tiles": setup.check_tile, "trees": setup.check_tree, "start": setup.check_start,
          "draw": advance.check_draw, "roll": generation.check_roll}


def setup_start_outcomes(s):
    from fractions import Fraction
    return [(setup.StartPlayer(q), Fraction(1, s.players)) for q in range(s.players)]


_LEGAL = {
    "claim": setup.legal_claim, "black": setup.legal_foreign, "blue": setup.legal_foreign,
    "capital": setup.legal_capital, "caravan": setup.legal_caravan, "setup_heritage": setup.legal_setup_heritage,
    "extra_peasant": setup.legal_peasant, "first_advance": setup.legal_marker,
    "select": generation.legal_select, "cull": generation.legal_cull, "turn": turn.legal_turn,
    "chronicle": chronicles.legal, "muster": mgt.legal_muster, "govern": mgt.legal_govern,
    "tribute": mgt.legal_tribute, "conquer_where": conquer.legal_where, "conquer": conquer.legal_conquer,
    "battle": conquer.legal_pick, "lose": conquer.legal_lose, "retreat": conquer.legal_retreat,
    "raid": movement.legal_raid, "migrate": movement.legal_migrate,
    "migrate_route": trade_route.legal_migrate_route, "trade_route": trade_route.legal,
    "build": build.legal, "heritage_gain": build.legal_heritage, "library_loss": build.legal_heritage_loss,
    "advance": advance.legal, "keep": advance.legal_keep, "new_capital": _legal_new_capital,
    "target": solo.legal_target,
}

SandsState.LEGAL_AT = _LEGAL       # _compute_legal at a decision
SandsState.HANDLERS = {
    "tiles": setup._on_tile, "trees": setup._on_tree, "start": setup._on_start, "claim": setup._on_claim,
    "black": setup._on_foreign, "blue": setup._on_foreign, "capital": setup._on_capital,
    "caravan": setup._on_caravan, "setup_heritage": setup._on_setup_heritage, "extra_peasant": setup._on_peasant,
    "first_advance": setup._on_marker, "select": generation._on_select, "roll": generation._on_roll,
    "cull": generation._on_cull, "turn": turn._on_turn, "chronicle": chronicles._on_chronicle,
    "muster": mgt._on_muster, "govern": mgt._on_govern, "tribute": mgt._on_tribute,
    "conquer_where": conquer._on_where, "conquer": conquer._on_conquer, "battle": conquer._on_pick,
    "lose": conquer._on_lose, "retreat": conquer._on_retreat, "raid": movement._on_raid,
    "migrate": movement._on_migrate, "migrate_route": trade_route._on_route, "trade_route": trade_route._on_route,
    "build": build._on_build, "heritage_gain": build._on_heritage, "library_loss": build._on_heritage_loss,
    "advance": advance._on_advance, "draw": advance._on_draw, "keep": advance._on_keep,
    "new_capital": _on_new_capital, "target": solo._on_target,
}


def new_game(options: SandsOptions | None = None) -> SandsState:
    return SandsState(options)


def check_invariants(s: SandsState) -> None:
    """Raise AssertionError unless pieces are conserved per player (peasants, warriors, discs,
    caravans; structure tiles), every count and track is within its bounds, no territory holds more
    than twice its capacity once overcrowding is settled, and the legal actions are not empty."""
    n, e = s.players, s.empires
    for q in range(e):
        for kind, top in (("peasant", E.PEASANTS), ("warrior", E.WARRIORS)):
            left = E.supply(s, q, kind)
            assert 0 <= left <= top, f"empire {q} has {top - left} {kind}s on the board (at most {top})"
        assert s.crops[q] >= 0 and s.gold[q] >= 0
    for q in range(n):
        assert E.discs_free(s, q) >= 0, f"{seat_name(q)} uses more than {E.DISCS} discs"
        assert len(s.routes[q]) <= E.ROUTES and s.routes[q] <= s.geo.borders
        assert sum(1 for o in s.owner.values() if o == q) <= E.MAX_TERRITORIES
        lo, hi = s.data.tracks.unrest["minimum"], E.unrest_cap(s, q)
        assert lo <= s.unrest[q] <= hi, f"{seat_name(q)}'s Unrest {s.unrest[q]} is outside {lo}-{hi}"
        assert all(0 <= h <= s.data.tracks.heritage["maximum"] for h in s.heritage[q])
        cap = s.capital[q]
        assert cap is None or s.owner.get(cap) == q, f"{seat_name(q)}'s capital {cap} is not his"
        if s.phase_ in ("turn", "select") and s.owner and any(o == q for o in s.owner.values()):
            assert cap is not None, f"{seat_name(q)} owns territories but has no capital"
        assert len(s.chron_hand[q]) + len(s.bins[q]) <= len(s.data.chronicles.cards)
        assert s.hand[q] | s.used[q] == frozenset(s.card_names) and not s.hand[q] & s.used[q]
        assert 0 <= s.boxes[q] <= s.data.cards.emphasis_boxes
    on_board = {}
    for t, here in s.st.items():
        assert t in s.tiles and len(here) <= E.capacity(s, t), f"{t} holds {sorted(here)}"
        for x in here:
            on_board[x] = on_board.get(x, 0) + 1
    for x in s.data.structures:
        assert on_board.get(x.name, 0) + s.st_supply[x.name] == x.count, f"{x.name} tiles misplaced"
    for t in set(s.pe) | set(s.wa):
        assert t in s.tiles, f"citizens in {t}, which is not in play"
    for t in s.owner:
        assert t in s.tiles
    if s.phase_ == "select" and s.gen_pos == 0:
        assert generation.overfull(s) is None, "a territory holds more than twice its capacity after Phase 4"
    if s.is_terminal():
        assert s.dynasty > len(s.data.tracks.dynasties) and s.winners
    elif not s.is_chance_node():
        assert s.legal_actions(), f"no legal action in phase {s.phase_}"
