"""The What if figures a page shows from the results shipped in ``data/whatif/`` (:mod:`explorer.shipped`),
so it opens at once, with a button that plays the same games live (same seed: the same figures).

:func:`shipped_question` is one question of a game's What if (its notebook puts its own heading and
prose around it); :func:`shipped_whatif` is every question of a game, each under its heading (the app
page's What if tab).  Under a question the random games answer, :data:`ANSWERS` adds the designer answers
from ``sensible`` players' games shipped in ``data/lab/`` (:mod:`explorer.lab.answers`, drawn by
:func:`explorer.views.lab.answers_panel`)."""
from __future__ import annotations

import html

import ipywidgets as W

from explorer import shipped

#: per game and question: the heading the app page shows, and the chart's title
TEXTS: dict[tuple[str, str], tuple[str, str]] = {
    ("conspiracy", "length"): ("Three columns or four? Two action points or three?",
                               "How many rounds random games last"),
    ("decay", "length"): ("Three players or four?", "How many rounds random games of Decay last"),
    ("take_off_eh", "queen"): ("Does the Queen really barely move?", "How far the Queen travels in a random game"),
    ("take_off_eh", "sources"): ("Where do the points come from, and does the bonus reading matter?",
                                 "Where the points come from in random games"),
    ("journalists", "rules"): ("Clockwise or most chips next? With or without the Excuse?",
                               "Who wins, counted from the start player"),
    ("journalists", "players"): ("How much is starting worth, by the number of players?", ""),
    ("sands_of_time", "tracks"): ("How long is a game on a slower Generation track?", ""),
    ("sands_of_time", "start"): ("How strong is the start player's position?", ""),
    ("sands_of_time", "reuse"): ("Does using a card again pay?", ""),
}


#: per game and question of its What if: the designer answers from ``sensible`` players' games
#: (:data:`explorer.lab.answers.QUESTIONS`) shown under it; a game's other answers follow its last question
ANSWERS: dict[tuple[str, str], tuple[str, ...]] = {
    ("conspiracy", "length"): ("conspiracy-columns", "conspiracy-action_points", "conspiracy-progress"),
    ("decay", "length"): ("decay-players", "decay-start"),
    ("take_off_eh", "queen"): ("take_off_eh-rounds", "take_off_eh-start"),
    ("take_off_eh", "sources"): ("take_off_eh-bonus",),
    ("journalists", "rules"): ("journalists-most_chips", "journalists-courts"),
    ("journalists", "players"): ("journalists-start",),
    ("sands_of_time", "start"): ("sands_of_time-start", "sands_of_time-chronicles"),
    ("sands_of_time", "reuse"): ("sands_of_time-reuse",),
}


def competent(keys) -> W.VBox:
    """The answers ``keys`` from thousands of ``sensible`` players' games, under a line saying so."""
    from .lab import answers_panel
    intro = W.HTML("<p style='margin:14px 0 0 0'><b>With sensible "
                   "players</b> <small>(each game's <code>sensible</code> "
                   "policy at every seat, 2,000 games a variant, 95% intervals; the random games above show the "
                   "rules' bare mechanics)</small></p>")
    box = W.VBox([intro, answers_panel(keys=list(keys))])
    box.panel = box.children[1]
    return box


class Shipped:
    """A shipped game as the what-if views read it: its round count and how it ended."""
    __slots__ = ("rounds", "reason")

    def __init__(self, rounds, reason):
        self.rounds, self.reason = rounds, reason


def runs(results: dict) -> dict:
    """A "rounds" question's shipped figures as :func:`explorer.views.whatif.compare_variants` gives
    them: each variant's summary with its ``outcomes`` (round count and end reason of each game)."""
    return {v: {**r, "outcomes": [Shipped(n, why) for n, why in zip(r["round_counts"], r["game_reasons"], strict=True)]}
            for v, r in results.items()}


def _games(kind: str, results: dict, planned: int) -> int:
    """Games per variant behind ``results`` (the fewest of any variant)."""
    if kind == "rounds":
        return min(len(r["round_counts"]) for r in results.values())
    if kind == "queen":
        return min(len(r) for r in results.values())
    if kind == "journalists":
        return min(r["summary"]["games"] for r in results.values())
    return planned


