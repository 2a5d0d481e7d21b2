"""A duel: how players compare at one table, seats rotated, with each one's time per decision.

    from explorer.lab.duel import duel
    result = duel("take_off_eh", ["strong:budget=0.1", "sensible"], games=40, seed=0)
    print(result.text())

``players`` gives one spec per seat (``["strong", "sensible", "sensible"]`` for Conspiracy's three
seats).  Game ``i`` turns the table by ``i`` seats (the spec at seat ``q`` plays seat
``(q + i) % seats``), so with a multiple of the seat count as ``games`` every spec sits in every
seat equally often and a start player's edge favours nobody.  The games' seeds come from the
master seed as in :mod:`.experiment` (the spec list is part of the cell), so a duel replays
wherever a player does (fixed ``iterations``; a CPU ``budget`` does not replay).

Per distinct spec: its **score**, a game's win shared among its winners (a game nobody won gives
nobody anything), over the games, with a 95% Wilson interval; its **fair share**, the seats it holds
over the seats; and the CPU time (:func:`time.process_time`) it took per decision with more than one
legal action, median and 90th percentile.  ``explorer duel`` is the command line of the same.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Sequence

from explorer.players import PlayerError, make_player, parse_spec
from explorer.simulate import SetupError, option_name, resolve

from .experiment import game_seed, play_seeded
from .summary import wilson


@dataclass
class Standing:
    """One spec's figures in a duel."""

    spec: str
    seats: int                   # how many seats it holds at the table
    table: int                   # the table's seats
    score: float = 0.0           # games won, a shared win split among its winners
    games: int = 0
    times: list = field(default_factory=list)      # CPU seconds of each decision with a choice

    @property
    def fair(self) -> float:
        return self.seats / self.table

    @property
    def share(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)

    def ms(self, q: float) -> float | None:
        if not self.times:
            return None
        t = sorted(self.times)
        return 1000 * t[min(len(t) - 1, int(q * (len(t) - 1) + 0.5))]

    def row(self) -> dict:
        low, high = self.interval
        return {"player": self.spec, "seats": self.seats, "fair_share": self.fair, "score": self.score,
                "games": self.games, "share": self.share, "low": low, "high": high,
                "decisions": len(self.times), "ms_median": self.ms(0.5), "ms_p90": self.ms(0.9)}


def _ms(x: float) -> str:
    return f"{x:.1f}" if x >= 10 else f"{x:.2g}"


@dataclass
class DuelResult:
    game: str
    players: list
    seed: int
    games: int
    standings: dict
    nobody: int = 0              # games that ended with no winner

    def rows(self) -> list[dict]:
        return [s.row() for s in self.standings.values()]

    def text(self) -> str:
        lines = [f"{self.game}: {' vs '.join(self.players)}, {self.games} games, seats rotated, seed {self.seed}"
                 + (f"; {self.nobody} with no winner" if self.nobody else "")]
        for r in self.rows():
            ms = ("" if r["ms_median"] is None else
                  f"; CPU ms a decision: median {_ms(r['ms_median'])}, p90 {_ms(r['ms_p90'])} ({r['decisions']})")
            lines.append(f"  {r['player']:<28} won {r['score']:g}/{r['games']} = {100 * r['share']:.1f}% "
                         f"[{100 * r['low']:.1f}-{100 * r['high']:.1f}] (fair share {100 * r['fair_share']:.0f}%){ms}")
        return "\n".join(lines)


def duel(game: str, players: Sequence[str], games: int, seed: int = 0, options=None,
         progress: Callable[[int], None] | None = None) -> DuelResult:
    """Play ``games`` games of ``game`` with ``players`` (one spec per seat) round the table; see
    the module docstring.  ``options``: rule options as for ``explorer sweep`` (``players`` is
    the number of specs unless given).  Raises :class:`SetupError` for specs or options that make
    no sense, before any game is played."""
    players = list(players)
    if games < 1:
        raise SetupError(f"a duel needs at least 1 game, got {games}")
    if len(players) < 2:
        raise SetupError(f"a duel needs a player spec per seat, at least 2, got {players!r}")
    opts: list | dict
    if isinstance(options, (list, tuple)):             # "name=value" strings, as typed
        opts = list(options) + ([] if "players" in map(option_name, options) else [f"players={len(players)}"])
    else:
        opts = {"players": len(players), **dict(options or {})}
    setup = resolve(game, opts)
    g, options = setup.game, setup.options
    seats = options.players
    if seats != len(players):
        raise SetupError(f"{g.name}: {len(players)} player specs for {seats} seats; give one per seat")
    for q, spec in enumerate(players):          # a bad spec is named before any game is played
        try:
            parse_spec(spec)
            make_player(spec, g, options, q, seed)
        except PlayerError as e:
            raise SetupError(f"player {spec!r}: {e}") from None
    standings = {spec: Standing(spec, players.count(spec), seats) for spec in players}
    cell = {"duel": " ".join(players)}
    nobody = 0
    for i in range(games):
        turn = i % seats
        specs = [players[(q - turn) % seats] for q in range(seats)]      # spec q sits at (q + turn)

        def heard(seat, state, cpu, specs=specs):
            if len(state.legal_actions()) > 1:
                standings[specs[seat]].times.append(cpu)
        state, _, _ = play_seeded(g, options, specs, game_seed(seed, cell, i), heard)
        winners = list(state.result().winners)
        for s in standings.values():
            s.games += 1
        if not winners:
            nobody += 1
        for w in winners:
            standings[specs[w]].score += 1 / len(winners)
        if progress:
            progress(1)
    return DuelResult(g.name, players, seed, games, standings, nobody)

