"""The full game's political actions beyond preparing an event (CoL § POLITICS PHASE; docs/rules/tta.md
§ 11.1): which are offered, and what each does — aggressions with the rival's defence, wars resolved
a round later, resigning. Preparing an event and colonization stay in ``rules.py`` (the first game
plays them too).

Each action is offered only when the rule parameter `political_actions` names it (a variant may
leave some out) and the Code of Laws allows it at that moment. Decisions out of turn (the rival's
defence) are pending decisions owned by the player who takes them.
"""

from __future__ import annotations

from typing import NamedTuple

from cardtools.effects.runtime import Ctx, Option, Pending, run_all
from cardtools.engine.abilities import Powers, run_abilities
from cardtools.engine.flow import CLOCKWISE
from cardtools.games.tta.vocabulary import Meanings, _without

#: The game-ending age (CoL § END OF AN AGE): no resigning in it (CoL § RESIGN).
AGE_IV = 4
#: Culture each player scores for a war they declared on a player who resigns (CoL § RESIGN).
RESIGNED_WAR_CULTURE = 7
#: The political actions played with a card of the military hand (CoL § POLITICS PHASE).
CARD_ACTIONS = frozenset({"play_aggression", "declare_war", "offer_pact"})


class War(NamedTuple):
    """A war in play (CoL § DECLARE A WAR): the war card played, who declared it on whom, and the war
    whose text applies — another one than the card only for an open war (`shared_wars`)."""

    card: str
    attacker: int
    rival: int
    text: str


