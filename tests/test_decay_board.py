"""Decay's board geometry (explorer.games.decay.board): properties of boards grown by
legal placements, and the rulebook's placement, movability and slide figures.

The figures of the rulebook are lost in our text copy; only their YES/NO captions and a
few tile numbers survive.  Each figure test says which reading of the caption and the
surrounding rule it encodes.  Coordinates are quarter-tile units: a tile at (x, y)
covers [x, x+4] x [y, y+4], y to the north.
"""
from __future__ import annotations

import random

import pytest

from hypothesis import given, settings, strategies as st

from explorer.components.piecepack import RANKS, STANDARD, piece_name
from explorer.games.decay import board as B

NAMES = tuple(piece_name(s, r) for s in STANDARD.suits for r in RANKS)   # the 24 tiles


def grow_board(names, choices):
    """A board built as in Board Creation: the first tile at (0, 0), then each tile at
    the legal placement picked by ``choices`` (an index, taken modulo the number)."""
    positions = {names[0]: (0, 0)}
    for name, choice in zip(names[1:], choices, strict=False):
        spots = B.legal_placements(positions)
        assert spots, f"no legal placement left for {name} on {positions}"
        positions[name] = spots[choice % len(spots)]
    return positions


@st.composite
def boards(draw, min_tiles=1, max_tiles=24):
    names = draw(st.permutations(NAMES))
    n = draw(st.integers(min_tiles, max_tiles))
    choices = draw(st.lists(st.integers(0, 10_000), min_size=n - 1, max_size=n - 1))
    return grow_board(names[:n], choices)


def seeded_boards(count, tiles=24, seed=0):
    rng = random.Random(seed)
    for _ in range(count):
        names = rng.sample(NAMES, tiles)
        yield grow_board(names, [rng.randrange(10_000) for _ in names[1:]])


def touching(positions, at, skip=()):
    """The tiles a tile at ``at`` would touch (sides only), by direct arithmetic."""
    out = set()
    for name, (x, y) in positions.items():
        if name in skip:
            continue
        dx, dy = abs(x - at[0]), abs(y - at[1])
        if (dx == 4 and dy < 4) or (dy == 4 and dx < 4):
            out.add(name)
    return out


def shifted(pos, side, d):
    return pos[0] + B.STEP[side][0] * d, pos[1] + B.STEP[side][1] * d


# ------------------------------------------------------------------ contacts and graph

@settings(max_examples=40, deadline=None)
@given(boards())
def test_contacts_are_symmetric_and_the_adjacency_graph_matches_them(positions):
    graph = B.adjacency(positions)
    assert set(graph.nodes) == set(positions), "the adjacency graph lost or invented tiles"
    for a, pa in positions.items():
        assert B.touched_sides(positions, a) == set(B.contacts(positions, a).values()), \
            f"touched_sides({a}) disagrees with contacts()"
        for b, pb in positions.items():
            if a == b:
                continue
            ab, ba = B.contact(pa, pb), B.contact(pb, pa)
            assert (ab is None) == (ba is None), f"{a} touches {b} but not the other way round"
            assert graph.has_edge(a, b) == (ab is not None), f"graph edge {a}-{b} disagrees with contact()"
            if ab is None:
                assert b not in B.contacts(positions, a), f"contacts() lists {b} for {a} without contact"
                continue
            assert ba[0] == B.OPPOSITE[ab[0]], f"{a} touches {b} on {ab[0]} but {b} touches {a} on {ba[0]}"
            assert ab[1] == ba[1] and 0 < ab[1] <= B.SIZE, f"contact length of {a}-{b} is {ab[1]} vs {ba[1]}"
            assert B.contacts(positions, a)[b] == ab[0], f"contacts() gives the wrong side of {a} for {b}"
            edge = graph.edges[a, b]
            assert edge["sides"] == {a: ab[0], b: ba[0]}, f"edge {a}-{b} records sides {edge['sides']}"
            assert edge["overlap"] == ab[1], f"edge {a}-{b} records length {edge['overlap']}, not {ab[1]}"


def test_corners_alone_do_not_touch():
    assert B.contact((0, 0), (4, 4)) is None, "tiles meeting at a corner were counted as touching"
    assert B.contact((0, 0), (4, 3)) == ("E", 1), "a quarter of an edge in common must count as touching"
    assert B.overlaps((0, 0), (3, 3)) and not B.overlaps((0, 0), (4, 0)), "overlap test is off"


# ------------------------------------------------------------------ Board Creation 1.a-c

