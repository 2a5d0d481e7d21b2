"""Take Off, Eh!'s map of Canada: the reconstructed default layout, its checks, a user's own
layout, and the distance helpers the rules will use."""
from __future__ import annotations

import copy
import json
from itertools import combinations

import networkx as nx
import pytest
import yaml

from explorer.engine import GameRecord, OptionsError, RecordError, random_playout
from explorer.engine.examples import data_file
from explorer.games.take_off_eh import (HUDSON_BAY, PROVINCES_AND_TERRITORIES, MapError, TakeOffEhOptions,
                                        layout_text, load_map, map_of, parse_map)
from explorer.games.take_off_eh.canada import as_mapping

MAP = load_map()
NAMES = set(PROVINCES_AND_TERRITORIES) | {HUDSON_BAY}

#: The real land borders between the thirteen units (Newfoundland's through Labrador).
LAND_BORDERS = [
    ("Yukon Territories", "British Columbia"), ("Yukon Territories", "Northwest Territories"),
    ("Northwest Territories", "British Columbia"), ("Northwest Territories", "Alberta"),
    ("Northwest Territories", "Saskatchewan"), ("Northwest Territories", "Nunavut"),
    ("British Columbia", "Alberta"), ("Alberta", "Saskatchewan"), ("Saskatchewan", "Manitoba"),
    ("Manitoba", "Nunavut"), ("Manitoba", "Ontario"), ("Ontario", "Quebec"), ("Quebec", "Newfoundland"),
    ("Quebec", "New Brunswick"), ("New Brunswick", "Nova Scotia"),
]


def edge_contact(a, b, size):
    """Length of edge two squares share (0 when they only meet at a corner or not at all)."""
    (ax, ay), (bx, by) = a, b
    if abs(ax - bx) == size:
        return max(0, min(ay, by) + size - max(ay, by))
    if abs(ay - by) == size:
        return max(0, min(ax, bx) + size - max(ax, bx))
    return 0


def test_fourteen_units_named_as_the_rulebook_spells_them():
    assert len(MAP.units) == 14 and {u.name for u in MAP.units} == NAMES
    assert len(PROVINCES_AND_TERRITORIES) == 13
    # the text lists them alphabetically, the order special scoring uses
    assert list(PROVINCES_AND_TERRITORIES) == sorted(PROVINCES_AND_TERRITORIES)
    assert [u.name for u in MAP.units][:13] == list(PROVINCES_AND_TERRITORIES)
    assert MAP.source.startswith("reconstructed")


def test_hudson_bay_touches_nunavut_manitoba_and_quebec_and_is_no_tile():
    assert {"Nunavut", "Manitoba", "Quebec"} <= set(MAP.graph[HUDSON_BAY])
    assert not MAP.unit(HUDSON_BAY).is_tile and not MAP.graph.nodes[HUDSON_BAY]["tile"]
    assert HUDSON_BAY not in MAP.land and HUDSON_BAY not in MAP.neighbours("Manitoba")
    with pytest.raises(MapError, match="Hudson Bay is not a tile"):
        MAP.distance(HUDSON_BAY, "Ontario")


def test_adjacency_is_symmetric_without_self_loops_as_the_file_lists_it():
    raw = yaml.safe_load(data_file("take_off_eh", "canada.yaml").read_text(encoding="utf-8"))
    for name, body in raw["units"].items():
        assert name not in body["neighbours"]
        for other in body["neighbours"]:
            assert name in raw["units"][other]["neighbours"], (name, other)
    assert nx.number_of_selfloops(MAP.graph) == 0


def test_every_adjacency_is_a_shared_edge_and_every_shared_edge_an_adjacency():
    pos = {u.name: u.at for u in MAP.units}
    for a, b in combinations(sorted(pos), 2):
        touching = edge_contact(pos[a], pos[b], MAP.tile_size) > 0
        assert touching == MAP.graph.has_edge(a, b), (a, b, pos[a], pos[b])
        assert abs(pos[a][0] - pos[b][0]) >= MAP.tile_size or abs(pos[a][1] - pos[b][1]) >= MAP.tile_size, \
            f"{a} and {b} overlap"


