"""For the notebook and designers: a whole first Generation to step through phase by phase, and
data folders that change one component (the Generation track) for what-if simulations."""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from explorer.engine import GameRecord, random_playout
from explorer.engine.saving import write_atomic

from .data import shipped_text

#: What each part of a Generation does, said once where it first happens (our words).
PHASE_NOTES = {
    "Phase 1: Receive Resources": "Phase 1: every player takes one resource per own peasant in each territory he "
                                  "owns, never more than its capacity.",
    "Phase 2 (a)": "Phase 2 (a): everybody picks two cards face down at once; here each seat's choice shows only "
                   "to that seat (switch the perspective to check).",
    "Phase 2 (b)": "Phase 2 (b): in turn order from the start player, each player shows his two cards and uses "
                   "them in the order he likes, perhaps with one bonus action.",
    "Phase 2 (c)": "Phase 2 (c): both markers move a space and the die is rolled: at most the Generation space's "
                   "number ends the Generation; otherwise back to (a).",
    "Phase 3: Check for Population Growth": "Phase 3: the Dynasty marker passed a P space: a peasant joins every "
                                            "owned territory.",
    "Phase 4: Check for Overcrowding": "Phase 4: a player with an overfull territory gains 1 Unrest; beyond twice "
                                       "the capacity, everybody there removes citizens at once.",
    "Phase 5: Check for End of Dynasty": "Phase 5: the Dynasty is over: the Chronicles turn up and score.",
    "Generation End": "Generation End: the die passes left, the Generation track restarts, resources go back to "
                      "zero and the used cards come back.",
}


def first_generation(seed: int = 2, players: int = 3, options=None):
    """A random game's record cut right after its first Generation ends, and notes (step -> text)
    at the first step of each phase; the setup before it is one note."""
    opts = {"players": players, **(options or {})}
    record, _ = random_playout("sands_of_time", opts, seed=seed)
    state = record.initial_state()
    notes, seen, end = {}, set(), None
    for i, a in enumerate(record.actions):
        state = state.apply(a)
        for e in state.events:
            section = e.rule.section
            if section in PHASE_NOTES and section not in seen:
                seen.add(section)
                notes[i + 1] = notes.get(i + 1, "") + PHASE_NOTES[section] + " "
            if section == "Generation End" and end is None:
                end = i + 1
        if end is not None:
            break
    first = min(notes)
    notes[first] = "Setup is done (Initial Setup 1-7: tiles, provinces, capitals, caravans, first advances). " \
        + notes[first]
    cut = GameRecord(record.game, record.options, record.seed, tuple(record.actions[:end]))
    return cut, {k: v.strip() for k, v in notes.items()}


def track_folder(spaces, folder: str | Path | None = None) -> str:
    """A data folder like the shipped one but with Generation track ``spaces``; pass it as the
    game's ``data_dir`` option.  The new track is validated when the game loads it."""
    folder = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="sands-track-"))
    folder.mkdir(parents=True, exist_ok=True)
    tracks = yaml.safe_load(shipped_text("tracks.yaml"))
    tracks["generation"]["spaces"] = list(spaces)
    tracks["generation"]["source"] = ("reconstructed: a designer's what-if track "
                                      + ", ".join(map(str, spaces)))
    write_atomic(folder / "tracks.yaml", yaml.safe_dump(tracks, allow_unicode=True, sort_keys=False))
    return str(folder)



def wins_from_start(options=None, games: int = 100, seed: int = 0, progress=None) -> list[float]:
    """Random games (game ``i`` with seed ``seed + i``): the share won by the player who started the
    game (the die's first holder, Initial Setup 4), by the next player, ...; a shared win counts for
    each winner.  The start passes left every Generation, so this asks whether the first holder's head
    start lasts.  ``progress(1)`` after each game (a tqdm bar's ``update`` fits)."""
    from .actions import StartPlayer
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    wins = None
    for i in range(games):
        record, final = random_playout("sands_of_time", options, seed=seed + i)
        n = final.players
        wins = wins or [0] * n
        start = next(a.seat for a in record.actions if type(a) is StartPlayer)
        for w in final.winners:
            wins[(w - start) % n] += 1
        if progress is not None:
            progress(1)
    return [w / games for w in wins]


def reuse_and_wins(options=None, games: int = 100, seed: int = 0, progress=None) -> dict[int, tuple[int, float]]:
    """Does using a card again pay?  Over random games: for each number of turns a player used a card
    a second time in one Generation (Phase 2 (a), at 1 Unrest each), how many player-games had that
    many and what share of them won.  ``{uses: (player-games, win share)}``."""
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    seen: dict[int, list[int]] = {}
    for i in range(games):
        record, final = random_playout("sands_of_time", options, seed=seed + i)
        n = final.players
        uses = [0] * n
        state = record.initial_state()
        for a in record.actions:
            if state.phase_ == "turn" and getattr(a, "card", None) is not None and a.card == state.reused:
                uses[state.player] += 1
            state = state.apply(a)
        for q in range(n):
            row = seen.setdefault(uses[q], [0, 0])
            row[0] += 1
            row[1] += q in final.winners
        if progress is not None:
            progress(1)
    return {k: (c, w / c) for k, (c, w) in sorted(seen.items())}
