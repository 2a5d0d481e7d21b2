"""The Sands of Time's designer statistics: where the VP came from, and who started."""
import pytest

from explorer.engine import get_game, random_playout
from explorer.games.sands_of_time.actions import StartPlayer
from explorer.games.sands_of_time.empire import VP_SOURCES


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (4, 7), (1, 2)])
def test_vp_sources_add_up_and_first_start(players, seed):
    record, final = random_playout("sands_of_time", {"players": players}, seed=seed)
    for q in range(final.players):
        assert sum(final.vp_from[q]) == final.vp[q]
    stats = get_game("sands_of_time").statistics(final)
    assert stats["first_start"] == next(a.seat for a in record.actions if type(a) is StartPlayer)
    assert sum(stats[f"vp_{n}"] for n in VP_SOURCES) == sum(final.vp[:final.players])
    assert stats["vp_unrest"] <= 0 <= stats["vp_end_bonus"]


def test_chronicle_points_are_counted_as_chronicles():
    from explorer.lab import Experiment
    frame = Experiment("sands_of_time", grid={"players": [3]}, players=["sensible"], games=4, seed=3).run()
    assert (frame["vp_chronicles"] > 0).any()
    assert (frame["vp_end_bonus"] > 0).all()
