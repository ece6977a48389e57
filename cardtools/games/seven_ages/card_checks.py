"""Checks on the cards and artefacts against the data files: start areas on the map, leader types,
glory categories, units, regions and terrains that exist, card numbers used once, and ages that
agree with each other. Schemas check the shape; these check the names and the arithmetic.
"""

from __future__ import annotations

from typing import Any

from cardtools.core.deck import Card
from cardtools.core.diagnostics import Diagnostic, did_you_mean
from cardtools.games.seven_ages.findings import at_card, unknown_in_card
from cardtools.games.seven_ages.vocabulary import Vocabulary

#: Glory entry fields a category may ask for (glory-categories.yaml, parameters).
GLORY_PARAMETERS = ("region", "areas")


def check_cards(deck) -> list[Diagnostic]:
    names = Vocabulary(deck)
    found = _numbers(deck)
    for card in deck.of_type("civilisation"):
        for check in (_starts, _ages, _leaders, _glory, _trade, _artefact):
            found += check(deck, card, names)
    return found


def check_artefacts(deck) -> list[Diagnostic]:
    names = Vocabulary(deck)
    found = _markers(deck)
    for card in deck.of_type("artefact"):
        found += _range(deck, card, ("ages",))
        if card.get("early"):
            found += _range(deck, card, ("early", "ages"))
        for i, condition in enumerate(card.get("conditions", ())):
            found += _condition(deck, card, names, condition, ("conditions", i))
        if names.world is not None:
            for i, site in enumerate(card.get("sites", ())):
                if site not in names.world.canals:
                    found.append(unknown_in_card(deck, card, "canal", site, names.world.canals, "sites", i,
                                                 where="map.yaml, canals"))
        for i, variant in enumerate(card.get("variants", ())):
            if variant["religion"] not in names.religions:
                found.append(at_card(deck, card, "unknown-id", f"'{variant['religion']}' is not a religion"
                                                               f"{did_you_mean(variant['religion'], names.religions)}",
                                     "variants", i, "religion"))
    return found


def _markers(deck) -> list[Diagnostic]:
    """Every artefact but the black ones shows on a marker (else it could never be played); a
    double-sided marker pairs two religions or two governments."""
    artefacts = {c.id: c for c in deck.of_type("artefact")}
    shown: set[str] = set()
    found = []
    for card in artefacts.values():
        markers = card.get("markers")
        if markers is None:
            continue
        shown.add(card.id)
        if card.get("colour") == "black":
            found.append(at_card(deck, card, "inconsistent", "a black artefact has no marker", "markers"))
        for k, back in enumerate(markers["backs"] if isinstance(markers, dict) else ()):
            other = artefacts.get(back)
            if other is None:
                continue  # the schema's x-card-ref reports it
            shown.add(back)
            if back == card.id or card.get("group") is None or other.get("group") != card.get("group"):
                found.append(at_card(deck, card, "inconsistent", f"a double-sided marker pairs two religions or two "
                                                                 f"governments; {back} cannot be on its back",
                                     "markers", "backs", k))
    return found + [at_card(deck, card, "incomplete", "no marker shows it, so it could never be played (give it "
                                                      "`markers`)", "id")
                    for card in artefacts.values() if card.id not in shown and card.get("colour") != "black"]


def _numbers(deck) -> list[Diagnostic]:
    first: dict[int, Card] = {}
    found = []
    for card in deck.of_type("civilisation"):
        number = card.get("number")
        if number in first:
            other = deck.locate(first[number], "number")
            found.append(at_card(deck, card, "duplicate-number", f"card number {number} is already used by "
                                                                 f"'{first[number].id}' (line {other.line})",
                                 "number", related=(other,)))
        else:
            first[number] = card
    return found


def _starts(deck, card: Card, names: Vocabulary) -> list[Diagnostic]:
    empire = card.get("empire")
    found = []
    if not empire["starts"] and "starts_also" not in empire:
        found.append(at_card(deck, card, "inconsistent", "an empire needs start areas (starts) or a start rule "
                                                         "(starts_also)", "empire", "starts"))
    world = names.world
    if world is None:
        return found
    for i, area in enumerate(empire["starts"]):
        if area not in world:
            found.append(unknown_in_card(deck, card, "start area", area, world.areas, "empire", "starts", i,
                                         where="not on the map"))
        elif not world.areas[area].is_land:
            found.append(at_card(deck, card, "inconsistent", f"start area '{area}' is a sea area; empires start on land",
                                 "empire", "starts", i))
    sea = empire.get("starts_also", {}).get("coastal_on")
    if sea is not None and not world.is_sea(sea):
        found.append(unknown_in_card(deck, card, "sea area", sea, [a for a in world.areas if world.is_sea(a)],
                                     "empire", "starts_also", "coastal_on"))
    return found


def _empire_ages(card: Card) -> set[int]:
    """Every age the empire can be in: its range and its conditional ranges."""
    empire = card.get("empire")
    ranges = [empire["ages"]] + [c["ages"] for c in empire.get("conditional_ages", ())]
    return {age for first, last in ranges for age in range(first, last + 1)}


