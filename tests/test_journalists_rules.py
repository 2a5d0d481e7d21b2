"""Journalists through the engine: paying and chip accounting, buying and taking another
player's card, the display sliding down, the next player and the Variant, the end of
the game and Scoring, refusals with their rule, bad options and a broken card list."""
from __future__ import annotations

import random

import pytest

from explorer.components.decktet import DecktetError, decktet, read_decktet
from explorer.engine import IllegalMove, OptionsError, random_playout
from explorer.engine.examples import data_file
from explorer.games.journalists import JournalistsOptions, check_invariants
from explorer.games.journalists.actions import ExcuseCubes, Cubes, Evidence, Reveal, Steal
from explorer.games.journalists.positions import position

TWO = JournalistsOptions(players=2)
DISPLAY = ["The Desert", "The Bard", "The Sea", "The Mill", "The Pact", "The Excuse"]


def _two(**kw):
    return position(["Ace of Suns", "Ace of Moons"], kw.pop("display", DISPLAY), options=TWO, **kw)


def _chips(s):
    return sum(s.supply) + sum(k for r in s.bought for _, k in r) + s.discarded


# -- the Decktet --------------------------------------------------------------------------
def test_the_decktet_has_every_card_of_the_extended_deck():
    d = decktet()
    assert len(d.cards) == 45 and d.suits == ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
    assert d.card("The Desert").suits == ("Suns", "Wyrms") and d.card("The Desert").rank == 2
    assert [c.kind for c in d.cards].count("pawn") == 4 and d.card("The Excuse").suits == ()
    assert d.source.startswith("Copied from")


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace("rank: 2, suits: [Suns, Wyrms]", "rank: 12, suits: [Suns, Wyrms]"), ["The Desert", "rank 12"]),
    (lambda t: t.replace("{name: The Desert,    rank: 2, suits: [Suns, Wyrms]",
                         "{name: The Desert, rank: 2, suits: [Sun, Wyrms]"), ["The Desert", "suits"]),
    (lambda t: t.replace("name: The Desert,", "name: The Author,"), ["The Author", "twice"]),
    (lambda t: t.replace("  - {name: The Excuse,       rank: none, suits: []}", ""), ["excuse", "has 0"]),
    (lambda t: t.replace("source: >-", "origin: >-"), ["unknown key", "origin"]),
    (lambda t: t + "\n  - [not, a, card]", ["card 46", "mapping"]),
    (lambda t: t.replace("suits: [Moons, Suns", "suits: [Suns, Moons"), ["suits"]),
    (lambda t: "cards: [", ["not valid YAML"]),
])
def test_a_broken_card_list_is_refused_naming_the_entry(change, words):
    text = data_file("journalists", "decktet.yaml").read_text(encoding="utf-8")
    assert read_decktet(text).names == decktet().names
    with pytest.raises(DecktetError) as info:
        read_decktet(change(text), "broken.yaml")
    assert "broken.yaml" in str(info.value)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


# -- options ---------------------------------------------------------------------------------
def test_defaults_are_the_rulebook_values():
    o = JournalistsOptions()
    assert ((o.chips, o.display_rows, o.excuse, o.pawns, o.courts, o.most_chips_next)
            == (12, 3, True, True, False, False))
    s = random_playout("journalists", {"players": 3}, seed=1, max_actions=3 + 6 + 1)[1]
    assert len(s.display) == 6 and s.supply == (12, 12, 12) and s.phase == "take"
    assert "The Consul" not in s.deck + s.display and len(s.deck) + len(s.display) == 30 + 4 + 1


@pytest.mark.parametrize("bad", [{"players": 1}, {"players": 7}, {"chips": 0}, {"display_rows": 1},
                                 {"court_rank": 0}, {"players": "2"}, {"excuse": "no"}])
def test_bad_options_are_refused(bad):
    with pytest.raises(OptionsError):
        JournalistsOptions(**bad)


