"""The Sands of Time's data: the facts the rulebook states hold in the shipped files, the
reconstructions stay labelled, bad files are refused naming the file and the entry, and a
user's own data folder loads."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
import yaml

from explorer.engine.examples import data_file
from explorer.games.sands_of_time import DataError, SandsOptions, load, map_graph, positions
from explorer.games.sands_of_time.board import FAQ_ADJACENT, FAQ_NOT_ADJACENT, ISLANDS, NAMED_TERRITORIES
from explorer.games.sands_of_time.checks import SECTIONS
from explorer.games.sands_of_time.data import FILES, STRUCTURES

DATA = load()
MAP = DATA.map
G = map_graph()


def shipped(name: str) -> dict:
    return yaml.safe_load(data_file("sands_of_time", name).read_text(encoding="utf-8"))


def write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def refused(folder: Path, name: str, *fragments: str) -> str:
    """Loading ``folder`` fails with a message naming the file and each fragment."""
    with pytest.raises(DataError) as e:
        load(folder)
    message = str(e.value)
    assert str(folder / name) in message, message
    for f in fragments:
        assert f in message, f"{f!r} not in:\n{message}"
    return message


# -- the map: stated facts ---------------------------------------------------------------------

def test_28_territories_with_every_name_the_rulebook_gives_in_one_spelling():
    names = [t.name for t in MAP.territories]
    assert len(names) == len(set(names)) == 28 == G.number_of_nodes()
    assert set(NAMED_TERRITORIES) <= set(names) and len(NAMED_TERRITORIES) == 19
    for other in ("Cyprus", "Gracia", "Graecia", "Aegyptus", "Aethiopia"):
        assert other not in names
    assert MAP.territory("Cyprus").name == "Cyprvs" and MAP.territory("Gracia").name == "Græcia"
    assert MAP.territory("Aethiopia").name == "Æthiopia"
    with pytest.raises(KeyError, match="no territory 'Atlantis'"):
        MAP.territory("Atlantis")


def test_the_five_islands_and_only_they_are_islands():
    islands = {n for n, d in G.nodes(data=True) if d["terrain"] == "island"}
    assert islands == set(ISLANDS) == {"Sicilia", "Cyprvs", "Rhodes", "Britannia", "Fortunata"}
    assert {d["terrain"] for n, d in G.nodes(data=True) if n not in islands} == {"mountain", "plains"}


def test_the_faq_island_adjacencies_exactly_as_stated():
    assert set(G["Rhodes"]) == set(FAQ_ADJACENT["Rhodes"]) == {"Græcia", "Asia Minor", "Syria", "Cyprvs"}
    assert set(G["Britannia"]) == {"Dacia", "Germania", "Gallia", "Hispania"}
    assert set(G["Fortunata"]) == {"Hispania", "Sicilia", "Mauritania", "Æthiopia"}
    # Sicilia: the FAQ's seven, plus Fortunata from Fortunata's own list (the recorded choice)
    assert set(G["Sicilia"]) == {"Cyprvs", "Ægyptus", "Libya", "Mauritania", "Hispania", "Italia", "Græcia",
                                 "Fortunata"}
    for a, b in FAQ_NOT_ADJACENT:
        assert not G.has_edge(a, b), (a, b)
    assert not G.has_edge("Sicilia", "Illyria") and not G.has_edge("Rhodes", "Dacia")
    for island, listed in FAQ_ADJACENT.items():
        for other in listed:
            assert G.edges[island, other]["source"].startswith("Frequently Asked Questions")
    choices = {c["about"]: c for c in shipped("map.yaml")["choices"]}
    assert choices["Fortunata and Sicilia"]["choice"] == "adjacent"


def test_adjacency_lists_agree_both_ways_and_every_border_has_a_source():
    raw = shipped("map.yaml")
    for name, body in raw["territories"].items():
        assert name not in body["adjacent"]
        for other in body["adjacent"]:
            assert name in raw["territories"][other]["adjacent"], (name, other)
    listed = {frozenset(b["between"]) for b in raw["borders"]}
    assert listed == {frozenset(e) for e in G.edges} and len(raw["borders"]) == G.number_of_edges()
    for a, b, d in G.edges(data=True):
        assert d["source"].startswith(SECTIONS + ("reconstructed: ",)), (a, b, d["source"])


def test_the_trade_route_example_territories_are_linked_as_it_needs():
    # Gallia-Italia carries Purple's route; Italia-Sicilia and Hispania-Sicilia are borders
    # (Actions Explained, Trade Route example).
    assert G.has_edge("Gallia", "Italia") and G.has_edge("Italia", "Sicilia") and G.has_edge("Hispania", "Sicilia")


def test_resource_tiles_15_crops_13_gold_capacities_3_to_5_and_their_backs():
    assert len(MAP.tiles) == 28
    assert Counter(t.resource for t in MAP.tiles) == {"Crops": 15, "Gold": 13}
    assert {t.capacity for t in MAP.tiles} <= {3, 4, 5}
    assert Counter(t.back for t in MAP.tiles) == {"6": 2, "5+": 4, "4+": 6, "3+": 4, "2+": 12}
    assert {MAP.dots[p]["colour"] for p in (3, 4, 5, 6)} == {"red", "black", "blue", "orange"}
    assert MAP.dots[6]["colour"] == "orange" and MAP.dots[5]["colour"] == "blue"
    assert MAP.dots[4]["colour"] == "black" and MAP.dots[3]["colour"] == "red"


@pytest.mark.parametrize("players, count", [(1, 10), (2, 12), (3, 16), (4, 22), (5, 26), (6, 28)])
def test_territories_in_play_per_player_count(players, count):
    in_play = MAP.in_play(players)
    assert len(in_play) == count
    # the tiles left in the cup for this count are as many as the territories that take them
    backs = {MAP.dots[p]["back"] for p in range(2, max(players, 2) + 1)}
    assert sum(t.back in backs for t in MAP.tiles) == len(MAP.in_play(max(players, 2)))
    if players == 1:
        assert set(in_play) == set(MAP.in_play(2)) - {"Syria", "Asia Minor"}
    # a reconstruction goal: every player count plays on one connected region
    assert nx.is_connected(G.subgraph(in_play))


def test_the_map_is_connected_and_the_graph_carries_its_attributes():
    assert nx.is_connected(G)
    for _name, d in G.nodes(data=True):
        assert set(d) == {"resource", "capacity", "terrain", "players", "dot", "back", "source"}
        assert d["resource"] in ("Crops", "Gold") and d["capacity"] in (3, 4, 5)
        assert d["players"] in (2, 3, 4, 5, 6) and set(d["source"]) == {"name", "terrain", "players"}
        assert MAP.dots[d["players"]]["back"] == d["back"]    # the reference layout fits every count
    goods = [d["good"] for _, _, d in G.edges(data=True) if d["trade_good"]]
    assert len(goods) == 12 and all(goods)
    assert G.edges["Britannia", "Gallia"]["good"] == "tin" and G.edges["Hispania", "Mauritania"]["red_line"]


def test_a_dealt_layout_replaces_the_reference_one():
    tile = MAP.tiles[0]
    g = map_graph(layout={"Italia": tile})
    assert g.nodes["Italia"]["capacity"] == tile.capacity and g.nodes["Sicilia"]["resource"] is None
    with pytest.raises(DataError, match="unknown territories: Atlantis"):
        map_graph(layout={"Atlantis": tile})


def test_names_the_rulebook_does_not_give_are_labelled_reconstructed():
    for name, d in G.nodes(data=True):
        src = d["source"]
        assert src["name"].startswith("reconstructed: ") == (name not in NAMED_TERRITORIES), name
        assert src["terrain"].startswith("reconstructed: ") == (name not in ISLANDS), name
        assert "reconstructed: " in src["players"]


def test_every_trade_good_has_a_source_that_vouches_for_the_good():
    """The rulebook places no trade good: each one's source (the border's, or its own good_source where
    the border's is a stated FAQ adjacency) says reconstructed."""
    goods = [(a, b, d) for a, b, d in G.edges(data=True) if d["trade_good"]]
    assert len(goods) == 12
    for a, b, d in goods:
        assert "reconstructed: " in (d["good_source"] or d["source"]), (a, b)
    faq = {frozenset((a, b)) for a, b, d in goods if d["source"].startswith("Frequently Asked Questions")}
    assert faq == {frozenset(p) for p in (("Sicilia", "Italia"), ("Rhodes", "Græcia"), ("Britannia", "Gallia"))}


