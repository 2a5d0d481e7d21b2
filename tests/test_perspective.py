"""The leak test, for every game: nothing a seat's view produces changes when the
hidden information that seat cannot see is resampled, and the teacher's view does
change.

A game's ``hidden_variants`` (see :class:`explorer.engine.registry.Game`) yields other
histories that the seat cannot tell from the real one, drawn by the game's honest
information-set sampler (:mod:`explorer.engine.infoset`: Conspiracy's deal, coins, goal
coins and goals; Guess the Die: another seat's unrevealed guess).  Each is replayed, and every text the seat is shown is
compared: its observation, the step list (``describe(action, viewer)`` with the cited
sections), the events, the inspector, the turn line, the choices offered and the
board's labels — both from the view functions and from a whole Explorer widget built
on the record, perspective set to that seat.
"""
from __future__ import annotations

import json
import random

import bqplot as bq
import ipywidgets as W
import numpy as np
import pytest

from explorer.engine import GameRecord, IllegalMove, Timeline, events_for, get_game
from explorer.views.explorer import BREAK, Explorer, NoBoard, events_html, observation_html, step_label

from conftest import GAME_CASES

HIDDEN = [g for g in sorted(GAME_CASES) if get_game(g).hidden_variants is not None]
OPEN = [g for g in sorted(GAME_CASES) if get_game(g).hidden_variants is None]
hidden_games = pytest.mark.parametrize("game", HIDDEN, scope="session")
open_games = pytest.mark.parametrize("game", OPEN, scope="session")


def _replay(game, options, actions):
    """The states of ``actions`` replayed from the start, or None if one is illegal."""
    state = get_game(game).initial_state(options)
    states = [state]
    try:
        for a in actions:
            state = state.apply(a)
            states.append(state)
    except IllegalMove:
        return None
    return states


def text_views(states, actions, viewer, window: int = 25) -> list[str]:
    """Every text the view functions show ``viewer`` along a history: the whole step
    list, and the observation, events and inspector of the last ``window`` steps (the
    cut points are spread over whole games, so the windows cover every phase)."""
    out = [step_label(st, a, nxt, i, viewer)
           for i, (st, a, nxt) in enumerate(zip(states, actions, states[1:], strict=False))]
    start = max(1, len(states) - window)
    for i, st in enumerate(states[start:], start):
        obs = st.observation(viewer)
        out += [json.dumps(obs, sort_keys=True), events_html(st, viewer, states[i - 1], actions[i - 1]),
                observation_html(obs), st.prompt() if not (st.is_terminal() or st.is_chance_node()) else ""]
    last = states[-1]
    if ((not last.is_terminal() and last.current_player in (viewer, None) or viewer is None)
            and not last.is_terminal() and not last.is_chance_node()):
        out += [last.describe(a, viewer) for a in last.legal_actions()]
    return out


def _mark_texts(mark) -> list[str]:
    out = [type(mark).__name__]
    for name in ("x", "y", "text", "names", "colors", "color", "node_data", "visible", "opacities"):
        if mark.has_trait(name):
            v = getattr(mark, name)
            out.append(f"{name}={np.asarray(v).tolist() if isinstance(v, np.ndarray) else v!r}")
    return out


def widget_texts(w) -> list[str]:
    """Every text a person could read in a widget tree (HTML, choices, plot marks)."""
    out = []
    if isinstance(w, bq.Figure):
        out.append(f"title={w.title!r}")
        for m in w.marks:
            out += _mark_texts(m)
        return out
    if isinstance(w, (W.HTML, W.Label)):
        out.append(w.value)
    if isinstance(w, (W.Select, W.Dropdown, W.SelectMultiple)):
        # (a step list's zero-width spaces, where its lines may wrap, are not text)
        out += [str(o[0] if isinstance(o, tuple) else o).replace(BREAK, "") for o in w.options]
    if isinstance(w, W.Box):
        for c in w.children:
            out += widget_texts(c)
    return out


def _explorer(game, record, viewer):
    """``game``'s Explorer at the end of ``record`` for ``viewer``, every side tab opened once (a tab's
    page is made when first shown), so that every page is read."""
    view = _made_explorer(game, record, viewer)
    tabs = getattr(view, "tabs", None)
    for i in range(len(tabs.children) if tabs is not None else 0):
        tabs.selected_index = i
    return view


