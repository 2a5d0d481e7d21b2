"""The game-agnostic state contract every game implements.

Modelled on OpenSpiel's chance nodes and python-chess's small explicit API:

- ``current_player`` is a seat number, :data:`CHANCE` at a chance node, or
  :data:`TERMINAL` when the game is over;
- ``legal_actions()`` lists the choices here (at a chance node: the outcomes);
- ``apply(action)`` returns the next state and never changes the receiver; an action
  the rules forbid raises :class:`~explorer.engine.errors.IllegalMove`;
- ``chance_outcomes()`` lists ``(outcome, Fraction)`` at a chance node, and
  ``sample_chance(rng)`` draws one from the same distribution with the caller's
  seeded RNG (rules never call :mod:`random` themselves);
- ``events`` says what the last ``apply`` did, each with the rule that fired;
- ``observation(player)`` shows what that seat may see, ``observation(None)`` all.

Every text is asked *for a viewer* (a seat, or ``None`` for the all-seeing teacher), as
OpenSpiel's ``action_to_string(player, action)``: ``describe(action, viewer)`` words an
action taken here as that seat may know it, and :meth:`Event.text_for` words an event.
A private draw reads "player 3 draws a coin" to the others and names the coin to
player 3.  Views build text from nothing else.

A viewer is ``None`` or a seat number: an ``int`` (not a ``bool``) from 0 to the number
of players less one.  :func:`check_viewer` refuses anything else with a ValueError, and
every state class checks the viewer of its ``observation``, ``describe``,
``describe_action`` and ``commitments`` with it before the game's own code runs (the
methods are wrapped when the class is made: :meth:`State.__init_subclass__`), so that
``observation(True)`` cannot pass for seat 1, ``observation(7)`` for an outsider, nor
``observation("0")`` fail deep inside a game.
"""
from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple
from collections.abc import Sequence

from .actions import Action
from .errors import RuleRef
from .words import seat_name, seat_names

CHANCE = -1
TERMINAL = -2


def check_viewer(viewer, players: int | None = None):
    """``viewer`` itself when it is ``None`` (the teacher) or a seat number (an ``int``, not a
    ``bool``, at least 0 and, when ``players`` is given, below it); else a ValueError
    saying what a viewer must be."""
    if viewer is None:
        return None
    if isinstance(viewer, int) and viewer.__class__ is not bool and viewer >= 0 \
            and (players is None or viewer < players):
        return viewer
    seats = "a seat number (0 or more)" if players is None else f"a seat number 0-{players - 1}"
    raise ValueError(f"a viewer is None (the teacher, who sees everything) or {seats}, got {viewer!r}")


#: The methods that take a viewer, with the name of that parameter: every state class
#: checks it (:meth:`State.__init_subclass__`).
VIEWER_METHODS = {"observation": "player", "describe": "viewer", "describe_action": "viewer",
                  "commitments": "viewer"}


def _checking_viewer(method):
    """``method`` with its viewer checked by :func:`check_viewer` against ``self.players``
    (when the state has one) before it runs."""
    params = list(inspect.signature(method).parameters.values())[1:]       # without self
    name = next((p.name for p in params if p.name in ("viewer", "player")), None)
    if name is None:
        raise TypeError(f"{method.__qualname__} takes no viewer (a parameter 'viewer' or 'player')")
    at = [p.name for p in params].index(name)
    default = params[at].default
    default = None if default is inspect.Parameter.empty else default

    @functools.wraps(method)
    def checked(self, *args, **kwargs):
        viewer = args[at] if len(args) > at else kwargs.get(name, default)
        if viewer is not None:
            check_viewer(viewer, getattr(self, "players", None))
        return method(self, *args, **kwargs)

    checked._checks_viewer = True
    return checked


