"""Words a person reads, made in one place for every game.

The engine counts seats from 0; a person counts players from 1: :func:`seat_name` is the one
place that turns a seat into a name ("Player 1" for seat 0), :func:`seat_names` a list of
them.  :func:`article` chooses "a" or "an" for the word that follows, :func:`counted` says
how many ("no coins", "1 coin").  :func:`cited_sections`
lists the rulebook sections a step follows, each once, the most specific kept.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

__all__ = ["seat_name", "seat_names", "article", "with_article", "counted", "cited_sections"]


def seat_name(seat: int) -> str:
    """How a person calls seat ``seat`` (counted from 0): "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def seat_names(seats: Iterable[int]) -> str:
    """Seats as a phrase: "Player 1", "Players 1 and 3", "Players 1, 2 and 4"."""
    numbers = [str(s + 1) for s in seats]
    if not numbers:
        return "no player"
    if len(numbers) == 1:
        return f"Player {numbers[0]}"
    return f"Players {', '.join(numbers[:-1])} and {numbers[-1]}"


#: words that start with a vowel letter but a consonant sound, and the reverse
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "eu", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honour", "heir")


def article(word: str) -> str:
    """ "an" before a vowel sound, else "a" ("an arms coin", "a suns coin", "an 8", "a 1")."""
    w = str(word).lstrip("([\"'").lower()
    if not w:
        return "a"
    if w[0].isdigit():          # numbers said aloud: eight, eleven, eighteen, 80...
        return "an" if w[0] == "8" or w.split()[0].rstrip(".,;:") in ("11", "18") else "a"
    if w.startswith(_VOWEL_SOUND):
        return "an"
    if w.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if w[0] in "aeiou" else "a"


def with_article(phrase: str) -> str:
    """``phrase`` after its article: "an arms coin", "a fall coin"."""
    return f"{article(phrase)} {phrase}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` of ``noun`` in words: "no coins", "1 coin", "3 coins" (``plural``: when not
    ``noun`` + "s")."""
    many = plural or f"{noun}s"
    return f"no {many}" if n == 0 else f"1 {noun}" if n == 1 else f"{n} {many}"


def _more_specific(general: str, specific: str) -> bool:
    """True when section ``specific`` lies inside section ``general`` ("Completion" ⊃
    "Completion 2, Enact", "Step 2" ⊃ "Step 2.d", "Take Actions 5" ⊃ "Take Actions 5.a.i-ii")."""
    return (len(specific) > len(general) and specific.startswith(general)
            and specific[len(general)] in " .,:(-")


def cited_sections(sections: Iterable[str]) -> list[str]:
    """``sections`` in their order, each once, without one that a more specific section
    of the list lies inside."""
    seen: list[str] = []
    for s in sections:
        if s not in seen:
            seen.append(s)
    return [s for s in seen if not any(_more_specific(s, t) for t in seen)]


def action_words(state, action) -> str:
    """An action as a refusal names it: its words as the teacher reads them (``describe``); where the
    game cannot word it here (an action of another step), its type and fields in words ("coin draw
    (value 1)"); anything else that is no action of any game, its Python form."""
    try:
        text = state.describe(action, None)
        if isinstance(text, str) and text.strip():
            return text
    except Exception:           # not wordable at this step
        pass
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        name = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
        fields = ", ".join(f"{f.name.replace('_', ' ')} {getattr(action, f.name)}" for f in dataclasses.fields(action))
        return f"{name} ({fields})" if fields else name
    return repr(action)