@settings(max_examples=40, deadline=None)
@given(boards())
def test_a_board_grown_by_legal_placements_is_sound_and_connected(positions):
    names = list(positions)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not B.overlaps(positions[a], positions[b]), f"{a} and {b} lie on top of each other"
            assert not B.whole_edge(positions[a], positions[b]), f"{a} and {b} share a whole edge"
    assert B.is_connected(positions), "a board built by legal placements fell apart"
    assert len(B.components(positions)) == 1, "components() sees more than one section"


@settings(max_examples=25, deadline=None)
@given(boards(max_tiles=16))
def test_legal_placements_are_the_positions_that_obey_1a_to_1c(positions):
    legal = set(B.legal_placements(positions))
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    for x in range(min(xs) - 5, max(xs) + 6):
        for y in range(min(ys) - 5, max(ys) + 6):
            at = (x, y)
            touched = touching(positions, at)
            obeys = (not any(B.overlaps(at, q) for q in positions.values())          # no stacking
                     and bool(touched)                                              # 1.a
                     and not any(touching(positions, positions[t]) & touched for t in touched)  # 1.b
                     and not any(B.whole_edge(at, q) for q in positions.values()))  # 1.c
            assert (at in legal) == obeys, (
                f"{at} is {'offered' if at in legal else 'refused'} by legal_placements but "
                f"{'obeys' if obeys else 'breaks'} Board Creation 1.a-c on {positions}")
            assert (B.placement_problem(positions, at) is None) == obeys, \
                f"placement_problem({at}) disagrees with Board Creation 1.a-c"


@settings(max_examples=25, deadline=None)
@given(boards(min_tiles=2))
def test_finding_1b_only_bites_once_a_whole_edge_exists(positions):
    """With quarter offsets, three tiles cannot all touch each other unless two of them
    share a whole edge; so on a board without whole edges no placement is refused by
    1.b alone (1.c refuses it first).  A whole edge can still arise from Step 3 slides,
    and the 1.b figure test below builds one."""
    for at in B.candidate_positions(positions):
        reason = B.placement_problem(positions, at)
        assert reason is None or "touch each other" not in reason, \
            f"1.b refused {at} on a board with no whole edge: {reason}"


def test_figure_1a_a_new_tile_must_touch_the_board():
    # YES: 3 laid against 2 with an offset; NO: 3 set apart from 2 (or only at a corner).
    board = {"Suns-2": (0, 0)}
    assert B.placement_problem(board, (4, 1)) is None, "a tile against the board was refused (1.a YES)"
    for far in [(9, 0), (4, 4), (0, -8)]:
        reason = B.placement_problem(board, far)
        assert reason is not None and "must touch" in reason, f"a tile at {far} touching nothing was allowed"


def test_figure_1b_touched_tiles_must_not_touch_each_other():
    # YES (the 2-3 / 4-5 block): 5 touches 3 and 4, which do not touch each other.
    board = {"Suns-2": (0, 0), "Suns-3": (4, 1), "Suns-4": (1, -4)}
    assert B.contact(board["Suns-3"], board["Suns-4"]) is None
    assert touching(board, (5, -3)) == {"Suns-3", "Suns-4"}
    assert B.placement_problem(board, (5, -3)) is None, "touching two tiles that do not touch was refused"
    # NO: a tile across two tiles that touch each other.  Two such tiles must share a
    # whole edge for a third to touch both (see the finding above), as after a slide.
    pair = {"Suns-2": (0, 0), "Suns-3": (4, 0)}
    reason = B.placement_problem(pair, (2, 4))
    assert reason is not None and "touch each other" in reason, f"1.b NO figure was allowed: {reason}"


def test_figure_1c_whole_edges_are_refused_and_a_quarter_offset_is_enough():
    board = {"Suns-2": (0, 0)}
    for at in [(4, 0), (0, 4), (-4, 0), (0, -4)]:
        reason = B.placement_problem(board, at)
        assert reason is not None and "whole edge" in reason, f"aligned edges at {at} were allowed (1.c NO)"
    for at in [(4, 1), (4, -1), (1, 4), (-3, -4), (-4, 3)]:
        assert B.placement_problem(board, at) is None, f"an offset of a quarter or more at {at} was refused"
    assert B.placement_problem(board, (2, 2)) is not None, "a tile on top of another was allowed"


# ------------------------------------------------------------------ Step 2: which tiles may be picked up

