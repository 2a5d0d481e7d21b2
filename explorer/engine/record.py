"""Game records: game id + rule options + seed + every action (chance outcomes included).

A record replays deterministically because the outcomes of chance nodes are stored as
actions too; the seed says which random stream produced them, so a simulation can be
continued or reproduced.  Records save as JSON with a format version.  Loading checks
every field and replays every action, and refuses a bad file with a
:class:`~explorer.engine.errors.RecordError` naming what is wrong; it never unpickles
or evaluates anything.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import IllegalMove, OptionsError, RecordError
from .options import options_from_dict, options_to_dict
from .registry import get_game
from .saving import write_atomic

FORMAT = "rules-explorer/record"
VERSION = 1
MAX_BYTES = 20_000_000


@dataclass(frozen=True)
class GameRecord:
    game: str
    options: Any                      # the game's options dataclass
    seed: int | None = None
    actions: tuple[Action, ...] = field(default_factory=tuple)

    def initial_state(self):
        return get_game(self.game).initial_state(self.options)

    def replay(self, upto: int | None = None):
        """The state after the first ``upto`` actions (all of them by default)."""
        state = self.initial_state()
        for action in self.actions[:upto]:
            state = state.apply(action)
        return state

    def states(self):
        """Every state of the record, the initial one first."""
        state = self.initial_state()
        out = [state]
        for action in self.actions:
            state = state.apply(action)
            out.append(state)
        return out

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": options_to_dict(self.options),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def save(self, path) -> None:
        write_atomic(path, self.dumps())

    @classmethod
    def from_json(cls, data: Any, validate: bool = True) -> GameRecord:
        """The record ``data`` holds; ``validate=False`` leaves replaying it to the caller (who
        replays it anyway, e.g. the OpenSpiel adapter's ``deserialize_state``)."""
        if not isinstance(data, dict):
            raise RecordError("a saved game must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a Rules Explorer record (format is {data.get('format')!r}, expected {FORMAT!r})")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise RecordError(f"record format version {version!r} is not supported "
                              f"(this explorer reads version {VERSION})")
        missing = [k for k in ("game", "options", "seed", "actions") if k not in data]
        if missing:
            raise RecordError(f"record is missing field(s) {missing}")
        extra = sorted(set(data) - {"format", "version", "game", "options", "seed", "actions"})
        if extra:
            raise RecordError(f"record has unknown field(s) {extra}")
        name = data["game"]
        if not isinstance(name, str):
            raise RecordError(f"record's game must be a string, got {name!r}")
        game = get_game(name)
        if not isinstance(data["options"], dict):
            raise RecordError(f"record's options must be an object of name: value, got {data['options']!r}")
        try:
            options = options_from_dict(game.options_type, data["options"])
        except OptionsError as e:
            raise RecordError(f"record's options are invalid: {e}") from None
        seed = data["seed"]
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError(f"record's seed must be an integer or null, got {seed!r}")
        raw = data["actions"]
        if not isinstance(raw, list):
            raise RecordError("record's actions must be a list")
        actions = tuple(game.codec.decode(a, f"action {i}") for i, a in enumerate(raw))
        record = cls(name, options, seed, actions)
        if validate:
            record.validate()
        return record

    def validate(self):
        """Replay every action; an illegal one is reported by its index.  Returns the end state."""
        state = self.initial_state()
        for i, action in enumerate(self.actions):
            try:
                state = state.apply(action)
            except IllegalMove as e:
                raise RecordError(f"action {i} ({action}) is illegal at that point: {e}") from None
        return state

    @classmethod
    def loads(cls, text: str | bytes, validate: bool = True) -> GameRecord:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("saved game is not UTF-8 text") from None
        if len(text) > MAX_BYTES:
            raise RecordError(f"saved game is too large ({len(text)} characters; the limit is {MAX_BYTES})")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError("saved game is not valid JSON (truncated or corrupt?): "
                              f"{e.msg} at line {e.lineno} column {e.colno}") from None
        except RecursionError:
            raise RecordError("saved game is nested too deeply to be a record") from None
        except ValueError as e:        # e.g. an integer literal with thousands of digits
            raise RecordError(f"saved game holds a value that cannot be read: {e}") from None
        return cls.from_json(data, validate)

    @classmethod
    def load(cls, path) -> GameRecord:
        try:
            raw = Path(path).read_bytes()
        except OSError as e:
            raise RecordError(f"cannot read saved game {path}: {e.strerror}") from None
        return cls.loads(raw)
