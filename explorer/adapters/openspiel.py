"""Every registered game as an OpenSpiel game, so that OpenSpiel's algorithms run on it unchanged.

Importing this module registers ``python_explorer_<id>`` with ``pyspiel`` for every game of
:func:`explorer.engine.registry.game_names` (a game added there joins by registration alone;
:func:`register` takes any other registered game, e.g. the tests' ``guess_the_die``)::

    import pyspiel, explorer.adapters.openspiel
    game = pyspiel.load_game("python_explorer_decay", {"players": 3})

- **Parameters** are the game's rule options (the fields of its options dataclass, defaults the
  rulebook's).  An optional int option whose default is ``None`` (``round_cap``) is an int
  parameter where ``-1`` stands for ``None``.
- **Action ids** are the game's declared action space (:mod:`explorer.engine.action_space`: every
  action its rules can offer with those options, never learned from playouts; an id of a type
  counted from something public in the state, as Decay's board spots, is read with the state of
  its node); chance nodes list their outcomes with the engine's exact probabilities (as floats).
- **Information**: the game is sequential (the engine's simultaneous choices are already
  hidden commits, :mod:`explorer.engine.secret`), with imperfect information when the game
  offers ``hidden_variants``.  ``observation_string(p)`` is the engine's ``observation(p)`` as
  JSON; ``information_state_string(p)`` adds a digest of everything ``p`` was told along the
  way (each step's ``describe(action, p)`` and its events' ``text_for(p)``), so it is the
  seat's perfect recall and never holds a hidden fact.
- **Returns**: the winners share 1 (a lone winner gets 1.0, two tied winners 0.5 each), the
  others 0; a game with no winner gives everyone 0.  A game is cut off (no winner) after
  ``max_game_length`` decisions, so the bound OpenSpiel is told holds.  Unless given, it is the
  most decisions the game's rules allow (``Game.max_decisions``, each game's ``length`` module:
  Decay's draw and walk limit, Journalists' chips and cards, the Generation and Dynasty tracks of
  The Sands of Time, Take Off, Eh!'s rounds, Conspiracy's round limit or ``round_cap``:
  :mod:`explorer.games.conspiracy.length`), or :data:`MAX_GAME_LENGTH` for a game registered
  without such a bound (none of the five).
- ``resample_from_infostate`` (see :meth:`ExplorerState.resample_from_infostate`) draws from the
  game's honest sampler of the seat's information set (:mod:`explorer.engine.infoset`).
- **Serialization**: ``state.serialize()`` is the engine's game record (options, no seed, every
  action, chance outcomes included; :mod:`explorer.engine.record`), and ``game.deserialize_state``
  replays one.  ``pickle`` of a game is its name and parameters, of a state its game and record
  (never the chain of past states).  OpenSpiel's own ``serialize_game_and_state`` (what
  ``random_sim_test(serialize=True)`` uses) pickles a Python state's attributes, so it carries the
  same record.
- **Memory**: a state is a node of its history (the engine state and the action that led there,
  back to the start).  Applying an action looks for the child among the node's children, which
  are held weakly: a search that applies the same ids again from a root shares the nodes still
  alive, and the game keeps the last :data:`RECENT_NODES` nodes used alive, so the upper levels of
  a search tree are not rebuilt every simulation.  What nobody holds any more is freed (OpenSpiel's
  ``MCTSBot`` on one persistent state would otherwise keep every state it ever explored reachable
  from the root); a state it needs again is rebuilt by applying its action once more.

A state can also start from an engine state with no past (:func:`state_from_engine`), for
perfect-information search (MCTS) from any position; it has no record, so it does not serialize.
"""
from __future__ import annotations

import builtins
import collections
import dataclasses
import hashlib
import json
import random
import sys
import typing
import weakref

import pyspiel

from explorer.engine.action_space import ActionIdError, action_space
from explorer.engine.errors import IllegalMove, OptionsError, RecordError
from explorer.engine.options import options_from_dict
from explorer.engine.record import GameRecord
from explorer.engine.registry import Game, game_names, get_game
from explorer.engine.state import CHANCE, TERMINAL

