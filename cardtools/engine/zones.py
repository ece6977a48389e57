"""Zones: where cards are, and who may see them. ``observation`` and ``determinize`` follow from them.

A rules module declares its zones as data: a state attribute holding a tuple of card ids (or, for
``per_seat`` zones, one tuple per seat), its ``visibility`` — ``PUBLIC``, ``OWNER`` (only the
seat it belongs to: a hand) or ``HIDDEN`` (nobody: a deck's order) — and, for hidden cards, the
``pool`` they are dealt from. Where the zone shows in the state's ``snapshot()`` is its ``view``
path (``SEAT`` stands for the seat's name).

* ``observe(state, seat)``: the snapshot with every zone the seat may not see replaced by its
  size; in a game with hidden zones, the moves open to another seat are not shown either (they
  would tell its hand).
* ``deal_again(state, seat, rng)``: a copy of the state the seat cannot tell from it — the cards
  of each pool that the seat may not see are gathered (zone by zone), shuffled together and dealt
  back in the same numbers, seat by seat and then to the zones of nobody's; the copy's own future
  chance is drawn anew (``rng``). A zone with a ``back`` (a card field its backs show, e.g. the
  age) deals each card again from the unseen cards of its pool with the same back. In a zone with
  ``placed_by``, a card the seat placed there is known to it: observed by name (the others as
  ``None``, the view a list) and kept where it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from cardtools.engine.contract import shuffle

PUBLIC, OWNER, HIDDEN = "public", "owner", "hidden"
#: In a ``view`` path: the name of the seat the zone belongs to.
SEAT = "<seat>"


@dataclass(frozen=True, slots=True)
class Zone:
    name: str                      # the state attribute
    visibility: str = PUBLIC
    per_seat: bool = False
    pool: str | None = None        # hidden cards are dealt again from their pool
    view: tuple = ()               # where the snapshot shows it (empty: not shown)
    #: The game's mapping (an attribute of ``state.game``, card id -> value) of what a card's back
    #: shows, e.g. ``"age"``: a hidden card is dealt again only from unseen cards with the same back.
    back: str | None = None
    #: A state attribute parallel to a hidden zone's cards: the seat that placed each one (or
    #: ``None``). That seat knows the card: its observation names it, its determinized copy keeps it.
    placed_by: str | None = None

    def hidden_from(self, seat: int, owner: int | None) -> bool:
        return self.visibility == HIDDEN or (self.visibility == OWNER and owner != seat)


def imperfect(zones: Sequence[Zone]) -> bool:
    """Whether some cards are hidden from some player."""
    return any(z.visibility != PUBLIC for z in zones)


def observe(state, seat: int, zones: Sequence[Zone], move_views: Sequence[str]) -> dict:
    """What ``seat`` may see of ``state``: its snapshot with hidden zones reduced to their sizes."""
    view = state.snapshot()
    for zone in zones:
        if zone.visibility == PUBLIC or not zone.view:
            continue
        cards = getattr(state, zone.name)
        if zone.per_seat:
            for owner, held in enumerate(cards):
                if zone.hidden_from(seat, owner):
                    _put(view, _path(zone.view, state.seat_name(owner)), len(held))
        elif zone.placed_by:
            placers = getattr(state, zone.placed_by)
            _put(view, zone.view, [card if by == seat else None for card, by in zip(cards, placers)])
        elif zone.hidden_from(seat, None):
            _put(view, zone.view, len(cards))
    if imperfect(zones) and state.current_player != seat:
        for key in move_views:
            view[key] = type(view[key])()
    return view


def deal_again(state, seat: int, rng: random.Random, zones: Sequence[Zone]):
    """A copy of ``state`` with the cards ``seat`` may not see dealt again (see the module doc)."""
    pools: dict[tuple, list[str]] = {}                          # (pool, back) -> unseen cards
    places: list[tuple] = []              # (zone, owner, its cards, each card's pool and back or None: kept)
    for zone in zones:
        if zone.pool is None or zone.visibility == PUBLIC:
            continue
        cards = getattr(state, zone.name)
        backs = getattr(state.game, zone.back) if zone.back else {}
        for owner, held in (enumerate(cards) if zone.per_seat else [(None, cards)]):
            if zone.hidden_from(seat, owner):
                placers = getattr(state, zone.placed_by) if zone.placed_by else [None] * len(held)
                keys = [None if by == seat else (zone.pool, backs.get(card)) for card, by in zip(held, placers)]
                for key, card in zip(keys, held):
                    if key is not None:                    # a card the seat placed stays where it is
                        pools.setdefault(key, []).append(card)
                places.append((zone, owner, held, keys))
    places.sort(key=lambda place: (place[1] is None, place[1] or 0))   # seat by seat, then nobody's
    new = state.clone()
    for cards in pools.values():
        shuffle(rng, cards)
    new.seed = rng.getrandbits(64)                    # the game's own future chance is unknown too
    dealt = {key: iter(cards) for key, cards in pools.items()}
    for zone, owner, held, keys in places:
        hand = tuple(card if key is None else next(dealt[key]) for card, key in zip(held, keys))
        if zone.per_seat:
            getattr(new, zone.name)[owner] = hand
        else:
            setattr(new, zone.name, hand)
    return new


def _path(view: tuple, seat_name: str) -> tuple:
    return tuple(seat_name if part == SEAT else part for part in view)


def _put(view: dict, path: tuple, value) -> None:
    for key in path[:-1]:
        view = view[key]
    view[path[-1]] = value
