"""The Sands of Time's rules through the engine: the rulebook's worked examples (the capital's size
4 + 3 = 7, two Chronicles in one category needing the sum of their heritage numbers, the trade-route
chain from Gallia through Italia to Sicilia), the FAQ's rulings (heritage from Chronicles after all
are scored), battles, Maximum Unrest, the Generation track's die, hidden card choices, and refusals
that name their rule."""
from __future__ import annotations

import random

import pytest

from explorer.engine import IllegalMove, get_game
from explorer.games.sands_of_time import SandsOptions, new_game
from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time.actions import (Attack, Build, Conquer, Done, Lose, Pick, Play, Retreat,
                                                  Roll, Route, Select)
from explorer.games.sands_of_time.chronicles import evaluate, score_dynasty


def first_select(players: int = 2, seed: int = 0):
    """A random game played to its first card choice (Phase 2 (a))."""
    rng = random.Random(seed)
    s = new_game(SandsOptions(players=players))
    while s.phase != "select":
        s = s.apply(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def position(s, **fields):
    """A copy of ``s`` with fields replaced (a position built for an example)."""
    t = s._copy()
    del t._ev
    for k, v in fields.items():
        setattr(t, k, v)
    return t


def seat_in(s, q, **where):
    """Fields giving player ``q`` exactly the territories in ``where`` (name -> (peasants, warriors)),
    the others' pieces left out."""
    z = s.zero
    pe = {t: z[:q] + (p,) + z[q + 1:] for t, (p, w) in where.items() if p}
    wa = {t: z[:q] + (w,) + z[q + 1:] for t, (p, w) in where.items() if w}
    return {"owner": {t: q for t in where}, "pe": pe, "wa": wa, "colony": frozenset()}


def with_tile(s, t, resource, capacity):
    tiles = {**s.tiles, t: (resource, capacity)}
    return {"tiles": tiles, "in_play": frozenset(tiles)}


# -- Chronicles ---------------------------------------------------------------------------------------

def test_capital_size_is_the_levels_of_its_structures_a_city_counting_the_capacity():
    """Chronicles (A): a capacity-4 capital with a City and an Amphitheater (Level 3) has size 4 + 3 = 7."""
    s = first_select()
    f = seat_in(s, 0, Italia=(2, 1))
    s = position(s, **f, **with_tile(s, "Italia", "Gold", 4), capital=("Italia", None),
                 st={"Italia": frozenset({"City", "Amphitheater"})})
    assert E.accomplishment(s, 0, "A") == 7


def test_two_chronicles_in_one_category_need_the_sum_of_their_heritage_numbers():
    """Phase 5: card 3 in bin C and card 4 in bin D need Political heritage 3 + 4 = 7; with 6 only
    the better one scores, and the heritage each scored card gives comes after all are scored (FAQ)."""
    s = first_select()
    owned = {t: (1, 1) for t in sorted(s.tiles)[:10]}
    base = position(s, **seat_in(s, 0, **owned), bins=({"C": 3, "D": 4}, {}),
                    chron_hand=((1, 2, 5, 6, 7), s.chron_hand[1]), vp=(0, 0), last_chronicle=(0, 0))
    assert E.accomplishment(base, 0, "C") == 10 and E.accomplishment(base, 0, "D") == 20
    cards = base.data.chronicles.cards
    for heritage, scored in ((7, {("C", 3), ("D", 4)}), (6, {("D", 4)}), (3, {("C", 3)}), (2, set())):
        s = position(base, heritage=((0, heritage, 0), (0, 0, 0)))
        got, rows = evaluate(s, 0)
        assert set(got) == scored, (heritage, got)
        assert all(ok for _, _, _, _, ok in rows)
        t = position(s, _ev=[])
        score_dynasty(t)
        assert t.vp[0] == sum(cards[n - 1].vp for _, n in scored)
        assert t.heritage[0][1] == heritage + len(scored)        # one step per card, after scoring
        assert t.bins[0] == {}                                     # turned-up cards leave the bins


def test_a_chronicle_not_met_scores_nothing_whatever_the_heritage():
    s = first_select()
    s = position(s, bins=({"E": 7}, {}), heritage=((15, 15, 15), (0, 0, 0)))
    got, rows = evaluate(s, 0)
    assert got == [] and rows[0][:2] == ("E", 7) and rows[0][4] is False


# -- Trade routes -------------------------------------------------------------------------------------

def test_trade_route_example_gallia_italia_sicilia():
    """Trade Route example: with a City in Gallia and a caravan on Gallia-Italia, Italia-Sicilia
    joins the chain; Hispania-Sicilia touches nothing of the player's."""
    s = first_select()
    f = seat_in(s, 0, Gallia=(1, 0), Germania=(1, 0))
    f["owner"] = {**f["owner"], "Italia": 1}
    s = position(s, **f, **with_tile(s, "Gallia", "Crops", 4), capital=("Germania", None),
                 st={"Gallia": frozenset({"City"})}, routes=(frozenset({("Gallia", "Italia")}), frozenset()),
                 crops=(5, 0), phase_="trade_route", player=0, active=0, to_play=(), bonus=True)
    legal = s.legal_actions()
    assert Route("Italia", "Sicilia", "Crops") in legal
    assert Route("Hispania", "Sicilia", "Crops") not in legal
    with pytest.raises(IllegalMove) as e:
        s.apply(Route("Hispania", "Sicilia", "Crops"))
    assert e.value.rule.section == "Actions Explained: Trade Route"
    after = s.apply(Route("Italia", "Sicilia", "Crops"))
    assert ("Italia", "Sicilia") in after.routes[0] and after.crops[0] == 3


def test_a_caravan_on_a_trade_good_or_reaching_a_new_city_gives_one_heritage_step():
    s = first_select()
    good = sorted(s.geo.goods)[0]
    assert E.route_heritage(position(s, routes=(frozenset(), frozenset())), 0, good)


# -- battles -------------------------------------------------------------------------------------------

def battle_position():
    """Player 0 (2 warriors, 1 peasant) attacks player 1 (1 peasant, 1 warrior) in player 1's
    Italia; player 1 also owns Gallia next door."""
    s = first_select()
    z = s.zero
    tiles = {**s.tiles, "Italia": ("Gold", 4), "Gallia": ("Crops", 4), "Illyria": ("Crops", 3)}
    return position(s, tiles=tiles, in_play=frozenset(tiles), owner={"Italia": 1, "Gallia": 1, "Illyria": 0},
                    colony=frozenset(), st={}, capital=("Illyria", "Italia"),
                    pe={"Italia": (1, 1), "Illyria": (2, 0), "Gallia": (0, 2)},
                    wa={"Italia": (2, 1), "Illyria": (1, 0), "Gallia": (0, 1)},
                    unrest=(3, 4), crops=(9, 0), gold=(0, 0), markers=({}, {}), emph=(None, None),
                    phase_="turn", player=0, active=0, to_play=("Conquer",), bonus=False, order=(0, 1),
                    turn_i=0, reused=None, reuse_used=False, patron=None, ctx=None)
    assert z == (0, 0)


def test_a_battle_the_defender_wins_ties_and_the_beaten_defender_retreats_and_loses_control():
    s = battle_position()
    assert E.strength(s, 0, "Italia") == 1 + 2 * 2 and E.strength(s, 1, "Italia") == 1 + 2
    s = s.apply(Play("Conquer")).apply(Conquer("Italia"))
    assert Attack(1) in s.legal_actions()
    s = s.apply(Attack(1))
    assert s.crops[0] == 9 - 3                     # Unrest 3 in Crops
    assert s.phase == "battle" and s.legal_actions() == [Pick(n) for n in range(5)]   # 7 - 3 = 4
    before = s.apply(Pick(4))
    assert before.phase == "battle" and before.player == 1
    assert before.describe(Pick(3), 0) == "Player 2 has chosen"
    assert before.legal_actions() == [Pick(n) for n in range(4)]                       # 7 - 4 = 3
    # 5 + 12 = 17 against 3 + 3 * 3 = 12 would be a win; 5 + 3 * 0 = 5 against 3 + 3 = 6 loses
    lost = s.apply(Pick(0)).apply(Pick(1))
    assert lost.unrest[1] == 4 + 1                 # the victor gains his number in Unrest
    assert lost.phase == "lose" and lost.player == 1        # the victor chooses his one loss first
    lost = lost.apply(Lose("peasant"))
    assert lost.phase == "lose" and lost.player == 0        # then the loser his two
    lost = lost.apply(Lose("warrior")).apply(Lose("peasant"))
    assert lost.phase == "conquer" and lost.owner["Italia"] == 1 and E.citizens(lost, "Italia", 0) == 1
    assert E.citizens(lost, "Italia", 1) == 1               # a beaten attacker does not move anyone
    won = s.apply(Pick(4)).apply(Pick(3))         # 5 + 12 = 17 against 3 + 9 = 12
    assert won.unrest[0] == 3 + 4
    assert won.phase == "lose" and won.player == 0   # the victor loses one citizen of his choice
    won = won.apply(Lose("peasant"))
    # player 1 has one peasant and one warrior: two losses, nothing left to retreat
    assert E.citizens(won, "Italia", 1) == 0
    assert "Italia" not in won.owner                # the beaten owner loses control
    assert won.phase == "new_capital" and won.player == 1 and won.capital[1] is None
    won = won.apply(won.legal_actions()[0])
    assert won.capital[1] == "Gallia" and won.phase == "conquer" and won.player == 0
    from explorer.games.sands_of_time.actions import Annex
    assert Annex() in won.legal_actions()
    won = won.apply(Annex())
    assert won.owner["Italia"] == 0 and "Italia" in won.colony


def test_a_beaten_defender_with_survivors_retreats_into_a_territory_he_owns():
    s = battle_position()
    s = position(s, pe={**s.pe, "Italia": (1, 3)}, owner={**s.owner, "Raetia": 1},
                 tiles={**s.tiles, "Raetia": ("Gold", 4)}, in_play=frozenset({*s.tiles, "Raetia"}))
    assert {"Gallia", "Raetia"} <= set(s.geo.adjacent["Italia"])
    s = s.apply(Play("Conquer")).apply(Conquer("Italia")).apply(Attack(1)).apply(Pick(4)).apply(Pick(0))
    s = s.apply(Lose("warrior"))                   # the victor's loss
    s = s.apply(Lose("peasant")).apply(Lose("peasant"))
    assert s.phase == "retreat" and s.player == 1
    assert s.legal_actions() == [Retreat("Gallia"), Retreat("Raetia")]
    s = s.apply(Retreat("Raetia"))
    assert s.pe["Raetia"][1] == 1 and s.wa["Raetia"][1] == 1 and "Italia" not in s.owner


# -- unrest, tracks, cards -----------------------------------------------------------------------------

def test_unrest_above_the_maximum_costs_victory_points():
    s = position(first_select(), unrest=(7, 6), vp=(5, 5), _ev=[])
    assert E.raise_unrest(s, 0, 2) == 2 and s.unrest[0] == 7 and s.vp[0] == 3
    assert E.raise_unrest(s, 1, 2) == 1 and s.unrest[1] == 7 and s.vp[1] == 4


def test_the_generation_ends_when_the_die_shows_at_most_the_track_number():
    s = first_select()
    spaces = s.data.tracks.generation
    for pos, number in enumerate(spaces, 1):
        t = position(s, phase_="roll", player=-1, gen_pos=pos)
        for v in range(1, 7):
            after = t.apply(Roll(v))
            ends = any(e.rule.section.startswith("Generation End") for e in after.events)
            assert ends == (v <= number), (pos, v)


def test_card_choices_stay_hidden_until_their_players_turn():
    s = first_select()
    q = s.player
    a = s.legal_actions()[0]
    assert isinstance(a, Select)
    other = 1 - q
    assert s.describe(a, other) == f"Player {q + 1} has chosen"
    after = s.apply(a)
    assert after.observation(other)["players"][q]["selected"] == "two cards chosen, face down"
    assert after.observation(q)["players"][q]["selected"] == list(a.cards)
    assert [e.text_for(other) for e in after.events] == [f"Player {q + 1} has chosen two cards"]


def test_a_second_used_card_and_a_locked_city_are_refused_with_their_rules():
    s = first_select()
    q = s.player
    used = position(s, hand=tuple(h - {"Muster", "Raid"} if i == q else h for i, h in enumerate(s.hand)),
                    used=tuple(u | {"Muster", "Raid"} if i == q else u for i, u in enumerate(s.used)))
    with pytest.raises(IllegalMove) as e:
        used.apply(Select(("Muster", "Raid")))
    assert "at most one" in str(e.value) and e.value.rule.section == "Phase 2 (a)"
    assert Select(("Muster", "Conquer")) in used.legal_actions()
    s = battle_position()
    s = position(s, gold=(20, 0), phase_="build", owner={**s.owner}, player=0)
    assert Build("Illyria", "City") not in s.legal_actions() and Build("Illyria", "Walls") in s.legal_actions()
    with pytest.raises(IllegalMove) as e:
        s.apply(Build("Illyria", "City"))
    assert e.value.rule.section == "Phase 2 (b)" and "Civil" in str(e.value)
    ok = position(s, emph=("Civil", None)).apply(Build("Illyria", "City"))
    assert "City" in ok.st["Illyria"] and ok.gold[0] == 20 - (3 + 3)   # Unrest 3 + capacity 3


def test_solo_play_has_two_foreign_empires_touching_the_player():
    rng = random.Random(3)
    s = get_game("sands_of_time").initial_state({"players": 1})
    while s.phase not in ("capital",):
        s = s.apply(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert "Syria" not in s.tiles and "Asia Minor" not in s.tiles
    mine = set(E.owned(s, 0))
    for seat, size in ((1, 3), (2, 2)):
        theirs = E.owned(s, seat)
        assert len(theirs) == size and all(s.wa[t][seat] == 1 for t in theirs)
        assert any(s.geo.adjacent[t] & mine for t in theirs)
        import networkx as nx
        assert nx.is_connected(nx.Graph([(a, b) for a in theirs for b in theirs if b in s.geo.adjacent[a]]
                                        + [(a, a) for a in theirs]))
    assert Done() not in s.legal_actions()


# -- more actions ---------------------------------------------------------------------------------------

def turn_at(s, card, **fields):
    """``s`` with player 0 about to use ``card`` this turn."""
    return position(s, phase_="turn", player=0, active=0, to_play=(card,), bonus=False, order=(0, 1), turn_i=0,
                    reused=None, reuse_used=False, patron=None, ctx=None, **fields)


def test_raid_takes_up_to_the_printed_capacity_from_the_owner_and_political_raids_twice():
    from explorer.games.sands_of_time.actions import Move, Steal
    s = battle_position()               # player 0: Illyria (2 peasants, 1 warrior); player 1 owns Italia
    s = turn_at(s, "Raid", wa={"Italia": (5, 1), "Illyria": (1, 0), "Gallia": (0, 1)}, gold=(0, 4), crops=(0, 0))
    s = s.apply(Play("Raid"))
    assert Move("Illyria", "Italia", "warrior") in s.legal_actions()
    s = s.apply(Steal("Italia"))        # 5 warriors in a capacity-4 Gold territory
    assert s.gold == (4, 0) and s.phase == "turn"
    twice = turn_at(battle_position(), "Raid", emph=("Political", None),
                    wa={"Italia": (2, 1), "Illyria": (1, 0), "Gallia": (0, 1)}, gold=(0, 9))
    twice = twice.apply(Play("Raid")).apply(Steal("Italia"))
    assert twice.phase == "raid" and twice.gold == (2, 7)
    twice = twice.apply(Steal("Italia"))
    assert twice.gold == (4, 5) and twice.phase == "turn"


def test_migrate_moves_each_citizen_once_and_roads_join_their_neighbours():
    from explorer.games.sands_of_time.actions import Move
    s = battle_position()
    s = turn_at(s, "Migrate")
    m = s.apply(Play("Migrate"))
    assert Move("Illyria", "Italia", "peasant") in m.legal_actions()
    m = m.apply(Move("Illyria", "Italia", "peasant"))
    # Italia holds player 0's own peasant and the one that just arrived: only one may leave
    assert any(a.source == "Italia" and a.kind == "peasant" for a in m.legal_actions() if type(a) is Move)
    m = m.apply(Move("Italia", "Illyria", "peasant"))
    assert not any(a.source == "Italia" and a.kind == "peasant" for a in m.legal_actions() if type(a) is Move)
    far = [t for t in sorted(s.tiles) if t not in s.geo.adjacent["Illyria"] and t != "Illyria"
           and any(t in s.geo.adjacent[r] for r in s.geo.adjacent["Illyria"] if r in s.tiles)]
    assert far
    via = next(r for r in sorted(s.geo.adjacent["Illyria"]) if r in s.tiles and far[0] in s.geo.adjacent[r])
    roads = position(s, st={via: frozenset({"Roads"})}, owner={**s.owner, via: 0},
                     st_supply={**s.st_supply, "Roads": s.st_supply["Roads"] - 1}).apply(Play("Migrate"))
    assert Move("Illyria", far[0], "peasant") in roads.legal_actions()


def test_moves_carried_over_after_a_move_are_those_listed_afresh():
    """Raid and Migrate keep their moves from one position to the next (``movement._moves``):
    along random games, what a state offers after a move equals the moves worked out from
    scratch, Roads or not."""
    from explorer.games.sands_of_time import movement
    kinds = {"migrate": ("peasant", "warrior"), "raid": ("warrior",)}
    carried = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = new_game(SandsOptions(players=(2, 4, 6)[seed % 3]))
        while not s.is_terminal():
            if s.phase in kinds:
                if s.moving is not None and movement._fresh(s, s.moving):
                    carried += 1
                assert movement._moves(s, kinds[s.phase]) == movement._list_moves(s, kinds[s.phase])
            s = s.apply(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert carried > 50


def test_tribute_from_colonies_and_from_foreign_caravans_at_the_capital():
    from explorer.games.sands_of_time.actions import Tribute
    s = battle_position()
    s = turn_at(s, "Tribute", colony=frozenset({"Illyria"}),
                routes=(frozenset(), frozenset({E.border("Illyria", "Italia")})), crops=(0, 3))
    s = s.apply(Play("Tribute"))
    assert Tribute("both") not in s.legal_actions()          # Civil locked
    col = s.apply(Tribute("colonies"))
    assert col.crops == (1, 3)                                # Illyria is a Crops colony
    rts = s.apply(Tribute("routes"))
    assert rts.crops == (1, 2)                                # player 1's caravan touches the capital Illyria


def test_an_emphasis_card_unlocks_its_category_and_three_boxes_raise_heritage():
    s = first_select()
    s = position(s, emph=("Civil", None), boxes=(2, 0), heritage=((1, 0, 0), (0, 0, 0)), _ev=[])
    from explorer.games.sands_of_time.turn import _emphasis_box
    _emphasis_box(s, 0, ("Civil",))
    assert s.boxes[0] == 3 and s.heritage[0][0] == 2
    _emphasis_box(s, 0, ("Civil",))                           # full: no more
    assert s.boxes[0] == 3 and s.heritage[0][0] == 2
    assert E.unlocked(s, 0, "Civil") and not E.unlocked(s, 1, "Civil")


def test_the_first_discoverer_draws_two_keeps_one_and_only_he_knows_the_one_put_back():
    from explorer.games.sands_of_time.actions import Advance, DrawTiles, Keep
    s = first_select()
    tree = "Civil 1"
    s = turn_at(s, "Advance", markers=({tree: 0}, {}), unrest=(0, 3), heritage=((0, 0, 0), (0, 0, 0)))
    s = s.apply(Play("Advance")).apply(Advance(tree))
    assert s.phase == "draw" and s.is_chance_node()
    pile = s.piles[("Civil", 3)]
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 3 and sum(p for _, p in outcomes) == 1          # two of three tiles
    a, b = pile[0], pile[1]
    assert s.describe(DrawTiles((a, b)), 1) == "Player 1 draws 2 tiles of the next level"
    assert a in s.describe(DrawTiles((a, b)), 0)
    s = s.apply(DrawTiles((a, b)))
    k = s.apply(Keep(a))
    assert k.trees[tree][-1] == a and k.tops[("Civil", 3)] == b
    assert k.observation(0)["piles"]["Civil 3"]["top"] == b and k.observation(1)["piles"]["Civil 3"]["top"] is None
    assert all(b not in (e.text_for(1) or "") for e in k.events)


def test_overcrowding_costs_unrest_and_more_than_twice_the_capacity_is_culled_at_once():
    from explorer.games.sands_of_time.actions import Cull
    from explorer.games.sands_of_time.generation import generation_end
    s = battle_position()                # Italia: capacity 4
    s = position(s, pe={**s.pe, "Italia": (5, 4)}, wa={**s.wa, "Italia": (0, 1)}, unrest=(3, 3), step="overcrowd",
                 _ev=[])
    generation_end(s)
    assert s.unrest == (3, 4)            # player 1 owns the overfull Italia; player 0 owns nothing overfull
    assert s.phase_ == "cull" and s.cull_at == "Italia"
    s = s._copy()
    del s._ev
    t = s.apply(Cull("peasant"))
    assert t.phase == "cull" and "remove a peasant" in t.describe(Cull("peasant"), t.player)
    assert t.describe(Cull("peasant"), 1 - t.player) == f"Player {t.player + 1} has chosen"
    t = t.apply(t.legal_actions()[0])
    assert sum(t.pe["Italia"]) + sum(t.wa["Italia"]) == 8 and t.phase != "cull"


def test_solo_sixes_call_the_black_then_the_blue_empire_in_turn():
    """Variant: Solo play: the first 6 brings the black empire's attack, the second the blue's, then
    they alternate; the attacker's warriors next to the named territory move into it."""
    from explorer.games.sands_of_time.actions import Roll, Target
    from explorer.games.sands_of_time.solo import BLACK, BLUE, targets
    rng = random.Random(6)
    s = get_game("sands_of_time").initial_state({"players": 1})
    attacks = []
    sixes = 0
    while not s.is_terminal() and len(attacks) < 4 and sixes < 40:
        if s.is_chance_node():
            if s.phase == "roll":
                s = s.apply(Roll(6))
                sixes += 1
                assert s.sixes == sixes
                if s.phase == "target":
                    k = BLACK if sixes % 2 else BLUE
                    offered = sorted(a.territory for a in s.legal_actions())
                    assert offered == targets(s, k)
                    for t in offered:       # each offered territory is the player's, next to the attacker
                        assert s.owner[t] == 0
                        assert any(s.owner.get(u) == k and s.wa.get(u, s.zero)[k] for u in s.geo.adjacent[t])
                    t = offered[0]
                    near = sum(s.wa.get(u, s.zero)[k] for u in s.geo.adjacent[t] if s.owner.get(u) == k)
                    s = s.apply(Target(t))
                    assert f"the {'black' if k == BLACK else 'blue'} empire attacks {t}" in \
                        " ".join(e.text for e in s.events)
                    assert s.wa.get(t, s.zero)[k] == near or s.owner.get(t) == k or s.phase == "battle"
                    attacks.append(k)
                continue
            s = s.apply(s.sample_chance(rng))
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    assert BLACK in attacks and BLUE in attacks, attacks
