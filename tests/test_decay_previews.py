"""Decay's previews agree with the engine (issue 8 §7): the tile-move previews, the
movable tiles and the pawn's reach, on random states of 4-, 3- and 2-player games and
under non-default rule options, plus the cases an independent check found."""
from __future__ import annotations

import random

import pytest

from explorer.engine import random_playout
from explorer.games.decay import analysis as A
from explorer.games.decay.actions import Enter, Pay, PickUp, Place, StopMoving
from explorer.games.decay.rules import STEP1_PHASES, DecayOptions, position

VARIANTS = {
    "4 players": {"players": 4},
    "3 players": {"players": 3},
    "2 players": {"players": 2, "round_cap": 30},
    "opposite sides movable": {"players": 4, "opposite_sides_movable": True},
    "pawns fixed": {"players": 3, "pawn_rides_moved_tile": False},
    "2 players, pawns fixed": {"players": 2, "round_cap": 30, "pawn_rides_moved_tile": False},
}


def states_of(options, seed):
    out = []
    random_playout("decay", options, seed=seed, on_state=out.append)
    return out


def engine_move(st, tile, to, payment):
    """Lift, pay and put down by hand, one engine action at a time."""
    s = st.apply(PickUp(tile))
    if s.phase == "pay_pick_up":
        s = s.apply(Pay(payment))
    return s.apply(Place(*to)) if s.phase == "put_down" else s


def attack_events(after, side):
    return [e.text for e in after.events if e.rule.section == "Resolving Attacks" and f"{side} attacks " in e.text]


def check_preview(st, m):
    """One preview against the engine playing the same move."""
    assert m.legal and m.origin == st.pos[m.tile]
    after = engine_move(st, m.tile, m.to, m.payment)
    removed = set(st.pos) - set(after.pos)
    assert m.removed == removed and dict(m.positions) == after.pos, f"{m.tile} to {m.to}: the board differs"
    died = {s for s in after.dead if s not in st.dead and st.pawns[s] in removed}
    assert set(m.killed) == died, f"{m.tile} to {m.to}: killed {m.killed}, the engine {died}"
    assert m.mover_killed == (st.side in died), "the mover's death differs (2 players: one suit only)"
    assert m.game_over == after.is_terminal()
    said = attack_events(after, st.side)
    assert len(m.attacks) == len(said), f"{m.tile} to {m.to}: attacks {m.attacks}, engine {said}"
    for a in m.attacks:
        verdict = "the attack wins" if a.succeeds else "the defence holds"
        assert f"{st.side} attacks {a.defender}: {a.attack} against {a.defence}, {verdict}" in said
    if m.mover_killed or (m.game_over and removed and not said):
        assert m.attacks == ()


def reach_by_brute_force(st):
    """Every tile the pawn may stop on, with the fewest coins, by trying every sequence of
    the engine's Step 1 choices."""
    side, best, seen = st.side, {}, {}

    def walk(s, spent):
        node = (s.phase, s.pawns[side], str(s.pend), s.unspent)
        if seen.get(node, 99) <= spent:         # been here as cheaply: nothing new to find
            return
        seen[node] = spent
        for a in s.legal_actions():
            if isinstance(a, StopMoving):
                t = s.pawns[side]
                best[t] = min(best.get(t, 99), spent)
                continue
            s2 = s.apply(a)
            cost = sum(s.unspent) - sum(s2.unspent) if s2.unspent is not None else None
            if s2.side == side and s2.turns == st.turns and s2.phase in STEP1_PHASES and not s2.is_terminal():
                walk(s2, spent + cost)
            else:                               # the engine stopped the pawn by itself
                t = next(e for e in reversed(A._entries(s2.events, side))).tile
                coins = sum(len(e.payment) + (e.toll is not None) for e in A._entries(s2.events, side))
                best[t] = min(best.get(t, 99), spent + coins)

    walk(st, 0)
    return best


@pytest.mark.parametrize("name", VARIANTS)
def test_tile_move_previews_agree_with_the_engine(name):
    options = VARIANTS[name]
    rng = random.Random(name)
    checked = 0
    for seed in range(3):
        for st in states_of(options, seed):
            if st.phase != "pick_up":
                continue
            lifts = A.movable_tiles(st)
            assert lifts == sorted(st.pick_up_options()), "movable tiles differ from the engine's"
            if options.get("pawn_rides_moved_tile") is False:
                assert not set(lifts) & set(st.pawns.values()), "a tile holding a pawn was offered"
            for tile in rng.sample(lifts, min(2, len(lifts))):
                moves = A.all_tile_moves(st, tile)
                lifted = st.apply(PickUp(tile))
                if lifted.phase == "pay_pick_up":
                    lifted = lifted.apply(Pay(moves[0].payment))
                if lifted.phase == "put_down":
                    assert [m.to for m in moves] == sorted(lifted.put_down_spots())
                for m in rng.sample(moves, min(4, len(moves))):
                    check_preview(st, m)
                    assert A.tile_move_preview(st, tile, m.to) == m
                    checked += 1
    assert checked > 20, f"only {checked} previews checked"


