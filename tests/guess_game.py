"""Guess the Die: a small test game for the engine's commit-then-reveal choices.

Each round every player secretly guesses a face of a six-sided die (a commit phase of
:class:`~explorer.engine.secret.SecretChoices`); the guesses are revealed together, the
die is rolled (a chance node), and every player whose guess is nearest the roll scores
a point.  After ``rounds`` rounds the highest score wins (a tie: no winner).

It is registered with the engine as ``guess_the_die`` so that the shared tests
(simulation, records, illegal actions, observations, the leak test) run on it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from explorer.engine import ActionCodec, Game, IllegalMove, OptionsError, RuleRef, register
from explorer.engine.action_space import ActionSpace
from explorer.engine.actions import Action
from explorer.engine.infoset import HiddenInformation
from explorer.engine.machine import PhasedState
from explorer.engine.options import check_option_types
from explorer.engine.secret import SecretChoices
from explorer.engine.state import CHANCE, TERMINAL
from explorer.engine.words import action_words, seat_name

GAME = "guess_the_die"
_r = partial(RuleRef, GAME)
RULES = {
    "commit": _r("Guess 1", "each player secretly writes down a face of the die"),
    "reveal": _r("Guess 2", "the guesses are shown together"),
    "roll": _r("Roll 1", "the die is rolled; the nearest guesses score a point each"),
    "end": _r("End", "after the last round the highest score wins; a tie has no winner"),
    "phase": _r("Sequence", "guess, reveal, roll, each round"),
}


@dataclass(frozen=True, slots=True)
class Guess(Action):
    face: int

    def __str__(self):
        return f"guess {self.face}"


@dataclass(frozen=True, slots=True)
class Die(Action):
    face: int

    def __str__(self):
        return f"the die shows {self.face}"


@dataclass(frozen=True)
class GuessOptions:
    players: int = 2
    rounds: int = 3
    faces: int = 6
    round_cap: int | None = None       # accepted for the shared tests; the game ends by itself

    def __post_init__(self):
        check_option_types(self)
        if not 2 <= self.players <= 4:
            raise OptionsError(f"players must be 2-4, got {self.players}")
        if not 1 <= self.rounds <= 500:
            raise OptionsError(f"rounds must be 1-500, got {self.rounds}")
        if not 2 <= self.faces <= 20:
            raise OptionsError(f"faces must be 2-20, got {self.faces}")


class GuessState(SecretChoices, PhasedState):
    game = GAME
    RULES = RULES
    SECRET_PHASES = frozenset({"guess"})
    PROMPTS = {"guess": "guess a face of the die in secret"}
    STEP_RULES = {"guess": "commit", "roll": "roll"}

    def __init__(self, options: GuessOptions | None = None):
        self.options = options or GuessOptions()
        self.round = 1
        self.scores = (0,) * self.players
        self.guesses = None            # the revealed guesses of this round
        self.last_roll = None
        self.winner = None
        self.end_reason = None
        self.events = ()
        self._open_choices("guess", range(self.players))

    # -- the contract ------------------------------------------------------------------
    def _compute_legal(self):
        if self.player == TERMINAL:
            return []
        if self.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [Guess(f) for f in range(1, self.options.faces + 1)]

    def chance_outcomes(self):
        if self.player != CHANCE:
            return []
        p = Fraction(1, self.options.faces)
        return [(Die(f), p) for f in range(1, self.options.faces + 1)]

    def sample_chance(self, rng: random.Random):
        return Die(rng.randint(1, self.options.faces))

    def _check_chance(self, a):
        if not (type(a) is Die and type(a.face) is int and 1 <= a.face <= self.options.faces):
            raise IllegalMove(f"{action_words(self, a)}: that is not a face of the die", RULES["roll"])

    def _why_illegal(self, a):
        if self.phase_ == "guess" and type(a) is Guess and type(a.face) is int:
            if 1 <= a.face <= self.options.faces:
                return None
            return f"{action_words(self, a)}: that is not a face of a {self.options.faces}-sided die", RULES["commit"]
        return f"{action_words(self, a)}: that is not a guess", RULES["commit"]

    def _terminal_rule(self):
        return RULES["end"]

    def describe_action(self, action, viewer=None):
        if self.player == CHANCE:
            return str(action)
        return f"{seat_name(self.player)}: {action}"

    def observation(self, player):
        return {"game": GAME, "viewer": player, "round": self.round, "phase": self.phase_,
                "current_player": self.player, "scores": list(self.scores),
                "guesses": None if self.guesses is None else list(self.guesses),
                "chosen": self.commitments(player), "last_roll": self.last_roll,
                "players": [{"score": s} for s in self.scores],
                "winner": self.winner, "end_reason": self.end_reason}


def _on_guess(s, a):
    choices = s._commit(a)
    if choices is None:
        return
    s.guesses = tuple(choices[q].face for q in range(s.players))
    s.phase_ = "roll"
    s.player = CHANCE


def _on_roll(s, a):
    s.last_roll = a.face
    best = min(abs(g - a.face) for g in s.guesses)
    winners = [q for q, g in enumerate(s.guesses) if abs(g - a.face) == best]
    s.scores = tuple(x + (q in winners) for q, x in enumerate(s.scores))
    s._event("roll", f"the die shows {a.face}: " + ", ".join(seat_name(q) for q in winners) + " score")
    if s.round == s.options.rounds:
        top = max(s.scores)
        leaders = [q for q, x in enumerate(s.scores) if x == top]
        s.winner = leaders[0] if len(leaders) == 1 else None
        s.end_reason = "victory" if s.winner is not None else "tie"
        s._event("end", f"final scores {list(s.scores)}")
        s.phase_ = "over"
        s.player = TERMINAL
        return
    s.round += 1
    s.guesses = None
    s._open_choices("guess", range(s.players))


GuessState.HANDLERS = {"guess": _on_guess, "roll": _on_roll}


def check_invariants(state: GuessState) -> None:
    assert sum(state.scores) <= state.round * state.players
    assert state.phase in ("guess", "roll", "over")
    if state.phase == "guess":
        assert state.commits[state.player] is None
        assert all(c is None for q, c in enumerate(state.commits) if q in state.committing)


def _open_guesses(states, actions, viewer):
    """The other seats' guesses of the round still open: nobody has seen them yet."""
    last = states[len(actions)]
    if last.phase != "guess":
        return []
    start = len(actions) - sum(c is not None for c in last.commits)
    return [i for i in range(start, len(actions)) if states[i].current_player != viewer]


#: what a seat cannot see: the open round's other guesses (any face, each equally likely)
hidden_variants = HiddenInformation(secret=_open_guesses)


def action_space(options) -> ActionSpace:
    """Every guess and roll: a face 1 to ``faces``."""
    faces = {"face": range(1, options.faces + 1)}
    return ActionSpace(GAME, decisions={Guess: faces}, chance={Die: faces})


GAME_INFO = register(Game(GAME, "Guess the Die (test game)", GuessOptions, GuessState,
                          ActionCodec([Guess, Die]), "none (a test game)",
                          hidden_variants=hidden_variants, action_space=action_space))