def test_a_trade_good_on_a_stated_border_without_its_own_source_is_refused(tmp_path):
    m = shipped("map.yaml")
    entry = next(b for b in m["borders"] if set(b["between"]) == {"Sicilia", "Italia"})
    del entry["good_source"]
    write(tmp_path, "map.yaml", m)
    refused(tmp_path, "map.yaml", "borders[5] (Sicilia, Italia)", "give good_source")
    entry["good_source"] = "we think so"
    write(tmp_path, "map.yaml", m)
    refused(tmp_path, "map.yaml", "(Sicilia, Italia).good_source", "must start with a rulebook section")
    del entry["trade_good"]
    write(tmp_path, "map.yaml", m)
    refused(tmp_path, "map.yaml", "good_source: is given, but the border has no trade_good")


def test_the_unknown_printed_symbols_of_the_advances_are_labelled_reconstructed(tmp_path):
    a = shipped("advances.yaml")
    assert a["source"]["symbols"].startswith("reconstructed: ")
    assert {e["name"]: e.get("lyres", 0) for e in a["advances"] if e.get("lyres") or e.get("fountains")} \
        == {"Music": 2, "Aesthetics": 3, "Ethics": 2}
    del a["source"]["symbols"]
    write(tmp_path, "advances.yaml", a)
    refused(tmp_path, "advances.yaml", "source: symbols is missing")


