"""What The Sands of Time's exercises share (:mod:`.exercises` lists them; one module per part of the
rulebook: :mod:`.exercises_setup`, :mod:`.exercises_generation`, :mod:`.exercises_actions`): the
seeded positions, the seat an exercise is posed to, the seat's own figures in words, and the
answers a misreading gives.

Every position is a :class:`~explorer.engine.record.GameRecord` (a seeded game stopped at the first
step that fits), posed to the seat whose step it is (at a die roll: the start player, who rolls
it), and asks only what that seat can tell from its observation: its own cards, Chronicles and
resources, and the open map.  The rules cited are the game's own :data:`~.sections.RULES`, the
references its refusals and steps use."""
from __future__ import annotations

import random

from explorer.engine.exercises import PickLegal, seeded
from explorer.engine.registry import get_game
from explorer.engine.words import seat_name

from . import empire as E
from . import sensible
from .actions import Roll
from .data import CATEGORIES
from .sections import RULES

GAME = "sands_of_time"


OPTIONS = {"players": 3}
#: the notebook's chapters (its headings) the exercises follow


LEARN = "One Generation, phase by phase"


TRACK = "How long is a Generation?"


BATTLE = "What are a battle's odds?"


def _at(seed: int, stop, policy=None):
    """A seeded three-player game stopped at the first state where ``stop(state)`` holds."""
    return seeded(GAME, seed, stop, OPTIONS, policy)


def _sensible(state, rng: random.Random):
    return sensible.choose(state, state.player, rng)


def _deciding(phase: str):
    return lambda s: s.phase_ == phase


def _choices(action, outcome, wrong):
    """The answers offered: the engine's (the action applied to a copy) and the wrong ones that
    a misreading of the rule gives (``wrong(state)``), each once, in order."""
    def offer(state):
        right = outcome(state, state.apply(action(state)))
        return sorted({right, *wrong(state)})
    return offer


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _holds(s, q: int, *what: str) -> str:
    """What the seat's own board shows (the map does not): ``crops``, ``gold``, ``unrest``,
    ``heritage``, ``unlocked``, in words, for the question."""
    words = {"crops": lambda: f"{s.crops[q]} Crops", "gold": lambda: f"{s.gold[q]} Gold",
             "unrest": lambda: f"Unrest {s.unrest[q]}",
             "heritage": lambda: "heritage " + ", ".join(f"{c} {E.heritage(s, q, c)}" for c in CATEGORIES),
             "unlocked": lambda: "unlocked: " + (", ".join(c for c in CATEGORIES if E.unlocked(s, q, c)) or "none")}
    return "(" + "; ".join(words[w]() for w in what) + ")"


def _delta(field: str, q: int, sign: int = 1):
    """How much seat ``q``'s ``field`` (``crops``, ``gold``, ``unrest``, ``vp``) went up (``sign`` -1:
    down) from the position to the state after the action."""
    return lambda before, after: sign * (getattr(after, field)[q] - getattr(before, field)[q])


def _ending_roll(extra):
    """A roll of Phase 2 (c) where a 1 ends the Generation (and no cull follows), and ``extra``."""
    def stop(s):
        if s.phase_ != "roll" or s.data.tracks.generation[s.gen_pos - 1] < 1 or not extra(s):
            return False
        return s.apply(Roll(1)).phase_ != "cull"
    return stop


def _one(s) -> Roll:
    return Roll(1)


def _peasants(s, q: int) -> int:
    return sum(row[q] for row in s.pe.values())


def _track() -> tuple:
    """The Generation track's numbers, space by space."""
    return tuple(get_game(GAME).initial_state(OPTIONS).data.tracks.generation)


def _first_resources_position():
    return _at(1, lambda s: s.phase_ == "first_advance" and len(s.committing) == 1)


def _resource_words(pair) -> str:
    return f"{pair[0]} Crops and {pair[1]} Gold"


def _seat_at(pos) -> int:
    """Whom a position's exercise is posed to: the seat deciding, or at a die the start player."""
    s = pos.replay()
    return s.start if s.is_chance_node() else s.player


def _posed(kind, key: str, title: str, pos, question: str, rules, chapter: str = LEARN, **fields):
    return kind(key=key, game=GAME, title=title, question=question, rules=tuple(RULES[r] for r in rules),
                position=pos, viewer=_seat_at(pos), chapter=chapter, **fields)


#: the picks made on the map: key, title, position, question ({seat}: the seat asked, {holds}: its Crops and
#: Unrest), rules, the action


def map_pick(key: str, title: str, pos, question: str, rules, kind, **fields):
    """Pick the legal actions of ``kind`` (a territory or border to click on the map, or the
    ``candidates`` given); ``question`` may name ``{seat}`` and ``{holds}`` (its Crops and Unrest)."""
    q = _seat_at(pos)
    text = question.format(seat=seat_name(q), holds=_holds(pos.replay(), q, "crops", "unrest"))
    return _posed(PickLegal, key, title, pos, text, rules, scope=lambda a: type(a) is kind, **fields)


def _unlocked_by(s, q: int, category: str) -> str:
    """Why ``category`` is unlocked for ``q``, in words (the Emphasis card of the Generation or
    the advance that unlocks it for good), or "locked"."""
    if s.emph[q] == category:
        return f"unlocked by its {category} Emphasis card this Generation"
    if E.unlocked(s, q, category):
        return f"unlocked for good by {s.unlockers[category]}"
    return "locked"


def _empire_words(s, q: int) -> str:
    """The seat's territories with their structures (what empire size and costs read)."""
    parts = [t + (f" ({', '.join(sorted(s.st[t]))})" if s.st.get(t) else "") for t in E.owned(s, q)]
    return f"{len(parts)} territories: " + ", ".join(parts)
