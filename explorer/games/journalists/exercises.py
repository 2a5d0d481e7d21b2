"""Journalists' exercises (issues 33 and 44): the named parts of ``data/exercises/journalists.json``
(:mod:`explorer.engine.sheets`) that data cannot say.

The sheet holds each exercise's words, rules, chapter and position: the scripted opening
(``data/examples/journalists-opening.json``) cut at a step, or one of the positions built here
with :func:`.positions.position` for three players with the opening's Aces (Moons, Suns, Leaves),
named in :data:`POSITIONS`.  :data:`SHEET_PARTS` holds, by exercise key, what the answers read: the
legal actions of a scope, the state an action leads to (after the refill's chance node,
:func:`settled`, when the question is about the next turn) and the exact chances of :mod:`.odds`
or of the chance nodes themselves.
"""
from __future__ import annotations

from fractions import Fraction

from explorer.engine.exercises import told
from explorer.engine.sheet_parts import Chance, Outcome, Scope, named_parts
from explorer.engine.words import seat_name

from . import display as D
from .actions import Cubes, Evidence, Steal, cubes, evidence, steal
from .cards import EXCUSE, KIND, SUITS_OF, fixed_rank
from .odds import reveal_chance_at
from .positions import position
from .rules import JournalistsOptions
from .scoring import card_points, row_points
from .sections import RULES

ACES = ("Ace of Moons", "Ace of Suns", "Ace of Leaves")
THREE = JournalistsOptions(players=3)
#: the display of the built positions, bottom row first: three cards for 1 chip, two for 2, one for 3
DISPLAY = ("The Author", "The Journey", "The Desert", "The Origin", "The Sailor", "The Pact")
#: the display of the positions about cubes (none of its cards is in a row there)
CUBE_DISPLAY = ("The Author", "The Painter", "The Savage", "The Origin", "The Sailor", "The Pact")


# -- positions ------------------------------------------------------------------------------
def settled(state):
    """``state`` once the display is refilled: the first card the chance node offers is
    turned up (which card does not matter to who plays next or what a card costs)."""
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def _built(display=DISPLAY, **kw):
    return position(ACES, list(display), options=kw.pop("options", THREE), **kw)


def one_chip():
    """Player 1 has a single chip left."""
    return _built(supply=[1, 5, 6])


def bought_cards():
    """Each player has bought one card with (b): Player 1 The Mountain, Player 2 The Forest,
    Player 3 The Lunatic (with the chips paid on them)."""
    return _built(bought=[[("The Mountain", 2)], [("The Forest", 1)], [("The Lunatic", 3)]],
                  supply=[7, 8, 6])


def skipped():
    """Player 2 has no chip left; Player 1 is to play."""
    return _built(supply=[4, 0, 3])


def variant():
    """The Variant (most chips goes next): Player 2 is to play with 4 chips; Players 1 and 3
    hold 6 each."""
    return _built(supply=[6, 4, 6], to_move=1, options=JournalistsOptions(players=3, most_chips_next=True))


#: Player 1's evidence row right of the Ace: The Journey (Moons/Waves, 3), The Harvest (a
#: Pawn: Moons/Suns/Leaves), The Lunatic (Moons/Waves, 6) with one cube; The Desert (2) is
#: complete, so the Pawn ranks 2.
ROW = [("The Journey", 0), ("The Harvest", 0), ("The Lunatic", 1)]


def no_excuse_walk():
    """That row, in a game without the Excuse (so spare cubes are simply discarded)."""
    return _built(CUBE_DISPLAY, rows=[ROW, [], []], completed=[["The Desert"], [], []],
                  options=JournalistsOptions(players=3, excuse=False))


def pawn_walk():
    """Player 1's row: The Forest (Moons/Leaves, 5) with three cubes, then The Harvest (a
    Pawn) with one; The Desert (2) is complete, so the Pawn ranks 2 for now."""
    return _built(CUBE_DISPLAY, rows=[[("The Forest", 3), ("The Harvest", 1)], [], []],
                  completed=[["The Desert"], [], []], options=JournalistsOptions(players=3, excuse=False))


def excuse_choice():
    """The Excuse lies at the top of the display; Player 1's row holds The Journey (one cube),
    the Pawns The Harvest (one cube) and The Watchman (none), both below their rank of 2, and
    The Lunatic."""
    return _built(CUBE_DISPLAY[:5] + (EXCUSE,), rows=[[("The Journey", 1), ("The Harvest", 1), ("The Lunatic", 0),
                                                      ("The Watchman", 0)], [], []],
                  completed=[["The Desert"], [], []])


