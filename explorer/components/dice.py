"""Piecepack dice: six faces, null (0), ace (1) and 2-5, as chance outcomes.

A :class:`Roll` is the chance outcome of throwing ``k`` dice together; its faces are
checked when it is made, so a malformed roll never reaches a rule (a bad value raises
``ValueError``, which the record codec reports as a ``RecordError``).  The games only
add their wording of the faces: Decay keeps the piecepack's null and ace, Conspiracy
subclasses :class:`Roll` to say blank and symbol.

A roll-off (Conspiracy's Determine Player Order 2, Decay's Setup 2) is one die per
seat, the highest first, tied seats rolling again among themselves:
:func:`rolloff_groups` orders the seats by one throw.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar
from collections.abc import Iterable

from explorer.engine.actions import Action
from explorer.engine.errors import IllegalMove, RuleRef
from explorer.engine.words import seat_name

from .piecepack import RANK_NAMES, RANKS

#: A die's faces are the piecepack's ranks: 0 is the null face, 1 the ace (the suit symbol).
FACES = RANKS
PIECEPACK_FACES = RANK_NAMES
DIGITS = tuple(str(f) for f in FACES)
_SIDES = len(FACES)
_FACE_BITS = _SIDES.bit_length()


def face_word(face, names: tuple[str, ...] = PIECEPACK_FACES) -> str:
    """One face in words; anything that is not a face is shown as it is (never raises)."""
    if type(face) is int and face in FACES:
        return names[face]
    return repr(face)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The faces of dice thrown together, in the order the game gives them (one die per
    seat in a roll-off, suit order for Conspiracy's column checks).  A subclass may
    rename the faces through ``FACE_NAMES``."""
    faces: tuple[int, ...]

    FACE_NAMES: ClassVar[tuple[str, ...]] = PIECEPACK_FACES

    def __post_init__(self):
        if type(self.faces) is not tuple:
            raise ValueError(f"a roll's faces must be a tuple of die faces 0-5, got {self.faces!r}")
        for f in self.faces:
            if type(f) is not int or f not in FACES:
                raise ValueError(f"a die face must be an integer 0-5 ({', '.join(self.FACE_NAMES[:2])}, 2-5), "
                                 f"got {f!r}")

    def __str__(self):
        faces = getattr(self, "faces", ())
        faces = faces if isinstance(faces, (tuple, list)) else (faces,)
        return " ".join(["roll", *(face_word(f, self.FACE_NAMES) for f in faces)])

    # -- chance nodes ----------------------------------------------------------------------
    @classmethod
    def outcomes(cls, k: int) -> list[tuple[Roll, Fraction]]:
        """Every roll of ``k`` dice with its exact chance, faces in lexicographic order."""
        p = Fraction(1, len(FACES) ** k)
        return [(cls(f), p) for f in itertools.product(FACES, repeat=k)]

    @classmethod
    def sample(cls, rng, k: int) -> Roll:
        """``k`` dice thrown with ``rng`` (a ``random.Random``): the draws of one
        ``rng.randrange(6)`` each (``getrandbits(3)`` until below 6), written out."""
        bits = rng.getrandbits
        faces = []
        for _ in range(k):
            r = bits(_FACE_BITS)
            while r >= _SIDES:
                r = bits(_FACE_BITS)
            faces.append(r)
        return cls(tuple(faces))

    @classmethod
    def check(cls, action, k: int, rule: RuleRef) -> None:
        """Refuse anything but a roll of ``k`` dice of this game, citing ``rule`` (the faces
        are checked again, for a roll built around its own checks)."""
        if not (type(action) is cls and type(action.faces) is tuple and len(action.faces) == k
                and all(type(f) is int and f in FACES for f in action.faces)):
            names = cls.FACE_NAMES
            raise IllegalMove(f"{_said(action)} is not a roll of {k} dice with faces "
                              f"{names[0]}, {names[1]}, 2-5", rule)


def _said(action) -> str:
    try:
        return str(action)
    except Exception:                   # a malformed action of another kind
        return repr(action)


def rolloff_groups(seats: Iterable[int], faces: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """One throw of a roll-off: the seats grouped by the face they rolled, highest
    first, each group in the given seat order.  A group of several is still tied and
    rolls again among itself; the first group holds the winner(s)."""
    rolled = dict(zip(seats, faces, strict=True))
    return tuple(tuple(q for q, f in rolled.items() if f == top)
                 for top in sorted(set(rolled.values()), reverse=True))


def rolls_text(seats: Iterable[int], faces: Iterable[int], names: tuple[str, ...] = PIECEPACK_FACES) -> str:
    """``"player 0 rolls null, player 2 rolls 4"``, in the game's wording of the faces."""
    return ", ".join(f"{seat_name(q)} rolls {face_word(f, names)}" for q, f in zip(seats, faces, strict=False))
