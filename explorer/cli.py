"""The ``explorer`` command (also ``python -m explorer``).

    explorer simulate GAME [--games N] [--seed S] [--players P] [--option NAME=VALUE ...]
                           [--round-cap R] [--json]
    explorer bench [--json] [--games G | --seconds T] [--no-sweep] [GAME ...]
    explorer sweep GAME [--option NAME=V1,V2 ...] [--players P1,P2] [--games N] [--seed S]
                        [--workers N | --scheduler ADDR [--wait T]] [--out results.parquet [--resume]]
    explorer shipped NAME ... | --all [--out data]
    explorer exercises check FILE | export GAME [--out FILE]

Thin: parses arguments and prints; the work is in :mod:`explorer.simulate`,
:mod:`explorer.bench` (with the click figure :mod:`explorer.views.bench` adds to it) and
:mod:`explorer.lab`.  A request that makes no sense gets one line on stderr and
exit status 2; a sweep that stops (a batch failing the same way twice, no scheduler or no
worker) one line and status 1, after saving the games it finished; one interrupted (Ctrl-C,
SIGTERM) saves them too, marked partial, says how to continue (``--resume``), status 130.  ``simulate --help`` and
``sweep --help`` list the games and each one's rule options with their defaults.
"""
from __future__ import annotations

import argparse
import json
import math
import sys

from . import bench as B
from .lab.backends import WAIT_FOR_WORKERS
from .views import bench as _view_bench  # noqa: F401  (adds the click figure to explorer.bench's measurements)
from .simulate import DEFAULT_ROUND_CAP, SetupError, format_summary, option_name, resolve, simulate

USAGE_ERROR = 2


class _Formatter(argparse.HelpFormatter):
    """Fills a text of one paragraph to the terminal's width; keeps one of several lines
    (the games' list) as written."""

    def _fill_text(self, text, width, indent):
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class _Parser(argparse.ArgumentParser):
    """Reports a bad command line in one line, without the usage block; with
    ``list_games=True`` its help ends with the games and their options (built only when the
    help is shown: it imports every game)."""

    def __init__(self, *args, list_games: bool = False, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self.list_games = list_games

    def error(self, message):
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def format_help(self):
        if self.list_games and not self.epilog:
            self.epilog = games_help()
        return super().format_help()


def _pack(items: list[str], width: int, indent: str) -> list[str]:
    """``items`` joined by commas into lines of at most ``width`` characters, never
    breaking one item."""
    lines, line = [], ""
    for item in items:
        if line and len(indent) + len(line) + len(item) + 2 > width:
            lines.append(indent + line + ",")
            line = ""
        line += (", " if line else "") + item
    return lines + [indent + line] if line else lines


def games_help(width: int = 90) -> str:
    """Every game id with its title and rule options, each ``name=default`` as these
    commands play it (a ``round_cap`` gets the simulations' default cap)."""
    from explorer.engine import game_names
    from explorer.engine.options import options_to_dict

    lines = ["games (GAME) and their rule options, name=default (set with --option NAME=VALUE):"]
    for name in game_names():
        setup = resolve(name)
        options = [f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}"
                   for k, v in options_to_dict(setup.options).items()]
        lines.append(f"  {name} ({setup.game.title})")
        lines += _pack(options, width, "      ")
    return "\n".join(lines)


#: The most games ``simulate``, ``duel`` and ``bench`` play at one command (a sweep: its own
#: :data:`explorer.lab.experiment.MAX_GAMES`, the same number), and the most seconds ``bench``
#: and ``sweep --wait`` take: a request past them could never finish and is refused at once.
MAX_GAMES = 1_000_000
MAX_SECONDS = 3600.0
#: The most games per variant ``sweep --until`` plays when ``--games`` does not say.
UNTIL_GAMES = 10_000


def _positive_int(text: str, most: int = MAX_GAMES) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    if n > most:
        raise argparse.ArgumentTypeError(f"may be at most {most:,}, got {text}")
    return n


