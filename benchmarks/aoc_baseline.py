"""A hand-coded Age of Civilization (base game, 2-4 players), kept only as the benchmark's yardstick.

Everything the engine reads from data — card abilities, turn flow, modifiers — is written out here
as plain Python: the whole game is one generator that yields the legal moves and receives the
chosen one. It plays exactly the engine's rules with the engine's move order, so the same seed and
the same random choices give the same final scores (``benchmarks/aoc.py`` checks that before
timing). Card numbers (costs, populations, printed strength) come from the deck; abilities are
transcribed from decks/aoc/*.yaml. Never used outside benchmarks/. Kept lean, as a hand-written
loop would be: a player's prices, slots, "when you perform" bonuses and the technologies they may
research are worked out when their cards (or the round) change, not at every move.
"""

from __future__ import annotations

import random

# -- the abilities, transcribed ------------------------------------------------------------------
#: (card, action) -> (coins, score): "when you perform ACTION: gain …" (main abilities: main civilization only)
MAIN_PERFORMED = {("china", "farm"): "worker", ("polynesia", "fish"): (1, 0), ("maya", "farm"): (1, 0),
                  ("greece", "culture"): (0, 1), ("sumer", "farm"): (0, 1), ("phoenicia", "trade"): (2, 0),
                  ("assyria", "conquest"): (2, 0), ("macedonia", "conquest"): (0, 1), ("mali", "trade"): (0, 1),
                  ("aksum", "enslave"): (0, 1), ("khmer", "build"): (0, 1), ("scythia", "hunt"): (0, 1),
                  ("olmec", "build"): (2, 0), ("zulu", "conquest"): "worker", ("minoa", "fish"): (2, 0),
                  ("mongolia", "conquest"): "others sacrifice", ("germania", "conquest"): "coin from others"}
LEGACY_PERFORMED = {("egypt", "build"): (0, 1), ("china", "research"): (1, 0), ("india", "culture"): (1, 0),
                    ("rome", "conquest"): (1, 0), ("arabia", "trade"): (1, 0), ("mongolia", "conquest"): (0, 1),
                    ("vikings", "fish"): (1, 0), ("hittites", "enslave"): (1, 0), ("carthage", "trade"): (1, 0),
                    ("japan", "culture"): (1, 0), ("polynesia", "fish"): (0, 1), ("kongo", "enslave"): (1, 0),
                    ("celts", "hunt"): (1, 0), ("indonesia", "fish"): (1, 0), ("germania", "hunt"): (0, 1),
                    ("persia", "trade"): (1, 0), ("sumer", "build"): (1, 0), ("phoenicia", "fish"): (1, 0),
                    ("assyria", "enslave"): (0, 1), ("inca", "farm"): (1, 0), ("mali", "hunt"): (1, 0),
                    ("aksum", "trade"): (1, 0), ("khmer", "farm"): (0, 1), ("korea", "research"): (1, 0),
                    ("byzantium", "culture"): (1, 0), ("scythia", "conquest"): (1, 0), ("zulu", "hunt"): (1, 0),
                    ("minoa", "trade"): (0, 1),
                    # technologies and wonders
                    ("writing", "culture"): (0, 1), ("sailing", "fish"): (1, 0), ("sailing", "trade"): (1, 0),
                    ("mining", "enslave"): (1, 0), ("gunpowder", "conquest"): (0, 1), ("colossus", "trade"): (2, 0),
                    ("lighthouse", "fish"): (0, 1), ("terracotta_army", "conquest"): (0, 1),
                    ("colosseum", "culture"): (0, 1)}
MAIN_BY_CARD: dict[str, list] = {}
LEGACY_BY_CARD: dict[str, list] = {}
for (_card, _action), _bonus in MAIN_PERFORMED.items():
    MAIN_BY_CARD.setdefault(_card, []).append((_action, _bonus))
for (_card, _action), _bonus in LEGACY_PERFORMED.items():
    LEGACY_BY_CARD.setdefault(_card, []).append((_action, _bonus))