class Event(NamedTuple):
    """One thing that happened while applying an action, and the rule that made it happen.

    ``seen_by`` names the seats that may read ``text`` (``None``: everyone).  The others
    read ``public`` instead, or nothing at all when ``public`` is ``None``.

    Immutable.  A tuple underneath: the engine records an event or two per action, and a
    tuple of four is made in one step (:func:`make_event`)."""

    text: str
    rule: RuleRef
    seen_by: frozenset[int] | None = None
    public: str | None = None

    def text_for(self, viewer: int | None, players: int | None = None) -> str | None:
        """What ``viewer`` (a seat, ``None`` = the teacher) is told of this event, or
        ``None`` when the event leaves no trace that seat can see.  A viewer that is no
        seat is a ValueError (:func:`check_viewer`; the seat's range is checked when
        ``players`` is given)."""
        if viewer is None:
            return self.text
        if viewer.__class__ is not int or viewer < 0 or (players is not None and viewer >= players):
            check_viewer(viewer, players)        # an int subclass passes; anything else is refused
        if self.seen_by is None or viewer in self.seen_by:
            return self.text
        return self.public

    def __str__(self) -> str:
        return f"{self.text} [{self.rule.section}]"


_TUPLE_NEW = tuple.__new__


def make_event(text: str, rule: RuleRef, seen_by: frozenset[int] | None = None,
               public: str | None = None) -> Event:
    """``Event(text, rule, seen_by, public)``, made without the keyword handling of the
    generated ``__new__``."""
    return _TUPLE_NEW(Event, (text, rule, seen_by, public))


def events_for(events, viewer: int | None, players: int | None = None) -> list[tuple[str, RuleRef]]:
    """``(text, rule)`` of every event ``viewer`` may see, in order (``viewer`` checked by
    :func:`check_viewer`, against ``players`` when given)."""
    check_viewer(viewer, players)
    out = []
    for e in events:
        text = e.text_for(viewer)
        if text is not None:
            out.append((text, e.rule))
    return out


#: the end reasons of a game the engine stopped rather than the rules ended (a designer's round
#: cap, Conspiracy's round limit): such a game's length is the stop's, not the game's
STOPPED = ("cap", "limit")

#: the end reasons games record as short codes (the lab tallies them), in words
_REASON_WORDS = {"cap": "the round cap was reached", "all killed": "no pawn is left on the board",
                 "limit": "the round limit was reached"}


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winning seats (empty if nobody won) and why."""

    winners: tuple[int, ...]
    reason: str

    def __str__(self) -> str:
        """In a person's words: "Player 2 wins (victory)", "Players 1 and 3 share the win
        (tie)", "Nobody wins (the round cap was reached)"."""
        reason = _REASON_WORDS.get(self.reason, self.reason)
        why = f" ({reason})" if reason else ""
        if not self.winners:
            return f"Nobody wins{why}"
        if len(self.winners) == 1:
            return f"{seat_name(self.winners[0])} wins{why}"
        return f"{seat_names(self.winners)} share the win{why}"