#: the card ``excuse-row`` takes for its cubes (9, Moons and Suns)
SPARE_FROM = "The Pact"


def excuse_in_row():
    """Player 1 (Ace of Moons, The Desert completed) holds the Excuse with one cube and The
    Journey (Moons and Waves, 3) with two, and has just taken The Pact for its cubes: The Journey
    completes and the other cubes fit nowhere else (the ``excuse`` step)."""
    return _built(CUBE_DISPLAY, rows=[[(EXCUSE, 1), ("The Journey", 2)], [], []],
                  completed=[["The Desert"], [], []]).apply(cubes(SPARE_FROM))


def chips_on_a_bought_card():
    """The last chip in any supply is Player 1's; Player 3's bought card The Lunatic holds the
    three chips paid for it."""
    return _built(CUBE_DISPLAY, supply=[1, 0, 0], bought=[[], [], [("The Lunatic", 3)]],
                  completed=[["The Forest"], ["The Mill"], ["The Castle"]])


def last_chips():
    """The last chip of the game: Player 1 holds it and the other supplies are empty.  The
    Mountain (Moons/Suns, 4) in Player 1's row holds three cubes."""
    return _built(CUBE_DISPLAY, supply=[1, 0, 0], rows=[[("The Mountain", 3)], [("The Battle", 2)], []],
                  completed=[["The Forest", "The Journey"], ["The Mill"], ["The Castle", "The Market"]])


# -- what the answers read -------------------------------------------------------------------
def _seat_words(q) -> str:
    return seat_name(q) if isinstance(q, int) else str(q)


def _next(before, after):
    return settled(after).player


def _cost_after(card):
    return lambda before, after: settled(after).cost(card)


def _why_cost(state, action):
    cost = state.cost(action.card)
    return (f"{action.card} lies in {D.row_words(state.options.display_rows, state.display.index(action.card))} and "
            f"costs {cost} chip{'s' if cost > 1 else ''}: affordable", RULES["pay"])


def _new_cubes(card):
    return lambda before, after: dict(after.rows[before.player]).get(card)


def _completed(before, after):
    p = before.player
    return tuple(after.completed[p][len(before.completed[p]):])


def _full_pawns(state, p):
    """The Pawns of seat ``p``'s row holding as many cubes as their rank (the highest completed card)."""
    return tuple(c for c, n in state.rows[p] if KIND[c] == "pawn" and n == state.highest(p))


def _complete_now(before, after):
    """The cards of the row complete after the action, in the row's order: those that moved left of
    the Ace, and the Pawns now full (which stay in the row)."""
    done = set(_completed(before, after)) | set(_full_pawns(after, before.player))
    return tuple(c for c, _ in before.rows[before.player] if c in done)


def _complete_words(before, after) -> str:
    p = before.player
    moved = _completed(before, after)
    pawns = _full_pawns(after, p)
    parts = [f"{', '.join(moved) or 'no card'} reach{'es' if len(moved) == 1 else ''} its rank and move"
             f"{'s' if len(moved) == 1 else ''} left of the Ace"]
    if pawns:
        parts.append(f"that makes the highest completed rank {after.highest(p)}, and {', '.join(pawns)} "
                     "holds as many cubes: complete, it stays in the row until the end")
    return "; ".join(parts)


def _completed_words(cards) -> str:
    return ", ".join(cards) if cards else "none"


def _completed_choices(state):
    """No card, or any one card of the row, or two of them (the Pawn and another)."""
    row = [c for c, _ in state.rows[state.player]]
    return [()] + [(c,) for c in row] + [(a, b) for i, a in enumerate(row) for b in row[i + 1:]]


def _cubes_words(n) -> str:
    return f"{n} cube{'s' if n != 1 else ''}"


def _wasted(before, after):
    return after.wasted - before.wasted


def _score(before, after):
    return settled(after).score(before.player)


#: the card ``score-gain`` takes for its cubes
SCORED_WITH = "The Author"


def _score_choices(state):
    """The score now, and with each card of the row completed: by its rank alone (the Ace's
    bonus forgotten), with the bonus, and with the card taken counted as well (it is not:
    it lies above the row)."""
    p, o = state.player, state.options
    now = state.score(p)
    ace = state.ace_suit(p)
    out = {now}
    for card, _ in state.rows[p]:
        rank = fixed_rank(card, o.crown_rank, o.court_rank)
        right = card_points(card, rank, ace)
        taken = card_points(SCORED_WITH, fixed_rank(SCORED_WITH, o.crown_rank, o.court_rank), ace)
        out |= {now + rank, now + right, now + right + taken}
    return sorted(out)


