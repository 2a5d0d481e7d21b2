"""explorer duel: players compared at one table, seats rotated (explorer/lab/duel.py)."""
import json
import subprocess
import sys

import pytest

from explorer.lab.duel import duel
from explorer.simulate import SetupError


def test_scores_add_up_to_the_games_won_and_seats_rotate():
    r = duel("journalists", ["sensible", "random"], games=6, seed=3)
    sens, rnd = r.standings["sensible"], r.standings["random"]
    assert sens.games == rnd.games == 6
    assert sens.score + rnd.score == pytest.approx(6 - r.nobody)
    assert sens.fair == rnd.fair == 0.5
    low, high = sens.interval
    assert low <= sens.share <= high
    # every decision with a choice was timed, for both players
    assert sens.times and rnd.times and all(t >= 0 for t in sens.times)
    assert sens.ms(0.5) <= sens.ms(0.9)


def test_a_duel_replays_from_its_seed_and_the_table_turns():
    a = duel("decay", ["sensible", "random"], games=4, seed=11).rows()
    b = duel("decay", ["sensible", "random"], games=4, seed=11).rows()
    assert [(r["player"], r["score"], r["decisions"]) for r in a] == \
           [(r["player"], r["score"], r["decisions"]) for r in b]
    # the same spec at every seat: each seat's share is the fair one on average, so the scores
    # of a repeated spec are counted once per game, whatever seat it holds
    r = duel("journalists", ["sensible", "sensible", "random"], games=3, seed=1)
    assert r.standings["sensible"].fair == pytest.approx(2 / 3)
    assert r.standings["sensible"].games == 3


@pytest.mark.parametrize("players, options, words", [
    (["sensible", "bogus"], None, "unknown player 'bogus'"),
    (["sensible", "random"], {"players": 3}, "2 player specs for 3 seats"),
    (["sensible"], None, "at least 2"),
])
def test_bad_duels_are_named(players, options, words):
    with pytest.raises(SetupError, match=words):
        duel("decay", players, games=2, options=options)


def test_command_line_prints_standings():
    out = subprocess.run([sys.executable, "-m", "explorer", "duel", "journalists", "-p", "sensible,random",
                          "-n", "4", "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["games"] == 4 and [s["player"] for s in data["standings"]] == ["sensible", "random"]
    assert sum(s["score"] for s in data["standings"]) == pytest.approx(4 - data["no_winner"])