class State:
    """Base class; see the module docstring for the contract."""

    game: str = ""
    events: tuple[Event, ...] = ()
    #: phase -> what the player to move decides there, in the rulebook's words
    PROMPTS: dict[str, str] = {}

    def __init_subclass__(cls, **kwargs):
        """Every method of :data:`VIEWER_METHODS` the class has (its own, a mixin's or
        inherited unchecked) checks its viewer first: one check for every game, with no
        game's code written for it."""
        super().__init_subclass__(**kwargs)
        for name in VIEWER_METHODS:
            method = getattr(cls, name, None)
            if method is not None and not getattr(method, "_checks_viewer", False):
                setattr(cls, name, _checking_viewer(method))

    @property
    def current_player(self) -> int:
        raise NotImplementedError

    @property
    def phase(self) -> str:
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Action]:
        """The actions the rules offer here: the current player's choices at a decision, the
        outcomes at a chance node (those of :meth:`chance_outcomes`), nothing at the end.

        >>> from explorer.engine import CHANCE, get_game
        >>> state = get_game("journalists").initial_state({"players": 2})
        >>> state.current_player == CHANCE, state.phase           # Setup 1: the Aces are dealt
        (True, 'deal_aces')
        >>> state.legal_actions()[:2]
        [DealAce(card='Ace of Moons'), DealAce(card='Ace of Suns')]
        >>> while state.is_chance_node():        # the Aces, the pyramid's six cards, the start player
        ...     state = state.apply(state.legal_actions()[0])
        >>> state.current_player, state.phase
        (0, 'take')
        >>> [str(action) for action in state.legal_actions()[:2]]
        ['take The Author as evidence (a)', 'buy The Author for its cubes (b)']
        """
        raise NotImplementedError

    def apply(self, action: Action) -> State:
        """The state after ``action``; this state is left as it was.  An action the rules
        forbid raises :class:`~explorer.engine.errors.IllegalMove`, carrying the
        :class:`~explorer.engine.errors.RuleRef` that forbids it, before anything changes.

        >>> from explorer.engine import IllegalMove, get_game
        >>> state = get_game("journalists").initial_state({"players": 2})
        >>> after = state.apply(state.legal_actions()[0])
        >>> after.aces, state.aces                      # a new state; the receiver is unchanged
        (('Ace of Moons', None), (None, None))
        >>> [str(event) for event in after.events]      # what it did, with the rule that fired
        ['Player 1 is dealt the Ace of Moons, the first card of their evidence [Setup 1]']

        A refusal says why and cites its rule:

        >>> from explorer.games.journalists.actions import Evidence
        >>> while state.is_chance_node():
        ...     state = state.apply(state.legal_actions()[0])
        >>> try:
        ...     state.apply(Evidence("The Sailor"))
        ... except IllegalMove as refusal:
        ...     print(refusal.reason, "|", refusal.rule.section)
        The Sailor is not in the display | Game play
        """
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def result(self) -> Result | None:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, every outcome with its exact probability, a
        :class:`~fractions.Fraction` (they add up to 1); empty elsewhere.

        >>> from explorer.engine import get_game
        >>> state = get_game("journalists").initial_state({"players": 2})
        >>> state.chance_outcomes()[0]                  # six Aces, one dealt to Player 1
        (DealAce(card='Ace of Moons'), Fraction(1, 6))
        >>> sum(p for _, p in state.chance_outcomes())
        Fraction(1, 1)
        """
        raise NotImplementedError

    def sample_chance(self, rng) -> Action:
        """Draw a chance outcome with ``rng`` (a :class:`random.Random`).  Games override
        this when they can sample without listing every outcome."""
        outcomes = self.chance_outcomes()
        r = Fraction(rng.random())
        total = Fraction(0)
        for outcome, p in outcomes:
            total += p
            if r < total:
                return outcome
        return outcomes[-1][0]

    def observation(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self, action: Action, viewer: int | None = None) -> str:
        """A sentence for ``action`` taken here, in the rulebook's words, as ``viewer``
        may know it (``None``: the teacher, who sees everything).  Games with hidden
        information override this; it must never name what ``viewer`` cannot see."""
        return str(action)

    def step_rule(self) -> RuleRef | None:
        """The rule under which the next step is taken here: at a decision the rule the
        player decides under (the one :meth:`prompt` cites), at a chance node its setup,
        deal, draw or roll rule, at the end the rule that ended the game.  ``None`` when the
        game does not say (:class:`.machine.PhasedState` reads its ``STEP_RULES``)."""
        return None

    def prompt(self) -> str:
        """What the player to move decides now, in the rulebook's words, with the section
        of :meth:`step_rule` (for a turn line such as "Your turn (Player 1): choose ...")."""
        text = self.PROMPTS.get(self.phase, f"choose ({self.phase})")
        rule = self.step_rule()
        return text if rule is None else f"{text} ({rule.section})"

    def key(self) -> Any:
        """A hashable value equal for equal states (used to compare replays)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())
