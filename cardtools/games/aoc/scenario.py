"""Scenario setup for Age of Civilization: turns a scenario's ``setup:`` into a state.

The vocabulary (documented in docs/rules/aoc.md, schema ``schemas/aoc/scenario.schema.json``):
``round``, ``starter`` and ``turn`` (``P1`` …), ``step`` (``civilization`` or ``actions``),
``time_track`` (all its cards, left to right), ``civ_market`` (ids, or ids with their bonus coins),
``civ_deck`` (top first), ``wonder_market``, ``virtual_strength`` (solo) and ``players``:
``{P1: {civilizations: [main, …others], workers, coins, score, technologies, wonders, hand}}``.
Anything not given keeps the value of a freshly set-up game with the scenario's seed; cards a
setup gives to players leave the markets and decks.
"""

from __future__ import annotations

from cardtools.core.diagnostics import did_you_mean
from cardtools.games.aoc.rules import Game, State
from cardtools.engine.scenario import SetupError


def arrange(game: Game, players: int, seed: int, setup: dict) -> State:
    """A state after setup with the scenario's changes; the log starts here."""
    state = game.new_state(players, seed, log=True)
    if not setup:
        return state
    owned = _players(state, setup.get("players", {}))
    _table(state, setup, owned)
    state.round = setup.get("round", state.round)
    if not 1 <= state.round <= game.rules["rounds"]:
        raise SetupError(("round",), f"rounds go from 1 to {game.rules['rounds']}")
    if "starter" in setup:
        state.starter = _player_index(state, setup["starter"], ("starter",))
    state.player = _player_index(state, setup["turn"], ("turn",)) if "turn" in setup else state.starter
    state.turn = (state.player - state.starter) % state.n
    state.virtual = setup.get("virtual_strength", state.virtual)
    state.packs = []                      # a scenario starts after any draft
    state.restart_turn(setup.get("step"))
    return state


def _player_index(state: State, name: str, path: tuple) -> int:
    names = [f"P{p + 1}" for p in range(state.n)]
    if name not in names:
        raise SetupError(path, f"'{name}' is not a player of this {state.n}-player game ({', '.join(names)})")
    return names.index(name)


def _players(state: State, given: dict) -> set[str]:
    """Each listed player's belongings; returns every card they were given."""
    game = state.game
    owned: set[str] = set()
    kinds = {"civilizations": game.civilizations, "technologies": game.technologies, "wonders": game.wonders,
             "hand": game.civilizations}
    for name, spec in given.items():
        pl = state.seats[_player_index(state, name, ("players", name))]
        for key, known in kinds.items():
            for i, card in enumerate(spec.get(key, ())):
                if card not in known:
                    raise SetupError(("players", name, key, i), f"'{card}' is not one of the {key} of this deck"
                                                                f"{did_you_mean(card, known)}")
                if card in owned:
                    raise SetupError(("players", name, key, i), f"'{card}' is given twice")
                owned.add(card)
        if "civilizations" in spec:
            pl.civs = tuple(spec["civilizations"])
            pl.main = pl.civs[0] if pl.civs else None
            pl.risen = pl.civs[:1]
            pl.workers = game.population[pl.main] if pl.main else 0
        pl.techs = tuple(spec.get("technologies", pl.techs))
        for i, tech in enumerate(pl.techs):
            needs = game.requires[tech]
            if needs and not any(t in pl.techs for t in needs):
                raise SetupError(("players", name, "technologies", i),
                                 f"'{tech}' needs one of: {', '.join(needs)}")
        pl.wonders = tuple(spec.get("wonders", pl.wonders))
        pl.hand = tuple(spec.get("hand", pl.hand))
        for key in ("workers", "coins", "score"):
            if key in spec:
                setattr(pl, key, spec[key])
    return owned


def _table(state: State, setup: dict, owned: set[str]) -> None:
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
    state.civ_deck, state.drawn = tuple(deck), 0
    wonders = setup.get("wonder_market")
    if wonders is None:
        wonders = [w for w in state.wonder_market if w not in owned]
    for i, card in enumerate(wonders):
        if card not in game.wonders or card in owned:
            raise SetupError(("wonder_market", i), f"'{card}' is not a wonder left for the market")
    state.wonder_market = tuple(wonders)
