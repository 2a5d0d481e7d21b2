"""Take Off, Eh!'s calculator panels: who scores what on one unit (and why), the odds of a
secession and of the next agenda, and the what-if charts of random games.

The panels only call the game's own calculators: :func:`~explorer.games.take_off_eh.score_unit`
(the one the rules score with), :mod:`explorer.games.take_off_eh.odds` and
:mod:`explorer.games.take_off_eh.analysis`.  What they start from is what the Explorer's
perspective may see: a coin whose value that seat does not know is never filled in for it.
"""
from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as W

from explorer.games.take_off_eh.actions import value_name
from explorer.games.take_off_eh.canada import HUDSON_BAY, PROVINCES_AND_TERRITORIES
from explorer.games.take_off_eh.scoring import BONUS_TO, LONE, QUEEN_SUIT, SUITS, TIE_DROP, score_unit

from .take_off_eh import suit_html, suit_symbol
from .whatif import count_histogram, share_bars

SLUSH_LABEL = "the slush fund (Hudson Bay)"
#: a menu's "random" / "any" entry (an ipywidgets 8 Dropdown shows the value None as nothing selected)
ANY = -1
PLAYER_SUITS = tuple(s for s in SUITS if s != QUEEN_SUIT)
DEFAULT_PLAYERS = ("fall", "suns", "summer", "winter")      # the rulebook's Amy, Betty, Cindy, Dale


def _pct(p: Fraction) -> str:
    return f"{p} ≈ {float(p):.1%}"


