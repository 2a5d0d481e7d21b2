"""Exercises: a position, a question in the rulebook's words, the rules it trains, and an answer
the engine computes (never typed in by hand), checked with feedback that cites the rules.

Three kinds fit every game:

- :class:`PickLegal` -- *pick the legal ones*: the learner picks every legal action of a kind
  (a target on the board, or an option among :attr:`PickLegal.candidates`).  The answer is
  ``legal_actions()`` filtered by :attr:`PickLegal.scope`.  A wrong pick is answered with the
  engine's own refusal and its rule; missed picks only with their number and the rule to reread
  (why each right pick is legal comes with the answer).
- :class:`Predict` -- *what happens next*: the learner predicts an outcome of a given action (how
  many coins are drawn, who goes first, where the cubes land).  The answer is read off the state the
  action leads to, on a copy; the choices offered are computed too and always include it.  An
  answer that is a place on the board is a board *key* in the game's board view's own vocabulary
  (``("territory", "Egypt")``), so the learner can answer by clicking.
- :class:`HowLikely` -- *how likely*: the learner picks one of a few ranges for a chance; the
  exact fraction comes from the game's exact calculators and is shown afterwards.

``check(response)`` answers any input with a :class:`Feedback` and never raises.  Its ``lines`` are
about the learner's *own* choice and, when the answer is wrong, never name the right answer (nor its
range, exact chance or the picks missed): a wrong pick gets the engine's refusal and its rule, missed
picks only their number and the section to reread, a wrong prediction or range "not that" with a
hint (:attr:`Exercise.hint`, by default the first rule to reread).  The answer and why it is right
(``Feedback.answer`` and ``Feedback.explanation``, also :meth:`Exercise.explanation`) are for the
learner who answered right or asked to see it.  A response that is no answer of the question's kind
(None, a float for a count, ``True`` for a seat, a string for a set of picks) is refused with
"that is not an answer to this question (expected ...)" (``Feedback.understood`` false); a seat,
a count or a place may also be given by its words (``"Player 2"``, a place's plain name), a range by
its words (``"25% to 50%"``).

An exercise's position is a :class:`~explorer.engine.record.GameRecord` (a worked example, or a
seeded game stopped at a chosen step: :func:`seeded`), or a callable building a ``State``
(a constructed position).  A game with hidden information poses its exercises from records, so that
a test can resample what the seat cannot see and check the answer does not change; the learner sees
only ``observation(viewer)``.

A game's exercises are a sheet, ``data/exercises/<game>.json`` (:mod:`.sheets`: the words and
positions as data, the answers computed at load), whose named parts the game's
``explorer/games/<game>/exercises.py`` defines where data cannot say them; :func:`exercises`
collects them.  Nothing here draws: the views show an exercise and keep the
learner's progress (``explorer/views/exercises.py``).
"""
from __future__ import annotations

import json
import numbers
import random
import sys
from pathlib import Path
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from collections.abc import Callable, Hashable, Iterable, Sequence

from .actions import Action, field_problem
from .errors import IllegalMove, RuleRef
from .record import GameRecord
from .registry import get_game
from .saving import write_atomic


Line = tuple[str, "RuleRef | None"]


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after answering (see the module docstring).

    ``lines``: about the learner's own choice, each with the rule behind it (a wrong answer's lines
    never name the right one); ``answer``: the right answer in words and ``explanation``: why it is
    right -- both to show only when the answer is right or the learner asked to see it;
    ``understood``: false when the response is no answer of the question's kind."""

    correct: bool
    lines: tuple[Line, ...]
    answer: str
    explanation: tuple[Line, ...] = ()
    understood: bool = True


#: the words of a response that is no answer of the question's kind
NOT_AN_ANSWER = "That is not an answer to this question (expected {expected})."