PREFIX = "python_explorer_"
#: decisions after which the adapter ends a game with no winner, for a game whose rules give no
#: bound of their own (``Game.max_decisions``)
MAX_GAME_LENGTH = 100_000
#: the samplers of the information sets asked about last, per (game, options, seat): a search asks
#: again and again at one history, then at a longer one, which goes on from the shorter one's pass
_SAMPLERS: dict = {}
#: the value of an optional int parameter that stands for ``None``
NONE_INT = -1
#: nodes a game keeps alive after their last use (see "Memory" in the module docstring)
RECENT_NODES = 4096
_PARAM_TYPES = (bool, int, float, str)
_registered: dict[str, pyspiel.GameType] = {}


def openspiel_name(game: str | Game) -> str:
    """``"decay"`` -> ``"python_explorer_decay"``."""
    return PREFIX + (game if isinstance(game, str) else game.name)


# -- parameters <-> options ------------------------------------------------------------------------
def _parameter_spec(g: Game) -> dict:
    hints = typing.get_type_hints(g.options_type)
    default = g.options_type()
    spec = {}
    for f in dataclasses.fields(default):
        value, hint = getattr(default, f.name), hints[f.name]
        if value is None and hint == (int | None):
            spec[f.name] = NONE_INT
        elif type(value) in _PARAM_TYPES and hint is type(value):
            spec[f.name] = value
        else:
            raise TypeError(f"{g.name}: option {f.name} ({hint}, default {value!r}) has no "
                            f"OpenSpiel parameter type (bool, int, float, str, or int | None)")
    return spec


def options_from_params(g: Game, params: dict):
    """The options dataclass for OpenSpiel ``params`` (a bad value: OptionsError naming it)."""
    hints = typing.get_type_hints(g.options_type)
    data = {k: (None if v == NONE_INT and hints.get(k) == (int | None) else v) for k, v in params.items()}
    return options_from_dict(g.options_type, data)


def params_from_options(options) -> dict:
    """OpenSpiel parameters for an options dataclass (the inverse of options_from_params)."""
    return {k: (NONE_INT if v is None else v) for k, v in dataclasses.asdict(options).items()}


def _player_range(g: Game) -> tuple[int, int]:
    """The player counts the options accept (a game without a ``players`` option: its one count)."""
    default = g.options_type()
    if not hasattr(default, "players"):
        return 1, 1
    ok = []
    for n in range(1, 17):
        try:
            dataclasses.replace(default, players=n)
            ok.append(n)
        except (OptionsError, ValueError):
            pass
    return min(ok), max(ok)


