"""The what-if results shipped in data/whatif/ (explorer.shipped): each file says the command, seed,
options and package version that made it (the record a sweep's frame keeps too), making it again gives
the same figures, and a missing, unknown or stale file is refused with a message saying how to make it.

Making all five files again costs about 15 s of CPU here, so the test remakes every one whole."""
from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from explorer import __version__, shipped
from explorer.cli import main
from explorer.lab import Experiment
from explorer.views.app import App
from explorer.views.shipped_whatif import TEXTS, shipped_question, shipped_whatif
from explorer.views.whatif import compare_variants
from explorer.engine.state import STOPPED

DATA = Path(__file__).resolve().parents[1] / "data" / "whatif"

GAMES = ("conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh")


def test_every_game_ships_its_what_if():
    assert sorted(shipped.PLANS) == sorted(GAMES)
    assert set(TEXTS) == {(g, q) for g, plan in shipped.PLANS.items() for q in plan}


@pytest.mark.parametrize("name", GAMES)
def test_a_shipped_file_says_how_it_was_made_and_is_what_making_it_again_gives(name):
    data = shipped.load(name)
    plan = shipped.PLANS[name]
    assert data["command"] == f"explorer shipped {name}" and data["seed"] == shipped.SEED
    assert data["options"] == {q: spec["variants"] for q, spec in plan.items()}
    assert data["version"] == __version__
    assert set(data["questions"]) == set(plan)
    for q, spec in plan.items():
        assert set(data["questions"][q]["results"]) == set(spec["variants"])
    made = json.loads(json.dumps(shipped.make(name)))
    assert made["commit"] and made["clean"] in (True, False, None)     # the code that makes it now
    identity = ("commit", "clean")                                      # (files made before issue 42 lack it)
    assert {k: v for k, v in made.items() if k not in identity} == {k: v for k, v in data.items() if k not in identity}


def test_the_shipped_rounds_are_the_notebooks_games():
    """Decay's shipped figures are what the notebook's own compare_variants call plays (same games,
    same seed)."""
    spec = shipped.PLANS["decay"]["length"]
    results = shipped.load("decay")["questions"]["length"]["results"]
    live = compare_variants("decay", spec["variants"], games=spec["games"], seed=shipped.SEED, progress=False)
    for variant, r in results.items():
        assert r["round_counts"] == [o.rounds for o in live[variant]["outcomes"]]
        assert r["game_reasons"] == [o.reason for o in live[variant]["outcomes"]]
        assert r["wins_by_seat"] == live[variant]["wins_by_seat"]
        assert r["won"] == live[variant]["won"] and r["rounds"] == live[variant]["rounds"]


def test_the_decay_notebooks_round_cap_table_reads_the_same_from_the_shipped_games():
    from explorer.views.decay import cap_rows
    spec = shipped.PLANS["decay"]["length"]
    live = compare_variants("decay", spec["variants"], games=spec["games"], seed=shipped.SEED, progress=False)
    assert cap_rows(shipped_question("decay", "length").results) == cap_rows(live)


def test_fewer_games_are_the_first_games_of_the_file():
    small = shipped.make("decay", games=5)
    full = shipped.load("decay")["questions"]["length"]["results"]
    for variant, r in small["questions"]["length"]["results"].items():
        assert r["round_counts"] == full[variant]["round_counts"][:5] and r["games"] == 5


def test_a_sweep_and_a_shipped_file_keep_the_same_record():
    """One record for both (explorer.lab.files.run_record): the command that plays the run again, the
    seed, the options, the package version."""
    exp = Experiment("decay", grid={"players": [3, 4]}, games=3, seed=7)
    rec = exp.record()
    data = shipped.load("decay")
    assert {"command", "seed", "options", "version"} <= set(rec) & set(data)
    assert rec["command"] == "explorer sweep decay --option players=3,4 --players random --games 3 --seed 7"
    assert rec["version"] == data["version"] == __version__ and rec["seed"] == 7


def test_unknown_and_stale_files_are_refused(monkeypatch, tmp_path, capsys):
    with pytest.raises(shipped.ShippedError, match="no shipped what-if named 'chess'"):
        shipped.make("chess")
    assert main(["shipped", "chess", "--out", str(tmp_path)]) == 2
    assert "no shipped what-if named 'chess'" in capsys.readouterr().err
    assert main(["shipped", "--out", str(tmp_path)]) == 2
    assert not (tmp_path / "whatif").exists()
    stale = {"length": {**shipped.PLANS["decay"]["length"], "games": 99}}
    monkeypatch.setitem(shipped.PLANS, "decay", stale)
    with pytest.raises(shipped.ShippedError, match=r"is not what `explorer shipped decay` makes now"):
        shipped.load("decay")


def test_the_command_writes_the_file_as_shipped(tmp_path, capsys):
    assert main(["shipped", "decay", "--out", str(tmp_path)]) == 0
    assert "wrote" in capsys.readouterr().out
    written, identity = json.loads((tmp_path / "whatif" / "decay.json").read_text()), ("commit", "clean")
    assert written["commit"] and all(k in written for k in identity)      # the code that made it
    assert {k: v for k, v in written.items() if k not in identity} == \
        {k: v for k, v in shipped.load("decay").items() if k not in identity}


