"""The Sands of Time's exercises (issues 33 and 41): each answer is the engine's and something can be got
wrong, the chances agree with an enumeration of the engine's own chance nodes, the board-click ones
round-trip through the map's keys, the rules cited are the game's own and cover its main parts and
nine tenths of its sections, every wrong option is refused with its reason, and what the seat cannot
see does not change any answer."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from explorer.engine.exercises import HowLikely, PickLegal, Predict, exercises
from explorer.engine.registry import get_game
from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time.actions import Pick, Roll
from explorer.games.sands_of_time.chronicles import card, evaluate
from explorer.games.sands_of_time.sections import RULES

from exercise_support import check_prediction, notebook_headings

EXERCISES = exercises("sands_of_time")
BY_KEY = {e.key: e for e in EXERCISES}

#: the rulebook's main parts (Initial Setup, the Generation Sequence's phases, Generation End, Game End,
#: the actions explained, the bonus actions, Maximum Unrest, Structures): each must be trained by some exercise
MAIN_PARTS = ("Initial Setup", "Phase 1", "Phase 2 (a)", "Phase 2 (b)", "Phase 2 (c)", "Phase 3", "Phase 4",
              "Phase 5", "Actions Explained: Chronicle", "Actions Explained: Conquer", "Actions Explained: Build",
              "Actions Explained: Govern", "Actions Explained: Advance", "Actions Explained: Trade Route",
              "Actions Explained: Raid", "Bonus Actions", "Maximum Unrest", "Structures", "Generation End", "Game End")


#: the sections issue 41 names as having no exercise: each must now be cited
ISSUE_41 = ("Actions Explained: Muster", "Actions Explained: Migrate", "Actions Explained: Tribute",
            "Bonus Actions: Oppress", "Bonus Actions: Patronage", "Phase 4: Check for Overcrowding",
            "Phase 2 (b)", "Initial Setup 1", "Initial Setup 5", "Initial Setup 7", "Variant: Solo play")
#: the sections left without an exercise, and why
ASIDE = {
    "Generation Sequence": "the order of the phases as a whole; each phase has its own section, all cited",
}


def _of(kind):
    return [e for e in EXERCISES if isinstance(e, kind)]


def test_enough_exercises_of_every_kind_with_unique_keys():
    assert len(EXERCISES) >= 12
    assert len(_of(PickLegal)) >= 3 and len(_of(Predict)) >= 3 and len(_of(HowLikely)) >= 2
    assert len(BY_KEY) == len(EXERCISES)


def test_the_rules_cited_are_the_games_own_and_cover_its_main_parts():
    own = {id(r) for r in RULES.values()}
    cited = set()
    for e in EXERCISES:
        assert e.rules and all(id(r) in own for r in e.rules), e.key
        cited |= {r.section for r in e.rules}
    missing = [p for p in MAIN_PARTS if not any(s.startswith(p) for s in cited)]
    assert not missing, f"no exercise trains {missing}"


def test_the_exercises_cite_nine_tenths_of_the_rule_sections_and_each_one_the_issue_names():
    sections = {r.section for r in type(get_game("sands_of_time").initial_state(None)).RULES.values()}
    cited = {r.section for e in EXERCISES for r in e.rules}
    assert cited <= sections
    assert len(cited) >= 0.9 * len(sections), (len(cited), len(sections), sorted(sections - cited))
    assert not [s for s in ISSUE_41 if s not in cited]
    assert sections - cited <= set(ASIDE), f"uncited and not set aside: {sorted(sections - cited - set(ASIDE))}"
    cull = BY_KEY["cull"]                        # the double-capacity cull, not only the Unrest of Phase 4
    assert any(r is RULES["cull"] for r in cull.rules) and cull.answer() in cull.state().tiles
    assert any(r is RULES["emphasis"] for r in BY_KEY["emphasis-box"].rules)


def test_each_exercise_follows_a_heading_of_the_notebook():
    headings = notebook_headings("sands_of_time")
    for e in EXERCISES:
        assert e.chapter in headings, (e.key, e.chapter)


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.key)
def test_posed_to_the_seat_whose_step_it_is(ex):
    """A decision's exercise goes to the seat deciding; a die's to the start player, who rolls it."""
    s = ex.state()
    assert ex.viewer == (s.start if s.is_chance_node() else s.player)


@pytest.mark.parametrize("ex", _of(PickLegal), ids=lambda e: e.key)
def test_a_pick_has_right_and_wrong_options_and_each_wrong_one_is_refused_with_its_rule(ex):
    s = ex.state()
    right = ex.answer(s)
    assert right
    if ex.candidates is None:                    # clicked on the map: far fewer than its places
        places = len(s.tiles) if any(hasattr(a, "territory") for a in right) else len(s.geo.borders)
        assert len(right) < places
        return
    offered = ex.candidates(s)
    assert right <= set(offered) and len(right) < len(offered)
    for a in set(offered) - right:
        text, rule = ex.refusal(s, a)
        assert rule is not None and id(rule) in {id(r) for r in RULES.values()}, (ex.key, a)
        assert "is not allowed now" not in text, f"{ex.key}: a generic refusal for {a}: {text}"


@pytest.mark.parametrize("ex", _of(PickLegal), ids=lambda e: e.key)
def test_every_wrong_option_is_refused_with_its_reason(ex):
    """The options a learner may pick (the candidates, or what the sheet offers around a map pick):
    each wrong one is refused with what is wrong with it, not with the step's prompt."""
    s = ex.state()
    right = ex.answer(s)
    wrong = [a for a in ex.offered(s) if a not in right]
    assert wrong, ex.key
    for a in wrong:
        text, rule = ex.refusal(s, a)
        assert rule is not None and "not allowed now" not in text and "is not a choice of" not in text, (ex.key, text)


