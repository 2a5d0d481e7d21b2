"""The Sands of Time's actions: the chance outcomes of setup and of the die, and every decision
of setup, of the Generation sequence and of the ten actions and three bonus actions (Actions
Explained, Bonus Actions).  Territories, Advance tiles and cards are named as the data files
name them; a border is its two territories in alphabetical order; a tree is named by its
category and number ("Civil 1")."""
from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.actions import Action
from explorer.engine.words import seat_name, with_article


# -- chance outcomes ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealTile(Action):
    """Initial Setup 1: the tile drawn from the cup for the next territory in play."""
    resource: str
    capacity: int

    def __str__(self):
        return f"{with_article(self.resource)} tile of capacity {self.capacity}"


@dataclass(frozen=True, slots=True)
class StartPlayer(Action):
    """Initial Setup 4: the start player, drawn at random."""
    seat: int

    def __str__(self):
        return f"{seat_name(self.seat)} starts"


@dataclass(frozen=True, slots=True)
class TreeOrder(Action):
    """Initial Setup 7: the Level 2 tile of ``category`` that goes beside its first root."""
    category: str
    first: str

    def __str__(self):
        return f"{self.first} goes on {self.category} 1"


@dataclass(frozen=True, slots=True)
class DrawTiles(Action):
    """Actions Explained, Advance: the two tiles (or the last one) drawn from a pile."""
    tiles: tuple[str, ...]

    def __str__(self):
        return "draw " + " and ".join(map(str, self.tiles))


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Phase 2 (c): the start player's die."""
    value: int

    def __str__(self):
        return f"the die shows {self.value}"


# -- setup decisions --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Initial Setup 4: a province."""
    territory: str

    def __str__(self):
        return f"claim {self.territory}"


@dataclass(frozen=True, slots=True)
class Capital(Action):
    """Initial Setup 5, or a new capital after losing one (Conquer)."""
    territory: str

    def __str__(self):
        return f"capital in {self.territory}"


@dataclass(frozen=True, slots=True)
class Peasant(Action):
    """Initial Setup 6: the extra peasant."""
    territory: str

    def __str__(self):
        return f"a peasant into {self.territory}"


@dataclass(frozen=True, slots=True)
class Marker(Action):
    """Initial Setup 7: the first Advance marker, on a tree's Level 1 (a secret choice)."""
    tree: str

    def __str__(self):
        return f"a marker on {self.tree}"


@dataclass(frozen=True, slots=True)
class Foreign(Action):
    """Variant (Solo play): a territory for the black, then the blue, foreign empire."""
    territory: str

    def __str__(self):
        return f"a foreign marker and warrior in {self.territory}"


@dataclass(frozen=True, slots=True)
class Heritage(Action):
    """A category chosen for a heritage step: up (setup caravan, Library, trade route) or down
    (a Library lost)."""
    category: str

    def __str__(self):
        return f"{self.category} heritage"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop here: leave the rest of the turn or of an action unused, or decline an option."""

    def __str__(self):
        return "done"


# -- Phase 2 ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Select(Action):
    """Phase 2 (a): the two cards placed face down (a secret choice), in the cards' order."""
    cards: tuple[str, ...]

    def __str__(self):
        return "select " + " and ".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Phase 2 (b): carry out one of the two selected cards next."""
    card: str

    def __str__(self):
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Oppress(Action):
    """Bonus Actions: Oppress in one owned territory."""
    territory: str

    def __str__(self):
        return f"Oppress {self.territory}"


@dataclass(frozen=True, slots=True)
class Patronage(Action):
    """Bonus Actions: +2 heritage in ``category`` for the turn."""
    category: str

    def __str__(self):
        return f"Patronage ({self.category})"


@dataclass(frozen=True, slots=True)
class Tax(Action):
    """Bonus Actions: a ``resource`` per trade good touched."""
    resource: str

    def __str__(self):
        return f"Tax ({self.resource})"


# -- the actions --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Chronicle(Action):
    """Chronicle: card number ``card`` face down into bin ``bin`` (A-F)."""
    card: int
    bin: str

    def __str__(self):
        return f"Chronicle {self.card} into bin {self.bin}"


@dataclass(frozen=True, slots=True)
class Muster(Action):
    """Muster: a warrior from the supply into an owned territory for 1 Gold."""
    territory: str

    def __str__(self):
        return f"muster a warrior in {self.territory}"


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """Muster (Political unlocked): one citizen of an owned territory changes kind for 1 Gold."""
    territory: str
    to_warrior: bool

    def __str__(self):
        return f"convert a {'peasant to a warrior' if self.to_warrior else 'warrior to a peasant'} in {self.territory}"


@dataclass(frozen=True, slots=True)
class Irrigate(Action):
    """Irrigation's locked (Civil) ability: with Muster, a peasant into its territory for 1 Gold."""
    territory: str

    def __str__(self):
        return f"a peasant into {self.territory} (Irrigation)"


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """Conquer: the one territory where the player attacks and/or annexes."""
    territory: str

    def __str__(self):
        return f"Conquer in {self.territory}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Conquer (A): attack player ``defender`` there."""
    defender: int

    def __str__(self):
        return f"attack {seat_name(self.defender)}"


