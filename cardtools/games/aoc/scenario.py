"""Scenario setup for Age of Civilization: turns a scenario's ``setup:`` into a state.

The vocabulary (documented in docs/rules/aoc.md, schema ``schemas/aoc/scenario.schema.json``):
``round``, ``starter`` and ``turn`` (``P1`` …), ``step`` (``civilization`` or ``actions``),
``time_track`` (all its cards, left to right), ``civ_market`` (ids, or ids with their bonus coins),
``civ_deck`` (top first), ``wonder_market``, ``virtual_strength`` (solo) and ``players``:
``{P1: {civilizations: [main, …others], workers, coins, score, technologies, wonders, hand}}``.
Anything not given keeps the value of a freshly set-up game with the scenario's seed. A
civilization card or a wonder exists once: given to a player, it leaves the markets and decks;
technologies do not (every player has their own technology card, SETUP 5).
"""

from __future__ import annotations

from cardtools.engine.scenario import Ownership, SetupError, seat_named


def arrange(game, players: int, seed: int, setup: dict):
    """A state after setup with the scenario's changes; the log starts here."""
    state = game.new_state(players, seed, log=True)
    if not setup:
        return state
    owned = Ownership({"civilizations": game.civilizations, "hand": game.civilizations,
                       "technologies": game.technologies, "wonders": game.wonders},
                      unique=frozenset({"civilizations", "hand", "wonders"}), distinct=frozenset({"technologies"}))
    for name, spec in setup.get("players", {}).items():
        _player(state, seat_named(state, name, ("players", name)), spec, owned, ("players", name))
    _table(state, setup, owned.taken)
    state.round = setup.get("round", state.round)
    if not 1 <= state.round <= game.rules["rounds"]:
        raise SetupError(("round",), f"rounds go from 1 to {game.rules['rounds']}")
    if "starter" in setup:
        state.starter = seat_named(state, setup["starter"], ("starter",))
    state.player = seat_named(state, setup["turn"], ("turn",)) if "turn" in setup else state.starter
    state.turn = (state.player - state.starter) % state.n
    state.virtual = setup.get("virtual_strength", state.virtual)
    state.packs = []                      # a scenario starts after any draft
    _restart_turn(state, setup.get("step"))
    return state


def _player(state, p: int, spec: dict, owned: Ownership, path: tuple) -> None:
    """One listed player's belongings."""
    game = state.game
    given = {key: owned.give(key, spec[key], (*path, key)) for key in owned.kinds if key in spec}
    if "civilizations" in given:
        civs = state.civs[p] = given["civilizations"]
        state.main[p] = civs[0] if civs else None
        state.risen[p] = civs[:1]
        state.workers[p] = game.population[civs[0]] if civs else 0
    techs = state.techs[p] = given.get("technologies", state.techs[p])
    for i, tech in enumerate(techs):
        needs = game.requires[tech]
        if needs and not any(t in techs for t in needs):
            raise SetupError((*path, "technologies", i), f"'{tech}' needs one of: {', '.join(needs)}")
    state.wonders[p] = given.get("wonders", state.wonders[p])
    state.hand[p] = given.get("hand", state.hand[p])
    for key in ("workers", "coins", "score"):
        if key in spec:
            getattr(state, key)[p] = spec[key]


def _table(state, setup: dict, owned: set[str]) -> None:
    """Time track, markets and deck; cards given to players are taken out of them."""
    game = state.game
    if "time_track" in setup:
        track = setup["time_track"]
        if sorted(track) != sorted(game.track_cards):
            raise SetupError(("time_track",), f"the time track holds exactly these cards: {', '.join(game.track_cards)}")
        state.track = tuple(track)
    market = setup.get("civ_market")
    if market is None:
        market = [c for c in state.market if c not in owned]
    market = dict(market) if isinstance(market, dict) else {c: 0 for c in market}
    for card in market:
        if card not in game.civilizations or card in owned:
            raise SetupError(("civ_market", card), f"'{card}' is not a civilization card left for the market")
    deck = setup.get("civ_deck")
    if deck is None:
        deck = [c for c in state.civ_deck if c not in owned and c not in market]
    for i, card in enumerate(deck):
        if card not in game.civilizations or card in owned or card in market:
            raise SetupError(("civ_deck", i), f"'{card}' is not a civilization card left for the deck")
    state.market, state.bonus = list(market), list(market.values())
    state.civ_deck = tuple(deck)
    wonders = setup.get("wonder_market")
    if wonders is None:
        wonders = [w for w in state.wonder_market if w not in owned]
    for i, card in enumerate(wonders):
        if card not in game.wonders or card in owned:
            raise SetupError(("wonder_market", i), f"'{card}' is not a wonder left for the market")
    state.wonder_market = tuple(wonders)


def _restart_turn(state, step: str | None) -> None:
    """After the table was arranged by hand: recompute what the cards do, forget pending work,
    start the log afresh and begin the current player's turn (at ``step`` if given)."""
    for p in range(state.n):
        state.reindex(p)
    state._new_round()
    state.agenda, state.pending, state._legal = [], None, None
    state.log = []
    state._start_turn()
    if step is not None:
        state.step = step