def test_the_first_caravans_options_are_borders_of_the_players_provinces():
    ex = BY_KEY["first-caravan"]
    s, q = ex.state(), ex.viewer
    mine = set(E.owned(s, q))
    offered = ex.candidates(s)
    assert all(E.border(a.a, a.b) in s.geo.borders and {a.a, a.b} & mine and not a.pay for a in offered)
    assert {(a.a, a.b) for a in ex.answer(s)} == set(s.geo.touching[s.capital[q]])
    assert len(offered) > len(ex.answer(s))


@pytest.mark.parametrize("ex", [e for e in _of(PickLegal) if e.candidates is None], ids=lambda e: e.key)
def test_a_map_pick_round_trips_through_the_boards_keys(ex):
    from explorer.views.sands_of_time import SandsBoard
    board = SandsBoard(players=3)
    s = ex.state()
    keys = {}
    for a in ex.answer(s):
        k = board.key_of(s, a)
        assert k is not None and k not in keys, (ex.key, a, k)
        keys[k] = a
        assert board.action_for(s, k) == a


@pytest.mark.parametrize("ex", _of(Predict), ids=lambda e: e.key)
def test_a_prediction_offers_the_right_answer_among_wrong_ones(ex):
    check_prediction(ex)                         # a legal action; each choice right exactly when it is the answer
    s = ex.state()
    wrong = next(c for c in ex.choices(s) if c != ex.answer(s))
    assert any(r is not None for _, r in ex.check(wrong, s).lines)


def test_costs_and_yields_agree_with_the_empires_rules():
    """Read independently of the applied action: the rule's own figures for this position."""
    s = BY_KEY["annex-cost"].state()
    assert BY_KEY["annex-cost"].answer() == E.annex_cost(s, s.player, s.ctx[0])
    s = BY_KEY["govern-cost"].state()
    levels = max(a.levels for a in s.legal_actions() if hasattr(a, "levels"))
    assert BY_KEY["govern-cost"].answer() == levels * E.empire_size(s, s.player)
    s = BY_KEY["build-cost"].state()
    a = BY_KEY["build-cost"].action(s)
    assert BY_KEY["build-cost"].answer() == E.build_cost(s, s.player, a.territory, a.structure) > s.unrest[s.player]
    s = BY_KEY["tax-gold"].state()
    assert BY_KEY["tax-gold"].answer() == E.goods_touched(s, s.player) < len(s.routes[s.player])
    s = BY_KEY["growth"].state()
    assert BY_KEY["growth"].answer() == len(E.owned(s, s.start))
    s = BY_KEY["end-turn-unrest"].state()           # a bonus action taken, the card chosen again left unused
    assert s.bonus and s.reused in s.to_play and not s.reuse_used
    assert BY_KEY["end-turn-unrest"].answer() == int(s.bonus) + int(s.reuse_used)