def _positive_float(text: str, most: float = MAX_SECONDS) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if not x > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    if not x <= most:
        raise argparse.ArgumentTypeError(f"may be at most {most:g} seconds, got {text}")
    return x


def _half_width(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if not math.isfinite(x) or not x > 0:
        raise argparse.ArgumentTypeError(f"must be a finite number more than 0, got {text}")
    return x


def _round_cap(text: str) -> int:
    return _positive_int(text, most=10**9)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="explorer", description="Rules Explorer: simulate and benchmark the games.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = commands.add_parser("simulate", help="play many uniform-random games and summarise them",
                              list_games=True,
                              description="Play N uniform-random games (game i uses seed S+i) and "
                                          "summarise wins, lengths and speed.")
    sim.add_argument("game", metavar="GAME")
    sim.add_argument("--games", "-n", type=_positive_int, default=100, metavar="N",
                     help=f"number of games (default 100, at most {MAX_GAMES:,})")
    sim.add_argument("--seed", "-s", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    sim.add_argument("--players", "-p", type=_positive_int, metavar="P", help="short for --option players=P")
    sim.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option, e.g. columns=4; repeat for several")
    sim.add_argument("--round-cap", type=_round_cap, metavar="R",
                     help=f"stop a game with no winner after R rounds (default {DEFAULT_ROUND_CAP}, "
                          "for games with a round_cap option)")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(run=run_simulate)

    bench = commands.add_parser("bench", help="measure how fast each game's engine plays",
                                description="Playouts, actions and decisions per second, and the "
                                            "median cost of legal_actions() and apply(), per game.")
    bench.add_argument("games_", nargs="*", metavar="GAME", help="games to measure (default: all)")
    budget = bench.add_mutually_exclusive_group()
    budget.add_argument("--seconds", "-t", type=_positive_float, default=B.DEFAULT_SECONDS, metavar="T",
                        help=f"time budget per game (default {B.DEFAULT_SECONDS:g}, at most {MAX_SECONDS:g})")
    budget.add_argument("--games", "-n", type=_positive_int, metavar="G",
                        help="play exactly G games per measurement instead of using a time budget")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--no-sweep", dest="sweep", action="store_false",
                       help="skip the sweep throughput on local Dask workers")
    bench.set_defaults(run=run_bench)

    sweep = commands.add_parser("sweep", help="play a grid of rule variants and compare them", list_games=True,
                                description=(
                                    "Play N games in every combination of the options' values and summarise "
                                    "win rates by seat (95% intervals) and game lengths per variant; --out "
                                    "saves one row per game, with the run's settings (every rule option's "
                                    "value, defaults included) in a parquet file's metadata or a CSV's "
                                    "FILE.json.  The eval_N columns hold the game's evaluation of seat N at "
                                    "the end: its score where the game keeps one, else a heuristic (not a "
                                    "score)."))
    sweep.add_argument("game", metavar="GAME")
    sweep.add_argument("--option", "-o", action="append", default=[], metavar="NAME=V1,V2",
                       help="a rule option and the values to try, e.g. columns=3,4; repeat for several")
    sweep.add_argument("--players", "-p", default="random", metavar="P1,P2",
                       help="a player per seat (at most one per seat), repeated round the table: random, "
                            "greedy, sensible, strong, mcts, ismcts, with parameters as strong:budget=0.5 or "
                            "ismcts:iterations=200,seed=3 "
                            "(default random)")
    sweep.add_argument("--games", "-n", type=_positive_int, metavar="N",
                       help=f"games per variant (default 100; with --until the most played, default "
                            f"{UNTIL_GAMES:,}; at most {MAX_GAMES:,} in the whole sweep)")
    sweep.add_argument("--until", type=_half_width, metavar="HALF_WIDTH",
                       help="play in rounds until the answer is clear: every variant's 95%% interval of the "
                            "--measure at most +-HALF_WIDTH (a share as a fraction: 0.02 is +-2 points); with "
                            "two variants, until their difference's interval is that narrow or leaves out zero "
                            "(checked at a stricter level, for the repeated looks); or until --games per variant "
                            "are played, and then it says the answer is not yet clear.  The games are those of "
                            "a fixed run of as many games, row for row")
    sweep.add_argument("--measure", metavar="NAME",
                       help="what --until watches (default start: the start player's share of the won games); "
                            "also no_winner, player, lead, lead_of:SEAT, vp_share, mean:COLUMN, as the game has them")
    sweep.add_argument("--seed", "-s", type=int, default=0, metavar="S", help="master seed (default 0)")
    where = sweep.add_mutually_exclusive_group()
    where.add_argument("--workers", "-w", type=lambda text: _positive_int(text, most=256), metavar="N",
                       help="start a Dask LocalCluster of N processes for the run")
    where.add_argument("--scheduler", metavar="ADDR", help="use a running Dask cluster (tcp://host:8786)")
    sweep.add_argument("--wait", type=_positive_float, default=WAIT_FOR_WORKERS, metavar="T",
                       help=f"with --scheduler: seconds to wait for a worker when it has none "
                            f"(default {WAIT_FOR_WORKERS:g})")
    sweep.add_argument("--out", metavar="FILE", help="save the games as parquet (.parquet) or CSV (.csv); "
                                                     "checked before any game is played")
    sweep.add_argument("--resume", action="store_true",
                       help="continue a stopped sweep: keep the games saved in --out and play only the "
                            "missing ones (the same settings; the file equals a whole run's)")
    sweep.add_argument("--rotate", action="store_true",
                       help="turn the table by one seat each game, so every player sits in every seat "
                            "(give a multiple of the seats as --games)")
    sweep.add_argument("--cpu", action="store_true",
                       help="add cpu_N columns: the CPU seconds seat N's player took over each game")
    sweep.set_defaults(run=run_sweep)

    duel = commands.add_parser("duel", help="compare players at one table, seats rotated", list_games=True,
                               description=(
                                   "Play N games with one player spec per seat, turning the table by one seat "
                                   "each game, and print each spec's share of the wins (a shared win split "
                                   "among its winners) with a 95%% Wilson interval, its fair share, and its "
                                   "CPU time per decision (median, p90; decisions with a choice)."))
    duel.add_argument("game", metavar="GAME")
    duel.add_argument("--players", "-p", required=True, metavar="P1,P2",
                      help="one player spec per seat, e.g. strong:budget=0.1,sensible")
    duel.add_argument("--games", "-n", type=_positive_int, default=20, metavar="N",
                      help="games (default 20; a multiple of the seats puts every spec in every seat equally)")
    duel.add_argument("--seed", "-s", type=int, default=0, metavar="S", help="master seed (default 0)")
    duel.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                      help="a rule option, e.g. columns=4 (players defaults to the number of specs)")
    duel.add_argument("--json", action="store_true", help="print the standings as JSON")
    duel.set_defaults(run=run_duel)

    from .shipped import PLANS
    ship = commands.add_parser("shipped", help="make the what-if results shipped in data/whatif/ again",
                               description="Play the random games behind a game's What if again (the same "
                                           "seed: the same figures) and write data/whatif/NAME.json, with "
                                           "the command, seed, options and package version that made it.")
    ship.add_argument("names", nargs="*", metavar="NAME", help=f"which: {', '.join(sorted(PLANS))}")
    ship.add_argument("--all", action="store_true", help="every one")
    ship.add_argument("--out", default="data", metavar="FOLDER",
                      help="the data folder to write into (default: data)")
    ship.set_defaults(run=run_shipped)

    sheets = commands.add_parser("exercises", help="check an exercise sheet, or export a game's built-in one",
                                 description="Exercise sheets (JSON files of exercises; the engine computes "
                                             "every answer).")
    what = sheets.add_subparsers(dest="what", required=True, metavar="ACTION")
    check = what.add_parser("check", help="check a sheet and print each exercise with its answer",
                            description="Check a sheet; print each exercise with the answer the engine "
                                        "computes (exit 1 with one line naming the problem if it is refused).")
    check.add_argument("file", metavar="FILE")
    check.set_defaults(run=run_exercises_check)
    export = what.add_parser("export", help="write a game's built-in sheet",
                             description="Write a game's built-in exercise sheet (to FILE, atomically, or "
                                         "to the standard output).")
    export.add_argument("game", metavar="GAME")
    export.add_argument("--out", metavar="FILE", help="the file to write (default: the standard output)")
    export.set_defaults(run=run_exercises_export)
    return parser


