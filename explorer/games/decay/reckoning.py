"""Decay's arithmetic, shared by the rules and the calculators.

Tiles are named ``Suit-rank`` ("Moons-3"); coins matter only by suit in Decay, so a
hand is a mapping ``{suit: count}`` and a payment a sorted tuple of suits.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from collections.abc import Iterable, Mapping

from explorer.components.piecepack import ACE, NULL, parse_suit_rank

from . import board as B
from .pieces import TILE_RANK, TILE_SUIT


def suit_of(tile: str) -> str:
    suit = TILE_SUIT.get(tile)          # a piecepack tile's, looked up; else parsed (or refused)
    return parse_suit_rank(tile)[0] if suit is None else suit


def value_of(tile: str) -> int:
    """Step 1 and Resolving Attacks: null 0, ace 1, others their number."""
    rank = TILE_RANK.get(tile)
    return parse_suit_rank(tile)[1] if rank is None else rank


def entry_payments(tile: str, hand: Mapping[str, int], *, has_die: bool = False) -> list[tuple[str, ...]]:
    """Every way (as sorted suits) to pay to enter ``tile`` or to pick it up (Step 1,
    Step 2 b): free if it is a null tile or holds a die; otherwise one coin of its suit,
    or as many coins as its value in any suits (an ace costs one coin)."""
    suit, rank = parse_suit_rank(tile)
    if has_die or rank == NULL:
        return [()]
    out = set()
    if hand.get(suit, 0) >= 1:
        out.add((suit,))
    suits = sorted(s for s, n in hand.items() if n > 0)
    for combo in combinations_with_replacement(suits, rank):
        if all(combo.count(s) <= hand[s] for s in set(combo)):
            out.add(tuple(sorted(combo)))
    return sorted(out, key=lambda p: (len(p), p))


def can_pay(tile: str, hand: Mapping[str, int], *, has_die: bool = False) -> bool:
    suit, rank = parse_suit_rank(tile)
    if has_die or rank == NULL:
        return True
    return hand.get(suit, 0) >= 1 or sum(hand.values()) >= rank


def take(hand: Mapping[str, int], payment: Iterable[str]) -> dict[str, int]:
    """The hand after spending ``payment``; ValueError if it cannot."""
    out = dict(hand)
    for s in payment:
        if out.get(s, 0) <= 0:
            raise ValueError(f"no {s} coin left to spend")
        out[s] -= 1
    return {s: n for s, n in out.items() if n}


def attack_totals(positions: Mapping[str, B.Pos], attacker_suits: Iterable[str],
                  defender: str, touching: Iterable[str] | None = None) -> tuple[int, int]:
    """Resolving Attacks: the attack is the sum of the attacker's tiles touching the
    defending tile; the defence is the defending tile plus the tiles of its suit it
    touches (null 0, ace 1).  ``touching``: the tiles touching the defender, when the
    caller knows them (a Layout's contacts)."""
    mine = set(attacker_suits)
    dsuit = suit_of(defender)
    if touching is None:
        touching = B.contacts(positions, defender)
    attack = sum(value_of(t) for t in touching if suit_of(t) in mine)
    defence = value_of(defender) + sum(value_of(t) for t in touching if suit_of(t) == dsuit)
    return attack, defence


def attackable(moved: str, target: str, attacker_suits: Iterable[str]) -> bool:
    """Resolving Attacks: only a moved tile of the attacker's own suit attacks, never a
    null one; null and ace tiles cannot be attacked; own tiles are not attacked."""
    mine = set(attacker_suits)
    if suit_of(moved) not in mine or value_of(moved) == NULL:
        return False
    return suit_of(target) not in mine and value_of(target) not in (NULL, ACE)
