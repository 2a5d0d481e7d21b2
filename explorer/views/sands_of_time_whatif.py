"""The Sands of Time's designer panels: the Generation track against game length (exact, and in
simulated games), and the battle calculator (odds and the equilibria of the secret die choice).
The figures come from :mod:`explorer.games.sands_of_time.odds` and ``study``; this module only
draws them."""
from __future__ import annotations

import html

import ipywidgets as W

from explorer.games.sands_of_time.odds import Battle, generation_length, mean
from explorer.games.sands_of_time.study import reuse_and_wins, track_folder, wins_from_start

from .style import html_table
from .whatif import compare_variants, count_histogram, seat_share_chart, share_bars

TABLE_STYLE = "font-size:13px;border-spacing:10px 2px;white-space:nowrap"


def track_table(tracks: dict[str, list[int]]) -> W.HTML:
    """Per track: the exact chance a Generation lasts 1, 2, ... turns, and the mean."""
    dists = {name: generation_length(spaces) for name, spaces in tracks.items()}
    top = max(max(d) for d in dists.values())
    rows = []
    for name, d in dists.items():
        row = {"Generation track": name}
        row.update({f"{k} turns": f"{float(d.get(k, 0)):.1%}" for k in range(1, top + 1)})
        row["mean turns"] = f"{float(mean(d)):.2f}"
        rows.append(row)
    return W.HTML(html_table(rows, style=TABLE_STYLE))


def compare_tracks(tracks: dict[str, list[int]], games: int = 60, seed: int = 0, players: int = 3,
                   progress: bool = True) -> dict:
    """Random games on each Generation track (a data folder per track): ``compare_variants``'s
    summaries, whose ``rounds`` are turns played."""
    variants = {name: {"players": players, "data_dir": track_folder(spaces)} for name, spaces in tracks.items()}
    return compare_variants("sands_of_time", variants, games=games, seed=seed, progress=progress)


def turns_table(results: dict) -> W.HTML:
    """Per Generation track (``compare_variants``'s summaries, or the shipped figures as
    :func:`explorer.views.shipped_whatif.runs` gives them): games, median turns and the turn by which
    9 games in 10 had ended."""
    rows = [{"Generation track": n, "games": len(r["outcomes"]), "median turns": (r["rounds"] or {}).get("median"),
             "9 in 10 games ended by turn": (r["rounds"] or {}).get("p90")} for n, r in results.items()]
    return W.HTML(html_table(rows, style=TABLE_STYLE))


def turns_histogram(results: dict) -> W.VBox:
    return count_histogram({n: [o.rounds for o in r["outcomes"]] for n, r in results.items()},
                           title="Turns in a whole game, by Generation track", x_label="turns played", unit="turns",
                           low=min(o.rounds for r in results.values() for o in r["outcomes"]))


class BattlePanel(W.VBox):
    """Strengths, the highest numbers each side may show (7 minus Unrest) and the value of an
    Unrest step; shows who wins for every pair of numbers and the equilibria of the choice."""

    def __init__(self, attacker: int = 5, defender: int = 3, attacker_max: int = 4, defender_max: int = 3,
                 unrest_cost: float = 0.25):
        def box(v, desc, lo=0, hi=60):
            return W.BoundedIntText(value=v, min=lo, max=hi, description=desc, style={"description_width": "150px"},
                                    layout=W.Layout(width="230px"))
        self.attacker = box(attacker, "attacker strength")
        self.defender = box(defender, "defender strength")
        self.attacker_max = box(attacker_max, "attacker's top number", 0, 6)
        self.defender_max = box(defender_max, "defender's top number", 0, 6)
        self.cost = W.BoundedFloatText(value=unrest_cost, min=0.0, max=1.0, step=0.05,
                                       description="an Unrest step costs", style={"description_width": "150px"},
                                       layout=W.Layout(width="230px"))
        self.out = W.HTML()
        for w in (self.attacker, self.defender, self.attacker_max, self.defender_max, self.cost):
            w.observe(lambda _: self.update(), names="value")
        super().__init__([W.HBox([W.VBox([self.attacker, self.defender]),
                                  W.VBox([self.attacker_max, self.defender_max]), self.cost]), self.out])
        self.update()

    def battle(self) -> Battle:
        return Battle(self.attacker.value, self.defender.value, self.attacker_max.value, self.defender_max.value)

    def update(self) -> None:
        b = self.battle()
        from fractions import Fraction
        cost = Fraction(self.cost.value).limit_denominator(100)
        grid = b.win_matrix()
        head = "".join(f"<th>{y}</th>" for y in range(b.defender_max + 1))
        body = "".join(f"<tr><th>{x}</th>" + "".join(
            f"<td style='background:{'#c8e6c9' if w else '#ffcdd2'};text-align:center'>{'A' if w else 'D'}</td>"
            for w in row) + "</tr>" for x, row in enumerate(grid))
        eq = b.equilibria(cost)
        lines = "".join(
            f"<li>attacker {_mix(fa)}; defender {_mix(fd)}: the attacker wins {float(p):.0%}</li>"
            for fa, fd, p in eq)
        self.out.value = (
            f"<p>Both at their highest: the attacker wins <b>{float(b.win_probability()):.0%}</b>. "
            "Who wins for each pair of numbers (rows: the attacker's, columns: the defender's; a tie goes "
            "to the defender):</p>"
            f"<table style='font-size:13px'><tr><th></th>{head}</tr>{body}</table>"
            f"<p>Equilibria of the secret choice (nashpy), winning worth 1 and each Unrest step the victor "
            f"takes worth {html.escape(str(cost))}:</p><ul>{lines or '<li>none found</li>'}</ul>")