# -- tracks, chronicles, structures, advances --------------------------------------------------

def test_generation_track_gives_two_to_four_turns():
    spaces = DATA.tracks.generation
    still_going, turns = Fraction(1), {}
    for turn, number in enumerate(spaces, 1):
        ends = still_going * Fraction(number, 6)
        turns[turn] = ends
        still_going -= ends
    assert still_going == 0 and turns[1] == 0 and min(t for t, p in turns.items() if p) == 2
    assert max(turns) == 4 and sum(turns.values()) == 1


def test_three_dynasties_with_population_growth_spaces_and_the_stated_unrest_track():
    track = DATA.tracks
    assert len(track.dynasties) == 3 and all(p for _, _, p in track.dynasties)
    spaces = track.dynasty_spaces()
    assert spaces[-1] == (4, False) and {d for d, _ in spaces[:-1]} == {1, 2, 3}
    assert track.unrest == {"start": 3, "minimum": 0, "maximum": 7}
    assert track.heritage["maximum"] >= 6 + 7   # the two highest Chronicles in one category


def test_chronicles_seven_identical_cards_six_accomplishments_and_the_heritage_example():
    ch = DATA.chronicles
    assert list(ch.accomplishments) == list("ABCDEF")
    assert [ch.accomplishments[k]["category"] for k in "ABCDEF"] == ["Civil"] * 2 + ["Political"] * 2 + ["Cultural"] * 2
    assert len(ch.cards) == 7 and [c.heritage for c in ch.cards] == list(range(1, 8))
    # Phase 5: card 3 in C and card 4 in D need Political heritage 3 + 4 = 7
    by_heritage = {c.heritage: c for c in ch.cards}
    assert by_heritage[3].heritage + by_heritage[4].heritage == 7
    for k in "ABCDEF":   # the balanced spread: each category's thresholds rise with the card
        values = [c.thresholds[k] for c in ch.cards]
        assert values == sorted(values) and len(set(values)) == 7
    assert [c.vp for c in ch.cards] == sorted(c.vp for c in ch.cards)
    assert max(c.thresholds["C"] for c in ch.cards) <= 10   # Annex: at most 10 territories


