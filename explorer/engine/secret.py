"""Simultaneous secret choices, written once: commit, then reveal.

Some rules have every player choose at the same time without seeing the others' choice
(Take Off, Eh!'s referendum and pork dice, The Sands of Time's action cards and battle
dice).  A turn-based engine plays them as a *commit* phase: the seats named commit one
after another, each choice hidden from everyone else (its description, its event and
every observation say only "player 2 has chosen"), and when the last seat has
committed, one *reveal* makes every choice public at once and hands them to the game
to apply.  Because nothing a later seat sees depends on an earlier seat's choice, the
order of committing changes nothing (OpenSpiel turns simultaneous nodes into
sequential ones the same way).

A game mixes :class:`SecretChoices` into its :class:`~explorer.engine.machine.PhasedState`,
names its secret phases in ``SECRET_PHASES``, opens a round of choices with
:meth:`SecretChoices._open_choices`, and in that phase's handler calls
:meth:`SecretChoices._commit`; when it returns the choices (everyone has committed),
the game applies them.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, ClassVar

from .actions import Action
from .words import seat_name

#: what a seat reads for another seat's committed, unrevealed choice
CHOSEN = "chosen in secret"


class SecretChoices:
    """Mixin for a PhasedState with simultaneous secret choices (see the module doc).

    State fields: ``commits`` (per seat: the committed action or ``None``) and
    ``committing`` (the seats still to commit, in order)."""

    #: phases whose decisions are secret commitments
    SECRET_PHASES: ClassVar[frozenset[str]] = frozenset()
    #: the rule key cited when a seat commits and when the choices are revealed
    COMMIT_RULE: ClassVar[str] = "commit"
    REVEAL_RULE: ClassVar[str] = "reveal"
    #: phase -> (commit rule key, reveal rule key), for games whose secret phases cite different rules
    SECRET_RULES: ClassVar[dict[str, tuple[str, str]]] = {}

    # the fields and methods of the PhasedState this is mixed into
    phase_: str
    player: int
    commits: tuple[Action | None, ...]
    committing: tuple[int, ...]
    if TYPE_CHECKING:
        @property
        def players(self) -> int: ...

        def _event(self, key: str, text, *values, seen_by=None, public: str | None = None) -> None: ...

    def describe(self, action: Action, viewer: int | None = None) -> str:
        """A committed choice reads "player p has chosen" to everyone but p."""
        if self.phase_ in self.SECRET_PHASES and viewer is not None and viewer != self.player:
            return f"{seat_name(self.player)} has chosen"
        return self.describe_action(action, viewer)

    def describe_action(self, action: Action, viewer: int | None = None) -> str:
        """The game's own wording of ``action`` (secret choices are masked before this)."""
        return f"{seat_name(self.player)}: {action}"

    def commitments(self, viewer: int | None) -> list:
        """What ``viewer`` knows of the open round of choices, per seat: the action's
        words for its own seat (all seats for the teacher), ``"chosen in secret"`` for a seat that
        has committed, ``None`` for a seat still to choose."""
        out: list[str | None] = []
        for seat, a in enumerate(self.commits):
            if a is None:
                out.append(None)
            elif viewer is None or viewer == seat:
                out.append(str(a))
            else:
                out.append(CHOSEN)
        return out

    # -- for the game's handlers ---------------------------------------------------------------
    def _open_choices(self, phase: str, seats) -> None:
        """Start a round of secret choices in ``phase`` for ``seats`` (in that order)."""
        if phase not in self.SECRET_PHASES:
            raise ValueError(f"phase {phase!r} is not declared in SECRET_PHASES")
        seats = tuple(seats)
        self.phase_ = phase
        self.commits = (None,) * self.players
        self.committing = seats
        self.player = seats[0]

    def _commit(self, action: Action) -> dict[int, Action] | None:
        """Record the current seat's secret ``action``.  Returns ``{seat: action}`` once
        every seat has committed (the reveal, public to all), else ``None`` and the
        next seat is to choose."""
        p = self.player
        commit_rule, reveal_rule = self.SECRET_RULES.get(self.phase_, (self.COMMIT_RULE, self.REVEAL_RULE))
        self.commits = self.commits[:p] + (action,) + self.commits[p + 1:]
        self.committing = tuple(q for q in self.committing if q != p)
        self._event(commit_rule, _chooses, p, action, seen_by=(p,), public=_has_chosen(p))
        if self.committing:
            self.player = self.committing[0]
            return None
        choices = {q: a for q, a in enumerate(self.commits) if a is not None}
        self._event(reveal_rule, _revealed, tuple(choices.items()))
        self.commits = (None,) * self.players
        return choices


# The texts of a commitment and of the reveal, made when somebody reads the events (a
# random playout reads none of them).
def _chooses(seat: int, action: Action) -> str:
    return f"{seat_name(seat)} secretly chooses: {action}"


@cache
def _has_chosen(seat: int) -> str:
    return f"{seat_name(seat)} has chosen"


def _revealed(choices) -> str:
    return "the choices are revealed: " + "; ".join(f"{seat_name(q)}: {a}" for q, a in choices)
