"""What the player to move decides at each step of Conspiracy, in the rulebook's words
(our paraphrase), for the explorer's turn line: "Your turn (Player 1): choose ...", and
the rule every step follows (``STEP_RULES``: a decision's rule, a deal's, draw's or roll's),
whose section the prompt and the step list cite."""
from __future__ import annotations

PROMPTS = {
    "goal": "choose your secret goal: one suit and one number shown on the coins you drew",
    "spiral_choice": "you show a saved spiral: cut in and take your turn now, or wait",
    "action": "choose an action to take, or end your actions",
    "new_tile": "lay a new face-down tile from your hand first, or place on the board as it is",
    "tile_from_hand": "choose the tile you lay face down",
    "coin_from_hand": "choose the coin you place, number side up",
    "cell": "choose the square the coin goes on",
    "direction": "choose where the coin points",
    "target": "choose the coin to target",
    "target_tile": "choose the face-down tile to reveal",
    "column": "choose the column to advance",
    "give": "choose the coin you pay",
    "give_to": "choose the player who receives your payment",
    "remove_or_flip": "flip the attacked coin back, or pay a second coin to remove it",
    "save": "choose one coin to save for the next round, or save nothing",
    "mark": "mark a Present tile showing your goal suit or number, or pass",
}


def _placing(s) -> str:
    """A coin placed for an attack follows the attack's placing rule, else the placing rule."""
    return "attack_place" if s.pend["kind"] == "attack" else "place"


def _paying(s) -> str:
    """The payment of an action is the action's rule; the second coin of an attack removes."""
    return "attack_remove" if s.pend.get("stage") == "remove" else s.pend["kind"]


#: phase -> the key in RULES of the rule the step follows (a function of the state where the
#: action under way decides it)
STEP_RULES = {
    "deal": "deal", "goal_draw": "goal_draw", "goal": "goal",
    "order_rolloff": lambda s: "spiral_last" if s.order_then == "turns" else "rolloff",
    "spiral_choice": "spiral", "spiral_rolloff": "spiral_tie", "tmo": "tmo", "draw": "draw",
    "action": "ap", "new_tile": "new_tile", "tile_from_hand": "new_tile", "coin_from_hand": _placing,
    "cell": _placing, "direction": lambda s: "attack_place" if s.pend["kind"] == "attack" else "place_dir",
    "target": lambda s: s.pend["kind"], "target_tile": "reveal_tile", "column": "advance",
    "advance_roll": "advance", "give": _paying, "give_to": _paying, "remove_or_flip": "attack_remove",
    "unexpected": "unexpected", "save": "save", "mark": "mark",
}
