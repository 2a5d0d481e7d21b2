"""The Generation Sequence: Phase 1 (resources), Phase 2 (a) (two cards chosen face down) and
(c) (the tracks and the die), Phases 3-5 (population growth, overcrowding, the end of a
Dynasty), Generation End, and Game End.  A player's turn, Phase 2 (b), is :mod:`.turn`;
scoring the Chronicles is :mod:`.chronicles`; the solo variant's foreign attack :mod:`.solo`."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from explorer.engine.errors import IllegalMove
from explorer.engine.words import action_words, seat_name

from . import empire as E
from .actions import Cull, Roll, Select
from .sections import RULES

EMPHASIS = "Emphasis "            # + category: the three Emphasis cards


# -- Phase 1 -------------------------------------------------------------------------------------

def start_generation(s) -> None:
    """Phase 1: every player takes a resource per own peasant in each owned territory, at most
    its capacity (one more with Irrigation)."""
    n = s.players
    got = [{"Crops": 0, "Gold": 0} for _ in range(n)]
    pe, zero, tiles = s.pe, s.zero, s.tiles
    for t, q in s.owner.items():                 # one pass over the map for every player
        if q < n and pe.get(t, zero)[q]:
            got[q][tiles[t][0]] += min(pe[t][q], E.production_cap(s, t))
    for q in range(n):
        for r, k in got[q].items():
            if k:
                E.gain(s, q, r, k)
        s._event("resources", f"{seat_name(q)} receives {got[q]['Crops']} Crops and {got[q]['Gold']} Gold")
    s.gen_pos = 0
    open_select(s)


# -- Phase 2 (a) -----------------------------------------------------------------------------------

def open_select(s) -> None:
    s._open_choices("select", s.turn_order())
    s.selected = (None,) * s.players
    s.revealed = frozenset()


def legal_select(s):
    """Every pair of cards ``q`` may choose: two from the hand (one Emphasis card at most, none
    once one was played this Generation), or one from the hand and one Action card used before
    this Generation."""
    q = s.player
    pairs, s._legal_set = _select(s.card_names, s.hand[q], s.used[q], s.emph[q] is not None)
    return pairs                            # apply() asks the check, rather than scanning ~100 pairs


class _SelectCheck:
    """Answers ``action in legal`` for Phase 2 (a) by the rule itself, in constant time."""
    __slots__ = ("order", "hand", "used", "emphasis_played")

    def __init__(self, names, hand, used, emphasis_played):
        self.order, self.hand, self.used, self.emphasis_played = _order(names), hand, used, emphasis_played

    def __contains__(self, a) -> bool:
        if type(a) is not Select or type(a.cards) is not tuple or len(a.cards) != 2:
            return False
        x, y = a.cards
        if x not in self.order or y not in self.order or self.order[x] >= self.order[y]:
            return False
        if x in self.used and y in self.used:
            return False
        for c in (x, y):
            if c.startswith(EMPHASIS) and (c in self.used or self.emphasis_played):
                return False
        return not (x.startswith(EMPHASIS) and y.startswith(EMPHASIS))


@lru_cache(maxsize=8)
def _order(names) -> dict:
    return {c: i for i, c in enumerate(names)}


@lru_cache(maxsize=8)
def _pool(names) -> dict:
    """Per card, the Select of it with each other card (the two in the cards' order), built once."""
    rows: dict = {c: {} for c in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            rows[a][b] = rows[b][a] = Select((a, b))
    return rows


@lru_cache(maxsize=4096)
def _select(names, hand, used, emphasis_played) -> tuple:
    """The pairs ``q`` may choose (in the cards' order: first two from the hand, then one from
    the hand with one used before) and the check that answers for them."""
    return _pairs(names, hand, used, emphasis_played), _SelectCheck(names, hand, used, emphasis_played)


def _pairs(names, hand, used, emphasis_played) -> list:
    rows = _pool(names)
    mine = [c for c in names if c in hand and not (c.startswith(EMPHASIS) and emphasis_played)]
    again = [c for c in names if c in used and not c.startswith(EMPHASIS)]
    out = []
    for i, a in enumerate(mine):
        row = rows[a]
        if a.startswith(EMPHASIS):          # never two Emphasis cards
            out += [row[b] for b in mine[i + 1:] if not b.startswith(EMPHASIS)]
        else:
            out += [row[b] for b in mine[i + 1:]]
    for a in mine:
        row = rows[a]
        out += [row[b] for b in again]
    return out


def _on_select(s, a) -> None:
    q = s.player
    s.selected = s.selected[:q] + (a.cards,) + s.selected[q + 1:]
    s.commits = s.commits[:q] + (a,) + s.commits[q + 1:]
    s.committing = s.committing[1:]         # q is the first seat still to choose
    s._event("select", _chooses, q, a.cards, seen_by=(q,), public=_HAS_CHOSEN[q])
    if s.committing:
        s.player = s.committing[0]
        return
    s.commits = (None,) * s.players
    s.order = s.turn_order()
    s.turn_i = 0
    from .turn import begin_turn
    begin_turn(s)


def _chooses(q: int, cards) -> str:
    return f"{seat_name(q)} secretly chooses {cards[0]} and {cards[1]}"


class _HasChosen(dict):
    """Seat -> what the others read when it chose its cards, made once per seat."""
    def __missing__(self, q):
        text = self[q] = f"{seat_name(q)} has chosen two cards"
        return text


_HAS_CHOSEN = _HasChosen()


# -- Phase 2 (c) ---------------------------------------------------------------------------------------

def after_turns(s) -> None:
    """Every player has had a turn: both markers move a space, the die is rolled."""
    gen = s.data.tracks.generation
    s.round += 1
    s.gen_pos = min(s.gen_pos + 1, len(gen))
    spaces = s.data.tracks.dynasty_spaces()
    if s.dyn_pos < len(spaces):
        s.dyn_pos += 1
        if spaces[s.dyn_pos - 1][1]:
            s.growth = True
    s._event("tracks", f"the Generation marker moves to space {s.gen_pos} (number {gen[s.gen_pos - 1]}), the "
                       f"Dynasty marker to space {s.dyn_pos}")
    s.phase_, s.player = "roll", -1


def roll_outcomes(s):
    return [(Roll(v), Fraction(1, 6)) for v in range(1, 7)]


def check_roll(s, a) -> None:
    if type(a) is not Roll or type(a.value) is not int or not 1 <= a.value <= 6:
        raise IllegalMove(f"{action_words(s, a)}: that is not a face of the die", RULES["tracks"])


def _on_roll(s, a) -> None:
    s.roll = a.value
    number = s.data.tracks.generation[s.gen_pos - 1]
    ends = a.value <= number
    s._event("tracks", f"the die shows {a.value}: " + ("the Generation ends" if ends else "another turn"))
    if s.players == 1 and a.value == 6:
        from .solo import foreign_attack
        if foreign_attack(s):
            return
    after_roll(s)


def after_roll(s) -> None:
    if s.roll <= s.data.tracks.generation[s.gen_pos - 1]:
        s.generations += 1
        s.step = "growth"
        generation_end(s)
    else:
        open_select(s)


# -- Phases 3-5 and Generation End -------------------------------------------------------------------

def generation_end(s) -> None:
    """Run Phases 3, 4 and 5 and the Generation End until a decision is needed (a cull)."""
    if s.step == "growth":
        if s.growth:
            _growth(s)
        s.growth = False
        s.step = "overcrowd"
    if s.step == "overcrowd":
        crowded = _overcrowded(s)
        for q in range(s.players):
            over = crowded.get(q)
            if over:
                lost = E.raise_unrest(s, q, 1)
                s._event("overcrowd", f"{seat_name(q)} has too many citizens in {', '.join(over)}: Unrest +1"
                         + (f" (above the maximum: -{lost} VP)" if lost else ""))
        s.step = "cull"
    if s.step == "cull":
        if _open_cull(s):
            return
        s.step = "dynasty"
    if s.step == "dynasty":
        spaces = s.data.tracks.dynasty_spaces()
        if s.dyn_pos and spaces[s.dyn_pos - 1][0] > s.dynasty:
            from .chronicles import score_dynasty
            score_dynasty(s)
            if s.dynasty == len(s.data.tracks.dynasties):
                game_end(s)            # its symbols counted in the last Dynasty, as its scoring did
                s.dynasty += 1
                return
            s.dynasty += 1
        s.step = None
        _reset(s)
        start_generation(s)


def _overcrowded(s) -> dict:
    """Phase 4's first check: per player, his territories (in the order he gained them) holding
    more citizens than their capacity for citizens.  That capacity is never below the printed
    one, so only a territory past the printed capacity is looked at closer."""
    crowded: dict = {}
    n, tiles, pe, wa, zero = s.players, s.tiles, s.pe, s.wa, s.zero
    for t, q in s.owner.items():
        if q < n:
            here = sum(pe.get(t, zero)) + sum(wa.get(t, zero))         # E.total_citizens
            if here > tiles[t][1] and here > E.citizen_capacity(s, t):
                crowded.setdefault(q, []).append(t)
    return crowded


def _growth(s) -> None:
    for q in range(s.empires):
        kind = "peasant" if q < s.players else "warrior"
        added = E.owned(s, q)[:max(0, E.supply(s, q, kind))]    # one each while the supply lasts
        if added:
            E.add_one_each(s, q, kind, added)
            who = seat_name(q) if q < s.players else ("the black empire" if q == 1 else "the blue empire")
            s._event("growth" if q < s.players else "solo_play", f"{who} adds a {kind} to {', '.join(added)}")


def overfull(s) -> str | None:
    """The first territory (by name) holding more than twice its printed capacity; only those
    with citizens can."""
    pe, wa, zero, tiles = s.pe, s.wa, s.zero, s.tiles
    # E.total_citizens of each territory with peasants, then of those with warriors only
    over = [t for t, row in pe.items() if sum(row) + sum(wa.get(t, zero)) > 2 * tiles[t][1]]
    over += [t for t, row in wa.items() if t not in pe and sum(row) > 2 * tiles[t][1]]
    return min(over) if over else None


def _open_cull(s) -> bool:
    """Phase 4: while a territory holds more than twice its printed capacity, every player
    with citizens there removes one, all at once (a secret choice each; the foreign empires of
    the solo variant remove a peasant first)."""
    while True:
        t = overfull(s)
        if t is None:
            return False
        seats = [q for q in s.turn_order() if E.citizens(s, t, q)]
        for q in range(s.players, s.empires):
            if E.citizens(s, t, q):
                E.add_citizens(s, t, q, "peasant" if s.pe.get(t, s.zero)[q] else "warrior", -1)
                s._event("cull", f"{'the black' if q == 1 else 'the blue'} empire removes a citizen from {t}")
        if seats:
            s.cull_at = t
            s._open_choices("cull", seats)
            return True


def legal_cull(s):
    t, q = s.cull_at, s.player
    return [_CULLS[k] for k, field in (("peasant", s.pe), ("warrior", s.wa)) if field.get(t, s.zero)[q]]


_CULLS = {k: Cull(k) for k in E.KINDS}


def _on_cull(s, a) -> None:
    choices = s._commit(a)
    if choices is None:
        return
    t = s.cull_at
    for q, c in sorted(choices.items()):
        E.add_citizens(s, t, q, c.kind, -1)
    s._event("cull", _culled, t, tuple(sorted(choices.items())))
    s.cull_at = None
    generation_end(s)


def _culled(t: str, choices) -> str:
    return f"{t} is over twice its capacity: " + ", ".join(f"{seat_name(q)} removes a {c.kind}" for q, c in choices)


def _reset(s) -> None:
    """Generation End: the die passes left, the Generation track restarts, abacus to zero, the
    used cards come back."""
    s.start = (s.start + 1) % s.players
    s.gen_pos = 0
    s.crops = s.gold = (0,) * s.empires
    s.hand = (frozenset(s.card_names),) * s.players
    s.used = (frozenset(),) * s.players
    s.emph = (None,) * s.players
    s.boxes = (0,) * s.players
    s._event("generation_end", f"the Generation ends; {seat_name(s.start)} is the new start player")


# -- Game End ---------------------------------------------------------------------------------------

def game_end(s) -> None:
    """3 VP each for the most territories, the lowest Unrest and the most fountains and lyres
    (ties: every tied player), the symbols counted as in the last Dynasty's scoring (Ornamentation
    reads the Dynasty's number); the most VP wins, a tie goes to the most Chronicle points of the
    last Dynasty (still tied: shared).  Solo play names no way to lose: the game ends with the player's VP."""
    n = s.players
    terr = [sum(1 for o in s.owner.values() if o == q) for q in range(n)]
    sym = [sum(E.symbols(s, q)) for q in range(n)]
    unrest = list(s.unrest[:n])
    for label, values, best in (("the most territories", terr, max(terr)),
                                ("the lowest Unrest", unrest, min(unrest)),
                                ("the most fountains and lyres", sym, max(sym))):
        top = [q for q in range(n) if values[q] == best]
        for q in top:
            E.add_vp(s, q, 3, "end_bonus")
        s._event("end", f"{label} ({best}): " + ", ".join(seat_name(q) for q in top) + " +3 VP")
    best = max(s.vp[:n])
    top = [q for q in range(n) if s.vp[q] == best]
    if len(top) > 1:
        last = max(s.last_chronicle[q] for q in top)
        top = [q for q in top if s.last_chronicle[q] == last]
    s.winners = tuple(top)
    s.winner = top[0] if len(top) == 1 else None
    s.end_reason = "victory"          # tied players share it; a solo player's game ends with his score
    s._event("end", "the game ends: " + ", ".join(f"{seat_name(q)} {s.vp[q]} VP" for q in range(n))
             + "; winner" + ("s " if len(top) > 1 else " ") + ", ".join(seat_name(q) for q in top))
    s.phase_, s.player = "over", -2