@settings(max_examples=40, deadline=None)
@given(boards())
def test_may_pick_up_follows_the_touched_sides(positions):
    for name in positions:
        sides = B.touched_sides(positions, name)
        if len(sides) == 2:
            a, b = sorted(sides)
            expected = B.OPPOSITE[a] != b          # two sides that meet at a corner
        else:
            expected = len(sides) <= 1
        assert B.may_pick_up(positions, name) == expected, \
            f"{name} touched on {sorted(sides)}: may_pick_up should be {expected}"
        assert B.may_pick_up(positions, name, opposite_counts_as_adjacent=True) == (len(sides) <= 2), \
            f"{name} touched on {sorted(sides)}: with the option, two sides of any kind should do"


def test_figure_movable_tiles():
    # Reading of the YES / NO / NO figure: what counts is which sides are touched, not
    # how many tiles.  YES: three tiles, all on the north and east sides.
    centre = (0, 0)
    yes = {"Moons-2": centre, "Suns-3": (-3, 4), "Suns-4": (2, 4), "Arms-5": (4, -1)}
    assert B.touched_sides(yes, "Moons-2") == {"N", "E"}
    assert B.may_pick_up(yes, "Moons-2"), "a tile touched only on two adjacent sides could not be moved"
    # NO: touched on three sides.
    three = dict(yes, **{"Crowns-5": (-1, -4)})
    assert B.touched_sides(three, "Moons-2") == {"N", "E", "S"}
    assert not B.may_pick_up(three, "Moons-2"), "a tile touched on three sides could be moved"
    # NO (our reading): two opposite sides are not "2 adjacent sides"; a rule option allows it.
    opposite = {"Moons-2": centre, "Suns-3": (1, 4), "Crowns-5": (-1, -4)}
    assert B.touched_sides(opposite, "Moons-2") == {"N", "S"}
    assert not B.may_pick_up(opposite, "Moons-2"), "a tile touched on opposite sides could be moved"
    assert B.may_pick_up(opposite, "Moons-2", opposite_counts_as_adjacent=True), "the option was ignored"
    # All four sides: never.
    four = {"Moons-2": centre, "Suns-3": (1, 4), "Arms-5": (4, -1), "Crowns-5": (-1, -4), "Arms-ace": (-4, 1)}
    assert B.touched_sides(four, "Moons-2") == set(B.SIDES)
    assert not B.may_pick_up(four, "Moons-2", opposite_counts_as_adjacent=True), "a boxed-in tile could be moved"
    # One side, or none (a lone tile): always.
    assert B.may_pick_up({"Moons-2": centre, "Suns-3": (1, 4)}, "Moons-2")
    assert B.may_pick_up({"Moons-2": centre}, "Moons-2")


# ------------------------------------------------------------------ Step 3: slides

def allowed_slide(positions, name, side, d):
    """Step 3, stated directly: the way to distance ``d`` is clear (no overlap, no new
    contact before ``d``), and at ``d`` the tile overlaps nothing, touches at least two
    of its original neighbours and leaves the board in one piece."""
    original = set(B.contacts(positions, name))
    start = positions[name]
    for e in range(1, d):
        at = shifted(start, side, e)
        if any(B.overlaps(at, q) for k, q in positions.items() if k != name):
            return False
        if touching(positions, at, skip={name}) - original:
            return False
    at = shifted(start, side, d)
    if any(B.overlaps(at, q) for k, q in positions.items() if k != name):
        return False
    if len(touching(positions, at, skip={name}) & original) < 2:
        return False
    return B.is_connected(dict(positions, **{name: at}))


def check_slides(positions):
    """Assert Step 3 for every slidable tile; return how many slides were offered."""
    offered = 0
    for name, start in positions.items():
        sides = B.touched_sides(positions, name)
        side = B.slide_side(positions, name)
        if len(sides) != 3:
            assert side is None and B.slide_stops(positions, name) == [], \
                f"{name}, touched on {sorted(sides)}, was offered a slide"
            continue
        assert side is not None and side not in sides, f"{name} would slide toward a touched side {side}"
        stops = B.slide_stops(positions, name)
        # the Layout reckons slides from the offsets instead of stepping: same answer
        assert B.Layout(positions).slide_stops(name) == stops, name
        original = set(B.contacts(positions, name))
        for d, at in stops:
            assert at == shifted(start, side, d), f"{name} slid {d} to {at}, off its line"
            others = {k: q for k, q in positions.items() if k != name}
            assert not any(B.overlaps(at, q) for q in others.values()), f"{name} slid onto a tile at {at}"
            assert len(touching(others, at) & original) >= 2, f"{name} at {at} lost its original neighbours"
            assert B.is_connected(dict(positions, **{name: at})), f"sliding {name} to {at} split the board"
            for e in range(1, d):
                assert not touching(others, shifted(start, side, e)) - original, \
                    f"{name} slid past a new contact at distance {e} to reach {d}"
        expected = [d for d in range(1, 3 * B.SIZE) if allowed_slide(positions, name, side, d)]
        assert [d for d, _ in stops] == expected, f"{name}: slide stops {stops}, Step 3 allows {expected}"
        offered += len(stops)
    return offered


