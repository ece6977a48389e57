"""Scenario set-up for 7 Ages (``Game.arrange``): a table described in the game's words.

```yaml
setup:
  who_goes_first: true           # stop before § Who goes first? (with the hands given), instead of …
  first: P1                      # … a First player (families are then taken in seat order)
  hands: {P1: [romans, greeks]}  # replace the hands dealt
  deck: [french, goths]          # the top of the deck, in order (conflict and trade draws)
  cities: {etruria: 5}           # cities in areas nobody holds
  temples: {syria: islam}        # option 12's temples (temples.py)
  kingdoms: {gaul: [sword]}      # option 10's kingdom units (neutral_kingdoms.py)
  holy_wars: {syria: islam}      # option 16's Holy wars on the map, with their religion (crusades.py)
  empires:                       # empires already in play
    - {player: P1, card: romans, colour: red_dark, level: 12, money: 10, glory: 5, capital: latium, homeland: latium,
       areas: {latium: [sword, sword]}, cities: {latium: 3}, elite: 1, forts: [latium], disorder: [latium],
       beliefs: [christianity], leaders: {latium: [caesar, ph]}, extra_go: 1}   # a named leader, or a type's code
    - {player: P2, card: successor_state, parent: romans, areas: {dacia: [sword]}}   # spawned from the Romans
```

The game then waits for the first turn's markers.
"""

from __future__ import annotations

from cardtools.engine.scenario import Ownership, SetupError, seat_named