def test_the_what_if_section_shows_the_shipped_figures_and_replays_them_live():
    view = shipped_question("journalists", "rules")
    assert "seed 1" in view.source.value and "explorer shipped journalists" in view.source.value
    chart, table = view.body.children[0], view.body.children[-1].value      # the chart first, then the table
    assert chart.figure.marks[0].labels == list(shipped.PLANS["journalists"]["rules"]["variants"])
    assert "clockwise (rulebook)" in table and "most chips next" in table
    head = view.headline.value
    view.rerun.click()
    assert "played just now" in view.source.value and view.body.children[-1].value == table  # same games
    assert view.headline.value == head
    assert view.progress.value == view.progress.max == 3 * 400 and "1,200 of 1,200 games played" in view.done.value


def _charts(view):
    """(series names, colours) of the first mark of every figure in a question's body."""
    return [(list(m.labels), list(m.colors)) for w in view.body.children for f in _figures(w) for m in f.marks[:1]]


def _text(w) -> str:
    """The HTML of a widget and of every widget inside it."""
    return (w.value if isinstance(getattr(w, "value", None), str) else "") + "".join(
        _text(c) for c in getattr(w, "children", ()))


def _shown_order(view, order):
    """The variants in the order the body's text names them first."""
    text = _text(view.body)
    return sorted((v for v in order if v in text), key=text.index)


@pytest.mark.parametrize("name", GAMES)
def test_the_variants_keep_the_plans_order_when_played_again_live_and_few_games_draw_no_chart(name):
    """The shipped file keeps its keys sorted; the page shows the variants in the plan's order, shipped
    and live.  Played live from 5 games a variant: the progress bar counts every game, the table keeps
    the order, and no chart is drawn from so few games (a line says so)."""
    for question, spec in shipped.PLANS[name].items():
        view = shipped_question(name, question)
        order = list(spec["variants"])
        assert list(view.results) == order
        shipped_charts = _charts(view)
        assert shipped_charts or spec["kind"] == "journalists"         # Journalists' player counts: a table only
        assert all(labels in (order, [order[i]]) or len(order) == 1 for i, (labels, _) in enumerate(shipped_charts))
        shown = _shown_order(view, order)
        view.games.value = 5
        view.rerun.click()
        assert view.progress.value == view.progress.max == 5 * len(order)
        assert f"{5 * len(order)} of {5 * len(order)} games played" in view.done.value
        assert list(view.results) == order and _shown_order(view, order) == shown
        assert not _charts(view) and "the first 5 of the shipped games" in view.source.value
        assert ("too few" in _text(view.body)) == bool(shipped_charts)


@pytest.mark.parametrize("name,question", [("decay", "length"), ("journalists", "rules")])
def test_played_again_live_each_variant_keeps_its_colour(name, question):
    from explorer.views.whatif import MIN_GAMES
    view = shipped_question(name, question)
    before = _charts(view)
    view.games.value = MIN_GAMES
    view.rerun.click()
    assert _charts(view) == before and len(before[0][0]) == len(shipped.PLANS[name][question]["variants"])
    assert view.progress.value == view.progress.max


def _figures(widget):
    import bqplot as bq
    if isinstance(widget, bq.Figure):
        return [widget]
    return [f for c in getattr(widget, "children", ()) for f in _figures(c)]


@pytest.mark.parametrize("name", GAMES)
def test_every_question_is_drawn_under_its_heading(name):
    page = shipped_whatif(name)
    headings = [w.value for w in page.children[::2]]
    assert headings == [f"<h3>{TEXTS[name, q][0]}</h3>".replace("'", "&#x27;") for q in shipped.PLANS[name]] + [
        "<h3>How much does skill matter?</h3>"]                  # the skill matchups last (tests/test_skill.py)
    assert all(len(section.body.children) >= 1 for section in page.children[1:-2:2])
    assert page.children[-1].sentence                            # its one sentence, from the shipped matchups


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


def test_a_part_that_cannot_open_says_why_in_its_tab(monkeypatch):
    """A missing shipped file (or any failure making a tab) is said in the tab, not left "opening…"."""
    monkeypatch.setattr(shipped, "FOLDER", "no-such-folder")
    app = App("decay", makers={"Learn": lambda: __import__("ipywidgets").HTML("Learn"), "Play": lambda: None,
                               "What if": lambda: shipped_whatif("decay")})
    app.selected_index = 2
    text = app.children[2].value
    assert "What if could not open" in text and "explorer shipped decay" in text



def test_a_length_sentence_counts_finished_games_and_names_the_capped():
    """A game stopped by the round cap has no length of its own: the shipped figures are of the
    finished games, and the sentence says how many were stopped and left out."""
    from explorer.views.shipped_whatif import headline
    data = json.loads((DATA / "decay.json").read_text())
    results = data["questions"]["length"]["results"]
    for _variant, r in results.items():
        finished = [n for n, why in zip(r["round_counts"], r["game_reasons"], strict=False) if why not in STOPPED]
        assert r["rounds"]["finished"] == len(finished) and r["rounds"]["capped"] == r["capped"]
        assert r["rounds"]["max"] == max(finished) and r["rounds"]["median"] == statistics.median(finished)
    capped = {v: r["capped"] for v, r in results.items() if r["capped"]}
    said = headline("decay", "length", results)
    assert capped, "the check needs a capped game in the shipped file"
    for variant, n in capped.items():
        assert f"{n} stopped at the round cap with {variant}, not counted" in said, said
