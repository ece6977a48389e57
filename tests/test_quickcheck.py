"""The quick schema check agrees with jsonschema on every verdict (it only lets valid data skip it)."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtools.core.deck import thaw
from cardtools.core.loader import load_deck
from cardtools.core.quickcheck import _equal
from cardtools.core.schemas import CARD_INDEX
from cardtools.core.workspace import Workspace

WS = Workspace(Path(__file__).parent.parent)
_cards: dict = {}


def samples():
    if not _cards:
        for game in WS.games():
            deck = load_deck(game, workspace=WS)
            index = {c.id: c.type for c in deck.cards}
            for card in deck.cards:
                _cards.setdefault(game, []).append((deck.manifest.card_types[card.type].schema, thaw(card.fields), index))
    return _cards


def agree(schema: str, instance, index) -> None:
    store = WS.schemas
    token = CARD_INDEX.set(index)
    try:
        quick = store.quick(schema)(instance)
        full = not any(True for _ in store.validator(schema).iter_errors(instance))
    finally:
        CARD_INDEX.reset(token)
    assert quick == full, (schema, instance)


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.floats(allow_nan=False, width=16)
                           | st.sampled_from(["", "x", "coins", "gain", "turn_end", "others", "I", "egypt", "food"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                               st.sampled_from(["gain", "coins", "when", "do", "of", "count", "who", "if", "then",
                                                "modify", "cost", "x"]), inner, max_size=3), max_leaves=8)


def borrow(card: dict, schema: str, game: str, choices: st.DataObject) -> dict:
    """A field's value taken from another card of the same type: often still valid."""
    donors = [c for s, c, _ in samples()[game] if s == schema]
    donor = choices.draw(st.sampled_from(donors))
    key = choices.draw(st.sampled_from(sorted(donor)))
    return {**card, key: donor[key]}


def mutate(data, choices: st.DataObject):
    """Replace, delete or add one value somewhere in the card."""
    if not isinstance(data, (dict, list)) or not data or choices.draw(st.integers(0, 3)) == 0:
        return choices.draw(json_values)
    if isinstance(data, dict):
        key = choices.draw(st.sampled_from(sorted(data)))
        action = choices.draw(st.sampled_from(["deep", "delete", "add"]))
        out = dict(data)
        if action == "delete":
            del out[key]
        elif action == "add":
            out[choices.draw(st.sampled_from(["colour", "cost", "tags", "count", "extra"]))] = choices.draw(json_values)
        else:
            out[key] = mutate(data[key], choices)
        return out
    i = choices.draw(st.integers(0, len(data) - 1))
    return data[:i] + [mutate(data[i], choices)] + data[i + 1:]


@pytest.mark.parametrize("game", ["aoc", "tta", "7ages"])
@given(data=st.data())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_quick_check_agrees_with_jsonschema_on_mutated_cards(game, data):
    schema, card, index = data.draw(st.sampled_from(samples()[game]))
    changed = borrow(card, schema, game, data) if data.draw(st.booleans()) else mutate(card, data)
    agree(schema, changed, index)


def test_every_shipped_card_passes_both():
    for cards in samples().values():
        for schema, card, index in cards:
            agree(schema, card, index)


def test_json_equality_keeps_booleans_apart_from_numbers():
    assert not _equal(True, 1) and not _equal(0, False) and _equal(1, 1.0) and _equal([1, {"a": True}], [1, {"a": True}])
