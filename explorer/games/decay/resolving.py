"""Step 2.e-f: Resolving a Split Game board (the smaller section leaves play with the pawns
on it) and Resolving Attacks (a moved tile of the mover's suit attacks the opposing
tiles it touches; a won attack takes one coin of the attacker's choice)."""
from __future__ import annotations

from itertools import chain

from explorer.components.piecepack import NULL

from . import board as B
from .actions import TakeCoin
from .normal_play import _after_turn, _enter, _game_over, _kill
from .pieces import TILE_RANK, TILE_SUIT, _drop, _minus, _plus, _set
from .reckoning import attack_totals, attackable
from .slide_tiles import _begin_step3


def _resolve_split(s) -> bool:
    """Resolving a Split Game board.  True if the turn ended (the mover died or the
    game is over)."""
    side = s.side
    lay = s._lay if s._lay.pos is s.pos else s.layout()
    stay, gone = B.split(s.pos, keep_first=(s.pawns[side], s.moved_tile), parts=lay.components())
    removed = sorted(chain.from_iterable(gone))
    s._event("split", "the board splits: {} tiles stay, {} leave play ({})",
             len(stay), len(removed), ", ".join(removed))
    lay = lay.without_all(removed, s._own)      # carried over from the board before, like a move
    s._lay = lay
    s.pos = lay.pos
    s.out = tuple(sorted(s.out + tuple(removed)))
    gone_tiles = set(removed)
    for other, t in sorted(s.dice.items()):
        if t in gone_tiles:
            s.dice = _drop(s.dice, other)
            s._event("split", "the {} die leaves play with {}", other, t)
    victims = [v for v, t in sorted(s.pawns.items()) if t in gone_tiles]
    for v in victims:
        s._event("split", f"the {v} pawn was on a removed section")
        _kill(s, v, "split")
    if not victims:
        return False
    if side in s.dead:
        _after_turn(s)
        return True
    return _game_over(s)


def _collect_attacks(s, moved):
    """Resolving Attacks: each opposing tile the moved tile touches is attacked."""
    mine = s._mine()
    if TILE_SUIT[moved] not in mine:
        return
    if TILE_RANK[moved] == NULL:
        s._event("attack_immune", f"{moved} is a null tile and makes no attack")
        return
    won = []
    nbrs = (s._lay if s._lay.pos is s.pos else s.layout()).nbrs
    for target in sorted(nbrs[moved]):
        if TILE_SUIT[target] in mine:
            continue
        if not attackable(moved, target, mine):
            s._event("attack_immune", f"{target} cannot be attacked")
            continue
        attack, defence = attack_totals(s.pos, mine, target, nbrs[target])
        if attack > defence:
            s._event("attack_win", f"{s.side} attacks {target}: {attack} against {defence}, the attack wins")
            won.append(target)
        else:
            s._event("attack_win", f"{s.side} attacks {target}: {attack} against {defence}, the defence holds")
    s.attacks = tuple(won)


def _next_attack(s):
    while s.attacks:
        defender = TILE_SUIT[s.attacks[0]]
        held = s.hands[defender]
        if sum(held) == 0:
            s._event("attack_win", f"{defender} has no coin to lose"
                     + (" (its coins are out of the game)" if defender in s.dead else ""))
            s.attacks = s.attacks[1:]
            continue
        _enter(s, "take_coin")
        return
    _begin_step3(s)


def _on_take_coin(s, a: TakeCoin):
    defender = TILE_SUIT[s.attacks[0]]
    s.hands = _set(_set(s.hands, defender, _minus(s.hands[defender], (a.suit,))),
                   s.side, _plus(s.hands[s.side], a.suit))
    s.unspent = _plus(s.unspent, a.suit)
    s._event("attack_win", f"{s.side} takes one {a.suit} coin from {defender}")
    s.attacks = s.attacks[1:]
    _next_attack(s)

