"""The rulebook's Extended Example contradicts its own rules twice; the record's chapter
where each happens says so in its ``reconstructed`` notes, and says which reading the
record follows -- and the record does follow it."""
from __future__ import annotations

from explorer.games.conspiracy.actions import Give, Save, Spot

from test_conspiracy_examples import B, example  # noqa: F401  (``example`` is a fixture)


def contradictions(ex):
    return {c["key"]: [n for n in c["reconstructed"] if n.startswith("Contradiction:")]
            for c in ex.data["chapters"]}


def test_contradictions_are_noted_in_the_chapters_where_they_happen(example):  # noqa: F811  (the fixture imported above)
    notes = contradictions(example)
    assert {k for k, v in notes.items() if v} == {"r1_C", "r2_B"}
    (die,) = notes["r1_C"]
    assert "Unexpected Effects 2.a" in die and "4" in die and "right column" in die and "middle column" in die
    assert "the record follows the narrated outcome" in die
    (discard,) = notes["r2_B"]
    assert "5.d.ii" in discard and "two coins" in discard and "one" in discard
    assert "the record follows the rule" in discard


def test_the_record_follows_the_narrated_column_for_c_s_spiral(example):  # noqa: F811  (the fixture imported above)
    spots = [a for a in example.record.actions[example.start("r1_C"):example.ends["r1_C"]] if isinstance(a, Spot)]
    assert spots == [Spot(1, 1)]               # middle column, Future 1, not the right column


def test_the_record_has_b_pay_for_the_tile_reveal_and_discard_one(example):  # noqa: F811  (the fixture imported above)
    chapter = example.record.actions[example.start("r2_B"):example.ends["r2_B"]]
    assert [a for a in chapter if isinstance(a, Give)] == [Give("Arms-null")]
    s = example.before("r2_B", Save("Crowns-3"))
    assert sorted(s.coin_hands[B]) == ["Crowns-3", "Crowns-null"]    # one coin left to discard
    after = s.apply(Save("Crowns-3"))
    assert "Crowns-null" in after.bag and after.saved[B] == "Crowns-3"