# -- Paying for the card, Turn (a) and (b) -----------------------------------------------------------
def test_evidence_pays_by_row_and_discards_the_chips():
    s = _two()
    for card, cost in [("The Desert", 1), ("The Mill", 2), ("The Excuse", 3)]:
        after = s.apply(Evidence(card))
        assert after.supply == (12 - cost, 12) and after.discarded == cost
        assert after.rows[0] == ((card, 0),) and _chips(after) == 24
        check_invariants(after)
        assert after.is_chance_node() and after.phase == "reveal"
        assert [e.rule.section for e in after.events] == ["Turn (a)", "Paying for the card"]


def test_cards_slide_down_and_the_new_card_goes_on_top():
    s = _two().apply(Evidence("The Bard"))             # slot 1 of the row of three
    assert s.display == ("The Desert", "The Sea", "The Mill", "The Pact", "The Excuse")
    assert s.cost("The Mill") == 1 and s.cost("The Pact") == 2 and s.cost("The Excuse") == 2
    nxt = s.apply(Reveal("The Cave"))
    assert nxt.display[-1] == "The Cave" and nxt.cost("The Cave") == 3
    assert nxt.current_player == 1 and "The Cave" not in nxt.deck
    assert nxt.events[0].rule.section == "Refilling the display"


def test_buying_for_cubes_puts_the_chips_on_the_card():
    s = _two(rows=[[("The Castle", 2)], []])
    after = s.apply(Cubes("The Pact"))                # Moons/Suns 9 on The Castle (Suns/Knots 7): completes
    assert after.bought[0] == (("The Pact", 2),) and after.supply[0] == 10 and after.discarded == 0
    assert after.completed[0] == ("The Castle",) and after.rows[0] == ()
    assert after.wasted == 4 and _chips(after) == 24
    sections = [e.rule.section for e in after.events]
    assert sections == ["Paying for the card", "Turn (b)", "Completing a card", "Completing a card"]
    assert after.score(0) == 7 + 1                    # The Castle shares the Suns of player 0's Ace


def test_the_rules_and_the_preview_agree():
    s = _two(rows=[[("The Desert", 1), ("The Harvest", 0), ("The Excuse", 0)], []],
             display=["The Author", "The Bard", "The Sea", "The Mill", "The Pact", "The Diplomat"])
    for a in s.legal_actions():
        if isinstance(a, Cubes):
            d = s.preview(a)
            after = s.apply(a)
            if after.phase == "excuse":           # all spare cubes on the Excuse, as the preview shows
                after = after.apply(ExcuseCubes(after.spare))
            assert after.rows[0] == d.evidence and after.completed[0] == d.completed
            assert after.score(0) - s.score(0) == d.score_change


def test_spare_cubes_may_go_on_the_excuse_or_away():
    """Extended deck, the Excuse: the player may put cubes that fit nowhere else on the Excuse;
    they choose how many (more cubes than the highest completed rank make it worth nothing)."""
    s = _two(rows=[[("The Desert", 1), ("The Excuse", 0)], []],
             display=["The Mill", "The Bard", "The Sea", "The Author", "The Pact", "The Diplomat"])
    # The Mill (8: Leaves, Knots) finds no Leaves or Knots card in the row: all eight cubes are spare
    after = s.apply(Cubes("The Mill"))
    assert after.phase == "excuse" and after.current_player == 0 and after.spare == 8
    assert after.legal_actions() == [ExcuseCubes(n) for n in range(9)]
    with pytest.raises(IllegalMove) as e:
        after.apply(ExcuseCubes(9))
    assert e.value.rule.section == "Extended deck: the Excuse"
    some = after.apply(ExcuseCubes(1))
    assert dict(some.rows[0])["The Excuse"] == 1 and some.wasted == s.wasted + 7
    assert some.score(0) == s.score(0) + 1            # one cube: worth 1, within the Ace's 1
    assert some.phase == "reveal"                      # the turn ends: the display is refilled
    assert s.preview(Cubes("The Mill")).excuse == 8 and s.preview(Cubes("The Mill"), onto_excuse=2).excuse == 2