def _mix(mix) -> str:
    parts = [f"{x} ({float(p):.0%})" for x, p in enumerate(mix) if p]
    return "shows " + (parts[0].split(" ")[0] if len(parts) == 1 else "one of " + ", ".join(parts))


def start_player_chart(player_counts=(2, 3, 4), games: int = 60, seed: int = 0, progress: bool = True) -> W.VBox:
    """One chart per player count: the share of random games won by the first start player and the
    seats after him (:func:`~explorer.games.sands_of_time.study.wins_from_start`)."""
    from tqdm.auto import tqdm
    bar = tqdm(total=games * len(player_counts), desc="Sands of Time start player", unit="game") if progress else None
    try:
        shares = {f"{n} players": wins_from_start({"players": n}, games, seed, bar.update if bar else None)
                  for n in player_counts}
    finally:
        if bar:
            bar.close()
    return start_charts(shares)


def start_charts(shares: dict[str, list[float]]) -> W.VBox:
    """One chart per variant (``"N players"``): the share of games won by the first start player and
    the seats after him, as :func:`start_player_chart` plays them or as shipped (:mod:`explorer.shipped`)."""
    charts = [seat_share_chart({name: s}, title=f"Who wins, counted from the first start player ({name})")
              for name, s in shares.items()]
    box = W.VBox(charts)
    box.figures = [c.figure for c in charts]
    return box


def reuse_chart(options=None, games: int = 80, seed: int = 0, progress: bool = True) -> W.VBox:
    """Win share by how many times a player used a card again (random games), with the player-games
    behind each bar in the table above it (:func:`~explorer.games.sands_of_time.study.reuse_and_wins`)."""
    from tqdm.auto import tqdm
    bar = tqdm(total=games, desc="Sands of Time re-used cards", unit="game") if progress else None
    try:
        table = reuse_and_wins(options, games, seed, bar.update if bar else None)
    finally:
        if bar:
            bar.close()
    return reuse_figure(table)


def reuse_figure(table: dict[int, tuple[int, float]]) -> W.VBox:
    """:func:`reuse_chart`'s chart and table from ``{uses: (player-games, win share)}``: a bar only for
    a count of uses behind at least :data:`~explorer.views.whatif.MIN_GAMES` player-games (the others are
    in the table, and a line under the chart names them)."""
    from .whatif import MIN_GAMES, too_few_note
    rows = [{"cards used again": k, "player-games": c, "won": f"{w:.0%}"} for k, (c, w) in table.items()]
    kept = {str(k): w for k, (c, w) in table.items() if c >= MIN_GAMES}
    left = [f"{k} ({c})" for k, (c, _) in table.items() if c < MIN_GAMES]
    if not kept:
        box = W.VBox([too_few_note(max((c for c, _ in table.values()), default=0), "player-games at most"),
                      W.HTML(html_table(rows, style=TABLE_STYLE))])
        box.figure, box.table = None, table
        return box
    chart = share_bars({"random players": kept}, title="Win share by cards used again in a game",
                       x_label="cards used again")
    note = W.HTML(f"<small>No bar for {', '.join(left)} cards used again: fewer than {MIN_GAMES} player-games "
                  "each (in brackets); the table has them.</small>") if left else W.HTML()
    box = W.VBox([chart, note, W.HTML(html_table(rows, style=TABLE_STYLE))])
    box.figure, box.table = chart.figure, table
    return box
