"""The rules of Take Off, Eh! as the engine cites them: the rulebook's own section names (its
Preparation steps 1-8, the round's parts A-B-C with Completion's D-E-F and the eight agenda items,
the Special Scoring Rounds S-P-P), each with a one-line paraphrase in our words."""
from __future__ import annotations

from functools import partial

from explorer.engine import RuleRef

GAME = "take_off_eh"
_r = partial(RuleRef, GAME)

RULES = {
    # Preparation
    "stacks": _r("Preparation 2", "all 48 tiles of both piecepacks are shuffled face down into draw stacks"),
    "map": _r("Preparation 3", "13 tiles drawn face up make the map, one per province or territory; no suit "
                               "may have more than three tiles there, or all of its tiles are replaced"),
    "tax": _r("Preparation 4", "the 48 coins lie face down (suit side up), unstacked: the tax revenues"),
    "platform": _r("Preparation 5", "in turn order each player chooses a suit (never crowns), then takes two "
                                    "random coins of it and one coin of any suit but an opponent's"),
    "home": _r("Preparation 6", "each player draws a tile and puts their pawn and one coin on a province "
                                "matching its suit or value, drawing again while nothing matches"),
    "queen": _r("Preparation 7", "a drawn tile places the Queen on a matching province as far as possible from "
                                 "the pawns; ties: farthest from the first player's pawn"),
    # Play
    "round": _r("Play", "nine rounds (six in a short game) of Agenda, Bribery and Completion, with a "
                        "special scoring round after every third"),
    "agenda": _r("Agenda", "tiles are turned face up until there is one more than there are players"),
    "reshuffle": _r("Agenda", "when the stacks run out, the discarded tiles are shuffled into new stacks"),
    "queen_safe": _r("Agenda", "no agenda item but a jubilee tour moving her away touches the province "
                               "where the Queen is touring"),
    "bribe": _r("Bribery", "from the round's first player clockwise, each player pays one coin face up, "
                           "with a value nobody has paid this round"),
    "bribe_draw": _r("Bribery", "a player without a coin of a new value shows their coins and draws from the "
                                "tax revenues (not opponents' suits) until one has a new value"),
    "turn_order": _r("Bribery", "completion turns go from the highest bribe down; players who paid none "
                                "follow clockwise after the last player who paid"),
    "welfare": _r("Completion 1, Draw", "a player with fewer than two face-down coins first draws up to two"),
    "draw": _r("Completion 1, Draw", "then draws three minus the bribe's value (never fewer than none), "
                                     "from any suit but an opponent's"),
    "choose": _r("Completion 1, Draw", "the player chooses one of the face-up agenda tiles"),
    "order": _r("Completion", "draw comes first; enact and fund follow in the order the player picks"),
    "enact": _r("Completion 2, Enact", "the player enacts the chosen tile's agenda item, or prevents it"),
    "suns": _r("Completion 2, Suns: Political Scandal", "pawns move a total of up to the tile's value across "
                                                        "touching spaces, never entering a space twice, never "
                                                        "stopping on a seceded tile"),
    "moons": _r("Completion 2, Moons: Beer and Doughnut Run", "opponents return up to the tile's value of coins "
                                                              "to the tax revenues, each choosing which of "
                                                              "their own"),
    "arms": _r("Completion 2, Arms: Labor Strike", "a province of the tile's value gets a new tile from the "
                                                   "stacks; its pieces stay"),
    "crowns": _r("Completion 2, Crowns: Queen's Jubilee Tour", "the Queen must move at least the tile's value "
                                                               "in steps, never entering a space twice, never "
                                                               "stopping on a seceded tile"),
    "spring": _r("Completion 2, Spring: Secession Referendum", "players with coins in a province of the tile's "
                                                               "value vote with hidden dice; any two equal "
                                                               "values and it secedes"),
    "summer": _r("Completion 2, Summer: Fishing Holiday", "up to the tile's value of coins each move to a "
                                                          "touching province"),
    "fall": _r("Completion 2, Fall: Tourism Boom", "provinces of the tile's value score, and the slush fund "
                                                   "if it holds that many coins"),
    "winter": _r("Completion 2, Winter: Hockey Game", "up to the tile's value of tiles join the agenda, then "
                                                      "as many agenda tiles are discarded"),
    "fund": _r("Completion 3, Fund", "up to the tile's value of coins go face down onto provinces touching "
                                     "the Queen's, or face up onto the slush fund"),
    "end_turn": _r("Completion", "after a turn the bribe returns to the tax revenues and the agenda tile "
                                 "is discarded"),
    # Scoring
    "ladder": _r("Special Scoring Rounds", "suits rank by coin totals; first scores the maximum, second half, "
                                           "third half of that; ties drop a step; a lone suit doubles; "
                                           "Queen and home bonuses"),
    "scoring_round": _r("Special Scoring Rounds", "after rounds 3, 6 and 9: the slush fund, then pork, then "
                                                  "every province in alphabetical order"),
    "slush": _r("Special Scoring Rounds, 1. Slush Fund", "the slush fund scores, its coin count the maximum"),
    "pork": _r("Special Scoring Rounds, 2. Pork", "players with coins in the slush fund set hidden dice, then "
                                                  "put those coins on one province of that value (not the "
                                                  "Queen's)"),
    "provinces": _r("Special Scoring Rounds, 3. Provinces and Territories", "every province scores, "
                                                                            "alphabetically, its tile value "
                                                                            "the maximum"),
    "retrieve": _r("Special Scoring Rounds, 3. Provinces and Territories", "each player may take back up to "
                                                                           "two own coins and return up to two "
                                                                           "neutral coins (not the Queen's "
                                                                           "province)"),
    "end": _r("Special Scoring Rounds", "after the scoring round that follows the last round, the most points "
                                        "wins"),
    "phase": _r("Play", "each step of a round asks for one kind of choice"),
    "vote": _r("Completion 2, Spring: Secession Referendum", "each voter secretly sets a value on their die"),
    "reveal": _r("Completion 2, Spring: Secession Referendum", "the hidden dice are shown together"),
}
