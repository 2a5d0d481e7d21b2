"""The rulebook's sections as :class:`RuleRef` s: every event and refusal of Decay cites
one of these, by the rulebook's own headings ("Setup 2", "Board Creation 1.b",
"Normal Play Step 1", "Step 1 Tolls", "Step 2.d", "Resolving Attacks", "Step 3 - Slide
Tiles", "End of turn", "End of Game"), each with our paraphrase."""
from __future__ import annotations

from functools import partial

from explorer.engine.errors import RuleRef

GAME = "decay"


_r = partial(RuleRef, GAME)     # _r(section, paraphrase)


RULES = {
    "sides": _r("Setup 1", "each player takes the tiles, coins, die and pawn "
                           "of a suit; with two players each runs two suits"),
    "rolloff": _r("Setup 2", "everyone rolls their die (null 0, ace 1); the "
                             "highest starts, ties roll again; play passes left"),
    "create": _r("Board Creation 1", "starting with the first player, each in turn places "
                                     "one of their own tiles, in any order they like"),
    "contact": _r("Board Creation 1.a", "a placed tile must touch a tile already on the table"),
    "apart": _r("Board Creation 1.b", "the tiles a placed tile touches must not touch one another"),
    "offset": _r("Board Creation 1.c", "a placed tile may not line up a whole edge "
                                       "with another; it is offset by a quarter or more"),
    "overlap": _r("Board Creation 1", "tiles lie flat beside each other, never on top of one another"),
    "pawns": _r("Board Creation 2", "pawns start on their own ace tiles; the "
                                    "player who placed the first tile moves first"),
    "steps": _r("Normal Play", "a turn is three steps in order: move the pawn, move at most one tile, slide tiles"),
    "move": _r("Normal Play Step 1", "the pawn must move to touching tiles, paying for "
                                     "each entry; each coin is spent at most once a turn"),
    "pay": _r("Normal Play Step 1", "entering costs one coin of the tile's suit, or "
                                    "as many coins as its value (ace 1, null free)"),
    "end_move": _r("Normal Play Step 1", "the pawn ends on an empty tile other than "
                                         "its start, and never steps back onto the start"),
    "dice_free": _r("Step 1 Dice Markers", "a tile holding any die costs nothing to enter, like a null tile"),
    "toll": _r("Step 1 Tolls", "entering a tile with another pawn costs one "
                               "extra unspent coin, given to that pawn's owner"),
    "death": _r("Step 1 Death", "a pawn that cannot afford any complete move dies: "
                                "pawn and die leave, its coins are out of the game"),
    "tile_move": _r("Step 2", "after moving the pawn, a player may pay to lift one tile and attach it elsewhere"),
    "lift": _r("Step 2.a", "a tile may be lifted only if its touched sides are at most two that meet at a corner"),
    "lift_die": _r("Step 2.a", "a tile holding a die cannot be lifted, whatever its colour"),
    "lift_ace": _r("Step 2.a", "only its owner may lift an ace tile"),
    "lift_pawn": _r("Step 2.a", "with pawns fixed (a rule option), a tile holding a pawn cannot be lifted"),
    "lift_cost": _r("Step 2.b", "lifting a tile costs what entering it would cost"),
    "put_down": _r("Step 2.d", "the lifted tile is put down elsewhere by the Board Creation rules"),
    "not_again": _r("Step 2.d", "it may not touch again the same side of a "
                                "tile it touched before; another side is fine"),
    "die_marker": _r("Step 2", "the mover's die goes on the tile just moved"),
    "die_off": _r("Step 2", "a side that moves no tile this turn takes its die off the board at the end of Step 2"),
    "split": _r("Resolving a Split Game board", "when the board falls apart, the smaller section leaves play "
                                                "and pawns on it die; on equal sections the mover's stays"),
    "attack": _r("Resolving Attacks", "a moved tile of the mover's suit attacks each opposing tile it touches: "
                                      "the mover's touching tiles against the tile plus its same-suit neighbours"),
    "attack_immune": _r("Resolving Attacks", "null and ace tiles cannot be attacked; a null tile cannot attack"),
    "attack_win": _r("Resolving Attacks", "a higher attack wins one coin of the "
                                          "attacker's choice from the defender; a tie holds"),
    "slide": _r("Step 3 - Slide Tiles", "for one coin each, tiles touched on three sides slide toward their open side"),
    "slide_stop": _r("Step 3 - Slide Tiles", "a slide stops at the first new contact, keeps two "
                                             "of its old neighbours and never splits the board"),
    "slide_forbidden": _r("Step 3 - Slide Tiles", "tiles holding a pawn or a die never "
                                                  "slide, nor another player's ace"),
    "slide_edge": _r("Step 3 - Slide Tiles", "with whole edges refused (a rule option), a "
                                             "slide may not end edge to edge without an offset"),
    "end_turn": _r("End of turn", "spent coins go back to the hand; the next player to the left plays"),
    "end": _r("End of Game", "the last player with a pawn on the board wins"),
    "all_killed": _r("End of Game", "when no pawn is left at all, nobody wins"),
    "draw": _r("End of Game", "when the last players can only circle, the game is a draw: we call it after a "
                              "run of rounds (100 unless changed) with no tile out of play and nobody killed"),
    "walk_limit": _r("Normal Play Step 1", "after many entries in one turn (100 unless changed) a pawn that may "
                                           "stop must stop: free tiles would let a walk go on forever (our reading)"),
    "cap": _r("round cap (rule option)", "the game stops without a winner after the round cap"),
    "phase": _r("Normal Play", "each thing happens in its step"),
}