def test_the_excuse_bought_for_cubes_completes_the_chosen_card():
    s = _two(rows=[[("The Castle", 2), ("The Harvest", 1)], []],
             display=["The Excuse", "The Bard", "The Sea", "The Mill", "The Pact", "The Desert"])
    offered = [a for a in s.legal_actions() if isinstance(a, Cubes) and a.card == "The Excuse"]
    assert offered == [Cubes("The Excuse"), Cubes("The Excuse", "The Castle")]   # the Pawn is at its cap (1)
    after = s.apply(Cubes("The Excuse", "The Castle"))
    assert after.completed[0] == ("The Castle",) and after.rows[0] == (("The Harvest", 1),)
    assert after.bought[0] == (("The Excuse", 1),)
    assert "Extended deck: the Excuse" in [e.rule.section for e in after.events]


# -- Taking another player's card ------------------------------------------------------------
def test_taking_another_players_card():
    s = _two(bought=[[], [("The Castle", 3)]], supply=[5, 4])
    assert Steal("The Castle") in s.legal_actions()
    after = s.apply(Steal("The Castle"))
    assert after.rows[0] == (("The Castle", 0),) and after.bought[1] == ()
    assert after.supply == (4, 7) and after.discarded == s.discarded + 1 and _chips(after) == 24
    assert not after.is_chance_node() and after.current_player == 1     # no gap: nothing turned up
    assert after.display == s.display and after.events[0].rule.section == "Taking another player's card"
    check_invariants(after)


def test_ones_own_bought_card_cannot_be_taken():
    s = _two(bought=[[("The Castle", 3)], []], supply=[9, 12])
    assert Steal("The Castle") not in s.legal_actions()
    with pytest.raises(IllegalMove) as info:
        s.apply(Steal("The Castle"))
    assert info.value.rule.section == "Taking another player's card" and "own" in info.value.reason


# -- refusals -----------------------------------------------------------------------------------
@pytest.mark.parametrize("action, section, word", [
    (Evidence("The Cave"), "Game play", "not in the display"),
    (Evidence("The Desert"), "Paying for the card", "costs 3"),
    (Cubes("The Bard", "The Castle"), "Turn (b)", "only the Excuse"),
    (Cubes("The Excuse", "The Harvest"), "Extended deck: Pawns", "already"),
    (Cubes("The Excuse", "The Sea"), "Extended deck: the Excuse", "not one"),
    (Steal("The Desert"), "Game play", "in the display"),
    (Steal("The Cave"), "Taking another player's card", "not a card another player bought"),
    (Evidence("Ace of Moons"), "Game play", "not in the display"),
    (Reveal("The Cave"), "Game play", "not a choice now"),
])
def test_illegal_choices_are_refused_with_their_rule(action, section, word):
    s = _two(rows=[[("The Castle", 2), ("The Harvest", 1)], []], supply=[2, 12],
             display=["The Excuse", "The Bard", "The Sea", "The Mill", "The Pact", "The Desert"])
    with pytest.raises(IllegalMove) as info:
        s.apply(action)
    assert info.value.rule.section == section and word in info.value.reason, info.value


# -- Next player, Variant, the end ---------------------------------------------------------------
def test_a_player_without_chips_is_passed_over():
    o = JournalistsOptions(players=3)
    s = position(["Ace of Suns", "Ace of Moons", "Ace of Waves"], DISPLAY, supply=[3, 0, 5], options=o)
    after = s.apply(Evidence("The Desert")).apply(Reveal("The Cave"))
    assert after.current_player == 2 and after.events[-1].rule.section == "Next player"


def test_the_variant_gives_the_turn_to_the_most_chips():
    o = JournalistsOptions(players=3, most_chips_next=True)
    s = position(["Ace of Suns", "Ace of Moons", "Ace of Waves"], DISPLAY, supply=[9, 4, 5], options=o)
    after = s.apply(Evidence("The Desert")).apply(Reveal("The Cave"))
    assert after.current_player == 0                     # 8 chips: still the most
    s = position(["Ace of Suns", "Ace of Moons", "Ace of Waves"], DISPLAY, supply=[6, 5, 5], to_move=0, options=o)
    after = s.apply(Evidence("The Desert")).apply(Reveal("The Cave"))
    assert after.current_player == 1                     # a tie of 5s: the nearest to the left
    assert after.events[-1].rule.section == "Variant"