def _option_strings(args) -> list[str]:
    """``--option`` values with ``--players`` and ``--round-cap`` folded in."""
    items = list(args.option)
    given = {option_name(item): item for item in items}
    for name, value in (("players", args.players), ("round_cap", args.round_cap)):
        if value is None:
            continue
        flag = "--" + name.replace("_", "-")
        if name in given:
            raise SetupError(f"{flag} {value} and --option {given[name]} both set {name}; give one")
        items.append(f"{name}={value}")
    return items


def run_simulate(args) -> int:
    from tqdm import tqdm           # the console bar: a command writes to its terminal (tqdm.auto would pick
    #                                 a notebook widget inside any IPython kernel, and then nothing reaches stderr)

    setup = resolve(args.game, _option_strings(args))
    with tqdm(total=args.games, desc=args.game, unit="game", file=sys.stderr) as bar:
        summary = simulate(setup, args.games, args.seed, progress=bar.update)
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    return 0


def run_bench(args) -> int:
    from explorer.engine import game_names

    games = args.games_ or game_names()
    for game in games:
        resolve(game)                   # refuse an unknown game before measuring any
    info = B.machine()
    if not args.json:
        print(B.describe_machine(info), flush=True)
        print(B.describe_reference(), flush=True)
    out = {}
    for game in games:
        out[game] = B.bench_game(game, args.seconds, args.games)
        if not args.json:
            print(B.describe_game(game, out[game]), flush=True)
    reference = B.reference_summary([out[game] for game in games])
    if args.sweep:
        played = out[games[0]]["playouts_per_second"] * args.seconds * 2
        out["sweep"] = B.measure_sweep(games[0], args.games or max(40, round(played)))
        if not args.json:
            print(B.describe_sweep(out["sweep"]), flush=True)
    if args.json:
        out["machine"] = info
        out["reference"] = reference
        print(json.dumps(out, indent=2))
    return 0