def test_structures_as_listed_72_tiles_and_the_capital_size_example():
    assert {s.name for s in DATA.structures} == set(STRUCTURES) and len(DATA.structures) == 12
    assert sum(s.count for s in DATA.structures) == 72
    assert DATA.structure("Amphitheater").level == 3 and DATA.structure("City").level == "capacity"
    assert DATA.structure("City").fountains == 2 and DATA.structure("University").lyres == 2
    assert {c for c, _ in DATA.structure("City").locked} == {"Civil", "Cultural", "Political"}
    # Chronicles A: a capital of capacity 4 with a City and an Amphitheater has size 4 + 3 = 7
    capacity = 4
    size = sum(capacity if s.level == "capacity" else s.level
               for s in DATA.structures if s.name in ("City", "Amphitheater"))
    assert size == 7


def test_advance_trees_by_category_and_level():
    by = Counter((a.category, a.level) for a in DATA.advances)
    for cat in ("Civil", "Political", "Cultural"):
        assert by[cat, 1] == 2 and by[cat, 2] == 2
    assert max(a.level for a in DATA.advances if a.category == "Cultural") == 5
    assert sum(1 for a in DATA.advances if a.level >= 2) == 25
    techs = [a for a in DATA.advances if a.name == "Technology"]
    assert [(a.category, a.level) for a in techs] == [("Cultural", 1), ("Cultural", 3)] and techs[1].note
    unlocks = {a.unlocks: a.name for a in DATA.advances if a.unlocks}
    assert unlocks == {"Civil": "Despotism", "Cultural": "Democracy", "Political": "Aggression"}
    for name in ("Sanitation", "Vision"):
        assert next(a for a in DATA.advances if a.name == name).note   # the cut-off sentences
    assert [a.name for a in DATA.tree_roots("Political")] == ["Bronze-working", "Law"]


# -- bad files ---------------------------------------------------------------------------------

def _drop_terrain(m):
    del m["territories"]["Dacia"]["terrain"]


def _atlantis(m):
    m["territories"]["Italia"]["adjacent"].append("Atlantis")


def _cyprus(m):
    near = m["territories"]["Rhodes"]["adjacent"]
    near[near.index("Cyprvs")] = "Cyprus"


def _one_sided(m):
    m["territories"]["Gallia"]["adjacent"].remove("Italia")


def _no_rhodes_syria(m):
    m["territories"]["Rhodes"]["adjacent"].remove("Syria")
    m["territories"]["Syria"]["adjacent"].remove("Rhodes")
    m["borders"] = [b for b in m["borders"] if set(b["between"]) != {"Rhodes", "Syria"}]


def _sicilia_illyria(m):
    m["territories"]["Sicilia"]["adjacent"].append("Illyria")
    m["territories"]["Illyria"]["adjacent"].append("Sicilia")
    m["borders"].append({"between": ["Sicilia", "Illyria"], "source": "reconstructed: a test"})


def _capacity_6(m):
    m["resource_tiles"]["tiles"][3]["capacity"] = 6


def _gold_to_crops(m):
    next(t for t in m["resource_tiles"]["tiles"] if t["resource"] == "Gold")["resource"] = "Crops"


def _parthia_blue(m):
    m["territories"]["Parthia"]["players"] = 5


def _unsourced_border(m):
    del m["borders"][30]