def _range(deck, card: Card, path: tuple) -> list[Diagnostic]:
    value: Any = card.fields
    for key in path:
        value = value[key]
    first, last = value
    if first > last:
        return [at_card(deck, card, "inconsistent", f"ages [{first}, {last}]: the first age comes after the last", *path)]
    return []


def _ages(deck, card: Card, names: Vocabulary) -> list[Diagnostic]:
    empire = card.get("empire")
    found = _range(deck, card, ("empire", "ages"))
    for i, _ in enumerate(empire.get("conditional_ages", ())):
        found += _range(deck, card, ("empire", "conditional_ages", i, "ages"))
    return found


def _leaders(deck, card: Card, names: Vocabulary) -> list[Diagnostic]:
    found = []
    ages = _empire_ages(card)
    for age, leaders in card.get("empire").get("named_leaders", {}).items():
        if int(age) not in ages:
            found.append(at_card(deck, card, "inconsistent", f"named leaders for age {age}, but the empire's ages are "
                                                             f"{_ages_text(ages)}", "empire", "named_leaders", age))
        if names.leader_types is None:
            continue
        for i, leader in enumerate(leaders):
            for k, code in enumerate(leader["types"]):
                if code not in names.leader_types:
                    found.append(at_card(deck, card, "unknown-id", f"no leader type '{code}' ({leader['name']}); "
                                                                   f"the types are {', '.join(sorted(names.leader_types))}",
                                         "empire", "named_leaders", age, i, "types", k))
    return found


def _ages_text(ages: set[int]) -> str:
    return ", ".join(map(str, sorted(ages)))


def _glory(deck, card: Card, names: Vocabulary) -> list[Diagnostic]:
    if names.glory is None:
        return []
    found = []
    for i, entry in enumerate(card.get("empire")["glory"]):
        at = ("empire", "glory", i)
        category = names.glory.get(entry["category"])
        if category is None:
            found.append(unknown_in_card(deck, card, "glory category", entry["category"], names.glory, *at, "category"))
            continue
        wanted = set(category.get("parameters", ()))
        for parameter in GLORY_PARAMETERS:
            if parameter in wanted and parameter not in entry:
                found.append(at_card(deck, card, "inconsistent", f"glory category '{category['id']}' needs '{parameter}'",
                                     *at))
            elif parameter in entry and parameter not in wanted:
                found.append(at_card(deck, card, "inconsistent", f"glory category '{category['id']}' takes no "
                                                                 f"'{parameter}'", *at, parameter))
        region = entry.get("region")
        if region is not None and names.regions is not None and region not in names.regions:
            found.append(unknown_in_card(deck, card, "region", region, names.regions, *at, "region"))
        numbered = category["scoring"] in ("ranked", "immediate")
        if numbered and "value" not in entry:
            found.append(at_card(deck, card, "inconsistent", f"glory category '{category['id']}' needs its number "
                                                             "(value: 1, 2 or 3)", *at))
        elif not numbered and "value" in entry:
            found.append(at_card(deck, card, "inconsistent", f"glory category '{category['id']}' has no number on its "
                                                             "icon; remove 'value'", *at, "value"))
    return found


def _trade(deck, card: Card, names: Vocabulary) -> list[Diagnostic]:
    trade = card.get("empire")["trade"]
    if isinstance(trade, int):
        return []
    given, ages = {int(a) for a in trade}, _empire_ages(card)
    if given == ages:
        return []
    return [at_card(deck, card, "inconsistent", f"trade numbers by age must cover exactly the empire's ages "
                                                f"({_ages_text(ages)}); given for {_ages_text(given)}",
                    "empire", "trade")]


def _artefact(deck, card: Card, names: Vocabulary) -> list[Diagnostic]:
    artefact = deck.get(card.get("artefact"))
    if artefact is not None and artefact.get("placed_by"):
        return [at_card(deck, card, "inconsistent", f"'{artefact.id}' is never printed on a card: "
                                                    f"{artefact.get('placed_by')} places it", "artefact")]
    return []


def _condition(deck, card: Card, names: Vocabulary, condition, at: tuple) -> list[Diagnostic]:
    found = []
    target = condition.get("within_range_of", {})
    if "area" in target and names.world is not None and target["area"] not in names.world:
        found.append(unknown_in_card(deck, card, "area", target["area"], names.world.areas, *at, "within_range_of",
                                     "area", where="not on the map"))
    regions = [((*at, "within_range_of", "region"), target["region"])] if "region" in target else []
    regions += [((*at, "controls_land_in", k), r) for k, r in enumerate(condition.get("controls_land_in", ()))]
    for path, region in regions:
        if names.regions is not None and region not in names.regions:
            found.append(unknown_in_card(deck, card, "region", region, names.regions, *path))
    for k, terrain in enumerate(condition.get("area_terrain", ())):
        if names.terrains is not None and terrain not in names.terrains:
            found.append(unknown_in_card(deck, card, "terrain", terrain, names.terrains, *at, "area_terrain", k))
    return found