def arrange(game, players: int, seed: int, setup: dict):
    state = game.new_state(players, seed, log=True)
    cards = Ownership({"hands": game.cards, "deck": game.cards}, unique=frozenset({"hands", "deck"}))
    if setup.get("who_goes_first"):
        hands(state, setup, cards)
        return state
    while state.step[0] in ("bid", "family"):             # who goes first, by seat order
        state.apply(state.legal_actions()[0])
    state.log.clear()
    state.changes.clear()
    if "first" in setup:
        state.first = seat_named(state, setup["first"], ("first",))
    hands(state, setup, cards)
    for i, spec in enumerate(setup.get("empires", ())):
        path = ("empires", i)
        seat = seat_named(state, spec.get("player", "P1"), path + ("player",))
        card = spec.get("card")
        if card not in game.empires or not game.empires[card]:
            raise SetupError(path + ("card",), f"'{card}' is not an empire card")
        free = [s for s in state.slots_of(seat) if state.empire[s] is None]
        if not free:
            raise SetupError(path, f"{spec.get('player')} has no room for another empire")
        slot = free[0]
        colour = spec.get("colour") or state.free_colours(seat)[0]
        if colour not in game.colours or colour in state.colour:
            raise SetupError(path + ("colour",), f"'{colour}' is not a free colour")
        state.empire[slot], state.colour[slot] = card, colour
        state.take_specials(slot)
        state.parent[slot] = spec.get("parent")           # a Successor State's parent empire (by card)
        state.progress[slot] = spec.get("level", 1)
        state.money[slot] = spec.get("money", 0)
        state.elite[slot] = spec.get("elite", 0)
        state.extra_go[slot] = spec.get("extra_go", 0)     # option 16: a Forum's '+1 go' markers (forum.py)
        state.glory[slot] = spec.get("glory", 0)           # the player's glory, held by this empire's slot
        for area, units in spec.get("areas", {}).items():
            if area not in game.world.areas:
                raise SetupError(path + ("areas", area), f"no area '{area}' on the map")
            bad = [u for u in units if u not in game.unit_class]
            if bad:
                raise SetupError(path + ("areas", area), f"no unit type {', '.join(bad)}")
            state.place(slot, area, tuple(units))
        for area, value in spec.get("cities", {}).items():
            state.city[area] = value
        state.forts |= frozenset(spec.get("forts", ()))
        state.disorder |= frozenset(spec.get("disorder", ()))
        state.capital[slot] = spec.get("capital")
        state.homeland[slot] = spec.get("homeland", spec.get("capital"))
        state.beliefs[slot] = tuple(spec.get("beliefs", ()))
        state.on_card[slot] = tuple(b for b in state.beliefs[slot] if game.artefacts[b]["placement"] == "card")
        state.on_card[slot] += tuple(spec.get("on_card", ()))      # other artefacts on its card (option 16)
        for area, leaders in spec.get("leaders", {}).items():
            for j, leader in enumerate(leaders):
                if leader in game.named_leaders:
                    named = next(n for e in game.empires.values() if e for ns in e.get("named_leaders", {}).values()
                                 for n in ns if n["name"] == game.named_leaders[leader])
                    state.leaders[slot] += ((named["name"], tuple(named["types"]), area),)
                    state.seen |= {named["name"]}
                elif leader in game.leader_type_names:
                    state.leaders[slot] += ((game.leader_type_names[leader], (leader,), area),)
                else:
                    raise SetupError(path + ("leaders", area, j), f"'{leader}' is neither a named leader nor a leader type")
    for area, value in setup.get("cities", {}).items():
        if area not in game.world.areas:
            raise SetupError(("cities", area), f"no area '{area}' on the map")
        state.city[area] = value
    for area, artefacts in setup.get("artefacts", {}).items():   # artefact markers on the map
        if area not in game.world.areas:
            raise SetupError(("artefacts", area), f"no area '{area}' on the map")
        state.artefacts[area] = tuple(artefacts)
    for area, religion in setup.get("holy_wars", {}).items():    # option 16's Holy wars on the map (crusades.py)
        if area not in game.world.areas or religion not in game.religions or game.crusade is None:
            raise SetupError(("holy_wars", area), f"no area '{area}' or no religion '{religion}'")
        state.artefacts[area] = state.artefacts.get(area, ()) + (game.crusade[1],)
        state.holy_wars = {**state.holy_wars, area: religion}
    for area, religion in setup.get("temples", {}).items():      # option 12's temples (temples.py)
        if area not in game.world.areas or religion not in game.religions:
            raise SetupError(("temples", area), f"no area '{area}' or no religion '{religion}'")
        state.temples = {**state.temples, area: religion}
    for area, units in setup.get("kingdoms", {}).items():       # option 10's kingdoms (neutral_kingdoms.py)
        if area not in game.world.areas or area in state.owner or any(u not in game.unit_class for u in units):
            raise SetupError(("kingdoms", area), f"no area '{area}', an empire's area, or no such unit type")
        state.kingdom = {**state.kingdom, area: tuple(units)}
    for artefact, level in setup.get("track", {}).items():     # option 16's blue markers (artefacts.py)
        if game.artefacts.get(artefact, {}).get("colour") != "blue":
            raise SetupError(("track", artefact), f"'{artefact}' is not a blue artefact")
        state.blue_marker(artefact, level)
    state.clocks = dict(setup.get("clocks", {}))               # option 16's markers on the tracks (clocks.py)
    state.queue, state.step, state.turn = [], None, 0
    state.proceed()
    return state


def hands(state, setup: dict, cards: Ownership) -> None:
    """The hands and the deck's top cards given; every card a setup names (empires in play too)
    leaves the other hands, the deck and the discard pile."""
    named = [e.get("card") for e in setup.get("empires", ())]
    given = {}
    for name, hand in setup.get("hands", {}).items():
        given[seat_named(state, name, ("hands", name))] = cards.give("hands", hand, ("hands", name))
        named += hand
    top = cards.give("deck", setup.get("deck", []), ("deck",))
    named = set(named) | set(top)
    for p in range(state.n):
        state.hand[p] = given.get(p, tuple(c for c in state.hand[p] if c not in named))
    state.deck = top + tuple(c for c in state.deck if c not in named)
    state.discards = tuple(c for c in state.discards if c not in named)
