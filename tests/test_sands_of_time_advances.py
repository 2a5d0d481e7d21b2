"""The Sands of Time's advances as the rules apply them: Bread and circus caps Unrest at 5 even when
reached above it, the end-game symbol bonus counts Ornamentation in the last Dynasty, the 11 control
markers shared with the territories, and a data folder whose advance names the rules do not know is
refused (Advances, Game End, Game Equipment)."""
from __future__ import annotations

import pytest
import yaml

from explorer.engine.errors import OptionsError
from explorer.games.sands_of_time import DataError, SandsOptions, check_invariants, load, new_game
from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time.actions import Advance
from explorer.games.sands_of_time.data import shipped_text

from test_sands_of_time_rules import first_select, position, seat_in, turn_at


@pytest.mark.parametrize("unrest", [6, 7])
def test_bread_and_circus_reached_above_five_brings_unrest_down_to_five(unrest):
    """Advances: with Bread and circus Unrest cannot exceed 5; reached at 6 or 7, it drops to 5 and
    stays there (no VP lost for the next rise, which is not a step above the maximum 7)."""
    s = first_select()
    tree = "Civil 1"
    s = position(turn_at(s, "Advance"), phase_="advance", unrest=(unrest, 3), heritage=((9, 0, 0), (0, 0, 0)),
                 trees={**s.trees, tree: s.trees[tree] + ("Public works", "Bread and circus")},
                 markers=({tree: 2, "Civil 2": 0}, s.markers[1]), vp=(4, 4))
    assert Advance(tree) in s.legal_actions()
    t = s.apply(Advance(tree))
    assert E.has(t, 0, "Bread and circus") and t.unrest[0] == 5
    check_invariants(t)
    u = position(t, _ev=[])
    assert E.raise_unrest(u, 0, 1) == 0 and u.unrest[0] == 5 and u.vp[0] == 4
    before = s.apply(Advance("Civil 2"))                  # Ornamentation: Unrest is left alone
    assert before.unrest[0] == unrest


def test_the_end_bonus_counts_ornamentation_as_the_last_dynasty_does():
    """Game End's symbol bonus comes with the third Dynasty's scoring: a Wonder (Level 4) with
    Ornamentation gives 2 + 1 fountains while the Dynasty number is 3, and that is what the bonus
    counts (it used to read Dynasty 4 and count 2, tying with two fountains of Walls)."""
    s = first_select()
    a, b = sorted(s.tiles)[:2]
    spaces = s.data.tracks.dynasty_spaces()
    s = position(s, owner={a: 0, b: 1}, pe={}, wa={}, colony=frozenset(), capital=(a, b),
                 st={a: frozenset({"Wonder"}), b: frozenset({"Walls"})},
                 markers=({"Civil 2": 1}, {}), bins=({}, {}), trees={**s.trees, "Civil 2": ("Labor", "Ornamentation")},
                 vp=(0, 0), unrest=(3, 3), heritage=((0, 0, 0), (0, 0, 0)), routes=(frozenset(), frozenset()),
                 dynasty=3, dyn_pos=len(spaces), step="dynasty", _ev=[])
    assert E.has(s, 0, "Ornamentation") and E.symbols(s, 0) == (3, 0) and E.symbols(s, 1) == (2, 0)
    from explorer.games.sands_of_time.generation import generation_end
    generation_end(s)
    assert s.is_terminal() and s.dynasty == 4
    bonus = [e[0] for e in s._ev if "fountains and lyres" in e[0]]
    assert len(bonus) == 1 and "(3)" in bonus[0], bonus
    # the Wonder's 1 VP at the Dynasty's scoring, then 3 + 3 (territories and Unrest tie) + 3 symbols
    assert s.vp == (1 + 3 + 3 + 3, 3 + 3)