#: main civilization -> (action, coins added to its cost); legacy and other cards likewise
MAIN_COST = {"egypt": ("wonder", -2), "aztecs": ("wonder", -5), "korea": ("research", -2), "byzantium": ("wonder", -3)}
CARD_COST = {"babylon": ("research", -1), "mathematics": ("research", -1), "engineering": ("build", -1),
             "temple_of_artemis": ("culture", -2)}
MAIN_SLOT = {"india": "culture", "celts": "hunt", "indonesia": "trade"}
TURN_END = ("arabia", "babylon", "persia", "education", "hanging_gardens")   # main civilizations: the first three
STRENGTH = {"great_wall": 3, "terracotta_army": 2}


class Cards:
    """The deck's numbers, read once."""

    def __init__(self, deck):
        cards = {c.id: c for c in deck.cards}
        self.civ_ids = [c.id for c in deck.of_type("civilization")]
        self.techs_all = [c.id for c in deck.of_type("technology")]
        self.actions = [c.id for c in deck.of_type("action")]
        self.names = {c.id: c.name for c in deck.cards}
        self.population = {c: cards[c].get("population") for c in self.civ_ids}
        self.printed = {c.id: c.get("military", 0) for c in deck.of_type("civilization", "technology")}
        self.requires = {t: tuple(cards[t].get("requires", ())) for t in self.techs_all}
        self.base_cost = {a: cards[a].get("cost", 0) for a in self.actions}
        self.base_workers = {a: cards[a].get("workers", 1) for a in self.actions}
        self.red = {a: cards[a].get("slot") == "red" for a in self.actions}
        self.slots = {a: cards[a].get("slots", 1) for a in self.actions}
        self.symbol = {c.id: c.get("symbol", "none") for c in deck.of_type("action", "calamity")}
        self.permanent = tuple(deck.of_type("permanent")[0].get("actions"))
        self.track = [c.id for c in deck.of_type("action", "calamity") if c.get("board", "time_track") == "time_track"]
        self.wonders = [w.id for w in deck.of_type("wonder")]
        # move ids: the engine's order (end, rest, skip, rise, annex, draft, perform, choose)
        c, t = len(self.civ_ids), len(self.techs_all)
        self.RISE, self.ANNEX = 3, 3 + c
        self.PERFORM = 3 + 3 * c
        self.T1 = t + 1
        self.CHOOSE = self.PERFORM + len(self.actions) * (t + 1)
        self.civ_index = {x: i for i, x in enumerate(self.civ_ids)}
        self.tech_index = {x: i for i, x in enumerate(self.techs_all)}
        self.action_index = {x: i for i, x in enumerate(self.actions)}
        self.decode = {}
        for a in self.actions:
            for i, target in enumerate([*self.techs_all, None]):
                self.decode[self.PERFORM + self.action_index[a] * (t + 1) + i] = (a, target)