@pytest.mark.parametrize("name", ["4 players", "2 players", "pawns fixed"])
def test_reach_agrees_with_every_sequence_of_engine_steps(name):
    options = VARIANTS[name]
    checked = mid = 0
    for seed in range(3):
        for st in states_of(options, seed)[::2]:
            if st.phase != "move" or st.is_terminal():
                continue
            reach = A.reach(st)
            brute = reach_by_brute_force(st)
            assert {t: r.cost for t, r in reach.items()} == brute, f"seed {seed}: reach differs from the engine"
            for t, r in reach.items():
                assert r.route[0] == st.pawns[st.side] and r.route[-1] == t
            if not st.stepped:                  # at the start of a turn the plain search agrees too
                mine = st.suits_of(st.seat_of(st.side))
                plain = A.reachable(st.pos, st.start, st.hand(st.side), mover_suits=mine,
                                    pawns={t: s for s, t in st.pawns.items() if s != st.side},
                                    dice=set(st.dice.values()))
                assert {t: r.cost for t, r in plain.items()} == brute, "the plain search disagrees with the engine"
            mid += st.stepped
            checked += 1
    assert checked > 15 and mid > 3, (checked, mid)


def test_two_player_split_kills_only_the_suit_cut_off():
    """Seeds 204 and 216: the seat's other suit is cut off; the mover lives and attacks."""
    st = states_of({"players": 2, "round_cap": 30}, 204)[46]
    assert st.phase == "pick_up" and st.side == "Suns"
    moves = {m.to: m for m in A.all_tile_moves(st, "Arms-null")}
    m = moves[(-17, 6)]
    assert set(m.killed) == {"Crowns", "Moons"} and not m.mover_killed, "Suns lives: only Crowns was cut off"
    check_preview(st, m)
    st = states_of({"players": 2, "round_cap": 30}, 216)[55]
    assert st.phase == "pick_up" and st.side == "Crowns"
    m = A.tile_move_preview(st, "Suns-ace", (-8, -1))
    assert m.killed == ("Suns",) and not m.mover_killed
    assert [(a.defender, a.attack, a.defence, a.winner) for a in m.attacks] == [("Arms-3", 4, 3, "attacker")]
    check_preview(st, m)
    for m in A.all_tile_moves(st, "Suns-ace"):
        assert not m.mover_killed, "the mover's other suit was counted as the mover"


def test_a_split_that_ends_the_game_resolves_no_attack():
    st = states_of({"players": 3}, 1)[87]
    assert st.phase == "pick_up" and st.side == "Crowns"
    m = A.tile_move_preview(st, "Crowns-ace", (-13, 9))
    assert m.killed == ("Suns",) and m.game_over and m.winner == st.seat_of("Crowns")
    assert m.attacks == (), "the game ended with the split, yet an attack was listed"
    check_preview(st, m)


def test_pawns_fixed_never_offers_a_tile_with_a_pawn():
    board = {"Arms-4": (0, 0), "Moons-2": (4, 1), "Crowns-2": (1, 8), "Suns-null": (5, 9), "Suns-4": (6, 5),
             "Moons-3": (10, 6), "Arms-ace": (5, -3), "Suns-ace": (6, -7), "Crowns-ace": (10, -6),
             "Moons-ace": (14, -5)}
    pawns = {"Suns": "Moons-3", "Moons": "Suns-4", "Crowns": "Crowns-ace", "Arms": "Arms-ace"}
    for rides in (True, False):
        st = position(board, pawns, "Moons", options=DecayOptions(pawn_rides_moved_tile=rides))
        st = st.apply(Enter("Suns-null")).apply(StopMoving())
        assert ("Moons-3" in A.movable_tiles(st)) is rides
        m = A.tile_move_preview(st, "Moons-3", (-1, 4))
        assert m.legal is rides and (rides or m.problems[0].section == "Step 2.a")


def test_previews_leave_the_state_alone_and_reject_plain_values():
    st = next(s for s in states_of({"players": 4}, 3) if s.phase == "pick_up")
    key = st.key()
    for t in A.movable_tiles(st):
        A.all_tile_moves(st, t)
    A.reach(st)
    assert st.key() == key
    with pytest.raises(TypeError, match="Decay state"):
        A.all_tile_moves({"Suns-2": (0, 0)}, "Suns-2")
    refused = A.tile_move_preview(st, "Nowhere-9", (0, 0))
    assert not refused.legal and "not a tile on the board" in refused.problems[0].text


@pytest.mark.parametrize("case,match", [
    ({"tiles": {"Suns-ace": (0, 0), "Moons-ace": (20, 0)}}, "connected"),
    ({"dice": {"Suns": "Arms-5"}}, "die"),
    ({"pawns": {"Suns": "Suns-ace", "Moons": "Suns-ace"}}, "share a tile"),
])
def test_position_refuses_impossible_boards(case, match):
    args = {"tiles": {"Suns-ace": (0, 0), "Moons-ace": (4, 1), "Suns-null": (-4, -1)},
            "pawns": {"Suns": "Suns-ace", "Moons": "Moons-ace"}, "dice": None}
    args.update(case)
    with pytest.raises(ValueError, match=match):
        position(args["tiles"], args["pawns"], "Suns", dice=args["dice"], dead=("Crowns", "Arms"))
    ok = dict(args, **{"tiles": {"Suns-ace": (0, 0), "Moons-ace": (4, 1), "Suns-null": (-4, -1)},
                       "pawns": {"Suns": "Suns-ace", "Moons": "Moons-ace"}, "dice": {"Suns": "Suns-null"}})
    assert position(ok["tiles"], ok["pawns"], "Suns", dice=ok["dice"], dead=("Crowns", "Arms")).phase == "move"
