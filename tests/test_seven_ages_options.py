"""7 Ages' optional rules (docs/rules/7ages.md § 18): every option plays, and play names none as not
played; each keeps the invariants over
seeded games (hundreds: benchmarks/seven_ages.py --invariants N --variant <option's variant>); the
rulebook's worked examples are scenario files (tests/scenarios/7ages/option-*.yaml)."""

import pytest
from seven_ages_copy import copy_7ages, edit

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.engine.contract import new_game
from cardtools.games.seven_ages.invariants import play_checked

WS = Workspace.find()


def test_every_option_1_to_15_plays_and_play_names_none_of_them():
    """Option 10 was the last of 1-15 (neutral_kingdoms.py): its variant is no longer refused, and
    the facts ``play`` prints name none of options 1-15."""
    game = new_game(load_deck("7ages", "neutral-kingdoms", WS))
    assert not any("optional rules" in said for said in game.facts.unplayed)


def test_designers_choice_plays_its_four_options():
    """The designers' usual options together (§ Players' Notes): Redemption, Technology, Marines and
    option 16, now that every artefact runs."""
    rules = variant_game("designers-choice").rules
    assert [rules[r] for r in ("redemption", "technology", "marines", "artefact_effects")] == [True] * 4


PLAYED = ["total-history", "not-the-full-deck", "enhanced-play", "redemption", "enhanced-start", "technology", "cadenced-progress", "pursuit", "take-that", "deus-vult", "quick-conflict", "marines", "crown-jewels",
          "neutral-kingdoms", "designers-choice"]


def variant_game(variant: str | None):
    return new_game(load_deck("7ages", variant, WS))


@pytest.mark.parametrize("variant", PLAYED)
def test_each_option_played_keeps_the_invariants(variant):
    game = variant_game(variant)
    results = [play_checked(game, players, seed) for players, seed in ((2, 0), (4, 1), (6, 2))]
    assert [(r.seed, r.violations) for r in results if r.violations] == []
    assert play_checked(game, 2, 0).digest == results[0].digest


def test_hocking_counts_only_undisordered_cities():
    """§ 15: one glory per undisordered city; a disordered city's area sells nothing."""
    game = variant_game("crown-jewels")
    state = game.arrange(2, 0, {"first": "P1", "hands": {"P1": [], "P2": []}, "empires": [
        {"player": "P1", "card": "egyptians", "level": 8, "glory": 10,
         "areas": {"egypt": ["spear"], "nubia": ["spear"]}, "cities": {"egypt": 3, "nubia": 2},
         "disorder": ["nubia"]}]})
    for move in ("mark manoeuvre", "extra none", "extra none", "hock one"):
        state.apply(state.string_to_action(move))
    assert state.step[0] != "hock"
    assert state.money[0] == 5


def test_total_history_deals_two_gold_border_empires_and_the_first_empire_starts_in_age_1():
    """§ 1: 2 unconditional age 1 empires each, then 5 more; only an age 1 empire may start first."""
    game = variant_game("total-history")
    state = game.new_state(4, 3)
    for hand in state.hand:
        assert len(hand) == 7 and sum(1 for c in hand if game.empires[c] and game.empires[c]["ages"][0] == 1) >= 2
    while state.step[0] != "start":
        options = state.legal_actions()
        starts = [a for a in options if state.action_to_string(a) in ("extra start", "mark manoeuvre")]
        state.apply(starts[0] if starts else options[0])
    offered = [state.action_to_string(a).split()[1] for a in state.legal_actions()]
    assert offered and "none" in offered
    assert all(game.empires[c]["ages"][0] == 1 for c in offered if c != "none")
    hand = state.hand[state.seat_of(state.player)]
    assert any(game.empires[c]["ages"][0] > 1 for c in hand)        # the rule, not the hand, leaves them out


