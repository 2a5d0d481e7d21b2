"""Exercises: a position, a question in the rulebook's words, the rules it trains, and an answer
the engine computes (never typed in by hand), checked with feedback that cites the rules.

Three kinds fit every game:

- :class:`PickLegal` -- *pick the legal ones*: the learner picks every legal action of a kind
  (a target on the board, or an option among :attr:`PickLegal.candidates`).  The answer is
  ``legal_actions()`` filtered by :attr:`PickLegal.scope`.  A wrong pick is answered with the
  engine's own refusal and its rule; a missed one with why it is legal.
- :class:`Predict` -- *what happens next*: the learner predicts an outcome of a given action (how
  many coins are drawn, who goes first, where the cubes land).  The answer is read off the state the
  action leads to, on a copy; the choices offered are computed too and always include it.  An
  answer that is a place on the board is a board *key* in the game's board view's own vocabulary
  (``("territory", "Egypt")``), so the learner can answer by clicking.
- :class:`HowLikely` -- *how likely*: the learner picks one of a few ranges for a chance; the
  exact fraction comes from the game's exact calculators and is shown afterwards.

An exercise's position is a :class:`~explorer.engine.record.GameRecord` (a worked example, or a
seeded game stopped at a chosen step: :func:`seeded`), or a callable building a ``State``
(a constructed position).  A game with hidden information poses its exercises from records, so that
a test can resample what the seat cannot see and check the answer does not change; the learner sees
only ``observation(viewer)``.

A game lists its exercises in ``explorer/games/<game>/exercises.py`` as ``EXERCISES``;
:func:`exercises` collects them.  Nothing here draws: the views show an exercise and keep the
learner's progress (``explorer/views/exercises.py``).
"""
from __future__ import annotations

import importlib
import json
import random
import sys
from pathlib import Path
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Hashable, Iterable, Sequence

from .actions import Action
from .errors import IllegalMove, RuleRef
from .record import GameRecord
from .registry import get_game
from .saving import write_atomic


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after answering: right or not, each point with the rule behind it,
    and the right answer in words (shown when solved or revealed)."""

    correct: bool
    lines: tuple[tuple[str, RuleRef | None], ...]
    answer: str


@dataclass(frozen=True)
class Exercise:
    """Common fields (see the module docstring); use one of the subclasses."""

    key: str                                  # unique within its game, e.g. "reveal-targets"
    game: str
    title: str
    question: str                             # our words, posed to the viewer
    rules: tuple[RuleRef, ...]                # the sections it trains (cited in feedback)
    position: GameRecord | Callable[[], Any]  # a record, or a function building the state
    viewer: int | None = None                 # the seat it is posed to (None: the teacher)
    chapter: str = ""                         # the Learn chapter it follows (a notebook heading)

    kind = "exercise"

    # -- the position -----------------------------------------------------------------------
    def state(self):
        """The position, fresh (states are immutable, so callers may keep it)."""
        if isinstance(self.position, GameRecord):
            return self.position.replay()
        return self.position()

    def history(self):
        """``(states, actions)`` of the position's record, or None for a constructed position."""
        if not isinstance(self.position, GameRecord):
            return None
        return self.position.states(), list(self.position.actions)

    def observation(self):
        return self.state().observation(self.viewer)

    # -- the answer ---------------------------------------------------------------------------
    def answer(self, state=None) -> Any:
        """The right answer, computed by the engine from ``state`` (the position by default)."""
        raise NotImplementedError

    def answer_text(self, state=None) -> str:
        raise NotImplementedError

    def check(self, response, state=None) -> Feedback:
        raise NotImplementedError


def _words(state, action, viewer) -> str:
    return state.describe(action, viewer)


def _joined(texts: list[str]) -> str:
    """Several actions' words in one line, the seat named once when every one starts with the
    same ``"Player 1: "`` (``"Player 1: target A; target B"``, not the name before each)."""
    head = texts[0].partition(": ")[0] if texts else ""
    if len(texts) > 1 and head and all(t.startswith(head + ": ") for t in texts):
        return head + ": " + "; ".join(t[len(head) + 2:] for t in texts)
    return "; ".join(texts)


