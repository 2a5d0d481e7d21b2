"""The game-agnostic core: states, actions, rule references, records and timelines."""
from .actions import Action, ActionCodec
from .errors import IllegalMove, OptionsError, RecordError, RuleRef
from .options import options_from_dict, options_to_dict, parse_option_strings
from .playout import random_playout, uniform_policy
from .record import GameRecord
from .registry import Game, get_game, game_names, register
from .state import CHANCE, TERMINAL, Event, Result, State, events_for
from .timeline import Timeline

__all__ = [
    "Action", "ActionCodec", "IllegalMove", "OptionsError", "RecordError", "RuleRef",
    "options_from_dict", "options_to_dict", "parse_option_strings", "random_playout",
    "uniform_policy", "GameRecord", "Game", "get_game", "game_names", "register",
    "CHANCE", "TERMINAL", "Event", "Result", "State", "Timeline", "events_for",
]
