"""7 Ages option 16's trade moves (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact
pre-requisites and effects › Artefacts › Computing*, › Renaissance), as a mixin of the state.

A trade is one card a side (actions.py, § 3. Trade and progress); these artefacts change what a side
plays: Computing's card picked from the deck instead of the hand (``allow: trade_from_deck``),
Renaissance's second card from the hand (``allow: trade_second_card``), and Renaissance's glory at 30
money in Harvest glory (``allow: buy_glory_30``). The choices are the kit's pending decisions
(``choose deck`` / ``choose hand``; ``choose none`` / ``choose <card>``), so no move of the codec
changes. The offers are tuples of cards: one, or two with Renaissance.
"""

from __future__ import annotations

from cardtools.effects.runtime import Option, Pending
from cardtools.games.seven_ages.artefacts import carry_on


class TradeCards:
    """What a side plays in a trade, and what the cards played are worth (option 16)."""

    __slots__ = ()

    def artefact_allows(self, slot: int, word: str) -> bool:
        """Option 16 is in play and an artefact the empire has lifts this rule (``allow: <word>``)."""
        return self.option_16() and self.empire[slot] is not None and word in self.in_force("allow", slot)

    def decide(self, pending: Pending) -> None:
        """A trade's decision, asked as the kit's pending decision; then the trade's tasks go on."""
        self.step = ("effect",)
        self.then(carry_on)
        self.ask(pending)

    def task_offer_from(self, slot: int) -> None:
        """Computing*: "empires that have computing may choose to pick one card from the deck to trade
        with instead of from their hand" — asked before the card is played; with an empty hand the
        deck's card is played anyway (actions.py ``task_offer``)."""
        seat = self.seat_of(slot)
        if not (self.hand[seat] and self.artefact_allows(slot, "trade_from_deck")):
            self.task_offer(slot)
            return

        def from_deck(st):
            st.offer[seat] = st.draw_cards(1)
            st.note(f"  {st.who(slot)} trades with a card picked from the deck")

        def from_hand(st):
            st.queue[:0] = [("offer", slot)]
        self.decide(Pending(slot, "trade with a card from the deck?",
                            (Option("deck", from_deck), Option("hand", from_hand))))

    def task_second_card(self, slot: int) -> None:
        """Renaissance: after both sides played their first card, a second one face down from the hand
        (not the deck), the side whose action it is first (the order of the tasks, actions.py)."""
        seat = self.seat_of(slot)
        if not (self.offer[seat] and self.hand[seat] and self.artefact_allows(slot, "trade_second_card")):
            return

        def second(card):
            def run(st):
                if card != "none":
                    st.take_from_hand(seat, card)
                    st.offer[seat] += (card,)
                    st.note(f"  {st.who(slot)} plays a second trade card", private=st.game.name(card))
            return run
        cards = ("none",) + tuple(sorted(set(self.hand[seat])))
        self.decide(Pending(slot, "a second trade card?", tuple(Option(c, second(c)) for c in cards)))

    def trade_tasks(self, slot: int, partner: int) -> list[tuple]:
        """The tasks of both sides' cards: each side's first (Computing may pick it from the deck), then
        each side's second (Renaissance)."""
        sides = (slot, partner) if partner >= 0 else (slot,)
        if not self.option_16():
            return [("offer", s) for s in sides]
        return [("offer_from", s) for s in sides] + [("second_card", s) for s in sides]

    def offered_value(self, slot: int, cards: tuple[str, ...]) -> int:
        """The side's trade value: its first card's (actions.py ``trade_value``) plus the value of every
        other card it played ("all trade cards you play are added to your Trade value")."""
        return self.trade_value(slot, cards[0]) + sum(self.game.value[c] for c in cards[1:])

    def cards_named(self, cards: tuple[str, ...]) -> str:
        """The cards of one side as the log shows them: ``Shang (3)`` or ``Shang (3) + Ming (5)``."""
        return " + ".join(f"{self.game.name(c)} ({self.game.value[c]})" for c in cards)

    def trade_income(self, slot: int, received: tuple[str, ...], given: tuple[str, ...]) -> int:
        """Income of a side that did not progress: the value of the cards it received *(judgment: every
        card received, with Renaissance)*, the lowest doubled with Capitalism (§ 16 › Capitalism: "the
        lowest value card"), and with Universal suffrage the cards it gave too."""
        values = sorted(self.game.value[c] for c in received)
        income = sum(values)
        if self.changing:
            income += values[0] * (self.trade_income_times(slot) - 1)
        if self.option_16() and self.trade_income_also(slot) and given:
            income += sum(self.game.value[c] for c in given)
        return income

    def glory_price(self, slot: int) -> int:
        """Glory bought in Harvest glory: 50 money a glory, 30 for an empire with Renaissance
        (``allow: buy_glory_30``; § End of turn › Harvest glory › Buying glory; the cost chart)."""
        glory = self.game.markers["glory"]
        return glory["renaissance_cost"] if self.artefact_allows(slot, "buy_glory_30") else glory["cost"]
