"""The ``explorer`` command: ``simulate`` and ``bench`` through ``python -m explorer``,
and the simulation functions notebooks call."""
from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.simulate import SetupError, format_summary, percentile, resolve, simulate

ROOT = Path(__file__).resolve().parent.parent
TIMING = {"elapsed_seconds", "games_per_second"}


def explorer(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True,
                          encoding="utf-8", errors="replace", cwd=ROOT, timeout=120)


def parse_summary(text: str) -> dict:
    """The figures of the text summary ``explorer simulate`` prints."""
    out = {}
    m = re.search(r"^outcome: (\d+) won, (\d+) capped", text, re.M)
    out["won"], out["capped"] = int(m[1]), int(m[2])
    m = re.search(r"^wins by seat: (.*)$", text, re.M)
    out["wins_by_seat"] = [int(w) for w in re.findall(r"(?:^|  )\d+: (\d+) \(", m[1])]
    m = re.search(r"^round cap: (\d+)", text, re.M)
    out["round_cap"] = int(m[1])
    m = re.search(r"^rounds of the \d+ finished games: median ([\d.]+), p90 (\d+)", text, re.M)
    out["rounds_median"], out["rounds_p90"] = float(m[1]), int(m[2])
    m = re.search(r"^actions per game: median ([\d.]+), mean ([\d.]+)", text, re.M)
    out["actions_median"], out["actions_mean"] = float(m[1]), float(m[2])
    assert re.search(r"^elapsed: [\d.]+ s, [\d.]+ games/s$", text, re.M)
    return out


@pytest.fixture(scope="module")
def five_games():
    return explorer("simulate", "conspiracy", "--games", "5", "--seed", "1")


def test_simulate_summary_adds_up(five_games):
    assert five_games.returncode == 0, five_games.stderr
    s = parse_summary(five_games.stdout)
    assert s["won"] + s["capped"] == 5
    assert len(s["wins_by_seat"]) == 4 and sum(s["wins_by_seat"]) == s["won"]
    assert s["round_cap"] == 100 and "default" in five_games.stdout
    assert 1 <= s["rounds_median"] <= s["rounds_p90"] <= 100
    assert s["actions_median"] > 0 and s["actions_mean"] > 0
    assert "5/5" in five_games.stderr            # the progress bar


def test_simulate_is_deterministic(five_games):
    again = explorer("simulate", "conspiracy", "--games", "5", "--seed", "1")
    assert parse_summary(again.stdout) == parse_summary(five_games.stdout)
    a = simulate("conspiracy", 5, seed=1)
    b = simulate("conspiracy", 5, seed=1)
    strip = lambda s: {k: v for k, v in s.items() if k not in TIMING}   # noqa: E731
    assert strip(a) == strip(b)
    assert strip(a) != strip(simulate("conspiracy", 5, seed=2))
    cli = parse_summary(five_games.stdout)
    assert (a["won"], a["capped"], a["wins_by_seat"]) == (cli["won"], cli["capped"], cli["wins_by_seat"])
    assert (a["rounds"]["median"], a["rounds"]["p90"]) == (cli["rounds_median"], cli["rounds_p90"])


def test_simulate_json_with_options():
    run = explorer("simulate", "conspiracy", "--games", "3", "--seed", "7", "--option", "columns=4",
                   "--players", "5", "--json")
    assert run.returncode == 0, run.stderr
    s = json.loads(run.stdout)
    assert s["options"]["columns"] == 4 and s["options"]["players"] == 5
    assert s["changed_options"] == {"columns": 4, "players": 5, "round_cap": 100}
    assert s["won"] + s["capped"] + s["other"] == s["games"] == 3
    assert len(s["wins_by_seat"]) == 5 and sum(s["wins_by_seat"]) == s["won"]
    assert s["seed"] == 7 and s["games_per_second"] > 0


