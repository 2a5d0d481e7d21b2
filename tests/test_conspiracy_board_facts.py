"""The per-board facts that Conspiracy's legal actions read (``board_facts``) are shared
between states and partly carried over from the board before a placement: along random
games they must always equal the facts computed afresh from the state's own board."""
import random

import pytest

from explorer.engine import get_game, uniform_policy
from explorer.games.conspiracy.board_facts import BoardFacts, facts_of

PROPERTIES = ("marks", "placements", "new_tile_positions", "new_tile_positions_for_place", "free_squares",
              "pointers", "reveal_targets", "tile_targets", "attack_targets_from_board",
              "attack_targets_with_new_tile", "can_place", "can_place_on_new", "can_reveal")


@pytest.mark.parametrize("options", [{"round_cap": 12}, {"players": 3, "columns": 4, "round_cap": 10}])
def test_shared_facts_equal_fresh_facts(options):
    game = get_game("conspiracy")
    for seed in range(3):
        rng = random.Random(seed)
        s = game.initial_state(options)
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(s.sample_chance(rng))
                continue
            if s.phase in ("action", "cell", "target"):
                shared, fresh = facts_of(s), BoardFacts(s.tiles, s.coins, s.options)
                for name in PROPERTIES:
                    assert getattr(shared, name) == getattr(fresh, name), (name, s)
                for cell in s.coins:
                    assert shared.reveal_support(cell) == fresh.reveal_support(cell)
                    assert shared.attack_cells(cell) == fresh.attack_cells(cell)
            s = s.apply(uniform_policy(s, rng))