class Politics(Meanings):
    """Aggressions (CoL § PLAY AN AGGRESSION), wars (§ DECLARE A WAR, § RESOLVE A WAR), pacts (§ OFFER A
    PACT, § CANCEL A PACT), resigning (§ RESIGN). ``wars``: every ``War`` in play; ``pacts``: (card,
    holder, partner, the holder's side) of every pact in play, in its holder's area."""

    def political_moves(self, p: int) -> list[int]:
        """The political actions of the full game open to ``p`` now (CoL § POLITICS PHASE)."""
        game = self.game
        ids, allowed = game.ids, game.political
        found = []
        if not allowed.isdisjoint(CARD_ACTIONS):    # (the hand is looked through only if a card may be played)
            weaker: dict[int, bool] = {}          # the strength comparisons, the same for every aggression card
            for card in set(self.mhand[p]):
                kind = game.type[card]
                if kind == "aggression" and "play_aggression" in allowed and self.attackable(p, card, weaker):
                    found.append(ids["play_aggression"][card])
                elif kind == "war" and "declare_war" in allowed and self.last_round != self.round \
                        and any(self.attackable(p, text) for text in self.war_texts(card)):   # "not during the last round"
                    found.append(ids["declare_war"][card])
                elif kind == "pact" and "offer_pact" in allowed and len(self.active) > 2:
                    found.append(ids["offer_pact"][card])              # "Offer a Pact (not in a 2-player game)"
        if "cancel_pact" in allowed:
            found += [ids["cancel_pact"][c] for c, holder, partner, _ in self.pacts if p in (holder, partner)]
        if "resign" in allowed and self.age < AGE_IV:          # "Resign (not in Age IV)"
            found.append(ids["resign"])
        return found

    def parties(self, card: str) -> tuple[int, ...]:
        """The two players a pact in play binds (its holder and their partner), or none."""
        return next(((holder, partner) for c, holder, partner, _ in self.pacts if c == card), ())

    def round_opener(self) -> int:
        """Who opens each round: the starting player, or after they resigned the next player still in
        the game clockwise (*judgment*: CoL § GAME FLOW names only the starting player)."""
        return next(q for q in CLOCKWISE.order(self.starter, self.n) if q in self.active)

    # -- attacking (CoL § PLAY AN AGGRESSION, § DECLARE A WAR) --------------------------------------------
    def forbids(self, p: int, action: str) -> bool:
        """A `forbid` modifier in force for ``p`` (Gandhi: `play_aggression`, `declare_war`)."""
        return self.mods.applies(self, "forbid", action, p)

    def attack_cost(self, p: int, card: str, rival: int) -> int:
        """The card's military action cost, multiplied by a `price` on `attack_you` of the rival's
        (Gandhi: twice as many to attack him; reference/tta-cards/civil.csv)."""
        cost = self.game.fields[card]["military_action_cost"]
        for owner, mod in self.mods.by_subject.get(("price", "attack_you"), ()):      # (``mods.get`` without its call)
            if owner == rival and mod.applies(self, owner, p):
                cost *= mod.args["times"].get("military_actions", 1)
        return cost

    def attack_strength(self, p: int, rival: int, of: int | None = None) -> int:
        """The strength of ``of`` (default ``p``) when ``p`` attacks ``rival``: bonuses that apply when
        attacking that player count (`attacking: partner`, Open Borders); bonuses from a pact between
        them that ends when they attack do not (CoL § PLAY AN AGGRESSION) — worked out on a copy
        where it has ended."""
        if not self.pacts:      # (no pact to end, no `attacking: partner` bonus: the strength as it is)
            return self.stat(None, p if of is None else of, "strength")
        state = self
        ending = self.ending_pacts(p, rival)
        if ending:
            state = self.clone()
            state.log = None
            for card in ending:
                state.end_pact(card)
        state.attacking = (p, rival)
        try:
            return state.stat(None, p if of is None else of, "strength")
        finally:
            state.attacking = None

    def rivals_for(self, p: int, card: str) -> list[int]:
        """Whom ``p`` may attack with this aggression or war, paying its cost: any other player still in
        the game with no pact between them forbidding it (`shielded`); an aggression only one whose
        strength is lower than the attacker's (CoL § PLAY AN AGGRESSION); a war not one immune to wars
        (`immune: war`); nobody if a card forbids the attacker this kind of attack (Gandhi)."""
        return list(self._rivals(p, card, None))

    def attackable(self, p: int, card: str, weaker: dict[int, bool] | None = None) -> bool:
        """Whether ``p`` may attack anyone with this aggression or war (the rivals compared only until one is
        found)."""
        return next(self._rivals(p, card, weaker), None) is not None

    def _rivals(self, p: int, card: str, weaker: dict[int, bool] | None):
        """``rivals_for`` one at a time. ``weaker``: rival -> whether they are weaker when ``p`` attacks
        them, filled as asked (several aggression cards in a hand ask the same)."""
        war = self.game.type[card] == "war"
        if self.forbids(p, "declare_war" if war else "play_aggression"):
            return
        military = self.military_left(p)
        own = None          # p's strength: without pacts the same whomever p attacks (``attack_strength``)
        for q in self.active:
            if q == p or self.attack_cost(p, card, q) > military or self.shielded(p, q):
                continue
            if war and self.mods.applies(self, "immune", "war", q):
                continue
            if not war:
                if weaker is None:
                    weaker = {}
                if q not in weaker:
                    if own is None or self.pacts:
                        own = self.attack_strength(p, q)
                    weaker[q] = own > self.attack_strength(p, q, of=q)
                if not weaker[q]:
                    continue
            yield q

    def _attack(self, p: int, card: str, verb: str, then, texts: tuple[str, ...] = ()):
        """Reveal the card and name the rival — and for a war, which of ``texts`` is declared — (a
        decision of the attacker's), pay its cost, then ``then(state, rival, text)``."""
        self.mhand[p] = _without(self.mhand[p], card)
        self.political_done(p)

        def at(q, text):
            def run(st):
                st.spend_military(p, st.attack_cost(p, text, q))
                st.note(f"{st.who(p)} {verb} {st.game.name(text)} against {st.who(q)}")
                return run_all(st, [lambda s: s.attack_ends_pacts(p, q), lambda s: then(s, q, text)])
            return run
        return Pending(p, f"{self.game.name(card)}: against whom?", tuple(
            Option(f"against {self.who(q)}" + (f" as {self.game.name(text)}" if text != card else ""), at(q, text))
            for text in texts or (card,) for q in self.rivals_for(p, text)))

    # -- PLAY AN AGGRESSION (CoL § PLAY AN AGGRESSION; HB § THE FULL GAME › AGGRESSIONS) ------------------
    def move_play_aggression(self, card: str):
        p = self.player
        return self._attack(p, card, "plays", lambda st, q, _: st.defend(p, card, q, st.attack_strength(p, q), ()))

    def defend(self, p: int, card: str, q: int, strength: int, cards: tuple[str, ...]):
        """The rival's defence, one card at a time (their decision): a military bonus card adds its
        defence value, any other military card discarded face down adds 1, at most as many cards as
        their military action total. Once the rival's strength matches the attacker's the aggression
        fails; giving up (or being unable to match) plays no card and the aggression succeeds."""
        game = self.game
        defence = self.stat(None, q, "strength") + sum(self.defence_value(c) for c in cards)
        if defence >= strength:
            return self.repel(p, card, q, cards)
        hand = list(self.mhand[q])
        for c in cards:
            hand.remove(c)
        room = self.stat(None, q, "military_actions") - len(cards)
        best = sorted((self.defence_value(c) for c in hand), reverse=True)[:max(0, room)]
        if defence + sum(best) < strength:
            return self.aggression_succeeds(p, card, q)
        options = [Option("give up", lambda st: st.aggression_succeeds(p, card, q))]
        for c in dict.fromkeys(hand):
            verb = "play" if game.type[c] == "military_bonus" else "discard"
            options.append(Option(f"{verb} {game.label(c)} (+{self.defence_value(c)})",
                                  lambda st, c=c: st.defend(p, card, q, strength, cards + (c,))))
        return Pending(q, f"defend against {game.name(card)} (strength {defence} against {strength})?",
                       tuple(options))

    def defence_value(self, card: str) -> int:
        """A military bonus card's defence value; any other military card discarded counts 1."""
        return self.game.fields[card]["defense"] if self.game.type[card] == "military_bonus" else 1

    def repel(self, p: int, card: str, q: int, cards: tuple[str, ...]) -> None:
        """The aggression fails: the defence cards and the aggression are discarded, nothing happens."""
        for c in cards:
            self.mhand[q] = _without(self.mhand[q], c)
        self.discard_military(cards + (card,))
        if self.log is not None:
            self.note(f"  {self.who(q)} defends with {len(cards)} military card{'s' if len(cards) != 1 else ''}: "
                      f"the aggression fails")

    def aggression_succeeds(self, p: int, card: str, q: int):
        """The card's effect, against the rival (`victim`); then it is discarded."""
        self.note("  the aggression succeeds")
        self.discard_military((card,))
        return run_abilities(self, p, self.game.triggered(card, "succeeded"), {"victim": q})

    def discard_military(self, cards) -> None:
        """Military cards to the discard pile of their age; only the current age's pile is ever drawn
        again (CoL § DRAW MILITARY CARDS; HB § SUMMARY - DISCARDING CARDS)."""
        self.discards += tuple(c for c in cards if self.game.age[c] == self.age)

    # -- DECLARE A WAR, RESOLVE A WAR (CoL § DECLARE A WAR, § RESOLVE A WAR; HB § THE FULL GAME › WARS) ---
    def war_texts(self, card: str) -> tuple[str, ...]:
        """The wars a war card may declare: its own, or an open war card (`shared_wars`, the shorter
        game's War over Culture, at its own cost: HB § VARIANTS › SHORTER GAME › WARS)."""
        return (card,) + tuple(w for w in self.game.rules["shared_wars"] if w != card)

    def move_declare_war(self, card: str):
        p = self.player

        def declared(st, q, text):
            st.wars += (War(card, p, q, text),)
            st.note(f"  the war will be resolved at the start of {st.who(p)}'s next turn")
        return self._attack(p, card, "declares", declared, self.war_texts(card))

    def resolve_wars(self, p: int):
        """At the start of the declarer's next turn: the higher strength (the declarer's bonuses when
        attacking that player count; no bonus cards) wins by the difference, the strength advantage,
        and the card's effect applies for the victor against the loser; equal strength, nothing; the
        war card is discarded either way."""
        steps = []
        for war in [w for w in self.wars if w.attacker == p]:
            card, q = war.text, war.rival
            self.wars = tuple(w for w in self.wars if w != war)
            self.discard_military((war.card,))
            mine, theirs = self.attack_strength(p, q), self.stat(None, q, "strength")
            self.note(f"{self.game.name(card)}: {self.who(p)} {mine} against {self.who(q)} {theirs}")
            if mine == theirs:
                self.note("  equal strength: no effect")
                continue
            victor, loser = (p, q) if mine > theirs else (q, p)
            self.note(f"  {self.who(victor)} wins by {abs(mine - theirs)}")
            event = {"loser": loser, "advantage": abs(mine - theirs)}
            steps.append(lambda st, c=card, v=victor, e=event:
                         run_abilities(st, v, st.game.triggered(c, "war_resolved"), e))
        return run_all(self, steps)

    # -- what aggressions and wars take (the verb `seize`) --------------------------------------------------
    def effect_seize(self, ctx: Ctx, what: str, giver: int, budget: int | None):
        """`seize`: a colony (Annex: its permanent effect moves with it, its immediate effect is ignored,
        CoL § COLONIES) or special technologies whose printed science costs add up to at most
        ``budget`` (War over Technology), one decision per card; not one the taker has in play or in
        hand; of a category the taker has, the higher level stays (CoL § RESOLVE A WAR)."""
        p, game = ctx.player, self.game
        held = set(self.play[p]) | set(self.hand[p])
        if what == "colony":
            cards = [c for c in self.play[giver] if game.type[c] == "territory"]
        else:
            cards = [c for c in self.play[giver] if game.type[c] == "special_technology" and c not in held
                     and game.fields[c]["science_cost"] <= budget]
        if not cards:
            return None
        options = [] if what == "colony" else [Option("take nothing more", lambda st: None)]

        def take(card):
            def run(st):
                st.move_card(giver, p, card)
                if what != "colony":
                    return st.effect_seize(ctx, what, giver, budget - game.fields[card]["science_cost"])
                return None
            return run
        options += [Option(f"take {game.label(c)}", take(c)) for c in cards]
        return Pending(p, f"take which {what.replace('_', ' ')}?", tuple(options))

    def move_card(self, giver: int, taker: int, card: str) -> None:
        """A colony or special technology changes hands: the giver loses its permanent effect and the
        tokens it brought, the taker gains them (a special technology of a category the taker has in
        play keeps only the higher level)."""
        game = self.game
        self.play[giver] = _without(self.play[giver], card)
        blue, yellow = self.card_tokens(giver, card)
        self.box(giver, -blue, -yellow)
        self.refresh(giver, cards=True)
        if game.type[card] == "special_technology":
            category = game.fields[card]["category"]
            same = [c for c in self.play[taker] if game.fields[c].get("category") == category]
            if any(game.age[c] >= game.age[card] for c in same):
                self.note(f"  {self.who(taker)} takes {game.name(card)} and discards it (a higher level is in play)")
                self.refresh(taker, cards=True)
                return
            self.play[taker] = tuple(c for c in self.play[taker] if c not in same)
        self.play[taker] += (card,)
        self.box(taker, blue, yellow)
        self.refresh(taker, cards=True)
        self.note(f"  {self.who(taker)} takes {game.name(card)} from {self.who(giver)}")

    # -- PACTS (CoL § OFFER A PACT, § CANCEL A PACT; HB § THE FULL GAME › PACTS) ------------------------------
    def move_offer_pact(self, card: str):
        """Reveal the pact, name the player it is offered to and, for a pact with sides, the side the
        offerer takes (the offerer's decision); then the offered player accepts or refuses (theirs)."""
        p = self.player
        self.mhand[p] = _without(self.mhand[p], card)
        self.political_done(p)
        sides = ("A", "B") if self.game.pact_sided[card] else (None,)
        options = []
        for q in self.active:
            if q == p:
                continue
            for side in sides:
                label = f"offer to {self.who(q)}" + (f" taking side {side}" if side else "")
                options.append(Option(label, lambda st, q=q, side=side: st.ask_pact(p, card, q, side)))
        return Pending(p, f"offer {self.game.name(card)} to whom?", tuple(options))

    def ask_pact(self, p: int, card: str, q: int, side: str | None):
        self.note(f"{self.who(p)} offers {self.game.name(card)} to {self.who(q)}"
                  + (f", taking side {side}" if side else ""))

        def refuse(st):
            st.mhand[p] += (card,)
            st.note(f"  {st.who(q)} refuses: the pact goes back to {st.who(p)}'s hand")
        return Pending(q, f"accept {self.game.name(card)} from {self.who(p)}"
                       + (f" (you take side {'B' if side == 'A' else 'A'})" if side else "") + "?",
                       (Option("accept", lambda st: st.accept_pact(p, card, q, side)), Option("refuse", refuse)))

    def accept_pact(self, p: int, card: str, q: int, side: str | None) -> None:
        """The pact enters the offerer's area (any pact already there ends) and applies at once; wars
        already declared stand."""
        for old in [c for c, holder, _, _ in self.pacts if holder == p]:
            self.end_pact(old)
        self.pacts += ((card, p, q, side),)
        self.refresh(p, cards=True)
        self.refresh(q, cards=True)
        self.note(f"  {self.who(q)} accepts: {self.game.name(card)} is in play")

    def move_cancel_pact(self, card: str) -> None:
        """Remove a pact one is party to, in anyone's area; it stops affecting both parties."""
        p = self.player
        self.political_done(p)
        self.note(f"{self.who(p)} cancels {self.game.name(card)}")
        self.end_pact(card)

    def end_pact(self, card: str) -> None:
        """The pact leaves play (removed from the game, CoL § DISCARD OR REMOVE FROM PLAY) and stops
        affecting its parties."""
        parties = self.parties(card)
        self.pacts = tuple(pact for pact in self.pacts if pact[0] != card)
        for q in parties:
            self.refresh(q, cards=True)
        self.note(f"  {self.game.name(card)} ends")

    def effect_end_pact(self, ctx: Ctx) -> None:
        """`end_pact`: the pact the ability is on ends (Military Alliance, Promise of Military Protection)."""
        if self.parties(ctx.card):
            self.end_pact(ctx.card)

    def pact_abilities(self, p: int) -> tuple:
        """The abilities ``p`` has from the pacts they are party to: every party's (`both`), and their
        side's (`side_a`, `side_b`)."""
        found = ()
        for card, holder, partner, side in self.pacts:
            if p == holder:
                found += self.game.pact_powers[card][side]
            elif p == partner:
                found += self.game.pact_powers[card][{"A": "B", "B": "A"}.get(side)]
        return found

    def between(self, p: int, q: int) -> list[str]:
        """The pacts binding ``p`` and ``q`` together."""
        return [c for c, holder, partner, _ in self.pacts if {holder, partner} == {p, q}]

    def shielded(self, p: int, q: int) -> bool:
        """A pact between them forbids attacking the partner (`forbid: attack_partner`: Acceptance of
        Supremacy, Peace Treaty, Loss of Sovereignty; CoL § PLAY AN AGGRESSION)."""
        return bool(self.pacts) and any(getattr(a, "verb", None) == "forbid" and "attack_partner" in a.subjects
                                        for card in self.between(p, q) for a in self.game.pact_powers[card][None])

    def ending_pacts(self, p: int, q: int) -> list[str]:
        """The pacts between them that end when one attacks the other (`parties_attack`)."""
        return [c for c in self.between(p, q) if self.game.triggered(c, "parties_attack")] if self.pacts else []

    def attack_ends_pacts(self, p: int, q: int):
        """When ``p`` attacks ``q``, the pacts between them that say so end (`parties_attack` →
        `end_pact`; CoL § PLAY AN AGGRESSION, § DECLARE A WAR)."""
        return run_all(self, [lambda st, c=c: run_abilities(st, p, st.game.triggered(c, "parties_attack"))
                              for c in self.ending_pacts(p, q)])

    # -- RESIGN (CoL § RESIGN; HB § RESIGNING) -----------------------------------------------------------
    def move_resign(self):
        """The player leaves the game and has lost: the pacts they are party to end, their hands are
        discarded, their cards leave play (their abilities stop; the board stays visible as it was),
        wars declared on them are removed
        and score their declarers 7 culture each, their own wars are removed, and the others go on
        without them. One player left: the game ends and they win. Their turn ends at once."""
        p = self.player
        for card in [c for c, holder, partner, _ in self.pacts if p in (holder, partner)]:
            self.end_pact(card)
        self.active = tuple(q for q in self.active if q != p)
        self.discard_military(self.mhand[p])
        self.hand[p], self.mhand[p] = (), ()
        self.unused_final += self.sealed[p] + self.kept[p]          # their set-aside events leave with them
        self.sealed[p], self.kept[p] = (), ()
        self.exclusive = tuple(e for e in self.exclusive if e[0] != p)
        self.set_powers(p, Powers({}, (), self.powers[p].printed))      # no ability of theirs applies
        self.note(f"{self.who(p)} resigns")
        for war in self.wars:
            if war.rival == p:
                self.score_culture(war.attacker, RESIGNED_WAR_CULTURE, "resign")
                self.note(f"  {self.who(war.attacker)}'s {self.game.name(war.text)} is removed: "
                          f"+{RESIGNED_WAR_CULTURE} culture")
        self.wars = tuple(w for w in self.wars if p not in (w.attacker, w.rival))
        if len(self.active) == 1:
            self.note(f"  {self.who(self.active[0])} is the last civilization left and wins")
            self._over()
            return None
        self._next_turn()
        return None

    def ranks(self) -> list[int]:
        """Most culture wins, ties share (``RANKING``); a player who resigned has lost (CoL § RESIGN):
        every player who resigned shares the place after those still in the game."""
        ranks = super().ranks()
        if len(self.active) == self.n:
            return ranks
        culture = self.culture
        last = len(self.active) + 1
        return [1 + sum(1 for o in self.active if culture[o] > culture[q]) if q in self.active else last
                for q in range(self.n)]