class Baseline:
    def __init__(self, cards: Cards, players: int, seed: int):
        self.__dict__.update(cards.__dict__)
        self.n = n = players
        rng = random.Random(seed)                                   # the engine's setup shuffles
        wonders = list(self.wonders)
        rng.shuffle(wonders)
        self.wonder_market = wonders[:3 + n]
        civs = list(self.civ_ids)
        rng.shuffle(civs)
        self.market, self.bonus, self.deck = civs[:5], [0] * 5, civs[5:]
        track = list(self.track)
        rng.shuffle(track)
        self.track = track
        self.coins, self.score, self.workers = [3] * n, [0] * n, [0] * n
        self.placed, self.doomed = [0] * n, [0] * n
        self.main = [None] * n
        self.civs, self.techs, self.wonders = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
        self.order = [[] for _ in range(n)]          # cards in the order their abilities apply
        self.prices: list[dict | None] = [None] * n   # per player: action -> (workers, coins), until cards change
        self.slots_now: list[dict | None] = [None] * n   # per player: action -> slots, until the round or cards change
        self.bonuses: list[dict | None] = [None] * n  # per player: action -> "when you perform" bonuses, likewise
        self.options = [self.researchable_with(()) for _ in range(n)]   # technologies each may gain
        self.power = [0] * n                          # military strength, likewise
        self.round, self.starter = 1, 0
        self.flow = self.game()
        self.legal = next(self.flow)

    def apply(self, move: int) -> None:
        self.legal = self.flow.send(move)

    @property
    def over(self) -> bool:
        return self.legal is None

    # -- decisions --------------------------------------------------------------------------------
    def choose(self, count: int):
        """A decision among ``count`` options (one: taken at once); returns the index chosen."""
        if count == 1:
            return 0
        return (yield list(range(self.CHOOSE, self.CHOOSE + count))) - self.CHOOSE

    # -- the game -------------------------------------------------------------------------------------
    def game(self):
        n = self.n
        for rnd in range(1, 7):
            self.round = rnd
            self.public = {a: self.slots[a] for a in (*self.permanent, *self.track[rnd - 1:rnd + 2]) if a in self.slots}
            self.slots_now = [None] * n
            for i in range(n):
                yield from self.turn((self.starter + i) % n)
            self.starter = (self.starter - 1) % n
            if rnd < 6:
                new = self.track[rnd + 2]
                if self.symbol[new] == "war":
                    strength = [self.strength(p) for p in range(n)]
                    least = min(strength)
                    for p in self.seats():
                        if strength[p] == least and self.main[p] != "polynesia":
                            self.sacrifice(p, 1)
                elif self.symbol[new] == "sacrifice":
                    for p in self.seats():
                        self.sacrifice(p, 1)
                if new == "plague":
                    for p in range(n):
                        self.sacrifice(p, 1)
        for p in self.seats():                                            # game end abilities
            techs, wonders = len(self.techs[p]), len(self.wonders[p])
            legacy = set(self.civs[p])
            self.score[p] += ((techs // 2 if "maya" in legacy else 0) + (techs // 3 if "greece" in legacy else 0)
                              + (min(self.strength(p) // 2, 3) if "macedonia" in legacy else 0)
                              + (min(wonders, 2) if "olmec" in legacy else 0)
                              + (wonders if "engineering" in self.techs[p] else 0)
                              + (len(self.civs[p]) if "pyramids" in self.wonders[p] else 0)
                              + (techs // 2 if "stonehenge" in self.wonders[p] else 0))
        yield None

    def seats(self):
        return [(self.starter + i) % self.n for i in range(self.n)]

    def turn(self, p: int):
        full = len(self.civs[p]) >= 3
        if not (self.round > 1 and full) and self.market:
            moves = [self.RISE + self.civ_index[c] for c in self.market]
            if self.round > 1:
                moves += [self.ANNEX + self.civ_index[c] for c in self.market] + [2]
            move = yield sorted(moves)
            if move != 2:
                self.take(p, self.civ_ids[(move - self.RISE) % len(self.civ_ids)], move < self.ANNEX)
        used, acted = {}, False
        while True:
            move = yield self.action_moves(p, used, acted)
            if move == 0:
                break
            if move == 1:
                self.coins[p] += 2
                self.workers[p] = min(self.workers[p] + 1, max(self.workers[p], 4))
                break
            action, target = self.decode[move]
            used[action] = used.get(action, 0) + 1
            acted = True
            need, cost = self.prices[p][action]                  # (worked out when the moves were listed)
            if target == "iron_working":
                cost = self.cost(p, action, target)
            yield from self.carry_out(p, action, target, cost, need)
        doomed = self.doomed[p]                                          # 3. resolve workers
        self.workers[p] -= doomed
        self.placed[p] = self.doomed[p] = 0
        if doomed and self.main[p] == "kongo":
            self.coins[p] += 2 * doomed
        ends = [c for c in self.order[p] if c in TURN_END and (c in self.techs[p] or c in self.wonders[p] or c == self.main[p])]
        while ends:                                                       # turn end, in the order chosen
            card = ends.pop((yield from self.choose(len(ends))))
            yield from self.turn_end(p, card)

    def take(self, p: int, civ: str, rise: bool):
        i = self.market.index(civ)
        self.market.pop(i)
        bonus = self.bonus.pop(i)
        self.coins[p] += bonus
        self.bonus = [b + 1 for b in self.bonus]
        if self.deck:
            self.market.append(self.deck.pop(0))
            self.bonus.append(0)
        self.civs[p].append(civ)
        if rise:
            self.main[p] = civ
            self.workers[p] = self.population[civ]
            if civ == "carthage":
                self.coins[p] += 2 * bonus
        else:
            self.workers[p] = min(self.workers[p] + 1, max(self.workers[p], 4))
        self.order[p] = self.civs[p] + self.techs[p] + self.wonders[p]
        self.changed(p)

    def action_moves(self, p: int, used: dict, acted: bool) -> list[int]:
        moves = [0] if acted else [0, 1]
        free = self.workers[p] - self.placed[p]
        if free <= 0:
            return moves
        slots = self.slots_now[p]
        if slots is None:
            slots = self.slots_now[p] = self.slots_of(p)
        vikings = self.main.count("vikings") > (self.main[p] == "vikings")
        coins = self.coins[p]
        prices = self.prices[p]
        if prices is None:
            prices = self.prices[p] = self.price_list(p)
        for action, count in slots.items():
            need, cost = prices[action]
            if need > free or (used and used.get(action, 0) >= count) or (vikings and action == "trade"):
                continue
            base = self.PERFORM + self.action_index[action] * self.T1
            if action == "research":
                targets = self.options[p]
                for t in targets:
                    if (cost if t != "iron_working" else self.cost(p, action, t)) <= coins:
                        moves.append(base + self.tech_index[t])
                if not targets and cost <= coins:
                    moves.append(base + self.T1 - 1)
            elif cost <= coins:
                moves.append(base + self.T1 - 1)
        moves.sort()
        return moves

    def slots_of(self, p: int) -> dict[str, int]:
        """Slots of each action the player may use this round."""
        slots = dict(self.public)
        if self.main[p] == "maya":
            slots.update((a, self.slots[a]) for a in self.track[self.round + 2:] if a in self.slots)
        if self.main[p] in MAIN_SLOT:
            slots[MAIN_SLOT[self.main[p]]] = slots.get(MAIN_SLOT[self.main[p]], 0) + 1
        if "aztecs" in self.civs[p]:
            slots["conquest"] = slots.get("conquest", 0) + 1
        return slots

    def price_list(self, p: int) -> dict[str, tuple[int, int]]:
        """action -> (workers, coins) for the player, in one pass over their cards."""
        main = self.main[p]
        value = dict(self.base_cost)
        if main == "inca":
            value["build"] = 0
        if main in MAIN_COST:
            value[MAIN_COST[main][0]] += MAIN_COST[main][1]
        for card in (*self.civs[p], *self.techs[p], *self.wonders[p]):
            if card in CARD_COST:
                value[CARD_COST[card][0]] += CARD_COST[card][1]
        if main == "japan":
            value["culture"] -= self.power[p]
        return {a: (self.base_workers[a] + (main == "aztecs" and a == "wonder"), max(0, value[a])) for a in self.actions}

    def changed(self, p: int) -> None:
        """The player's cards changed: their prices, slots, bonuses and strength with them."""
        self.prices[p] = self.slots_now[p] = self.bonuses[p] = None
        self.power[p] = sum(self.printed[c] for c in (*self.civs[p], *self.techs[p])) + sum(
            STRENGTH.get(w, 0) for w in self.wonders[p]) + (len(self.techs[p]) // 2 if self.main[p] == "rome" else 0)

    def cost(self, p: int, action: str, target) -> int:
        main = self.main[p]
        if (action == "build" and main == "inca") or (action == "research" and main == "hittites" and target == "iron_working"):
            value = 0
        else:
            value = self.base_cost[action]
        if main in MAIN_COST and MAIN_COST[main][0] == action:
            value += MAIN_COST[main][1]
        for card in (*self.civs[p], *self.techs[p], *self.wonders[p]):
            if card in CARD_COST and CARD_COST[card][0] == action:
                value += CARD_COST[card][1]
        if action == "culture" and main == "japan":
            value -= self.strength(p)
        return max(0, value)

    def strength(self, p: int) -> int:
        return self.power[p]

    def researchable_with(self, owned) -> list[str]:
        return [t for t in self.techs_all if t not in owned and (not self.requires[t] or any(r in owned for r in self.requires[t]))]

    # -- actions ----------------------------------------------------------------------------------------
    def carry_out(self, p: int, action: str, target, cost: int, need: int):
        self.coins[p] -= cost
        self.placed[p] += need
        if self.red[action]:
            self.doomed[p] += need
        if action == "wonder":
            self.score[p] += 3
            if self.wonder_market:
                wonder = self.wonder_market.pop((yield from self.choose(len(self.wonder_market))))
                self.wonders[p].append(wonder)
                self.order[p].append(wonder)
                self.changed(p)
                if wonder == "great_library":
                    yield from self.gain_technology(p, None)
        elif action == "research":
            self.score[p] += 1
            yield from self.gain_technology(p, target)
        elif action in ("culture", "build"):
            self.score[p] += 2
        elif action == "enslave":
            self.coins[p] += 2
        elif action == "conquest":
            mine = self.strength(p)
            if all(mine >= self.strength(q) for q in range(self.n) if q != p):
                self.score[p] += 2
        elif action == "hunt":
            self.coins[p] += 1
            if not self.techs[p]:
                self.score[p] += 1
        elif action == "fish":
            self.coins[p] += 1
        elif action == "trade":
            self.coins[p] += 2
            for q in range(self.n):
                if q != p:
                    self.coins[q] += 1
        elif action == "farm":
            self.coins[p] += 3
        bonuses = self.bonuses[p]
        if bonuses is None:
            bonuses = self.bonuses[p] = self.bonus_list(p)
        for bonus in bonuses.get(action, ()):                       # when you perform …
            if bonus == "worker":
                self.workers[p] = min(self.workers[p] + 1, max(self.workers[p], 4))
            elif bonus == "others sacrifice":
                for q in range(self.n):
                    if q != p:
                        self.sacrifice(q, 1)
            elif bonus == "coin from others":
                for q in range(self.n):
                    if q != p and self.coins[q]:
                        self.coins[q] -= 1
                        self.coins[p] += 1
            else:
                self.coins[p] += bonus[0]
                self.score[p] += bonus[1]

    def bonus_list(self, p: int) -> dict[str, list]:
        """action -> the player's "when you perform" bonuses, in the order their cards apply."""
        found: dict[str, list] = {}
        for card in self.order[p]:
            for action, bonus in (*(MAIN_BY_CARD.get(card, ()) if card == self.main[p] else ()),
                                  *LEGACY_BY_CARD.get(card, ())):
                found.setdefault(action, []).append(bonus)
        return found

    def gain_technology(self, p: int, target):
        if target is None or target in self.techs[p]:
            options = self.options[p]
            if not options:
                return
            target = options[(yield from self.choose(len(options)))]
        self.techs[p].append(target)
        self.order[p].append(target)
        self.options[p] = self.researchable_with(self.techs[p])
        self.changed(p)
        if target == "science":
            self.score[p] += len(self.track) - self.round - 2

    def sacrifice(self, p: int, n: int) -> None:
        n = min(n, self.workers[p] - self.placed[p])
        if n > 0:
            self.workers[p] -= n
            if self.main[p] == "kongo":
                self.coins[p] += 2 * n

    def turn_end(self, p: int, card: str):
        if card == "arabia":
            self.coins[p] += min(len(self.techs[p]), 3)
        elif card == "persia":
            self.coins[p] += len(self.civs[p])
        elif card == "hanging_gardens":
            self.coins[p] += 1
        elif card == "babylon":
            yield from self.gain_technology(p, None)
        elif (yield from self.choose(2)) == 0:                       # education: may perform Culture
            cost = self.cost(p, "culture", None)
            if self.coins[p] >= cost:
                yield from self.carry_out(p, "culture", None, cost, 0)


def play(cards: Cards, players: int, seed: int) -> list[tuple[int, int, int]]:
    """One game with uniformly random moves from ``seed``; (score, workers, coins) per player."""
    game = Baseline(cards, players, seed)
    rng = random.Random(seed)
    while not game.over:
        moves = game.legal
        game.apply(moves[rng.randrange(len(moves))])
    return list(zip(game.score, game.workers, game.coins))