def test_round_cap():
    # Victory needs a progress mark from an earlier round, so one round never produces a winner.
    s = simulate("conspiracy", 3, seed=0, options=["round_cap=1"])
    assert (s["won"], s["capped"], s["round_cap"], s["round_cap_is_default"]) == (0, 3, 1, False)
    assert (s["rounds"]["finished"], s["rounds"]["capped"], s["rounds"]["max"]) == (0, 3, None)
    assert "rounds: no game finished (all 3 stopped by the round cap)" in format_summary(s)
    assert "round cap: 1\n" in format_summary(s) + "\n"
    assert resolve("conspiracy", {"round_cap": None}).options.round_cap is None
    assert resolve("conspiracy").options.round_cap == 100


def test_round_figures_count_finished_games_only_and_name_the_capped_beside():
    from explorer.simulate import resolve, run_games, summarize
    setup = resolve("conspiracy", ["round_cap=20"])
    outcomes = run_games(setup, 12, seed=3)
    s = summarize(setup, outcomes, 3, 1.0)
    finished = sorted(o.rounds for o in outcomes if o.winners)
    assert s["capped"] and finished, "the seeds must give both kinds (pick others if a rule change moves them)"
    r = s["rounds"]
    assert (r["finished"], r["capped"]) == (len(finished), s["capped"]) and r["finished"] + r["capped"] == 12
    assert (r["min"], r["max"]) == (finished[0], finished[-1]) and r["median"] == statistics.median(finished)
    text = format_summary(s)
    assert f"rounds of the {len(finished)} finished games: median" in text
    assert f"{s['capped']} capped game{'s' if s['capped'] != 1 else ''} not counted" in text


def test_games_with_no_winner_are_named_by_how_they_ended():
    """Uncapped random Decay at 4 players: most games are won, some end with everyone killed, and
    the engine's quiet-rounds draw ends one in the first 200 (seed 0)."""
    s = simulate("decay", 200, seed=0, options={"round_cap": None, "players": 4})
    other = s["other_reasons"]
    assert sum(other.values()) == s["other"] == 200 - s["won"] - s["capped"] and "victory" not in other
    assert other.get("draw") and other.get("all killed"), other
    assert (f"{s['other']} ended with no winner ({other['all killed']} all killed, {other['draw']} draw)"
            in format_summary(s))


@pytest.mark.parametrize("args, words", [
    (["simulate", "chess"], ["unknown game", "chess"]),
    (["simulate", "conspiracy", "--games", "0"], ["--games", "at least 1"]),
    (["simulate", "conspiracy", "--games", "-4"], ["--games", "at least 1"]),
    (["simulate", "conspiracy", "--option", "colums=4"], ["unknown option", "colums"]),
    (["simulate", "conspiracy", "--option", "columns=four"], ["columns", "integer"]),
    (["simulate", "conspiracy", "--players", "9"], ["players", "9"]),
    (["simulate", "conspiracy", "--players", "4", "--option", "players=5"], ["--players", "players=5"]),
    (["bench", "chess"], ["unknown game", "chess"]),
    (["bench", "--seconds", "0"], ["--seconds"]),
])
def test_nonsense_exits_2_with_one_line(args, words):
    run = explorer(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0] and "Traceback" not in run.stderr, run.stderr
    for w in words:
        assert w in lines[0]


def test_simulate_function_refuses_nonsense():
    with pytest.raises(SetupError, match="at least 1"):
        simulate("conspiracy", 0)
    with pytest.raises(SetupError, match="unknown game"):
        simulate("chess", 1)
    with pytest.raises(SetupError, match="columns"):
        simulate("conspiracy", 1, options={"columns": 9})


def test_percentile_is_nearest_rank():
    assert percentile([5], 90) == 5
    assert percentile(range(1, 11), 90) == 9
    assert percentile([3, 1, 2], 50) == 2


def bench_slices() -> int:
    from explorer import bench
    return bench.SLICES


