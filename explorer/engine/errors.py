"""Rule references and the errors the engine raises."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleRef:
    """Where a rule lives: the game, the section in the rulebook's own numbering, and a
    one-line paraphrase in our words (never the rulebook's sentence)."""

    game: str
    section: str
    text: str

    def __str__(self) -> str:
        return f"{self.section}: {self.text}"

    def to_json(self) -> dict:
        return {"game": self.game, "section": self.section, "text": self.text}


class IllegalMove(ValueError):
    """An action the rules forbid.  Carries the :class:`RuleRef` that forbids it.

    Raised before anything changes: the state the action was tried on is untouched."""

    def __init__(self, message: str, rule: RuleRef):
        super().__init__(f"{message} ({rule.section}: {rule.text})")
        self.reason = message
        self.rule = rule


class RecordError(ValueError):
    """A saved game or record that cannot be loaded; the message names what is wrong."""


class OptionsError(ValueError):
    """A rule option that does not exist or has a nonsense value."""
