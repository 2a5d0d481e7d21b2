"""The strong player's budget covers drawing worlds (issue 42 item 5): a draw of the honest sampler
runs a little at a time (explorer/engine/infoset.py, Sampler.drawing), a decision out of time pauses
it and the next decision resumes it (explorer/strong.py, _Drawing), and a draw paused and
resumed is the very draw made at once.  The mechanism is asserted, not its timing: a budget far
below anything a draw can finish in stands for "out of time"."""
from __future__ import annotations

import random

from explorer.engine import get_game
from explorer.engine.infoset import finish
from explorer.engine.search import Settings
from explorer.games.conspiracy import sensible
from explorer.simulate import resolve
from explorer.strong import StrongPlayer


def _history(seed: int, length: int):
    """The states and actions of the first ``length`` actions of a 3-player Conspiracy game of
    sensible players."""
    g = get_game("conspiracy")
    state = g.initial_state(resolve("conspiracy", {"players": 3}).options)
    rng, states, actions = random.Random(seed), [state], []
    while len(actions) < length and not state.is_terminal():
        legal = state.legal_actions()
        a = state.sample_chance(rng) if state.is_chance_node() else (
            sensible.choose(state, state.current_player, rng) if len(legal) > 1 else legal[0])
        actions.append(a)
        state = state.apply(a)
        states.append(state)
    return g, states, actions


def test_a_draw_paused_in_its_forward_pass_and_resumed_is_the_draw_made_at_once():
    g, states, actions = _history(3, 160)
    once = g.hidden_variants.sampler(states, actions, 0).sample(random.Random(5))
    lazy = g.hidden_variants.sampler(states, actions, 0, lazy=True)
    assert lazy.pending == len(actions) * len(lazy.groups)      # nothing of the pass made yet
    drawing = lazy.drawing(random.Random(5))
    for _ in range(40):
        next(drawing)
    assert 0 < lazy.pending < len(actions) * len(lazy.groups)   # paused half way through the pass
    # meanwhile another seat's sampler draws (the pause holds everything the draw needs)
    other = g.hidden_variants.sampler(states, actions, 1, lazy=True)
    finish(other.drawing(random.Random(6)))
    paused = finish(drawing)
    assert lazy.pending == 0
    assert paused[0] == once[0] and paused[1][-1] == once[1][-1]
    assert paused[1][-1].observation(0) == states[-1].observation(0)
    # and the same sampler drawing again at once gives what a fresh one gives
    assert lazy.sample(random.Random(8))[0] == g.hidden_variants.sampler(states, actions, 0).sample(random.Random(8))[0]


def test_a_draw_paused_in_its_replay_and_resumed_is_the_draw_made_at_once():
    g, states, actions = _history(4, 120)
    once = g.hidden_variants.sampler(states, actions, 0).sample(random.Random(2))
    smp = g.hidden_variants.sampler(states, actions, 0)           # forward pass made: the yields are replay steps
    drawing, steps = smp.drawing(random.Random(2)), 0
    try:
        while True:
            next(drawing)
            steps += 1
            if steps == 5:
                smp.sample(random.Random(99))                      # another draw of the same sampler between
    except StopIteration as done:
        paused = done.value
    assert steps > 5
    assert paused[0] == once[0] and paused[1][-1] == once[1][-1]


def test_a_decision_out_of_budget_pauses_its_draw_and_the_next_decision_resumes_it():
    """Decision 1 of a strong seat with a budget no draw fits in: it makes no iteration, takes the
    sensible player's choice and leaves its draw paused.  Decision 2 (a fixed number of iterations
    now) resumes that same draw, begun at the earlier history, and searches in the world it drew,
    carried to the present: a world showing the seat the game's observation."""
    g = get_game("conspiracy")
    options = resolve("conspiracy", {"players": 3}).options
    player = StrongPlayer(g, 0, 7, sensible.choose, Settings(budget=1e-9, iterations=None, depth=4, worlds=2))
    rng, state, decisions, job = random.Random(1), g.initial_state(options), 0, None
    while decisions < 2:
        legal = state.legal_actions()
        if state.is_chance_node():
            action = state.sample_chance(rng)
        elif state.current_player == 0 and len(legal) > 1 and len(player._actions) > 60:
            if decisions == 0:
                action = player.choose(state, random.Random(3))
                assert player.last_iterations == 0
                assert action == sensible.choose(state, 0, _decision_rng(player, 3))
                job, began = player._drawing, player._drawing_at
                assert job is not None and began == len(player._actions)
                assert job.gi_frame is not None                   # paused, not finished
            else:
                assert player._drawing is job and len(player._actions) > began
                player.settings = Settings(budget=None, iterations=3, depth=4, worlds=1)
                seen = []
                search_iterate = player._carrying

                def carrying(worlds, start, present, r, until=None, *, search_iterate=search_iterate, seen=seen):
                    out = yield from search_iterate(worlds, start, present, r, until)
                    seen.append((start, out))
                    return out
                player._carrying = carrying
                action = player.choose(state, random.Random(4))
                assert job.gi_frame is None                       # the paused draw ran to its end
                assert player.last_iterations == 3
                carried = [out for start, out in seen if start == began]
                assert carried, "the resumed draw's world was not carried from the history it began at"
                assert all(w.observation(0) == state.observation(0) for out in carried for w in out)
            decisions += 1
        else:
            action = sensible.choose(state, state.current_player, rng) if len(legal) > 1 else legal[0]
        player.inform_action(state, action)
        state = state.apply(action)


