"""Decay's calculators (explorer.games.decay.analysis): the rulebook's payment, double
attack and split examples, and a brute-force check of the plain pawn-move search (the
previews against the engine on random states: tests/test_decay_previews.py).  Coordinates are quarter-tile units (see
tests/test_decay_board.py)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from explorer.components.piecepack import STANDARD
from explorer.games.decay import analysis as A
from explorer.games.decay import board as B
from explorer.games.decay import reckoning as R
from explorer.games.decay.rules import DecayOptions, position
from test_decay_board import boards
from test_decay_rules import ATTACK_BOARD, ATTACK_PAWNS, CHAIN, walk

SUITS = STANDARD.suits

# A star: Moons-ace in the middle, a 5 of every suit on each side, none touching another.
STAR = {"Moons-ace": (0, 0), "Moons-5": (1, 4), "Arms-5": (4, -1), "Suns-5": (-1, -4), "Crowns-5": (-4, 1)}
EXAMPLE_HAND = {"Moons": 4, "Crowns": 2}


def own_spent(payment, suits):
    return sum(s in suits for s in payment)


# ------------------------------------------------------------------ Step 1: the payment example

def test_rulebook_payment_example_entry_payments():
    assert R.entry_payments("Moons-5", EXAMPLE_HAND)[0] == ("Moons",), "a Moon coin should enter Moons-5"
    assert R.entry_payments("Crowns-5", EXAMPLE_HAND)[0] == ("Crowns",), "a Crown coin should enter Crowns-5"
    five = {("Crowns", "Crowns", "Moons", "Moons", "Moons"), ("Crowns", "Moons", "Moons", "Moons", "Moons")}
    for tile in ("Arms-5", "Suns-5"):
        assert set(R.entry_payments(tile, EXAMPLE_HAND)) == five, \
            f"{tile} should cost 3 Moons + 2 Crowns or 4 Moons + 1 Crown, nothing else"
    assert not R.can_pay("Arms-5", {"Moons": 4}), "four coins paid for a 5 tile"


def test_rulebook_payment_example_via_reachable():
    for mover, arms in [(["Moons"], ("Crowns", "Crowns", "Moons", "Moons", "Moons")),
                        (["Crowns"], ("Crowns", "Moons", "Moons", "Moons", "Moons"))]:
        reach = A.reachable(STAR, "Moons-ace", EXAMPLE_HAND, mover_suits=mover)
        assert set(reach) == set(STAR) - {"Moons-ace"}, f"the example hand should reach every 5: {set(reach)}"
        assert reach["Moons-5"].payment == ("Moons",), "Moons-5 should cost one Moon"
        assert reach["Crowns-5"].payment == ("Crowns",), "Crowns-5 should cost one Crown"
        for tile in ("Arms-5", "Suns-5"):
            assert reach[tile].payment == arms, f"{tile} for a {mover[0]} player: {reach[tile].payment}, not {arms}"
            assert reach[tile].route == ("Moons-ace", tile), f"{tile} should be entered directly"
    short = A.reachable(STAR, "Moons-ace", {"Moons": 4}, mover_suits=["Moons"])
    assert set(short) == {"Moons-5"}, f"four Moons reach only Moons-5, got {set(short)}"


# ------------------------------------------------------------------ Step 1: tolls, the start, free tiles

LINE = {"Moons-ace": (0, 0), "Suns-null": (4, 1), "Crowns-2": (8, 2)}      # a row of three


def test_a_toll_is_one_more_coin_and_an_occupied_tile_is_no_place_to_stop():
    pawns = {"Suns-null": "Suns"}
    reach = A.reachable(LINE, "Moons-ace", {"Moons": 3}, pawns=pawns, mover_suits=["Moons"])
    assert "Suns-null" not in reach, "the pawn may not end on a tile with another pawn"
    assert reach["Crowns-2"].cost == 3, "free null tile + 1 toll + 2 for Crowns-2 should be 3 coins"
    assert reach["Crowns-2"].tolls == (("Suns", "Moons"),), f"toll should go to Suns: {reach['Crowns-2'].tolls}"
    assert reach["Crowns-2"].route == ("Moons-ace", "Suns-null", "Crowns-2")
    assert A.reachable(LINE, "Moons-ace", {"Moons": 2}, pawns=pawns) == {}, \
        "two coins cannot cover the toll and Crowns-2"
    # Without the other pawn the null tile is a free stop and Crowns-2 costs 2.
    free = A.reachable(LINE, "Moons-ace", {"Moons": 2})
    assert free["Suns-null"].cost == 0 and free["Crowns-2"].cost == 2, "null tile not free or toll charged"
    # The toll keeps the mover's own coins when it can: spend the Arms coin first.
    mixed = A.reachable(LINE, "Moons-ace", {"Moons": 3, "Arms": 1}, pawns=pawns, mover_suits=["Moons"])
    assert own_spent(mixed["Crowns-2"].payment, {"Moons"}) == 2, "an own coin was spent where an Arms coin would do"


def test_a_pawn_whose_only_way_on_ends_on_another_pawn_dies_with_coins_in_hand():
    pawns = {"Suns-null": "Suns"}
    short = {"Moons-ace": (0, 0), "Suns-null": (4, 1)}
    assert not A.can_move(short, "Moons-ace", {"Moons": 6}, pawns=pawns), \
        "the pawn survived though it can only enter an occupied tile and may not come back"
    assert A.can_move(short, "Moons-ace", {}), "a free empty null tile next door should save the pawn"
    assert not A.can_move({"Moons-ace": (0, 0)}, "Moons-ace", {"Moons": 6}), "a lone tile offers no move"


def test_the_start_tile_is_never_entered_again():
    # Four tiles in a ring (a pinwheel): the pawn may go round but not through its start.
    ring = {"Moons-ace": (0, 0), "Arms-2": (4, 1), "Suns-3": (3, 5), "Crowns-2": (-1, 4)}
    assert all(len(B.contacts(ring, t)) == 2 for t in ring), "the ring board is not a ring"
    reach = A.reachable(ring, "Moons-ace", {"Moons": 6}, pawns={"Arms-2": "Arms", "Crowns-2": "Crowns"})
    assert set(reach) == {"Suns-3"}, f"only Suns-3 is free to end on, got {set(reach)}"
    assert "Moons-ace" not in reach["Suns-3"].route[1:], "the route went back through the start"
    assert reach["Suns-3"].cost == 6, "2 Moons for a 2 tile, a toll, then 3 Moons for Suns-3 make 6"
    assert not A.can_move(ring, "Moons-ace", {"Moons": 5}, pawns={"Arms-2": "Arms", "Crowns-2": "Crowns"}), \
        "five coins cannot get round the ring, and neither neighbour is a place to stop"


def test_null_tiles_and_tiles_with_a_die_are_free():
    board = {"Moons-ace": (0, 0), "Suns-null": (4, 1), "Arms-5": (8, 2), "Crowns-5": (12, 3)}
    reach = A.reachable(board, "Moons-ace", {}, dice={"Arms-5"})
    assert set(reach) == {"Suns-null", "Arms-5"}, f"an empty hand should reach the null and die tiles: {set(reach)}"
    assert reach["Arms-5"].payment == () and reach["Arms-5"].route == ("Moons-ace", "Suns-null", "Arms-5")
    assert A.can_move(board, "Moons-ace", {}, dice={"Arms-5"}), "a pawn with free tiles around was killed"
    assert set(A.reachable(board, "Moons-ace", {})) == {"Suns-null"}, "Arms-5 without a die was free"


# ------------------------------------------------------------------ Step 1: brute force

def brute_force(positions, start, hand, pawns, dice, own):
    """Every simple path from ``start`` with every payment: tile -> (fewest coins, then
    fewest own coins) over the tiles the pawn may end on."""
    graph = B.adjacency(positions)
    best = {}

    def walk(tile, left, spent, mine, seen):
        if tile != start and tile not in pawns:
            best[tile] = min(best.get(tile, (99, 99)), (spent, mine))
        for nxt in graph[tile]:
            if nxt in seen:
                continue
            for pay in R.entry_payments(nxt, left, has_die=nxt in dice):
                after = R.take(left, pay)
                for toll in (sorted(after) if nxt in pawns else [None]):
                    rest = R.take(after, [toll]) if toll else after
                    coins = list(pay) + ([toll] if toll else [])
                    walk(nxt, rest, spent + len(coins), mine + own_spent(coins, own), seen | {nxt})

    walk(start, {s: n for s, n in hand.items() if n}, 0, 0, {start})
    return best


@st.composite
def pawn_moves(draw):
    positions = draw(boards(min_tiles=2, max_tiles=8))
    names = sorted(positions)
    start = draw(st.sampled_from(names))
    counts = draw(st.lists(st.integers(0, 3), min_size=4, max_size=4).filter(lambda c: sum(c) <= 7))
    hand = dict(zip(SUITS, counts, strict=False))
    others = draw(st.lists(st.sampled_from([n for n in names if n != start]), unique=True, max_size=3))
    pawns = {t: who for t, who in zip(others, ("Suns", "Crowns", "Arms"), strict=False)}
    dice = draw(st.sets(st.sampled_from(names), max_size=2))
    mover = draw(st.sampled_from(SUITS))
    return positions, start, hand, pawns, dice, mover


def replay(positions, start, hand, pawns, dice, reach):
    """Check a route coin by coin; return the coins spent."""
    left = {s: n for s, n in hand.items() if n}
    assert reach.route[0] == start and reach.route[-1] == reach.tile, f"route {reach.route} misses its ends"
    assert len(set(reach.route)) == len(reach.route), f"route {reach.route} repeats a tile"
    assert [e.tile for e in reach.entries] == list(reach.route[1:]), "entries do not follow the route"
    for here, entry in zip(reach.route, reach.entries, strict=False):
        assert B.contact(positions[here], positions[entry.tile]), f"{here} -> {entry.tile} is not a step"
        assert entry.payment in R.entry_payments(entry.tile, left, has_die=entry.tile in dice), \
            f"{entry.payment} cannot pay for {entry.tile} from {left}"
        left = R.take(left, entry.payment)
        assert (entry.toll is not None) == (entry.tile in pawns), f"toll wrong on entering {entry.tile}"
        if entry.toll is not None:
            assert entry.toll_to == pawns[entry.tile], f"toll for {entry.tile} paid to {entry.toll_to}"
            left = R.take(left, [entry.toll])
    assert reach.tile not in pawns and reach.tile != start, f"the move ends on {reach.tile}, a forbidden tile"
    assert sum(left.values()) == sum(hand.values()) - reach.cost, "cost does not match the coins spent"


@settings(max_examples=80, deadline=None)
@given(pawn_moves())
def test_reachable_agrees_with_brute_force(case):
    positions, start, hand, pawns, dice, mover = case
    reach = A.reachable(positions, start, hand, pawns=pawns, dice=dice, mover_suits=[mover])
    expected = brute_force(positions, start, hand, {t: w for t, w in pawns.items() if t != start}, dice, {mover})
    assert set(reach) == set(expected), f"reachable {sorted(reach)} but brute force {sorted(expected)}"
    for tile, r in reach.items():
        replay(positions, start, hand, pawns, dice, r)
        got = (r.cost, own_spent(r.payment, {mover}))
        assert got == expected[tile], f"{tile}: (coins, own coins) {got}, cheapest is {expected[tile]}"
    assert A.can_move(positions, start, hand, pawns=pawns, dice=dice) == bool(expected), "death check is off"


# ------------------------------------------------------------------ Step 2 previews (the engine on a copy)

def test_rulebook_double_attack_example_previewed():
    s = walk(position(ATTACK_BOARD, ATTACK_PAWNS, "Moons"), "Suns-null")
    move = A.tile_move_preview(s, "Moons-3", (-1, 4))
    assert move.legal and move.payment == ("Moons",), move.problems
    assert move.removed == frozenset() and move.killed == () and not move.game_over
    got = {a.defender: (a.attack, a.defence, a.winner, a.loser, a.spoils) for a in move.attacks}
    assert got == {"Crowns-2": (3, 2, "attacker", "Crowns", ("Crowns",)),
                   "Arms-4": (5, 4, "attacker", "Arms", ("Arms",))}, got
    assert move in A.all_tile_moves(s, "Moons-3"), "the preview is not among all the moves"
    assert s.phase == "pick_up" and s.pos["Moons-3"] == ATTACK_BOARD["Moons-3"], "the preview changed the state"


def test_a_refused_move_carries_the_engines_rule():
    s = walk(position(ATTACK_BOARD, ATTACK_PAWNS, "Moons"), "Suns-null")
    again = A.tile_move_preview(s, "Moons-3", (10, 7))           # Suns-4's east side again
    assert not again.legal and again.problems[0].section == "Step 2.d" and "Suns-4" in again.problems[0].text
    ace = A.tile_move_preview(s, "Crowns-ace", (-1, 4))
    assert [p.section for p in ace.problems] == ["Step 2.a"] and A.all_tile_moves(s, "Crowns-ace") == []


def test_split_examples_previewed():
    three = DecayOptions(players=3)
    s = walk(position(CHAIN, {"Suns": "Suns-5", "Moons": "Crowns-3", "Crowns": "Suns-3"}, "Suns", options=three),
             "Suns-null")
    east = A.tile_move_preview(s, "Moons-null", (21, 9))
    assert east.removed == {"Crowns-3", "Crowns-4"} and east.killed == ("Moons",) and not east.mover_killed
    equal = A.tile_move_preview(s, "Moons-null", (-4, 1))        # three a side: the mover's section stays
    assert equal.stays == {"Suns-3", "Suns-null", "Suns-5"} and equal.killed == ("Moons",)
    assert equal.attacks == (), "the moved tile left play yet attacked"
    s = walk(position(CHAIN, {"Suns": "Crowns-4", "Moons": "Suns-null", "Crowns": "Suns-5"}, "Suns", options=three),
             "Crowns-3")
    dead = A.tile_move_preview(s, "Moons-null", (21, 9))
    assert dead.mover_killed and dead.killed == ("Suns",) and dead.attacks == () and not dead.game_over