def test_eleven_control_markers_are_shared_by_territories_and_advance_markers():
    """Control markers: 11 a player (the equipment list's 10 would leave its 67 pieces at 66).  Ten
    territories, the capital's marker being the capital piece, use 9; with one Advance marker the
    eleventh is still free for a new marker, with two none is."""
    s = first_select()
    ten = {t: (1, 0) for t in sorted(s.tiles)[:10]}
    base = position(turn_at(s, "Advance"), **seat_in(s, 0, **ten), capital=(sorted(ten)[0], None),
                    phase_="advance", unrest=(0, 3), emph=("Cultural", None))
    assert E.DISCS == 11
    one = position(base, markers=({"Civil 2": 0}, s.markers[1]))
    assert E.discs_free(one, 0) == 1 and Advance("Political 1", True) in one.legal_actions()
    check_invariants(one.apply(Advance("Political 1", True)))
    two = position(base, markers=({"Civil 2": 0, "Civil 1": 0}, s.markers[1]))
    assert E.discs_free(two, 0) == 0 and not any(a.new for a in two.legal_actions() if type(a) is Advance)


# -- a data folder names the advances the rules apply ---------------------------------------------

def _advances_folder(tmp_path, edit):
    a = yaml.safe_load(shipped_text("advances.yaml"))
    edit(a["advances"])
    (tmp_path / "advances.yaml").write_text(yaml.safe_dump(a, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return tmp_path


def _entry(advances, name):
    return next(e for e in advances if e["name"] == name)


def _refused(folder, *fragments):
    with pytest.raises(DataError) as e:
        load(folder)
    message = str(e.value)
    for f in (str(folder / "advances.yaml"),) + fragments:
        assert f in message, f"{f!r} not in:\n{message}"
    return message


def test_a_renamed_advance_is_refused_naming_the_file_and_entry(tmp_path):
    """"Bread and Circus" for "Bread and circus" would play on with the Unrest cap gone: refused, naming
    the entry, the known spelling and the advance now missing; the game option refuses it too."""
    folder = _advances_folder(tmp_path, lambda a: _entry(a, "Bread and circus").update(name="Bread and Circus"))
    _refused(folder, "advances[9] (Bread and Circus)", "the name is 'Bread and circus'",
             "missing: Bread and circus (Civil 4)")
    with pytest.raises(OptionsError, match="Bread and Circus"):
        SandsOptions(players=2, data_dir=str(folder))


def test_an_unknown_advance_or_one_at_another_level_is_refused(tmp_path):
    _refused(_advances_folder(tmp_path, lambda a: _entry(a, "Music").update(name="Astronomy")),
             "(Astronomy)", "the rules know no advance called 'Astronomy'", "missing: Music (Cultural 2)")
    _refused(_advances_folder(tmp_path, lambda a: _entry(a, "Drama").update(level=4)),
             "(Drama)", "the rulebook lists Drama at Cultural 3 (Advances), not Cultural 4")


def test_unlocks_in_the_file_decide_which_advance_opens_a_category(tmp_path):
    """``unlocks:`` is read: the shipped file has the rulebook's Despotism, Democracy and Aggression; a
    folder moving Civil's to Sanitation opens the Civil boxes with Sanitation, not Despotism; a category
    unlocked twice or never is refused."""
    assert load().unlockers() == {"Civil": "Despotism", "Cultural": "Democracy", "Political": "Aggression"}

    def move(a):
        _entry(a, "Despotism").pop("unlocks")
        _entry(a, "Sanitation")["unlocks"] = "Civil"
    folder = _advances_folder(tmp_path, move)
    s = first_select()
    t = position(new_game(SandsOptions(players=2, data_dir=str(folder))), markers=({}, {}), emph=(None, None),
                 trees={**s.trees, "Civil 1": s.trees["Civil 1"] + ("Despotism",),
                        "Civil 2": s.trees["Civil 2"] + ("Sanitation",)})
    for tree, opens in (("Civil 1", False), ("Civil 2", True)):
        u = position(t, markers=({tree: 2}, {}))
        assert E.unlocked(u, 0, "Civil") is opens, tree
    _refused(_advances_folder(tmp_path, lambda a: _entry(a, "Sanitation").update(unlocks="Civil")),
             "exactly one advance must unlock Civil", "Despotism, Sanitation")
    _refused(_advances_folder(tmp_path, lambda a: _entry(a, "Aggression").pop("unlocks")),
             "exactly one advance must unlock Political", "the file has none")
