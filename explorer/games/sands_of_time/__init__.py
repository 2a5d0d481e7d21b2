"""The Sands of Time (Jeff Warrender, rules version 19.3d), a civilization game for 1-6 players
on the Roman world map; game id ``sands_of_time``.

- :mod:`.rules` the state machine, its options and how a game flows; the rules in one module per
  part of the rulebook: :mod:`.setup` (Initial Setup), :mod:`.generation` (the Generation
  Sequence's phases, Generation End, Game End), :mod:`.turn` (Phase 2 (b), Bonus Actions),
  :mod:`.chronicles`, :mod:`.muster_govern_tribute`, :mod:`.conquer`, :mod:`.movement` (Raid,
  Migrate), :mod:`.build`, :mod:`.advance`, :mod:`.trade_route` (Actions Explained),
  :mod:`.solo` (Variant); :mod:`.empire` what they read off a position; :mod:`.perspective`
  what each seat sees; :mod:`.sections` the rulebook's parts as rule references
- :mod:`.data` the six data files of ``data/sands_of_time/`` (map, tracks, chronicles,
  structures, advances, cards), validated on load: :func:`load` (``data_dir`` for a user's own
  files, also the game option ``data_dir``) and :func:`map_graph` (the map as a networkx ``Graph``)
- :mod:`.board` the map board: the facts the rulebook states about it and the map file's checks
- :mod:`.checks` :class:`DataError` and the collector that lists every problem of a file

Data
----
The rulebook describes its components but prints few of their numbers.  Every fact it states
is used as stated and checked by the loader; everything else is reconstructed, labelled
``reconstructed:`` in the file with its reason, and can be replaced by the published values one
file at a time.

*Reconstructed* (by file):

- ``map.yaml``: nine of the 28 territory names (Thracia, Raetia, Pannonia, Gaetulia, Arabia,
  Armenia, Mesopotamia, Parthia, Scythia: Roman regions placed where no island's sea reaches
  them); the terrain of the 23 land territories (mountain where a great range fills the region);
  every adjacency the FAQ does not state (the real land borders and three red lines across the
  straits of Gibraltar, the Hellespont and the Red Sea; Cyprvs touches Asia Minor, Syria and
  Ægyptus); which territories carry which player-count dot (the Mediterranean core for two
  players, the rim for more; Syria and Asia Minor must be two-player territories for the solo
  variant); the colour of the "2+" back (not stated: left empty); the twelve trade-good borders
  (three of them on borders the FAQ states: their ``good_source`` says so);
  the Crops/Gold and capacity of each tile within its back, and a reference layout for them.
- ``tracks.yaml``: Generation track 0, 2, 4, 6 (two to four turns); Dynasty track of three
  Dynasties of seven spaces with "P" spaces 3 and 6 in each; the lowest Unrest 0; the Heritage
  track's top, 15.
- ``chronicles.yaml``: the seven cards, identical for every player: card n asks heritage n (read
  from the Phase 5 example), is worth n + 2 VP, and its six thresholds rise evenly from a new
  empire's size to a strong one's.
- ``structures.yaml``: six of each of the twelve kinds (72 tiles); each kind's civilization
  category (fountains Civil, lyres Cultural, Walls, Victory Arch and Roads Political, Library
  Cultural).
- ``advances.yaml``: the Fountains (and Lyres) printed on each Advance tile: the text says tiles
  carry them but prints no numbers, so each advance has none beyond what its effect states.
- ``cards.yaml``: the civilization symbol on each Action card (the category of its boxed part;
  Conquer Political, Govern Civil, Chronicle none).

Interpretations
---------------
1. **Spelling.**  Cyprvs as the map board's description prints it (the FAQ's "Cyprus" is
   accepted when looking a territory up); Græcia, Ægyptus and Æthiopia with the FAQ's
   ligatures (its "Gracia" and the ASCII forms are accepted too).
2. **Fortunata and Sicilia** are adjacent: the FAQ lists Sicilia among Fortunata's neighbours but
   not Fortunata among Sicilia's; a stated adjacency outweighs an omission (the Sicilia answer is
   about the Adriatic), and the two sea spaces meet at Gibraltar.
3. **The FAQ's island lists are complete** (each island's whole neighbourhood, plus Fortunata
   for Sicilia); the loader checks every stated adjacency and every stated non-adjacency.
4. **Twelve kinds of structure**, not ten: the Structures section lists twelve (Quarry,
   Irrigation, Victory Arch, Roads, Library, Colosseum, City, Amphitheater, Walls, Aqueduct,
   University, Wonder).
5. **25 Advance tiles**, not the equipment list's 24: the Advances section lists 25 advances above
   Level 1 (Level 1 is printed on the Chronicle board), each with its own effect; the equipment
   totals are off elsewhere too (126 tiles against 28 + 72 + 24 = 124).
6. **Two Technologies**: Cultural Level 1 (a Lyre per Advance marker) and Cultural Level 3 (a Lyre
   per colony) share a name; both are kept, told apart by level.
7. **Cut-off effects**: Sanitation raises a City territory's citizen capacity by 1 (as an
   Aqueduct does); Vision gives each Wonder one more Fountain (the Civil symbol).
8. **Chronicle cards** carry one VP value and one heritage number each (upper left and upper
   right, Phase 5) and a threshold per accomplishment, not a VP and heritage per accomplishment.
9. **Warrior bonuses** of Chariots, Nationalism, Elephants and Triremes count per warrior, as
   Iron-working does.

Readings of the rules (the engine plays these; the Phase 5 one is an option)
----------------------------------------------------------------------------
10. **Cards on the table.**  Both chosen cards count as used for the Generation, played or not;
    the re-use Unrest comes only if the re-used card is played.  An Emphasis card is played when
    its owner's turn shows it, so the other card of that turn can already fill a box (the FAQ
    only rules out earlier turns); Build fills a box for the card's symbol and another for a
    structure of the Emphasis category.  Three boxes raise heritage once a Generation.
11. **Bonus actions** come between the two actions (not inside one).  Patronage's +2 counts for
    Advance during the turn, never at scoring; Literacy and Veneration count as heritage while
    achieved (they are not moved on the track).
12. **Chronicles** turned up in Phase 5 leave the game, scored or not; the bins are empty for the
    next Dynasty.  Where the heritage does not reach the sum for two cards of a category, the
    subset paying most scores.  Each scored card raises its category's heritage by 1, after
    all are scored (option ``heritage_per_chronicle=False``: once per category).
13. **Battles**: the victor's loss comes first, then the loser's two; a player with no choice
    (one kind left, or no more citizens than losses) loses them at once.  Giving up the die bonus
    is choosing 0, in secret (a public declaration is not modelled).  A beaten defender with more
    than one territory to retreat to chooses; with none, the survivors go to his supply.
14. **Losing a territory**: a Victory Arch's builder loses its +1 Political, a Library's builder a
    step of his choice; the new owner gains neither.  A lost capital moves to a territory of the
    owner's choice at once (a decision owed in the middle of another player's action); a player
    left with no territory has no capital until he gains one, which becomes it.
15. **Capacity**: an Aqueduct or Sanitation adds 1 to a territory's citizen capacity (Phase 4's
    first check only); Irrigation adds 1 to production only.  Unrest with Bread and circus stops
    at 5 without costing VP (only steps above the maximum 7 cost VP); reached at Unrest 6 or 7, the
    advance brings it down to 5 at once.
16. **Roads** join their neighbours for movement when the Roads are the mover's or unowned
    (another player's need his leave, a negotiation not modelled); caravans ignore Roads.
17. **Tribute** pays its taker even when the caravan's owner has nothing left to lose; a Raid takes
    at most the printed capacity, down to zero from the owner.
18. **Pieces**: 20 peasants (25 cubes less the five track markers), 10 warriors, 11 control markers
    (discs) shared by territories (the capital is its own piece) and Advance markers, as Control
    markers states (the equipment list says 10 discs, but its 67 pieces a set add up only with 11),
    20 caravans, one caravan per player per border.
19. **Solo play**: the foreign empires are empires 1 (black) and 2 (blue) with no decisions; they
    lose peasants before warriors and retreat to their first neighbouring territory; a foreign
    attack comes with the die of Phase 2 (c) showing 6 (black on the first 6 of the game, blue on
    the second, then in turn), against a territory the player names among those next to a
    territory of the attacking empire with warriors; a 6 whose empire can reach none is still
    counted, so the next 6 is the other empire's.  The game ends with the player's VP
    (reason "victory", as there is nobody to lose to).
20. **Solo set-up with no room left**: each foreign empire is offered only territories from which
    it can still be completed as the Variant asks (black three contiguous, blue two touching, each
    touching the player).  The black placements can leave blue no such pair (24 of 200 random solo
    set-ups); the rulebook does not foresee it, and the engine then offers blue any free territory,
    and for the second one any free territory next to the first, or if there is none any free one
    (in 8 of those 200 set-ups blue's two territories do not touch).
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, package_parts, register

from .actions import ACTION_TYPES
from .data import DataError, SandsData, load, map_graph, positions
from .hidden import HIDDEN
from .rules import SandsOptions, SandsState, check_invariants, new_game
from . import action_space as _action_space, length as _length, sensible as _sensible, statistics as _statistics

GAME = register(Game(
    name="sands_of_time",
    title="The Sands of Time",
    options_type=SandsOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="sands-of-time.txt",
    hidden_variants=HIDDEN,
    **package_parts(_statistics, _action_space, _length, _sensible),
))

__all__ = ["DataError", "SandsData", "SandsOptions", "SandsState", "check_invariants", "load", "map_graph",
           "new_game", "positions", "GAME"]
