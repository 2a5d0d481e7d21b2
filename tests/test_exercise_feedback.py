"""Practice that teaches (issue 41): an exercise's feedback on a wrong answer is about the learner's own
choice and never gives the right answer away (not its words, its range, its exact chance, nor the
names of the picks missed), while the right answer is judged right and explained; and ``check()``
reads or refuses ANY input, never raising: a fixed list of malformed answers is fed to every exercise
of every game.  The sheet's side (answer shown only on request, solved apart from "answer seen",
"try again", the sections trained) is tested in ``tests/test_exercises.py``.
"""
from __future__ import annotations

import math
import re

import pytest

from explorer.engine.errors import RuleRef
from explorer.engine.exercises import (GAMES, NOT_AN_ANSWER, Feedback, HowLikely, PickLegal, Predict,
                                       trained_sections)
from test_exercises import _exercises, board_places, wrong_pick

#: answers no question takes as they are (a few may be a real answer of one exercise: see ``_is_answer``)
MALFORMED = (None, "", "x", "   ", 1.5, True, False, 1.0, -1, 10**9, [], [None], {}, {"a": 1}, object(),
             "Nunavut", ("junk", 3, None), [1, 2], b"bytes", float("nan"), Feedback, [[1]], {1, 2})
#: of those, the ones that are never an answer of any kind (unless one of an exercise's own choices)
NEVER = (None, 1.5, 1.0, [None], {}, {"a": 1}, b"bytes", float("nan"), [[1]], {1, 2})


def _same(a, b) -> bool:
    """Equal and of the same type (``True`` is not 1 here)."""
    return type(a) is type(b) and a == b


def _choices(ex, state) -> list:
    return list(ex.choices(state)) + [ex.answer(state)] if isinstance(ex, Predict) else []


def _is_answer(ex, state, x) -> bool:
    """``x`` is a real answer of the exercise (one of its choices, or a choice's words or place name), worked
    out here without the exercise's own reader."""
    if isinstance(ex, Predict):
        for c in _choices(ex, state):
            if _same(c, x):
                return True
            if isinstance(x, str) and x.strip() and x.strip().casefold() in (
                    str(ex.words(c)).casefold(), str(c[-1]).casefold() if isinstance(c, tuple) and c else None):
                return True
    # no picks: an answer (right when nothing is legal)
    return isinstance(ex, PickLegal) and isinstance(x, list) and not x


@pytest.mark.parametrize("game", GAMES)
def test_malformed_answers_are_refused_or_judged_never_a_crash(game):
    fed = refused = 0
    for ex in _exercises(game):
        state = ex.state()
        bools = any(isinstance(c, bool) for c in _choices(ex, state))
        for x in MALFORMED:
            if _is_answer(ex, state, x):
                continue
            fb = ex.check(x, state)             # (any exception fails the test, naming the exercise below)
            fed += 1
            assert isinstance(fb, Feedback), (ex.key, x)
            assert not fb.correct, f"{ex.key}: the malformed answer {x!r} is judged right: {fb.lines}"
            assert fb.lines and all(isinstance(t, str) and t for t, _ in fb.lines), (ex.key, x, fb)
            never = any(x is n for n in NEVER) or (isinstance(x, float) and math.isnan(x))
            if never or (isinstance(x, bool) and not bools):
                assert not fb.understood, f"{ex.key}: {x!r} was read as an answer: {fb.lines}"
            if not fb.understood:
                text = fb.lines[0][0]
                assert text.startswith(NOT_AN_ANSWER.split("{")[0]) and "expected" in text, (ex.key, x, text)
                assert "object at 0x" not in text and "<class" not in text, (ex.key, text)
                refused += 1
    print(f"{game}: {fed} malformed answers fed, {refused} refused as no answer, none judged right, no crash")