@pytest.mark.slow
def test_bench_json():
    run = explorer("bench", "--json", "--seconds", "0.5", "conspiracy")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert set(out) == {"conspiracy", "machine", "reference", "sweep"}
    assert out["machine"]["cpu_count"] >= 1 and out["machine"]["python"]
    figures = out["conspiracy"]
    for key in ("playouts_per_second", "actions_per_second", "decisions_per_second",
                "legal_actions_median_us", "apply_median_us"):
        assert figures[key] > 0, key
    assert figures["actions_per_second"] > figures["decisions_per_second"]
    # OpenSpiel is in the test extras: the yardstick is measured in the same run
    reference = out["reference"]
    assert reference["reference_game"] == "python_block_dominoes"
    assert reference["reference_missing"] is None and reference["reference_playouts"] >= 1
    # each game's ratio is against the reference timed side by side with its playouts
    assert figures["reference_playouts"] >= bench_slices() and figures["reference_actions_per_second"] > 0
    assert figures["reference_ratio"] == pytest.approx(
        figures["actions_per_second"] / figures["reference_actions_per_second"])
    assert reference["reference_actions_per_second"] == pytest.approx(figures["reference_actions_per_second"])
    sweep = out["sweep"]
    assert sweep["sweep_game"] == "conspiracy" and sweep["sweep_games"] >= 40
    rates = [sweep[f"sweep_{k}_games_per_second"] for k in ("in_process", "1_workers", "2_workers")]
    assert all(r > 0 for r in rates)
    assert sweep["sweep_speedup"] == pytest.approx(rates[2] / rates[1])
    assert sweep["sweep_1_workers_cores_used"] > 0 and sweep["sweep_2_workers_cores_used"] > 0


def test_bench_text_prints_the_reference_and_each_ratio():
    run = explorer("bench", "--games", "2", "decay", "conspiracy")
    assert re.search(r"^sweep \(decay, 2 random games, explorer.lab\): in-process [\d.]+ games/s; "
                     r"Dask LocalCluster 1 worker [\d.]+ \(on [\d.]+ cores\), 2 workers [\d.]+ \(on [\d.]+ cores\) "
                     r"games/s; 2 vs 1: [\d.]+x",
                     run.stdout, re.M), run.stdout
    assert run.returncode == 0, run.stderr
    assert re.search(r"^reference: OpenSpiel \S+ python_block_dominoes random playouts, timed side by side",
                     run.stdout, re.M), run.stdout
    ratios = re.findall(r"^  vs reference +([\d.]+) x  the actions/s of python_block_dominoes, (\d+) /s side by side",
                        run.stdout, re.M)
    assert len(ratios) == 2 and all(float(r) > 0 and int(a) > 0 for r, a in ratios), run.stdout


def test_bench_says_so_when_openspiel_is_absent(monkeypatch, capsys):
    from explorer import bench, cli
    from explorer.engine.registry import get_game
    monkeypatch.setitem(sys.modules, "pyspiel", None)      # import pyspiel now fails
    play, missing = bench.reference_player()
    assert play is None and "OpenSpiel is not installed" in missing and "rules-explorer[bench]" in missing
    figures = bench.measure_playouts(bench.BenchContext(get_game("conspiracy"), None, 1.0, 1, reference=True))
    assert figures["playouts"] == 1 and figures["reference_actions_per_second"] is None
    assert figures["reference_missing"] == missing
    assert cli.main(["bench", "--games", "1", "--no-sweep", "conspiracy"]) == 0
    text = capsys.readouterr().out
    assert "reference: none -- OpenSpiel is not installed" in text
    assert "vs reference     - (OpenSpiel absent" in text


