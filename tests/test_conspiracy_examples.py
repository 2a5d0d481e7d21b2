"""Conspiracy: the rulebook's worked examples, played through the engine.

Each test drives :class:`~explorer.games.conspiracy.rules.ConspiracyState` with actions
(decisions and chance outcomes alike) and checks what the rulebook says must happen:

- Time Marches On 4 (the column check) and 5.a-c (the advance), both as the round's
  check and as the Advance Column action (Take Actions 5.e);
- Take Actions 5.d.iv (revealing a tile: the Arms-4 tile leaves, a Suns-2 would stay);
- Declare Progress or Victory 10 (Moons & 3 wins on Suns-3 + marked Moons-2, not on
  Suns-2 + Moons-3), with 9.a's one-round wait;
- Determine Player Order 1-3 (coins 3, 2, 2, none) and 4-4.b (two spiral holders);
- the Extended Example's setup and rounds 1-2, replayed from
  ``data/examples/conspiracy-extended-example.json`` (its chapters say which passages fix
  which actions and what was reconstructed where the converted text lost the figures).

Mid-game positions for the first four groups are built by :func:`staged`, which sets a
fresh state's fields the way ``rules.py`` stores them and then runs the game's own
invariant check on the result, so a staged state is one the engine could have reached.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from explorer.engine import CHANCE, TERMINAL, GameRecord, options_from_dict
from explorer.games.conspiracy import GAME, ConspiracyOptions, check_invariants, new_game
from explorer.games.conspiracy import board
from explorer.games.conspiracy.actions import (
    Choose, Column, EndActions, Give, GiveTo, Goal, Mark, NewTile, NoMark, NoNewTile, Roll, Save,
    SaveNothing, Spot, TakeTurnNow, Target, TargetTile, Wait)
from explorer.games.conspiracy.rules import ALL_PIECES

A, B, C, D = 0, 1, 2, 3
EXAMPLE_FILE = Path(__file__).resolve().parents[1] / "data" / "examples" / "conspiracy-extended-example.json"


# -- helpers ------------------------------------------------------------------------------
def staged(*, tiles=None, coins=None, phase="action", turn_player=A, hand=(), slots=(A, B, C, D),
           round_=2, goals=None, marks=None, saved=None, given=None, spiral_pending=()):
    """A mid-game state, built by setting a new state's fields as rules.py keeps them.

    ``tiles``: {(column, row): (name, face_up, placed_by)}; ``coins``: {(x, y): (name,
    direction, symbol_up, placed_by)}.  Tiles not on the board are shared out among the
    hands, coins not on the board nor held go to the bag.  ``phase`` is "action" or "save"
    (the turn player is mid-turn) or "tmo" (the round's column checks are about to roll).
    """
    s = new_game(ConspiracyOptions())
    s.tiles = {pos: board.TileSpot(n, up, by) for pos, (n, up, by) in (tiles or {}).items()}
    s.coins = {cell: board.CoinSpot(n, d, up, by, up) for cell, (n, d, up, by) in (coins or {}).items()}
    laid = {t.name for t in s.tiles.values()}
    rest = [t for t in ALL_PIECES if t not in laid]
    s.pool = ()
    s.tile_hands = tuple(tuple(sorted(rest[i::4])) for i in range(4))
    s.goal_draws = ((),) * 4
    s.goals = tuple(goals or [("Suns", 5)] * 4)
    s.marks = tuple(marks or [None] * 4)
    s.saved = tuple(saved or [None] * 4)
    s.given = tuple(tuple(g) for g in (given or [()] * 4))
    s.given_by = tuple((-1,) * len(g) for g in s.given)        # staged gifts: giver unknown
    hands = [()] * 4
    hands[turn_player] = tuple(hand)
    s.coin_hands = tuple(hands)
    held = ({c.name for c in s.coins.values()} | set(hand) | {c for c in s.saved if c}
            | {c for g in s.given for c in g})
    s.bag = tuple(c for c in ALL_PIECES if c not in held)
    s.round = round_
    s.slots = tuple(slots)
    s.active = slots[0]
    s.spiral_pending = tuple(spiral_pending)
    if phase == "tmo":
        s.phase_, s.player, s.tmo_column, s.turn_player = "tmo", CHANCE, 0, -1
    else:
        s.phase_, s.player, s.turn_player = phase, turn_player, turn_player
        s.next_slot = slots.index(turn_player) + 1 if turn_player in slots else 0
        s.done = tuple(slots[:s.next_slot]) if turn_player in slots else (turn_player,)
        s.ap = 2 if phase == "action" else 0
    check_invariants(s)
    return s


def events(state, section=None):
    """Texts of the events the last action caused (only those citing ``section``)."""
    return [e.text for e in state.events if section is None or e.rule.section == section]


def finish_turn(state):
    """Play out the current turn doing nothing: draw (first coins in the bag), end the
    actions, save nothing, mark nothing."""
    while state.phase == "draw":
        state = state.apply(state.legal_actions()[0])
    assert state.phase == "action", state.phase
    state = state.apply(EndActions())
    if state.phase == "save":
        state = state.apply(SaveNothing())
    if state.phase == "mark":
        state = state.apply(NoMark())
    return state


def face_up(state):
    return {pos for pos, spot in state.tiles.items() if spot.face_up}


# -- 1. Time Marches On 4: the column check example ----------------------------------------
# Column 1 (left) holds face-up Crowns-2, Arms-3 and Crowns-5 in its future rows and a
# face-down Arms-4 carrying a coin.  Arms-5 sits in the Present: Present tiles never count
# (Time Marches On 4), and neither does the face-down Arms-4, so an Arms die needs <= 3.
EXAMPLE_COLUMN = {
    (0, 0): ("Arms-5", True, D),
    (0, 1): ("Crowns-2", True, A),
    (0, 2): ("Arms-3", True, B),
    (0, 3): ("Arms-4", False, C),
    (0, 4): ("Crowns-5", True, D),
}
EXAMPLE_COLUMN_COINS = {(1, 6): ("Suns-2", "N", False, C)}     # on the Arms-4, pointing at the Arms-3
EXAMPLE_ROLL = Roll((1, 0, 4, 5))   # Suns symbol, Moons blank, Crowns 4, Arms 5


def test_column_check_example_advances_the_column_in_time_marches_on():
    s = staged(tiles=EXAMPLE_COLUMN, coins=EXAMPLE_COLUMN_COINS, phase="tmo", slots=(B, C, D, A))
    assert s.phase == "tmo" and s.current_player == CHANCE
    s = s.apply(EXAMPLE_ROLL)
    # Crowns 4 (under the Crowns-5) and the Suns symbol succeed; the Arms 5 and the blank fail.
    assert s.last_roll == (0, (1, 0, 4, 5), 2, True)
    assert any("2 successes" in t for t in events(s, "Time Marches On 4"))
    assert events(s, "Time Marches On 2-3") == ["column 1 advances"]
    # 5.a: a face-up tile is in Future 1, so the Present tile goes to the active player,
    # who in the round's check is the first player of the round (5.a.i): B here.
    assert any("Arms 5" in t and "Player 2" in t for t in events(s, "Time Marches On 5.a"))
    assert events(s, "Time Marches On 5.c")
    assert "Arms-5" in s.tile_hands[B] and all("Arms-5" not in s.tile_hands[q] for q in (A, C, D))
    # 5.c: every future tile moves up one row, face-down ones included, coins riding along.
    assert {pos: (spot.name, spot.face_up) for pos, spot in s.tiles.items()} == {
        (0, 0): ("Crowns-2", True), (0, 1): ("Arms-3", True),
        (0, 2): ("Arms-4", False), (0, 3): ("Crowns-5", True)}
    assert set(s.coins) == {(1, 4)} and s.coins[(1, 4)].name == "Suns-2"
    # The two empty columns are checked next; then the first player's turn begins.
    s = s.apply(Roll((0, 0, 0, 0)))
    assert s.last_roll == (1, (0, 0, 0, 0), 0, False)
    s = s.apply(Roll((0, 0, 0, 0)))
    assert s.phase == "draw" and s.turn_player == B


@pytest.mark.parametrize("faces, successes", [
    ((0, 0, 5, 4), 1),   # Arms 4: the face-down Arms-4 and the Present Arms-5 do not count
    ((0, 0, 5, 5), 1),   # Crowns 5 reaches the Crowns-5; Arms 5 is above the Arms-3
    ((2, 2, 0, 0), 0),   # no face-up Suns or Moons tile: their numbers always fail
    ((0, 0, 3, 3), 2),   # Crowns 3 and Arms 3 both reach
])
def test_column_check_counts_only_face_up_future_tiles(faces, successes):
    s = staged(tiles=EXAMPLE_COLUMN, coins=EXAMPLE_COLUMN_COINS, phase="tmo")
    after = s.apply(Roll(faces))
    assert after.last_roll == (0, faces, successes, successes >= 2)
    if successes < 2:
        assert after.tiles == s.tiles and after.coins == s.coins
        assert events(after, "Time Marches On 2-3") == ["column 1 does not advance"]
    else:
        assert after.tiles[(0, 0)].name == "Crowns-2"


def test_column_check_example_through_the_advance_column_action():
    s = staged(tiles=EXAMPLE_COLUMN, coins=EXAMPLE_COLUMN_COINS, turn_player=C, hand=("Moons-4",))
    s = s.apply(Choose("advance"))
    assert events(s, "Take Actions 5.e") and s.phase == "column"
    s = s.apply(Column(0))
    assert s.phase == "advance_roll" and s.current_player == CHANCE
    s = s.apply(EXAMPLE_ROLL)
    assert s.last_roll == (0, (1, 0, 4, 5), 2, True)
    # Time Marches On 5.a.ii: here the active player is the one who asked for the check.
    assert "Arms-5" in s.tile_hands[C] and "Arms-5" not in s.tile_hands[A]
    assert s.tiles[(0, 0)].name == "Crowns-2" and (0, 4) not in s.tiles
    # Both action points are spent: the turn moves on to saving coins.
    assert s.phase == "save" and s.ap == 0


# -- 2. Take Actions 5.d.iv: the tile reveal example ----------------------------------------
REVEAL_COINS = {
    (2, 2): ("Arms-3", "N", True, A),
    (3, 2): ("Crowns-ace", "N", True, C),
    (2, 3): ("Moons-null", "N", True, D),
    (3, 3): ("Arms-5", "NW", False, A),      # number side up: ignored
}


def reveal_example_tile(tile):
    s = staged(tiles={(1, 1): (tile, False, C)}, coins=REVEAL_COINS, turn_player=B,
               hand=("Suns-5", "Moons-4"))
    s = s.apply(Choose("reveal_tile"))
    assert s.legal_actions() == [TargetTile(1, 1)]
    s = s.apply(TargetTile(1, 1))
    assert s.phase == "give"
    s = s.apply(Give("Suns-5"))
    assert s.phase == "give_to"
    return s.apply(GiveTo(D))


def test_tile_reveal_example_arms_4_is_removed_to_the_active_player():
    s = reveal_example_tile("Arms-4")
    (text,) = events(s, "Take Actions 5.d.iv")
    # Arms-3 counts 3, the opposing Crowns ace -1, the neutral Moons blank 1: 3 < 4.
    assert "Arms 4" in text and "support 3" in text
    assert (1, 1) not in s.tiles and "Arms-4" in s.tile_hands[B]
    # 5.d.iv.d: all four coins, the number-side-up one too, go back to the bag.
    assert s.coins == {}
    assert {"Arms-3", "Crowns-ace", "Moons-null", "Arms-5"} <= set(s.bag)
    # 5.d.ii: the payment went to the chosen player; two action points are used up.
    assert s.given[D] == ("Suns-5",) and s.coin_hands[B] == ("Moons-4",)
    assert s.phase == "save" and s.ap == 0


def test_tile_reveal_example_suns_2_stays_face_up():
    s = reveal_example_tile("Suns-2")
    (text,) = events(s, "Take Actions 5.d.iv")
    # Arms and Crowns are neutral to Suns (1 each); the Moons blank opposes but is worth -0.
    assert "Suns 2" in text and "support 2" in text
    assert s.tiles[(1, 1)] == board.TileSpot("Suns-2", True, C)
    assert "Suns-2" not in s.tile_hands[B]
    assert s.coins == {} and {"Arms-3", "Crowns-ace", "Moons-null", "Arms-5"} <= set(s.bag)


# -- 3. Declare Progress or Victory 10: the victory example -------------------------------------
WINNING_PRESENT = {(0, 0): ("Suns-3", True, A), (1, 0): ("Moons-2", True, B), (2, 0): ("Crowns-null", True, D)}
LOSING_PRESENT = {(0, 0): ("Suns-2", True, A), (1, 0): ("Moons-3", True, B), (2, 0): ("Crowns-null", True, D)}
MOONS_3 = [("Suns", 5), ("Suns", 5), ("Moons", 3), ("Suns", 5)]


def test_victory_example_wins_at_the_end_of_the_turn():
    s = staged(tiles=WINNING_PRESENT, turn_player=C, hand=("Arms-2",), goals=MOONS_3,
               marks=[None, None, ("Moons-2", 1), None], round_=2)
    assert s.has_won(C) and not s.is_terminal()
    s = s.apply(EndActions())
    assert s.phase == "save" and not s.is_terminal()     # not before the turn's end
    s = s.apply(SaveNothing())
    assert s.is_terminal() and s.current_player == TERMINAL
    assert s.result().winners == (C,) and s.result().reason == "victory"
    assert events(s, "Declare Progress or Victory 10")


def test_victory_example_needs_suit_and_number_on_two_tiles():
    s = staged(tiles=LOSING_PRESENT, turn_player=C, hand=("Arms-2",), goals=MOONS_3,
               marks=[None, None, ("Moons-3", 1), None], round_=2)
    assert not s.has_won(C)
    s = s.apply(EndActions()).apply(SaveNothing())
    assert not s.is_terminal() and s.winner is None
    assert s.phase == "draw" and s.turn_player == D           # the next player's turn


def test_victory_needs_the_mark_from_an_earlier_round():
    # Declare Progress or Victory 9.a: marked this very round, so not yet.
    s = staged(tiles=WINNING_PRESENT, turn_player=C, hand=("Arms-2",), goals=MOONS_3,
               marks=[None, None, ("Moons-2", 2), None], round_=2)
    assert not s.has_won(C)
    assert not s.apply(EndActions()).apply(SaveNothing()).is_terminal()
    # Unmarked: the player may mark a tile showing the suit or the number, then waits.
    s = staged(tiles=WINNING_PRESENT, turn_player=C, hand=("Arms-2",), goals=MOONS_3, round_=2)
    s = s.apply(EndActions()).apply(SaveNothing())
    assert s.phase == "mark" and s.legal_actions() == [Mark(0), Mark(1), NoMark()]
    s = s.apply(Mark(1))
    assert s.marks[C] == ("Moons-2", 2) and not s.is_terminal()
    assert events(s, "Declare Progress or Victory 9")


# -- 4. Determine Player Order: the two examples ----------------------------------------------
def test_player_order_example_coins_3_2_2_and_none():
    # Round 1 ends with B's turn; D saved a 3, A and C a 2 each, B saves nothing.
    s = staged(phase="save", turn_player=B, hand=("Suns-5",), slots=(D, A, C, B), round_=1,
               saved=["Moons-2", None, "Crowns-2", "Suns-3"])
    s = s.apply(SaveNothing())
    # Declare Progress 9: the mark step comes even with nothing to mark (it tells no one the goal)
    assert s.phase == "mark" and s.legal_actions() == [NoMark()]
    s = s.apply(NoMark())
    assert s.round == 2 and s.phase == "order_rolloff" and s.rolloff == (A, C)
    s = s.apply(Roll((1, 4)))          # A rolls the symbol (1), C rolls 4
    assert events(s, "Determine Player Order 2") == ["roll-off: Player 1 rolls 1, Player 3 rolls 4"]
    assert s.slots == (D, C, A, B)
    assert "turn order: Player 4, Player 3, Player 1, Player 2" in events(s, "Determine Player Order 1")
    assert s.turn_player == D and s.coin_hands[D] == ("Suns-3",)   # 3 first, picking up the 3
    played = []
    while s.round == 2:
        played.append(s.turn_player)
        s = finish_turn(s)
    assert played == [D, C, A, B]


def spiral_round_start():
    """End of a round 1 in which A and B saved spirals, C a 4 and D a 2; B plays last and
    saves the spiral (an unexpected effect check), then round 2 begins."""
    s = staged(phase="save", turn_player=B, hand=("Moons-ace", "Suns-5"), slots=(A, C, D, B), round_=1,
               tiles={(0, 1): ("Moons-4", False, C)}, saved=["Suns-ace", None, "Crowns-4", "Arms-2"])
    s = s.apply(Save("Moons-ace"))
    assert s.phase == "unexpected" and events(s, "Save/Discard Coins 7")
    s = s.apply(Spot(2, 5)).apply(NoMark())
    assert s.round == 2 and s.slots == (C, D) and s.spiral_pending == (A, B)
    assert events(s, "Determine Player Order 4")
    # The column checks come first; the spiral holders decide after seeing them.
    assert s.phase == "tmo"
    for _ in range(3):
        s = s.apply(Roll((0, 0, 0, 0)))
    return s


def test_spiral_example_b_wins_the_roll_off_and_a_cuts_in_ahead_of_d():
    s = spiral_round_start()
    assert s.phase == "spiral_choice" and s.current_player == A
    s = s.apply(TakeTurnNow())
    assert s.phase == "spiral_choice" and s.current_player == B
    s = s.apply(TakeTurnNow())
    assert s.phase == "spiral_rolloff" and s.rolloff == (A, B)
    s = s.apply(Roll((0, 2)))          # A rolls a blank, B a 2
    assert events(s, "Determine Player Order 4.a")
    assert s.turn_player == B and s.coin_hands[B] == ("Moons-ace",)
    played = [B]
    s = finish_turn(s)
    # The loser of the roll-off may still cut in later: A is asked again, and waits.
    assert s.phase == "spiral_choice" and s.current_player == A
    s = s.apply(Wait())
    assert s.turn_player == C
    played.append(C)
    s = finish_turn(s)
    assert s.phase == "spiral_choice" and s.current_player == A
    s = s.apply(TakeTurnNow())
    assert s.turn_player == A and s.coin_hands[A] == ("Suns-ace",)
    played.append(A)
    s = finish_turn(s)
    assert s.turn_player == D and s.spiral_pending == ()
    played.append(D)
    s = finish_turn(s)
    assert played == [B, C, A, D] and s.round == 3


def test_spiral_holder_who_never_cuts_in_plays_last():
    # Determine Player Order 4.b, continuing the example with A waiting every time.
    s = spiral_round_start()
    s = s.apply(TakeTurnNow()).apply(TakeTurnNow()).apply(Roll((0, 2)))
    s = finish_turn(s)                                   # B's turn
    s = s.apply(Wait())
    assert s.turn_player == C
    s = finish_turn(s)
    s = s.apply(Wait())
    assert s.turn_player == D
    s = finish_turn(s)
    assert s.turn_player == A and s.round == 2 and s.spiral_pending == ()
    assert events(s, "Determine Player Order 4.b")
    s = finish_turn(s)
    assert s.round == 3


# -- 5. The Extended Example, setup and rounds 1-2 ----------------------------------------------
@dataclass
class Example:
    data: dict
    record: GameRecord
    states: list
    ends: dict

    def after(self, key):
        return self.states[self.ends[key]]

    def start(self, key):
        keys = list(self.ends)
        i = keys.index(key)
        return 0 if i == 0 else self.ends[keys[i - 1]]

    def before(self, key, action, nth=0):
        """The state just before the ``nth`` occurrence of ``action`` in chapter ``key``."""
        hits = [i for i in range(self.start(key), self.ends[key]) if self.record.actions[i] == action]
        return self.states[hits[nth]]

    def during(self, key):
        """The states reached by the actions of chapter ``key``."""
        return self.states[self.start(key) + 1: self.ends[key] + 1]


@pytest.fixture(scope="module")
def example():
    data = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    actions, ends = [], {}
    for chapter in data["chapters"]:
        actions += [GAME.codec.decode(a, f"{chapter['key']} action {i}") for i, a in enumerate(chapter["actions"])]
        ends[chapter["key"]] = len(actions)
    record = GameRecord(data["game"], options_from_dict(ConspiracyOptions, data["options"]), data["seed"],
                        tuple(actions))
    return Example(data, record, record.states(), ends)


def test_extended_example_file_documents_and_replays(example):
    keys = [c["key"] for c in example.data["chapters"]]
    assert keys == ["deal", "goal_draws", "goals", "r1_order", "r1_A", "r1_D", "r1_B", "r1_C",
                    "r2_tmo", "r2_A", "r2_C", "r2_D", "r2_B"]
    assert "Extended Example" in example.data["source"]
    for chapter in example.data["chapters"]:
        assert "Extended Example" in chapter["source"] and chapter["reconstructed"], chapter["key"]
    # A plain record of the same actions saves, loads and replays to the same end.
    loaded = GameRecord.loads(example.record.dumps())
    assert loaded == example.record and loaded.validate() == example.states[-1]
    for s in example.states:
        check_invariants(s)


def test_extended_example_setup(example):
    dealt = example.after("deal")
    assert dealt.phase == "goal_draw" and dealt.pool == ()
    assert [len(h) for h in dealt.tile_hands] == [6, 6, 6, 6]
    for seat, tiles in ((A, {"Arms-5", "Moons-null", "Arms-null"}), (B, {"Moons-3"}), (C, {"Crowns-3"}),
                        (D, {"Crowns-ace", "Arms-ace"})):
        assert tiles <= set(dealt.tile_hands[seat])
    drawn = example.after("goal_draws")
    assert drawn.phase == "goal" and len(drawn.bag) == 12
    # The goals offered are the drawn coins' suits times their numbers.
    assert set(drawn.legal_actions()) == {Goal(s, n) for s in ("Suns", "Arms", "Moons") for n in (0, 4)}
    chosen = example.after("goals")
    assert chosen.goals == (("Arms", 0), ("Moons", 4), ("Suns", 3), ("Crowns", 3))
    assert len(chosen.bag) == 24 and chosen.round == 1      # goal coins back in the bag


def test_extended_example_round_1_order(example):
    s = example.after("r1_order")
    assert s.slots == (A, D, B, C)
    assert s.turn_player == A and s.phase == "draw"
    assert events(s, "Time Marches On 1")                   # no column check in round 1


def test_extended_example_round_1_player_a(example):
    s = example.after("r1_A")
    assert s.tiles == {(2, 1): board.TileSpot("Moons-null", False, A)}
    assert s.coins[(4, 2)].name == "Crowns-2" and s.coins[(5, 3)].name == "Crowns-3"
    # The chain leads back to the Present: the 3 points at the 2, the 2 at the Present row.
    assert board.target_cell(5, 3, s.coins[(5, 3)].direction) == (4, 2)
    assert board.target_cell(4, 2, s.coins[(4, 2)].direction)[1] <= 1
    assert s.saved[A] == "Arms-5" and s.turn_player == D


def test_extended_example_round_1_player_d(example):
    s = example.after("r1_D")
    assert s.tiles[(0, 1)] == board.TileSpot("Crowns-ace", False, D)
    assert s.tiles[(1, 1)] == board.TileSpot("Arms-ace", False, D)
    assert s.coins[(1, 2)].name == "Moons-2" and s.coins[(3, 2)].name == "Arms-3"
    assert s.saved[D] == "Crowns-4" and s.coin_hands[D] == () and s.turn_player == B


def test_extended_example_round_1_player_b_attacks_with_the_spiral(example):
    # No coin reaches the Future 2 squares below D's tiles, so the Moon-3 tile can only go
    # under A's tile, next to A's second coin (the narration's reason for B's choice).
    s = example.before("r1_B", Choose("place"))
    assert s.apply(Choose("place")).legal_actions() == [NoNewTile(), NewTile(2, 2)]
    s = example.after("r1_B")
    assert s.tiles[(2, 2)] == board.TileSpot("Moons-3", False, B)
    assert s.coins[(5, 4)].name == "Moons-3" and s.coins[(4, 4)].name == "Crowns-ace"
    # The Moon-0 went to D (set aside, apart from D's saved coin).
    assert s.given[D] == ("Moons-null",) and s.saved[D] == "Crowns-4"
    # The unexpected effect hit an empty spot; the wild spiral removed A's 3 coin.
    assert s.last_spot == (0, 4)
    assert (5, 3) not in s.coins and "Crowns-3" in s.bag
    assert s.saved[B] is None and s.coin_hands[B] == ()
    texts = [(e.rule.section, e.text) for st in example.during("r1_B") for e in st.events]
    sections = [sec for sec, _ in texts]
    assert sections.index("Unexpected Effects 2-4") < sections.index("Take Actions 5.c.iii.b")
    assert any("no effect" in t for sec, t in texts if sec == "Unexpected Effects 2-4")


def test_extended_example_round_1_c_cannot_see_the_suits_of_the_other_3s(example):
    s = example.before("r1_C", Choose("place"))
    assert s.turn_player == C and "Suns-3" in s.coin_hands[C]
    view = {(c["x"], c["y"]): c for c in s.observation(C)["coins"]}
    threes = {cell for cell, c in view.items() if c["value"] == "3"}
    assert threes == {(3, 2), (5, 4)}
    assert all(view[cell]["suit"] is None for cell in threes)


def test_extended_example_round_1_player_c_saved_spiral_flips_the_middle_tile(example):
    s = example.after("r1_C")
    assert s.tiles[(1, 1)] == board.TileSpot("Arms-ace", True, D)
    assert s.tiles[(1, 2)] == board.TileSpot("Crowns-3", False, C)
    assert s.coins[(2, 4)].name == "Suns-3"
    assert not any(board.tile_of(*cell) == (1, 1) for cell in s.coins)
    assert {"Arms-3", "Arms-4"} <= set(s.bag)
    assert s.saved == ("Arms-5", None, "Suns-ace", "Crowns-4")
    texts = [e.text for st in example.during("r1_C") for e in st.events
             if e.rule.section == "Unexpected Effects 2-4"]
    assert len(texts) == 1 and "Arms spiral" in texts[0] and "2 coins return" in texts[0]


def test_extended_example_round_2_order_and_column_checks(example):
    s = example.after("r1_C")
    assert s.round == 2 and s.phase == "tmo"
    assert s.slots == (A, D, B) and s.spiral_pending == (C,)
    checks = [st.last_roll for st in example.during("r2_tmo")]
    assert [(col, n, adv) for col, _, n, adv in checks] == [(0, 1, False), (1, 2, True), (2, 2, True)]
    s = example.after("r2_tmo")
    # Left: unchanged.  Middle: Arms-1 to the Present, the face-down Crown-3 up to Future 1.
    assert s.tiles[(0, 1)] == board.TileSpot("Crowns-ace", False, D) and s.coins[(1, 2)].name == "Moons-2"
    assert s.tiles[(1, 0)] == board.TileSpot("Arms-ace", True, D)
    assert s.tiles[(1, 1)] == board.TileSpot("Crowns-3", False, C) and (1, 2) not in s.tiles
    assert s.coins[(2, 2)].name == "Suns-3"
    # Right: the face-down Future 1 tile goes to A (first player) and its coin to the bag.
    assert "Moons-null" in s.tile_hands[A] and "Crowns-2" in s.bag
    assert s.tiles[(2, 1)] == board.TileSpot("Moons-3", False, B) and (2, 2) not in s.tiles
    assert s.coins[(5, 2)].name == "Moons-3" and s.coins[(4, 2)].name == "Crowns-ace"
    # C may cut in before A.
    assert s.phase == "spiral_choice" and s.current_player == C


def test_extended_example_round_2_player_a(example):
    before_mark = example.before("r2_A", Mark(1))
    assert before_mark.phase == "mark" and before_mark.legal_actions() == [Mark(1), NoMark()]
    s = example.after("r2_A")
    assert s.coins[(3, 3)].name == "Suns-4"
    assert s.tiles[(1, 2)] == board.TileSpot("Arms-null", False, A) and s.coins[(3, 4)].name == "Arms-5"
    assert s.saved[A] == "Moons-ace" and s.last_spot == (1, 5)
    assert s.marks[A] == ("Arms-ace", 2)
    assert s.phase == "spiral_choice" and s.current_player == C


def test_extended_example_round_2_player_c_reveals_a_coin_with_two_supporters(example):
    s = example.before("r2_C", Choose("reveal_coin"))
    assert s.turn_player == C
    ok, supporters = s.reveal_support((2, 2))
    assert ok and sorted(supporters) == [(2, 3), (3, 3)]           # Crown-2 and Sun-4: 6 > 3
    assert {Target(2, 2)} == set(s.apply(Choose("reveal_coin")).legal_actions())
    s = example.after("r2_C")
    revealed = s.coins[(2, 2)]
    assert revealed.name == "Suns-3" and revealed.symbol_up and revealed.direction == "N"
    assert s.given[D] == ("Moons-null", "Suns-ace") and s.saved[C] == "Moons-5"
    assert s.turn_player == D


def test_extended_example_round_2_player_d_reveals_with_a_lone_spiral(example):
    s = example.before("r2_D", Choose("place"))
    assert sorted(s.coin_hands[D]) == ["Crowns-4", "Crowns-5", "Moons-null", "Suns-ace", "Suns-null"]
    s = example.before("r2_D", Choose("reveal_coin"))
    assert s.tiles[(0, 2)] == board.TileSpot("Crowns-2", False, D)   # the back-up tile in column 1
    assert s.coins[(1, 4)].name == "Suns-ace"
    assert s.reveal_support((2, 3)) == (True, [(1, 4)])
    s = example.after("r2_D")
    assert s.coins[(2, 3)].name == "Crowns-2" and s.coins[(2, 3)].symbol_up
    assert s.given[C] == ("Moons-null",) and s.given[D] == ()
    assert s.saved[D] == "Crowns-5" and {"Crowns-4", "Suns-null"} <= set(s.bag)
    assert s.turn_player == B


def test_extended_example_round_2_player_b_reveals_crown_3_with_support_exactly_3(example):
    s = example.before("r2_B", Choose("reveal_tile"))
    assert s.legal_actions()[-1] == EndActions() and Choose("reveal_tile") in s.legal_actions()
    on_tile = {s.coins[c].name: s.coins[c].symbol_up for c in board.tile_cells(1, 1) if c in s.coins}
    assert on_tile == {"Suns-3": True, "Crowns-2": True, "Suns-4": False}
    texts = [e.text for st in example.during("r2_B") for e in st.events if e.rule.section == "Take Actions 5.d.iv"]
    assert len(texts) == 1 and "Crowns 3" in texts[0] and "support 3" in texts[0]
    s = example.after("r2_B")
    assert s.tiles[(1, 1)] == board.TileSpot("Crowns-3", True, C)
    assert not any(board.tile_of(*cell) == (1, 1) for cell in s.coins)
    assert {"Suns-3", "Crowns-2", "Suns-4"} <= set(s.bag)
    assert s.saved[B] == "Crowns-3" and s.given[A] == ("Arms-null",)


def test_extended_example_round_3_begins_with_c_and_d_tied_and_a_holding_a_spiral(example):
    s = example.states[-1]
    assert s.round == 3 and s.phase == "order_rolloff"
    assert s.saved == ("Moons-ace", "Crowns-3", "Moons-5", "Crowns-5")
    assert s.rolloff == (C, D) and s.spiral_pending == (A,)
    assert s.marks[A] == ("Arms-ace", 2)                       # A keeps half of his goal
    assert face_up(s) == {(1, 0), (1, 1)}
