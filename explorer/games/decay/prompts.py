"""What the side to move decides at each step of Decay, in the rulebook's words (our
paraphrase), for the explorer's turn line: "Your turn (Player 1): choose ...", and the rule
every step follows (``STEP_RULES``: a decision's rule, the roll-off's), whose section the
prompt and the step list cite."""
from __future__ import annotations

PROMPTS = {
    "choose_tile": "choose one of your tiles to add to the board",
    "place_tile": "choose where the tile goes, touching the board with an offset",
    "move": "move your pawn to a touching tile, or stop",
    "pay_move": "choose the coins you pay to enter the tile",
    "toll": "choose the coin you pay as a toll",
    "pick_up": "pick up a tile to move, or move no tile",
    "pay_pick_up": "choose the coins you pay to lift the tile",
    "put_down": "choose where the lifted tile goes",
    "take_coin": "choose the coin you take from the beaten side",
    "slide": "slide a tile, or end the turn",
    "slide_to": "choose where the tile slides",
    "pay_slide": "choose the coins you pay for the slide",
}

#: phase -> the key in RULES of the rule the step follows
STEP_RULES = {
    "rolloff": "rolloff", "choose_tile": "create", "place_tile": "contact", "move": "move", "pay_move": "pay",
    "toll": "toll", "pick_up": "tile_move", "pay_pick_up": "lift_cost", "put_down": "put_down",
    "take_coin": "attack_win", "slide": "slide", "slide_to": "slide", "pay_slide": "slide",
}
