"""Per-game test settings.  The shared tests (simulation, records, illegal actions,
observation) run once for every entry of :data:`GAME_CASES`: adding a game to the
test suite means adding one entry here.

Keys of an entry:

- ``invariants(state)``: raises AssertionError when a state breaks the game's invariants;
- ``final_check(state)``: extra assertions on a finished game (e.g. the winner really won);
- ``simulations``: label -> (options, number of seeded games) for the random-simulation test;
- ``end_reasons``: the values ``result().reason`` may take;
- ``victory_reason`` / ``min_victory_share``: the reason a game is won, and the share of
  simulated games (per configuration) that must end that way, so a broken win rule shows;
- ``sample_options``: option sets whose random games feed the record, illegal-action and
  observation tests (a round cap keeps them short);
- ``bad_options``: option dicts that must be refused (out of range, wrong type);
- ``hidden_information`` (default True): False for a game where every seat sees all,
  so that each seat's observation must equal the teacher's;
- ``min_chance_nodes`` (default 100): how many sampled chance nodes the distribution
  test needs (a game whose only chance is a roll-off for the start has few);
- ``min_applied`` (default 5000): how many legal actions the apply test must try;
- ``timeline_length`` (default 300): where the timeline tests cut a random game (a game
  whose whole games are shorter names a shorter cut).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from explorer.engine import random_playout
from explorer.games.conspiracy import check_invariants as conspiracy_invariants
from explorer.games.decay import check_invariants as decay_invariants
from explorer.games.take_off_eh import check_invariants as take_off_eh_invariants
from explorer.games.journalists import check_invariants as journalists_invariants
from explorer.games.sands_of_time import check_invariants as sands_invariants
from guess_game import check_invariants as guess_invariants      # registers the test game


def _conspiracy_final(state):
    result = state.result()
    if result.reason == "victory":
        (winner,) = result.winners
        assert state.has_won(winner), f"player {winner} declared victory without meeting the goal"
    else:
        assert result.winners == () and state.round == state.options.round_cap


def _take_off_eh_final(state):
    """The game ends right after the scoring round that follows the last round, and the most points
    win (a tie for the most: no winner)."""
    result = state.result()
    assert state.round == state.options.rounds and state.phase == "over"
    best = max(state.scores)
    top = [q for q, x in enumerate(state.scores) if x == best]
    assert result.winners == (tuple(top) if len(top) == 1 else ()), (state.scores, result)


def _decay_final(state):
    result = state.result()
    seats_left = {state.seat_of(side) for side in state.sides if state.alive(side)}
    if result.reason == "victory":
        assert seats_left == set(result.winners), (seats_left, result)
    elif result.reason == "all killed":
        assert not seats_left and not state.pawns
    else:
        assert len(seats_left) > 1 and state.round == state.options.round_cap


def _journalists_final(state):
    result = state.result()
    top = max(state.final_scores)
    assert result.winners == tuple(q for q, x in enumerate(state.final_scores) if x == top)
    assert state.final_scores == tuple(state.score(q) for q in range(state.players))


def _sands_final(state):
    """Three Dynasties scored; the most VP win, a tie going to the last Dynasty's Chronicle points."""
    result = state.result()
    n = state.players
    assert state.dynasty == len(state.data.tracks.dynasties) + 1
    best = max(state.vp[:n])
    top = [q for q in range(n) if state.vp[q] == best]
    last = max(state.last_chronicle[q] for q in top)
    assert result.winners == tuple(q for q in top if state.last_chronicle[q] == last), (state.vp, result)