def test_redemption_refills_to_6_and_a_player_may_keep_the_hand_dealt():
    """§ 3: any number discarded, the hand filled to 6 (not 7); discarding nothing keeps 7."""
    state = variant_game("redemption").new_state(2, 0)
    assert state.step == ("redeem", 0)
    for card in state.hand[0][:3]:
        state.apply(state.string_to_action(f"redeem {card}"))
    state.apply(state.string_to_action("redeem none"))
    state.apply(state.string_to_action("redeem none"))
    assert [len(h) for h in state.hand] == [6, 7] and len(state.discards) == 3
    assert state.step[0] == "bid"


def test_enhanced_start_deals_10_and_leaves_6_after_the_families():
    """§ 4: 10 cards dealt; after the families, down to 6 (the First player first)."""
    state = variant_game("enhanced-start").new_state(3, 1)
    assert [len(h) for h in state.hand] == [10, 10, 10]
    while state.step[0] in ("bid", "family"):
        state.apply(state.legal_actions()[0])
    assert state.step[0] == "shed" and state.seat_of(state.player) == state.first
    while state.step[0] == "shed":
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hand] == [6, 6, 6]


@pytest.mark.parametrize("area, required, lost", [("macedonia", 4, 3), ("achaea", 2, 2), ("aquitaine", 3, 3)])
def test_pursuit_takes_its_losses_from_the_retreating_side(area, required, lost):
    """§ 6: a tank 1, three other cavalry 1 (every full 2), a fighter 2 = 4, halved in a mountain
    (Achaea), -1 in a forest (Aquitaine); a Sword satisfies 1, a Knight (cavalry) 2; the cheapest for what they satisfy go first."""
    game = variant_game("pursuit")
    state = game.arrange(2, 0, {"first": "P1", "empires": [
        {"player": "P1", "card": "romans", "level": 45, "areas": {"latium": ["sword"]}},
        {"player": "P2", "card": "greeks", "level": 20, "areas": {area: ["sword", "sword", "knight"]}}]})
    pursuers = ("tank", "knight", "knight", "knight", "fighter")
    state.fight = (area, 0, state.per, pursuers, ("sword", "knight"), (), ("sword",), 0, 0, 0, 0)
    state.pursue(1)
    assert state.fight[9:] == (0, lost)
    assert len(state.fight[4] + state.fight[6]) == 3 - lost
    assert f"loses {lost} unit(s) for {required} required" in state.log[-1]


def test_deus_vult_temples_halve_income_and_a_new_temple_disorders_a_neighbour_of_another_religion():
    """§ 12: Production yields half of a temple area's income; a temple built beside the empire's
    temple of another religion disorders that area; destroying one disorders its area."""
    game = variant_game("deus-vult")
    setup = {"first": "P1", "hands": {"P1": [], "P2": []}, "temples": {"latium": "christianity"}, "empires": [
        {"player": "P1", "card": "romans", "level": 12, "beliefs": ["pantheism", "christianity"],
         "areas": {"latium": ["sword"], "etruria": ["sword"]}, "cities": {"latium": 3}, "capital": "latium"}]}
    state = game.arrange(2, 0, setup)
    latium, etruria = game.chart.income("latium", state.age(0), 3), game.chart.income("etruria", state.age(0))
    assert state.income(0) == latium // 2 + etruria
    state.build_temples(0)
    assert state.temples["etruria"] == "pantheism" and "latium" in state.disorder
    state.step = None                      # Urbanise's temples, as Civilise ends (the policy builds them)
    state.proceed()
    assert state.step == ("desecrate", False)
    state.apply(state.string_to_action("desecrate etruria"))
    assert "etruria" not in state.temples and "etruria" in state.disorder