def _made_explorer(game, record, viewer):
    tl = Timeline(record)
    tl.last()
    if game == "conspiracy":
        from explorer.views.conspiracy import ConspiracyExplorer
        return ConspiracyExplorer(tl, perspective=viewer)
    if game == "decay":
        from explorer.views.decay import DecayExplorer
        return DecayExplorer(tl, perspective=viewer)
    if game == "take_off_eh":
        from explorer.views.take_off_eh import TakeOffEhExplorer
        return TakeOffEhExplorer(tl, perspective=viewer)
    if game == "journalists":
        from explorer.views.journalists import JournalistsExplorer
        return JournalistsExplorer(tl, perspective=viewer)
    if game == "sands_of_time":
        from explorer.views.sands_of_time import SandsExplorer
        return SandsExplorer(tl, perspective=viewer)
    return Explorer(tl, NoBoard(), perspective=viewer)


def _cut_points(states, rng, k, game=None):
    """``k`` steps to cut a game at, up to the game's ``leak_cut_limit`` (conftest)."""
    n = min(len(states) - 1, GAME_CASES.get(game, {}).get("leak_cut_limit", len(states)))
    return sorted(rng.sample(range(1, n + 1), min(k, n)))


def _variant_pairs(game, playthroughs, rng, cuts_per_game=3, max_games=None):
    """``(viewer, record, variant actions, states, variant states)`` for hidden variants
    that replay."""
    g = get_game(game)
    # a game whose sampler's pass is costly compares one seed per sample option set (conftest)
    every = GAME_CASES.get(game, {}).get("leak_every", 1)
    for record, states in playthroughs[::every][:max_games]:
        for cut in _cut_points(states, rng, cuts_per_game, game):
            actions, prefix = list(record.actions[:cut]), states[:cut + 1]
            for viewer in range(prefix[0].players):
                for variant in g.hidden_variants(prefix, actions, viewer, rng, tries=2):
                    other = _replay(game, record.options, variant)
                    if other is not None:
                        yield viewer, GameRecord(game, record.options, record.seed, tuple(actions)), \
                            variant, prefix, other


@pytest.mark.slow
@hidden_games
def test_seat_views_do_not_change_when_hidden_information_is_resampled(game, playthroughs):
    rng = random.Random(5)
    compared = teacher_differs = 0
    for viewer, record, variant, states, other in _variant_pairs(game, playthroughs, rng):
        mine, theirs = text_views(states, record.actions, viewer), text_views(other, variant, viewer)
        diff = [(a, b) for a, b in zip(mine, theirs, strict=False) if a != b]
        assert not diff and len(mine) == len(theirs), (
            f"seat {viewer} can tell a hidden variant apart at step {len(variant)}: {diff[:2]}")
        compared += 1
        teacher_differs += text_views(states, record.actions, None) != text_views(other, variant, None)
    assert compared >= 30, f"only {compared} hidden variants replayed"
    assert teacher_differs == compared, "the teacher must see every hidden difference"


@pytest.mark.slow
@hidden_games
def test_explorer_widgets_show_a_seat_nothing_hidden(game, playthroughs):
    rng = random.Random(6)
    compared = 0
    for viewer, record, variant, _, _ in _variant_pairs(game, playthroughs, rng, cuts_per_game=1, max_games=6):
        real = widget_texts(_explorer(game, record, viewer))
        alt = widget_texts(_explorer(game, GameRecord(game, record.options, record.seed, tuple(variant)), viewer))
        diff = [(a, b) for a, b in zip(real, alt, strict=False) if a != b]
        assert not diff and len(real) == len(alt), f"seat {viewer}'s Explorer shows hidden information: {diff[:2]}"
        compared += 1
        if compared >= 12:
            break
    assert compared >= 6


@open_games
def test_open_information_reads_the_same_to_every_seat(game, case, playthroughs):
    """A game without hidden information words every step and event alike for all."""
    assert case.get("hidden_information") is False
    for record, states in playthroughs[:6]:
        for i in range(0, len(record.actions), 7):
            st, a, nxt = states[i], record.actions[i], states[i + 1]
            teacher = (step_label(st, a, nxt, i), events_html(nxt, None, st, a))
            for viewer in range(st.players):
                assert (step_label(st, a, nxt, i, viewer), events_html(nxt, viewer, st, a)) == teacher


