"""Journalists (Jeff Warrender), a Decktet game: every rule of the rulebook, as a State machine.

Sections are cited as the rulebook is organised (see :mod:`.sections`): "Setup 1" to
"Setup 5", "Game play", "Turn (a)", "Turn (b)", "Completing a card", "Paying for the
card", "Refilling the display", "Taking another player's card", "Next player",
"Scoring", "Extended deck: Pawns", "Extended deck: the Excuse" and "Variant".

How a game flows through chance nodes and decisions (``state.phase``):

``deal_aces`` (chance: one Ace per player, in seat order) -> ``pyramid`` (chance: the
display's cards turned up one at a time) -> ``start`` (chance: the start player) ->
per turn: ``take`` (the player takes a card: :class:`~.actions.Evidence` for Turn (a),
:class:`~.actions.Cubes` for Turn (b), :class:`~.actions.Steal` for another player's
card) -> ``reveal`` (chance: the deck's top card, after a card left the display) ->
``take`` for the next player ... -> ``over``.

Where each part lives: :mod:`.setup` (Setup 1-5), :mod:`.taking` (Game play, Turn (a)
and (b), Paying for the card, Taking another player's card), :mod:`.cubes` (Turn (b)'s
cubes and Completing a card; also the calculator :func:`~.cubes.distribute_cubes`),
:mod:`.display` (the pyramid's slots and costs, Refilling the display),
:mod:`.turn_order` (Refilling the display, Next player, Variant, the end),
:mod:`.scoring` (Scoring, the Pawn's and the Excuse's worth), :mod:`.refusals` (why a
choice is refused), :mod:`.odds` (exact reveal chances, score projections).

Hidden information: none but the deck's order, and the state holds no order: every
card turned up is a chance outcome, uniform over the cards not yet seen.  Everything
else lies face up (the Aces, the display, the rows, cubes, chips and bought cards; the
Aces left out are named when set aside), so every seat sees what the teacher sees.

Interpretations (readings of what the short rules leave open)
--------------------------------------------------------------
- Courts (Setup 2 names only the Pawns and the Excuse as additions, and no rule gives
  a Court a rank): left out by default.  The ``courts`` option shuffles them in, each
  ranking ``court_rank`` (default 10: the deck puts Courts between the nines and the
  Crowns, and with Crowns at 10 no whole number lies between).
- Crowns rank 10, the basic Decktet's value (``crown_rank``).
- The display (Setup 3, Refilling the display) is a line of slots, bottom row first
  (:mod:`.display`): a card taken leaves a gap, each card after it slides down one
  slot, and the new card goes on top.  So the pyramid slides as a line, not column by
  column: taking the right-hand card of the row of three moves the left card of the row
  of two down into the row of three (cards change rows and grow cheaper as they wait).
  The other tenable reading lets only the cards above a gap fall into it; the rule
  says no more than that the cards slide down into the gaps before the new card goes
  on top.  The first six cards fill it bottom row first.  With the deck empty nothing
  is turned up: the display shrinks from the top, and the cards still slide down.
- The end (Game play): after any turn, the game ends when no supply holds a chip, or
  when the display and the deck are both empty ("the last card has been taken"; cards
  bought by players do not keep the game going).  The final turn's gap is not refilled.
- A player whose supply is empty cannot pay for any card, so their turns are passed
  over; they play again if a chip comes back (another player took a card they had
  bought).  With the Variant, the most chips goes next (Variant) and the current
  player is among the candidates, last in the order of ties.
- Taking another player's card leaves no gap, so nothing is turned up after it.  Only
  cards bought with Turn (b) and still lying above a row can be taken, never one's own.
- Turn (b) may be chosen when no cube would land (the card is bought to keep it from
  others, or to park chips).  Cubes are unlimited (the box's ~50 are plenty).
- Turn (b)'s walk (:mod:`.cubes`): over the cards right of the Ace, left to right, one
  cube on each card sharing at least one suit with the taken card, repeated; a card
  completing leaves the row at once; the walks end when the cubes run out or a walk
  places none.  Completed cards lie left of the Ace in the order they completed.
- Pawns (Extended deck: Pawns): a Pawn's rank is its holder's highest completed rank
  (the Ace counting as 1; Pawns and the Excuse never count), read afresh at every cube,
  so a card completed mid-distribution lets a Pawn take more cubes in the same turn.
  A Pawn taken for (b) brings its taker's highest completed rank in cubes.  A Pawn
  never leaves the row during play; at the end it scores as a completed card of that
  rank (with the Ace's +1 if one of its suits matches) when it holds exactly that many
  cubes, and nothing otherwise.
- The Excuse (Extended deck: the Excuse): in the row it may take the cubes of the owner's
  Turn (b) that fit nowhere else; the owner chooses how many (``excuse`` step: 0 up to
  all of them; the rest are discarded), since more cubes than the highest completed rank
  make it worth nothing.  It is no completed card (no suit, no Ace bonus,
  never the highest completed card), and scores its cubes unless they exceed the
  highest completed rank.  Taken for (b) it brings no cubes and completes the one card
  of the taker's row the taker names (a Pawn: filled to its current rank, staying in
  the row), or nothing; it then lies above the row like any bought card.
- The Ace counts as complete for the Pawn's rank and the Excuse's limit but scores
  nothing itself.  Read literally, Extended deck: Pawns calls the player's Ace complete
  and Scoring counts every completed card (its rank, +1 for matching the player's Ace,
  which it always does): 2 more points for every player, the winners unchanged.  The
  ``ace_scores`` option counts them so.
- Ties: the players with the top score share the win (the rules name no tie-break).
- Aces left out (Setup 1) are set aside face up: everybody knows which they are.
- Players: the rulebook says 2-4; up to 6 (one Ace each) are allowed as a what-if.
  Likewise ``display_rows`` (a 4-3-2-1 pyramid costing 1-4 chips, ...) and ``pawns``
  (leave the Pawns out) are designers' what-ifs, not rulebook choices.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from explorer.engine.errors import IllegalMove, OptionsError
from explorer.engine.machine import PhasedState
from explorer.engine.options import check_option_types, option
from explorer.engine.state import CHANCE, TERMINAL, Result
from explorer.engine.words import action_words, seat_name

from . import display as D
from . import refusals, setup, taking, turn_order
from .actions import (_CUBES, _EVIDENCE, _STEAL, Cubes, DealAce, Evidence, ExcuseCubes, Reveal, StartPlayer, Steal,
                      cubes, onto_excuse, reveal)
from .cards import ACE_SUIT, ACES, EXCUSE, KIND, MAX_RANK, fixed_rank
from .cubes import distribute_cubes
from .scoring import highest_completed, player_score
from .sections import GAME, RULES

PROMPTS = {"take": "take a card: from the display as evidence (a) or for its cubes (b), "
                   "or another player's bought card",
           "excuse": "choose how many spare cubes go on your Excuse; the rest are discarded"}
#: phase -> the key in RULES of the rule the step follows (the prompt cites its section)
STEP_RULES = {"deal_aces": "aces", "pyramid": "pyramid", "start": "start", "reveal": "refill", "take": "turn",
              "excuse": "excuse"}


@dataclass(frozen=True)
class JournalistsOptions:
    """Rule options; the defaults are the rulebook's values (and our readings, where
    it gives none: see Interpretations)."""

    players: int = option(4, "{} players")  # Players 2-4 (5-6 as a what-if: six Aces)
    chips: int = option(12, "{} chips each")  # Setup 4
    # Setup 2: "optional"; in by default
    excuse: bool = option(True, ("with the Excuse", "without the Excuse"))
    pawns: bool = option(True, ("with the Pawns", "without the Pawns"))  # Setup 2
    # not in the rules (see Interpretations)
    courts: bool = option(False, ("with the Courts", "without the Courts"))
    court_rank: int = option(10, "Courts of rank {}")  # the Courts' rank when they are in
    crown_rank: int = option(10, "the Crown of rank {}")  # the basic Decktet's Crown
    display_rows: int = option(3, "a display of {} rows")  # Setup 3: a 3-2-1 pyramid
    most_chips_next: bool = option(False, ("most chips goes next", "clockwise order"))  # Variant
    # Scoring: the Ace as a completed card (see Interpretations)
    ace_scores: bool = option(False, ("the Ace scores as a completed card", "the Ace does not score"))

    def __post_init__(self):
        check_option_types(self)
        if not 2 <= self.players <= 6:
            raise OptionsError(f"players must be 2-6 (the rulebook says 2-4; one Ace each), got {self.players}")
        if not 1 <= self.chips <= 60:
            raise OptionsError(f"chips must be 1-60, got {self.chips}")
        if not 1 <= self.court_rank <= MAX_RANK:
            raise OptionsError(f"court_rank must be 1-{MAX_RANK}, got {self.court_rank}")
        if not 1 <= self.crown_rank <= MAX_RANK:
            raise OptionsError(f"crown_rank must be 1-{MAX_RANK}, got {self.crown_rank}")
        if not 2 <= self.display_rows <= 5:
            raise OptionsError(f"display_rows must be 2-5 (the rulebook's pyramid has 3), got {self.display_rows}")


class JournalistsState(PhasedState):
    """One moment of a game of Journalists.  Immutable: :meth:`apply` returns a new state.

    Fields: ``deck`` (the cards not yet turned up, in the listing's order: the order
    to come is not kept), ``display`` (its slots, bottom row first), ``aces`` and
    ``set_aside`` (Setup 1), ``removed`` (cards a position built directly leaves out of
    play, see :mod:`.positions`; empty in a game played from the start), per seat ``rows``
    (``(card, cubes)`` right of the Ace, left to right), ``completed`` (left of the Ace, in
    completion order), ``bought`` (``(card, chips)`` above the row) and ``supply`` (chips);
    ``discarded`` chips, ``wasted`` cubes, ``turn`` (turns played), ``taker`` (whose turn a
    reveal ends)."""

    game = GAME
    PROMPTS = PROMPTS
    STEP_RULES = STEP_RULES
    RULES = RULES

    def __init__(self, options: JournalistsOptions | None = None):
        o = options or JournalistsOptions()
        n = o.players
        self.options = o
        self.deck = setup.deck_for(o)
        self.display = ()
        self.aces = (None,) * n
        self.set_aside = ()
        self.removed = ()                   # cards left out of a position built directly (positions.py)
        self.rows = ((),) * n
        self.completed = ((),) * n
        self.bought = ((),) * n
        self.supply = (o.chips,) * n
        self.discarded = 0
        self.wasted = 0
        self.spare = 0                      # cubes of a Turn (b) waiting to go on the Excuse or away
        self.turn = 0
        self.taker = None
        self.winners = ()
        self.winner = None
        self.end_reason = None
        self.final_scores = None
        self.events = ()
        setup.begin(self)

    # -- the contract ---------------------------------------------------------------------
    def result(self):
        if self.player != TERMINAL:
            return None
        return Result(self.winners, self.end_reason)

    def _terminal_rule(self):
        return RULES["end"]

    def chance_outcomes(self):
        ph = self.phase_
        if self.player != CHANCE:
            return []
        if ph == "deal_aces":
            left = setup.aces_left(self)
            return [(DealAce(a), Fraction(1, len(left))) for a in left]
        if ph == "start":
            return [(StartPlayer(q), Fraction(1, self.players)) for q in range(self.players)]
        p = Fraction(1, len(self.deck))
        return [(reveal(c), p) for c in self.deck]

    def sample_chance(self, rng: random.Random):
        ph = self.phase_
        if ph == "pyramid" or ph == "reveal":
            deck = self.deck
            return reveal(deck[rng.randrange(len(deck))])
        if ph == "deal_aces":
            left = setup.aces_left(self)
            return DealAce(left[rng.randrange(len(left))])
        if ph == "start":
            return StartPlayer(rng.randrange(self.players))
        raise ValueError(f"not a chance node (phase {ph})")

    def _check_chance(self, a):
        ph = self.phase_
        if ph == "deal_aces":
            if type(a) is not DealAce or a.card not in setup.aces_left(self):
                raise IllegalMove(f"{action_words(self, a)}: that is not an Ace still to deal", RULES["aces"])
        elif ph == "start":
            if type(a) is not StartPlayer or type(a.seat) is not int or not 0 <= a.seat < self.players:
                raise IllegalMove(f"{action_words(self, a)}: that is not a player who may start", RULES["start"])
        elif type(a) is not Reveal or a.card not in self.deck:
            raise IllegalMove(f"{action_words(self, a)}: that is not a card left in the deck",
                              RULES["pyramid" if ph == "pyramid" else "refill"])

    # -- what the rules read ---------------------------------------------------------------
    def ace_suit(self, seat: int) -> str | None:
        ace = self.aces[seat]
        return None if ace is None else ACE_SUIT[ace]

    def highest(self, seat: int) -> int:
        """The player's highest completed rank (the Ace: 1), which ranks their Pawns."""
        o = self.options
        return highest_completed(self.completed[seat], o.crown_rank, o.court_rank)

    def holder(self, card: str) -> tuple[int, int] | None:
        """``(seat, index)`` of a bought card lying above a row, or ``None``."""
        for q, cards in enumerate(self.bought):
            for i, (name, _) in enumerate(cards):
                if name == card:
                    return q, i
        return None

    def cost(self, card: str) -> int:
        """What taking ``card`` from the display costs (Paying for the card)."""
        return D.slot_costs(self.options.display_rows)[self.display.index(card)]

    def excuse_targets(self, seat: int) -> list[str]:
        """Cards of ``seat``'s row the Excuse may complete: every card but the Excuse,
        a Pawn only while it holds fewer cubes than its rank."""
        high = None
        out = []
        for name, n in self.rows[seat]:
            if name == EXCUSE:
                continue
            if KIND[name] == "pawn":
                if high is None:
                    high = self.highest(seat)
                if n >= high:
                    continue
            out.append(name)
        return out

    def score(self, seat: int) -> int:
        """The player's score as Scoring counts it, were the game to end now."""
        o = self.options
        return player_score(self.completed[seat], self.rows[seat], self.ace_suit(seat), o.crown_rank, o.court_rank,
                            o.ace_scores)

    def preview(self, action, onto_excuse: int | None = None):
        """What a Turn (b) action would do to the mover's row (a
        :class:`~.cubes.Distribution`), by the same :func:`distribute_cubes` the rules run;
        ``onto_excuse`` spare cubes on the Excuse (``None``: all of them)."""
        p, o = self.player, self.options
        return distribute_cubes(self.rows[p], action.card, self.highest(p), complete=action.complete or None,
                                ace=self.aces[p], crown_rank=o.crown_rank, court_rank=o.court_rank,
                                onto_excuse=onto_excuse)

    # -- legal decisions --------------------------------------------------------------------
    def _compute_legal(self):
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        p = self.player
        if self.phase_ == "excuse":
            return [onto_excuse(n) for n in range(self.spare + 1)]
        chips = self.supply[p]
        out = []
        add = out.append
        for card, cost in zip(self.display, D.slot_costs(self.options.display_rows), strict=False):
            if cost > chips:
                break
            add(_EVIDENCE[card])
            add(_CUBES[card])
            if card == EXCUSE:
                out += [cubes(card, t) for t in self.excuse_targets(p)]
        for q, cards in enumerate(self.bought):
            if q != p and cards:
                out += [_STEAL[card] for card, _ in cards]
        return out

    def _why_illegal(self, a):
        return refusals.why_illegal(self, a)

    # -- perspective -------------------------------------------------------------------------
    def observation(self, player: int | None):
        """What ``player`` sees: everything but the deck's order, which nobody knows (the
        state does not hold one), so every seat's view is the teacher's."""
        o = self.options
        costs = D.slot_costs(o.display_rows)
        return {
            "game": GAME, "viewer": player, "phase": self.phase_, "current_player": self.player,
            "turn": self.turn,
            "display": [{"slot": i, "card": c, "cost": costs[i]} for i, c in enumerate(self.display)],
            "deck_count": len(self.deck), "unseen": list(self.deck),
            "aces_set_aside": list(self.set_aside), "removed": list(self.removed),
            "discarded_chips": self.discarded,
            "wasted_cubes": self.wasted, "spare_cubes": self.spare,
            "players": [{"seat": q, "ace": self.aces[q], "chips": self.supply[q],
                         "evidence": [{"card": c, "cubes": n} for c, n in self.rows[q]],
                         "completed": list(self.completed[q]),
                         "bought": [{"card": c, "chips": n} for c, n in self.bought[q]],
                         "highest_completed": self.highest(q), "score": self.score(q)}
                        for q in range(o.players)],
            "winners": list(self.winners), "end_reason": self.end_reason,
            "final_scores": None if self.final_scores is None else list(self.final_scores),
        }

    def describe(self, action, viewer: int | None = None) -> str:
        """The action in words, with what this state gives it (cost, cubes, completions).
        The same for every viewer: nothing in Journalists is private (see above)."""
        ph, p = self.phase_, self.player
        if ph == "deal_aces" and type(action) is DealAce:
            return f"{seat_name(self.aces.index(None))} is dealt the {action.card}"
        if ph == "start" and type(action) is StartPlayer:
            return f"{seat_name(action.seat)} is chosen to start"
        if ph in ("pyramid", "reveal") and type(action) is Reveal:
            where = D.row_words(self.options.display_rows, len(self.display))    # the next free slot
            return f"{action.card} is turned up in the display ({where})"
        if ph == "take" and type(action) in (Evidence, Cubes) and action.card in self.display:
            cost = self.cost(action.card)
            paid = f"{cost} chip{'s' if cost > 1 else ''}"
            if type(action) is Evidence:
                return f"{seat_name(p)} takes {action.card} for {paid} as evidence (a)"
            try:
                d = self.preview(action)
            except ValueError:
                return f"{seat_name(p)}: {action}"
            if action.card == EXCUSE:
                what = f"completing {action.complete}" if action.complete else "completing nothing"
            else:
                what = f"{d.cubes} cube{'s' if d.cubes != 1 else ''}"
                if d.completed:
                    what += ", completing " + ", ".join(d.completed)
            return f"{seat_name(p)} buys {action.card} for {paid} (b): {what}"
        if ph == "excuse" and type(action) is ExcuseCubes and type(action.count) is int:
            rest = self.spare - action.count
            return (f"{seat_name(p)} puts {action.count} spare cube{'s' if action.count != 1 else ''} on the Excuse"
                    + (f" and discards {rest}" if rest > 0 else ""))
        if ph == "take" and type(action) is Steal and self.holder(action.card):
            q, i = self.holder(action.card)
            return (f"{seat_name(p)} takes {action.card} from {seat_name(q)} as evidence for 1 chip "
                    f"({seat_name(q)} gets {self.bought[q][i][1]} back)")
        return f"{seat_name(p)}: {action}" if p >= 0 else str(action)

    def __repr__(self):
        return f"<Journalists turn {self.turn}, phase {self.phase_}, player {self.player}>"


