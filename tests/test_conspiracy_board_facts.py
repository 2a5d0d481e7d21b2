"""The per-board facts that Conspiracy's legal actions read (``board_facts``) are shared
between states and partly carried over from the board before a placement: along random
games they must always equal the facts computed afresh from the state's own board."""
import random

import pytest

from explorer.engine import get_game, uniform_policy
from explorer.games.conspiracy.board_facts import BoardFacts, facts_of

EXISTENCE = ("can_place", "can_place_on_new", "can_reveal", "tile_targets")
LISTS = EXISTENCE + ("marks", "placements", "new_tile_positions", "new_tile_positions_for_place", "free_squares",
                     "pointers", "reveal_targets", "attack_targets_from_board", "attack_targets_with_new_tile")


@pytest.mark.parametrize("check", ["lists", "existence"])
@pytest.mark.parametrize("options", [{"round_cap": 12}, {"players": 3, "columns": 4, "round_cap": 10}])
def test_shared_facts_equal_fresh_facts(options, check):
    """``lists`` reads every fact (so all are carried over); ``existence`` reads only what
    the action menu reads, leaving the rest to be worked out (or carried) as play needs it."""
    game = get_game("conspiracy")
    for seed in range(4):
        rng = random.Random(seed)
        s = game.initial_state(options)
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(s.sample_chance(rng))
                continue
            if s.phase in ("action", "cell", "target"):
                shared, fresh = facts_of(s), BoardFacts(s.tiles, s.coins, s.options)
                for name in (LISTS if check == "lists" else EXISTENCE):
                    assert getattr(shared, name) == getattr(fresh, name), (name, s)
                for with_new_tile in (False, True):
                    assert shared.can_attack(with_new_tile) == fresh.can_attack(with_new_tile)
                if check == "lists":
                    for cell in s.coins:
                        assert shared.reveal_support(cell) == fresh.reveal_support(cell)
                        assert shared.attack_cells(cell) == fresh.attack_cells(cell)
            s = s.apply(uniform_policy(s, rng))
