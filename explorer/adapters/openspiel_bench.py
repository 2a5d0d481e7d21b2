"""The OpenSpiel adapter's figures (too slow for the tests, which check small robust margins):

    python -m explorer.adapters.openspiel_bench conformance [--sims 2]
    python -m explorer.adapters.openspiel_bench versus GAME [--player ismcts] [--iterations 30]
        [--games 12] [--option round_cap=40 ...] [--seed 0]

``conformance`` runs OpenSpiel's ``random_sim_test`` on every game for every player count it
accepts and prints the time of each.  ``versus`` seats one search player against random players,
moving it round the table game by game, and prints its win share (a shared win counts its
share) beside its seat share, with the time taken.
"""
from __future__ import annotations

import argparse
import random
import time

import pyspiel

from explorer.engine.options import parse_option_strings
from explorer.engine.playout import uniform_policy
from explorer.engine.registry import game_names, get_game

from .openspiel import register
from .openspiel_players import make_ismcts, make_mcts


def conformance(names, sims: int = 2, params: dict | None = None):
    """``(game, players, sims, seconds)`` for ``random_sim_test`` on every player count."""
    out = []
    for name in names:
        game_type = register(name)
        for n in range(game_type.min_num_players, game_type.max_num_players + 1):
            game = pyspiel.load_game(game_type.short_name, {"players": n, **(params or {})})
            t = time.perf_counter()
            pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
            out.append((name, n, sims, time.perf_counter() - t))
    return out


def play_versus(game, options, player, seat: int, seed: int):
    """One game of ``player`` at ``seat`` against uniform-random seats; returns the result."""
    chance, others, own = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    state = game.initial_state(options)
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(chance)
        elif state.current_player == seat:
            action = player.choose(state, own)
        else:
            action = uniform_policy(state, others)
        player.inform_action(state, action)
        state = state.apply(action)
    return state.result()


def versus(name: str, options, kind: str = "ismcts", iterations: int = 30, games: int = 12, seed: int = 0,
           progress=None):
    """``(win share, seat share, seconds, CPU seconds)`` of ``kind`` against random players;
    ``progress(game, seat, result)`` hears of each game as it ends."""
    g = get_game(name)
    make = make_ismcts if kind == "ismcts" else make_mcts
    players = options.players
    share = 0.0
    t, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        seat = i % players
        player = make(g, options, seat, seed + i, iterations=iterations)
        result = play_versus(g, options, player, seat, seed + 1000 * i)
        if seat in result.winners:
            share += 1 / len(result.winners)
        if progress:
            progress(i, seat, result)
    return share / games, 1 / players, time.perf_counter() - t, time.process_time() - cpu


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m explorer.adapters.openspiel_bench")
    sub = parser.add_subparsers(dest="command", required=True)
    conf = sub.add_parser("conformance")
    conf.add_argument("--sims", type=int, default=2)
    conf.add_argument("games", nargs="*")
    vs = sub.add_parser("versus")
    vs.add_argument("game")
    vs.add_argument("--player", choices=("ismcts", "mcts"), default="ismcts")
    vs.add_argument("--iterations", type=int, default=30)
    vs.add_argument("--games", type=int, default=12)
    vs.add_argument("--seed", type=int, default=0)
    vs.add_argument("--option", action="append", default=[])
    args = parser.parse_args(argv)
    if args.command == "conformance":
        for name, n, sims, sec in conformance(args.games or game_names(), args.sims):
            print(f"random_sim_test {name:12s} players={n} sims={sims} ok {sec:6.2f}s", flush=True)
        return
    options = parse_option_strings(get_game(args.game).options_type, args.option)
    won, seat_share, sec, cpu = versus(
        args.game, options, args.player, args.iterations, args.games, args.seed,
        progress=lambda i, seat, r: print(f"game {i}: seat {seat}, winners {r.winners} ({r.reason})", flush=True))
    print(f"{args.player} (iterations={args.iterations}) vs random in {args.game} {args.option}: "
          f"win share {won:.2f} over {args.games} games (seat share {seat_share:.2f}), "
          f"{sec:.0f}s ({cpu:.0f}s of CPU)")


if __name__ == "__main__":
    main()