def test_take_that_keeps_events_on_empires_within_range():
    """§ 8: in the Romans' Civilise an event reaches the Romans and empires within their Range (the
    Greeks in Magna Graecia), not the Mughals in Kabul; at other times, a player's empires' Range counts."""
    setup = {"first": "P1", "hands": {"P1": ["hittites"], "P2": [], "P3": []}, "empires": [
        {"player": "P1", "card": "romans", "level": 12, "areas": {"latium": ["sword"]}},
        {"player": "P2", "card": "greeks", "level": 12, "areas": {"magna_graecia": ["sword"]}},
        {"player": "P3", "card": "mughals", "level": 22, "areas": {"kabul": ["sword"]}}]}
    everyone = variant_game(None).arrange(3, 0, setup)
    assert everyone.event_targets("hittites", 0) == [0, everyone.per, 2 * everyone.per]
    state = variant_game("take-that").arrange(3, 0, setup)
    romans, greeks = 0, state.per
    assert state.in_reach(state.event_targets("hittites", romans), romans, "empire", romans) == [romans, greeks]
    assert state.in_reach([2 * state.per], greeks, "player", None) == []


def quick_state(reserves_of_defender: tuple[str, ...]):
    game = variant_game("quick-conflict")
    state = game.arrange(2, 0, {"first": "P1", "empires": [
        {"player": "P1", "card": "romans", "level": 12, "areas": {"latium": ["sword"]}},
        {"player": "P2", "card": "greeks", "level": 12, "areas": {"venetia": ["spear"], "etruria": ["spear"]}}]})
    attackers = ("sword", "sword", "sword", "sword", "sword", "sword")
    state.fight = ("etruria", 0, state.per, attackers, ("spear",) + reserves_of_defender, (), (), 0, 0, 0, 0)
    state.across = {"etruria": "latium"}
    return state


def test_quick_conflict_the_loser_loses_its_committed_and_half_the_winners_reserves_then_retreats():
    """§ 13: 10 against 6 is not three times: the loser (1 committed, 5 reserves) loses its committed
    Spear and 4 more for the winner's 8 reserves, and its last Spear retreats; the winner loses half
    the fewer committed (1 // 2 = 0)."""
    state = quick_state(("spear",) * 5)
    state.quick_result((("sword", "sword"), ("spear",)), (("sword",) * 4 + ("sword",) * 4, ("spear",) * 5), (10, 6),
                       [False, False])
    assert state.units["etruria"] == ("sword",) * 10 and state.owner["etruria"] == 0
    assert state.units["venetia"] == ("spear", "spear")
    assert any("conflict over: P1's Romans lost 0, P2's Greeks lost 5" in line for line in state.log)


def test_quick_conflict_three_times_the_total_loses_nothing_and_a_tie_sends_the_attacker_back():
    state = quick_state(("spear",) * 2)
    state.quick_result((("sword",), ("spear",)), (("sword",), ("spear", "spear")), (9, 3), [False, False])
    assert state.units["etruria"] == ("sword", "sword") and any("triples the total" in line for line in state.log)
    state = quick_state(("spear",) * 2)
    state.quick_result((("sword",), ("spear",)), (("sword",) * 3, ("spear", "spear")), (5, 5), [False, False])
    assert state.units["etruria"] == ("spear", "spear") and state.units["latium"] == ("sword",) * 4


def test_not_the_full_deck_removes_a_card_a_player_each_round_and_passes_the_sub_decks_left():
    """§ 2: the deck in equal sub-decks; each round every player removes one from the game and passes
    the rest left; the rest, reshuffled, is dealt (the variant's 3 rounds: 9 cards out with 3 players)."""
    state = variant_game("not-the-full-deck").new_state(3, 4)
    first = state.hand[0]
    assert [len(h) for h in state.hand] == [55, 55, 55] and state.step[0] == "cull"
    state.apply(state.string_to_action(f"cull {first[0]}"))
    for seat in (1, 2):
        state.apply(state.legal_actions()[0])
    assert state.hand[1] == first[1:] and first[0] in state.removed
    while state.step[0] == "cull":
        state.apply(state.legal_actions()[0])
    assert len(state.removed) == 9 and [len(h) for h in state.hand] == [7, 7, 7]
    assert len(state.deck) == 165 - 9 - 21 and not set(state.removed) & set(state.deck)