@settings(max_examples=40, deadline=None)
@given(boards(min_tiles=4))
def test_slides_follow_step_3(positions):
    check_slides(positions)


def test_slides_do_occur_on_grown_boards():
    offered = sum(check_slides(p) for p in seeded_boards(25, seed=3))
    assert offered > 0, "no slide on 25 random 24-tile boards: the slide properties test nothing"


def test_figure_slide_candidates():
    # Reading of the slide figure: a tile touched on three sides (here W, E and S) slides
    # toward its free side (N), as far as it keeps two original neighbours, and stops at
    # the first tile it comes to touch.
    board = {"Moons-3": (0, 0), "Suns-2": (-4, 2), "Crowns-5": (4, 1), "Arms-4": (1, -4), "Arms-2": (5, -3)}
    assert B.slide_side(board, "Moons-3") == "N", "the free side of the slid tile should be north"
    assert [d for d, _ in B.slide_stops(board, "Moons-3")] == [1, 2, 3, 4], \
        "Moons-3 should slide 1-4 quarters north before losing Crowns-5"
    ahead = dict(board, **{"Suns-5": (-3, 6)})           # in the way: met after 2 quarters
    assert [d for d, _ in B.slide_stops(ahead, "Moons-3")] == [1, 2], \
        "the slide did not stop at the tile in its way"
    beside = dict(board, **{"Suns-ace": (4, 6), "Crowns-4": (8, 3)})   # alongside after 3 quarters
    assert B.slide_side(beside, "Moons-3") == "N"
    assert [d for d, _ in B.slide_stops(beside, "Moons-3")] == [1, 2, 3], \
        "the slide went on past the first new contact (Suns-ace, on its east side)"
    for other in board:
        if other != "Moons-3":
            assert B.slide_stops(board, other) == [], f"{other} is not touched on three sides yet may slide"
    for positions in (board, ahead, beside):
        assert B.Layout(positions).slide_stops("Moons-3") == B.slide_stops(positions, "Moons-3")


def test_a_slide_that_would_split_the_board_is_refused():
    # The slide figure's board without Arms-2: Arms-4 hangs on Moons-3 alone, so every
    # slide north (which leaves Arms-4 behind) would cut it off.
    board = {"Moons-3": (0, 0), "Suns-2": (-4, 2), "Crowns-5": (4, 1), "Arms-4": (1, -4)}
    assert B.slide_side(board, "Moons-3") == "N"
    assert B.slide_stops(board, "Moons-3") == [], "a slide that cuts Arms-4 off was allowed"


# ------------------------------------------------------------------ Resolving a Split Game board

@settings(max_examples=40, deadline=None)
@given(boards(min_tiles=3, max_tiles=16), st.data())
def test_split_keeps_the_largest_section(positions, data):
    gone_tile = data.draw(st.sampled_from(sorted(positions)))
    rest = {k: v for k, v in positions.items() if k != gone_tile}
    keep_first = data.draw(st.lists(st.sampled_from(sorted(rest)), max_size=3))
    stay, removed = B.split(rest, keep_first)
    parts = B.components(rest)
    assert sorted(map(sorted, [stay, *removed])) == sorted(map(sorted, parts)), \
        "split() did not return the board's sections"
    assert len(stay) == max(map(len, parts)), f"a section of {len(stay)} stayed though a larger one exists"
    largest = [p for p in parts if len(p) == len(stay)]
    preferred = next((t for t in keep_first if any(t in p for p in largest)), None)
    if preferred is not None:
        assert preferred in stay, f"tie: the section of {preferred} (first in keep_first) should stay"