# -- the game ----------------------------------------------------------------------------------------
def register(name: str) -> pyspiel.GameType:
    """Register the engine's game ``name`` with pyspiel (once; later calls return its type)."""
    if name in _registered:
        return _registered[name]
    g = get_game(name)
    low, high = _player_range(g)
    spec = _parameter_spec(g)
    spec["max_game_length"] = NONE_INT          # the game's own bound (see ExplorerGame)
    info = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if g.hidden_variants is not None
            else pyspiel.GameType.Information.PERFECT_INFORMATION)
    game_type = pyspiel.GameType(
        short_name=openspiel_name(name), long_name=f"{g.title} (Rules Explorer)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info, utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=spec)
    # A class per game, as pyspiel's own Python games register (a closure held by pyspiel's
    # registry would be freed after the interpreter is gone, and abort the process at exit).
    # It is an attribute of this module, so that pickle finds it by name.
    class_name = f"ExplorerGame_{name}"
    creator = type(class_name, (ExplorerGame,), {"NAME": name, "GAME_TYPE": game_type,
                                                 "__module__": __name__, "__qualname__": class_name})
    setattr(sys.modules[__name__], class_name, creator)
    pyspiel.register_game(game_type, creator)
    _registered[name] = game_type
    return game_type


def register_all() -> list[str]:
    """Register every game of ``game_names()``; returns their OpenSpiel names."""
    return [register(n).short_name for n in game_names()]


def load(game: str | Game, options=None) -> ExplorerGame:
    """The OpenSpiel game for an engine game and its options dataclass (defaults if None)."""
    name = game if isinstance(game, str) else game.name
    register(name)
    params = params_from_options(options) if options is not None else {}
    return pyspiel.load_game(openspiel_name(name), params)


def game_length(g: Game, options, asked=NONE_INT) -> int:
    """The ``max_game_length`` of ``g`` with ``options``: ``asked`` when a positive int is given
    (the adapter cuts a game off there), else the most decisions the game's rules allow
    (``g.max_decisions``), else :data:`MAX_GAME_LENGTH` for a game that gives no bound."""
    if isinstance(asked, bool) or not isinstance(asked, int):
        raise OptionsError(f"max_game_length must be a whole number of decisions, got {asked!r}")
    if asked == NONE_INT:
        bound = g.max_decisions(options) if g.max_decisions is not None else None
        return MAX_GAME_LENGTH if bound is None else bound
    if asked < 1:
        raise OptionsError(f"max_game_length must be at least 1 decision (or {NONE_INT} for the game's own "
                           f"bound), got {asked}")
    return asked


class ExplorerGame(pyspiel.Game):
    """One engine game with fixed options, as a pyspiel game (:func:`register` makes a
    subclass per game, naming it in ``NAME``)."""

    NAME: str = ""
    GAME_TYPE: pyspiel.GameType | None = None

    def __init__(self, params=None):
        params = dict(params or {})
        game_type = self.GAME_TYPE
        self.engine_game = get_game(self.NAME)
        asked = params.pop("max_game_length", NONE_INT)
        self.options = options_from_params(self.engine_game, params)
        self.max_length = game_length(self.engine_game, self.options, asked)
        self.ids = action_space(self.NAME, self.options)
        self.initial = self.engine_game.initial_state(self.options)
        self.recent = collections.deque(maxlen=RECENT_NODES)
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=self.ids.size(False), max_chance_outcomes=self.ids.size(True),
            num_players=self.options.players, min_utility=0.0, max_utility=1.0,
            max_game_length=self.max_length), {**params_from_options(self.options),
                                               "max_game_length": self.max_length})

    def new_initial_state(self, *_):
        return ExplorerState(self)

    def parameters(self) -> dict:
        """The game's OpenSpiel parameters (its options and ``max_game_length``)."""
        return {**params_from_options(self.options), "max_game_length": self.max_length}

    def __reduce__(self):
        return _load_game, (self.NAME, self.parameters())

    def deserialize_state(self, text: str) -> ExplorerState:
        """The state a ``serialize()`` string names: its record replayed (a record of another
        game or of other options, or a bad record: RecordError naming the problem)."""
        record = GameRecord.loads(text, validate=False)
        if record.game != self.NAME or record.options != self.options:
            raise RecordError(f"that record is a game of {record.game} with {record.options}, not of "
                              f"{self.NAME} with {self.options}")
        try:
            return replay(self, record.actions)
        except (IllegalMove, ActionIdError) as e:
            raise RecordError(f"that record does not replay: {e}") from None

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(perfect_recall=recall)


class _Node:
    """One step of a history: the engine state reached, the action that led there, and the
    step before.  Engine states never change, so a node is shared, never copied (pyspiel's
    ``clone`` deep-copies a state's attributes)."""

    __slots__ = ("game", "state", "action", "parent", "decisions", "digests", "legal", "texts", "seen",
                 "children", "__weakref__")

    def __init__(self, game: ExplorerGame, state, action=None, parent=None):
        self.game, self.state, self.action, self.parent = game, state, action, parent
        self.decisions = 0 if parent is None else parent.decisions + (parent.state.current_player >= 0)
        self.digests: dict[int | None, bytes] = {}
        self.legal = None              # the legal ids (at a chance node: its (id, probability) pairs)
        self.texts: dict[int | None, dict[int, str]] = {}
        self.seen: dict[int | None, str] = {}      # viewer -> the observation as JSON (asked again and again)
        # action id -> the next node, while something holds it (searches apply the same ids again)
        self.children: weakref.WeakValueDictionary[int, _Node] = weakref.WeakValueDictionary()

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        # pyspiel pickles a Python state's attributes: a node goes as its game's record
        return _node_of, (self.game, self.record())

    def record(self) -> str:
        """The engine's record of the history to here (see "Serialization" in the module docstring)."""
        if self.parent is None and self.state is not self.game.initial:
            raise ValueError("a state made from an engine state (state_from_engine) has no history "
                             "from the start of the game, so it has no record to serialize")
        return GameRecord(self.game.NAME, self.game.options, None, tuple(self.actions())).dumps()

    def history(self):
        """``(states, actions)`` from the root, as ``hidden_variants`` takes them."""
        nodes = []
        n = self
        while n is not None:
            nodes.append(n)
            n = n.parent
        nodes.reverse()
        return [n.state for n in nodes], [n.action for n in nodes[1:]]

    def actions(self) -> list:
        """The engine actions from the root to here."""
        out, n = [], self
        while n.parent is not None:
            out.append(n.action)
            n = n.parent
        out.reverse()
        return out

    def digest(self, viewer: int) -> bytes:
        """A digest of everything ``viewer`` was told from the root to here."""
        chain, n = [], self
        while n.parent is not None and viewer not in n.digests:
            chain.append(n)
            n = n.parent
        d = n.digests.setdefault(viewer, b"")
        for n in reversed(chain):
            told = [n.parent.state.describe(n.action, viewer)]
            told += [t for t in (e.text_for(viewer) for e in n.state.events) if t is not None]
            d = n.digests[viewer] = hashlib.blake2b(d + "\n".join(told).encode(), digest_size=16).digest()
        return d


