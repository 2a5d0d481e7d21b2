"""The plumbing every rules module shares: a state as a phase machine.

A :class:`PhasedState` keeps its fields in ``__dict__`` (``phase_``, ``player``,
``winner``, ``end_reason`` and whatever the game needs).  :meth:`apply` makes a cheap
copy (a new ``__dict__`` sharing every container: rules must replace a container, never
change it in place) and :meth:`advance` s it: validates the action (the types of its
fields, then the game's :meth:`_check_chance` at chance nodes, membership in
``legal_actions()`` at decisions, with :meth:`_why_illegal` naming the rule) and hands
the state to the handler of the phase in ``HANDLERS``.  A random playout that owns its states advances them in place.
Values derived from the position are cached on the state under the names in
``CACHE_KEYS`` and dropped before every handler: set to ``None``, which every reader
takes for "not made yet".
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar, cast
from collections.abc import Callable

from .actions import field_problem
from .errors import IllegalMove, RuleRef
from .state import CHANCE, TERMINAL, Event, Result, State, make_event

_new = object.__new__


def _as_event(e) -> Event:
    """An event as :meth:`PhasedState._event` recorded it, as an :class:`.state.Event`."""
    if e.__class__ is Event:
        return e
    if len(e) == 5:
        text, rule, seen_by, public, values = e
        return make_event(text.format(*values) if text.__class__ is str else text(*values), rule, seen_by, public)
    return make_event(*e)


class _Cleared(dict):
    """``{state class: {key: None for each of its CACHE_KEYS}}``: a copy and
    :meth:`PhasedState._forget` write ``None`` over every cache in one dict operation (in
    C), instead of looking for each key in turn.  Readers take ``None`` for "not made
    yet".  Keyed by the class (hashed by identity), which sets its ``CACHE_KEYS`` once."""

    def __missing__(self, kind):
        cleared = self[kind] = dict.fromkeys(kind.CACHE_KEYS)
        return cleared


_CLEARED = _Cleared()
#: Fields a state holds only while a step or a playout runs (the events being recorded,
#: the playout's token): never part of :meth:`PhasedState.key`.
_STEP_FIELDS = frozenset(("_ev", "_own"))


def freeze(v):
    """A hashable, order-independent form of nested dicts and lists (for ``key()``)."""
    if isinstance(v, dict):
        return tuple(sorted((k, freeze(x)) for k, x in v.items()))
    if isinstance(v, list):
        return tuple(freeze(x) for x in v)
    return v