@settings(max_examples=40, deadline=None)
@given(boards(min_tiles=3, max_tiles=16), st.data())
def test_the_sections_after_a_move_are_the_moved_boards_components(positions, data):
    # Step 2.d: after a tile whose removal splits the board is put down elsewhere, the
    # sections are found from the search that saw the split (Layout.parts_after_move);
    # they must be the sections of the board after the move.
    lay = B.Layout(positions)
    lay.legal_spots()
    cutting = [t for t in sorted(positions) if lay.splits_without(t)]
    if not cutting:
        return
    tile = data.draw(st.sampled_from(cutting))
    spots = lay.put_downs(tile)
    if not spots:
        return
    to = data.draw(st.sampled_from(spots))
    after = lay.moved(tile, to)
    moved = {**positions, tile: to}
    got = after.parts_after_move(tile, lay.cut_without(tile))
    assert sorted(map(sorted, got)) == sorted(map(sorted, B.components(moved)))
    assert after.components() is got


def test_split_tie_goes_to_the_first_listed_tile():
    board = {"Suns-2": (0, 0), "Suns-3": (4, 1), "Moons-2": (20, 0), "Moons-3": (24, 1)}
    stay, removed = B.split(board, keep_first=["Moons-3"])
    assert stay == {"Moons-2", "Moons-3"} and removed == [{"Suns-2", "Suns-3"}], "tie rule ignored"
    stay, _ = B.split(board, keep_first=["Crowns-5", "Suns-3"])     # absent tiles are skipped
    assert stay == {"Suns-2", "Suns-3"}, "tie rule did not fall through to the next listed tile"
    stay, removed = B.split(dict(board, **{"Moons-4": (28, 2)}), keep_first=["Suns-2"])
    assert stay == {"Moons-2", "Moons-3", "Moons-4"}, "the tie rule overrode the larger section"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-12, 12), st.integers(-300, 300)), max_size=40),
       st.lists(st.tuples(st.integers(-12, 12), st.integers(-300, 300), st.integers(0, 2 ** 81 - 1)),
                max_size=6),
       st.lists(st.tuples(st.integers(-12, 12), st.integers(-300, 300), st.integers(0, 9)), max_size=6))
def test_spot_sets_answer_like_a_sorted_list(points, boxes, cuts):
    # The legal placements are kept as columns of bits (spots.SpotSet): every answer must
    # be the one a plain sorted list of (x, y) spots gives, also when a box or a cut lies
    # below every spot so far (the columns move to a lower base).
    from explorer.games.decay import spots as S
    keys = {S.key(x, y) for x, y in points}
    got = S.spot_set(keys)
    for x, y, mask in boxes:
        k = S.key(x, y)
        got.splice(k, mask)
        keys -= {S.key(x + i - 4, y + j - 4) for i in range(9) for j in range(9)}
        keys |= {S.key(x + i - 4, y + j - 4) for i in range(9) for j in range(9) if mask >> (9 * i + j) & 1}
    for x, y, rows in cuts:
        got.clear(x, y, rows)
        keys -= {S.key(x, y + j) for j in range(rows)}
    want = sorted(keys)
    assert got.keys() == want and len(got) == len(want) and bool(got) == bool(want)
    assert [got.nth(i) for i in range(len(want))] == want
    assert all(k in got for k in want)
    assert not any(S.key(x, y) in got for x in range(-14, 15, 3) for y in range(-310, 310, 7)
                   if S.key(x, y) not in keys)
    fresh = S.spot_set(want)
    assert fresh == got and fresh.copy() == got
    # dropping the spare end columns (after a split) keeps every answer
    trimmed = got.copy()
    trimmed.trim()
    assert trimmed == got and len(trimmed) == len(want) and [trimmed.nth(i) for i in range(len(want))] == want
    assert len(trimmed.cols) <= len(got.cols) and all(k in trimmed for k in want)
    if want:
        first, last = trimmed.span()
        assert trimmed.x0 >= first - 4 and trimmed.x0 + len(trimmed.cols) - 1 <= last + 4


def test_place_choices_read_like_the_list_of_place_actions():
    from explorer.games.decay import spots as S
    from explorer.games.decay.actions import Place, PickUp
    from explorer.games.decay.rules import PlaceChoices
    spots = [(-4, 1), (-4, 3), (0, 4), (5, -2)]
    choices = PlaceChoices(S.spot_set(S.key(x, y) for x, y in spots))
    assert None not in choices and object() not in choices      # before any action was read
    listed = [Place(x, y) for x, y in spots]
    assert len(choices) == 4 and choices == listed and list(choices) == listed
    assert choices[2] == Place(0, 4) and choices[-1] == Place(5, -2) and choices[1:3] == listed[1:3]
    assert Place(0, 4) in choices and Place(0, 5) not in choices and PickUp("Suns-2") not in choices
    assert choices.index(Place(5, -2)) == 3
    with pytest.raises(IndexError):
        choices[4]