def test_marines_stay_at_sea_on_their_ships_beside_their_empire_and_are_lost_without_them():
    """§ 14: a Sword carried by a galley ends its move in the Western Mediterranean, next to Latium;
    at sea it is lost at the end of an action without a ship to carry it. Without the option, the
    sea is no landing's end."""
    setup = {"first": "P1", "hands": {"P1": [], "P2": []}, "empires": [
        {"player": "P1", "card": "romans", "level": 12, "areas": {"latium": ["sword", "sword", "galley"]}}]}
    plain = variant_game("no-events").arrange(2, 0, setup)
    for move in ("mark manoeuvre", "extra none", "extra none"):
        plain.apply(plain.string_to_action(move))
    assert "land western_mediterranean" not in [plain.action_to_string(a) for a in plain.legal_actions()]
    state = variant_game("marines").arrange(2, 0, setup)
    for move in ("mark manoeuvre", "extra none", "extra none", "land western_mediterranean"):
        state.apply(state.string_to_action(move))
    assert state.units["western_mediterranean"] == ("galley", "sword") and state.units["latium"] == ("sword",)
    state.units["western_mediterranean"] = ("sword",)
    state.task_marooned()
    assert "western_mediterranean" not in state.owner and "1 unit(s) at sea in Western Mediterranean are lost" in state.log[-1]


