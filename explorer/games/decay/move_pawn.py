"""Normal Play Step 1 (Move your pawn) with its parts Step 1 Dice Markers (a tile holding a
die is free), Step 1 Tolls (one extra coin to the pawn already there) and Step 1 Death
(what is checked; the killing is in :mod:`.normal_play`): which entries keep a legal end of
the move affordable, and the handlers of the ``move``, ``pay_move`` and ``toll`` steps.

A step with a single choice is taken at once (see :mod:`.rules`).  These handlers go
straight from one decision a player really makes to the next, reading the turn's table
(:class:`Walk`), instead of entering each single-choice step in between: the states they
make are the ones :func:`.normal_play._enter` would make, step by step."""
from __future__ import annotations

from explorer.components.piecepack import NULL
from explorer.engine.state import make_event

from .actions import ENTER, PAY, STOP, TOLL, Interned, StopMoving
from .move_tile import _begin_step2
from .pieces import FREE, ONE_LESS, PRICE_OF, PRICE_TABLES, TILE_RANK, _minus, _plus, _words
from .sections import RULES


# -- the turn's table ---------------------------------------------------------------------------------
class Walk:
    """Step 1's answers for one turn, kept in the state's ``_s1`` across copies (left out of
    ``key()``) and shared by every state of the pawn's walk.

    From a tile with a hand, what the pawn may do depends only on the board, the tile it
    began on, the other pawns, the dice and the options, and none of them changes while
    it walks.  So a Walk is valid while the state's ``pos`` and ``dice`` are the objects
    it was made for and its ``start`` and ``side`` are the same (handlers replace those
    containers when they change them); the other pawns change only when a side dies, and
    :func:`.normal_play._kill` drops ``_s1``.  :func:`begin_step1` makes a new one at the
    start of every turn, so the handlers of Step 1 read the state's own.  Nobody changes
    an answer once made:

    - ``answers``: ``{(tile, hand): step options}`` (:func:`_viable`);
    - ``onward``: ``{(tile, hand): bool}``, whether such an answer would not be empty,
      for the places a toll may lead to (:func:`_tolls`);
    - ``prices``: the table of :data:`.pieces.PRICE_TABLES` for the payment option."""

    __slots__ = ("pos", "dice", "start", "side", "nbrs", "occupied", "die_tiles", "answers", "onward", "prices",
                 "limit")

    def __init__(self, s):
        self.pos, self.dice, self.start, self.side = s.pos, s.dice, s.start, s.side
        lay = s._lay if s._lay.pos is s.pos else s.layout()
        self.nbrs, self.occupied = lay.nbrs, s.others_at()
        self.die_tiles = s._dt[1] if s._dt[0] is s.dice else s._die_tiles()
        self.answers, self.onward = {}, {}
        self.prices = PRICE_TABLES[s.options.offer_dominated_payments]
        self.limit = s.options.walk_limit


def walk(s) -> Walk:
    """The state's Step 1 table, made anew when what it read changed."""
    w = s._s1
    if w is None or w.pos is not s.pos or w.dice is not s.dice or w.start != s.start or w.side != s.side:
        w = s._s1 = Walk(s)
    return w


# -- which entries the pawn may make ----------------------------------------------------------
def step_options(s) -> dict:
    """:meth:`DecayState.step_options` from the turn's table."""
    w = walk(s)
    here, hand = s.pawns[s.side], s.unspent
    out = w.answers.get((here, hand))
    return out if out is not None else _viable(w, here, hand)


def _viable(w: Walk, here: str, hand: tuple) -> dict:
    """Step 1 from ``here`` with ``hand``: ``{tile: {payment: tolls}}`` (see
    :meth:`DecayState.step_options`), kept in ``w.answers``."""
    start, occupied, dice = w.start, w.occupied, w.die_tiles
    prices = w.prices[hand]
    out = {}
    for t in w.nbrs[here]:
        if t == start:
            continue
        pays = FREE if t in dice else prices[t]      # as s._pays(t, hand)
        if t not in occupied:
            if pays:
                out[t] = dict.fromkeys(pays, (None,))
            continue
        options = {}
        for pay in pays:
            tolls = _tolls(w, t, _minus(hand, pay))
            if tolls:
                options[pay] = tolls
        if options:
            out[t] = options
    w.answers[(here, hand)] = out
    return out