def _kind(value) -> Any:
    """A value's kind for comparing answers: a bool is not a number, a float not a count, a tuple is
    compared field by field (``(True,)`` is not ``(1,)``)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return type(value)
    if isinstance(value, numbers.Integral):
        return int
    if isinstance(value, tuple):
        return (tuple, tuple(_kind(v) for v in value))
    return type(value)


def _same(a, b) -> bool:
    """``a == b`` and of the same kind (``True`` is not 1, ``1.0`` is not 1)."""
    try:
        return _kind(a) == _kind(b) and bool(a == b)
    except Exception:           # a value whose comparison fails is not the answer
        return False


def _plain(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def _safe(fn, *args, default: str = "") -> str:
    """``fn(*args)`` as text, or ``default`` when it cannot say (a response no words are made for)."""
    try:
        return str(fn(*args))
    except Exception:
        return default


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
    #: a hint for a wrong answer that does not give the answer away ("count the ways 2 dice of 3
    #: succeed"): text, or a function of the state giving it; by default the section to reread
    hint: str | Callable[[Any], str] = ""

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

    def explanation(self, state=None) -> tuple[Line, ...]:
        """Why the answer is right, each point with its rule (names the answer: shown with it)."""
        raise NotImplementedError

    # -- feedback helpers ------------------------------------------------------------------------
    @property
    def rule(self) -> RuleRef | None:
        """The first rule the exercise trains (the one to reread by default)."""
        return self.rules[0] if self.rules else None

    def hint_text(self, state) -> str:
        """The hint for a wrong answer: :attr:`hint`, else "reread <the first rule's section>"."""
        hint = self.hint(state) if callable(self.hint) else self.hint
        if hint:
            return str(hint)
        return f"reread {self.rule.section}" if self.rule is not None else "look at the position again"

    def refused(self, state, expected: str) -> Feedback:
        """The feedback on a response that is no answer of this question's kind."""
        return Feedback(False, ((NOT_AN_ANSWER.format(expected=expected), None),),
                        self.answer_text(state), self.explanation(state), understood=False)


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
    #: what a pick is, in the plural, for "you missed 2 legal <noun>" ("targets", "spots"; by default "ones")
    noun: str = ""
    #: which illegal actions make fair wrong options: ``offer(state, action)`` (e.g. a tile that is on
    #: the board); by default every one in scope
    offer: Callable[[Any, Action], bool] | None = None

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
                    if ((not kinds or type(a) in kinds) and self.scope(a)
                            and (self.offer is None or self.offer(state, a)) and self._refused(state, a)):
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
        except Exception:           # an action of another game, or one that does not fit this position
            words = _safe(_words, state, action, self.viewer, default="one of your picks")
            return f"{words}: not an action of {get_game(self.game).title} in this position", None
        return (f"{_words(state, action, self.viewer)}: legal, but not what the question asks", self.rule)

    def reason(self, state, action) -> tuple[str, RuleRef | None]:
        if self.why is not None:
            return self.why(state, action)
        return f"{_words(state, action, self.viewer)} is legal here", state.step_rule()

    def read(self, response) -> frozenset | None:
        """The picks in ``response`` (any collection of this game's actions, or one action), or None
        when it is no such thing (a string is not read letter by letter)."""
        if isinstance(response, Action):
            response = (response,)
        if isinstance(response, (str, bytes, dict)) or not isinstance(response, Iterable):
            return None
        try:
            picks = list(response)
        except Exception:
            return None
        if any(field_problem(a) is not None for a in picks):
            return None
        return frozenset(picks)

    def explanation(self, state=None) -> tuple[Line, ...]:
        state = self.state() if state is None else state
        right = sorted(self.answer(state), key=repr)
        if not right:
            return (("No action of this kind is legal here", self.rule),)
        out = [self.reason(state, a) for a in right[:EXPLAINED]]
        if len(right) > EXPLAINED:
            out.append((f"and {len(right) - EXPLAINED} more like them", None))
        return tuple(out)

    def check(self, response: Iterable[Action], state=None) -> Feedback:
        state = self.state() if state is None else state
        picked = self.read(response)
        if picked is None:
            return self.refused(state, "the actions you pick: a collection of this game's actions")
        right = self.answer(state)
        if picked == right:
            said = f"Right: all {len(right)} legal, none missed" if right else "Right: none is legal here"
            return Feedback(True, ((said, self.rule),), self.answer_text(state), self.explanation(state))
        lines = [self.refusal(state, a) for a in sorted(picked - right, key=repr)]
        kept = len(picked & right)
        if kept:
            lines.append((f"{kept} of your picks {'is' if kept == 1 else 'are'} right", None))
        missed = sorted(right - picked, key=repr)
        if missed:
            cited = dict.fromkeys(self.reason(state, a)[1] or self.rule for a in missed)
            rules = [r for r in cited if r is not None]
            noun = self.noun or "ones"
            sections = " and ".join(r.section for r in rules) or "the rules"
            lines.append((f"You missed {len(missed)} legal {noun if len(missed) > 1 else self.noun_one}: "
                          f"reread {sections}", rules[0] if rules else None))
        if not picked:
            lines.insert(0, ("You picked nothing", None))
        return Feedback(False, tuple(lines), self.answer_text(state), self.explanation(state))

    @property
    def noun_one(self) -> str:
        if not self.noun:
            return "one"
        return self.noun[:-1] if self.noun.endswith("s") else self.noun


#: how many right picks an explanation gives its reason for
EXPLAINED = 12


