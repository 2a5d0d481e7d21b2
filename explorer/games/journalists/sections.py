"""The rulebook's parts as :class:`RuleRef` s.  Every event and refusal of Journalists
cites one of these, named as the rulebook is organised: its numbered setup list
("Setup 1" to "Setup 5"), "Game play" (the end of the game), the turn's two choices
"Turn (a)" and "Turn (b)", the paragraphs that follow them ("Completing a card",
"Paying for the card", "Refilling the display", "Taking another player's card",
"Next player"), "Scoring", the extended deck's paragraphs ("Extended deck: Pawns",
"Extended deck: the Excuse") and the "Variant" (most chips goes next).  The texts are
our paraphrases."""
from __future__ import annotations

from functools import partial

from explorer.engine.errors import RuleRef

GAME = "journalists"
_r = partial(RuleRef, GAME)     # _r(section, paraphrase)

RULES = {
    "aces": _r("Setup 1", "the Aces are shuffled and each player is dealt one, face up, as the first card of "
                          "their evidence; the other Aces leave the game"),
    "deck": _r("Setup 2", "the other cards, the Pawns and (if used) the Excuse are shuffled into the deck"),
    "courts": _r("Courts (rule option)", "the rules give the Courts no rank; when they are added to the deck "
                                         "they rank as the option for the Courts sets (10 unless changed)"),
    "pyramid": _r("Setup 3", "six cards from the deck form the display: a row of three, a row of two, one on top"),
    "chips": _r("Setup 4", "every player starts with twelve time chips"),
    "start": _r("Setup 5", "a start player is chosen at random"),
    "turn": _r("Game play", "on a turn a player takes one card, from the display or from another player"),
    "end": _r("Game play", "the game ends once no player has a chip left in their supply, or the last card "
                           "is taken"),
    "option_a": _r("Turn (a)", "the card taken goes to the right-hand end of the player's evidence row"),
    "option_b": _r("Turn (b)", "the player takes cubes equal to the card's rank and, left to right, puts one on "
                               "each card right of the Ace sharing a suit with it, again and again until none "
                               "is left"),
    "complete": _r("Completing a card", "a card holding as many cubes as its rank is complete: it moves left of "
                                        "the Ace and its cubes go back"),
    "surplus": _r("Completing a card", "cubes with no matching unfinished card left to go on are discarded, "
                                       "or go on the Excuse"),
    "pay": _r("Paying for the card", "a card costs 1, 2 or 3 chips: from the row of three, the row of two, or "
                                     "the top"),
    "pay_a": _r("Paying for the card", "chips paid for a card put in the evidence row are discarded"),
    "pay_b": _r("Paying for the card", "a card taken for cubes lies above the player's row with the chips paid "
                                       "on it; another player may take it later"),
    "refill": _r("Refilling the display", "the cards slide down into the gap and the deck's top card is turned up "
                                          "at the top of the pyramid"),
    "steal": _r("Taking another player's card", "taking a card another player bought costs one discarded chip, "
                                                "the card goes into the evidence row, and its owner gets the chips "
                                                "on it back"),
    "next": _r("Next player", "the player to the left takes the next turn"),
    "variant": _r("Variant", "the player with the most chips left goes next; a tie goes to the tied player "
                             "nearest the current player's left"),
    "score": _r("Scoring", "each completed card scores its rank, plus one if it shares the suit of the player's "
                           "Ace"),
    "pawn": _r("Extended deck: Pawns", "a Pawn ranks as its owner's highest completed card (the Ace counts as 1), "
                                       "never holds more cubes than that, and stays right of the Ace until the end"),
    "excuse": _r("Extended deck: the Excuse", "in the evidence row the Excuse is worth its cubes, gets only cubes "
                                              "that fit nowhere else, and scores nothing holding more than the "
                                              "highest completed card"),
    "excuse_b": _r("Extended deck: the Excuse", "taken for cubes, the Excuse completes any one card of the "
                                                "player's row"),
    "phase": _r("Game play", "each step in its turn: the setup, then one card a turn"),
}