def test_the_game_ends_when_the_last_chip_is_spent():
    s = _two(supply=[1, 0], completed=[["The Castle"], ["The Author"]], rows=[[("The Harvest", 7)], []])
    end = s.apply(Evidence("The Desert"))
    assert end.is_terminal() and end.result().winners == (0,)
    assert end.final_scores == ((7 + 1) + (7 + 1), 2 + 1)    # the Castle and the full Pawn; the Author
    assert [e.rule.section for e in end.events][-3:] == ["Game play", "Scoring", "Scoring"]
    with pytest.raises(IllegalMove) as info:
        end.apply(Evidence("The Bard"))
    assert info.value.rule.section == "Game play"


def test_the_game_ends_when_the_last_card_is_taken():
    s = _two(display=["The Desert"], deck=[], completed=[["The Author"], ["The Origin"]])
    end = s.apply(Cubes("The Desert"))
    assert end.is_terminal() and "last card" in end.events[-3].text
    assert end.result().winners == (0, 1) and end.final_scores == (2, 2)     # a shared win


def test_with_the_deck_empty_the_display_shrinks_and_nothing_is_turned_up():
    s = _two(deck=[])
    after = s.apply(Evidence("The Bard"))
    assert not after.is_chance_node() and after.current_player == 1 and len(after.display) == 5
    assert after.cost("The Excuse") == 2


def test_scoring_pawns_and_the_excuse():
    o = JournalistsOptions(players=2)
    s = position(["Ace of Leaves", "Ace of Moons"], DISPLAY[:1], options=o, deck=[],
                 completed=[["The Savage", "The Origin"], []],
                 rows=[[("The Borderland", 3), ("The Market", 5)], []])
    # Savage 3 (+1 Leaves), Origin 2 (+1 Leaves), the Borderland full at 3 (+1 Leaves)
    assert s.score(0) == 4 + 3 + 4
    t = position(["Ace of Leaves", "Ace of Moons"], DISPLAY[:1], options=o, deck=[], supply=[1, 1],
                 completed=[["The Savage"], []], rows=[[("The Excuse", 3)], [("The Harvest", 0)]])
    assert t.score(0) == 4 + 3 and t.score(1) == 0
    u = position(["Ace of Leaves", "Ace of Moons"], DISPLAY[:1], options=o, deck=[], supply=[1, 1],
                 completed=[["The Origin"], []], rows=[[("The Excuse", 3)], []])
    assert u.score(0) == 3 + 0                     # 3 cubes on the Excuse exceed the highest rank, 2


# -- the whole game ---------------------------------------------------------------------------------
def test_chips_are_accounted_for_after_every_action():
    for seed in range(30):
        record, final = random_playout("journalists", {"players": 2 + seed % 3}, seed=seed,
                                       on_state=lambda s: (check_invariants(s), _chips_ok(s)))
        assert final.is_terminal()


def _chips_ok(s):
    assert _chips(s) == s.players * s.options.chips


def test_nobody_knows_the_deck_order():
    """The deck is kept in the listing's order: what comes next is a chance node uniform
    over it, whatever seed produced the game so far, and every seat sees what the teacher sees."""
    states = []
    random_playout("journalists", {}, seed=3, on_state=states.append)
    reveals = [s for s in states if s.phase in ("pyramid", "reveal")]
    assert len(reveals) > 20
    for s in reveals:
        outcomes = s.chance_outcomes()
        assert [a.card for a, _ in outcomes] == list(s.deck) and len({p for _, p in outcomes}) == 1
        assert all(s.observation(q) == {**s.observation(None), "viewer": q} for q in range(s.players))
    rng = random.Random(0)
    assert {reveals[0].sample_chance(rng).card for _ in range(400)} == set(reveals[0].deck)


def test_a_missing_card_list_is_a_clear_error(monkeypatch):
    import explorer.components.decktet as dk
    monkeypatch.setattr(dk, "DEFAULT_FILE", ("journalists", "no-such-file.yaml"))
    dk.decktet.cache_clear()
    try:
        with pytest.raises(DecktetError, match="cannot read the card list data/journalists/no-such-file.yaml"):
            dk.decktet()
    finally:
        monkeypatch.undo()
        dk.decktet.cache_clear()
    assert len(dk.decktet().cards) == 45


