"""The Sands of Time (Jeff Warrender, rules version 19.3d), a civilization game for 1-6 players
on the Roman world map.  So far: its components, read and checked; the rules come next.

- :mod:`.data` the five data files of ``data/sands_of_time/`` (map, tracks, chronicles,
  structures, advances), validated on load: :func:`load` (``data_dir`` for a user's own
  files) and :func:`map_graph` (the map as a networkx ``Graph``)
- :mod:`.board` the map board: the facts the rulebook states about it and the map file's checks
- :mod:`.checks` :class:`DataError` and the collector that lists every problem of a file

Not registered as a game yet (``explorer.games.GAME_PACKAGES``): there is no state machine.

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
  variant); the colour of the "2+" back (not stated: left empty); the twelve trade-good borders;
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
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, register

from .actions import ACTION_TYPES
from .data import DataError, SandsData, load, map_graph
from .perspective import hidden_variants
from .rules import SandsOptions, SandsState, check_invariants, new_game

GAME = register(Game(
    name="sands_of_time",
    title="The Sands of Time",
    options_type=SandsOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="sands-of-time.txt",
    hidden_variants=hidden_variants,
))

__all__ = ["DataError", "SandsData", "SandsOptions", "SandsState", "check_invariants", "load", "map_graph",
           "new_game", "GAME"]