# -- what each seat reads of a private step ---------------------------------------------------
@pytest.mark.parametrize("game", ["conspiracy"], scope="session")
def test_conspiracy_private_draws_read_as_a_trace_to_others(playthroughs):
    from explorer.games.conspiracy.actions import Draw
    from explorer.games.conspiracy.equipment import piece_words
    checked = 0
    for record, states in playthroughs[:4]:
        for i, a in enumerate(record.actions):
            st = states[i]
            if not (isinstance(a, Draw) and st.phase in ("deal", "goal_draw", "draw")):
                continue
            owner = st.deal_index % st.players if st.phase == "deal" else (
                st.deal_index // st.options.goal_coins if st.phase == "goal_draw" else st.turn_player)
            for v in (None, *range(st.players)):
                text = st.describe(a, v)
                assert text.startswith(f"Player {owner + 1} ")
                # the piece by the name every text gives it ("Crowns blank"), never the piecepack's
                assert a.piece not in text
                assert (piece_words(a.piece) in text) == (v in (None, owner)), (v, owner, text)
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("game", ["conspiracy"], scope="session")
def test_conspiracy_a_gift_is_named_to_giver_and_receiver_only(playthroughs):
    checked = 0
    for _record, states in playthroughs:
        for st in states:
            for e in st.events:
                if e.rule.section.startswith("Take Actions") and " gives " in e.text:
                    giver, receiver = int(e.text.split()[1]) - 1, int(e.text.split()[-1]) - 1
                    coin = e.text.split(" gives ")[1].split(" to ")[0]
                    for v in range(st.players):
                        (text, _), = [x for x in events_for([e], v)]
                        assert (coin in text) == (v in (giver, receiver)), (v, text)
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", ["guess_the_die"], scope="session")
def test_a_committed_guess_reads_as_chosen_to_the_others(playthroughs):
    record, states = playthroughs[0]
    first = states[0]
    a = record.actions[0]
    assert first.phase == "guess" and first.current_player == 0
    assert first.describe(a, 0) == f"Player 1: {a}" == first.describe(a, None)
    assert first.describe(a, 1) == "Player 1 has chosen"
    after = states[1]
    assert after.observation(1)["chosen"][0] == "chosen in secret" and after.observation(0)["chosen"][0] == str(a)
    assert events_html(after, 1).count("Player 1 has chosen") == 1 and str(a) not in events_html(after, 1)
    # the reveal is public: once every seat has committed, all read every guess
    reveal = next(i for i, s in enumerate(states) if s.phase == "roll")
    revealed = {v: [t for t, _ in events_for(states[reveal].events, v) if "revealed" in t]
                for v in range(first.players)}
    assert all(len(t) == 1 for t in revealed.values()) and len({t[0] for t in revealed.values()}) == 1
    assert all(f"Player {q + 1}: guess" in revealed[0][0] for q in range(first.players))


@pytest.mark.parametrize("game", ["guess_the_die"], scope="session")
def test_hot_seat_hides_a_committed_choice_from_the_next_seat(game):
    from guess_game import Guess
    ex = Explorer(Timeline.new(game, {"players": 2}, seed=1), NoBoard(), perspective=0, follow_turn=True)
    assert "Your turn" in ex.turn_line.value and len(ex.action_choice.options) == 6
    assert ex.play_action(Guess(4))
    assert ex.perspective == 1 and ex.perspective_choice.value == 1       # the next seat takes over
    shown = widget_texts(ex)
    assert any("Player 1 has chosen" in t for t in shown)
    assert not any("Player 1: guess" in t or "chooses: guess" in t for t in shown), \
        "player 1 must not see player 0's guess"
    assert [t.replace(BREAK, "") for t in ex.steps.options] == ["1. Player 1 has chosen  [Guess 1]"]
    assert ex.play_action(Guess(2))      # the reveal, then the die rolls by itself
    assert ex.perspective == 0 and ex.state.round == 2
    ex._goto(2)                          # the step of the reveal: public to every seat
    assert "revealed: Player 1: guess 4; Player 2: guess 2" in ex.why.value
