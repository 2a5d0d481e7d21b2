"""One package per game.  Importing :mod:`explorer.games` registers every finished game."""
from importlib import import_module

#: Game ids and the packages that implement them.
GAME_PACKAGES = {
    "conspiracy": "explorer.games.conspiracy",
    "decay": "explorer.games.decay",
    "take_off_eh": "explorer.games.take_off_eh",
    "journalists": "explorer.games.journalists",
    "sands_of_time": "explorer.games.sands_of_time",
}


def load_all() -> None:
    """Import every game package so that each registers itself with the engine."""
    for module in GAME_PACKAGES.values():
        import_module(module)