def new_game(options: JournalistsOptions | None = None) -> JournalistsState:
    return JournalistsState(options)


JournalistsState.HANDLERS = {
    "deal_aces": setup._on_deal_ace, "pyramid": setup._on_pyramid, "start": setup._on_start,
    "reveal": turn_order._on_reveal,
    "take": lambda s, a: _TAKE[type(a)](s, a),
    "excuse": taking._on_excuse,
}
_TAKE = {Evidence: taking._on_evidence, Cubes: taking._on_cubes, Steal: taking._on_steal}


def all_cards(options: JournalistsOptions) -> tuple[str, ...]:
    """Every card in a game with these options: the six Aces and the deck (Setup 1-2)."""
    return ACES + setup.deck_for(options)


def check_invariants(state: JournalistsState) -> None:
    """Raise AssertionError unless every card is in exactly one place (deck, display,
    an Ace dealt, still to deal or set aside, a row, left of an Ace, above a row), every chip is in a
    supply, on a bought card or discarded, and every cube count is one the rules allow."""
    o = state.options
    n = o.players
    places = list(state.deck) + list(state.display) + [a for a in state.aces if a] + list(state.set_aside) \
        + list(state.removed)
    if state.phase == "deal_aces":
        places += setup.aces_left(state)          # still to deal
    for q in range(n):
        places += [c for c, _ in state.rows[q]] + list(state.completed[q]) + [c for c, _ in state.bought[q]]
    assert sorted(places) == sorted(all_cards(o)), f"cards misplaced: {sorted(places)}"
    assert list(state.deck) == sorted(state.deck, key=setup.ORDER.__getitem__), "the deck keeps an order"
    on_cards = sum(ch for q in range(n) for _, ch in state.bought[q])
    assert sum(state.supply) + on_cards + state.discarded == n * o.chips, \
        f"chips: {state.supply} in supplies, {on_cards} on cards, {state.discarded} discarded, expected {n * o.chips}"
    assert min(state.supply) >= 0 and state.discarded >= 0
    top = max(D.slot_costs(o.display_rows))
    for q in range(n):
        assert all(1 <= ch <= top for _, ch in state.bought[q]), f"{seat_name(q)}'s bought cards: {state.bought[q]}"
        high = state.highest(q)
        for card, cubes_on in state.rows[q]:
            rank = fixed_rank(card, o.crown_rank, o.court_rank)
            if KIND[card] == "pawn":
                assert 0 <= cubes_on <= high, f"Pawn {card} holds {cubes_on} cubes over the cap {high}"
            elif card == EXCUSE:
                assert cubes_on >= 0
            else:
                assert 0 <= cubes_on < rank, f"{card} holds {cubes_on} cubes at rank {rank}"
        assert all(KIND[c] not in ("pawn", "ace") and c != EXCUSE for c in state.completed[q])
    assert len(state.display) <= D.size(o.display_rows)
    if state.phase in ("take", "start"):
        assert len(state.display) == D.size(o.display_rows) or not state.deck, "the display has a gap"
    if state.phase == "take":
        assert state.supply[state.player] > 0, "a player without chips is to play"
        assert state.legal_actions(), "no legal action"
    if state.is_terminal():
        assert state.winners and state.final_scores == tuple(state.score(q) for q in range(n))
        assert not any(state.supply) or (not state.display and not state.deck)