def test_the_provinces_and_territories_are_connected_without_hudson_bay():
    assert nx.is_connected(MAP.land) and nx.is_connected(MAP.graph)


def test_the_layout_keeps_every_real_land_border_and_invents_none():
    land = {frozenset(p) for p in LAND_BORDERS}
    assert land <= MAP.adjacency
    extra = {tuple(sorted(p)) for p in MAP.adjacency - land if HUDSON_BAY not in p}
    # the island has no land border; it is reached across the Northumberland Strait
    assert extra == {("New Brunswick", "Prince Edward Island"), ("Nova Scotia", "Prince Edward Island")}
    assert not MAP.graph.has_edge("Saskatchewan", "Nunavut")           # a single point in reality


def test_every_adjacency_says_what_it_stands_for():
    explained = {frozenset((a, b)) for a, b, _ in MAP.why_adjacent}
    assert explained == MAP.adjacency
    assert MAP.not_kept, "the borders the layout could not keep are listed"


def test_distances():
    assert MAP.neighbours("Nunavut") == ("Manitoba", "Northwest Territories")
    assert MAP.distance("Yukon Territories", "Prince Edward Island") == 7
    assert MAP.distance("Ontario", "Ontario") == 0
    assert MAP.within("Quebec", 1) == {"Quebec": 0, "Ontario": 1, "Newfoundland": 1, "New Brunswick": 1}
    assert set(MAP.within("Alberta", 2)) == {"Alberta", "British Columbia", "Northwest Territories", "Saskatchewan",
                                             "Yukon Territories", "Nunavut", "Manitoba"}


def test_simple_path_ends_let_the_queen_go_the_long_way_round():
    assert MAP.simple_path_ends("Nunavut", 1, 1) == {"Manitoba", "Northwest Territories"}
    # Alberta is one step from British Columbia, but also three steps round by Yukon and the NWT
    assert "Alberta" in MAP.simple_path_ends("British Columbia", 3, 3)
    assert "British Columbia" not in MAP.simple_path_ends("British Columbia", 1)
    # Newfoundland is a dead end: nothing but Quebec is two steps further from it without backtracking
    assert MAP.simple_path_ends("Newfoundland", 2, 2) == {"Ontario", "New Brunswick"}
    with pytest.raises(ValueError, match="max_steps 1 is below min_steps 2"):
        MAP.simple_path_ends("Quebec", 2, 1)
    with pytest.raises(ValueError, match="min_steps must be a whole number"):
        MAP.simple_path_ends("Quebec", -1)


def test_farthest_from_the_preparation_examples_pawns():
    # Preparation 8's example: Amy's pawn in Alberta, Betty's and Cindy's in Ontario, Dale's in Nunavut.
    pawns = ["Alberta", "Ontario", "Ontario", "Nunavut"]
    # Nova Scotia and Prince Edward Island are 3 from the nearest pawn (Ontario), and both 6 from Amy's
    assert MAP.farthest_from(PROVINCES_AND_TERRITORIES, pawns) == ("Nova Scotia", "Prince Edward Island")
    assert MAP.farthest_from(["Nunavut"], pawns) == ("Nunavut",)
    # the earliest player's pawn breaks a tie: Yukon and Newfoundland are both 2 from the nearest pawn
    assert MAP.farthest_from(["Yukon Territories", "Newfoundland"], pawns) == ("Newfoundland",)


def test_unknown_names_are_refused_naming_them():
    with pytest.raises(MapError, match="unknown unit 'Labrador'.*part of Newfoundland"):
        MAP.neighbours("Labrador")
    with pytest.raises(MapError, match="unknown unit 'Ottawa'"):
        MAP.distance("Ottawa", "Quebec")


# -- bad layouts ------------------------------------------------------------------------------

def layout():
    return copy.deepcopy(as_mapping(MAP))


def test_the_default_layout_round_trips_through_a_mapping():
    again = parse_map(layout())
    assert again.adjacency == MAP.adjacency and again.units == MAP.units