# -- who scores what -------------------------------------------------------------------------------
class ScoringPanel(W.VBox):
    """*What if these coins were here?*  Pick a unit (a province or the slush fund), the coins on
    it (suit and value), the players' suits, whether the Queen tours it and whose home it is; each
    player suit's points and the reasons show at once, from :func:`score_unit`.

    :meth:`set_observation` fills it in from a state as a perspective sees it: only coins whose
    value that view knows are listed; the others are counted in a note, to be entered by hand."""

    def __init__(self, coins=(), *, unit: str = HUDSON_BAY, max_value: int | None = None,
                 player_suits=DEFAULT_PLAYERS, queen_here: bool = False, home_suits=()):
        self.obs = None
        self.options = None
        self._quiet = False
        self.unit_choice = W.Dropdown(options=[(SLUSH_LABEL, HUDSON_BAY)] + [(p, p) for p in PROVINCES_AND_TERRITORIES],
                                      value=unit, description="unit", layout=W.Layout(width="330px"))
        self.from_board = W.Button(description="as the board shows it", icon="refresh",
                                   tooltip="fill in the unit from the step shown, as this view sees it",
                                   layout=W.Layout(width="auto"))
        self.suit_choice = W.Dropdown(options=list(SUITS), value="fall", description="coin",
                                      layout=W.Layout(width="170px"))
        self.value_choice = W.Dropdown(options=[(value_name(v), v) for v in range(6)], value=3,
                                       layout=W.Layout(width="80px"))
        self.add_button = W.Button(description="add", icon="plus", layout=W.Layout(width="70px"))
        self.coin_list = W.Select(options=[], rows=6, description="coins here", layout=W.Layout(width="260px"))
        self.remove_button = W.Button(description="remove", icon="minus", layout=W.Layout(width="90px"))
        self.clear_button = W.Button(description="clear", icon="trash", layout=W.Layout(width="80px"))
        self.max_value = W.BoundedIntText(value=0, min=0, max=48, description="maximum",
                                          tooltip="a tile's value; the slush fund's number of coins",
                                          layout=W.Layout(width="160px"))
        self.players = W.TagsInput(value=list(player_suits), allowed_tags=list(PLAYER_SUITS),
                                   allow_duplicates=False, layout=W.Layout(width="330px"))
        self.queen_here = W.Checkbox(value=queen_here, description="the Queen tours here", indent=False)
        self.homes = W.TagsInput(value=list(home_suits), allowed_tags=list(PLAYER_SUITS), allow_duplicates=False,
                                 layout=W.Layout(width="250px"))
        self.bonus_to = W.Dropdown(options=BONUS_TO, value=BONUS_TO[0], description="bonus to",
                                   layout=W.Layout(width="230px"))
        self.tie_drop = W.Dropdown(options=TIE_DROP, value=TIE_DROP[0], description="tie drops",
                                   layout=W.Layout(width="230px"))
        self.lone = W.Dropdown(options=LONE, value=LONE[0], description="double for", layout=W.Layout(width="230px"))
        self.note = W.HTML()
        self.result = W.HTML()
        self.coins: list[tuple[str, int]] = []
        self.hidden = 0

        self.add_button.on_click(lambda _: self.add(self.suit_choice.value, self.value_choice.value))
        self.remove_button.on_click(lambda _: self._remove_selected())
        self.clear_button.on_click(lambda _: self.set_coins([]))
        self.from_board.on_click(lambda _: self.fill_from_board())
        self.unit_choice.observe(lambda _: self._unit_changed(), names="value")
        for w in (self.max_value, self.players, self.queen_here, self.homes, self.bonus_to, self.tie_drop, self.lone):
            w.observe(lambda _: self.update(), names="value")

        def label(text):
            return W.HTML(f"<span style='font-size:13px'>{text}</span>", layout=W.Layout(width="150px"))

        super().__init__([
            W.HTML("<b>What if these coins were here?</b> Each player suit's points on one unit, with the "
                   "reasons (Special Scoring Rounds; Completion 2, Fall). Coins: suit and value (0 = null, "
                   "1 = ace)."),
            W.HBox([self.unit_choice, self.from_board]),
            W.HBox([self.suit_choice, self.value_choice, self.add_button]),
            W.HBox([self.coin_list, W.VBox([self.remove_button, self.clear_button]),
                    W.VBox([self.max_value, self.queen_here])]),
            W.HBox([label("players (seat order)"), self.players]),
            W.HBox([label("home of"), self.homes]),
            W.HBox([self.bonus_to, self.tie_drop, self.lone]),
            self.note, self.result])
        self.max_value.disabled = self.is_slush
        self.set_coins(list(coins), max_value)

    # -- editing -----------------------------------------------------------------------------------
    @property
    def is_slush(self) -> bool:
        return self.unit_choice.value == HUDSON_BAY

    def add(self, suit: str, value: int) -> None:
        """Put the ``value`` of ``suit`` here (there is one of each coin: a second is refused)."""
        if (suit, value) in self.coins:
            self.note.value = (f"<span style='color:#a60'>The {html.escape(value_name(value))} of "
                               f"{html.escape(suit)} is already here: there is one of each coin.</span>")
            return
        self.set_coins(self.coins + [(suit, value)])

    def _remove_selected(self) -> None:
        i = self.coin_list.index
        if i is not None and 0 <= i < len(self.coins):
            self.set_coins(self.coins[:i] + self.coins[i + 1:])

    def set_coins(self, coins, max_value: int | None = None) -> None:
        """The coins on the unit (``(suit, value)`` pairs); the slush fund's maximum is their number."""
        self.coins = [(s, int(v)) for s, v in coins]
        self._quiet = True
        self.coin_list.options = [f"{suit_symbol(s)} {value_name(v)} of {s}" for s, v in self.coins]
        if self.is_slush:
            self.max_value.value = len(self.coins)
        elif max_value is not None:
            self.max_value.value = max_value
        self._quiet = False
        self.update()

    def _unit_changed(self) -> None:
        self.max_value.disabled = self.is_slush
        if self.obs is not None:
            self.fill_from_board()
        else:
            self.set_coins(self.coins)

    # -- from the state shown ------------------------------------------------------------------------
    def set_observation(self, obs: dict, options=None) -> None:
        """Start from ``obs`` (an observation) and the game's rule options (the readings)."""
        self.obs, self.options = obs, options
        self.fill_from_board()

    def fill_from_board(self) -> None:
        """The chosen unit as the observation shows it: its coins whose value this view knows,
        its maximum, the Queen, the pawns; the players' suits and the game's readings."""
        obs = self.obs
        if obs is None:
            return
        self._quiet = True
        suits = [s for s in obs["suits"] if s]
        if len(suits) >= 2:
            self.players.value = suits
        if self.options is not None:
            self.bonus_to.value, self.tie_drop.value, self.lone.value = (
                self.options.bonus_to, self.options.tie_drop, self.options.lone)
        unit = self.unit_choice.value
        if unit == HUDSON_BAY:
            row = obs["slush"]["coins"]
            self.queen_here.value = False
            self.homes.value = []
            maximum = None
        else:
            prov = obs["provinces"][unit]
            row = prov["coins"]
            self.queen_here.value = prov["queen"]
            self.homes.value = [obs["players"][q]["suit"] for q in prov["pawns"] if obs["players"][q]["suit"]]
            maximum = prov["tile"][1] if prov["tile"] is not None and prov["face_up"] else 0
        known = [(c["suit"], c["value"]) for c in row if "suit" in c and "value" in c]
        self.hidden = len(row) - len(known)
        self._quiet = False
        self.set_coins(known, maximum)

    # -- the figures ---------------------------------------------------------------------------------
    def score(self):
        """:func:`score_unit` on what the panel shows (a ValueError names a bad entry)."""
        return score_unit(self.coins, self.max_value.value, list(self.players.value),
                          queen_here=self.queen_here.value, home_suit=list(self.homes.value) or None,
                          bonus_to=self.bonus_to.value, tie_drop=self.tie_drop.value, lone=self.lone.value)

    def figures(self) -> dict[str, int]:
        """Each player suit's points, as shown."""
        return {s: int(p) for s, p in self.score().items()}

    def update(self) -> None:
        if self._quiet:
            return
        notes = []
        if self.hidden:
            where = "in the slush fund" if self.is_slush else "here"
            notes.append(f"{self.hidden} coin{'s' if self.hidden > 1 else ''} {where} "
                         f"{'are' if self.hidden > 1 else 'is'} face down to this view: not listed. Add "
                         f"{'them' if self.hidden > 1 else 'it'} yourself to see what they would change.")
        if self.is_slush:
            notes.append("The slush fund's maximum is its number of coins.")
        self.note.value = "<small><i>" + " ".join(html.escape(n) for n in notes) + "</i></small>" if notes else ""
        try:
            result = self.score()
        except ValueError as e:
            self.result.value = f"<span style='color:#b00'>{html.escape(str(e))}</span>"
            return
        self.result.value = score_html(result)


