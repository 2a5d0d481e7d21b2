"""The rulebook's parts as :class:`RuleRef` s.  Every event and refusal of The Sands of Time
cites one of these, named as the rulebook is organised: "Initial Setup 1" to "Initial Setup 7",
the "Generation Sequence" with its phases ("Phase 1: Receive Resources" ... "Phase 5: Check for
End of Dynasty", "Phase 2 (a)" to "(c)"), "Generation End", "Game End", "Actions Explained"
with one section per action, "Bonus Actions", "Maximum Unrest", "Chronicles", "Structures",
"Advances", the "Frequently Asked Questions" and the "Variant" (solo play).  The texts are our
paraphrases."""
from __future__ import annotations

from functools import partial

from explorer.engine.errors import RuleRef

GAME = "sands_of_time"
_r = partial(RuleRef, GAME)

RULES = {
    "tiles": _r("Initial Setup 1", "a resource tile drawn from the cup goes on every territory in play; the "
                                   "player count decides which backs and dots are used"),
    "start": _r("Initial Setup 4", "a start player is chosen at random and takes the die"),
    "claim": _r("Initial Setup 4", "in snake order each player claims three territories as provinces, the "
                                   "second and third next to one already claimed"),
    "citizens": _r("Initial Setup 4", "two peasants and a warrior go into each province"),
    "capital": _r("Initial Setup 5", "each player picks one of the three provinces as capital"),
    "caravan": _r("Initial Setup 6", "a first caravan on a border of the capital, then heritage 1 in one "
                                     "category if wished"),
    "extra_peasant": _r("Initial Setup 6", "one more peasant into any owned territory"),
    "trees": _r("Initial Setup 7", "the two Level 2 tiles of each category go at random beside its two "
                                   "Level 1 advances"),
    "first_advance": _r("Initial Setup 7", "each player puts the spare marker on a Level 1 advance, all at "
                                           "about the same time"),
    "resources": _r("Phase 1: Receive Resources", "a resource per own peasant in each owned territory, at "
                                                  "most the territory's capacity"),
    "select": _r("Phase 2 (a)", "everybody picks two cards face down; at most one may be an Action card used "
                                "before this Generation, and one Emphasis card a Generation"),
    "reveal": _r("Phase 2 (b)", "in turn order from the start player each player shows the two cards and "
                                "carries them out in any order"),
    "turn": _r("Phase 2 (b)", "a player may use the cards chosen in any order, or leave one unused"),
    "locked": _r("Phase 2 (b)", "a boxed ability is locked until its category is unlocked by an Advance or "
                                "by that Emphasis card for the Generation"),
    "emphasis": _r("Phase 2 (b)", "an action whose symbol matches the Emphasis card played fills a box; "
                                  "three filled boxes raise that heritage by 1"),
    "turn_unrest": _r("Phase 2 (b)", "at the end of the turn Unrest rises 1 for a bonus action used and 1 "
                                     "for a card used again"),
    "tracks": _r("Phase 2 (c)", "after every turn the Generation and Dynasty markers move one space and the "
                                "start player rolls the die; at most the Generation space's number ends the "
                                "Generation"),
    "growth": _r("Phase 3: Check for Population Growth", "once the Dynasty marker reached a P space this "
                                                         "Generation, a peasant goes into every owned territory"),
    "overcrowd": _r("Phase 4: Check for Overcrowding", "a player owning a territory with more citizens than "
                                                       "its capacity gains 1 Unrest"),
    "cull": _r("Phase 4: Check for Overcrowding", "while a territory holds more than twice its printed "
                                                  "capacity, every player there removes a citizen of their "
                                                  "choice at the same time"),
    "dynasty": _r("Phase 5: Check for End of Dynasty", "once the Dynasty marker reached the next Dynasty, the "
                                                       "Chronicles are turned up and scored in turn order"),
    "chronicle_score": _r("Phase 5: Check for End of Dynasty", "a Chronicle scores its VP when the empire "
                                                               "meets its threshold and the heritage in its "
                                                               "category reaches its number (two cards: the sum)"),
    "heritage_after": _r("Frequently Asked Questions", "heritage gained from scored Chronicles comes after "
                                                       "all Chronicles are scored"),
    "generation_end": _r("Generation End", "the die passes left, the Generation track restarts, resources go "
                                           "to zero and the used cards return to hand"),
    "end": _r("Game End", "after three Dynasties: 3 VP each for the most territories, the lowest Unrest and "
                          "the most fountains and lyres; the most VP wins, ties by last Dynasty's "
                          "Chronicle points"),
    "chronicle": _r("Actions Explained: Chronicle", "a Chronicle card from hand goes face down into a bin not "
                                                    "yet used by the player"),
    "muster": _r("Actions Explained: Muster", "one Gold adds a warrior; with Political unlocked, one Gold per "
                                              "owned territory converts a peasant to a warrior or back"),
    "conquer": _r("Actions Explained: Conquer", "in one territory the player attacks, annexes, or both"),
    "attack": _r("Actions Explained: Conquer (A) Attack", "both players have citizens there; the attacker "
                                                          "pays Crops equal to the Unrest"),
    "battle": _r("Actions Explained: Conquer (A) Attack", "peasants 1, warriors 2, plus three times a "
                                                          "secretly chosen number no more than 7 minus Unrest; "
                                                          "the defender wins ties"),
    "battle_loss": _r("Actions Explained: Conquer (A) Attack", "the victor loses a citizen and gains the chosen "
                                                               "number in Unrest; the loser loses two"),
    "retreat": _r("Actions Explained: Conquer (A) Attack", "a defeated defender retreats to an adjacent owned "
                                                           "territory or loses the rest, and loses the "
                                                           "territory's control"),
    "new_capital": _r("Actions Explained: Conquer (A) Attack", "a player who lost the capital makes another "
                                                               "territory the capital"),
    "annex": _r("Actions Explained: Conquer (B) Annex", "an unowned territory, or one without its owner's "
                                                        "citizens, where the player has the most citizens: "
                                                        "Crops equal to the empire's size; at most 10 "
                                                        "territories"),
    "raid": _r("Actions Explained: Raid", "warriors move one step, then take one resource each from one "
                                          "foreign territory, at most its capacity; the owner loses as many"),
    "build": _r("Actions Explained: Build", "a structure in an owned territory for Unrest plus its level in "
                                            "Gold; one of a kind per territory, no more than the capacity"),
    "govern": _r("Actions Explained: Govern", "each step of Unrest lowered costs the empire's size in Crops"),
    "advance": _r("Actions Explained: Advance", "a marker moves up its tree, or a new one starts (Cultural "
                                                "unlocked), if Unrest is no more than that category's heritage"),
    "discover": _r("Actions Explained: Advance", "the first to reach a tree's end draws two tiles of the next "
                                                 "level, keeps one face up and puts the other back on top"),
    "trade_route": _r("Actions Explained: Trade Route", "a caravan on a border that touches the player's city "
                                                        "or capital or his chain of caravans, for 2 Crops or "
                                                        "2 Gold"),
    "route_heritage": _r("Actions Explained: Trade Route", "a caravan that reaches a new capital or city, or "
                                                           "lies on a trade good, gives +1 heritage once"),
    "migrate": _r("Actions Explained: Migrate", "any citizens move one step (Roads join their neighbours); "
                                                "with Cultural unlocked, a free caravan next to a citizen"),
    "tribute": _r("Actions Explained: Tribute", "a resource from each colony, or from each foreign caravan at "
                                                "the capital and each city; both with Civil unlocked"),
    "bonus": _r("Bonus Actions", "one bonus action a turn (Oppress, Patronage, Tax), at 1 Unrest"),
    "oppress": _r("Bonus Actions: Oppress", "one owned territory yields a resource per own peasant there"),
    "patronage": _r("Bonus Actions: Patronage", "+2 heritage in one category for this turn"),
    "tax": _r("Bonus Actions: Tax", "a Gold, or a Crop, for each trade good the player's caravans touch"),
    "max_unrest": _r("Maximum Unrest", "each step of Unrest above 7 costs 1 VP instead"),
    "structures": _r("Structures", "what each structure gives"),
    "library": _r("Structures: Library", "+1 heritage in a category; losing the territory takes 1 from a "
                                         "category"),
    "arch": _r("Structures: Victory Arch", "+1 political heritage, only in a colony; lost with the territory"),
    "advances": _r("Advances", "what each advance gives"),
    "solo_setup": _r("Variant: Solo play", "two-player tiles less Syria's and Asia Minor's; the player places "
                                           "a black empire of three and a blue of two next to his own"),
    "solo_play": _r("Variant: Solo play", "foreign territories gain a warrior at growth; on a 6 a foreign "
                                          "empire (black first, then blue, in turn) attacks a territory the "
                                          "player names, always choosing 1"),
    "phase": _r("Generation Sequence", "each step in its turn: the setup, then the Generations"),
}