def _seat_rows(shares: dict) -> list[dict]:
    from .whatif import seat_names
    return [{"variant": v, **{f"{k} wins": f"{x:.0%}" for k, x in zip(seat_names(len(s)), s, strict=True)}}
            for v, s in shares.items()]


def draw(game: str, question: str, results: dict, games: int | None = None) -> list[W.Widget]:
    """The chart and then the table of one question from its figures (``{variant: figures}``, as
    :func:`explorer.shipped.play` gives them, from ``games`` games per variant: the plan's when None).
    From fewer than :data:`~explorer.views.whatif.MIN_GAMES` games there is no chart, and a line says so."""
    from .style import html_table
    from .whatif import MIN_GAMES, TABLE_STYLE, too_few_note
    kind = shipped.PLANS[game][question]["kind"]
    title = TEXTS[game, question][1]
    n = _games(kind, results, shipped.PLANS[game][question]["games"] if games is None else games)
    few = n < MIN_GAMES

    def chart(make):
        return [too_few_note(n)] if few else [make()]
    if kind == "rounds":
        from .whatif import rounds_histogram, summary_table
        played = runs(results)
        if game == "sands_of_time":
            from .sands_of_time_whatif import turns_histogram, turns_table
            return chart(lambda: turns_histogram(played)) + [turns_table(played)]
        return chart(lambda: rounds_histogram(played, title=title)) + [summary_table(played)]
    if kind == "queen":
        from .take_off_eh_panels import queen_histogram, travel_rows
        return chart(lambda: queen_histogram(results, title=title)) + [W.HTML(html_table(travel_rows(results),
                                                                                         style=TABLE_STYLE))]
    if kind == "sources":
        from .take_off_eh_panels import sources_chart
        rows = [{"variant": v, **{k: f"{x:.0%}" for k, x in s.items()}} for v, s in results.items()]
        return chart(lambda: sources_chart(results, title=title)) + ([W.HTML(html_table(rows, style=TABLE_STYLE))]
                                                                    if few else [])
    if kind == "journalists":
        from .journalists_whatif import rules_table, start_player_chart
        table = rules_table(results)
        return (chart(lambda: start_player_chart(results, title=title)) if title else []) + [table]
    if kind == "start":
        from .sands_of_time_whatif import start_charts
        return chart(lambda: start_charts(results)) + ([W.HTML(html_table(_seat_rows(results), style=TABLE_STYLE))]
                                                      if few else [])
    if kind == "reuse":
        from .sands_of_time_whatif import reuse_figure
        (name, rows), = results.items()
        return [reuse_figure({k: (c, w) for k, c, w in rows})]
    raise ValueError(f"no view for what-if kind {kind!r}")