@pytest.mark.parametrize("edit, fragments", [
    (_drop_terrain, ("territories.Dacia", "terrain is missing")),
    (_atlantis, ("territories.Italia.adjacent", "unknown territory 'Atlantis'")),
    (_cyprus, ("territories.Rhodes.adjacent", "'Cyprus' is spelled 'Cyprvs' here")),
    (_one_sided, ("territories.Italia.adjacent", "lists Gallia, but Gallia does not list Italia")),
    (_no_rhodes_syria, ("territories.Rhodes.adjacent", "the FAQ makes it adjacent to Syria")),
    (_sicilia_illyria, ("the FAQ says Sicilia is not adjacent to Illyria",)),
    (_capacity_6, ("resource_tiles.tiles[3]", "capacity must be 3, 4 or 5", "got 6")),
    (_gold_to_crops, ("15 tiles have resource Crops", "the file lists 16")),
    (_parthia_blue, ("player_dots.6", "2 tiles are marked '6'", "player_dots.5")),
    (_unsourced_border, ("Pannonia and Raetia are adjacent but have no border entry",)),
], ids=lambda v: v.__name__.strip("_") if callable(v) else "")
def test_a_bad_map_is_refused_naming_the_entry(tmp_path, edit, fragments):
    m = shipped("map.yaml")
    edit(m)
    write(tmp_path, "map.yaml", m)
    refused(tmp_path, "map.yaml", *fragments)


def test_wrong_structure_counts_are_refused(tmp_path):
    s = shipped("structures.yaml")
    s["structures"][0]["count"] = 7
    write(tmp_path, "structures.yaml", s)
    refused(tmp_path, "structures.yaml", "the counts add up to 73, not the 72 tiles")


def test_a_stated_fact_changed_is_refused(tmp_path):
    s = shipped("structures.yaml")
    next(e for e in s["structures"] if e["name"] == "Walls")["level"] = 2
    write(tmp_path, "structures.yaml", s)
    refused(tmp_path, "structures.yaml", "structures[8] (Walls)", "level 3")
    t = shipped("tracks.yaml")
    t["dynasty"]["dynasties"].pop()
    write(tmp_path, "tracks.yaml", t)
    (tmp_path / "structures.yaml").unlink()
    refused(tmp_path, "tracks.yaml", "the game has 3 Dynasties")


def test_an_unsourced_fact_is_refused(tmp_path):
    c = shipped("chronicles.yaml")
    c["source"]["vp"] = "we made it up"
    write(tmp_path, "chronicles.yaml", c)
    refused(tmp_path, "chronicles.yaml", "source.vp", "must start with a rulebook section")
    c["source"]["vp"] = "reconstructed:"
    write(tmp_path, "chronicles.yaml", c)
    refused(tmp_path, "chronicles.yaml", "source.vp", "says reconstructed but not why")


def test_an_advance_tree_without_two_level_2_tiles_is_refused(tmp_path):
    a = shipped("advances.yaml")
    a["advances"] = [e for e in a["advances"] if e["name"] != "Writing"]
    write(tmp_path, "advances.yaml", a)
    refused(tmp_path, "advances.yaml", "Cultural needs exactly two Level 2 advances", "Initial Setup 7")


def test_malformed_yaml_is_refused_naming_the_file(tmp_path):
    (tmp_path / "tracks.yaml").write_text("generation: [0, 2\nunrest: {", encoding="utf-8")
    refused(tmp_path, "tracks.yaml", "is not valid YAML")


def test_every_problem_is_listed_at_once(tmp_path):
    m = shipped("map.yaml")
    m["territories"]["Dacia"]["terrain"] = "swamp"
    m["resource_tiles"]["tiles"][0]["capacity"] = 2
    write(tmp_path, "map.yaml", m)
    message = refused(tmp_path, "map.yaml", "territories.Dacia", "swamp", "resource_tiles.tiles[0]")
    assert "Traceback" not in message


def test_a_missing_folder_and_a_stray_file_are_refused(tmp_path):
    with pytest.raises(DataError, match="does not exist"):
        load(tmp_path / "nowhere")
    (tmp_path / "chronicle.yaml").write_text("{}", encoding="utf-8")
    with pytest.raises(DataError, match="chronicle.yaml"):
        load(tmp_path)


