"""Decay's exercises (issues 33 and 44): the named parts of ``data/exercises/decay.json``
(:mod:`explorer.engine.sheets`) that data cannot say.

The sheet holds each exercise's words, rules, chapter and position.  Every position is built by the
engine: Board Creation from a record (a chosen roll-off, then tiles placed), Normal Play with
:func:`.rules.position` and the side's own steps (:func:`_walk`), named in :data:`POSITIONS`.  The
answers are the engine's: the legal actions, the state an action leads to, and the roll-off's chance
outcomes enumerated exactly (:func:`rolloff_chance`; Decay's only chance is Setup 2).  The boards are
small, made for the rule they train; each board's comment says what touches what.

Together they cite every section of the rule table but the round cap, a rule option that is not in
the rulebook (issue 41); where an answer rests on a reading of ours (Step 2.a's lost figure), the
question states it.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from explorer.engine.exercises import told
from explorer.engine.record import GameRecord
from explorer.engine.sheet_parts import Chance, Outcome, Scope, named_parts
from explorer.engine.words import seat_name

from . import board as B
from .actions import (ChooseTile, EndTurn, Enter, NoTileMove, Pay, PickUp, Place, Roll, Slide, SlideTo,
                      StopMoving, Toll)
from .places import position_name
from .rules import DecayOptions, position
from .sections import GAME, RULES


THREE = DecayOptions(players=3)


# -- positions ------------------------------------------------------------------------------
def _walk(state, *tiles):
    """Step 1 along ``tiles`` (the first payment offered each time), then stop.  A step with
    one choice is taken by the engine itself, so a pawn may stop on its own."""
    for t in tiles:
        if state.phase == "move" and state.pawns[state.side] != t:
            state = state.apply(Enter(t))
        while state.phase in ("pay_move", "toll"):
            state = state.apply(state.legal_actions()[0])
    if state.phase == "move":
        state = state.apply(StopMoving())
    return state


def _creation_record(players: int, roll: tuple[int, ...], placed: int) -> GameRecord:
    """A Board Creation record: the roll-off ``roll``, then every side in turn takes its
    first tile still to place and puts it on the first legal spot, until ``placed`` tiles
    lie on the board and the next side has chosen its tile (state at ``place_tile``)."""
    o = DecayOptions(players=players)
    s = GameRecord(GAME, o, None, ()).initial_state()
    actions = [Roll(roll)]
    s = s.apply(actions[0])
    while True:
        if s.phase == "choose_tile":
            a = ChooseTile(s.to_place[s.side][0])
        elif s.phase == "place_tile" and len(s.pos) < placed:
            a = s.legal_actions()[0]
        else:
            break
        actions.append(a)
        s = s.apply(a)
    return GameRecord(GAME, o, None, tuple(actions))


@cache
def creation_position() -> GameRecord:
    """Crowns (Player 3) won the roll-off; three tiles lie on the board and Crowns places its next."""
    return _creation_record(3, (0, 0, 3), 3)


@cache
def creation_spots() -> tuple[Place, ...]:
    """The places offered in ``creation-spots`` (:func:`_spots` of its position)."""
    return tuple(_spots(creation_position().replay()))


def _spots(state) -> list[Place]:
    """Places to judge in Board Creation, all with their lower-left corner inside the board's
    extent (so the board's edge labels name them): three legal spots (first, middle, last of
    the engine's list there) and refused ones the engine finds around the board: a spot sharing
    a whole edge (1.c), one touching a tile only at a corner (1.a), one on top of a tile."""
    xs, ys = [x for x, _ in state.pos.values()], [y for _, y in state.pos.values()]

    def inside(p):
        return min(xs) <= p[0] <= max(xs) + B.SIZE and min(ys) <= p[1] <= max(ys) + B.SIZE
    legal = sorted(p for p in ((a.x, a.y) for a in state.legal_actions()) if inside(p))
    picks = [legal[0], legal[len(legal) // 2], legal[-1]]
    problems = {"whole edge": None, "must touch": None, "on top of": None}
    for _tile, (x, y) in sorted(state.pos.items()):
        for at in ((x + B.SIZE, y), (x, y - B.SIZE), (x + B.SIZE, y + B.SIZE), (x - B.SIZE, y - B.SIZE),
                   (x + 1, y + 1)):
            why = B.placement_problem(state.pos, at)
            for k in problems:
                if problems[k] is None and why is not None and k in why and inside(at):
                    problems[k] = at
    picks += [p for p in problems.values() if p is not None]
    return [Place(*p) for p in sorted(set(picks))]


#: Moons' pawn on Suns-null, ringed by four 5s (none touching another): Moons-5 east, Suns-5
#: north, Arms-5 west, Crowns-5 south.  Further out Suns-ace (east of Moons-5), Moons-ace
#: (north of Suns-5), Arms-ace (west of Arms-5) and Crowns-ace (west of Crowns-5).  The Arms
#: die lies on Arms-5.
RING = {"Suns-null": (0, 0), "Moons-5": (4, -2), "Suns-5": (2, 4), "Arms-5": (-4, 2), "Crowns-5": (-2, -4),
        "Suns-ace": (8, -1), "Crowns-ace": (-6, -7), "Arms-ace": (-8, 3), "Moons-ace": (3, 8)}
RING_PAWNS = {"Moons": "Suns-null", "Suns": "Suns-ace", "Crowns": "Crowns-ace", "Arms": "Arms-ace"}
RING_HANDS = {"Moons": {"Moons": 2, "Crowns": 1}, "Suns": {"Suns": 6}, "Crowns": {"Crowns": 5}, "Arms": {"Arms": 6}}


def ring():
    return position(RING, RING_PAWNS, "Moons", hands=RING_HANDS, dice={"Arms": "Arms-5"})


def ring_lift():
    """Moons has stepped east onto Moons-5 (one Moons coin): Step 2 begins."""
    return _walk(ring(), "Moons-5")


#: Three players.  Suns stands on Suns-null; east of it Crowns-2 holds the Crowns pawn and
#: leads on to Suns-2; Moons-ace (north, the Moons pawn), Crowns-null (south), Moons-null (west).
TOLL = {"Suns-null": (0, 0), "Crowns-2": (4, 1), "Moons-ace": (-2, 4), "Crowns-null": (2, -4),
        "Moons-null": (-4, -2), "Suns-ace": (3, 5), "Suns-2": (8, 2)}


def toll_due():
    """Suns has entered Crowns-2, where the Crowns pawn stands, and owes the toll."""
    s = position(TOLL, {"Suns": "Suns-null", "Crowns": "Crowns-2", "Moons": "Moons-ace"}, "Suns", options=THREE,
                 hands={"Suns": {"Suns": 4, "Moons": 2}, "Moons": {"Moons": 4}, "Crowns": {"Crowns": 6}})
    return s.apply(Enter("Crowns-2")).apply(Pay(("Suns", "Suns")))


#: The rulebook's double attack (Resolving Attacks): Moons-3 lies east of Suns-4; put down at
#: (-1, 4) it touches Crowns-2 (north) and Arms-4 (south), which Moons-2 touches too.
DOUBLE = {"Arms-4": (0, 0), "Moons-2": (4, 1), "Crowns-2": (1, 8), "Suns-null": (5, 9), "Suns-4": (6, 5),
          "Moons-3": (10, 6), "Arms-ace": (5, -3), "Suns-ace": (6, -7), "Crowns-ace": (10, -6), "Moons-ace": (14, -5)}
DOUBLE_PAWNS = {"Moons": "Suns-4", "Suns": "Suns-ace", "Crowns": "Crowns-ace", "Arms": "Arms-ace"}
DOUBLE_SPOT = (-1, 4)


def double_attack():
    """Moons has walked to Suns-null and lifted Moons-3 (one Moons coin)."""
    s = _walk(position(DOUBLE, DOUBLE_PAWNS, "Moons"), "Suns-null")
    s = s.apply(PickUp("Moons-3"))
    while s.phase == "pay_pick_up":
        s = s.apply(s.legal_actions()[0])
    return s


@cache
def put_down_spots() -> tuple[Place, ...]:
    """Places offered in ``put-down-where``: three of the engine's legal spots for the lifted
    Moons-3 (first, middle, last) and three that the Board Creation rules alone allow but
    the engine refuses (first, middle, last): they touch a former neighbour's same side."""
    s = double_attack()
    legal = sorted((a.x, a.y) for a in s.legal_actions())
    again = sorted(set(B.legal_placements(s.pos, ignore=[s.pend["lift"]])) - set(legal))
    picks = {legal[0], legal[len(legal) // 2], legal[-1], again[0], again[len(again) // 2], again[-1]}
    return tuple(Place(*p) for p in sorted(picks))


def die_kept():
    """Moons moved Moons-3 last turn (its die is there) and has walked to Suns-null."""
    return _walk(position(DOUBLE, DOUBLE_PAWNS, "Moons", dice={"Moons": "Moons-3"}), "Suns-null")


#: A chain west to east: Crowns-3, Crowns-4, Moons-null (north of Crowns-4; touched on its
#: south and east sides), Suns-3, Suns-null, Suns-5.  Lifting Moons-null cuts the chain.
CHAIN = {"Crowns-3": (0, 0), "Crowns-4": (4, 1), "Moons-null": (5, 5), "Suns-3": (9, 6),
         "Suns-null": (13, 7), "Suns-5": (17, 8)}
CHAIN_SPOT = (-4, 1)                # west of Crowns-3: three tiles on each side


def chain_lifted():
    """Suns (on Suns-5) walked to Suns-null and lifted Moons-null (free: a null tile)."""
    s = position(CHAIN, {"Suns": "Suns-5", "Moons": "Crowns-3", "Crowns": "Suns-3"}, "Suns", options=THREE)
    s = _walk(s, "Suns-null")
    return s.apply(PickUp("Moons-null"))


#: Three players.  Suns-3 is touched west (Moons-2), east (Crowns-2) and south (Suns-2);
#: Crowns-2 north (Crowns-4), west (Suns-3) and south (Crowns-null), which is touched north,
#: west (Moons-null) and east (Crowns-3); Suns-2 reaches Moons-null to the south-east.
SLIDES = {"Suns-3": (0, 0), "Moons-2": (-4, 1), "Crowns-2": (4, -1), "Suns-2": (-2, -4),
          "Moons-null": (2, -7), "Crowns-null": (6, -5), "Crowns-4": (5, 3), "Crowns-3": (10, -6)}


def slide_step():
    """Suns walked from Crowns-null to Moons-null and moves no tile: Step 3."""
    s = position(SLIDES, {"Suns": "Crowns-null", "Moons": "Crowns-2", "Crowns": "Crowns-4"}, "Suns", options=THREE)
    s = _walk(s, "Moons-null")
    return s.apply(NoTileMove()) if s.phase == "pick_up" else s


def slide_chosen():
    return slide_step().apply(Slide("Suns-3"))


#: Four players, Crowns out.  Moons stands on Moons-null between Suns-2 and Arms-3.
LEFT = {"Moons-null": (0, 0), "Suns-2": (4, 1), "Arms-3": (-4, -1), "Suns-ace": (8, 2), "Arms-ace": (-8, -2),
        "Moons-ace": (-1, 4)}


def next_turn():
    s = position(LEFT, {"Moons": "Moons-null", "Suns": "Suns-ace", "Arms": "Arms-ace"}, "Moons", dead=("Crowns",))
    return _walk(s, "Moons-ace")


#: Two seats left of four (Crowns and Arms out).  Moons has one Crowns coin on Moons-3,
#: boxed in by Suns tiles; Suns stands on Suns-ace.
LAST = {"Moons-3": (0, 0), "Suns-4": (4, 1), "Suns-5": (-4, -1), "Suns-ace": (8, 2)}


def last_two():
    s = position(LAST, {"Moons": "Moons-3", "Suns": "Suns-ace"}, "Suns", dead=("Crowns", "Arms"),
                 hands={"Suns": {"Suns": 6}, "Moons": {"Crowns": 1}})
    return _walk(s, "Suns-4")


#: where ``split-unequal`` puts the lifted Moons-null down: east of Suns-5, so the Crowns tiles are cut off
EAST_SPOT = (21, 9)


def _sections_at(spot):
    """The sections the board falls into with the lifted tile put down at ``spot`` (before the split is
    resolved), by the board's geometry."""
    def sections(state):
        moved = dict(state.pos)
        moved[state.pend["lift"]] = spot
        return [frozenset(c) for c in sorted(B.components(moved), key=min)]
    return sections


def toll_paid():
    """Suns has entered Crowns-2 (the Crowns pawn's tile) and paid the toll: Step 1 goes on."""
    s = toll_due()
    return s.apply(Toll("Moons"))


def _end_choices(s):
    """Stopping where the pawn stands, and a step onto each tile touching it."""
    here = s.pawns[s.side]
    return [StopMoving()] + [Enter(t) for t in sorted(s.layout().nbrs[here])]


def _why_go_on(state, action):
    here = state.pawns[state.side]
    return (f"{action.tile} touches {here}, is empty and is not where the pawn began, and the unspent coins pay for "
            "it: the pawn may go on there", RULES["end_move"])


def _steps_choices(s):
    """Step 2's two choices here, and actions of Steps 1 and 3 (refused: the steps go in order)."""
    lift = sorted(a.tile for a in s.legal_actions() if type(a) is PickUp)
    here = s.pawns[s.side]
    on = sorted(s.layout().nbrs[here])
    return [Enter(on[0]), StopMoving(), PickUp(lift[0]), NoTileMove(), Slide(lift[-1]), EndTurn()]


def _tiles_to_lay(before, after) -> int:
    return sum(len(t) for t in after.to_place.values())


def _tiles_explain(before, after):
    sides, seats = after.sides, range(after.options.players)
    runs = "; ".join(f"{seat_name(q)} plays {' and '.join(after.suits_of(q))}" for q in seats)
    return (f"with two players each runs two suits ({runs}): {len(sides)} suits of {len(after.to_place[sides[0]])} "
            f"tiles make {_tiles_to_lay(before, after)} tiles", RULES["sides"])


def _initial(players: int):
    """A new game of ``players``, at the roll-off (Setup 2)."""
    return GameRecord(GAME, DecayOptions(players=players), None, ()).initial_state()


def two_players():
    return _initial(2)


def three_players():
    return _initial(3)


def four_players():
    return _initial(4)


def five_five_rerolled():
    """Four players: Players 1 and 2 both rolled 5 and roll again."""
    return _initial(4).apply(Roll((5, 5, 2, 0)))


# -- what the answers read -------------------------------------------------------------------
def rolloff_chance(state, event) -> Fraction:
    """The exact chance that the next roll-off throw leads to a state where ``event`` holds:
    the engine's chance outcomes (Setup 2) applied one by one, their chances summed."""
    return sum((p for a, p in state.chance_outcomes() if event(state.apply(a))), Fraction(0))


def _tie(after) -> bool:
    return after.phase == "rolloff"


def _settled(after) -> bool:
    return after.phase != "rolloff"


def _suns_first(after) -> bool:
    return after.first == "Suns"


def _side_words(state):
    return lambda side: f"{side} ({seat_name(state.seat_of(side))})" if side else "nobody"


def _why_enter(state, action):
    """Why the pawn may step onto a tile: what it costs with the coins in hand."""
    pays = state.step_options()[action.tile]
    if () in pays:
        if action.tile in state.dice.values():
            return f"{action.tile} holds a die: it is free to enter", RULES["dice_free"]
        return f"{action.tile} is a null tile: free to enter", RULES["pay"]
    cheapest = min(pays, key=len)
    return f"{action.tile} can be paid with {' + '.join(cheapest)}", RULES["pay"]


def _why_lift(state, action):
    pays = state.pick_up_options()[action.tile]
    sides = "".join(sorted(state.layout().touched_sides(action.tile))) or "no side"
    return (f"{action.tile} is touched on {sides} only, holds no die, and "
            f"its price ({' + '.join(min(pays, key=len)) or 'nothing'}) "
            "is in hand", RULES["lift"])


def _why_slide(state, action):
    free = B.slide_side(state.pos, action.tile)
    return f"{action.tile} is touched on three sides and may slide {free}, with no pawn or die on it", RULES["slide"]


def _won(before, after) -> int:
    """Attacks the mover won: coins already taken plus those still to take."""
    side = before.side
    return sum(after.hands[side]) - sum(before.hands[side]) + len(after.attacks)


def _sections(state):
    """The sections the board falls into with Moons-null put down at CHAIN_SPOT (before the
    split is resolved), by the board's geometry."""
    moved = dict(state.pos)
    moved[state.pend["lift"]] = CHAIN_SPOT
    return [frozenset(c) for c in sorted(B.components(moved), key=min)]


def _removed(before, after):
    return frozenset(set(before.pos) - set(after.pos))


def _section_words(tiles) -> str:
    return "the section of " + ", ".join(sorted(tiles)) + " leaves play"


#: the answer of ``die-off`` when the die has left the board
OFF = "off the board"


def _die_place(before, after):
    return after.dice.get(before.side, OFF)


def _game_words(state) -> str:
    """Who has won, named by the suit still on the board and its seat, or that the game goes on."""
    if state.winner is None:
        return "the game goes on"
    side = next(x for x in state.suits_of(state.winner) if x not in state.dead)
    return f"{_side_words(state)(side)} wins"


def _rolloff(event) -> Chance:
    """A roll-off chance (Setup 2): that the next throw leads where ``event`` holds."""
    def explain(state, p):
        throws = state.chance_outcomes()
        hits = sum(1 for a, _ in throws if event(state.apply(a)))
        return (f"{hits} of the {len(throws)} equally likely throws of "
                f"the dice end so: exactly {p} (about {float(p):.1%})",
                RULES["rolloff"])
    return Chance(probability=lambda s: rolloff_chance(s, event), explain=explain)


#: the positions built here, by the name the sheet gives them
POSITIONS = {f.__name__: f for f in (creation_position, two_players, four_players, five_five_rerolled, three_players,
                                     ring, ring_lift, toll_due, double_attack, die_kept, chain_lifted, toll_paid,
                                     slide_step, slide_chosen, next_turn, last_two)}

def _on_board(state, action) -> bool:
    """A fair wrong option names a tile on the board (not one still in a box)."""
    return action.tile in state.pos


# -- the named parts, by exercise key ------------------------------------------------------------
SHEET_PARTS = named_parts({
    "creation-spots": Scope(
        test=lambda a: a in creation_spots(),
        candidates=lambda s: list(creation_spots()),
        why=lambda s, a: (f"at {position_name((a.x, a.y))} {s.pend['tile']} touches the board, offset by a quarter "
                          "or more, and the tiles it touches do not touch each other", RULES["contact"])),
    "creation-first-turn": Outcome(
        read=lambda before, after: after.side,
        choices=lambda s: list(s.sides),
        words=str,
        explain=lambda before, after: (f"the side that placed the first tile, {before.first}, takes the first "
                                       "turn; the pawns start on their aces", RULES["pawns"])),
    "two-players": Outcome(
        read=_tiles_to_lay,
        choices=lambda s: [6, 12, 18, 24],
        words=lambda n: f"{n} tiles",
        explain=_tiles_explain),
    "rolloff-tie": _rolloff(_tie),
    "rolloff-settled": _rolloff(_settled),
    "rolloff-first-throw": _rolloff(_suns_first),
    "step1-first-step": Scope(
        test=lambda a: type(a) is Enter,
        why=_why_enter,
        offer=_on_board),
    "step1-toll": Outcome(
        read=lambda before, after: sum(after.hands["Crowns"]),
        choices=lambda s: [sum(s.hands["Crowns"]) + k for k in (-1, 0, 1, 2)],
        words=lambda n: f"{n} coins"),
    "turn-steps": Scope(
        test=lambda a: a in _steps_choices(ring_lift()),
        candidates=_steps_choices,
        why=lambda s, a: ((f"{a}: Step 2 has begun, and moving a tile is optional", RULES["tile_move"])
                          if type(a) is NoTileMove else _why_lift(s, a))),
    "lift-which": Scope(
        test=lambda a: type(a) is PickUp,
        why=_why_lift,
        offer=_on_board),
    "put-down-where": Scope(
        test=lambda a: a in put_down_spots(),
        candidates=lambda s: list(put_down_spots()),
        why=lambda s, a: (f"at {position_name((a.x, a.y))} Moons-3 obeys the Board Creation rules and touches no "
                          "former neighbour on the side it touched before", RULES["put_down"])),
    "die-off": Outcome(
        read=_die_place,
        choices=lambda s: [s.dice[s.side], OFF],
        words=lambda t: t if t == OFF else f"on {t}",
        explain=lambda before, after: ("a side that moves no tile takes its die off the board", RULES["die_off"])),
    "attack-double": Outcome(
        read=_won,
        choices=lambda s: [0, 1, 2],
        words=lambda n: f"{n} attack{'s' if n != 1 else ''}",
        explain=told(RULES["attack"], RULES["attack_win"])),
    "split-equal": Outcome(
        read=_removed,
        choices=_sections,
        words=_section_words,
        explain=told(RULES["split"])),
    "split-unequal": Outcome(
        read=_removed,
        choices=_sections_at(EAST_SPOT),
        words=_section_words,
        explain=told(RULES["split"])),
    "pawn-ends": Scope(
        test=lambda a: type(a) in (Enter, StopMoving),
        candidates=_end_choices,
        why=_why_go_on),
    "slide-which": Scope(
        test=lambda a: type(a) is Slide,
        why=_why_slide,
        offer=_on_board),
    "slide-stops": Scope(
        test=lambda a: type(a) is SlideTo,
        candidates=lambda s: [SlideTo(x, y + d) for (x, y) in [s.pos["Suns-3"]] for d in range(1, 5)],
        why=lambda s, a: (f"at {position_name((a.x, a.y))} Suns-3 still touches two of its old neighbours and "
                          "the board holds together", RULES["slide_stop"])),
    "next-side": Outcome(
        read=lambda before, after: after.side,
        choices=lambda s: list(s.sides),
        words=str,
        explain=lambda before, after: (f"play passes to the left, past the sides that are out: {after.side}",
                                       RULES["end_turn"])),
    "last-pawn": Outcome(
        read=lambda before, after: _game_words(after),
        choices=lambda s: ["the game goes on"] + [f"{_side_words(s)(x)} wins" for x in s.sides if x not in s.dead],
        explain=lambda before, after: ("Moons' turn begins and its pawn cannot pay for any move (its Crowns coin "
                                       "pays for neither Suns tile: each takes a Suns "
                                       "coin, or as many coins as its value), so it "
                                       "dies; the last player with a pawn on the board wins", RULES["end"])),
}, positions=POSITIONS)