def split_players(text: str) -> list[str]:
    """``"random,ismcts:iterations=200,seed=3"`` -> ``["random", "ismcts:iterations=200,seed=3"]``:
    a piece with ``=`` and no ``:`` is one more parameter of the player before it."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if "=" in piece and ":" not in piece and out:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def _grid(items: list[str]) -> tuple[dict, dict]:
    """``--option`` values as (grid of several values, options fixed to one)."""
    grid, fixed = {}, {}
    for item in items:
        if "=" not in item:
            raise SetupError(f"an option is written name=value or name=v1,v2, got {item!r}")
        values = [v.strip() for v in item.partition("=")[2].split(",")]
        if "" in values:
            raise SetupError(f"an empty value in --option {item}")
        name = option_name(item)
        if name in grid or name in fixed:
            raise SetupError(f"--option {name} is given twice; list its values once, e.g. {name}=3,4")
        (grid if len(values) > 1 else fixed)[name] = values if len(values) > 1 else values[0]
    return grid, fixed


def run_duel(args) -> int:
    from tqdm import tqdm

    from explorer.lab.duel import duel

    with tqdm(total=args.games, desc=f"{args.game} duel", unit="game", file=sys.stderr) as bar:
        result = duel(args.game, split_players(args.players), args.games, args.seed, args.option, bar.update)
    if args.json:
        print(json.dumps({"game": result.game, "players": result.players, "seed": result.seed,
                          "games": result.games, "no_winner": result.nobody, "standings": result.rows()}))
    else:
        print(result.text())
    return 0


def _resumed(out, exp):
    """The games a stopped sweep saved to ``out`` for ``exp`` (``explorer sweep --resume``), or
    None when there is no such file yet; a SetupError when the file is of another sweep or other
    code."""
    from explorer.lab.files import FrameError, load_frame, made_elsewhere

    if out is None:
        raise SetupError("--resume needs --out FILE: the file the stopped sweep saved its games to")
    if not out.exists():
        print(f"explorer sweep: no {out} yet; playing every game", file=sys.stderr)
        return None
    try:
        frame = load_frame(out)
    except FrameError as e:
        raise SetupError(f"--resume: {e}") from None
    if frame.attrs["command"] != exp.command():
        raise SetupError(f"--resume: {out} holds the games of `{frame.attrs['command']}`, not of this sweep "
                         f"(`{exp.command()}`); give the same settings, or another --out")
    other = made_elsewhere(frame.attrs)
    if other and "uncommitted" not in other:
        raise SetupError(f"--resume: {out} was made by other code ({other}); its games might differ from "
                         "this code's, so they are not mixed: play the sweep again without --resume")
    if other:
        print(f"explorer sweep: note: {out}: {other}", file=sys.stderr)
    return frame


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the run is, so that it stops as Ctrl-C stops it."""