def test_the_annex_cost_names_and_cites_the_colosseum_that_decides_it():
    ex = BY_KEY["annex-cost"]
    s, q = ex.state(), ex.viewer
    with_colosseum = [t for t in E.owned(s, q) if "Colosseum" in s.st.get(t, ())]
    assert with_colosseum and ex.answer() == len(E.owned(s, q)) - len(with_colosseum)
    assert RULES["structures"] in ex.rules and all(f"{t} (Colosseum)" in ex.question for t in with_colosseum)
    assert len(E.owned(s, q)) in ex.choices(s)             # the misreading that counts it is offered


def test_the_new_sections_answers_read_as_the_rulebook_says():
    """Each read off the position by the rule itself, not by applying the action."""
    ex = BY_KEY["muster-convert"]                 # one conversion per owned territory with a peasant, 1 Gold each
    s, q = ex.state(), ex.viewer
    with_peasants = sum(1 for t in E.owned(s, q) if s.pe.get(t, s.zero)[q])
    assert ex.answer() == min(s.gold[q], with_peasants, E.supply(s, q, "warrior")) >= 2
    ex = BY_KEY["oppress"]                        # every own peasant, past the capacity
    s, q = ex.state(), ex.viewer
    where = ex.action(s).territory
    assert ex.answer() == s.pe[where][q] > E.capacity(s, where)
    ex = BY_KEY["tribute-routes"]                 # one from each other player touching the capital or a City
    s, q = ex.state(), ex.viewer
    got = {"Crops": 0, "Gold": 0}
    for t in E.anchors(s, q):
        got[s.tiles[t][0]] += sum(1 for p in range(s.players) if p != q and s.routes[p] & s.geo.touching[t])
    assert ex.answer() == (got["Crops"], got["Gold"]) != (0, 0)
    ex = BY_KEY["cull"]                           # the one territory past twice its printed capacity
    after = ex.after()
    assert [t for t in after.tiles if E.total_citizens(after, t) > 2 * E.capacity(after, t)] == [ex.answer()]
    ex = BY_KEY["solo-six"]                       # black on the odd 6s of the game, blue on the even
    s = ex.state()
    assert s.players == 1 and ex.answer() == ("black" if s.sixes % 2 == 0 else "blue")
    ex = BY_KEY["capital-order"]                  # in turn order from the start player
    s = ex.state()
    assert s.player == s.start and ex.answer() == (s.start + 1) % s.players
    ex = BY_KEY["emphasis-box"]                   # the third box filled
    s, q = ex.state(), ex.viewer
    assert s.boxes[q] == 2 and ex.answer() == 1
    ex = BY_KEY["first-marker"]
    s = ex.state()
    assert ex.answer() == (s.trees[ex.action(s).tree][0],)
    ex = BY_KEY["arch-where"]                     # colonies only, as far as the Gold goes
    s, q = ex.state(), ex.viewer
    assert {a.territory for a in ex.answer()} == {t for t in E.owned(s, q) if t in s.colony
                                                  and s.gold[q] >= E.build_cost(s, q, t, "Victory Arch")}
    ex = BY_KEY["migrate-where"]                  # one step, into a territory with a resource tile
    s = ex.state()
    where = next(iter(ex.answer())).source
    assert {a.target for a in ex.answer()} == {u for u in s.geo.adjacent[where] if u in s.tiles}
    assert any(u not in s.tiles for u in s.geo.adjacent[where])       # an out-of-play neighbour is offered
    ex = BY_KEY["literacy"]                       # Literacy: +1 Cultural heritage while achieved
    s, q = ex.state(), ex.viewer
    assert ex.answer() == s.heritage[q][2] + 1 and "Literacy" in ex.after().trees[ex.action(s).tree]
    ex = BY_KEY["library-heritage"]               # a step on the track the player picks, any of the three
    assert ex.answer() == ("Civil", "Political", "Cultural") and ex.after().phase_ == "heritage_gain"
    ex = BY_KEY["patronage-advance"]              # reached only with Patronage's +2
    s, q = ex.state(), ex.viewer
    for a in ex.answer():
        cat = E.tree_category(a.tree)
        assert cat == s.patron and E.heritage(s, q, cat, patronage=False) < s.unrest[q] <= E.heritage(s, q, cat)


