"""The named parts an exercise sheet (:mod:`.sheets`) refers to: a pick's *scope*, a prediction's
*action* and *outcome*, a chance question's *probability*, and a constructed *position*.

Two kinds of names:

- **generic** names, meaningful at any position of any game (what a teacher's own exercise uses):

  - scope ``"any"`` (every legal action), or the name of one of the game's action types
    (``"Evidence"``: every legal action of that type);
  - action: the words of one action legal at the position, as the seat the question is posed to
    reads them (``"Player 1: take The Origin as evidence"``), or ``{"id": 12}``, its id in the
    game's declared action space; at a chance step, the words of one of its outcomes; or
    ``{"any": TYPE}``, the first legal action of that type the engine lists (for a question whose
    answer does not hang on which: "whichever coin she pays");
  - outcome ``"next-mover"`` (who takes the next step: a seat, a chance step, or nobody because
    the game ends), ``"game-over"`` (does the game end), ``"winners"`` (who wins, or "the game goes
    on"), ``"score: Player N"`` (that seat's score afterwards, the game's own ``evaluate``);
  - probability ``"outcome: <words>"``: the exact chance that the next chance step's outcome is
    the one read so (from ``chance_outcomes()``; the position must be a chance step).

- **a game's own** named parts, for what data cannot say (a position built piece by piece, an
  outcome read from the game's state, a chance from the game's exact calculators): each game's
  ``explorer/games/<game>/exercises.py`` may define ``SHEET_PARTS`` (:func:`named_parts`); the sheet
  names them.

The authoring helpers :func:`pick_scopes`, :func:`predict_choices` and :func:`chance_choices` list
the generic names that fit a position, each with its plain words, as the seat a question is posed to
may read them: none that would tell that seat what it cannot see (:func:`hidden_choices`).
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from collections.abc import Callable, Hashable, Sequence

from .exercises import QUARTERS
from .registry import get_game
from .words import seat_name


class PartError(ValueError):
    """A name that names no part, or a part that does not fit the position (the sheet's loader adds
    the source and the exercise)."""


@dataclass(frozen=True)
class Scope:
    """A pick's scope: which legal actions the question is about, and how the picks are offered."""

    test: Callable[[Any], bool]
    candidates: Callable[[Any], Sequence[Any]] | None = None
    why: Callable[[Any, Any], tuple] | None = None
    noun: str = ""
    #: which illegal actions are fair wrong options (:attr:`PickLegal.offer`)
    offer: Callable[[Any, Any], bool] | None = None


@dataclass(frozen=True)
class Outcome:
    """A prediction's outcome: ``read(before, after)``, the answers offered, their words, why."""

    read: Callable[[Any, Any], Hashable]
    choices: Callable[[Any], Sequence[Hashable]] = lambda state: ()
    words: Callable[[Hashable], str] = str
    explain: Callable[[Any, Any], tuple] | None = None
    place: bool = False


@dataclass(frozen=True)
class Chance:
    """A chance question's exact probability at the position, and why."""

    probability: Callable[[Any], Fraction]
    explain: Callable[[Any, Fraction], tuple] | None = None
    bounds: tuple[Fraction, ...] = QUARTERS


@dataclass(frozen=True)
class MadeAt:
    """A named part the game's code makes for the exercise's position: ``make(state)`` returns the
    :class:`Scope`, :class:`Outcome` or :class:`Chance` (it may read fixed facts of the position,
    such as the seat asked or the territory in question, once)."""

    make: Callable[[Any], Any]


def at_position(part, state):
    """``part`` itself, or the part a :class:`MadeAt` makes for ``state``."""
    if not isinstance(part, MadeAt):
        return part
    try:
        return part.make(state)
    except Exception as e:      # the game's code, at a position it was not made for
        raise PartError(f"the part does not fit this position ({type(e).__name__}: {e})") from None


@dataclass(frozen=True)
class Parts:
    """A game's own named parts (see the module docstring)."""

    positions: dict[str, Callable[[], Any]] = field(default_factory=dict)
    scopes: dict[str, Scope] = field(default_factory=dict)
    actions: dict[str, Callable[[Any], Any]] = field(default_factory=dict)
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    chances: dict[str, Chance] = field(default_factory=dict)


NO_PARTS = Parts()


