"""Scenario setup for Through the Ages: a scenario's ``setup:`` in the game's words, applied to a state
after setup with the scenario's seed (the log starts there).

``round``, ``turn`` (``P1`` …), ``card_row`` (one entry per space, ``null`` for an empty one) and
``players: {P1: {…}}`` with any of: ``hand``, ``military_hand``, ``in_play`` (government, leader,
special technologies, completed wonders), ``technologies`` (farms, mines, urban buildings and units
besides the initial ones), ``workers`` (``{card: n}``, all of them), ``unused_workers``,
``blue_tokens`` (``{card: n}`` on farms and mines), ``blue_bank``, ``yellow_bank``, ``science``,
``culture``, ``wonder`` and ``wonder_stages``, ``tactic``; and the table: ``age`` (A, I, II),
``civil_deck``, ``military_deck``, ``events`` (the current events deck, top first),
``future_events``, ``last_round``, ``step`` (``politics`` or ``actions``). What is not given keeps
its value; from round 2 on, Age I has begun (its decks shuffled from the seed).
"""

from __future__ import annotations

from cardtools.engine.scenario import SetupError, seat_named
from cardtools.games.tta.politics import War
from cardtools.games.tta.rules import AGES

LISTS = {"hand": "hand", "military_hand": "mhand", "in_play": "play", "sealed_events": "sealed", "kept_events": "kept"}
COUNTED = ("workers", "blue_tokens")
NUMBERS = {"unused_workers": "pool", "blue_bank": "blue", "yellow_bank": "yellow", "science": "science",
           "culture": "culture", "wonder_stages": "stages"}


def arrange(game, players: int, seed: int, setup: dict):
    """A state after setup with the scenario's changes (SetupError at the entry it cannot arrange)."""
    state = game.new_state(players, seed, log=True)
    known = set(game.type)
    for name, spec in (setup or {}).get("players", {}).items():
        p = seat_named(state, name, ("players", name))
        if not isinstance(spec, dict):
            raise SetupError(("players", name), "a player's setup is a mapping: {hand: [...], science: 3, ...}")
        for key, spec_value in spec.items():
            path = ("players", name, key)
            _check_shape(key, spec_value, path)
            cards = list(spec_value) if isinstance(spec_value, (list, dict)) else []
            if key in ("wonder", "tactic") and spec_value is not None:
                cards = [spec_value]
            for card in cards:
                if card not in known:
                    raise SetupError(path, f"no card '{card}' in this deck")
            if key in LISTS:
                getattr(state, LISTS[key])[p] = tuple(spec_value)
            elif key == "technologies":
                state.techs[p] = tuple(dict.fromkeys(state.techs[p] + tuple(spec_value)))
            elif key == "workers":
                state.staffed[p] = tuple(c for c, k in spec_value.items() for _ in range(k))
                state.techs[p] = tuple(dict.fromkeys(state.techs[p] + tuple(spec_value)))
            elif key == "blue_tokens":
                state.tokens[p] = dict(spec_value)
            elif key in NUMBERS:
                getattr(state, NUMBERS[key])[p] = spec_value
            elif key == "wonder":
                state.wonder[p] = spec_value
            elif key == "tactic":
                state.tactic[p] = spec_value
            else:
                raise SetupError(path, f"unknown player entry '{key}'")
        state.refresh(p, cards=True)
    if "card_row" in (setup or {}):
        row = tuple(setup["card_row"])
        if len(row) != len(state.row):
            raise SetupError(("card_row",), f"the card row has {len(state.row)} spaces")
        for i, card in enumerate(row):
            if card is not None and card not in known:
                raise SetupError(("card_row", i), f"no card '{card}' in this deck")
        state.row = row
    if (setup or {}).get("round", 1) > 1 and state.age == 0:
        state._new_age()                  # Age A ends at the first replenishment, before round 2 is played
    for key, attr in (("civil_deck", "civil_deck"), ("military_deck", "military_deck"), ("events", "events"),
                      ("future_events", "future"), ("end_game_events", "final_public")):
        if key in (setup or {}):
            for card in setup[key]:
                if card not in known:
                    raise SetupError((key,), f"no card '{card}' in this deck")
            setattr(state, attr, tuple(setup[key]))
    for key, fields in (("pacts", ("card", "holder", "partner", "side")), ("wars", ("card", "attacker", "rival"))):
        entries = []
        for i, entry in enumerate((setup or {}).get(key, ())):
            path = (key, i)
            if not isinstance(entry, dict) or not set(fields[:3]) <= set(entry) or set(entry) - set(fields):
                raise SetupError(path, f"a {key[:-1]} is a mapping of {', '.join(fields)}")
            if entry["card"] not in known or game.type[entry["card"]] != key[:-1]:
                raise SetupError(path, f"no {key[:-1]} '{entry['card']}' in this deck")
            seats = tuple(seat_named(state, entry[f], path + (f,)) for f in fields[1:3])
            entries.append((entry["card"], *seats, entry.get("side")) if key == "pacts"
                           else War(entry["card"], *seats, entry["card"]))
        if key in (setup or {}):
            setattr(state, key, tuple(entries))
            for p in range(players):
                state.refresh(p, cards=True)
    if "future_events" in (setup or {}):          # prepared before the scenario: by nobody it knows
        state.future_by = (None,) * len(state.future)
    if "age" in (setup or {}):
        if setup["age"] not in AGES:
            raise SetupError(("age",), "the ages are A, I, II, III and IV (the game-ending age, with no decks)")
        state.age = AGES.index(setup["age"])
    if "last_round" in (setup or {}):
        state.last_round = setup["last_round"]
    if "round" in (setup or {}):
        state.round = setup["round"]
        if state.round > 1:               # every action available again (CoL § INITIAL ACTIONS is round 1's)
            state.civil_used = [0] * players
            state.military_used = [0] * players
    if "turn" in (setup or {}):
        state.player = seat_named(state, setup["turn"], ("turn",))
    if setup:
        state.step = setup.get("step", "actions")
        if state.step not in ("politics", "actions"):
            raise SetupError(("step",), "a scenario starts in the politics or the actions step")
        state._legal = None
        state.statistics = [None] * players
        state.tables = [None] * players
    return state


def _check_shape(key: str, value, path: tuple) -> None:
    """The shape each player entry takes, said at its line rather than failing later."""
    if key in LISTS or key == "technologies":
        ok, shape = isinstance(value, list), "a list of card ids"
    elif key in COUNTED:
        ok = isinstance(value, dict) and all(isinstance(n, int) and n >= 0 for n in value.values())
        shape = "a mapping of card ids to counts"
    elif key in NUMBERS:
        ok, shape = isinstance(value, int) and not isinstance(value, bool) and value >= 0, "a whole number"
    else:
        ok, shape = value is None or isinstance(value, str), "a card id"
    if not ok:
        raise SetupError(path, f"{key} is {shape}")