def test_the_raid_the_die_and_the_games_end_read_as_the_rulebook_says():
    s = BY_KEY["raid-take"].state()
    where = BY_KEY["raid-take"].action(s).territory
    assert BY_KEY["raid-take"].answer() == min(s.wa[where][s.player], E.capacity(s, where))
    s = BY_KEY["new-start-player"].state()
    assert BY_KEY["new-start-player"].answer() == (s.start + 1) % s.players       # the die passes left
    ex = BY_KEY["game-end-vp"]
    s, q = ex.state(), ex.viewer
    assert not s.bins[q]                         # no Chronicle: the three bonuses alone, counted on the last state
    end = ex.after(s)
    assert end.is_terminal()
    seats = range(end.players)
    counts = [[sum(1 for o in end.owner.values() if o == p) for p in seats], [-end.unrest[p] for p in seats],
              [sum(E.symbols(end, p)) for p in seats]]
    assert ex.answer() == 3 * sum(c[q] == max(c) for c in counts)


def test_the_chronicle_points_are_the_cards_phase_5_scores():
    ex = BY_KEY["dynasty-chronicles"]
    s = ex.state()
    q = ex.viewer
    scored, _ = evaluate(s, q)                   # the placed cards as Phase 5 would judge them now
    assert scored and ex.answer() == sum(card(s, n).vp for _, n in scored)
    assert s.apply(Roll(1)).dynasty == s.dynasty + 1


def _until_roll(s, rng):
    while s.phase_ != "roll":
        s = s.apply(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def _ends(s, roll) -> bool:
    return s.apply(roll).generations > s.generations


def test_the_generation_die_chances_agree_with_the_engines_rolls():
    """Play the turns out (any decisions: they never touch the die) and weigh each roll's outcome."""
    rng = random.Random(3)
    ex = BY_KEY["generation-ends"]
    roll = _until_roll(ex.state(), rng)
    assert ex.exact() == sum(p for o, p in roll.chance_outcomes() if _ends(roll, o))
    ex = BY_KEY["fourth-turn"]
    s, going = ex.state(), Fraction(1)
    for _ in range(3):                           # survive the first three rolls
        roll = _until_roll(s, rng)
        on = [(o, p) for o, p in roll.chance_outcomes() if not _ends(roll, o)]
        going *= sum(p for _, p in on)
        s = roll.apply(on[0][0])
    assert ex.exact() == going


def test_the_battle_chance_agrees_with_fighting_it_for_each_defender_number():
    ex = BY_KEY["battle-odds"]
    s = ex.state()
    t, att, dfd = s.battle
    top = E.die_limit(s, att)
    shown = s.apply(Pick(top))
    assert shown.player == dfd
    wins = [shown.apply(y).unrest[att] == s.unrest[att] + top for y in shown.legal_actions()]
    assert ex.exact() == Fraction(sum(wins), len(wins))
    assert 0 < ex.exact() < 1


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.key)
def test_what_the_seat_cannot_see_does_not_change_the_answer(ex):
    states, actions = ex.history()
    hidden = get_game("sands_of_time").hidden_variants
    for other in hidden(states, actions, ex.viewer, random.Random(7), 3):
        alt = states[0]
        for a in other:
            alt = alt.apply(a)
        assert alt.observation(ex.viewer) == ex.observation()
        assert ex.answer(alt) == ex.answer()