GAME_CASES = {
    "conspiracy": {
        "invariants": conspiracy_invariants,
        "final_check": _conspiracy_final,
        "simulations": {
            "4 players": ({"players": 4, "round_cap": 60}, 300),
            "3 players": ({"players": 3, "round_cap": 60}, 40),
            "5 players": ({"players": 5, "round_cap": 60}, 40),
            "4 columns": ({"columns": 4, "round_cap": 60}, 40),
            "3 action points": ({"action_points": 3, "round_cap": 60}, 25),
            "no progress marks": ({"progress_marking": False, "round_cap": 60}, 25),
        },
        "end_reasons": {"victory", "cap"},
        "victory_reason": "victory",
        "min_victory_share": 0.5,
        # the last step the hidden-information tests cut a game at: the honest sampler walks the
        # whole history (seconds a seat late in a game); every rule is met within the first rounds
        "leak_cut_limit": 300,
        # ... and one playthrough of each sample option set (of the 4 seeds) in test_perspective
        "leak_every": 4,
        "sample_options": [{"round_cap": 40}, {"players": 3, "round_cap": 40},
                           {"players": 5, "round_cap": 40}, {"columns": 4, "round_cap": 40},
                           {"columns": 2, "round_cap": 15}, {"round_cap": 3},
                           {"progress_marking": False, "action_points": 3, "round_cap": 40}],
        "bad_options": [{"players": 9}, {"players": 2}, {"columns": 0}, {"columns": 1}, {"columns": 7},
                        {"players": "4"}, {"players": 4.0}, {"progress_marking": 1},
                        {"round_cap": True}, {"round_cap": 0}],
    },
    "decay": {
        "invariants": decay_invariants,
        "final_check": _decay_final,
        "simulations": {
            "4 players": ({"players": 4, "round_cap": 60}, 250),
            "3 players": ({"players": 3, "round_cap": 60}, 100),
            "2 players": ({"players": 2, "round_cap": 60}, 100),
            "opposite sides movable": ({"opposite_sides_movable": True, "round_cap": 60}, 30),
            "pawns stay put": ({"pawn_rides_moved_tile": False, "round_cap": 60}, 30),
            "4 coins, no whole-edge slides": ({"coins": 4, "slide_may_share_whole_edge": False,
                                               "round_cap": 60}, 30),
        },
        "end_reasons": {"victory", "cap", "all killed"},
        "victory_reason": "victory",
        "min_victory_share": 0.6,
        "hidden_information": False,
        "min_chance_nodes": 20,
        "sample_options": [{"round_cap": 30}, {"players": 3, "round_cap": 30},
                           {"players": 2, "round_cap": 30}, {"round_cap": 2},
                           {"opposite_sides_movable": True, "pawn_rides_moved_tile": False, "round_cap": 30},
                           {"offer_dominated_payments": True, "slide_cost": 2, "round_cap": 30}],
        "bad_options": [{"players": 1}, {"players": 5}, {"players": "4"}, {"coins": 0}, {"coins": 7},
                        {"slide_cost": 0}, {"opposite_sides_movable": 1}, {"round_cap": True},
                        {"round_cap": 0}],
    },
    "take_off_eh": {
        "invariants": take_off_eh_invariants,
        "final_check": _take_off_eh_final,
        "simulations": {
            "4 players": ({}, 150),
            "2 players": ({"players": 2}, 40),
            "3 players": ({"players": 3}, 40),
            "5 players": ({"players": 5}, 40),
            "6 players": ({"players": 6}, 40),
            "short game, other readings": ({"rounds": 6, "bonus_to": "top scorer", "tie_drop": "group size",
                                            "lone": "one player", "queen_far_from": "all pawns",
                                            "boom_queen": "scored", "unpaid_after": "last to pay"}, 40),
        },
        "end_reasons": {"victory", "tie"},
        "victory_reason": "victory",
        "min_victory_share": 0.8,
        "sample_options": [{"players": 3, "rounds": 6}, {"rounds": 3}, {"players": 2, "rounds": 3},
                           {"players": 6, "rounds": 3}, {"rounds": 3, "welfare": 0, "draw_base": 5},
                           {"players": 5, "rounds": 3, "bonus_to": "top scorer", "agenda_extra": 3}],
        "bad_options": [{"players": 1}, {"players": 7}, {"players": "4"}, {"rounds": 7}, {"rounds": 0},
                        {"max_per_suit": 1}, {"bonus_to": "queen"}, {"tie_drop": 2}, {"welfare": -1},
                        {"layout": "/no/such/map.yaml"}, {"agenda_extra": 0}],
    },
    "journalists": {
        "invariants": journalists_invariants,
        "final_check": _journalists_final,
        "simulations": {
            "2 players": ({"players": 2}, 150),
            "3 players": ({"players": 3}, 150),
            "4 players": ({"players": 4}, 150),
            "most chips next, courts": ({"most_chips_next": True, "courts": True}, 40),
            "no Excuse, no Pawns": ({"excuse": False, "pawns": False, "players": 3}, 40),
            "four rows, 6 chips": ({"display_rows": 4, "chips": 6}, 40),
        },
        "end_reasons": {"victory"},
        "victory_reason": "victory",
        "min_victory_share": 0.99,         # a tie is a shared win: every game has a winner
        "hidden_information": False,       # the deck's order is known to nobody, not even the teacher
        "timeline_length": 60,             # whole games take 70-100 actions
        "sample_options": [{}, {"players": 2}, {"players": 3, "most_chips_next": True},
                           {"courts": True, "court_rank": 11, "crown_rank": 12},
                           {"excuse": False, "display_rows": 2, "chips": 5}],
        "bad_options": [{"players": 1}, {"players": 7}, {"players": "3"}, {"chips": 0}, {"chips": 2.5},
                        {"excuse": 1}, {"courts": "yes"}, {"court_rank": 0}, {"crown_rank": 0},
                        {"display_rows": 1}, {"display_rows": 6}, {"round_cap": 10}],
    },
    "sands_of_time": {
        "invariants": sands_invariants,
        "final_check": _sands_final,
        "simulations": {
            "4 players": ({}, 60),
            "1 player (solo)": ({"players": 1}, 40),
            "2 players": ({"players": 2}, 40),
            "3 players": ({"players": 3}, 25),
            "5 players": ({"players": 5}, 15),
            "6 players": ({"players": 6}, 15),
            "heritage per category": ({"heritage_per_chronicle": False, "players": 3}, 15),
        },
        "end_reasons": {"victory"},
        "victory_reason": "victory",
        "min_victory_share": 0.99,         # ties share the win
        "timeline_length": 150,
        "sample_options": [{}, {"players": 2}, {"players": 1}, {"players": 6}, {"players": 3,
                                                                                "heritage_per_chronicle": False}],
        "bad_options": [{"players": 0}, {"players": 7}, {"players": "4"}, {"players": 4.0},
                        {"data_dir": "/no/such/folder"}, {"data_dir": 3}, {"heritage_per_chronicle": 1}],
    },
    "guess_the_die": {    # the engine's commit-then-reveal test game (tests/guess_game.py)
        "invariants": guess_invariants,
        "final_check": lambda state: None,
        "simulations": {"2 players": ({}, 200), "4 players, 5 rounds": ({"players": 4, "rounds": 5}, 100)},
        "end_reasons": {"victory", "tie"},
        "victory_reason": "victory",
        "min_victory_share": 0.3,
        "min_chance_nodes": 50,
        "min_applied": 2000,           # a small game: fewer choices per state
        "sample_options": [{"players": 3, "rounds": 100}, {"rounds": 120}, {"players": 4, "rounds": 40, "faces": 20}],
        "bad_options": [{"players": 1}, {"players": "2"}, {"rounds": 0}, {"faces": 1}, {"faces": 2.5}],
    },
}


