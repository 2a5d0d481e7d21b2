"""What the player to move decides at each step of Conspiracy, in the rulebook's words
(our paraphrase), for the explorer's turn line: "Your turn (player 0): choose ..."."""
from __future__ import annotations

PROMPTS = {
    "goal": "choose your secret goal: one suit and one number shown on the coins you drew (Initial Setup 3)",
    "spiral_choice": "you show a saved spiral: cut in and take your turn now, or wait (Determine Player Order 4)",
    "action": "choose an action to take, or end your actions (Take Actions 5)",
    "new_tile": "lay a new face-down tile from your hand first, or place on the board as it is (Take Actions 5.a.iii)",
    "tile_from_hand": "choose the tile you lay face down (Take Actions 5.a.iii)",
    "coin_from_hand": "choose the coin you place, number side up (Take Actions 5.a.i)",
    "cell": "choose the square the coin goes on (Take Actions 5.a.ii)",
    "direction": "choose where the coin points (Take Actions 5.a.ii.c)",
    "target": "choose the coin to target (Take Actions 5.b / 5.c)",
    "target_tile": "choose the face-down tile to reveal (Take Actions 5.d)",
    "column": "choose the column to advance (Take Actions 5.e)",
    "give": "choose the coin you pay (Take Actions 5.b.ii / 5.c.ii / 5.d.ii)",
    "give_to": "choose the player who receives your payment",
    "remove_or_flip": "flip the attacked coin back, or pay a second coin to remove it (Take Actions 5.c.iv)",
    "save": "choose one coin to save for the next round, or save nothing (Save/Discard Coins 6)",
    "mark": "mark a Present tile showing your goal suit or number, or pass (Declare Progress 9)",
}
