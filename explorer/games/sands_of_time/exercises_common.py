"""What The Sands of Time's exercise parts share (:mod:`.exercises` names them; one module per part of
the rulebook: :mod:`.exercises_setup`, :mod:`.exercises_generation`, :mod:`.exercises_actions`): the
seat an exercise is posed to, the seat's own figures in words, and the answers a misreading gives.

Every position is a game record saved in ``data/exercises/sands_of_time.json`` (a seeded game
stopped at the first step that fitted), posed to the seat whose step it is (at a die roll: the
start player, who rolls it), and asks only what that seat can tell from its observation: its own
cards, Chronicles and resources, and the open map.  The rules cited are the game's own
:data:`~.sections.RULES`, the references its refusals and steps use."""
from __future__ import annotations

from .actions import Roll


def _choices(action, outcome, wrong):
    """The answers offered: the engine's (the action applied to a copy) and the wrong ones that
    a misreading of the rule gives (``wrong(state)``), each once, in order."""
    def offer(state):
        right = outcome(state, state.apply(action(state)))
        return sorted({right, *wrong(state)})
    return offer


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _delta(field: str, q: int, sign: int = 1):
    """How much seat ``q``'s ``field`` (``crops``, ``gold``, ``unrest``, ``vp``) went up (``sign`` -1:
    down) from the position to the state after the action."""
    return lambda before, after: sign * (getattr(after, field)[q] - getattr(before, field)[q])


def _one(s) -> Roll:
    return Roll(1)


def _peasants(s, q: int) -> int:
    return sum(row[q] for row in s.pe.values())


def _resource_words(pair) -> str:
    return f"{pair[0]} Crops and {pair[1]} Gold"


def _seat(state) -> int:
    """Whom a position's exercise is posed to: the seat deciding, or at a die the start player."""
    return state.start if state.is_chance_node() else state.player