def pytest_generate_tests(metafunc):
    fixed = set()                      # game-specific tests parametrize "game" themselves
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0]
        if isinstance(names, str):
            names = names.split(",")
        fixed.update(n.strip() for n in names)
    if "game" in metafunc.fixturenames and "game" not in fixed:
        metafunc.parametrize("game", sorted(GAME_CASES), scope="session")
    if "simulation" in metafunc.fixturenames:
        cases = [(g, label) for g in sorted(GAME_CASES) for label in GAME_CASES[g]["simulations"]]
        metafunc.parametrize("simulation", cases, ids=[f"{g}-{label}" for g, label in cases])


@pytest.fixture(scope="session")
def case(game):
    return GAME_CASES[game]


@pytest.fixture(scope="session")
def playthroughs(game, case):
    """One random game per (sample option set, seed): a list of ``(record, states)``."""
    out = []
    for i, options in enumerate(case["sample_options"]):
        for seed in range(4):
            states = []
            record, _ = random_playout(game, options, seed=1000 * i + seed, on_state=states.append)
            out.append((record, states))
    return out


@pytest.fixture(scope="session")
def sampled_states(playthroughs):
    """Random states from the playthroughs, chance and decision nodes alike, plus the
    first state of every phase met and every terminal state."""
    rng = random.Random(7)
    picked = []
    for _, states in playthroughs:
        seen_phases = set()
        for s in states:
            if s.phase not in seen_phases:
                seen_phases.add(s.phase)
                picked.append(s)
        chance = [s for s in states if s.is_chance_node()]
        decision = [s for s in states if not s.is_chance_node() and not s.is_terminal()]
        picked += rng.sample(chance, min(8, len(chance))) + rng.sample(decision, min(12, len(decision)))
        picked.append(states[-1])
    return picked


# -- markers: the quick loop is ``pytest -m "not browser and not slow" -n auto`` -----------------

REPO = Path(__file__).resolve().parents[1]


def pytest_collection_modifyitems(config, items):
    """A notebook's cells (nbval) run in a kernel of their own: they are ``slow``.

    Then the files are put in the order the longest come first: those with a browser test, then
    those with a slow one, then the rest (each file's tests in their own order).  The test
    processes (``-n auto --dist loadfile``) take the files in this order, so the last minutes of a
    run are short files shared between the processes, not one browser file holding up the end."""
    notebooks = REPO / "notebooks"
    for item in items:
        if Path(str(item.path)).is_relative_to(notebooks):
            item.add_marker(pytest.mark.slow)
    weight: dict[Path, int] = {}
    for item in items:
        rank = 0 if item.get_closest_marker("browser") else 1 if item.get_closest_marker("slow") else 2
        weight[item.path] = min(weight.get(item.path, 2), rank)
    first = {path: i for i, path in reversed(list(enumerate(item.path for item in items)))}
    items.sort(key=lambda item: (weight[item.path], first[item.path]))


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """The session's JupyterLab server (one per test process), started by the first browser test."""
    from browser_support import jupyterlab_server
    with jupyterlab_server(tmp_path_factory.mktemp("jupyterlab")) as server:
        yield server


@pytest.fixture(scope="session")
def chromium():
    """The session's headless Chromium (one per test process); each test opens its own context."""
    from browser_support import chromium_browser
    with chromium_browser() as browser:
        yield browser