def _on_sigterm(signum, frame):
    raise _Terminated()


def run_sweep(args) -> int:
    import shlex
    import signal

    from tqdm import tqdm

    from explorer.engine.saving import SaveError
    from explorer.lab import Experiment, SweepError, format_summary
    from explorer.lab.backends import Scheduler, SweepInterrupted, choose_backend, probe
    from explorer.lab.adaptive import words as adaptive_words
    from explorer.lab.files import OutputError, check_output, code_identity, save_frame

    grid, fixed = _grid(args.option)
    if args.measure is not None and args.until is None:
        raise SetupError("--measure is what --until watches; give --until HALF_WIDTH too")
    games = args.games or (UNTIL_GAMES if args.until is not None else 100)
    exp = Experiment(args.game, grid=grid, options=fixed, players=split_players(args.players),
                     games=games, seed=args.seed, until=args.until, measure=args.measure,
                     rotate=args.rotate, timed=args.cpu)
    code_identity()         # the commit is the one whose code runs now, whatever is committed during the run
    try:
        out = check_output(args.out) if args.out is not None else None
        backend = choose_backend(args.workers, args.scheduler)
    except (OutputError, ValueError) as e:
        raise SetupError(f"--out {e}" if isinstance(e, OutputError) else f"--scheduler: {e}") from None
    previous = _resumed(out, exp) if args.resume else None
    total = len(exp.cells()) * exp.games
    of_total = f"at most {total}" if exp.until is not None else f"{total}"
    if previous is not None and previous.attrs.get("complete"):
        print(f"all {len(previous)} games of this sweep are already in {out}; nothing to play")
        return 0
    if isinstance(backend, Scheduler):
        backend.wait = args.wait
        try:
            probe(backend.address)          # before the progress bar: a wrong address is one line
        except SweepError as e:
            print(f"explorer sweep: error: {e}", file=sys.stderr)
            return 1
    before = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        with tqdm(total=total, initial=0 if previous is None else len(previous), desc=f"{args.game} sweep",
                  unit="game", file=sys.stderr) as bar:
            def notify(text):
                bar.write(text, file=sys.stderr)
            def checked(check):
                bar.set_postfix_str(check.short())
            if exp.until is not None:
                from explorer.lab.adaptive import looks
                bar.set_postfix_str(f"first look after {looks(exp.games)[0]:,} games a variant")
            try:
                frame, stopped = exp.run(backend=backend, progress=bar.update, notify=notify, previous=previous,
                                         checked=checked), None
            except SweepError as e:
                frame, stopped = e.frame, e
    finally:
        signal.signal(signal.SIGTERM, before)
    interrupted = isinstance(stopped, SweepInterrupted)
    if interrupted:
        why = "terminated (SIGTERM)" if isinstance(stopped.__context__, _Terminated) else "interrupted"
        print(f"explorer sweep: {why}; {len(frame)} of {of_total} games had finished", file=sys.stderr)
    elif stopped is not None:
        print(f"explorer sweep: error: {stopped}", file=sys.stderr)
    for failure in frame.attrs["retried"] if frame is not None else ():
        print(f"explorer sweep: retried after a failure: {failure}", file=sys.stderr)
    status = 0 if stopped is None else 130 if interrupted else 1
    if frame is None or (stopped is not None and frame.empty):
        if frame is not None and out is not None:
            print(f"explorer sweep: no game had finished; nothing saved to {out}", file=sys.stderr)
        return status
    if stopped is not None and not interrupted:
        print(f"only the {len(frame)} of {of_total} games finished before the run stopped:\n")
    if not interrupted:
        print(format_summary(frame))
        if "adaptive" in frame.attrs and stopped is None:
            print("\n" + adaptive_words(frame))
    if out is not None:
        try:
            save_frame(frame, out)
        except (SaveError, OSError) as e:
            print(f"explorer sweep: error: {e}", file=sys.stderr)
            return 1
        if stopped is None:
            print(f"\n{len(frame)} games saved to {out}")
        else:
            what = "the games" if interrupted else "the games (the failure is in its record)"
            print(f"explorer sweep: {what} finished so far, {len(frame)} of {of_total}, are saved to {out} "
                  f"(marked partial); to play the rest: {exp.command()} --out {shlex.quote(str(out))} --resume",
                  file=sys.stderr)
    elif interrupted:
        print("explorer sweep: nothing saved (no --out); give --out FILE to keep the finished games "
              "of a stopped sweep", file=sys.stderr)
    return status