def test_marines_at_sea_fight_with_their_ships_at_half_value():
    """§ 14: committed with their ships and only with them, one a ship; front and support halved."""
    state = variant_game("marines").arrange(2, 0, {"first": "P1", "empires": [
        {"player": "P1", "card": "romans", "level": 12, "areas": {"latium": ["sword"]}}]})
    assert state.aboard(("sword", "sword"), ("galley",), "western_mediterranean") == ((), ("galley", "sword", "sword"))
    assert state.aboard(("galley", "sword"), ("galley", "sword", "sword"), "western_mediterranean") == (
        ("galley", "sword"), ("galley", "sword", "sword"))
    assert state.aboard(("sword",), ("sword",), "latium") == (("sword",), ("sword",))
    front, support = state.unit_values(0, "sword", "latium")
    assert state.unit_values(0, "sword", "western_mediterranean") == (front // 2, support // 2)


def test_enhanced_play_drafts_spare_markers_and_allows_a_second_non_empire_marker():
    """§ 5: 4 players of Deluxe draft from two spare sets, twice round from the First player, each
    ending with 2 more markers; a player two empires below the maximum places two non-empire markers."""
    state = variant_game("enhanced-play").arrange(4, 0, {"first": "P2", "hands": {p: [] for p in ("P1", "P2", "P3", "P4")}})
    assert state.step == ("draft",) and state.seat_of(state.player) == 1
    drafted = []
    while state.step[0] == "draft":
        drafted.append(state.seat_of(state.player))
        state.apply(state.legal_actions()[0])
    assert drafted == [1, 2, 3, 0, 1, 2, 3, 0] and len(state.spare) == 8
    for seat in range(4):
        assert len(state.drafted[seat]) == 2
        assert state.marker_allowance(seat) == {m: 1 + state.drafted[seat].count(m) for m in (*state.ACTIONS, "wild")}
    assert state.step == ("extra",) and state.seat_of(state.player) == 1
    state.apply(state.string_to_action("extra start"))
    assert state.step == ("extra",) and state.seat_of(state.player) == 1        # the second
    state.apply(state.string_to_action("extra start"))
    assert state.extra[1] == "start" and state.extra2[1] == "start"


def test_hidden_choices_of_the_options_are_their_owners_to_see():
    """§ 9: the cadence markers are face down (the First player's); § 5: drafted spare markers are
    their drafter's; § 2: removed cards are no one's."""
    state = variant_game("all-options").new_state(4, 2)
    while state.step[0] != "cadence" or len(state.cadence) < 2:
        state.apply(state.legal_actions()[0])
    first = state.first
    assert state.observation(first)["cadence"] == list(state.cadence)
    other = (first + 1) % 4
    assert state.observation(other)["cadence"] == ["face down", "face down"]
    seen = state.observation(other)["players"]
    assert seen[state.seat_name(other)]["spare_markers"] == list(state.drafted[other])
    assert seen[state.seat_name(first)]["spare_markers"] == ["face down"] * len(state.drafted[first])
    assert state.observation(first)["removed"] == ["face down"] * len(state.removed) and state.removed


# -- option 10 Neutral Kingdoms (neutral_kingdoms.py; § PLAYERS' GUIDE › 10) Neutral Kingdoms) -------------
def kingdoms_table(players: int = 2, **setup):
    return variant_game("neutral-kingdoms").arrange(players, 0, {"first": "P1", "hands": {f"P{i}": [] for i in
                                                                                      range(1, players + 1)}, **setup})


def play(state, *moves: str) -> None:
    for move in moves:
        state.apply(state.string_to_action(move))


def test_a_kingdom_defends_played_by_the_nearest_other_players_empire_with_its_own_values():
    """§ 10: the player with the nearest empire not the active player's plays the kingdom's defenders
    (here the Franks next door, not the Egyptians far away); the kingdom units fight with their own
    values (a levy spear's front 1, not the Franks' veteran 2) and no elite marker of the controller's;
    they can't retreat; the attacker that wins holds the area and the kingdom is gone."""
    state = kingdoms_table(3, deck=["israelites", "sumerians"], empires=[
        {"player": "P1", "card": "romans", "level": 12, "capital": "latium", "areas": {"latium": ["sword"] * 4}},
        {"player": "P2", "card": "franks", "level": 12, "elite": 1,          # a dark colour: veteran
         "areas": {"cis_alpine": ["spear"]}},
        {"player": "P3", "card": "egyptians", "level": 12, "areas": {"egypt": ["spear"]}}],
        kingdoms={"etruria": ["spear"]})
    play(state, "mark manoeuvre", "mark production", "mark production", "extra none", "extra none", "extra none",
         "build save", "build save", "march etruria", "commit all")
    assert state.step == ("commit", 1) and state.who(state.player) == "P2's Franks"
    assert state.retreat_to(state.player, "etruria") is None      # though the Franks' Cis-Alpine is next door
    play(state, "commit one")
    rounds = [line for line in state.log if "round:" in line]
    assert rounds == ["  round: P1's Romans commits 3: 17 (7 card + 8 fronts + 2 supports); "
                      "the kingdom in Etruria (P2) commits 1: 1 (1 fronts)"]
    assert state.snapshot()["areas"]["etruria"] == {"empire": "romans", "units": ["sword"] * 3}
    assert state.kingdom == {}


def test_units_march_through_a_kingdom_only_with_two_to_one():
    """§ 10: kingdoms defend their area normally — units stop there as at another empire's units
    (§ 4. Manoeuvre › Land unit movement restrictions: 2:1 to pass)."""
    state = kingdoms_table(empires=[{"player": "P1", "card": "romans", "level": 12,
                                     "areas": {"latium": ["lt_horse"] * 4}}], kingdoms={"etruria": ["spear"]})
    play(state, "mark manoeuvre", "extra none", "extra none")
    slot = state.player
    assert "cis_alpine" not in state.march_targets(slot) and "etruria" in state.march_targets(slot)
    play(state, "open etruria")                       # 2 Lt. horse: 2:1 against the kingdom's spear
    assert state.invaders == {"etruria": ("lt_horse", "lt_horse")}
    assert "cis_alpine" in state.march_targets(slot)


def test_a_discarded_empire_takes_kingdom_units_from_another_kingdom_when_the_pool_is_empty():
    """§ 10: with no kingdom unit of the type left in the common pool (the 18 spear/rifle counters of
    the 90 all in kingdoms), the player who lost the area moves one of that type or its obverse from
    anywhere — a rifle flipped to a spear, from the largest kingdom holding one."""
    state = kingdoms_table(empires=[{"player": "P1", "card": "romans", "level": 12,
                                     "areas": {"latium": ["spear"]}}],
                           kingdoms={"egypt": ["rifle"] * 10, "nubia": ["spear"] * 8})
    assert state.kingdom_pool()["spear_rifle"] == 0
    play(state, "mark discard", "extra none", "extra none")
    assert state.kingdom["latium"] == ("spear",)
    assert state.kingdom["egypt"] == ("rifle",) * 9 and state.kingdom["nubia"] == ("spear",) * 8
    assert "  no kingdom Spear left in the pool: a Rifle comes from Egypt and is flipped" in state.log
    assert state.kingdom_pool()["spear_rifle"] == 0


def test_an_area_whose_units_all_go_unpaid_becomes_a_kingdom():
    """§ 10: an empire that cannot maintain any unit in a land area in Production loses its fort,
    artefacts and disorder there, and the units removed become kingdom units (here both areas: no
    income from disordered areas, no money), and the empire without units is discarded."""
    state = kingdoms_table(empires=[{"player": "P1", "card": "romans", "level": 12,
                                     "areas": {"latium": ["sword"], "etruria": ["archer"]},
                                     "forts": ["latium"], "disorder": ["latium", "etruria"]}])
    play(state, "mark production", "extra none", "extra none")
    assert state.kingdom == {"latium": ("sword",), "etruria": ("archer",)}
    assert not state.forts and not state.disorder and state.empire[0] is None


def test_the_nearest_player_to_the_active_players_left_plays_a_kingdom_on_a_tie():
    """§ 10: two other players' empires as near to the kingdom: the one nearest the active player's
    left (P3 is P2's left) plays its defenders; the active player's own empires never do."""
    state = kingdoms_table(3, empires=[
        {"player": "P1", "card": "romans", "level": 12, "areas": {"venetia": ["sword"]}},
        {"player": "P2", "card": "franks", "level": 12, "areas": {"latium": ["spear"]}},
        {"player": "P3", "card": "egyptians", "level": 12, "areas": {"cis_alpine": ["spear"]}}],
        kingdoms={"etruria": ["spear"]})
    romans, franks, egyptians = (next(s for s in state.in_play() if state.empire[s] == card)
                                 for card in ("romans", "franks", "egyptians"))
    assert state.controller("etruria", franks) == egyptians
    assert state.controller("etruria", egyptians) == romans
    assert state.controller("etruria", romans) == franks


@pytest.mark.parametrize("card,converted", [("khazars", True), ("sumerians", False)])
def test_christianity_converts_a_kingdom_only_with_a_card_at_least_its_units(tmp_path, monkeypatch, card, converted):
    """§ 16 › Christianity with option 10: after choosing the neutral area, a card is picked from the
    deck; the area is converted (its kingdom units removed) only if the card's value (the Khazars' 7,
    the Sumerians' 0) is at least the kingdom units there (2); the card is discarded."""
    root = copy_7ages(tmp_path, monkeypatch)
    edit(root, "decks/7ages/variants/artefact-effects.yaml", "  artefact_effects: true\n",
         "  artefact_effects: true\n  neutral_kingdoms: true\n")
    game = new_game(load_deck("7ages", "artefact-effects", Workspace.find(root)))
    state = game.arrange(2, 0, {"first": "P1", "hands": {"P1": [], "P2": []}, "deck": [card], "empires": [
        {"player": "P1", "card": "romans", "level": 12, "capital": "latium", "areas": {"latium": ["sword", "sword"]},
         "cities": {"latium": 3}, "beliefs": ["christianity"]},
        {"player": "P2", "card": "etruscans", "level": 12, "capital": "etruria", "areas": {"etruria": ["sword"]}}],
        "kingdoms": {"magna_graecia": ["spear", "spear"]}})
    play(state, "mark destiny", "mark manoeuvre", "extra none", "extra none", "choose yes",
         "choose it moves 1 unit from next door into a neighbouring neutral land area it could enter in a "
         "Manoeuvre, converting it")
    assert card in state.discards
    if converted:
        assert state.snapshot()["areas"]["magna_graecia"] == {"empire": "romans", "units": ["sword"]}
    else:
        assert state.kingdom["magna_graecia"] == ("spear", "spear") and state.units["latium"] == ("sword", "sword")