def move(data, name, at):
    data["units"][name]["at"] = at
    return data


def unlink(data, a, b):
    data["units"][a]["neighbours"].remove(b)
    data["units"][b]["neighbours"].remove(a)
    data["why_adjacent"] = [w for w in data["why_adjacent"] if set(w["between"]) != {a, b}]
    return data


def isolate(data, name, at):
    for other in list(data["units"][name]["neighbours"]):
        unlink(data, name, other)
    return move(data, name, at)


def rename(data, old, new):
    data["units"][new] = data["units"].pop(old)
    for body in data["units"].values():
        body["neighbours"] = [new if n == old else n for n in body["neighbours"]]
    return data


def bad(change):
    return lambda: change(layout())


@pytest.mark.parametrize("make, message", [
    (bad(lambda d: rename(d, "Newfoundland", "Labrador")),
     r"(?s)unknown unit 'Labrador' in units \(Labrador is part of Newfoundland.*missing unit\(s\): Newfoundland"),
    (bad(lambda d: d["units"]["Quebec"]["neighbours"].append("Vermont") or d),
     r"Quebec's neighbours: unknown unit 'Vermont'"),
    (bad(lambda d: d["units"]["Quebec"]["neighbours"].append("Quebec") or d), r"Quebec lists itself as a neighbour"),
    (bad(lambda d: d["units"]["Quebec"]["neighbours"].remove("Ontario") or d),
     r"Ontario lists Quebec as a neighbour but Quebec does not list Ontario: adjacency must be symmetric"),
    (bad(lambda d: move(d, "Yukon Territories", [1, 2])),
     r"British Columbia and Yukon Territories are both at \[1, 2\]: two units on one position"),
    (bad(lambda d: move(d, "Yukon Territories", [2, 3])), r"overlap"),
    (bad(lambda d: move(d, "Yukon Territories", [0, 4])),
     r"Northwest Territories at \[3, 2\] and Yukon Territories at \[0, 4\] are listed as neighbours but "
     r"their tiles do not share part of an edge"),
    (bad(lambda d: unlink(d, "Alberta", "Saskatchewan")),
     r"Alberta at \[2, 0\] and Saskatchewan at \[4, 0\] share part of an edge but are not listed"),
    (bad(lambda d: isolate(d, "Prince Edward Island", [30, 30])), r"not all connected.*cut off: Prince Edward Island"),
    (bad(lambda d: isolate(d, HUDSON_BAY, [30, 30])),
     r"Hudson Bay must touch Nunavut, Manitoba and Quebec \(Preparation 3\); "
     r"it does not touch Nunavut, Manitoba, Quebec"),
    (bad(lambda d: d.pop("source") and d), r"source is missing"),
    (bad(lambda d: d.update(tile_size=0) or d), r"tile_size must be a positive whole number, got 0"),
    (bad(lambda d: move(d, "Ontario", [8])), r"Ontario: at must be \[x, y\]"),
    (bad(lambda d: d["units"]["Ontario"].update(colour="red") or d), r"Ontario: unknown key\(s\) 'colour'"),
    (bad(lambda d: d.update(provinces=[]) or d), r"unknown key 'provinces'"),
    (bad(lambda d: d["units"].pop("Nunavut") and d), r"missing unit\(s\): Nunavut"),
    (bad(lambda d: d["why_adjacent"].append({"between": ["Alberta", "Quebec"], "stands_for": "x"}) or d),
     r"why_adjacent\[\d+\] explains Alberta and Quebec, which are not neighbours"),
    (lambda: ["not", "a", "mapping"], r"expected a mapping"),
])
def test_a_bad_layout_is_refused_naming_the_problem(make, message):
    with pytest.raises(MapError, match=message):
        parse_map(make(), origin="test layout")