def _decision_rng(player, seed):
    from explorer.engine.search import decision_rng
    return decision_rng(player.seed, random.Random(seed))


def test_a_decision_out_of_budget_pauses_the_sampler_following_the_game_and_a_later_one_resumes_it():
    """The sampler's following of a long stretch of history (its reading of every state heard since
    the last draw) runs a step at a time inside the budget too: a strong seat first asked late in a
    game, with a budget no step fits in, stops part way through it and takes the sensible choice;
    a later decision (a fixed number of iterations now) resumes it, and the sampler then follows
    exactly the history heard."""
    g, states, actions = _history(5, 200)
    while states[-1].is_chance_node() or len(states[-1].legal_actions()) < 2:
        states, actions = states[:-1], actions[:-1]
    state, seat = states[-1], states[-1].current_player
    player = StrongPlayer(g, seat, 7, sensible.choose, Settings(budget=1e-9, iterations=None, depth=4, worlds=2))
    for s, a in zip(states, actions, strict=False):
        player.inform_action(s, a)
    action = player.choose(state, random.Random(3))
    assert player.last_iterations == 0
    assert action == sensible.choose(state, seat, _decision_rng(player, 3))
    assert player._extending and player._drawing is not None       # paused while following the game
    assert len(player._sampler.tok) < len(actions) + 1              # not every state read yet
    player.settings = Settings(budget=None, iterations=2, depth=4, worlds=1)
    player.choose(state, random.Random(4))
    assert not player._extending and player.last_iterations == 2
    assert player._sampler.actions == actions and len(player._sampler.tok) == len(actions) + 1


def test_carried_worlds_read_nothing_of_the_real_chance_outcomes_the_seat_was_not_shown():
    """A carried world meets another seat's hidden draw by its own chances (kept when the outcome
    reads to the seat as the game's did), and a public one (a die roll, a tile the seat sees) as it
    was: which is which is read from what the seat is shown.  Conspiracy's deal of a tile to another
    seat is not public to the seat; the seat's own tile, once it holds it, is."""
    from explorer.engine.state import CHANCE
    g, states, actions = _history(6, 80)
    player = StrongPlayer(g, 0, 7, sensible.choose, Settings(budget=None, iterations=2, depth=4, worlds=1))
    public, hidden = set(), set()
    for s, a, after in zip(states, actions, states[1:], strict=False):
        if s.current_player == CHANCE and s.phase_ == "deal":
            holder = next(q for q, hand in enumerate(after.tile_hands) if a.piece in hand)
            (public if player._public(s, a, after) else hidden).add(holder)
    assert public == {0} and 0 not in hidden and hidden


def test_the_budget_bench_reports_median_p99_max_and_the_decisions_over_the_targets():
    """python -m explorer.budget_bench's figures, from given per-decision times (no clock here)."""
    from explorer import budget_bench as B
    runs = [{"budget": 0.1, "times": [0.1] * 97 + [0.16, 0.16, 0.31],
             "rss_start_mb": 30.0, "rss_end_mb": 80.0, "peak_mb": 90.0},
            {"budget": 0.1, "times": [0.1] * 100, "rss_start_mb": 31.0, "rss_end_mb": 60.0, "peak_mb": 70.0}]
    s = B.summary(runs)
    assert s["decisions"] == 200 and s["median"] == 0.1 and s["max"] == 0.31
    assert s["p99"] == 0.16 and s["over_1_5"] == 3 and s["over_3"] == 1 and s["peak_mb"] == 90.0
    line = B.line("conspiracy", 0.1, s)
    assert "1.60x" in line and "3.10x" in line and line.split()[:3] == ["conspiracy", "0.1", "200"]