@dataclass(frozen=True)
class PickLegal(Exercise):
    """Pick every legal action of a kind."""

    #: which legal actions the question is about (e.g. ``lambda a: type(a) is Reveal``)
    scope: Callable[[Action], bool] = lambda a: True
    #: the options offered when the answer is not a place on the board (legal and illegal ones);
    #: ``None``: the learner clicks the board
    candidates: Callable[[Any], Sequence[Action]] | None = None
    #: why a legal action is legal: ``why(state, action) -> (text, RuleRef)``; by default the
    #: rule of the step (:meth:`State.step_rule`)
    why: Callable[[Any, Action], tuple[str, RuleRef | None]] | None = None

    kind = "pick"

    def answer(self, state=None) -> frozenset:
        state = self.state() if state is None else state
        return frozenset(a for a in state.legal_actions() if self.scope(a))

    def answer_text(self, state=None) -> str:
        state = self.state() if state is None else state
        right = sorted(self.answer(state), key=repr)
        if not right:
            return "none: no action of this kind is legal here"
        return _joined([_words(state, a, self.viewer) for a in right])

    def offered(self, state=None, limit: int = 24) -> list[Action]:
        """The options a learner chooses among when the board cannot take the picks: the
        :attr:`candidates` when given; else every right pick and, up to ``limit`` options in all,
        the game's declared actions of the same kinds (its action space) nearest them by id that are
        in scope but not legal here, so that the options do not give the answer away.  Sorted by
        their ids (the rulebook's order of the kind's values)."""
        state = self.state() if state is None else state
        if self.candidates is not None:
            return list(self.candidates(state))
        right = self.answer(state)
        declared = get_game(self.game).action_space
        if declared is None:
            return sorted(right, key=repr)
        space = declared(state.options)
        ids = {space.encode(a, state=state): a for a in right}
        kinds = {type(a) for a in right}
        lo, hi, size = min(ids, default=0), max(ids, default=0), space.size()
        step = 0
        while len(ids) < max(limit, len(right)) and (lo - step > 0 or hi + step < size - 1) and step < 50_000:
            step += 1
            for i in (lo - step, hi + step):
                if 0 <= i < size and i not in ids:
                    a = space.decode(i, state=state)
                    if (not kinds or type(a) in kinds) and self.scope(a) and self._refused(state, a):
                        ids[i] = a
        return [ids[i] for i in sorted(ids)]

    @staticmethod
    def _refused(state, action) -> bool:
        try:
            state.apply(action)
        except IllegalMove:
            return True
        except (ValueError, TypeError, KeyError):
            return False
        return False

    def refusal(self, state, action) -> tuple[str, RuleRef | None]:
        """Why ``action`` is not a right pick: the engine's refusal, or "legal, but not asked"."""
        try:
            state.apply(action)
        except IllegalMove as e:
            reason = e.reason[:1].upper() + e.reason[1:]
            return f"{_words(state, action, self.viewer)}: not allowed. {reason}", e.rule
        except (ValueError, TypeError) as e:
            return f"{action!r}: not an action of this game here ({e})", None
        return (f"{_words(state, action, self.viewer)}: legal, but not what the question asks",
                self.rules[0] if self.rules else None)

    def reason(self, state, action) -> tuple[str, RuleRef | None]:
        if self.why is not None:
            return self.why(state, action)
        return f"{_words(state, action, self.viewer)} is legal here", state.step_rule()

    def check(self, response: Iterable[Action], state=None) -> Feedback:
        state = self.state() if state is None else state
        picked = set(response)
        right = self.answer(state)
        lines = []
        for a in sorted(picked - right, key=repr):
            lines.append(self.refusal(state, a))
        for a in sorted(right - picked, key=repr):
            text, rule = self.reason(state, a)
            lines.append((f"Missed: {text}", rule))
        ok = picked == right
        if ok:
            lines.insert(0, (f"Right: all {len(right)} legal, none missed", self.rules[0] if self.rules else None))
        return Feedback(ok, tuple(lines), self.answer_text(state))


@dataclass(frozen=True)
class Predict(Exercise):
    """Predict an outcome of a given action."""

    #: the action whose outcome is asked (computed from the position)
    action: Callable[[Any], Action] = None
    #: the answer, read from the state before and the state after the action (a value, or a board key)
    outcome: Callable[[Any, Any], Hashable] = None
    #: the answers offered (must include the right one); empty for an answer clicked on the board
    choices: Callable[[Any], Sequence[Hashable]] = lambda state: ()
    #: an answer in words
    words: Callable[[Hashable], str] = str
    #: the rule that decides the outcome and why, given before/after (default: the exercise's rules)
    explain: Callable[[Any, Any], tuple[str, RuleRef | None]] | None = None
    #: the answer is a place: the learner clicks the board (``outcome`` returns a board key)
    place: bool = False

    kind = "predict"

    def after(self, state=None):
        state = self.state() if state is None else state
        return state.apply(self.action(state))

    def answer(self, state=None):
        state = self.state() if state is None else state
        return self.outcome(state, state.apply(self.action(state)))

    def answer_text(self, state=None) -> str:
        return self.words(self.answer(state))

    def check(self, response, state=None) -> Feedback:
        state = self.state() if state is None else state
        after = state.apply(self.action(state))
        right = self.outcome(state, after)
        ok = response == right
        if self.explain is not None:
            why = self.explain(state, after)
        else:
            why = (f"{_words(state, self.action(state), self.viewer)}: {self.words(right)}",
                   self.rules[0] if self.rules else None)
        head = ("Right." if ok else f"Not {self.words(response)}: the answer is {self.words(right)}.",
                None)
        return Feedback(ok, (head, why), self.words(right))


#: the ranges a HowLikely exercise offers by default
QUARTERS = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))


def range_words(lo: Fraction, hi: Fraction) -> str:
    return f"{float(lo):.0%} to {float(hi):.0%}"