# -- issue 31: values of the wrong type ----------------------------------------------------------
def _spare_cubes():
    """A Turn (b) leaving 8 spare cubes for the Excuse (as in the test above)."""
    s = _two(rows=[[("The Desert", 1), ("The Excuse", 0)], []],
             display=["The Mill", "The Bard", "The Sea", "The Author", "The Pact", "The Diplomat"])
    return s.apply(Cubes("The Mill"))


@pytest.mark.parametrize("bad", [True, 1.0, 2.0, "1", None])
def test_a_count_of_spare_cubes_of_the_wrong_type_is_refused(bad):
    """True == 1 == 1.0: without a type check these passed for a legal count, and the Excuse
    then held 2.0 cubes, the log read "puts True spare cube", a later Turn (b) failed."""
    after = _spare_cubes()
    key = after.key()
    with pytest.raises(IllegalMove) as e:
        after.apply(ExcuseCubes(bad))
    assert "ExcuseCubes.count must be an integer" in e.value.reason and repr(bad) in e.value.reason
    assert after.key() == key
    why = after._why_illegal(ExcuseCubes(bad))[0]
    assert why.startswith(f"ExcuseCubes(count={bad!r})")             # the wrong type shows
    assert repr(bad) in after.describe(ExcuseCubes(bad))
    done = after.apply(ExcuseCubes(2))
    assert dict(done.rows[0])["The Excuse"] == 2 and type(dict(done.rows[0])["The Excuse"]) is int


def test_the_refusal_of_a_string_count_shows_the_string():
    after = _spare_cubes()
    assert str(ExcuseCubes("1")) == "put '1' spare cubes on the Excuse"
    assert "'1'" in after._why_illegal(ExcuseCubes("1"))[0]


ACES2 = ["Ace of Suns", "Ace of Moons"]


@pytest.mark.parametrize("kwargs, words", [
    ({"rows": [[("The Sea", "1")], []]}, ["rows[0][0]", "The Sea", "cubes", "'1'"]),
    ({"rows": [[("The Sea", True)], []]}, ["rows[0][0]", "cubes", "True"]),
    ({"rows": [[("The Sea", 1.0)], []]}, ["rows[0][0]", "cubes", "1.0"]),
    ({"rows": [None, []]}, ["rows[0]", "(card, cubes) pairs", "None"]),
    ({"rows": [[("The Sea",)], []]}, ["rows[0][0]", "pair", "('The Sea',)"]),
    ({"rows": [[]]}, ["rows", "one entry per seat (2)"]),
    ({"bought": [[("The Sea", "2")], []]}, ["bought[0][0]", "chips", "'2'"]),
    ({"bought": [[("The Sea", 0)], []]}, ["bought[0][0]", "chips", "1 or more"]),
    ({"supply": ["3", 12]}, ["supply[0]", "'3'"]),
    ({"supply": [12, 12.0]}, ["supply[1]", "12.0"]),
    ({"supply": [-1, 12]}, ["supply[0]", "0 or more", "-1"]),
    ({"supply": [13, 12]}, ["more chips than the game has", "25 in supplies"]),
    ({"completed": ["The Sea", []]}, ["completed[0]", "list of card names"]),
    ({"deck": "The Sea"}, ["deck", "list of card names"]),
    ({"to_move": True}, ["seat True"]),
])
def test_a_position_that_cannot_be_is_refused_by_name(kwargs, words):
    with pytest.raises(ValueError) as info:
        position(ACES2, DISPLAY, options=TWO, **kwargs)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_the_ace_may_score_as_a_completed_card():
    """The ``ace_scores`` option (Interpretations): every player scores 2 more (the Ace's
    rank 1, +1 for its own suit); the same game has the same winners."""
    assert JournalistsOptions().ace_scores is False
    for seed in range(6):
        record, plain = random_playout("journalists", {"players": 3}, seed=seed)
        literal = record.__class__(record.game, JournalistsOptions(players=3, ace_scores=True), record.seed,
                                   record.actions).replay()
        assert literal.final_scores == tuple(x + 2 for x in plain.final_scores)
        assert literal.result().winners == plain.result().winners
        assert all(literal.score(q) == plain.score(q) + 2 for q in range(3))
