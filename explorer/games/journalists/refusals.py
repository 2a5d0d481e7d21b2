"""Why Journalists refuses a choice: :func:`why_illegal` backs ``_why_illegal``.

The contract (see :meth:`explorer.engine.machine.PhasedState._why_illegal`): ``None``
when nothing forbids the action, else ``(reason, RuleRef)``.  It reads the same facts
the legal list is built from (the display and its costs, the supply, the bought cards,
:meth:`~.rules.JournalistsState.excuse_targets`), and ``tests/test_legality.py`` binds
the two."""
from __future__ import annotations

from explorer.engine.actions import field_problem
from explorer.engine.words import seat_name

from . import display as D
from .actions import Cubes, Evidence, ExcuseCubes, Steal
from .cards import CARDS, EXCUSE, KIND
from .sections import RULES


def _shown(a) -> str:
    """``a`` in words, or as its ``repr`` when a field holds a value of the wrong type (a
    string "1" would read as the number in words)."""
    return repr(a) if field_problem(a) is not None else str(a)


def why_illegal(s, a):
    if s.phase_ == "excuse":
        if type(a) is ExcuseCubes and type(a.count) is int and 0 <= a.count <= s.spare:
            return None
        return (f"{_shown(a)} is not a choice now: {s.spare} spare cube{'s' if s.spare != 1 else ''} may go on "
                f"the Excuse (0 to {s.spare}), the rest are discarded"), RULES["excuse"]
    if s.phase_ != "take" or type(a) not in (Evidence, Cubes, Steal):
        return f"{_shown(a)} is not a choice now: the game is at the '{s.phase_}' step", RULES["turn"]
    p = s.player
    if type(a.card) is not str:
        raise TypeError("a card is named by a string")
    if type(a) is Steal:
        return _steal(s, p, a.card)
    if a.card not in s.display:
        if a.card not in CARDS:
            return f"there is no card called {a.card!r}", RULES["turn"]
        held = s.holder(a.card)
        if held is not None and held[0] != p:
            return (f"{a.card} lies above {seat_name(held[0])}'s row: taking it is taking another player's card, "
                    "always as evidence"), RULES["steal"]
        return f"{a.card} is not in the display", RULES["turn"]
    cost = D.slot_costs(s.options.display_rows)[s.display.index(a.card)]
    if cost > s.supply[p]:
        return (f"{a.card} costs {cost} chips and {seat_name(p)} has {s.supply[p]} left"), RULES["pay"]
    if type(a) is Evidence:
        return None
    if type(a.complete) is not str:
        raise TypeError("the card to complete is named by a string")
    if a.card != EXCUSE:
        if a.complete:
            return f"only the Excuse completes a chosen card; {a.card} brings cubes", RULES["option_b"]
        return None
    if not a.complete or a.complete in s.excuse_targets(p):
        return None
    if any(c == a.complete for c, _ in s.rows[p]) and KIND[a.complete] == "pawn":
        return f"the Pawn {a.complete} already holds as many cubes as its rank", RULES["pawn"]
    return f"the Excuse completes a card of {seat_name(p)}'s row, and {a.complete} is not one", RULES["excuse_b"]


def _steal(s, p, card):
    held = s.holder(card)
    if held is None:
        if card in s.display:
            return f"{card} is in the display: take it from there", RULES["turn"]
        return f"{card} is not a card another player bought", RULES["steal"]
    if held[0] == p:
        return f"{card} is {seat_name(p)}'s own bought card; only another player's may be taken", RULES["steal"]
    if s.supply[p] < 1:
        return "taking another player's card costs a chip, and the supply is empty", RULES["steal"]
    return None
