"""Checks the per-game exercise tests share (tests/test_exercises_<game>.py): the notebook's
chapter headings, a position that is a possible one, wrong picks refused by the engine with a rule,
a prediction's choices, and plain words in every text of an exercise."""
from __future__ import annotations

import json
import re
from pathlib import Path

from explorer.engine.errors import IllegalMove, RuleRef

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


def notebook_headings(game: str) -> set[str]:
    """Every markdown heading of ``notebooks/<game>.ipynb``, without its hashes."""
    cells = json.loads((NOTEBOOKS / f"{game}.ipynb").read_text(encoding="utf-8"))["cells"]
    lines = ("".join(c["source"]).splitlines() for c in cells if c["cell_type"] == "markdown")
    return {line.lstrip("#").strip() for block in lines for line in block if line.startswith("#")}


def check_position(ex, check_invariants):
    """The exercise's position holds the game's invariants (``check_invariants`` raises when not)
    and is not over; it is returned for the game's own further checks."""
    state = ex.state()
    check_invariants(state)
    assert not state.is_terminal(), f"{ex.key}: the game is already over"
    return state


def refused_with_rule(ex, state, wrong) -> int:
    """How many of the ``wrong`` picks the engine refuses; each refusal cites a rule of the
    game, and the exercise answers the pick with that refusal."""
    refused = 0
    for a in wrong:
        try:
            state.apply(a)
        except IllegalMove as e:
            assert isinstance(e.rule, RuleRef) and e.rule.game == ex.game
            text, rule = ex.refusal(state, a)
            assert rule == e.rule and e.reason.lower() in text.lower()
            refused += 1
    return refused


def check_prediction(ex) -> None:
    """The action is legal, the answer is among the choices, there is a wrong one, and each
    choice is judged right exactly when it is the answer."""
    state = ex.state()
    assert ex.action(state) in state.legal_actions()
    answer = ex.answer(state)
    choices = list(ex.choices(state))
    assert answer in choices and len(set(choices)) == len(choices) >= 2
    for c in choices:
        assert ex.check(c, state).correct == (c == answer)


def check_spread(exercises, game: str, parts: set[str], least: int = 12) -> None:
    """At least ``least`` exercises, each kind used (3 picks, 3 predictions, 2 chances at
    least), every part of ``parts`` cited, every chapter a heading of the game's notebook."""
    kinds = [e.kind for e in exercises]
    assert len(exercises) >= least
    assert kinds.count("pick") >= 3 and kinds.count("predict") >= 3 and kinds.count("chance") >= 2, kinds
    cited = {r.section for e in exercises for r in e.rules}
    assert parts <= cited, f"parts no exercise trains: {sorted(parts - cited)}"
    headings = notebook_headings(game)
    for e in exercises:
        assert e.chapter in headings, f"{e.key}: {e.chapter!r} is no heading of notebooks/{game}.ipynb"


#: words a person should not read in an exercise: a Python repr, a piecepack rank name glued to a suit
#: ("Arms-null"), a 0-based player, a seat number, an option's field name
CODE_WORDS = re.compile(r"[A-Za-z]+\(\w+=|\w+-(null|ace)\b|Player 0|\bseat \d|\w+_\w+=")


def check_plain_words(exercises) -> None:
    """Every text of each exercise -- title, question, answer, a prediction's choices, and the lines
    and explanation a right answer gets -- holds none of :data:`CODE_WORDS`."""
    from explorer.engine.exercises import Predict
    for ex in exercises:
        state = ex.state()
        texts = [ex.title, ex.question, ex.answer_text(state)]
        if isinstance(ex, Predict):
            texts += [str(ex.words(c)) for c in ex.choices(state)]
        fb = ex.check(ex.answer(state), state)
        texts += [text for text, _ in fb.lines + fb.explanation]
        for text in texts:
            assert not CODE_WORDS.search(text), f"{ex.key}: {text!r}"


def check_sections(game: str, exercises, option_sections, named) -> set[str]:
    """The exercises cite at least nine tenths of ``game``'s rule sections (those of its rule
    options, ``option_sections``, set aside) and every section in ``named``; returns those cited."""
    from explorer.engine.registry import get_game
    sections = {r.section for r in type(get_game(game).initial_state(None)).RULES.values()}
    assert set(option_sections) <= sections
    rules = sections - set(option_sections)
    cited = {r.section for e in exercises for r in e.rules}
    assert len(cited & rules) >= 0.9 * len(rules), f"uncited: {sorted(rules - cited)}"
    assert not [s for s in named if s not in cited], [s for s in named if s not in cited]
    return cited