def game_parts(game: str) -> Parts:
    """``game``'s own named parts: ``SHEET_PARTS`` of ``explorer/games/<game>/exercises.py``, if any."""
    get_game(game)
    try:
        mod = importlib.import_module(f"explorer.games.{game}.exercises")
    except ModuleNotFoundError:
        return NO_PARTS
    return getattr(mod, "SHEET_PARTS", NO_PARTS)


def _plain(text: str) -> str:
    return " ".join(str(text).split())


# -- what a seat may be asked about ------------------------------------------------------------------
#: histories drawn to see whether a draw's outcomes (here) or an exercise's answer (:mod:`.sheets`)
#: change with what a seat cannot see
RESAMPLES = 3
_HIDDEN: dict = {}          # (game, options, viewer, actions) -> hidden_choices' verdict (a few hundred kept)


def hidden_choices(game: str, state, viewer: int | None, history=None) -> bool:
    """Whether listing the choices at ``state`` would tell ``viewer`` what it cannot see, in a game
    with hidden information: another seat's options (a seat sees the choices only on its own turn;
    their words name what the other holds), or a chance step's outcomes when their list changes with
    what the seat cannot see (the tiles still in a stack name the ones in others' hands; a die's
    faces do not).  The second is checked in :data:`RESAMPLES` histories the seat cannot tell from
    the real one (the game's sampler, seeded), which needs ``history = (states, actions)``, the
    states from the start to ``state`` and the actions between them; without it a chance step's
    outcomes count as hidden.  The teacher (``viewer`` None) sees everything."""
    spec = get_game(game).hidden_variants
    if viewer is None or spec is None or state.is_terminal():
        return False
    if not state.is_chance_node():
        return state.current_player != viewer
    if history is None:
        return True
    states, actions = history
    key = (game, repr(state.options), viewer, tuple(actions))
    if key not in _HIDDEN:
        mine = _chance_words(state, viewer)
        sampler = spec.sampler(list(states), list(actions), viewer)
        rng = random.Random(33)
        if len(_HIDDEN) > 256:
            _HIDDEN.clear()
        _HIDDEN[key] = any(_chance_words(sampler.sample(rng)[1][-1], viewer) != mine for _ in range(RESAMPLES))
    return _HIDDEN[key]


# -- scopes ------------------------------------------------------------------------------------------
ANY = "any"


def scope(game: str, name: str, parts: Parts, state) -> Scope:
    if not isinstance(name, str):
        raise PartError(f"the scope must be a name, got {name!r}")
    if name in parts.scopes:
        return at_position(parts.scopes[name], state)
    if name == ANY:
        return Scope(lambda a: True)
    types = get_game(game).codec.types
    if name in types:
        kind = types[name]
        return Scope(lambda a: type(a) is kind)
    known = sorted({ANY, *types, *parts.scopes})
    raise PartError(f"unknown scope {name!r} (one of: {', '.join(known)})")


def pick_scopes(game: str, state, viewer: int | None, history=None) -> list[tuple[str, str]]:
    """The scopes one can ask "pick every legal ..." about here: every legal action, and each type
    of legal action, with an example in the seat's words (none where that would tell the seat what
    it cannot see: :func:`hidden_choices`, whose ``history`` this passes on)."""
    if state.is_terminal() or state.is_chance_node() or hidden_choices(game, state, viewer, history):
        return []
    legal = list(state.legal_actions())
    out = [(ANY, f"every legal action ({len(legal)} here)")]
    seen: dict[str, Any] = {}
    for a in legal:
        seen.setdefault(type(a).__name__, a)
    for name, a in seen.items():
        out.append((name, f"every legal action like \u201c{state.describe(a, viewer)}\u201d"))
    return out


# -- actions -----------------------------------------------------------------------------------------
def step_actions(state) -> list:
    """The actions that can be taken here: the legal ones, or a chance step's outcomes."""
    if state.is_terminal():
        return []
    if state.is_chance_node():
        return [a for a, _ in state.chance_outcomes()]
    return list(state.legal_actions())


def action_id(game: str, state, action) -> int | None:
    declared = get_game(game).action_space
    if declared is None:
        return None
    try:
        return declared(state.options).encode(action, state=state)
    except Exception:           # an action the declared space does not hold (a chance outcome)
        return None