@pytest.mark.parametrize("game", GAMES)
def test_answers_given_in_words_are_read_and_bools_are_never_numbers(game):
    for ex in _exercises(game):
        state = ex.state()
        if isinstance(ex, HowLikely):
            right = ex.answer(state)
            assert ex.check(ex.ranges()[right], state).correct, f"{ex.key}: its range's words are not read"
            assert not ex.check(float(right), state).understood, f"{ex.key}: a float is read as a range"
            for b in (True, False):
                assert not ex.check(b, state).understood, f"{ex.key}: {b} is read as range {int(b)}"
            assert not ex.check(-1, state).understood, f"{ex.key}: -1 is read as the last range"
        elif isinstance(ex, PickLegal):
            right = ex.answer(state)
            as_text = "".join(sorted(str(a) for a in right))
            fb = ex.check(as_text, state)
            assert not fb.understood, f"{ex.key}: a string is read as picks (letter by letter?): {fb.lines}"
            assert ex.check(tuple(right), state).correct and ex.check(list(right), state).correct, ex.key
            if len(right) == 1:
                assert ex.check(next(iter(right)), state).correct, f"{ex.key}: one action is not read as one pick"
        else:
            right = ex.answer(state)
            words = [str(ex.words(c)) for c in _choices(ex, state)]
            if words.count(str(ex.words(right))) == 1 + (right in ex.choices(state)):
                assert ex.check(str(ex.words(right)), state).correct, f"{ex.key}: the answer's words are not read"
            if ex.place and isinstance(right, tuple) and len(right) == 2 and isinstance(right[1], str):
                for name in (right[1], right[1].upper(), f"  {right[1]} "):
                    fb = ex.check(name, state)
                    assert fb.correct, f"{ex.key}: the plain name {name!r} is not read as {right}: {fb.lines}"
            if isinstance(right, int) and not isinstance(right, bool):
                assert not ex.check(bool(right), state).correct and not ex.check(float(right), state).correct, ex.key


def _wrong_answers(ex, state):
    """Every wrong answer of the exercise's kind that can be built, each with the words that must not
    show in its feedback's lines (the right answer's) and the words the learner chose (which may)."""
    if isinstance(ex, HowLikely):
        right, p, names = ex.answer(state), ex.exact(state), ex.ranges()
        secret = [names[right], str(p), f"{float(p):.1%}", f"{float(p):.0%}"]
        return [(i, [names[i]], secret) for i in range(len(names)) if i != right]
    if isinstance(ex, Predict):
        right = ex.answer(state)
        others = [c for c in ex.choices(state) if not _same(c, right)]
        if not others and ex.place:
            others = board_places(ex, state, right)
        return [(c, [str(ex.words(c))], [str(ex.words(right))]) for c in others]
    right = ex.answer(state)
    words = {a: state.describe(a, ex.viewer) for a in right}
    bad = wrong_pick(ex, state)
    out = []
    for miss in sorted(right, key=repr):
        secret = [words[miss], words[miss].split(": ", 1)[-1]]
        response = set(right) - {miss}
        out.append((response, [words[a] for a in response], secret))
        if bad is not None:
            out.append((response | {bad}, [words[a] for a in response] + [state.describe(bad, ex.viewer)], secret))
    if bad is not None:
        out.append((set(right) | {bad}, [], []))
    return out


def _shows(text: str, word: str) -> bool:
    word = word.strip()
    return bool(word) and re.search(r"(?<![\w%/.])" + re.escape(word) + r"(?![\w%/])", text) is not None


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_answer_is_told_about_its_own_choice_never_the_answer(game):
    built = 0
    for ex in _exercises(game):
        state = ex.state()
        right = ex.answer(state)
        fb = ex.check(set(right) if isinstance(ex, PickLegal) else right, state)
        assert fb.correct and fb.answer == ex.answer_text(state), f"{ex.key}: the engine's answer is judged wrong"
        assert fb.explanation == ex.explanation(state) and fb.explanation, f"{ex.key}: no explanation with the answer"
        for response, own, secret in _wrong_answers(ex, state):
            fb = ex.check(response, state)
            built += 1
            assert not fb.correct and fb.understood, (ex.key, response, fb.lines)
            assert any(isinstance(r, RuleRef) for _, r in fb.lines), f"{ex.key}: no line cites a rule: {fb.lines}"
            sections = [r.section for r in ex.rules] + [r.section for _, r in fb.lines if r]
            for text, _ in fb.lines:
                rest = text
                for w in sorted(own + sections, key=len, reverse=True):
                    rest = rest.replace(w, " ") if w else rest
                shown = [s for s in secret if _shows(rest, s)]
                assert not shown, f"{ex.key}: the feedback on {response!r} gives the answer away ({shown}): {text!r}"
            if isinstance(ex, PickLegal) and secret:
                missed = len(set(right) - set(response))
                assert any(f"missed {missed} legal" in t for t, _ in fb.lines), (ex.key, fb.lines)
    print(f"{game}: {built} wrong answers built, none given the answer")


def test_the_sections_trained_are_listed_per_chapter():
    for game in GAMES:
        items = _exercises(game)
        trained = trained_sections(items)
        assert list(trained) == list(dict.fromkeys(e.chapter for e in items)), game
        for e in items:
            assert all(r.section in trained[e.chapter] for r in e.rules), (game, e.key)
        assert all(len(set(s)) == len(s) for s in trained.values()), game