def score_html(result) -> str:
    """A :class:`UnitScore` as a table: each player suit's points and reasons, then the ladder."""
    rows = "".join(
        f"<tr><td style='white-space:nowrap'>{suit_html(s)}</td><td style='font-size:15px'><b>{int(p)}</b></td>"
        "<td><ul style='margin:0;padding-left:1.1em'>"
        f"{''.join(f'<li>{html.escape(w)}</li>' for w in p.why)}</ul></td></tr>"
        for s, p in result.items())
    places = dict(result.places)
    ladder = ", ".join(f"{html.escape(s)} {t} ({places[s]})" for s, t in result.totals) or "no coins"
    return (f"<table style='font-size:12px'><tr><th>suit</th><th>points</th><th>why</th></tr>{rows}</table>"
            f"<small>Totals (place on the ladder): {ladder}; maximum {result.max_value}.</small>")


# -- odds ------------------------------------------------------------------------------------------
class OddsPanel(W.VBox):
    """Exact odds: a secession referendum passes when two dice match (each voter's die fixed or
    random), and the next agenda shows a suit or a value (from the tiles seen face up)."""

    def __init__(self, voters: int = 3):
        self.state = None
        self.voter_count = W.BoundedIntText(value=voters, min=2, max=6, description="voters",
                                            layout=W.Layout(width="150px"))
        self.voter_box = W.HBox()
        self.secession = W.HTML()
        self.agenda_suit = W.Dropdown(options=[("any suit", ANY)] + [(s, s) for s in SUITS], value=ANY,
                                      description="suit", layout=W.Layout(width="200px"))
        self.agenda_value = W.Dropdown(options=[("any value", ANY)] + [(value_name(v), v) for v in range(6)],
                                       value=ANY, description="or value", layout=W.Layout(width="200px"))
        self.agenda = W.HTML()
        self.voter_count.observe(lambda _: self._voters(), names="value")
        self.agenda_suit.observe(lambda _: self.update_agenda(), names="value")
        self.agenda_value.observe(lambda _: self.update_agenda(), names="value")
        super().__init__([
            W.HTML("<b>Secession referendum</b> (Completion 2, Spring): each voter sets a die in secret; "
                   "two equal values and the province secedes. Fix a voter's value or leave it random."),
            W.HBox([self.voter_count, self.voter_box]), self.secession,
            W.HTML("<b>The next agenda</b> (Agenda): will a tile of this suit or value turn up? The tiles still "
                   "in the stacks follow from every tile seen face up."),
            W.HBox([self.agenda_suit, self.agenda_value]), self.agenda])
        self._voters()

    def _voters(self) -> None:
        n = self.voter_count.value
        old = [d.value for d in self.voter_box.children]
        boxes = []
        for i in range(n):
            d = W.Dropdown(options=[("random", ANY)] + [(value_name(v), v) for v in range(6)],
                           value=old[i] if i < len(old) else ANY, layout=W.Layout(width="95px"))
            d.observe(lambda _: self.update_secession(), names="value")
            boxes.append(d)
        self.voter_box.children = boxes
        self.update_secession()

    @property
    def choices(self) -> list:
        """Each voter's die: a value 0-5, or None for a random one."""
        return [None if d.value == ANY else d.value for d in self.voter_box.children]

    def set_choices(self, choices) -> None:
        self.voter_count.value = len(choices)
        for d, c in zip(self.voter_box.children, choices, strict=False):
            d.value = ANY if c is None else c

    def update_secession(self) -> None:
        from explorer.games.take_off_eh.odds import secession_odds
        p = secession_odds(self.choices)
        self.secession.value = f"P(secedes) = <b>{_pct(p)}</b>"

    def set_state(self, state, obs=None) -> None:
        self.state = state
        self.update_agenda()

    def update_agenda(self) -> None:
        from explorer.games.take_off_eh.odds import NotYetKnown, next_agenda_odds
        suit, value = (None if w.value == ANY else w.value for w in (self.agenda_suit, self.agenda_value))
        if self.state is None:
            self.agenda.value = "<i>(follows the step shown in the Explorer)</i>"
        elif suit is None and value is None:
            self.agenda.value = "<i>Choose a suit, a value or both.</i>"
        else:
            what = " or ".join(x for x in (suit, None if value is None else f"a {value_name(value)}") if x)
            try:
                p = next_agenda_odds(self.state, suit, value)
            except NotYetKnown as e:      # never an inexact figure: say why there is none yet
                self.agenda.value = (f"P(the next agenda shows {html.escape(what)}): <i>not known yet, "
                                     f"{html.escape(str(e))}</i>")
                return
            self.agenda.value = f"P(the next agenda shows {html.escape(what)}) = <b>{_pct(p)}</b>"