class ExplorerState(pyspiel.State):
    """A pyspiel state wrapping an engine state and the history that led to it."""

    def __init__(self, game: ExplorerGame, node: _Node | None = None):
        super().__init__(game)
        self._node = node or _Node(game, game.initial)

    @property
    def _game(self) -> ExplorerGame:
        return self._node.game

    @property
    def engine_state(self):
        return self._node.state

    def _cut_off(self) -> bool:
        return self._node.decisions >= self._game.max_length

    def current_player(self):
        p = self._node.state.current_player
        if p == TERMINAL or self._cut_off():
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if p == CHANCE else p

    def is_terminal(self):
        return self._node.state.is_terminal() or self._cut_off()

    def _legal_actions(self, player):
        node = self._node
        if node.state.is_chance_node():
            return [i for i, _ in self.chance_outcomes()]
        if node.legal is None:
            state = node.state
            node.legal = sorted(self._game.ids.encode(a, state=state) for a in state.legal_actions())
        return list(node.legal)

    def chance_outcomes(self):
        node = self._node
        if node.legal is None:
            ids = self._game.ids
            node.legal = sorted((ids.encode(a, True, node.state), float(p)) for a, p in node.state.chance_outcomes())
        return list(node.legal)

    def _apply_action(self, action_id):
        node = self._node
        child = node.children.get(action_id)
        if child is None:
            action = self._game.ids.decode(int(action_id), node.state.is_chance_node(), node.state)
            child = node.children[action_id] = _Node(self._game, node.state.apply(action), action, node)
        self._game.recent.append(child)
        self._node = child

    def serialize(self) -> str:
        """The engine's record of this state's history (see the module docstring)."""
        return self._node.record()

    def __reduce__(self):
        return _state_of, (self._game, self.serialize())

    def _action_to_string(self, player, action_id):
        """The engine's ``describe(action, player)`` (the teacher's words for chance); when two
        choices here read the same to the player, each adds its own value (OpenSpiel wants
        every choice's string to differ)."""
        node, chance = self._node, player == pyspiel.PlayerId.CHANCE
        action = self._game.ids.decode(int(action_id), chance, node.state)
        viewer = None if chance else player
        state = node.state
        if player != state.current_player or state.is_terminal():
            return state.describe(action, viewer)
        texts = node.texts.get(viewer)
        if texts is None:
            choices = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
            words = [state.describe(a, viewer) for a in choices]
            count = {}
            for w in words:
                count[w] = count.get(w, 0) + 1
            texts = node.texts[viewer] = {a: (w if count[w] == 1 else f"{w} [{a!r}]")
                                          for a, w in zip(choices, words, strict=True)}
        return texts.get(action) or state.describe(action, viewer)

    def returns(self):
        return returns_of(self._node.state, self._game.options.players, self._cut_off())

    def moves_left(self) -> int:
        """Decisions left before the adapter's cut-off (``max_game_length``)."""
        return self._game.max_length - self._node.decisions

    def __str__(self):
        return self.observation_for(None)

    # -- what a seat knows ---------------------------------------------------------------------
    def observation_for(self, player: int | None) -> str:
        """The engine's ``observation(player)`` as JSON (``None``: the teacher's)."""
        seen = self._node.seen
        text = seen.get(player)
        if text is None:
            text = seen[player] = json.dumps(self._node.state.observation(player), sort_keys=True, default=str)
        return text

    def information_for(self, player: int) -> str:
        return f"player {player} told {self._node.digest(player).hex()} sees {self.observation_for(player)}"

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, drawn from the seat's information set
        by the game's sampler (:meth:`resample`); ``probability_sampler()`` seeds the draw."""
        seed = int(probability_sampler() * 2 ** 53)
        return self.resample(int(player_id), random.Random(seed))

    def resample(self, viewer: int, rng: random.Random) -> ExplorerState:
        """A state ``viewer`` cannot tell from this one, its history drawn from the seat's
        information set by the game's sampler (:class:`explorer.engine.infoset.Sampler`): every
        piece the seat has not seen (a coin drawn or still in the bag, a card, another seat's
        secret choice) from its conditional distribution given all the seat was told.  A game with
        no hidden information returns a clone."""
        hidden = self._game.engine_game.hidden_variants
        if hidden is None or self._node.parent is None:
            return self.clone()
        actions, states = _sampler(self._game, self._node, viewer).sample(rng)
        return replay(self._game, actions, states)