def _points_words(before, after) -> str:
    """What each card completed by the action scores: its rank, and the Ace's bonus if any."""
    p, o = before.player, before.options
    parts = []
    for card in _completed(before, after):
        rank = fixed_rank(card, o.crown_rank, o.court_rank)
        bonus = card_points(card, rank, before.ace_suit(p)) - rank
        parts.append(f"{card} completes: {rank}" + (f" + {bonus} for the Ace's suit" if bonus else ""))
    return "; ".join(parts) or "no card completes"


def _aces_left_chance(ace):
    """The chance that ``ace`` is among the Aces left out, walking the deal's chance nodes."""
    def chance(state):
        if state.phase_ != "deal_aces":
            return Fraction(ace in state.set_aside)
        return sum((p * chance(state.apply(a)) for a, p in state.chance_outcomes()), Fraction(0))
    return chance


def _excuse_worth(before, after):
    """What the Excuse in the mover's row is worth after the step (Scoring's count of it)."""
    p = before.player
    row = [(c, n) for c, n in after.rows[p] if c == EXCUSE]
    return row_points(row, after.highest(p), after.ace_suit(p))


ENDS = "the game ends"


def _next_or_end(before, after):
    return ENDS if after.is_terminal() else settled(after).player


def _next_or_end_words(q) -> str:
    return f"nobody: {ENDS}" if q == ENDS else seat_name(q)


def _winners(before, after):
    return tuple(after.winners)


def _winner_words(seats) -> str:
    return " and ".join(seat_name(q) for q in seats) + (" wins" if len(seats) == 1 else " share the win")




#: the positions built here, by the name the sheet gives them
POSITIONS = {f.__name__: f for f in (one_chip, bought_cards, skipped, variant, no_excuse_walk, pawn_walk,
                                     excuse_choice, excuse_in_row, chips_on_a_bought_card, last_chips)}