class PhasedState(State):
    HANDLERS: ClassVar[dict[str, Callable]] = {}
    CACHE_KEYS: ClassVar[tuple[str, ...]] = ("_legal", "_legal_set")
    RULES: ClassVar[dict[str, RuleRef]] = {}
    #: fields left out of :meth:`key` besides the caches (e.g. an index kept across copies)
    KEY_EXCLUDES: ClassVar[tuple[str, ...]] = ("_events",)
    #: rule cited when an action is not even well formed for the current step
    MALFORMED_RULE: ClassVar[str] = "phase"
    #: a game's wording of its texts (``text -> text``), applied to every event's text when the
    #: events are read (never in a playout): Conspiracy names its pieces as its rulebook does
    #: ("Moons blank", not the piecepack's "Moons-null").  ``None``: the texts as recorded.
    WORDS: ClassVar[staticmethod[[str], str] | None] = None
    #: phase -> the key in ``RULES`` of the rule a step at that phase follows (the decision's
    #: rule, the one its prompt quotes; a chance node's setup, deal, draw or roll rule), or a
    #: function of the state giving that key where the phase alone does not tell
    #: (:meth:`step_rule`).  Read only when a text is made: a playout never asks.
    STEP_RULES: ClassVar[dict[str, str | Callable]] = {}
    #: phase -> the function of the state listing its legal actions at a decision, exactly as
    #: ``_compute_legal`` does there (the phases of every decision), when a game has such a
    #: table: a random playout then asks it directly (:func:`.playout._advance_uniformly`).
    #: ``None``: a playout asks :meth:`legal_actions`.
    LEGAL_AT: ClassVar[dict[str, Callable] | None] = None
    #: the engine's caches before a state makes them (a copy writes these values back)
    _legal = _legal_set = None
    #: what the last step recorded (see :attr:`events`)
    _events: tuple = ()
    #: While a random playout advances this state in place (and nobody else sees it), a
    #: token of that playout, else None: what a handler makes with it (a game's board
    #: index, say) nobody else holds, so the handlers may later change it in place
    #: instead of copying it (:func:`.playout._advance_uniformly`).
    _own = None

    # the fields every game's state keeps in its ``__dict__`` (see the module docstring)
    options: Any
    player: int
    phase_: str
    winner: int | None
    end_reason: str | None
    _ev: list

    def _read_events(self) -> tuple[Event, ...]:
        # A step records plain (text, rule, seen_by, public) tuples (:meth:`_event`), with
        # the values of a text template as a fifth item: a playout never reads them, and an
        # Event (or a formatted text) costs more to make than a tuple.  They become Events
        # here, when somebody reads them, once.
        events = self._events
        for e in events:
            if e.__class__ is not Event:
                events = tuple(map(_as_event, events))
                words = self.WORDS
                if words is not None:
                    events = tuple(make_event(words(e.text), e.rule, e.seen_by,
                                              None if e.public is None else words(e.public)) for e in events)
                self._events = events
                break
        return events

    def _write_events(self, events) -> None:
        self._events = tuple(events)

    events = property(_read_events, _write_events,
                      doc="What the last step did: :class:`.state.Event` s, each with the rule that fired.")

    # -- the contract --------------------------------------------------------------------
    # read by C getters (no interpreted frame): a playout asks for the player at every step
    current_player = property(attrgetter("player"), doc="The seat to move, CHANCE or TERMINAL.")
    phase = property(attrgetter("phase_"), doc="The step of the rules the game is at.")

    @property
    def players(self) -> int:
        return self.options.players

    # read ``player`` itself, as ``current_player`` does: a playout asks both at every step
    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.player == CHANCE

    def result(self) -> Result | None:
        if self.player != TERMINAL:
            return None
        # a finished game says why it ended (``end_reason`` is None only before that)
        return Result((self.winner,) if self.winner is not None else (), cast(str, self.end_reason))

    def step_rule(self) -> RuleRef | None:
        """The rule the next step here follows (``STEP_RULES`` of the phase; ``None`` for a
        phase it leaves out), or at the end the rule that ended the game."""
        if self.player == TERMINAL:
            return self._terminal_rule()
        key = self.STEP_RULES.get(self.phase_)
        if key is None:
            return None
        return self.RULES[key if isinstance(key, str) else key(self)]

    def key(self):
        return tuple((k, freeze(v)) for k, v in self._key_fields())

    def _key_fields(self) -> list[tuple[str, object]]:
        """The fields a key is made of, sorted by name: all but the caches, the
        ``KEY_EXCLUDES`` and what a running step or playout lends the state."""
        d = self.__dict__
        skip = set(self.CACHE_KEYS) | set(self.KEY_EXCLUDES) | _STEP_FIELDS
        return [(k, d[k]) for k in sorted(d) if k not in skip]

    def legal_actions(self):
        cached = self._legal
        if cached is None:
            cached = self._legal = self._compute_legal()
        return cached

    def apply(self, action):
        s = _new(self.__class__)
        s.__dict__ = self.__dict__.copy()       # caches included: advance() checks with them
        return s.advance(action)

    def advance(self, action):
        """:meth:`apply` on this very state instead of a copy, and this state returned: the
        same checks and the same next state, without copying the fields and freeing the
        old ones at every step (as OpenSpiel's ``apply_action`` does).  Only for a caller
        that owns the state and has shown it to nobody, or :meth:`apply` on its fresh copy.
        An illegal action is refused before anything changes.  One frame for the whole
        step; the uniform random playout writes the step out in its own loop, without the
        check, because it applies only actions the state offered
        (:func:`.playout._advance_uniformly`)."""
        if self.player < 0:        # a chance node or the end of the game
            if self.player == TERMINAL:
                raise IllegalMove("the game is over", self._terminal_rule())
            self._check_types(action)
            self._check_chance(action)
        else:
            # The list itself: a state is usually asked once, so hashing every legal action
            # into a set would cost more than it saves.  A game whose lists are long may put
            # a container that answers the same question faster in ``_legal_set``.
            legal = self._legal_set
            if legal is None:
                legal = self._legal or self.legal_actions()
                # A playout or a view hands back one of the very objects listed: found by
                # identity, before ``in`` compares the dataclasses listed ahead of it (a
                # loop over a short list costs fewer machine instructions than ``map(id,
                # legal)``, measured).
                for x in legal:
                    if x is action:
                        break
                else:
                    self._check_listed(action, legal)
            else:
                self._check_listed(action, legal)
        handler = self.HANDLERS[self.phase_]
        d = self.__dict__
        d.update(_CLEARED[self.__class__])
        d["_ev"] = []
        handler(self, action)
        d["_events"] = tuple(d.pop("_ev"))
        return self

    def _check_types(self, action) -> None:
        """Raise :class:`IllegalMove` naming the field when one of ``action``'s fields holds
        a value of the wrong type: ``True == 1 == 1.0`` (and they hash alike), so without
        this ``ExcuseCubes(True)`` would equal a listed ``ExcuseCubes(1)`` and reach the
        rules (:func:`.actions.field_problem`)."""
        problem = field_problem(action)
        if problem is not None:
            # cited under the rule of the step it was offered at (Decay's setup roll: Setup 2)
            raise IllegalMove(f"{action!r} is not a well-formed choice: {problem}",
                              self.step_rule() or self.RULES[self.MALFORMED_RULE])

    def _check_listed(self, action, legal) -> None:
        """Raise :class:`IllegalMove` naming the rule unless ``action`` equals one in ``legal``
        (and each of its fields holds a value of its declared type)."""
        self._check_types(action)
        try:
            if action in legal:
                return
        except TypeError:      # a field that cannot be compared: certainly not legal
            pass
        try:
            reason = self._why_illegal(action)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            reason = (f"{action!r} is not a well-formed choice for the '{self.phase_}' step",
                      self.RULES[self.MALFORMED_RULE])
        if reason is None:     # the explanation drifted from the legal set: still refuse
            reason = (f"{action!r} is not allowed now, at the '{self.phase_}' step",
                      self.RULES[self.MALFORMED_RULE])
        raise IllegalMove(*reason)

    # -- for the game's rules ----------------------------------------------------------------
    def _copy(self):
        s = _new(self.__class__)
        d = self.__dict__ | _CLEARED[self.__class__]
        d["_ev"] = []
        s.__dict__ = d
        return s

    def _forget(self) -> None:
        """Drop cached derived values (after the handler changed the position)."""
        self.__dict__.update(_CLEARED[self.__class__])

    def _event(self, key: str, text: str | Callable[..., str], *values, seen_by=None,
               public: str | None = None) -> None:
        """Record that the rule ``key`` fired.  ``seen_by`` (seats) restricts ``text`` to
        those seats; everyone else reads ``public`` (nothing when it is ``None``).  With
        ``values``, ``text`` is a :meth:`str.format` template of them (or a function of them
        giving the text), made into the text when the event is read (a random playout reads
        the events of its last step only)."""
        if seen_by is not None:
            seen_by = frozenset(seen_by)
        if values:
            self._ev.append((text, self.RULES[key], seen_by, public, values))
        else:
            self._ev.append((text, self.RULES[key], seen_by, public))     # an Event when read (events)

    # -- what the game provides ------------------------------------------------------------------
    def _compute_legal(self):
        raise NotImplementedError

    def _check_chance(self, action) -> None:
        raise NotImplementedError

    def _why_illegal(self, action) -> tuple[str, RuleRef] | None:
        """What forbids ``action`` now, as ``(reason, RuleRef)``; ``None`` when nothing
        does.  It must be ``None`` exactly for the legal actions (a property test
        binds it to :meth:`_compute_legal`)."""
        raise NotImplementedError

    def _terminal_rule(self) -> RuleRef:
        raise NotImplementedError
