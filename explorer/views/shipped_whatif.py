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
    ("conspiracy", "length"): ("Three columns or four? Two action points or three?", "How many rounds random games last"),
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
    intro = W.HTML("<p><b>With sensible players</b> (each game's <code>sensible</code> policy at every seat, "
                   "2,000 games a variant, 95% intervals; the random games above show the rules' bare mechanics):</p>")
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
    return {v: {**r, "outcomes": [Shipped(n, why) for n, why in zip(r["round_counts"], r["game_reasons"])]}
            for v, r in results.items()}


def draw(game: str, question: str, results: dict) -> list[W.Widget]:
    """The tables and charts of one question from its figures (``{variant: figures}``, as
    :func:`explorer.shipped.play` gives them)."""
    kind = shipped.PLANS[game][question]["kind"]
    title = TEXTS[game, question][1]
    if kind == "rounds":
        from .whatif import rounds_histogram, summary_table
        played = runs(results)
        if game == "sands_of_time":
            from .sands_of_time_whatif import turns_histogram
            return [turns_histogram(played)]
        return [summary_table(played), rounds_histogram(played, title=title)]
    if kind == "queen":
        from .style import html_table
        from .take_off_eh_panels import queen_histogram, travel_rows
        return [W.HTML(html_table(travel_rows(results))), queen_histogram(results, title=title)]
    if kind == "sources":
        from .take_off_eh_panels import sources_chart
        return [sources_chart(results, title=title)]
    if kind == "journalists":
        from .journalists_whatif import rules_table, start_player_chart
        table = rules_table(results)
        return [table, start_player_chart(results, title=title)] if title else [table]
    if kind == "start":
        from .sands_of_time_whatif import start_charts
        return [start_charts(results)]
    if kind == "reuse":
        from .sands_of_time_whatif import reuse_figure
        (name, rows), = results.items()
        return [reuse_figure({k: (c, w) for k, c, w in rows})]
    raise ValueError(f"no view for what-if kind {kind!r}")


def _variants(game: str, spec: dict) -> str:
    """Each variant's name and, where the name does not say it all, its options in words."""
    def one(name, opts):
        words = shipped.variant_words(game, opts)
        return html.escape(name if words == name else f"{name}: {words}")
    return "; ".join(one(v, opts) for v, opts in spec["variants"].items())


def shipped_question(game: str, question: str) -> W.VBox:
    """One question of ``game``'s shipped What if: a line saying how many games, which variants, the
    seed and the command that made them; a button playing them again live; the tables and charts.
    ``.body`` holds the figures' widgets, ``.source`` the line, ``.rerun`` the button, ``.results``
    the shipped figures (as :func:`runs` gives them for a "rounds" question)."""
    data = shipped.load(game)
    spec = data["questions"][question]
    made = (f"{spec['games']} random games per variant, seed {data['seed']} ({_variants(game, spec)}), shipped in "
            f"<code>data/whatif/{html.escape(game)}.json</code>, made by <code>{html.escape(data['command'])}</code> "
            f"(version {html.escape(str(data['version']))}).")
    source = W.HTML(f"<small>{made}</small>", layout=W.Layout(max_width="100%"))
    body = W.VBox(draw(game, question, spec["results"]))
    rerun = W.Button(description="play them again live", icon="refresh",
                     tooltip="play the same games now, with the same seed",
                     layout=W.Layout(width="auto", align_self="flex-start"))

    def live(_):
        rerun.disabled = True
        rerun.description = "playing…"
        body.children = draw(game, question, shipped.play(game, question, seed=data["seed"]))
        source.value = (f"<small>{spec['games']} random games per variant, seed {data['seed']} "
                        f"({_variants(game, spec)}), played just now.</small>")
        rerun.description = "played live"

    rerun.on_click(live)
    keys = ANSWERS.get((game, question), ())
    answers = competent(keys) if keys else None
    box = W.VBox([W.HTML("<p><b>With random players</b>:</p>"), source, rerun, body] + ([answers] if answers else []))
    box.source, box.rerun, box.body, box.answers = source, rerun, body, answers
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
    return W.VBox(parts)
