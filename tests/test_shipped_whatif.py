"""The what-if results shipped in data/whatif/ (explorer.shipped): each file says the command and the
seed that made it, making it again gives the same figures, and a missing, unknown or stale file is
refused with a message saying how to make it."""
from __future__ import annotations

import json

import pytest

from explorer import shipped
from explorer.views.app import App, whatif_section
from explorer.views.whatif import compare_variants


@pytest.mark.parametrize("name", sorted(shipped.PLANS))
def test_a_shipped_file_says_how_it_was_made_and_holds_every_game(name):
    data = shipped.load(name)
    plan = shipped.PLANS[name]
    assert data["command"] == f"python -m explorer.shipped {name}" and data["seed"] == plan["seed"]
    assert set(data["results"]) == set(plan["variants"])
    for r in data["results"].values():
        assert len(r["round_counts"]) == plan["games"] == r["games"]
        assert r["won"] + r["capped"] + r["other"] == plan["games"]


def test_making_it_again_gives_the_shipped_figures_and_the_notebooks():
    """Decay's file made again equals the shipped one, and equals what the notebook's own
    compare_variants call plays (same games, same seed)."""
    again = json.loads(json.dumps(shipped.make("decay")))
    assert again == shipped.load("decay")
    plan = shipped.PLANS["decay"]
    live = compare_variants("decay", plan["variants"], games=plan["games"], seed=plan["seed"], progress=False)
    for variant, r in again["results"].items():
        assert r["round_counts"] == [o.rounds for o in live[variant]["outcomes"]]
        assert r["wins_by_seat"] == live[variant]["wins_by_seat"]


def test_unknown_and_stale_files_are_refused(monkeypatch, tmp_path):
    with pytest.raises(shipped.ShippedError, match="no shipped what-if named 'chess'"):
        shipped.make("chess")
    monkeypatch.setitem(shipped.PLANS, "decay", {**shipped.PLANS["decay"], "seed": 99})
    with pytest.raises(shipped.ShippedError, match=r"is not what `python -m explorer.shipped decay` makes now"):
        shipped.load("decay")
    with pytest.raises(SystemExit):
        shipped.main(["chess", "--out", str(tmp_path)])
    assert not (tmp_path / "whatif").exists()


def test_the_what_if_section_shows_the_shipped_figures_and_replays_them_live():
    view = whatif_section("decay", "rounds")
    source, rerun, body = view.children
    assert "seed 1" in source.value and "python -m explorer.shipped decay" in source.value
    table = body.children[0].value
    rerun.click()
    assert "played just now" in source.value and body.children[0].value == table   # same games, same table


def test_the_app_opens_on_learn_and_makes_play_and_what_if_on_demand():
    import ipywidgets as W
    made = []

    def maker(name):
        def make():
            made.append(name)
            return W.HTML(name)
        return make

    app = App("decay", makers={name: maker(name) for name in ("Learn", "Play", "What if")})
    assert made == ["Learn"] and app.children[0].value == "Learn"
    app.selected_index = 2
    assert made == ["Learn", "What if"] and app.children[2].value == "What if"
    app.selected_index = 0
    app.selected_index = 2
    assert made == ["Learn", "What if"]              # made once