# -- the named parts, by exercise key ------------------------------------------------------------
SHEET_PARTS = named_parts({
    "start-player": Chance(
        probability=lambda s: sum((p for a, p in s.chance_outcomes() if a.seat == 0), Fraction(0)),
        explain=lambda s, p: (f"the start player is drawn at random: each of the {s.players} players equally, "
                              f"exactly {p}", RULES["start"])),
    "aces-dealt": Chance(
        probability=_aces_left_chance("Ace of Knots"),
        explain=lambda s, p: (f"two of the five Aces left are dealt, each as likely as another; the other three "
                              f"leave the game: exactly {p}", RULES["aces"])),
    "pyramid-cost": Outcome(
        read=lambda before, after: after.cost("The Origin"),
        choices=lambda s: sorted(set(D.slot_costs(s.options.display_rows))),
        words=lambda n: f"{n} chip{'s' if n != 1 else ''}",
        explain=lambda before, after: ("the fourth card opens the row of two, and a card there costs 2 chips",
                                       RULES["pyramid"])),
    "chips-left": Outcome(
        read=lambda before, after: after.supply[0],
        choices=lambda s: tuple(range(8, 13)),
        words=lambda n: f"{n} chips",
        explain=lambda before, after: ("every player starts with 12 time chips; a card from the row of two costs 2, "
                                       "discarded for evidence (a)", RULES["chips"])),
    "afford": Scope(
        test=lambda a: type(a) is Evidence,
        candidates=lambda s: [evidence(c) for c in s.display],
        why=_why_cost),
    "slide-down": Outcome(
        read=_cost_after("The Origin"),
        choices=lambda s: sorted(set(D.slot_costs(s.options.display_rows))),
        words=lambda n: f"{n} chip{'s' if n != 1 else ''}",
        explain=lambda before, after: ("the cards after the gap slide down one place and the new card goes on "
                                       "top", RULES["refill"])),
    "reveal-suit": Chance(
        probability=lambda s: reveal_chance_at(s, "Moons", 1),
        explain=lambda s, p: (f"{sum('Moons' in SUITS_OF[c] for c in s.deck)} of the {len(s.deck)} cards not yet "
                              f"seen show Moons, each as likely to come next: exactly {p}", RULES["refill"])),
    "reveal-card": Chance(
        probability=lambda s: reveal_chance_at(s, "The Huntress", 3),
        explain=lambda s, p: (f"the next three cards are any three of the {len(s.deck)} not yet seen, so The "
                              f"Huntress is among them with chance 3 in {len(s.deck)}: exactly {p}", RULES["refill"])),
    "steal-which": Scope(
        test=lambda a: type(a) is Steal,
        candidates=lambda s: [steal(c) for q in range(s.players) for c, _ in s.bought[q]],
        why=lambda s, a: (f"{a.card} was bought by another player: it costs one chip to take", RULES["steal"])),
    "steal-chips": Outcome(
        read=lambda before, after: after.supply[2],
        choices=lambda s: [s.supply[2], s.supply[2] + 1, s.supply[2] + 3, s.supply[2] - 1],
        words=lambda n: f"{n} chips"),
    "next-clockwise": Outcome(
        read=_next,
        choices=lambda s: list(range(s.players)),
        words=_seat_words,
        explain=lambda before, after: ("play passes to the left; Player 2 has no chip to pay for any card, so "
                                       "their turn is passed over (play goes on until every supply is empty)",
                                       RULES["pay"])),
    "next-variant": Outcome(
        read=_next,
        choices=lambda s: list(range(s.players)),
        words=_seat_words,
        explain=lambda before, after: ("the most chips goes next; of tied players the one nearest the current "
                                       "player's left", RULES["variant"])),
    "cubes-lunatic": Outcome(
        read=_new_cubes("The Lunatic"),
        choices=lambda s: list(range(1, 7)),
        words=lambda n: _cubes_words(n),
        explain=told(RULES["option_b"], RULES["complete"], RULES["pawn"])),
    "cubes-complete": Outcome(
        read=_complete_now,
        choices=_completed_choices,
        words=_completed_words,
        explain=lambda before, after: (_complete_words(before, after), RULES["pawn"])),
    "cubes-surplus": Outcome(
        read=_wasted,
        choices=lambda s: list(range(0, 10)),
        words=lambda n: _cubes_words(n),
        explain=lambda before, after: ("the Pawn ranks as the highest completed card, which The Forest raises "
                                       "to 5 when it completes; cubes no card can take are discarded",
                                       RULES["surplus"])),
    "excuse-targets": Scope(
        test=lambda a: type(a) is Cubes and a.card == EXCUSE and a.complete != "" and KIND[a.complete] != "pawn",
        candidates=lambda s: [cubes(EXCUSE, c) for c, _ in s.rows[s.player]],
        why=lambda s, a: (f"{a.complete} is in Player 1's row and not a Pawn: completed, it moves left of the Ace",
                          RULES["complete"])),
    "score-gain": Outcome(
        read=_score,
        choices=_score_choices,
        words=str,
        explain=lambda before, after: (_points_words(before, after), RULES["score"])),
    "excuse-row": Outcome(
        read=_excuse_worth,
        choices=lambda s: (0, 1, 3, 8, 9),
        words=lambda n: f"{n} point{'s' if n != 1 else ''}",
        explain=lambda before, after: (f"the Excuse now holds {dict(after.rows[0])[EXCUSE]} cubes, more than the "
                                       f"highest completed rank, {after.highest(0)} (The Journey): it would score "
                                       "nothing", RULES["excuse"])),
    "end-last-chip": Outcome(
        read=_next_or_end,
        choices=lambda s: (*range(s.players), ENDS),
        words=_next_or_end_words,
        explain=lambda before, after: ("no supply holds a chip any more, so the game ends; chips lying on a bought "
                                       "card are in no supply", RULES["end"])),
    "end-chips-back": Outcome(
        read=_next_or_end,
        choices=lambda s: (*range(s.players), ENDS),
        words=_next_or_end_words,
        explain=lambda before, after: ("Player 3 takes back the 3 chips that lay on The Lunatic, so a supply holds "
                                       "chips and the game goes on; Player 2 has none and is passed over",
                                       RULES["steal"])),
    "final-winner": Outcome(
        read=_winners,
        choices=lambda s: [(0,), (1,), (2,), (0, 2)],
        words=_winner_words,
        explain=lambda before, after: ("no supply holds a chip any more, so the game ends; final scores "
                                       + ", ".join(f"{seat_name(q)} {x}" for q, x in enumerate(after.final_scores)),
                                       RULES["end"])),
}, positions=POSITIONS)