@dataclass(frozen=True)
class Predict(Exercise):
    """Predict an outcome of a given action."""

    #: the action whose outcome is asked (computed from the position); required
    action: Callable[[Any], Action] = field(kw_only=True)
    #: the answer, read from the state before and the state after the action (a value, or a board key);
    #: required
    outcome: Callable[[Any, Any], Hashable] = field(kw_only=True)
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

    def explanation(self, state=None) -> tuple[Line, ...]:
        state = self.state() if state is None else state
        after = state.apply(self.action(state))
        if self.explain is not None:
            return (self.explain(state, after),)
        return ((f"{_words(state, self.action(state), self.viewer)}: {self.words(self.outcome(state, after))}",
                 self.rule),)

    def read(self, response, state):
        """``(answer, True)`` for a response of the question's kind, else ``(None, False)``: one of the
        choices (or the answer) of the same kind (``True`` is not seat 1, ``1.0`` not a count of 1) or
        named by its words (``"Player 2"``); for a place, any board key, or a place's plain name
        (``"Nunavut"``) read as the key of that name of the answer's kind."""
        right = self.answer(state)
        known = list(self.choices(state)) + [right]
        for c in known:
            if _same(c, response):
                return c, True
        if isinstance(response, str) and _plain(response):
            said = _plain(response)
            for c in known:
                if _plain(_safe(self.words, c)) == said:
                    return c, True
            if self.place:
                for c in known:
                    if isinstance(c, tuple) and c and isinstance(c[-1], str) and _plain(c[-1]) == said:
                        return c, True
                if isinstance(right, tuple) and len(right) == 2 and isinstance(right[1], str):
                    return (right[0], " ".join(response.split())), True
        if self.place and isinstance(response, tuple):
            try:
                hash(response)
            except TypeError:
                return None, False
            return response, True
        return None, False

    def expected(self, state) -> str:
        choices = [_safe(self.words, c) for c in self.choices(state)]
        if self.place:
            return "a place on the board: click it" + (f", or one of: {'; '.join(choices)}" if choices else "")
        if choices:
            return f"one of: {'; '.join(choices)}"
        return f"an answer like {_safe(self.words, self.answer(state))!r}"

    def check(self, response, state=None) -> Feedback:
        state = self.state() if state is None else state
        given, ok = self.read(response, state)
        if not ok:
            return self.refused(state, self.expected(state))
        right = self.answer(state)
        if _same(given, right):
            return Feedback(True, (("Right.", None),), self.words(right), self.explanation(state))
        plain = _safe(" ".join, map(str, given)) if isinstance(given, tuple) else str(given)
        own = _safe(self.words, given, default=plain)
        hint = self.hint_text(state)
        line = (f"Not {own}: {hint.rstrip('. ')}, then try again.", self.rule)
        return Feedback(False, (line,), self.words(right), self.explanation(state))


#: the ranges a HowLikely exercise offers by default
QUARTERS = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))


def range_words(lo: Fraction, hi: Fraction) -> str:
    return f"{float(lo):.0%} to {float(hi):.0%}"


@dataclass(frozen=True)
class HowLikely(Exercise):
    """Estimate a chance as one of a few ranges."""

    #: the exact chance, from the game's exact calculators; required
    probability: Callable[[Any], Fraction] = field(kw_only=True)
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

    def explanation(self, state=None) -> tuple[Line, ...]:
        state = self.state() if state is None else state
        p = self.exact(state)
        if self.explain is not None:
            return (self.explain(state, p),)
        return ((f"The chance is exactly {p} (about {float(p):.1%})", self.rule),)

    def read(self, response) -> int | None:
        """The index of the range ``response`` names: an index (an int, not a bool nor a float) or
        the range's words (``"25% to 50%"``); None for anything else."""
        names = self.ranges()
        if isinstance(response, numbers.Integral) and not isinstance(response, bool):
            i = int(response)
            return i if 0 <= i < len(names) else None
        if isinstance(response, str):
            said = _plain(response).replace(" ", "")
            for i, name in enumerate(names):
                if _plain(name).replace(" ", "") == said:
                    return i
        return None

    def hint_text(self, state) -> str:
        if self.hint:
            return super().hint_text(state)
        where = f" (reread {self.rule.section})" if self.rule is not None else ""
        return f"count the equally likely outcomes and how many of them make it happen{where}"

    def check(self, response: int, state=None) -> Feedback:
        state = self.state() if state is None else state
        names = self.ranges()
        given = self.read(response)
        if given is None:
            return self.refused(state, f"one of the ranges: {'; '.join(names)}")
        right = self.answer(state)
        if given == right:
            return Feedback(True, (("Right.", None),), self.answer_text(state), self.explanation(state))
        hint = self.hint_text(state)
        line = (f"Not {names[given]}: {hint.rstrip('. ')}, then try again.", self.rule)
        return Feedback(False, (line,), self.answer_text(state), self.explanation(state))


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
    actions: list[Action] = []
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


def trained_sections(items: Iterable[Exercise]) -> dict[str, list[str]]:
    """The rule sections each chapter's exercises train: ``{chapter: [section, ...]}``, chapters and
    sections in the order the exercises first cite them."""
    out: dict[str, dict[str, None]] = {}
    for e in items:
        chapter = out.setdefault(e.chapter, {})
        for r in e.rules:
            chapter.setdefault(r.section, None)
    return {c: list(secs) for c, secs in out.items()}


def exercises(game: str) -> list[Exercise]:
    """A game's exercises, in the order its notebook poses them: its built-in sheet,
    ``data/exercises/<game>.json`` (:func:`.sheets.builtin_sheet`)."""
    from .sheets import builtin_sheet
    return list(builtin_sheet(game).exercises)


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