# -- a user's own data -------------------------------------------------------------------------

def test_a_users_folder_replaces_the_files_it_has(tmp_path):
    c = shipped("chronicles.yaml")
    for card in c["cards"]:
        card["vp"] += 1
    c["source"]["vp"] = "Game Equipment: the published cards (a user's copy)"
    write(tmp_path, "chronicles.yaml", c)
    m = shipped("map.yaml")
    m["borders"][0]["trade_good"] = "coral"
    m["borders"][0]["good_source"] = "reconstructed: a user's what-if coral trade"
    write(tmp_path, "map.yaml", m)
    mine = load(tmp_path)
    assert [card.vp for card in mine.chronicles.cards] == [card.vp + 1 for card in DATA.chronicles.cards]
    assert mine.origins["chronicles.yaml"] == str(tmp_path / "chronicles.yaml")
    assert mine.origins["advances.yaml"] == "data/sands_of_time/advances.yaml" and mine.advances == DATA.advances
    a, b = m["borders"][0]["between"]
    assert map_graph(tmp_path).edges[a, b]["good"] == "coral" and G.edges[a, b]["good"] != "coral"


def test_a_full_copy_of_the_shipped_folder_loads_the_same(tmp_path):
    for name in FILES:
        (tmp_path / name).write_text(data_file("sands_of_time", name).read_text(encoding="utf-8"), encoding="utf-8")
    mine = load(tmp_path)
    assert (mine.map, mine.tracks, mine.chronicles, mine.structures, mine.advances) == \
        (DATA.map, DATA.tracks, DATA.chronicles, DATA.structures, DATA.advances)


def test_the_action_cards_eleven_with_the_locked_parts_the_text_names():
    cards = DATA.cards
    assert [c.name for c in cards.actions] == ["Chronicle", "Muster", "Conquer", "Raid", "Build", "Govern", "Advance",
                                               "Trade Route", "Trade Route 2", "Migrate", "Tribute"]
    assert cards.emphasis_boxes == 3
    locked = {c.name: tuple(cat for cat, _ in c.locked) for c in cards.actions}
    assert locked["Raid"] == ("Political",) and locked["Build"] == ("Civil",)
    assert locked["Trade Route 2"] == ("Cultural",)
    assert cards.source["symbols"].startswith("reconstructed:")


def test_a_bad_cards_file_is_refused_naming_the_card(tmp_path):
    c = shipped("cards.yaml")
    c["action_cards"] = [e for e in c["action_cards"] if e["name"] != "Govern"]
    next(e for e in c["action_cards"] if e["name"] == "Raid")["locked"] = []
    next(e for e in c["action_cards"] if e["name"] == "Build")["symbols"] = ["Civic"]
    write(tmp_path, "cards.yaml", c)
    refused(tmp_path, "cards.yaml", "missing: Govern", "action_cards[3] (Raid).locked", "Political",
            "action_cards[4] (Build).symbols")


def test_the_game_reads_a_users_data_folder_and_refuses_a_bad_one(tmp_path):
    from explorer.engine import OptionsError, get_game
    c = shipped("chronicles.yaml")
    for card in c["cards"]:
        card["vp"] += 10
    write(tmp_path, "chronicles.yaml", c)
    state = get_game("sands_of_time").initial_state({"data_dir": str(tmp_path)})
    assert state.data.chronicles.cards[0].vp == 13
    with pytest.raises(OptionsError, match="does not exist"):
        get_game("sands_of_time").initial_state({"data_dir": str(tmp_path / "nowhere")})