# -- what if: random games ---------------------------------------------------------------------------
def _runs(fn, variants: dict[str, dict], games: int, seed: int, progress: bool, what: str) -> dict:
    """``fn(games, seed, options, progress)`` per variant (the same seeds: a paired comparison),
    with one progress bar over all the games."""
    from tqdm.auto import tqdm
    bar = tqdm(total=games * len(variants), desc=what, unit="game") if progress else None
    out = {}
    try:
        for name, options in variants.items():
            out[name] = fn(games, seed, options, (lambda _k: bar.update(1)) if bar else None)
    finally:
        if bar:
            bar.close()
    return out


def queen_travel_runs(variants: dict[str, dict], games: int = 100, seed: int = 0, progress: bool = True):
    """{variant: the Queen's steps in each of ``games`` random games} (:func:`analysis.queen_travel`)."""
    from explorer.games.take_off_eh.analysis import queen_travel
    return _runs(queen_travel, variants, games, seed, progress, "the Queen's travels")


def score_source_runs(variants: dict[str, dict], games: int = 100, seed: int = 0, progress: bool = True):
    """{variant: {source: share of all points}} (:func:`analysis.score_sources`)."""
    from explorer.games.take_off_eh.analysis import score_sources
    return _runs(score_sources, variants, games, seed, progress, "where the points come from")


def queen_histogram(travels: dict[str, list[int]], title: str = "How far the Queen travels in a game"):
    return count_histogram(travels, title=title, x_label="the Queen's steps in one game", unit="steps", low=0)


def sources_chart(shares: dict[str, dict[str, float]], title: str = "Where the points come from"):
    return share_bars(shares, title=title, x_label="source of points")


def travel_rows(travels: dict[str, list[int]]) -> list[dict]:
    """Per variant: games, the median and mean of the Queen's steps, and games where she never moved."""
    rows = []
    for name, steps in travels.items():
        s = sorted(steps)
        rows.append({"variant": name, "games": len(s), "median steps": s[len(s) // 2],
                     "mean steps": round(sum(s) / len(s), 1), "never moved": f"{sum(x == 0 for x in s) / len(s):.0%}"})
    return rows