def test_bench_warms_up_before_timing_and_counts_only_the_timed_games(monkeypatch):
    # Playouts are timed in a steady state: untimed games first (one when a number of
    # games is given, else WARMUP_SHARE of the time), for ours and the reference.
    from explorer import bench
    from explorer.engine.registry import get_game
    calls = []
    ctx = bench.BenchContext(get_game("decay"), None, 1.0, 3)
    ctx.warm_up(calls.append)
    assert calls == [0]
    figures = bench.measure_playouts(ctx)
    assert figures["playouts"] == 3 and "reference_actions_per_second" not in figures
    side = bench.measure_playouts(bench.BenchContext(get_game("decay"), None, 1.0, 2, reference=True))
    assert side["playouts"] == 2 and side["reference_playouts"] == 2
    clock = iter(range(1000))                  # a clock that ticks 0.01 s per reading
    monkeypatch.setattr(bench.time, "perf_counter", lambda: next(clock) / 100)
    calls.clear()
    bench.BenchContext(get_game("decay"), None, 1.0, None).warm_up(calls.append)
    assert calls == list(range(round(bench.WARMUP_SHARE * 100)))


def test_bench_times_the_reference_in_slices_alternating_with_the_game(monkeypatch):
    # The ratio compares like with like: the reference's games are timed in SLICES slices
    # taking turns with the game's, after the same warm-up, and each side's figures count
    # only its own timed games and seconds.
    from itertools import groupby
    from types import SimpleNamespace
    from explorer import bench
    from explorer.engine.registry import get_game
    order = []

    def reference(rng):
        order.append("reference")
        return 7

    def ours(name, options, seed=0, counts=None, **_):
        order.append("ours")
        if counts is not None:
            counts["decisions"] = counts.get("decisions", 0) + 2
        return SimpleNamespace(actions=(1, 2, 3)), None

    monkeypatch.setattr(bench, "reference_player", lambda: (reference, None))
    monkeypatch.setattr(bench, "random_playout", ours)
    clock = iter(range(10 ** 6))                # a clock that ticks 0.01 s per reading
    monkeypatch.setattr(bench.time, "perf_counter", lambda: next(clock) / 100)
    f = bench.measure_playouts(bench.BenchContext(get_game("decay"), None, 1.0, None, reference=True))
    runs = [side for side, _ in groupby(order)]
    # the reference's warm-up, ours (warm-up, then the first slice), then slices in turn
    assert runs == ["reference"] + ["ours", "reference"] * bench.SLICES, runs
    warm = runs and sum(1 for _ in next(groupby(order))[1])
    assert f["reference_playouts"] == order.count("reference") - warm
    assert f["actions_per_second"] == pytest.approx(3 * f["playouts"] / f["playout_seconds"])
    assert f["decisions_per_second"] == pytest.approx(2 * f["playouts"] / f["playout_seconds"])
    assert f["reference_actions_per_second"] == pytest.approx(7 * f["reference_playouts"] / f["reference_seconds"])
    assert abs(f["playout_seconds"] - f["reference_seconds"]) <= 0.1 * f["playout_seconds"]


@pytest.mark.parametrize("game", ["conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh"])
def test_bench_clicks_every_games_board(game):
    """Every game has a board view, so bench times a click on it (no "no board view")."""
    from explorer.engine import Timeline
    from explorer.views.bench import _explorers, click_to_update, describe_click, first_target, mid_game_points

    point = mid_game_points(game, None, 1, seed=3)[0]
    timeline = Timeline(point)
    timeline.last()
    board = _explorers()[game](timeline).board
    mark = first_target(board)
    assert mark is not None, "a board decision with nothing to click"
    highlighted, emitted, emit = list(board._target_keys), [], board._emit
    board._emit = lambda key: (emitted.append(key), emit(key))
    mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": 0}})
    assert len(emitted) == 1 and emitted[0] in highlighted      # the click named a highlighted target
    figures = click_to_update(game, samples=2, seed=1)
    assert figures["click_samples"] >= 1 and figures["click_to_update_ms_median"] > 0
    assert "no board view" not in describe_click(figures)[0]


def test_bench_names_why_a_click_was_not_timed():
    import guess_game  # noqa: F401  (registers guess_the_die, a game with no board view)

    from explorer.views.bench import click_to_update, describe_click

    assert describe_click(click_to_update("guess_the_die")) == ["click -> update   (no board view for this game)"]