def test_a_bad_layout_file_is_refused_naming_the_file(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("units: [unclosed\n", encoding="utf-8")
    with pytest.raises(MapError, match=r"broken.yaml is not valid YAML"):
        load_map(broken)
    with pytest.raises(MapError, match=r"cannot read map layout .*missing.yaml"):
        load_map(tmp_path / "missing.yaml")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(yaml.safe_dump(rename(layout(), "Nunavut", "Nunavik")), encoding="utf-8")
    with pytest.raises(MapError, match=r"map layout .*wrong.yaml is not valid:\n- unknown unit 'Nunavik'"):
        load_map(wrong)


def _plain_layout(tmp_path):
    """A plainer map on whole tiles, in a file: the west and the north in two rows, the east in a line."""
    rows = {
        "Yukon Territories": (0, 1), "Northwest Territories": (1, 1), "Nunavut": (2, 1), HUDSON_BAY: (3, 1),
        "Quebec": (4, 1), "Newfoundland": (5, 1), "Prince Edward Island": (6, 1),
        "British Columbia": (0, 0), "Alberta": (1, 0), "Saskatchewan": (2, 0), "Manitoba": (3, 0),
        "Ontario": (4, 0), "New Brunswick": (5, 0), "Nova Scotia": (6, 0),
    }
    units = {name: {"at": list(at),
                    "neighbours": [o for o, p in rows.items() if o != name and edge_contact(at, p, 1) > 0]}
             for name, at in rows.items()}
    path = tmp_path / "my-canada.yaml"
    path.write_text(yaml.safe_dump({"source": "a test's own layout", "units": units}), encoding="utf-8")
    return path


def test_a_users_own_layout_file_loads(tmp_path):
    path = _plain_layout(tmp_path)
    mine = load_map(path)
    assert mine.tile_size == 1 and mine.origin == str(path)
    assert mine.neighbours("Manitoba") == ("Ontario", "Saskatchewan")
    assert mine.distance("Yukon Territories", "Nova Scotia") == 7
    assert mine.graph.has_edge(HUDSON_BAY, "Quebec")
    assert mine.adjacency != MAP.adjacency


# -- a layout in a rule option: carried by the record, never read from a file -------------------------------

def test_a_record_carries_its_layout_and_loads_anywhere(tmp_path, monkeypatch):
    path = _plain_layout(tmp_path)
    text = layout_text(path)
    assert map_of(text).adjacency == load_map(path).adjacency and map_of("") is load_map()
    record, final = random_playout("take_off_eh", TakeOffEhOptions(layout=text), seed=4, max_actions=160)
    saved = record.dumps()
    path.unlink()                          # the file is gone, the record is read somewhere else
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    again = GameRecord.loads(saved)
    assert again.options.layout == text
    end = again.validate()
    assert end.geo.map.adjacency != MAP.adjacency
    assert end.observation(None) == final.observation(None)


SECRET = "token: s3cr3t-value\nlist: [unclosed\n"


def test_a_layout_option_naming_a_file_reads_nothing_and_echoes_nothing(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text(SECRET, encoding="utf-8")
    data = json.loads(GameRecord("take_off_eh", TakeOffEhOptions(), 1, ()).dumps())
    data["options"]["layout"] = str(secret)
    with pytest.raises(RecordError, match="holds the layout itself .* not a file name") as refused:
        GameRecord.loads(json.dumps(data))
    assert "s3cr3t" not in str(refused.value)
    for bad in (str(secret), "../data/take_off_eh/canada.yaml", "/no/such/map.yaml"):
        with pytest.raises(OptionsError, match="not a file name"):
            TakeOffEhOptions(layout=bad)
    # a YAML error names the problem and where it is, never the text around it: in an option ...
    with pytest.raises(OptionsError, match=r"not valid YAML: .* at line 3, column 1") as refused:
        TakeOffEhOptions(layout=SECRET)
    assert "s3cr3t" not in str(refused.value) and "unclosed" not in str(refused.value)
    # ... or in a file a person names
    with pytest.raises(MapError, match=r"secret.yaml is not valid YAML: .* at line 3") as refused:
        load_map(secret)
    assert "s3cr3t" not in str(refused.value) and "unclosed" not in str(refused.value)