@dataclass(frozen=True)
class HowLikely(Exercise):
    """Estimate a chance as one of a few ranges."""

    #: the exact chance, from the game's exact calculators
    probability: Callable[[Any], Fraction] = None
    #: range boundaries, from 0 to 1; a chance on a boundary belongs to the range above it
    #: (except 1, in the last)
    bounds: tuple[Fraction, ...] = QUARTERS
    #: the rule behind the chance
    explain: Callable[[Any, Fraction], tuple[str, RuleRef | None]] | None = None

    kind = "chance"

    def ranges(self) -> list[str]:
        b = self.bounds
        return [range_words(b[i], b[i + 1]) for i in range(len(b) - 1)]

    def exact(self, state=None) -> Fraction:
        state = self.state() if state is None else state
        return Fraction(self.probability(state))

    def answer(self, state=None) -> int:
        p = self.exact(state)
        b = self.bounds
        for i in range(len(b) - 1):
            if b[i] <= p < b[i + 1]:
                return i
        return len(b) - 2

    def answer_text(self, state=None) -> str:
        p = self.exact(state)
        return f"{self.ranges()[self.answer(state)]}: exactly {p} (about {float(p):.1%})"

    def check(self, response: int, state=None) -> Feedback:
        state = self.state() if state is None else state
        p = self.exact(state)
        right = self.answer(state)
        ok = response == right
        names = self.ranges()
        if self.explain is not None:
            why = self.explain(state, p)
        else:
            why = (f"The chance is exactly {p} (about {float(p):.1%})", self.rules[0] if self.rules else None)
        head = ("Right." if ok else
                f"Not {names[response] if 0 <= response < len(names) else response}: it is {names[right]}.", None)
        return Feedback(ok, (head, why), self.answer_text(state))



def told(*rules):
    """A :class:`Predict`'s ``explain`` read off the engine's own events: what the action's events
    under the sections of ``rules`` say (joined), citing the first rule.  For games where the events
    hide nothing from the seat asked (their teacher text is what the seat reads)."""
    sections = {r.section for r in rules}

    def explain(before, after):
        said = [e.text for e in after.events if e.rule is not None and e.rule.section in sections]
        return "; ".join(said) or "nothing happens under these rules", rules[0]
    return explain

def seeded(game: str, seed: int, steps: int | Callable[[Any], bool], options=None,
           policy: Callable | None = None) -> GameRecord:
    """A seeded game stopped at a chosen step: after ``steps`` actions, or at the first state where
    ``steps(state)`` is true.  Random players (seeded) unless ``policy(state, rng)`` is given."""
    g = get_game(game)
    state = g.initial_state(options)
    rng = random.Random(seed)
    actions = []
    stop = steps if callable(steps) else (lambda s, n=steps: len(actions) >= n)
    while not stop(state):
        if state.is_terminal():
            raise ValueError(f"{game} seed {seed} ended before the chosen step")
        if state.is_chance_node():
            a = state.sample_chance(rng)
        elif policy is not None:
            a = policy(state, rng)
        else:
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
        actions.append(a)
        state = state.apply(a)
    return GameRecord(game, state_options(g, options), seed, tuple(actions))


def state_options(g, options):
    return g.initial_state(options).options


def exercises(game: str) -> list[Exercise]:
    """A game's exercises, in the order its notebook poses them."""
    mod = importlib.import_module(f"explorer.games.{game}.exercises")
    out = list(mod.EXERCISES)
    keys = [e.key for e in out]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{game}: exercise keys repeat: {keys}")
    return out


#: the games whose exercises the pinned answers hold (every game of the project)
GAMES = ("conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh")


def answer_record(game: str) -> dict[str, str]:
    """Each of ``game``'s exercises' answers in words, computed by the engine now:
    ``{key: "kind: answer"}`` (what ``tests/data/exercise_answers.json`` pins, so that a rule change
    that alters an answer fails a test naming the exercise)."""
    return {e.key: f"{e.kind}: {e.answer_text()}" for e in exercises(game)}


def pin_answers(path, games: Sequence[str] = GAMES) -> dict:
    """Write ``games``' answers (:func:`answer_record`) into the JSON file ``path``, keeping the
    other games' entries; returns the whole record.  From the shell (after a deliberate rule or
    exercise change): ``python -m explorer.engine.exercises tests/data/exercise_answers.json [GAME ...]``."""
    path = Path(path)
    record = json.loads(path.read_text()) if path.exists() else {}
    for game in games:
        record[game] = answer_record(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    return record


if __name__ == "__main__":          # python -m explorer.engine.exercises FILE [GAME ...]
    if len(sys.argv) < 2:
        sys.exit("usage: python -m explorer.engine.exercises FILE [GAME ...]  (writes the pinned answers)")
    _games = sys.argv[2:] or GAMES
    for _g in _games:
        if _g not in GAMES:
            sys.exit(f"unknown game {_g!r}: one of {', '.join(GAMES)}")
    _rec = pin_answers(sys.argv[1], _games)
    print("; ".join(f"{g}: {len(_rec[g])} answers" for g in _games) + f" written to {sys.argv[1]}")