def _list(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def _shares(shares: dict[str, tuple[float, float]]) -> str:
    """``{variant: (share won, an equal share)}`` in words: "36% with A, 30% with B (an equal share: 33%)."."""
    fairs = {f"{fair:.0%}" for _, fair in shares.values()}
    if len(fairs) == 1:
        won = [f"{w:.0%} {'' if v.startswith(('with', 'without')) else 'with '}{v}" for v, (w, _) in shares.items()]
        return _list(won) + f" (an equal share: {fairs.pop()})."
    return _list([f"{w:.0%} with {v} (equal share {fair:.0%})" for v, (w, fair) in shares.items()]) + "."


def headline(game: str, question: str, results: dict, games: int | None = None) -> str:
    """One short sentence: what the random games of one question show, computed from their figures."""
    kind = shipped.PLANS[game][question]["kind"]
    n = _games(kind, results, shipped.PLANS[game][question]["games"] if games is None else games)
    lead = f"In {n:,} random games per variant"
    if kind == "rounds":
        unit = "turns" if game == "sands_of_time" else "rounds"
        parts = [f"{r['rounds']['median']:g} {unit} with {v}" for v, r in results.items()
                 if r.get("rounds") and r["rounds"].get("median") is not None]
        capped = {v: r["capped"] for v, r in results.items() if r.get("capped")}
        cut = ("" if not capped else " (of the games that finished; "
               + _list([f"{n} stopped at the round cap with {v}" for v, n in capped.items()]) + ", not counted)")
        return f"{lead}, the median game lasts " + _list(parts) + cut + "."
    if kind == "queen":
        med = {v: sorted(s)[len(s) // 2] for v, s in results.items()}
        return f"{lead}, the Queen travels a median " + _list([f"{m} steps in {v}" for v, m in med.items()]) + "."
    if kind == "sources":
        first = next(iter(results.values()))
        top = max(first, key=first.get)
        return (f"{lead}, {top} give the most points: " + _list([f"{s.get(top, 0):.0%} with the {v}"
                                                                for v, s in results.items()]) + ".")
    if kind == "journalists":
        return f"{lead}, the start player wins " + _shares(
            {v: (f["summary"]["start player wins"], f["summary"]["fair share"]) for v, f in results.items()})
    if kind == "start":
        return f"{lead}, the first start player wins " + _shares({v: (s[0], 1 / len(s)) for v, s in results.items()})
    if kind == "reuse":
        from .whatif import MIN_GAMES
        (_, rows), = results.items()
        parts = [f"{w:.0%} after using {k} card{'s' if k != 1 else ''} again" for k, c, w in rows if c >= MIN_GAMES]
        if not parts:
            return f"In {n:,} random games, no count of cards used again comes from {MIN_GAMES} player-games or more."
        return (f"In {n:,} random games, a player wins " + _list(parts)
                + f" (counts with {MIN_GAMES} player-games or more).")
    raise ValueError(f"no view for what-if kind {kind!r}")


def _variants(game: str, spec: dict) -> str:
    """Each variant's name and, where the name does not say it all, its options in words."""
    def one(name, opts):
        words = shipped.variant_words(game, opts)
        return html.escape(name if words == name else f"{name}: {words}")
    return "; ".join(one(v, opts) for v, opts in spec["variants"].items())


def shipped_question(game: str, question: str) -> W.VBox:
    """One question of ``game``'s shipped What if: a short sentence saying what the random games show,
    the chart, the table; a line saying how many games, which variants, the seed and the command that
    made them, and a button playing them again live (as many games per variant as asked, under a
    progress bar; the same variants in the same order and colours).
    ``.headline`` holds the sentence, ``.body`` the figures' widgets, ``.source`` the line, ``.rerun``
    the button, ``.games`` the games per variant to play, ``.progress`` the bar, ``.results`` the
    shipped figures (as :func:`runs` gives them for a "rounds" question)."""
    data = shipped.load(game)
    spec = data["questions"][question]
    made = (f"{spec['games']} random games per variant, seed {data['seed']} ({_variants(game, spec)}), shipped in "
            f"<code>data/whatif/{html.escape(game)}.json</code>, made by <code>{html.escape(data['command'])}</code> "
            f"(version {html.escape(str(data['version']))}).")
    head = W.HTML(f"<p style='max-width:900px;margin:4px 0'>"
                  f"{html.escape(headline(game, question, spec['results']))}</p>")
    source = W.HTML(f"<small>{made}</small>", layout=W.Layout(max_width="100%"))
    body = W.VBox(draw(game, question, spec["results"]))
    games = W.BoundedIntText(value=spec["games"], min=1, max=20 * spec["games"], description="games per variant",
                             style={"description_width": "initial"}, layout=W.Layout(width="210px"))
    rerun = W.Button(description="play them again live", icon="refresh",
                     tooltip="play the games now, with the same seed (as many as shipped: the same figures)",
                     layout=W.Layout(width="auto"))
    total = len(spec["variants"])
    progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="240px", visibility="hidden"))
    done = W.HTML()

    def step(_k=1):
        progress.value += 1
        if progress.value % 5 == 0 or progress.value == progress.max:
            done.value = f"<small>{progress.value:,} of {progress.max:,} games played</small>"

    def live(_):
        n = games.value
        rerun.disabled = games.disabled = True
        rerun.description = "playing…"
        progress.max, progress.value = n * total, 0
        progress.layout.visibility = "visible"
        done.value = f"<small>0 of {n * total:,} games played</small>"
        try:
            results = shipped.play(game, question, games=n, seed=data["seed"], progress=step)
            body.children = draw(game, question, results, n)
            box.results = runs(results) if spec["kind"] == "rounds" else results
            head.value = (f"<p style='max-width:900px;margin:4px 0'>"
                          f"{html.escape(headline(game, question, results, n))}</p>")
            same = ("the same games as shipped" if n == spec["games"] else
                    f"the first {n} of the shipped games" if n < spec["games"] else "more games than shipped")
            source.value = (f"<small>{n} random games per variant, seed {data['seed']} ({_variants(game, spec)}), "
                            f"played just now ({same}).</small>")
            rerun.description = "play them again live"
        except Exception as e:       # said under the button: a replay must not end in silence
            done.value = f"<small>the games could not be played: {html.escape(str(e))}</small>"
            rerun.description = "play them again live"
        finally:
            rerun.disabled = games.disabled = False

    rerun.on_click(live)
    controls = W.HBox([games, rerun, progress, done], layout=W.Layout(align_items="center", flex_flow="row wrap"))
    keys = ANSWERS.get((game, question), ())
    answers = competent(keys) if keys else None
    box = W.VBox([head, body, source, controls] + ([answers] if answers else []))
    box.headline, box.source, box.rerun, box.body, box.answers = head, source, rerun, body, answers
    box.games, box.progress, box.done = games, progress, done
    box.results = runs(spec["results"]) if spec["kind"] == "rounds" else spec["results"]
    return box


def shipped_whatif(game: str) -> W.VBox:
    """Every question of ``game``'s shipped What if, each under its heading."""
    from explorer.lab.answers import QUESTIONS
    parts = []
    for question in shipped.PLANS[game]:
        parts += [W.HTML(f"<h3>{html.escape(TEXTS[game, question][0])}</h3>"), shipped_question(game, question)]
    shown = {k for (g, _), keys in ANSWERS.items() if g == game for k in keys}
    rest = [k for k, q in QUESTIONS.items() if q.game == game and k not in shown]
    if rest:
        parts += [W.HTML("<h3>More answers from sensible players</h3>"), competent(rest)]
    parts += [W.HTML("<h3>How much does skill matter?</h3>"), skill_view(game)]
    return W.VBox(parts)


def skill_view(game: str) -> W.VBox:
    """How much skill matters in ``game`` (:mod:`explorer.lab.skill`): one plain sentence, the two
    matchups' table (games, share of the won games with its interval, CPU time) and how each file was
    made.  ``.sentence`` holds the sentence (None when a file is missing: the box says so)."""
    from explorer.lab import skill
    from .lab import other_code
    from .style import html_table
    try:
        rows = skill.table(game)
    except (skill.SkillError, ValueError) as e:
        box = W.VBox([W.HTML(f"<p><i>{html.escape(str(e))}</i></p>")])
        box.sentence = None
        return box
    words = skill.sentence(game, rows)
    shown = [{"player": skill.WORDS.get(r["player"], r["player"]),
              "against": f"3 {r['opponent']}",
              "games": f"{r['games']:,}" + (f" of {r['planned']:,} (stopped)" if r["partial"] else ""),
              "share of the won games": f"{r['share']:.1%} [{r['low']:.1%}–{r['high']:.1%}]",
              "equal share": f"{r['fair']:.0%}",
              "CPU time": f"{r['cpu'] / 60:,.0f} min ({r['cpu'] / max(1, r['games']):.1f} s a game)"} for r in rows]
    made = " ".join(f"<code>{html.escape(r['command'])} --out data/lab/{html.escape(r['file'])}.parquet</code>"
                    + ("." + note if (note := other_code({"commit": r["commit"], "clean": r.get("clean")}))
                       else f" (commit {html.escape(str(r['commit'])[:10])}).") for r in rows)
    box = W.VBox([W.HTML(f"<p style='max-width:900px;margin:2px 0'>{html.escape(words)}</p>"),
                  W.HTML(html_table(shown, style="font-size:12px;border-spacing:10px 2px")),
                  W.HTML(f"<div style='max-width:900px;color:#555'><small>Made by {made} A stopped run goes on "
                         f"with the same command and <code>--resume</code>, run from the commit that made "
                         f"it.</small></div>",
                         layout=W.Layout(max_width="100%"))])
    box.sentence = words
    return box
