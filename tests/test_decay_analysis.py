"""Decay's calculators (explorer.games.decay.analysis): the rulebook's payment, double
attack and split examples, and brute-force checks of the pawn-move search and of the
tile-move previews on random boards.  Coordinates are quarter-tile units (see
tests/test_decay_board.py)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from explorer.components.piecepack import STANDARD
from explorer.games.decay import analysis as A
from explorer.games.decay import board as B
from explorer.games.decay import reckoning as R
from test_decay_board import boards, touching

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
    hand = dict(zip(SUITS, counts))
    others = draw(st.lists(st.sampled_from([n for n in names if n != start]), unique=True, max_size=3))
    pawns = {t: who for t, who in zip(others, ("Suns", "Crowns", "Arms"))}
    dice = draw(st.sets(st.sampled_from(names), max_size=2))
    mover = draw(st.sampled_from(SUITS))
    return positions, start, hand, pawns, dice, mover


def replay(positions, start, hand, pawns, dice, reach):
    """Check a route coin by coin; return the coins spent."""
    left = {s: n for s, n in hand.items() if n}
    assert reach.route[0] == start and reach.route[-1] == reach.tile, f"route {reach.route} misses its ends"
    assert len(set(reach.route)) == len(reach.route), f"route {reach.route} repeats a tile"
    assert [e.tile for e in reach.entries] == list(reach.route[1:]), "entries do not follow the route"
    for here, entry in zip(reach.route, reach.entries):
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


# ------------------------------------------------------------------ Step 2 and Resolving Attacks

# The double attack figure.  Before the move Moons-3 touches the north side of Arms-4 and
# the west side of Crowns-2; it is put back against the east side of Arms-4 and the south
# side of Crowns-2.  Moons-2 touches Arms-4 from below.
DOUBLE = {"Arms-4": (0, 0), "Moons-2": (-1, -4), "Moons-3": (1, 4), "Crowns-2": (5, 5)}
DOUBLE_TO = (4, 1)
DOUBLE_PAWNS = {"Moons-2": "Moons", "Crowns-2": "Crowns", "Arms-4": "Arms"}
DOUBLE_HANDS = {"Crowns": {"Crowns": 3}, "Arms": {"Arms": 2, "Suns": 1}}


def test_rulebook_double_attack_example():
    move = A.tile_move_preview(DOUBLE, "Moons-3", DOUBLE_TO, mover_suits=["Moons"], pawns=DOUBLE_PAWNS,
                               hands=DOUBLE_HANDS, hand={"Moons": 6})
    assert move.legal, f"the example move was refused: {[str(p) for p in move.problems]}"
    assert move.payment == ("Moons",), "picking up Moons-3 should cost one Moon"
    assert move.removed == frozenset() and move.killed == (), "the example move split the board"
    got = {a.defender: (a.attack, a.defence, a.winner) for a in move.attacks}
    assert got == {"Crowns-2": (3, 2, "attacker"), "Arms-4": (5, 4, "attacker")}, f"attacks {got}"
    spoils = {a.defender: (a.loser, a.spoils) for a in move.attacks}
    assert spoils == {"Crowns-2": ("Crowns", ("Crowns",)), "Arms-4": ("Arms", ("Arms", "Suns"))}, spoils
    # Another Arms tile beside Arms-4 lifts its defence to 5: a tie, which the defender wins.
    guarded = dict(DOUBLE, **{"Arms-ace": (-4, 1)})
    move = A.tile_move_preview(guarded, "Moons-3", DOUBLE_TO, mover_suits=["Moons"], hands=DOUBLE_HANDS)
    arms = next(a for a in move.attacks if a.defender == "Arms-4")
    assert (arms.attack, arms.defence, arms.winner, arms.spoils) == (5, 5, "defender", ()), \
        f"a 5 v 5 tie should go to the defender: {arms}"


def test_only_own_non_null_tiles_attack_and_null_or_ace_tiles_are_not_attacked():
    crowns_move = A.tile_move_preview(DOUBLE, "Moons-3", DOUBLE_TO, mover_suits=["Crowns"])
    assert crowns_move.legal and crowns_move.attacks == (), "moving another player's tile attacked"
    for defender in ("Crowns-null", "Crowns-ace"):
        b = {(defender if k == "Crowns-2" else k): v for k, v in DOUBLE.items()}
        move = A.tile_move_preview(b, "Moons-3", DOUBLE_TO, mover_suits=["Moons"])
        assert defender not in {a.defender for a in move.attacks}, f"{defender} was attacked"
    nulled = {("Moons-null" if k == "Moons-3" else k): v for k, v in DOUBLE.items()}
    move = A.tile_move_preview(nulled, "Moons-null", DOUBLE_TO, mover_suits=["Moons"])
    assert move.legal and move.attacks == (), "a null tile attacked"


def test_pick_up_problems_cite_step_2():
    def sections(move):
        return [p.section for p in move.problems]
    die = A.tile_move_preview(DOUBLE, "Moons-3", DOUBLE_TO, mover_suits=["Moons"], dice={"Moons-3"})
    assert sections(die) == ["Step 2.a"] and "die" in die.problems[0].text, "a tile with a die moved"
    ace = {("Crowns-ace" if k == "Moons-3" else k): v for k, v in DOUBLE.items()}
    other = A.tile_move_preview(ace, "Crowns-ace", DOUBLE_TO, mover_suits=["Moons"])
    assert sections(other) == ["Step 2.a"] and "ace" in other.problems[0].text, \
        "another player's ace was moved"
    assert A.tile_move_preview(ace, "Crowns-ace", DOUBLE_TO, mover_suits=["Crowns"]).legal, \
        "an owner could not move their own ace"
    poor = A.tile_move_preview(DOUBLE, "Moons-3", DOUBLE_TO, mover_suits=["Moons"], hand={"Arms": 2})
    assert sections(poor) == ["Step 2.b"], "two Arms coins paid for a 3 tile"
    boxed = A.tile_move_preview(STAR, "Moons-ace", (20, 0), mover_suits=["Moons"])
    assert "Step 2.a" in sections(boxed), "a tile touched on four sides was picked up"
    assert A.all_tile_moves(STAR, "Moons-ace", mover_suits=["Moons"]) == [], "a boxed-in tile has destinations"


def test_placement_problems_cite_their_rules():
    def first(to):
        move = A.tile_move_preview(DOUBLE, "Moons-3", to, mover_suits=["Moons"])
        return move.problems[0].section if move.problems else None
    assert first((1, 4)) == "Step 2.d", "putting the tile back where it was is a move"
    assert first((30, 30)) == "Board Creation 1.a", "a tile touching nothing was placed"
    assert first((4, 0)) == "Board Creation 1.c", "a whole edge with Arms-4 was allowed"
    assert first((2, 2)) == "Board Creation 1", "a tile on top of Arms-4 was allowed"
    assert first((-2, 4)) == "Step 2", "Moons-3 touched the north side of Arms-4 again"
    pair = {"Suns-2": (0, 0), "Suns-3": (4, 0), "Moons-3": (-4, 1)}       # a whole edge, as after a slide
    move = A.tile_move_preview(pair, "Moons-3", (2, 4), mover_suits=["Moons"])
    assert [p.section for p in move.problems] == ["Board Creation 1.b"], "1.b was not cited"


# ------------------------------------------------------------------ Resolving a Split Game board

# A Crown player's row: Arms-3, Moons-4, Crowns-2, then Suns-4 to the north of Crowns-2.
SPLIT = {"Arms-3": (-4, -1), "Moons-4": (0, 0), "Crowns-ace": (1, -4), "Crowns-2": (4, 1), "Suns-4": (5, 5)}


def test_rulebook_split_example():
    pawns = {"Suns-4": "Suns", "Arms-3": "Arms", "Crowns-ace": "Crowns"}
    move = A.tile_move_preview(SPLIT, "Crowns-2", (-3, 4), mover_suits=["Crowns"], pawns=pawns,
                               hands={"Moons": {"Moons": 6}})
    assert move.legal, [str(p) for p in move.problems]
    assert move.removed == {"Suns-4"}, f"Suns-4 alone should be removed, not {set(move.removed)}"
    assert move.stays == set(SPLIT) - {"Suns-4"} and move.positions["Crowns-2"] == (-3, 4)
    assert move.killed == ("Suns",) and not move.mover_killed, f"the Suns pawn should die: {move.killed}"
    (attack,) = move.attacks                 # Crowns-2 (2) + Crowns-ace (1) against Moons-4 (4)
    assert (attack.defender, attack.attack, attack.defence, attack.winner) == ("Moons-4", 3, 4, "defender")


# A zig-zag of six tiles; moving Suns-3 from the middle to the west end leaves 3 v 3.
ZIGZAG = {"Moons-2": (0, 0), "Arms-3": (4, 1), "Suns-3": (5, 5), "Crowns-4": (9, 6), "Moons-5": (10, 10),
          "Arms-5": (14, 11)}
WEST, EAST = {"Suns-3", "Moons-2", "Arms-3"}, {"Crowns-4", "Moons-5", "Arms-5"}


def test_equal_sections_keep_the_movers_pawn():
    def move(pawns):
        return A.tile_move_preview(ZIGZAG, "Suns-3", (-4, 1), mover_suits=["Suns"], pawns=pawns)
    west = move({"Moons-2": "Suns", "Moons-5": "Moons"})
    assert west.stays == WEST and west.removed == EAST, "the section of the mover's pawn should stay"
    assert west.killed == ("Moons",) and not west.mover_killed
    east = move({"Moons-5": "Suns", "Moons-2": "Moons"})
    assert east.stays == EAST and east.removed == WEST, "the mover's pawn is east; the east should stay"
    assert east.killed == ("Moons",) and east.attacks == (), "the moved tile left play yet attacked"
    riding = move({"Suns-3": "Suns"})                     # the pawn travels on the moved tile
    assert riding.stays == WEST and riding.killed == (), "the pawn on the moved tile was left behind"
    assert move({}).stays == WEST, "with no pawn to go by, the moved tile's section should stay"


def test_a_mover_killed_by_their_own_split_makes_no_attack():
    # Moving Moons-5 from between Crowns-4 and Arms-5 to the south side of Arms-3 cuts
    # Arms-5 off, and the Moon pawn standing on it.
    move = A.tile_move_preview(ZIGZAG, "Moons-5", (5, -3), mover_suits=["Moons"],
                               pawns={"Arms-5": "Moons", "Crowns-4": "Crowns"})
    assert move.legal and move.removed == {"Arms-5"}, f"Arms-5 should be cut off: {set(move.removed)}"
    assert move.mover_killed and move.killed == ("Moons",), "the mover's pawn survived its own split"
    assert move.attacks == (), "a dead mover still attacked"
    # With the Moon pawn elsewhere the same move attacks Arms-3: Moons-5 + Moons-2 v 3.
    alive = A.tile_move_preview(ZIGZAG, "Moons-5", (5, -3), mover_suits=["Moons"], pawns={"Moons-2": "Moons"})
    assert [(a.defender, a.attack, a.defence) for a in alive.attacks] == [("Arms-3", 7, 3)], alive.attacks
    assert alive.attacks[0].spoils == (), "spoils offered though no Arms hand was given"
    hands = {"Arms": {"Arms": 3, "Crowns": 1}}
    won = A.tile_move_preview(ZIGZAG, "Moons-5", (5, -3), mover_suits=["Moons"], pawns={"Moons-2": "Moons"},
                              hands=hands)
    assert won.attacks[0].spoils == ("Arms", "Crowns"), "the winner may take any coin of the loser"
    # If the same split kills the Arms player, their coins leave play: nothing to take.
    dead = A.tile_move_preview(ZIGZAG, "Moons-5", (5, -3), mover_suits=["Moons"],
                               pawns={"Moons-2": "Moons", "Arms-5": "Arms"}, hands=hands)
    assert dead.killed == ("Arms",) and dead.attacks[0].succeeds, "the Arms pawn should die, the attack win"
    assert dead.attacks[0].spoils == (), "a coin was taken from a player killed by the split"


# ------------------------------------------------------------------ all_tile_moves against the rules

@st.composite
def tile_moves(draw):
    positions = draw(boards(min_tiles=2, max_tiles=10))
    names = sorted(positions)
    tile = draw(st.sampled_from(names))
    mover = draw(st.sampled_from((R.suit_of(tile),) * 2 + SUITS))   # often the tile's owner, who attacks
    on = draw(st.lists(st.sampled_from(names), unique=True, max_size=4))
    pawns = {t: who for t, who in zip(on, draw(st.permutations(SUITS)))}
    return positions, tile, mover, pawns


def destination_ok(positions, tile, to):
    """Step 2 d, Board Creation 1.a-c and the same-side rule, by direct arithmetic."""
    others = {k: v for k, v in positions.items() if k != tile}
    if to == positions[tile] or any(B.overlaps(to, q) for q in others.values()):
        return False
    touched = touching(others, to)
    if not touched or any(B.whole_edge(to, q) for q in others.values()):
        return False
    if any(touching(others, others[t]) & touched for t in touched):
        return False
    before = B.contacts(positions, tile)
    return all(B.contact(to, others[n]) is None or B.contact(to, others[n])[0] != side
               for n, side in before.items())


@settings(max_examples=40, deadline=None)
@given(tile_moves())
def test_all_tile_moves_agrees_with_the_rules(case):
    positions, tile, mover, pawns = case
    moves = A.all_tile_moves(positions, tile, mover_suits=[mover], pawns=pawns)
    if A.pickup_problems(positions, tile, mover_suits=[mover]):
        assert moves == [], f"{tile} may not be picked up yet has destinations"
        return
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    expected = {(x, y) for x in range(min(xs) - 5, max(xs) + 6) for y in range(min(ys) - 5, max(ys) + 6)
                if destination_ok(positions, tile, (x, y))}
    assert {m.to for m in moves} == expected, f"{tile}: destinations differ from Step 2 on {positions}"
    own = {mover}
    for m in moves:
        moved = dict(positions, **{tile: m.to})
        parts = B.components(moved)
        assert m.stays | m.removed == set(positions) and not m.stays & m.removed, "split lost a tile"
        assert m.stays in parts and len(m.stays) == max(map(len, parts)), f"{set(m.stays)} is not a largest section"
        assert sorted(m.killed) == sorted(w for t, w in pawns.items() if t in m.removed), "wrong pawns killed"
        attacked = set()
        if tile in m.stays and not m.mover_killed and R.suit_of(tile) in own and R.value_of(tile) != 0:
            attacked = {t for t in touching(m.positions, m.to, skip={tile})
                        if R.suit_of(t) not in own and R.value_of(t) > 1}
        assert {a.defender for a in m.attacks} == attacked, f"moving {tile} to {m.to} attacks the wrong tiles"
        for a in m.attacks:
            near = touching(m.positions, m.positions[a.defender], skip={a.defender})
            attack = sum(R.value_of(t) for t in near if R.suit_of(t) in own)
            defence = R.value_of(a.defender) + sum(R.value_of(t) for t in near
                                                   if R.suit_of(t) == R.suit_of(a.defender))
            assert (a.attack, a.defence) == (attack, defence), f"attack on {a.defender}: {a}"
            assert a.succeeds == (attack > defence), "a tie must go to the defender"
