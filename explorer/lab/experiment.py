"""An experiment: one game, a grid of rule options, a player per seat, games per cell, a seed.

    from explorer.lab import Experiment
    exp = Experiment("conspiracy", grid={"columns": [3, 4], "action_points": [2, 3]},
                     players=["random"], games=200, seed=1)
    frame = exp.run()                       # in this process; or exp.run(workers=2)

Every cell of the grid (each combination of option values, in the order given) plays
``games`` games.  Game ``i`` of a cell gets a seed derived from the master seed, the cell's
option values and ``i`` alone (:func:`game_seed`), so a game's row is the same whichever
process plays it, in whatever batch, and a cell keeps its games when the grid grows.  From
that seed come the chance outcomes (``random.Random(seed)``, as in ``explorer simulate``)
and each seat's own generator, so a seat's choices do not depend on the others' players.

The result is a pandas DataFrame, one row per game in (cell, game) order, with the columns
:meth:`Experiment.columns` declares: the grid's options, ``cell``, ``game``, ``seed``, the
player at each seat, the winners, why the game ended, its length, each seat's final
evaluation and the statistics the game declares (``Game.statistic_names``).

``eval_0``, ``eval_1``... are the game's ``evaluate(final state, seat)``, what the greedy
player maximises: a game's score where it keeps one (Journalists, The Sands of Time, Take Off,
Eh!), a heuristic where it does not (Conspiracy and Decay: +-10 and +-100 for a won or lost
game), so they are named evaluations, not scores; :data:`COLUMN_NOTES` says so in the frame.
The frame's ``attrs`` (kept in a parquet file's metadata) record the whole run
(:meth:`Experiment.record`): game, seed, games per cell, players, the grid, and the value of
every rule option, defaults included.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from explorer.engine import OptionsError, options_from_dict
from explorer.engine.registry import Game
from explorer.players import PlayerError, inform, make_player, parse_spec
from explorer.simulate import SetupError, option_name, resolve

#: What the columns that are not plain counts mean (in every frame's ``attrs["columns"]``).
COLUMN_NOTES = {
    "length": "decisions the players took",
    "actions": "every action applied, chance outcomes included",
    "eval_N": "the game's evaluate(final state, seat N): its score where the game keeps one, "
              "else a heuristic (Conspiracy, Decay: +-10 / +-100 for a won / lost game); not a score",
    "winner": "the only winner's seat, missing when several shared the win or nobody won",
}

#: The most games one experiment plays (every cell's games together): their rows are held in
#: memory until the frame is built, so a larger run is refused before anything is played.
MAX_GAMES = 1_000_000

#: Rows go in batches of at most this many games of one cell (fewer when that leaves too few
#: batches to keep every worker busy): few tasks keep the scheduling overhead small.
BATCH = 25


class ExperimentError(SetupError):
    """An experiment that makes no sense (bad option name or value, unknown player,
    no games); the message names the problem."""


def game_seed(seed: int, cell: Mapping[str, Any], index: int) -> int:
    """The seed of game ``index`` of the cell with grid values ``cell``: a hash of the three,
    the same in every process (Python's own ``hash`` of a string is not)."""
    text = json.dumps([seed, sorted(cell.items()), index], default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seat_seed(seed: int, seat: int, what: str = "choices") -> int:
    """The seed of ``seat``'s generator in the game with ``seed``: its ``choices`` (the rng
    handed to ``choose``) or its ``player`` (a search player's own)."""
    return game_seed(seed, {"seat": seat, "for": what}, 0)


@dataclass(frozen=True)
class Cell:
    """One combination of the grid's values and the rule options it makes."""

    index: int
    values: dict[str, Any]
    options: Any

    @property
    def seats(self) -> int:
        return self.options.players


@dataclass(frozen=True)
class Task:
    """Games ``start`` to ``stop - 1`` of cell ``cell``: what one worker plays at a time."""

    cell: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def _grid_values(game: Game, name: str, values) -> tuple:
    """The values of one grid option, typed and checked by the game's options class."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise ExperimentError(f"{game.name}: give option {name} a list of values, got {values!r}")
    out = []
    for v in values:
        try:
            opts = options_from_dict(game.options_type, {name: v}, from_text=isinstance(v, str))
        except OptionsError as e:
            raise ExperimentError(f"{game.name}: {e}") from None
        if getattr(opts, name) in out:
            raise ExperimentError(f"{game.name}: option {name} lists {v!r} twice")
        out.append(getattr(opts, name))
    return tuple(out)


@dataclass(frozen=True)
class Experiment:
    """See the module docstring.  ``players`` lists one spec per seat (see
    :func:`explorer.players.make_player`), repeated round the table when shorter: one spec
    for everyone, ``["ismcts", "random"]`` alternates; more specs than a cell has seats is
    refused.  ``options`` fixes rule options the
    grid does not vary; a game with a ``round_cap`` option gets the simulations' default cap
    unless one is given.  Raises :class:`ExperimentError` for a nonsense request."""

    game: str
    grid: Mapping[str, Sequence] = field(default_factory=dict)
    players: Sequence[str] = ("random",)
    games: int = 100
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Play until the answer is clear (:mod:`explorer.lab.adaptive`): every variant's 95% interval of
    #: ``measure`` at most +-``until`` (for two variants: their difference's, or it leaves out zero),
    #: with ``games`` per variant the most played.  None: play ``games`` per variant.
    until: float | None = None
    #: What ``until`` watches: a measure of :mod:`explorer.lab.answers` (default ``start``).
    measure: str | None = None
    #: turn the table by one seat a game: game ``i`` puts the spec of seat ``q`` at seat
    #: ``(q + i) % seats`` (with a multiple of the seats as ``games`` every spec sits in every seat
    #: equally often, as in :mod:`.duel`); the ``player_N`` columns say who sat where
    rotate: bool = False
    #: add a ``cpu_N`` column per seat: the CPU seconds (:func:`time.process_time`) its player
    #: took over the game's decisions (a measure of the run, not of the game: it does not replay)
    timed: bool = False

    def __post_init__(self):
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ExperimentError(f"games per cell must be a whole number 1 or more, got {self.games!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ExperimentError(f"the seed must be a whole number, got {self.seed!r}")
        try:
            g = resolve(self.game).game
        except SetupError as e:
            raise ExperimentError(str(e)) from None
        grid = {option_name(k): _grid_values(g, option_name(k), v) for k, v in dict(self.grid).items()}
        fixed = {option_name(k): _grid_values(g, option_name(k), [v])[0] for k, v in dict(self.options).items()}
        both = sorted(set(grid) & set(fixed))
        if both:
            raise ExperimentError(f"{self.game}: {both} both fixed and varied; give each option once")
        players = [self.players] if isinstance(self.players, str) else list(self.players)
        if not players:
            raise ExperimentError("give at least one player")
        for spec in players:
            try:
                parse_spec(spec)
            except PlayerError as e:
                raise ExperimentError(str(e)) from None
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "players", tuple(players))
        object.__setattr__(self, "options", fixed)
        cells = math.prod(len(v) for v in grid.values())
        if self.games > MAX_GAMES or cells * self.games > MAX_GAMES:
            raise ExperimentError(f"{cells} variant(s) x {self.games:,} games is more than the {MAX_GAMES:,} games "
                                  f"one sweep plays; split it into several sweeps (other seeds)")
        for cell in self.cells():              # every cell's options, and each seat's player
            if len(players) > cell.seats:
                where = f" (cell {cell.values})" if cell.values else ""
                raise ExperimentError(f"{self.game}: {len(players)} player specs for {cell.seats} seats{where}; "
                                      f"give at most one per seat")
            for seat in range(cell.seats):
                try:
                    make_player(self.player_spec(seat), g, cell.options, seat, self.seed)
                except PlayerError as e:
                    raise ExperimentError(f"{self.game}: {e}") from None
        if self.until is not None or self.measure is not None:
            from .adaptive import check_until
            try:
                object.__setattr__(self, "measure", self.measure or "start")
                object.__setattr__(self, "until", check_until(self.until, self.measure, self.game, self.columns(),
                                                              self.seats))
            except ValueError as e:
                raise ExperimentError(str(e)) from None

    @cached_property
    def definition(self) -> Game:
        return resolve(self.game).game

    @cached_property
    def seats(self) -> int:
        """The most seats any cell has (the number of ``player_`` and ``eval_`` columns)."""
        return max(c.seats for c in self.cells())

    def player_spec(self, seat: int) -> str:
        return self.players[seat % len(self.players)]

    def seat_specs(self, seats: int, index: int) -> list[str]:
        """The spec at each of ``seats`` seats in game ``index`` (turned by ``index`` when
        :attr:`rotate`)."""
        specs = [self.player_spec(q) for q in range(seats)]
        if self.rotate:
            turn = index % seats
            specs = [specs[(q - turn) % seats] for q in range(seats)]
        return specs

    def cells(self) -> list[Cell]:
        return list(self._cells)

    @cached_property
    def _cells(self) -> tuple[Cell, ...]:
        names = list(self.grid)
        out = []
        for i, combo in enumerate(itertools.product(*self.grid.values())):
            values = dict(zip(names, combo, strict=True))
            try:
                setup = resolve(self.game, {**self.options, **values})
            except SetupError as e:
                raise ExperimentError(str(e)) from None
            out.append(Cell(i, values, setup.options))
        return tuple(out)

    def tasks(self, workers: int = 1) -> list[Task]:
        """The batches: each cell's games cut into runs of at most :data:`BATCH`, smaller when
        that would leave fewer than four tasks per worker; only the games still to play in a copy
        made by :meth:`without`."""
        left = self.__dict__.get("_left")
        if left is None:
            left = [[(0, self.games)] for _ in self._cells]
        total = sum(stop - start for runs in left for start, stop in runs)
        size = max(1, min(BATCH, total // (4 * max(1, workers))))
        return [Task(c, start, min(start + size, stop))
                for c, runs in enumerate(left) for begin, stop in runs for start in range(begin, stop, size)]

    def without(self, done, stop: int | None = None, start: int = 0) -> Experiment:
        """A copy of this experiment whose :meth:`tasks` leave out the games ``done`` (pairs
        ``(cell, game)``, e.g. those a stopped run saved): what ``explorer sweep --resume`` plays;
        only games ``start`` to ``stop - 1`` of each cell when given (an adaptive sweep's round).
        The copy's games have the same seeds, so its rows are those a whole run would make."""
        import copy

        done = set(done)
        stop = self.games if stop is None else stop
        part = copy.copy(self)              # no new checks: the same experiment, fewer games to play
        left = [ranges(i for i in range(start, stop) if (c, i) not in done) for c in range(len(self._cells))]
        object.__setattr__(part, "_left", left)
        return part

    def columns(self) -> list[str]:
        """Every column of the result, in order."""
        seats = range(self.seats)
        return (list(self.grid) + ["cell", "game", "seed"] + [f"player_{q}" for q in seats]
                + ["winner", "winners", "reason", "length", "actions"]
                + [f"eval_{q}" for q in seats] + list(self.definition.statistic_names)
                + ([f"cpu_{q}" for q in seats] if self.timed else []))

    def command(self) -> str:
        """The ``explorer sweep`` command line that plays this experiment."""
        import shlex

        parts = ["explorer", "sweep", self.game]
        for k, values in self.grid.items():
            parts += ["--option", f"{k}=" + ",".join(map(str, values))]
        for k, v in self.options.items():
            parts += ["--option", f"{k}={v}"]
        parts += ["--players", ",".join(self.players), "--games", str(self.games)]
        if self.until is not None:
            parts += ["--until", str(self.until), "--measure", self.measure or "start"]
        parts += ["--seed", str(self.seed)]
        parts += ["--rotate"] * self.rotate + ["--cpu"] * self.timed
        return shlex.join(parts)

    def record(self) -> dict[str, Any]:
        """What the run was, as JSON-ready values (a frame's ``attrs``, made by
        :func:`explorer.lab.files.run_record`): the ``command`` that plays it again, the seed, the
        package ``version``, the game, games per cell, player specs, the grid's values, ``options``:
        the value of every rule option the cells share, defaults included, and ``columns``:
        :data:`COLUMN_NOTES`."""
        from explorer.engine.options import options_to_dict

        from .files import run_record

        every = [options_to_dict(c.options) for c in self._cells]
        shared = {k: v for k, v in every[0].items() if all(o[k] == v for o in every)}
        out = run_record(self.command(), self.seed, shared, game=self.game, games=self.games,
                         players=list(self.players), grid={k: list(v) for k, v in self.grid.items()},
                         columns=dict(COLUMN_NOTES))
        if self.rotate:
            out["rotate"] = True
        if self.timed:
            out["columns"]["cpu_N"] = ("CPU seconds (process time) seat N's player took over the game's "
                                       "decisions, in the process that played it; does not replay")
        if any(k not in shared and k not in self.grid for k in every[0]):
            out["cell_options"] = every         # an option that follows the grid's values
        return out

    def run(self, *, workers: int | None = None, scheduler: str | None = None,
            progress: Callable[[int], Any] | None = None, backend=None,
            notify: Callable[[str], Any] | None = None, previous=None,
            checked: Callable[[Any], Any] | None = None):
        """Play every game and return the DataFrame.  In this process by default;
        ``workers=N`` starts (and stops) a Dask ``LocalCluster`` of N processes;
        ``scheduler="tcp://host:8786"`` uses a running Dask cluster; ``backend`` takes a
        backend object from :mod:`explorer.lab.backends` itself.  ``progress(n)`` is called
        as games finish (a tqdm bar's ``update`` fits); ``notify(text)`` hears what the run
        has to say while it goes (default: stderr), e.g. that a scheduler has no workers.
        The frame's ``attrs["retried"]`` lists the batches that failed and were played
        again; a run that stops raises :class:`~explorer.lab.backends.SweepError` whose
        ``frame`` holds the games finished before it stopped (an interruption, Ctrl-C: a
        :class:`~explorer.lab.backends.SweepInterrupted`).  ``previous``: a frame of this
        experiment's games saved by a stopped run; only the games missing from it are played,
        and the frame returned is the one a whole run makes.  With ``until``, the games are played in
        rounds until the answer is clear (:func:`explorer.lab.adaptive.run_until`); ``checked(check)``
        hears each look (an :class:`~explorer.lab.adaptive.Check`: games played, intervals, verdict)."""
        from .backends import _say, choose_backend, run_experiment
        backend = backend or choose_backend(workers, scheduler)
        if self.until is not None:
            from .adaptive import run_until
            return run_until(self, backend, progress, notify or _say, previous=previous, checked=checked)
        return run_experiment(self, backend, progress, notify or _say, previous=previous)


def ranges(numbers) -> list[tuple[int, int]]:
    """Increasing whole ``numbers`` as runs ``(start, stop)``: 0 1 2 5 6 -> (0, 3), (5, 7)."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and out[-1][1] == n:
            out[-1] = (out[-1][0], n + 1)
        else:
            out.append((n, n + 1))
    return out


def play_seeded(g: Game, options, specs: Sequence[str], seed: int,
                on_choice: Callable[[int, Any, float], None] | None = None):
    """Play one game of ``g`` under ``options`` with player ``specs[q]`` at seat ``q``, everything
    drawn from ``seed`` (see the module docstring); ``(final state, decisions, actions)``.
    ``on_choice(seat, state, cpu_seconds)``, if given, hears of every decision and the CPU time
    (:func:`time.process_time`) its player took."""
    players = [make_player(spec, g, options, q, seat_seed(seed, q, "player")) for q, spec in enumerate(specs)]
    rngs = [random.Random(seat_seed(seed, q)) for q in range(len(specs))]
    chance = random.Random(seed)
    state = g.initial_state(options)
    actions = decisions = 0
    clock = time.process_time
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(chance)
        else:
            q = state.current_player
            if on_choice is None:
                action = players[q].choose(state, rngs[q])
            else:
                start = clock()
                action = players[q].choose(state, rngs[q])
                on_choice(q, state, clock() - start)
            decisions += 1
        inform(players, state, action)
        state = state.apply(action)
        actions += 1
    return state, decisions, actions


def play_game(exp: Experiment, cell: Cell, index: int) -> dict[str, Any]:
    """Game ``index`` of ``cell`` as one row (see :meth:`Experiment.columns`)."""
    g = exp.definition
    seed = game_seed(exp.seed, cell.values, index)
    seats = cell.seats
    specs = exp.seat_specs(seats, index)
    cpu = [0.0] * seats

    def timed(q, _state, seconds):
        cpu[q] += seconds
    state, decisions, actions = play_seeded(g, cell.options, specs, seed, timed if exp.timed else None)
    result = state.result()
    winners = tuple(result.winners)
    stats = g.statistics(state) if g.statistics else {}
    if set(stats) != set(g.statistic_names):
        raise ExperimentError(f"{g.name}: statistics gave {sorted(stats)}, but the game declares "
                              f"{sorted(g.statistic_names)}")
    width = exp.seats
    row = {**cell.values, "cell": cell.index, "game": index, "seed": seed}
    row.update({f"player_{q}": specs[q] if q < seats else None for q in range(width)})
    row.update({"winner": winners[0] if len(winners) == 1 else None,
                "winners": " ".join(map(str, winners)), "reason": result.reason,
                "length": decisions, "actions": actions})
    row.update({f"eval_{q}": float(g.evaluate(state, q)) if g.evaluate and q < seats else None
                for q in range(width)})
    row.update(stats)
    if exp.timed:
        row.update({f"cpu_{q}": cpu[q] if q < seats else None for q in range(width)})
    return row


def play_task(exp: Experiment, task: Task) -> list[dict[str, Any]]:
    """The rows of one batch (what a worker runs)."""
    cell = exp._cells[task.cell]
    return [play_game(exp, cell, i) for i in range(task.start, task.stop)]