def action(game: str, name, viewer: int | None, parts: Parts) -> Callable[[Any], Any]:
    """The prediction's action as a function of the position (found again in a resampled one)."""
    if isinstance(name, dict) and set(name) == {"part"}:
        if name["part"] not in parts.actions:
            raise PartError(f"unknown action part {name['part']!r} (one of: "
                            f"{', '.join(sorted(parts.actions)) or 'none'})")
        return parts.actions[name["part"]]
    if isinstance(name, dict) and set(name) == {"id"}:
        ident = name["id"]
        if isinstance(ident, bool) or not isinstance(ident, int):
            raise PartError(f"an action id must be an integer, got {ident!r}")
        return lambda state: _by_id(game, state, ident)
    if isinstance(name, dict) and set(name) == {"any"}:
        types = get_game(game).codec.types
        if name["any"] not in types:
            raise PartError(f"unknown action type {name['any']!r} (one of: {', '.join(sorted(types))})")
        kind = types[name["any"]]
        return lambda state: _any(state, kind)
    if isinstance(name, str) and _plain(name):
        return lambda state: _by_words(state, _plain(name), viewer)
    raise PartError(f"the action must be its words, {{\"id\": N}}, {{\"any\": TYPE}} or {{\"part\": NAME}}, "
                    f"got {name!r}")


def _any(state, kind):
    found = next((a for a in step_actions(state) if type(a) is kind), None)
    if found is None:
        raise PartError(f"no action of the type {kind.__name__} is legal here")
    return found


def _by_id(game, state, ident):
    declared = get_game(game).action_space
    if declared is None:
        raise PartError(f"{get_game(game).title} declares no action ids: name the action by its words")
    try:
        a = declared(state.options).decode(ident, state=state)
    except Exception:
        raise PartError(f"no action has the id {ident}") from None
    if a not in step_actions(state):
        raise PartError(f"the action {state.describe(a, None)!r} (id {ident}) is not legal here")
    return a


def _by_words(state, words, viewer):
    found = [a for a in step_actions(state) if _plain(state.describe(a, viewer)) == words]
    if not found:
        raise PartError(f"the action {words!r} is not legal here")
    if len(found) > 1:
        raise PartError(f"the words {words!r} name {len(found)} actions here: name it by its id")
    return found[0]


# -- outcomes ----------------------------------------------------------------------------------------
ENDS, CHANCE_STEP, GOES_ON = "the game ends", "a chance step", "the game goes on"


def _mover(before, after):
    if after.is_terminal():
        return ENDS
    if after.is_chance_node():
        return CHANCE_STEP
    return after.current_player


def _mover_words(v) -> str:
    if v == ENDS:
        return f"nobody: {ENDS}"
    if v == CHANCE_STEP:
        return "a chance step comes first (a draw or a roll)"
    return seat_name(v)


def _players(state) -> int:
    return getattr(state, "players", None) or state.options.players


def _winners(before, after):
    if not after.is_terminal():
        return GOES_ON
    return tuple(after.result().winners)


def _winner_words(v) -> str:
    if v == GOES_ON:
        return GOES_ON
    if not v:
        return "nobody wins"
    return " and ".join(seat_name(q) for q in v) + (" wins" if len(v) == 1 else " share the win")


def _score_outcome(game: str, seat: int) -> Outcome:
    evaluate = get_game(game).evaluate
    if evaluate is None:
        raise PartError(f"{get_game(game).title} keeps no score the engine can read")

    def read(before, after):
        x = evaluate(after, seat)
        return int(x) if float(x).is_integer() else x

    def choices(state):
        now = read(state, state)
        return sorted({now + k for k in range(-1, 6) if now + k >= 0})
    return Outcome(read, choices, lambda n: f"{n} point{'s' if n != 1 else ''}")


def outcome(game: str, name, parts: Parts, state) -> Outcome:
    if not isinstance(name, str):
        raise PartError(f"the outcome must be a name, got {name!r}")
    if name in parts.outcomes:
        return at_position(parts.outcomes[name], state)
    if name == "next-mover":
        return Outcome(_mover, lambda s: [*range(_players(s)), CHANCE_STEP, ENDS], _mover_words)
    if name == "game-over":
        return Outcome(lambda b, a: a.is_terminal(), lambda s: [True, False],
                       lambda v: ENDS if v else GOES_ON)
    if name == "winners":
        return Outcome(_winners, lambda s: [GOES_ON, *((q,) for q in range(_players(s)))], _winner_words)
    if name.startswith("score:"):
        return _score_outcome(game, read_seat(name.partition(":")[2], None))
    known = ["next-mover", "game-over", "winners", "score: Player N", *sorted(parts.outcomes)]
    raise PartError(f"unknown outcome {name!r} (one of: {', '.join(known)})")