def run_shipped(args) -> int:
    from .engine.saving import SaveError
    from .shipped import PLANS, ShippedError, write

    names = sorted(PLANS) if args.all else args.names
    if not args.out.strip():
        raise SetupError("--out is empty; give the data folder to write into (default: data)")
    if not names:
        raise SetupError("name a what-if or give --all")
    unknown = [n for n in names if n not in PLANS]
    if unknown:
        raise SetupError(f"no shipped what-if named {unknown[0]!r}; known: {', '.join(sorted(PLANS))}")
    try:
        write(names, args.out)
    except (ShippedError, SaveError) as e:
        print(f"explorer shipped: error: {e}", file=sys.stderr)
        return 1
    return 0


def run_exercises_check(args) -> int:
    from .engine.sheets import SheetError, format_sheet, load_sheet

    try:
        sheet = load_sheet(args.file)
    except SheetError as e:
        print(f"explorer exercises check: {e}", file=sys.stderr)
        return 1
    print(format_sheet(sheet))
    return 0


def run_exercises_export(args) -> int:
    from .engine.registry import game_names
    from .engine.saving import SaveError, write_atomic
    from .engine.sheets import SheetError, builtin_sheet, dumps

    if args.game not in game_names():
        raise SetupError(f"unknown game {args.game!r}; known games: {', '.join(game_names())}")
    try:
        text = dumps(builtin_sheet(args.game).data)
        if args.out is None:
            sys.stdout.write(text)
        else:
            write_atomic(args.out, text)
            print(f"{args.game}: {len(builtin_sheet(args.game).exercises)} exercises written to {args.out}")
    except (SheetError, SaveError) as e:
        print(f"explorer exercises export: error: {e}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except SetupError as e:
        print(f"explorer {args.command}: error: {e}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"explorer {args.command}: interrupted", file=sys.stderr)
        return 130
