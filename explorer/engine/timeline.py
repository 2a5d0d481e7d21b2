"""A game record plus a cursor: step forward and back, jump, and branch a what-if.

States are immutable, so the timeline keeps every state it has computed and moving
the cursor is free.  Playing a new action is allowed only at the end of the timeline;
to try something else from the middle, :meth:`Timeline.branch` makes a copy that ends
at the cursor and leaves this one as it was.
"""
from __future__ import annotations

from dataclasses import replace

from .actions import Action
from .record import GameRecord


class Timeline:
    """A game record and a cursor on it (see the module docstring): ``Timeline(record)`` opens a
    record at step 0, before its first action; :meth:`new` starts an empty one."""

    def __init__(self, record: GameRecord):
        self._seed = record.seed
        self._game = record.game
        self._options = record.options
        self._actions: list[Action] = list(record.actions)
        self._states = [record.initial_state()]
        self.cursor = 0

    @classmethod
    def new(cls, game: str, options=None, seed: int | None = None) -> Timeline:
        from .registry import get_game
        g = get_game(game)
        if options is None or isinstance(options, dict):
            options = g.initial_state(options).options
        return cls(GameRecord(game, options, seed, ()))

    # -- where we are -------------------------------------------------------------
    def __len__(self) -> int:
        """Number of actions in the record."""
        return len(self._actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    def state_at(self, index: int):
        if not 0 <= index <= len(self._actions):
            raise IndexError(f"step {index} is outside 0..{len(self._actions)}")
        while len(self._states) <= index:
            i = len(self._states) - 1
            self._states.append(self._states[i].apply(self._actions[i]))
        return self._states[index]

    @property
    def state(self):
        return self.state_at(self.cursor)

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self._actions)

    @property
    def record(self) -> GameRecord:
        return GameRecord(self._game, self._options, self._seed, tuple(self._actions))

    def events(self, start: int = 0, end: int | None = None):
        """``(step, event)`` for every rule that fired in steps ``start+1 .. end``."""
        end = len(self._actions) if end is None else end
        return [(i, e) for i in range(start + 1, end + 1) for e in self.state_at(i).events]

    # -- moving ---------------------------------------------------------------------
    def step(self) -> bool:
        """Move one action forward; False at the end."""
        if self.at_end:
            return False
        self.state_at(self.cursor + 1)
        self.cursor += 1
        return True

    def back(self) -> bool:
        if self.cursor == 0:
            return False
        self.cursor -= 1
        return True

    def jump(self, index: int) -> None:
        self.state_at(index)
        self.cursor = index

    def first(self) -> None:
        self.cursor = 0

    def last(self) -> None:
        self.jump(len(self._actions))

    # -- changing -----------------------------------------------------------------------
    def play(self, action: Action):
        """Apply ``action`` at the end of the timeline (IllegalMove leaves it unchanged)."""
        if not self.at_end:
            raise ValueError("the cursor is not at the end of the record: branch() first to try another line")
        new_state = self.state.apply(action)
        self._actions.append(action)
        self._states.append(new_state)
        self.cursor += 1
        return new_state

    def branch(self) -> Timeline:
        """A new timeline holding the record up to the cursor; this one is unchanged.

        >>> from explorer.engine import Timeline
        >>> line = Timeline.new("journalists", {"players": 2}, seed=1)
        >>> for _ in range(4):
        ...     _ = line.play(line.state.legal_actions()[-1])
        >>> line.jump(2)                                  # back to step 2 of 4
        >>> what_if = line.branch()
        >>> len(what_if), what_if.cursor, what_if.at_end
        (2, 2, True)
        >>> _ = what_if.play(what_if.state.legal_actions()[0])     # another third step
        >>> len(what_if), len(line), line.cursor          # the original keeps its four steps
        (3, 4, 2)
        >>> what_if.actions[:2] == line.actions[:2], what_if.actions[2] == line.actions[2]
        (True, False)
        """
        rec = self.record
        copy = Timeline(replace(rec, actions=rec.actions[: self.cursor]))
        copy._states = self._states[: self.cursor + 1]
        copy.cursor = self.cursor
        return copy