def read_seat(text, players: int | None) -> int:
    """The seat a ``"Player N"`` names (0-based), checked against ``players`` when given."""
    words = _plain(text) if isinstance(text, str) else ""
    head, _, number = words.partition(" ")
    if head != "Player" or not number.isdigit() or number.startswith("0"):
        raise PartError(f"a seat is \"Player N\" (N from 1), got {text!r}")
    seat = int(number) - 1
    if players is not None and seat >= players:
        raise PartError(f"{words} is out of range: this game has {players} players")
    return seat


def predict_choices(game: str, state, viewer: int | None, history=None) -> tuple[list, list[tuple[str, str]]]:
    """``(actions, outcomes)``: the actions that can be taken here, each as ``(name, words)`` (its
    words, or ``{"id": N}`` where words name two; none where the list would tell the seat what it
    cannot see: :func:`hidden_choices`), and the generic outcomes one can predict."""
    acts = [] if hidden_choices(game, state, viewer, history) else step_actions(state)
    words = [_plain(state.describe(a, viewer)) for a in acts]
    names: list[tuple[str | dict[str, int], str]] = []
    for a, w in zip(acts, words, strict=True):
        if words.count(w) == 1:
            names.append((w, w))
        else:
            ident = action_id(game, state, a)
            if ident is not None:
                names.append(({"id": ident}, f"{w} (action {ident})"))
    outs = [("next-mover", "who takes the next step"), ("game-over", "whether the game ends"),
            ("winners", "who wins")]
    if get_game(game).evaluate is not None and not state.is_terminal():
        outs += [(f"score: {seat_name(q)}", f"{seat_name(q)}'s score afterwards") for q in range(_players(state))]
    return names, outs


# -- chances -----------------------------------------------------------------------------------------
OUTCOME = "outcome:"


def chance(game: str, name, viewer: int | None, parts: Parts, state) -> Chance:
    if not isinstance(name, str):
        raise PartError(f"the probability must be a name, got {name!r}")
    if name in parts.chances:
        return at_position(parts.chances[name], state)
    if name.startswith(OUTCOME) and _plain(name[len(OUTCOME):]):
        words = _plain(name[len(OUTCOME):])

        def probability(state):
            if not state.is_chance_node():
                raise PartError("the position is not a chance step")
            out = [(a, p) for a, p in state.chance_outcomes() if _plain(state.describe(a, viewer)) == words]
            if not out:
                raise PartError(f"{words!r} is no outcome of this chance step")
            return sum((p for _, p in out), Fraction(0))
        return Chance(probability)
    known = ["outcome: WORDS", *sorted(parts.chances)]
    raise PartError(f"unknown probability {name!r} (one of: {', '.join(known)})")


def _chance_words(state, viewer) -> list[str]:
    """The chance step's outcomes as ``viewer`` reads them, each once."""
    return list(dict.fromkeys(_plain(state.describe(a, viewer)) for a, _ in state.chance_outcomes()))


def chance_choices(game: str, state, viewer: int | None, history=None) -> list[tuple[str, str]]:
    """The outcomes of the chance step here whose chance one can ask, as ``(name, words)``
    (none when the position is not a chance step, or when their list would tell the seat what it
    cannot see: :func:`hidden_choices`, whose ``history`` this passes on)."""
    if not state.is_chance_node() or hidden_choices(game, state, viewer, history):
        return []
    return [(f"{OUTCOME} {w}", w) for w in _chance_words(state, viewer)]


def named_parts(parts: dict[str, Scope | Outcome | Chance], positions: dict[str, Callable[[], Any]] | None = None,
                actions: dict[str, Callable[[Any], Any]] | None = None,
                made: dict[str, tuple[type, Callable[[Any], Any]]] | None = None) -> Parts:
    """A game's :data:`SHEET_PARTS` from its named scopes, outcomes and chances (sorted by their
    type), its position builders and actions, and ``made``: parts made for their position,
    ``{name: (Scope | Outcome | Chance, make)}`` (:class:`MadeAt`)."""
    by: dict[type, dict[str, Any]] = {Scope: {}, Outcome: {}, Chance: {}}
    for name, part in parts.items():
        by[type(part)][name] = part
    for name, (kind, make) in (made or {}).items():
        by[kind][name] = MadeAt(make)
    return Parts(positions=dict(positions or {}), scopes=by[Scope], actions=dict(actions or {}),
                 outcomes=by[Outcome], chances=by[Chance])