def returns_of(state, players: int, cut_off: bool = False) -> list[float]:
    """The adapter's returns at an engine state: the winners share 1, the rest get 0 (all 0
    before the end, with no winner, or when the adapter cut the game off)."""
    result = state.result()
    out = [0.0] * players
    if result is not None and result.winners and not cut_off:
        for q in result.winners:
            out[q] = 1.0 / len(result.winners)
    return out


def _sampler(game: ExplorerGame, node: _Node, viewer: int):
    """The sampler of ``viewer``'s information set at ``node`` (the last one asked about for this
    game and seat, gone on to ``node`` when its history starts with that one's)."""
    states, actions = node.history()
    key = (game.engine_game.name, game.options, viewer)
    sampler = _SAMPLERS.get(key)
    if sampler is not None and len(sampler.actions) <= len(actions) \
            and sampler.actions == actions[:len(sampler.actions)]:
        return sampler.extend(states, actions) if len(sampler.actions) < len(actions) else sampler
    sampler = _SAMPLERS[key] = game.engine_game.hidden_variants.sampler(states, actions, viewer)
    return sampler


def _load_game(name: str, params: dict) -> ExplorerGame:
    """A pickled game, loaded again (the module registers every game on import)."""
    register(name)
    return pyspiel.load_game(openspiel_name(name), params)


def _state_of(game: ExplorerGame, text: str) -> ExplorerState:
    """A pickled state: its record replayed."""
    return game.deserialize_state(text)


def _node_of(game: ExplorerGame, text: str) -> _Node:
    """A pickled node: its record replayed."""
    return game.deserialize_state(text)._node


def replay(game: ExplorerGame, actions, states=None) -> ExplorerState:
    """The pyspiel state after the engine ``actions`` from the start (pyspiel history included).
    ``states``, the engine states of those actions when known, saves applying them again."""
    state = game.new_initial_state()
    ids = game.ids
    for i, a in enumerate(actions):
        action_id = ids.encode(a, state.is_chance_node(), state._node.state)
        if states is not None:
            node = state._node
            node.children.setdefault(action_id, _Node(game, states[i + 1], a, node))
        state.apply_action(action_id)
    return state


def state_from_engine(game: ExplorerGame, engine_state) -> ExplorerState:
    """A pyspiel state at ``engine_state`` with no past: its information strings and history
    start here, so it suits perfect-information search, not resampling."""
    return ExplorerState(game, _Node(game, engine_state))


class _Observer:
    """pyspiel's observer protocol: strings only (no tensors)."""

    tensor = None
    dict: typing.ClassVar[builtins.dict[str, typing.Any]] = {}

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.information_for(player) if self.perfect_recall else state.observation_for(player)


register_all()
