"""Take Off, Eh!'s *Learn* helpers for the notebook: the rulebook's example game in the Explorer,
narrated chapter by chapter, the same game carried on through a special scoring round, and the
rulebook's scoring examples in the scoring panel.

The records come from :mod:`explorer.games.take_off_eh.examples`; every figure shown is the engine's
or :func:`score_unit`'s."""
from __future__ import annotations

from explorer.engine import Timeline
from explorer.engine.words import seat_name
from explorer.games.take_off_eh import score_unit
from explorer.games.take_off_eh.examples import (MANITOBA_EXAMPLE, SLUSH_EXAMPLE, first_round, scoring_steps,
                                                 through_first_scoring)

from .explorer import chapter_notes
from .take_off_eh import TakeOffEhExplorer
from .take_off_eh_panels import ScoringPanel

SEATS = ("Amy", "Betty", "Cindy", "Dale")


def _name_seats(view: TakeOffEhExplorer) -> None:
    view.explorer.set_seat_labels([f"{seat_name(q)}: {name}" for q, name in enumerate(SEATS)],
                                  view.explorer.perspective)


def learn_example() -> TakeOffEhExplorer:
    """The rulebook's example game from the first map tile to Dale's funds, narrated by chapter,
    opened with the map built (the first chapter's 13 draws are in the step list, one step back)."""
    example = first_round()
    tl = Timeline(example.record)
    tl.jump(example.chapters[1].start)
    view = TakeOffEhExplorer(tl, title=example.title, notes=chapter_notes(example))
    _name_seats(view)
    view.example = example
    return view


def scoring_notes(record) -> dict[int, str]:
    """Narration for the example game carried on to its first special scoring round."""
    steps = scoring_steps(record)
    end = len(first_round().record.actions)
    notes = {0: "<b>The rulebook's example game</b> up to Dale's funds (see the explorer above), then on "
                "by random choices: press ⏭ to jump to the end, or pick a step in the list.",
             end: ("<b>Rounds 1-3 go on by random choices</b> (seeded, so they replay the same). Every round: "
                   "an agenda of players + 1 tiles, bribes of unique values, then each player in bribe order "
                   "draws, chooses a tile, enacts or prevents it, and funds up to its value.")}
    if "slush" in steps:
        notes[steps["slush"] + 1] = (
            "<b>Special Scoring Round, 1. Slush Fund</b>: round 3 is over. The slush fund is scored "
            "like a unit whose maximum is its number of coins (the events above list each suit's "
            "points); its coins are then <b>pork</b>: each player sets a die in secret, and their coins "
            "go to a province of that value (2. Pork).")
    if "provinces" in steps:
        notes[steps["provinces"] + 1] = (
            "<b>Special Scoring Round, 3. Provinces and Territories</b>: every province is scored in "
            "alphabetical order (the events above name each one), the Queen's and home provinces with "
            "their bonus. Then each player may take back up to two coins (4. Retrieval).")
    return notes


def learn_scoring_round(seed: int | None = None) -> TakeOffEhExplorer:
    """The example game carried on by random play through its first special scoring round, shown at
    the slush fund's scoring."""
    record = through_first_scoring() if seed is None else through_first_scoring(seed)
    tl = Timeline(record)
    steps = scoring_steps(record)
    tl.jump(steps["slush"] + 1 if "slush" in steps else len(record.actions))
    view = TakeOffEhExplorer(tl, title="Take Off, Eh!: on to the first special scoring round",
                             notes=scoring_notes(record))
    _name_seats(view)
    view.record = record
    return view


def slush_fund_example() -> ScoringPanel:
    """The scoring panel with the rulebook's seven-coin slush fund (Special Scoring Rounds, 1)."""
    return ScoringPanel(SLUSH_EXAMPLE["coins"], player_suits=SLUSH_EXAMPLE["player_suits"])


def manitoba_example() -> ScoringPanel:
    """The scoring panel with the rulebook's Manitoba (Special Scoring Rounds, 3)."""
    return ScoringPanel(MANITOBA_EXAMPLE["coins"], unit="Manitoba", max_value=MANITOBA_EXAMPLE["max_value"],
                        player_suits=MANITOBA_EXAMPLE["player_suits"])


def example_lines() -> list[str]:
    """The rulebook's two scoring examples in words: each player's points and the first reason."""
    out = []
    for name, ex in (("slush fund", SLUSH_EXAMPLE), ("Manitoba", MANITOBA_EXAMPLE)):
        result = score_unit(**ex)
        for suit, pts in result.items():
            out.append(f"{name}: {suit} {int(pts)} ({pts.why[0]})")
    return out
