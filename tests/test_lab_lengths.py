"""Measures that say what they count (issue 43 item 3): a game's length is measured over the finished
games only, the games the explorer stopped at its round cap are counted beside it, and the sentence
names the cap."""
from __future__ import annotations

import pandas as pd
import pytest

from explorer.lab import answers as A
from explorer.lab.summary import lengths

#: The questions whose answer reads a game's length.
LENGTH_KEYS = [k for k, q in A.QUESTIONS.items()
               if any(m.startswith("mean:") and m.split(":", 1)[1] in A.LENGTHS for m in q.measures)]


def test_some_questions_measure_a_length_of_capped_games():
    assert {"decay-players", "conspiracy-columns"} <= set(LENGTH_KEYS)


@pytest.mark.parametrize("key", ["decay-players", "conspiracy-columns"])
def test_a_length_never_mixes_capped_and_finished_games(key):
    """Stretch the capped games' lengths tenfold: a length that counted them would move; it must not,
    and it must be the finished games' mean, with the capped ones counted beside."""
    q, frame = A.QUESTIONS[key], A.load(key)
    m = next(m for m in q.measures if m.startswith("mean:"))
    column = m.split(":", 1)[1]
    stopped = A.capped(frame)
    assert stopped.any() and (frame.loc[stopped, column] == q.cap).all()
    stretched = frame.copy()
    stretched.loc[stopped, column] = stretched.loc[stopped, column] * 10
    for (_value, rows), (_, rows2) in zip(A.variants(frame, q.by), A.variants(stretched, q.by), strict=False):
        got, again = A.measure(rows, m), A.measure(rows2, m)
        finished = rows.loc[~A.capped(rows), column]
        assert got["value"] == pytest.approx(finished.mean()) == again["value"]
        assert got["n"] == len(finished) and got["capped"] == int(A.capped(rows).sum())
        assert got["n"] + got["capped"] == len(rows)


@pytest.mark.parametrize("key", ["decay-players", "conspiracy-columns"])
def test_the_sentence_names_the_cap_and_the_capped_games(key):
    q, frame = A.QUESTIONS[key], A.load(key)
    table = A.answer(frame, key)
    words = A.sentence(table, key)
    m = next(m for m in q.measures if m.startswith("mean:"))
    stopped = [int(r["capped"]) for _, r in table[table["measure"] == m].iterrows()]
    assert f"stopped at the round cap of {q.cap}" in words and "finished game's length" in words
    assert all(f"{n:,}" in words for n in stopped)


def test_a_game_that_always_ends_has_no_cap_named():
    q = A.QUESTIONS["journalists-start"]
    assert q.cap is None and "round cap" not in A.sentence(A.answer(A.load(q.key), q.key), q.key)


def _stretch_capped(frame):
    """``frame`` with every figure of its capped games changed (lengths, statistics, evaluations) and
    nothing else."""
    stretched = frame.copy()
    stopped = A.capped(frame)
    figures = [c for c in frame.columns[frame.columns.get_loc("length"):]
               if c not in ("first_start",) and pd.api.types.is_numeric_dtype(frame[c])]
    for c in figures:
        stretched.loc[stopped, c] = stretched.loc[stopped, c].astype(float) * 10 + 7
    return stretched


@pytest.mark.parametrize("key", ["decay-players", "conspiracy-columns"])
def test_no_measure_mixes_capped_and_finished_games(key):
    """Every measure a sweep can stop on or a question can ask (answers.known_measures): changing every
    figure of the capped games moves none of them, and each mean counts the capped games beside its
    own count; summary.lengths gives the finished games' distribution with the capped ones counted."""
    frame = A.load(key)
    stopped = A.capped(frame)
    assert stopped.any()
    stretched = _stretch_capped(frame)
    seats = sum(c.startswith("player_") for c in frame.columns)
    names = A.known_measures(frame.attrs["game"], frame.columns, seats)
    assert any(m.startswith("mean:") for m in names)
    by = A.QUESTIONS[key].by
    for (_, rows), (_, rows2) in zip(A.variants(frame, by), A.variants(stretched, by), strict=False):
        for m in names:
            got, again = A.measure(rows, m), A.measure(rows2, m)
            assert got["value"] == pytest.approx(again["value"], nan_ok=True), m
            if m not in ("start", "no_winner", "player"):
                assert got["capped"] == int(A.capped(rows).sum()) and got["n"] + got["capped"] == len(rows), m
    lens, lens2 = lengths(frame), lengths(stretched)
    pd.testing.assert_frame_equal(lens, lens2)
    assert (lens["capped"] + lens["finished"] == lens["games"]).all() and lens["capped"].sum() == stopped.sum()
    finished = frame[~stopped]
    assert list(lens["mean"]) == pytest.approx(list(finished.groupby("cell")["length"].mean()))