def _tolls(w: Walk, t: str, left: tuple, first: bool = False) -> tuple:
    """The suits of the coins in ``left`` that may pay the toll on ``t``, in suit order:
    those after which the pawn can still end its move (a toll always spends a coin, so
    the search ends).  With ``first``, only the first such suit (enough to know there is
    one).

    Whether the move goes on from ``t`` with a hand is whether :func:`_viable` would not
    be empty there, found without listing every entry (most places a toll leads to are
    never reached, and the first affordable empty neighbour settles it), and kept in
    ``w.onward``."""
    out = ()
    onward = w.onward
    for suit, after in ONE_LESS[left]:
        key = (t, after)
        goes_on = onward.get(key)
        if goes_on is None:
            goes_on = onward[key] = bool(_enterable(w, t, after, True))
        if goes_on:
            out += (suit,)
            if first:
                break
    return out


def _enterable(w: Walk, here: str, hand: tuple, first: bool = False) -> list:
    """The tiles of :func:`_viable`'s answer, in its order, found without making it: a
    tile is affordable when it holds a die or by :data:`.pieces.PRICE_OF`, and a taken
    one needs a payment after which some toll lets the move end.  With ``first``, only
    the first such tile (enough to know the answer is not empty).  A plain loop: set
    operations here take fewer interpreted steps but more machine instructions (five
    small sets made per call), and measured slower."""
    start, occupied, dice = w.start, w.occupied, w.die_tiles
    total = sum(hand)
    out = []
    for t in w.nbrs[here]:
        if t != start:
            i, rank = PRICE_OF[t]
            if t in dice or hand[i] or total >= rank:
                if t in occupied:
                    for pay in (FREE if t in dice else w.prices[hand][t]):
                        if _tolls(w, t, _minus(hand, pay), True):
                            break
                    else:
                        continue
                out.append(t)
                if first:
                    break
    return out


def _choices(w: Walk, here: str, hand: tuple, moved: int) -> list:
    """The ``move`` step's legal actions: an entry for every tile of the step options,
    sorted, then "stop" when the pawn may stop (as :func:`may_stop`); only "stop" once the
    pawn has made ``walk_limit`` entries (``moved``) and may stop.  Only which tiles may be
    entered is needed here; the payments of the one entered are asked for then
    (:func:`_go`).  A new list each time: the pawn seldom comes back to a tile with the
    same hand."""
    may_stop = moved and here != w.start and here not in w.occupied
    if may_stop and moved >= w.limit:
        return [STOP]
    tiles = _enterable(w, here, hand)
    tiles.sort()
    got = list(map(ENTER.__getitem__, tiles))
    if may_stop:
        got.append(STOP)
    return got


def move_choices(s) -> list:
    """The ``move`` step's legal actions (from the turn's table)."""
    return _choices(walk(s), s.pawns[s.side], s.unspent, s.stepped)


def may_stop(s) -> bool:
    """Step 1: the pawn has moved and stands on an empty tile other than its start."""
    t = s.pawns[s.side]
    return s.stepped and t != s.start and t not in s.others_at()


# -- what happened, in words --------------------------------------------------------------------------
# Events are immutable values like actions, so one object per text serves every state that
# records it (Interned makes them on first use).
#: The turn's first event, worded when read (:meth:`.engine.machine.PhasedState._event`):
#: its round makes nearly every one new, so an object per text would be made and kept once
#: and never shared.
_TURN = "{0} to play (round {1}): the {0} pawn must leave {2}"


def _entered(k):
    side, t, pay = k
    if pay:
        return make_event(f"the {side} pawn enters {t}, spending {_words(pay)}", RULES["pay"])
    return make_event(f"the {side} pawn enters {t} for free", RULES["pay" if TILE_RANK[t] == NULL else "dice_free"])


_ENTERED = Interned(_entered)
_TOLL = Interned(lambda k: make_event(f"{k[0]} gives one {k[1]} coin to {k[2]} as toll", RULES["toll"]))
_STOPS = Interned(lambda k: make_event(f"the {k[0]} pawn stops on {k[1]}", RULES["end_move"]))


