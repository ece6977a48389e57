"""The player board's numbers, read from ``decks/tta/boards.yaml`` (never written here), and the fixed
rule for paying and gaining food and resources (docs/rules/tta.md § 6, § 7.2-7.3).

Blue tokens on a player's farms and mines are kept per card as ``{card: tokens}``; a token is worth
its card's ``food`` (farms) or ``resources`` (mines) value. The functions here are pure: they take
the tokens and the blue bank and return the new ones, so a state replaces its dict (copy on write)
and clones may share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable


@dataclass(frozen=True)
class Board:
    """The tables of ``boards.yaml`` as the engine asks them."""

    row_costs: tuple[int, ...]            # civil actions to take from each space, left to right
    row_discard: dict                     # players -> leftmost spaces cleared when replenishing
    start_workers: tuple[tuple[str, int], ...]   # workers printed on the initial technologies
    start_pool: int                       # unused workers at setup
    yellow_squares: int
    yellow_sections: tuple[tuple[int, int, int], ...]   # from the right: (squares, food, consumption)
    happiness: tuple[tuple[int, int], ...]              # from the right: (squares, happy faces needed)
    blue_squares: int
    blue_sections: tuple[tuple[int, int], ...]          # from the left: (squares, corruption)

    @classmethod
    def read(cls, boards) -> "Board":
        costs = [0] * max(s["last"] for s in boards["card_row"]["spaces"])
        for space in boards["card_row"]["spaces"]:
            for i in range(space["first"] - 1, space["last"]):
                costs[i] = space["civil_actions"]
        if costs != sorted(costs):
            raise ValueError("the card row's costs must grow from left to right (CoL § CARD ROW)")
        yellow, blue = boards["yellow_bank"], boards["blue_bank"]
        return cls(tuple(costs), {d["players"]: d["spaces"] for d in boards["card_row"]["discard"]},
                   tuple(boards["player_board"]["workers"].items()), boards["player_board"]["worker_pool"],
                   yellow["squares"], tuple((s["squares"], s["food"], s["consumption"]) for s in yellow["sections"]),
                   tuple((s["squares"], s["happy"]) for s in boards["happiness"]),
                   blue["squares"], tuple((s["squares"], s["corruption"]) for s in blue["sections"]))

    def _right_section(self, tokens: int, sections) -> int:
        """The index (from the right) of the section holding the rightmost of ``tokens`` yellow tokens
        (a token beyond the last square stays in the rightmost section: CoL § BLUE AND YELLOW TOKENS)."""
        empty_right = max(0, self.yellow_squares - tokens)
        seen = 0
        for i, part in enumerate(sections):
            seen += part[0]
            if empty_right < seen:
                return i
        return len(sections)

    @cached_property
    def _by_yellow(self) -> tuple[tuple[int | None, int, int], ...]:
        """(population cost, consumption, happy faces needed) for each number of yellow tokens in the
        bank, 0 to full (asked at every move: worked out once)."""
        found = []
        for yellow in range(self.yellow_squares + 1):
            food = self._right_section(yellow, self.yellow_sections)
            happy = self._right_section(yellow, self.happiness)
            found.append((self.yellow_sections[food][1] if yellow > 0 else None,
                          self.yellow_sections[food - 1][2] if food > 0 else 0,
                          self.happiness[happy - 1][1] if happy > 0 else 0))
        return tuple(found)

    @cached_property
    def _yellow_rows(self) -> dict[int, tuple[int | None, int, int]]:
        """``_by_yellow`` by number of tokens: one look-up, no call, at every question (asked at
        every move)."""
        return dict(enumerate(self._by_yellow))

    def _of_yellow(self, yellow: int) -> tuple[int | None, int, int]:
        """``_by_yellow`` for ``yellow`` tokens out of the squares: none below none, full beyond."""
        return self._by_yellow[0 if yellow < 0 else self.yellow_squares]

    def population_cost(self, yellow: int) -> int | None:
        """Food to increase population: the number under the rightmost section still holding tokens
        (CoL § INCREASE POPULATION; HB § INCREASING YOUR POPULATION); None with an empty bank."""
        return (self._yellow_rows.get(yellow) or self._of_yellow(yellow))[0]

    def consumption(self, yellow: int) -> int:
        """Food eaten in production: the number of the leftmost section left empty, 0 while none is
        (CoL § PRODUCTION PHASE › CONSUMPTION; HB § CONSUMPTION)."""
        return (self._yellow_rows.get(yellow) or self._of_yellow(yellow))[1]

    def happy_needed(self, yellow: int) -> int:
        """Happy faces needed: the number above the leftmost empty subsection, 0 while none is empty
        (CoL § DISCONTENT WORKERS; HB § SUMMARY - YELLOW BANK)."""
        return (self._yellow_rows.get(yellow) or self._of_yellow(yellow))[2]

    def corruption(self, blue: int) -> int:
        """Resources lost to corruption: the number on the leftmost uncovered numbered square of the
        blue bank, filled from the left (HB § END OF YOUR FIRST GAME › CORRUPTION); none beyond the
        sections (tokens from the box)."""
        by_blue = self._by_blue
        return by_blue[blue] if blue < len(by_blue) else 0

    @cached_property
    def _by_blue(self) -> tuple[int, ...]:
        """Corruption for each number of blue tokens in the bank, 0 to the sections' squares (asked at
        every production: worked out once)."""
        found = []
        for blue in range(sum(squares for squares, _ in self.blue_sections) + 1):
            first, corruption = 0, 0
            for squares, loss in self.blue_sections:
                if blue <= first:
                    corruption = loss
                    break
                first += squares
            found.append(corruption)
        return tuple(found)


# -- paying and gaining (docs/rules/tta.md § 6) ------------------------------------------------------------

def pay(tokens: dict, values: dict, bank: int, amount: int,
        owned: Callable[[], list[tuple[int, str]]]) -> tuple[dict, int, int] | None:
    """Pay ``amount`` from the tokens on cards worth ``values[card]`` each: the lowest tokens first,
    then one higher token with the change back on the highest lower cards the player has (``owned()``:
    ``(value, card)``, asked only when change is due); short of change in the bank, the rest is
    overpaid (CoL § LOSING FOOD OR RESOURCES). Returns (tokens, bank, paid) or None when the tokens are
    worth less than ``amount``."""
    cards = sorted([(values[c], c) for c, n in tokens.items() if n and c in values])
    tokens = dict(tokens)
    left = amount
    for value, card in cards:
        if left < value:
            break                                 # (sorted: every later token is worth as much or more)
        n = left // value                         # as many of these tokens as fit, at once
        if n > tokens[card]:
            n = tokens[card]
        tokens[card] -= n
        bank += n
        left -= n * value
    paid = amount - left
    if left:
        # the lowest token left is worth more; none left: the tokens were worth less than the amount
        # (a token the greedy payment above leaves is worth more than what is still due)
        value, card = next(((v, c) for v, c in cards if tokens[c]), (0, None))
        if card is None:
            return None
        tokens[card] -= 1
        bank += 1
        paid += value
        change, bank = _place(tokens, sorted((v, c) for v, c in owned() if v < value), bank, value - left)
        paid -= change
    return tokens, bank, paid


def lose(tokens: dict, values: dict, bank: int, amount: int,
         owned: Callable[[], list[tuple[int, str]]]) -> tuple[dict, int, int]:
    """Lose ``amount`` as ``pay`` does, or every token when they are worth less (CoL § LOSING FOOD OR
    RESOURCES); returns (tokens, bank, lost)."""
    paid = pay(tokens, values, bank, amount, owned)
    if paid is not None:
        return paid
    lost = sum(values[c] * n for c, n in tokens.items() if c in values)
    return {c: (0 if c in values else n) for c, n in tokens.items()}, bank + sum(
        n for c, n in tokens.items() if c in values), lost


def gain(tokens: dict, cards: list[tuple[int, str]], bank: int, amount: int) -> tuple[dict, int, int]:
    """Gain ``amount``: tokens from the bank onto the cards (``(value, card)``), the fewest tokens —
    highest value first; a short bank gives the most it can below the amount (HB § GAINING FOOD AND/OR
    RESOURCES). Returns (tokens, bank, gained)."""
    tokens = dict(tokens)
    gained, bank = _place(tokens, sorted(cards), bank, amount)
    return tokens, bank, gained


def _place(tokens: dict, cards: list[tuple[int, str]], bank: int, amount: int) -> tuple[int, int]:
    """Put tokens from the bank onto ``cards`` (sorted by value), highest value first, never more
    than ``amount`` in all; returns (placed, bank)."""
    placed = 0
    for value, card in reversed(cards):
        while bank and placed + value <= amount:
            tokens[card] = tokens.get(card, 0) + 1
            bank -= 1
            placed += value
    return placed, bank
