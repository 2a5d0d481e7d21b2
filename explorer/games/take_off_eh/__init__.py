"""Take Off, Eh! (Clark D. Rodeffer, 2006-2007), a piecepack port of *El Grande* set in Canada's
Parliament, for two piecepacks: the standard suits and the four seasons.

- :mod:`.canada`  the map: provinces, territories and Hudson Bay as tile positions, their
  adjacency as a networkx graph, distances (layout in ``data/take_off_eh/canada.yaml``)
- :mod:`.scoring` the scoring ladder for one unit, :func:`score_unit`, with reasons
- :mod:`.rules` the state machine joining the rulebook's parts: :mod:`.preparation`,
  :mod:`.coins` (drawing from the tax revenues), :mod:`.rounds` (Agenda, Bribery, Completion),
  :mod:`.enact` (the eight agenda items), :mod:`.scoring_rounds`; :mod:`.perspective` says what
  each seat may see, :mod:`.sections` the sections cited, :mod:`.actions` the choices
- :mod:`.odds` exact odds: a referendum passing, a suit or value on the next agenda (refused, as
  :class:`.NotYetKnown`, while choices still to come could change it)
- :mod:`.analysis` what random games say: the Queen's travel, where the points come from

The game id is ``take_off_eh`` (``explorer simulate take_off_eh``).

Interpretations
---------------
Where the rulebook can be read two ways we pick one reading as the default and offer the other as
a rule option of :class:`TakeOffEhOptions` (items 1-3 also as keyword arguments of
:func:`score_unit`); item 4 is decided without an option, and says why.

1. **Who gets the Queen's and the home-province bonus** (``bonus_to``).  The scoring outline
   (Special Scoring Rounds, and the same outline under Completion 2, Fall) gives the two extra
   points to the *first-ranked suit*; the detailed text (Special Scoring Rounds, 3. Provinces
   and Territories) gives them to *the player who scores the most* there.  They part ways when
   the top is tied (every tied suit drops to second, so nobody is first) or a neutral suit
   leads.  Default ``"first ranked"``: the bonus goes to the suit standing alone in first place
   on the ladder, if a player controls it, and to nobody otherwise.  It names a ladder place,
   the same word the ladder itself uses, so it decides every case, and it rewards winning the
   unit as first place does.  Option ``"top scorer"``: every player suit whose ladder points
   (doubling included) are the highest among the players gets the bonus, provided that highest
   is above zero (on a null tile, or in a two-player game behind a neutral suit, nobody scores
   "the most").

2. **How far a suit below a tied group drops** (``tie_drop``).  All three statements of the
   ladder say a tie shifts the tied suits and everyone below them *one* position, and the
   outline puts equal totals at the next lower rank.  Default ``"one place"``: rank suits by
   distinct totals (a tied group counts as one step), then move every tied group and all below
   it down one place; a suit right under a tie for first is third.  Option ``"group size"``: a
   tied group first takes up as many places as it has suits, then the one-place shift applies,
   so under a two-way tie for first the next suit is fourth.  The rulebook's examples (the
   seven-coin slush fund, Manitoba) come out the same either way; four players with suns 4,
   summer 4, winter 2 on a five tile tell them apart (winter scores 1, or nothing).

3. **What makes a lone suit** (``lone``), a third ambiguity.  The detailed text, every time,
   doubles the maximum for a unit whose coins are all of *one suit*; the outline says coins
   belonging to *one player*.  They differ when one player's coins share the unit with neutral
   coins.  Default ``"one suit"``: it is the reading stated three times, and it fits the rule
   that neutral suits count on the ladder.  Option ``"one player"``: the single player with
   coins here scores double whatever neutral coins lie beside them.

4. **What the slush fund shows** (decided, not an option).  Completion 3 lets a player put a coin on
   the slush fund without showing its suit, and keeps the suits hidden until the fund scores; but the
   coin comes from a play area whose coins lie suit side up (Preparation 4-5: "face down" is suit
   side up, and every coin's suit was chosen in the open when it was drawn), and it is laid value
   side up.  Whoever watches sees which suit left the play area and which value went on top, so
   every seat knows every coin in the fund: the texts name it to everybody and the observations
   list it (:mod:`.perspective`).  The stack still shows only its top value on the table; hiding the
   suits for real would need play areas nobody else can see, which the text does not describe.

5. **A tourism boom and the Queen's province** (``boom_queen``).  The Agenda says no item but
   crowns affects the province the Queen is touring (Completion 3 repeats it); Fall's scoring
   outline, shared with the Special Scoring Rounds, gives two extra points in the province where the
   Queen is on tour.  Default ``"not scored"``: the Agenda's rule is general and stated twice, so a
   boom skips her province and her bonus counts in the special scoring rounds only.  Option
   ``"scored"``: a boom scores her province too, with the Queen's bonus.

6. **Where the players who paid no bribe join the order** (``unpaid_after``).  Bribery says they go
   clockwise, beginning with the first of them after the last player who did pay.  Default
   ``"lowest payer"``: the last payer in the completion order, the lowest bribe (Completion's own
   wording: they take their turns after the last player who paid).  Option ``"last to pay"``: the
   last to pay in the bribery's clockwise turns.  Seats 0-3 with bribes 3, none, 5, none and seat 0
   first: 2, 0, 1, 3 by default, 2, 0, 3, 1 with the option.

Also decided, not options: a unit's maximum may be 0 (a null tile is worth nothing, yet its
bonuses count); ``home_suit`` may name several suits, since pawns may share a province (the
Preparation example puts two in Ontario); a suit whose coins total 0 still takes its place on the
ladder (even a single null coin makes a lone suit, as the text stresses).  For the Queen's
starting tile (Preparation 7) "as far as possible from the pawns" is read as the greatest
distance to the *nearest* pawn (:meth:`CanadaMap.farthest_from`); the rules will make the sum of
distances an option if a designer wants it.
"""
from explorer.engine.registry import Game, package_parts, register

from .actions import CODEC
from .canada import (HUDSON_BAY, PROVINCES_AND_TERRITORIES, CanadaMap, MapError, Unit, default_map,
                     layout_text, load_map, map_of, parse_map)
from .scoring import SUITS, Points, UnitScore, score_unit
from .odds import NotYetKnown, agenda_odds, next_agenda_odds, secession_odds
from .hidden import HIDDEN
from .rules import TakeOffEhOptions, TakeOffEhState, check_invariants
from . import action_space as _action_space, length as _length, sensible as _sensible, statistics as _statistics

GAME = register(Game(
    name="take_off_eh",
    title="Take Off, Eh!",
    options_type=TakeOffEhOptions,
    new_state=TakeOffEhState,
    codec=CODEC,
    rulebook="take-off-eh.txt",
    hidden_variants=HIDDEN,
    **package_parts(_statistics, _action_space, _length, _sensible),
))

__all__ = ["HUDSON_BAY", "PROVINCES_AND_TERRITORIES", "CanadaMap", "MapError", "Unit", "default_map",
           "layout_text", "load_map", "map_of", "parse_map", "SUITS", "Points", "UnitScore", "score_unit",
           "TakeOffEhOptions", "TakeOffEhState", "check_invariants", "GAME", "NotYetKnown", "agenda_odds",
           "next_agenda_odds", "secession_odds"]