# -- the handlers --------------------------------------------------------------------------------
def begin_step1(s) -> bool:
    """Step 1 at the start of a turn (``start``, ``unspent`` and ``stepped`` set): False
    when no complete move is affordable (Step 1 Death: the caller kills the side), else
    the move step is asked or, with one choice, taken."""
    w = s._s1 = Walk(s)
    choices = _choices(w, s.start, s.unspent, False)
    if not choices:
        return False
    s._event("move", _TURN, s.side, s.round, s.start)
    _ask_move(s, w, choices)
    return True


# The states of Step 1 carry the turn's Walk (begin_step1): ``or walk(s)`` only serves a
# state whose tables were dropped by hand.
def _on_move(s, a):
    if a.__class__ is StopMoving:
        _stop(s)
    else:
        _go(s, s._s1 or walk(s), a.tile)


def _on_pay_move(s, a):
    w = s._s1 or walk(s)
    t = s.pend["enter"]
    if t in w.occupied:
        _pay(s, w, t, a.coins, _tolls(w, t, _minus(s.unspent, a.coins)))
    else:
        _step(s, w, t, a.coins, None)


def _on_toll(s, a):
    pend = s.pend
    _step(s, s._s1 or walk(s), pend["enter"], pend["pay"], a.suit)


def _ask_move(s, w: Walk, choices: list):
    """The ``move`` step: asked (more than one choice), or its only choice taken."""
    if len(choices) != 1:
        s.phase_ = "move"
        s._legal = choices
    elif choices[0] is STOP:
        _stop(s)
    else:
        _go(s, w, choices[0].tile)


def _stop(s):
    side = s.side
    s._ev.append(_STOPS[side, s.pawns[side]])
    _begin_step2(s)


def _go(s, w: Walk, t: str):
    """The pawn enters ``t`` (one of the move step's choices): the payment is asked, or
    its only way taken.  The payments are those of :func:`_viable`'s answer, in its
    order: all of them on an empty tile, on a taken one those leaving a toll that lets
    the move end."""
    hand = s.unspent
    pays = FREE if t in w.die_tiles else w.prices[hand][t]
    if t in w.occupied:
        offers = []
        for pay in pays:
            tolls = _tolls(w, t, _minus(hand, pay))
            if tolls:
                offers.append((pay, tolls))
        if len(offers) == 1:
            _pay(s, w, t, *offers[0])
            return
        pays = [pay for pay, _ in offers]
    elif len(pays) == 1:
        _step(s, w, t, pays[0], None)
        return
    s.pend = {"enter": t}
    s.phase_ = "pay_move"
    s._legal = list(map(PAY.__getitem__, pays))


def _pay(s, w: Walk, t: str, pay: tuple, tolls: tuple):
    """``pay`` chosen for the taken tile ``t``: the toll is asked, or its only coin
    given."""
    if len(tolls) != 1:
        s.pend = {"enter": t, "pay": pay}
        s.phase_ = "toll"
        s._legal = list(map(TOLL.__getitem__, tolls))
    else:
        _step(s, w, t, pay, tolls[0])


def _step(s, w: Walk, t: str, pay: tuple, toll):
    side = s.side
    hand = _minus(s.unspent, pay) if pay else s.unspent
    s._ev.append(_ENTERED[side, t, pay])
    if toll is not None:
        other = w.occupied[t]
        hand = _minus(hand, (toll,))
        hands = s.hands.copy()
        hands[side] = _minus(hands[side], (toll,))
        hands[other] = _plus(hands[other], toll)
        s.hands = hands
        s._ev.append(_TOLL[side, toll, other])
    s.unspent = hand
    s.pawns = {**s.pawns, side: t}
    s.stepped += 1
    s.pend = None
    # the move step from here: _ask_move(s, w, _choices(w, t, hand, s.stepped)), written out
    # (every step of a walk ends here)
    if t != w.start and t not in w.occupied:        # the pawn may stop here
        tiles = _enterable(w, t, hand) if s.stepped < w.limit else None
        if not tiles:
            _stop(s)
            return
        tiles.sort()
        got = list(map(ENTER.__getitem__, tiles))
        got.append(STOP)
    elif len(tiles := _enterable(w, t, hand)) == 1:
        _go(s, w, tiles[0])
        return
    else:
        tiles.sort()
        got = list(map(ENTER.__getitem__, tiles))
    s.phase_ = "move"
    s._legal = got