@dataclass(frozen=True, slots=True)
class Annex(Action):
    """Conquer (B): annex the territory."""

    def __str__(self):
        return "annex"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Conquer (A): the number secretly shown on the battle die (0: none)."""
    number: int

    def __str__(self):
        return f"battle number {self.number}"


@dataclass(frozen=True, slots=True)
class Lose(Action):
    """Conquer (A), Overcrowding: the citizen removed, "peasant" or "warrior"."""
    kind: str

    def __str__(self):
        return f"lose a {self.kind}"


@dataclass(frozen=True, slots=True)
class Cull(Action):
    """Phase 4: the citizen removed from an overfull territory (a secret choice)."""
    kind: str

    def __str__(self):
        return f"remove a {self.kind}"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Conquer (A): where a beaten defender's citizens go."""
    territory: str

    def __str__(self):
        return f"retreat to {self.territory}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Raid (warriors) and Migrate (any citizen): one citizen one step."""
    source: str
    target: str
    kind: str

    def __str__(self):
        return f"move a {self.kind} from {self.source} to {self.target}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Raid: take resources with the warriors in this foreign territory."""
    territory: str

    def __str__(self):
        return f"raid {self.territory}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build: ``structure`` in ``territory``; ``labor`` uses the Labor advance's discount."""
    territory: str
    structure: str
    labor: bool = False

    def __str__(self):
        return f"build {self.structure} in {self.territory}" + (" (Labor)" if self.labor else "")


@dataclass(frozen=True, slots=True)
class Govern(Action):
    """Govern: lower Unrest by ``levels``."""
    levels: int

    def __str__(self):
        return f"Govern: Unrest -{self.levels}"


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Advance: move up ``tree``, or (``new``) start a marker on it."""
    tree: str
    new: bool = False

    def __str__(self):
        return f"{'a new marker on' if self.new else 'advance on'} {self.tree}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Advance: the drawn tile kept face up at the end of the tree."""
    tile: str

    def __str__(self):
        return f"keep {self.tile}"


@dataclass(frozen=True, slots=True)
class Route(Action):
    """Trade Route (and Migrate, setup): a caravan on the border ``a``-``b``, paid with
    ``pay`` ("Crops", "Gold", or "" when free)."""
    a: str
    b: str
    pay: str = ""

    def __str__(self):
        return f"caravan on {self.a}-{self.b}" + (f" for 2 {self.pay}" if self.pay else "")


@dataclass(frozen=True, slots=True)
class Tribute(Action):
    """Tribute: from the ``colonies``, the ``routes`` at the capital and cities, or ``both``."""
    kind: str

    def __str__(self):
        return f"Tribute from {self.kind}"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Variant (Solo play): the player's territory the foreign empire attacks (black on the odd 6s,
    blue on the even)."""
    territory: str

    def __str__(self):
        return f"the foreign empire attacks {self.territory}"


#: The one "done" every step offers (actions are values: one object serves all).
DONE = Done()

ACTION_TYPES = (DealTile, StartPlayer, TreeOrder, DrawTiles, Roll, Claim, Capital, Peasant, Marker, Foreign,
                Heritage, Done, Select, Play, Oppress, Patronage, Tax, Chronicle, Muster, Convert, Irrigate,
                Conquer, Attack, Annex, Pick, Lose, Cull, Retreat, Move, Steal, Build, Govern, Advance, Keep,
                Route, Tribute, Target)