@pytest.mark.parametrize("name", ["tracks.yaml", "positions.yaml"])
def test_yaml_nested_thousands_deep_is_a_data_error_not_a_recursion_error(tmp_path, name):
    (tmp_path / name).write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load(tmp_path) if name != "positions.yaml" else positions(tmp_path)
    assert str(tmp_path / name) in str(e.value) and "nests too deeply" in str(e.value)
    assert e.value.__cause__ is None and e.value.__suppress_context__


def test_a_bad_positions_file_is_refused_with_the_option_not_when_the_map_opens(tmp_path):
    from explorer.engine import OptionsError
    p = shipped("positions.yaml")
    p["positions"]["Italia"] = [12.5]
    del p["positions"]["Dacia"]
    write(tmp_path, "positions.yaml", p)
    with pytest.raises(OptionsError) as e:
        SandsOptions(players=2, data_dir=str(tmp_path))
    assert str(tmp_path / "positions.yaml") in str(e.value)
    assert "positions.Italia" in str(e.value) and "missing: Dacia" in str(e.value)
    p = shipped("positions.yaml")
    write(tmp_path, "positions.yaml", p)
    assert SandsOptions(players=2, data_dir=str(tmp_path)).data_dir == str(tmp_path)


# -- data that passes its checks can be played to the end (issue 42 item 6) -------------------------

def _copy_with(folder: Path, tracks: dict) -> Path:
    for name in FILES:
        (folder / name).write_text(data_file("sands_of_time", name).read_text(encoding="utf-8"), encoding="utf-8")
    write(folder, "tracks.yaml", tracks)
    return folder


def test_a_generation_longer_than_the_hands_last_is_refused(tmp_path):
    """Seven 0s then a 6: a Generation of 8 turns, but a seat that takes two cards from its hand a
    turn has none left after 6 and could not choose at all."""
    t = shipped("tracks.yaml")
    t["generation"]["spaces"] = [0] * 7 + [6]
    refused(_copy_with(tmp_path, t), "tracks.yaml", "generation.spaces", "may last 8 turns",
            "spent after 6", "put a 6 on space 6 or earlier")
    t["generation"]["spaces"] = [0] * 6 + [6]
    refused(_copy_with(tmp_path, t), "tracks.yaml", "may last 7 turns")


def test_a_dynasty_past_the_size_limit_is_refused(tmp_path):
    t = shipped("tracks.yaml")
    t["dynasty"]["dynasties"][1]["spaces"] = 10 ** 9
    refused(_copy_with(tmp_path, t), "tracks.yaml", "dynasty.dynasties[1].spaces", "from 1 to 50", "1000000000")


def test_the_longest_generation_accepted_is_played_to_the_end_by_seats_that_spend_their_hands_fastest(tmp_path):
    """The bound is what the engine needs: on a track whose Generations last 6 turns (the most
    accepted), seats that always take two cards from the hand (the Emphasis card with their last
    Action card) still have a card to choose every turn, and the game ends."""
    import random

    from explorer.engine import get_game
    from explorer.games.sands_of_time.actions import Select
    from explorer.games.sands_of_time.data import generation_turns, turns_a_hand_lasts

    t = shipped("tracks.yaml")
    t["generation"]["spaces"] = [0] * 5 + [6]
    folder = _copy_with(tmp_path, t)
    data = load(folder)
    assert generation_turns(data.tracks.generation) == turns_a_hand_lasts(data.cards) == 6
    game = get_game("sands_of_time")
    for seed in (0, 1):
        state, rng, emptied = game.initial_state(SandsOptions(players=2, data_dir=str(folder))), random.Random(seed), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            assert legal, f"seed {seed}: no legal action in phase {state.phase_}"
            picks = [a for a in legal if type(a) is Select]
            if picks:
                hand = state.hand[state.player]
                action = max(picks, key=lambda a: (sum(c in hand for c in a.cards), rng.random()))
                emptied += all(c in hand for c in action.cards) and len(hand - set(action.cards)) <= 2
            else:
                action = rng.choice(legal)
            state = state.apply(action)
        assert emptied, "the seats never came near the end of their hands: the test shows nothing"
