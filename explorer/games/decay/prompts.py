"""What the side to move decides at each step of Decay, in the rulebook's words (our
paraphrase), for the explorer's turn line: "Your turn (player 0): choose ..."."""
from __future__ import annotations

PROMPTS = {
    "choose_tile": "choose one of your tiles to add to the board (Board Creation 1)",
    "place_tile": "choose where the tile goes, touching the board with an offset (Board Creation 1.a-c)",
    "move": "move your pawn to a touching tile, or stop (Normal Play Step 1)",
    "pay_move": "choose the coins you pay to enter the tile (Normal Play Step 1)",
    "toll": "choose the coin you pay as a toll (Step 1 Tolls)",
    "pick_up": "pick up a tile to move, or move no tile (Normal Play Step 2)",
    "pay_pick_up": "choose the coins you pay to lift the tile (Normal Play Step 2)",
    "put_down": "choose where the lifted tile goes (Normal Play Step 2)",
    "take_coin": "choose the coin you take from the beaten side (Resolving Attacks)",
    "slide": "slide a tile, or end the turn (Step 3 - Slide Tiles)",
    "slide_to": "choose where the tile slides (Step 3 - Slide Tiles)",
    "pay_slide": "choose the coins you pay for the slide (Step 3 - Slide Tiles)",
}
