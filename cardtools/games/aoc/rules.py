"""Age of Civilization rules engine, in the shape of an OpenSpiel game.

Every rule cites the rulebook (seeds/003_f54a9293e38b5e67.txt) by section; docs/rules/aoc.md is
the full specification with our readings. Card abilities are never coded here: they come compiled
from the deck's effects (cardtools.effects), and this module gives the vocabulary its meaning
(what `coins`, `performed`, `slot`, `immune: war` … do). Rule parameters come from ``deck.rules``
(the manifest's ``rules:`` with a variant's overrides).

Game facts: 1-4 players (1 only with a virtual opponent: the solo variant); sequential moves; all
information public except civilization hands in the drafting variant; chance only at setup
(shuffles, from the state's seeded RNG); integer arithmetic; the highest score wins, ties broken
by workers, then coins, then shared.
"""

from __future__ import annotations

import random
from typing import Callable, Mapping

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import DiagnosticError
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import compile_deck
from cardtools.effects.runtime import HALT, Ctx, Modifier, Option, Pending, Triggered, adjusted, run_all
from cardtools.effects.vocabulary import require_vocabulary
from cardtools.games.aoc import views
from cardtools.games.aoc.achievements import compile_conditions, evaluate
from cardtools.games.aoc.params import rule_params
from cardtools.games.aoc.powers import ModifierIndex, Powers, volatile_fields

# -- game facts -------------------------------------------------------------------------------------

GAME = "aoc"
TERMINAL = -4  # OpenSpiel's id for "nobody moves any more"

# Moves are integers (legal_actions() returns them sorted):
END, REST, SKIP = 0, 1, 2          # end your turn / rest (2B) / skip the civilization step (1C)
RISE, ANNEX, DRAFT = 1000, 2000, 3000  # + index of a civilization card in the deck
PERFORM = 4000                     # + TARGETS * index of the action + target (a technology's index)
TARGETS, NO_TARGET = 64, 63
CHOOSE = 9000                      # + index of an option of the pending decision

#: A price's ``aimed`` when the cost of the move depends on the technology it names (``State._prices``).
_PER_TARGET = "per target"

# Steps of a turn, plus the draft before the first round (DRAFTING GAME › Variants in SETUP).
DRAFTING, CIVILIZATION, ACTIONS, OVER = "draft", "civilization", "actions", "over"

#: The tiebreak order at game end (GAME END): score, then workers, then coins, then shared.
TIEBREAK = ("score", "workers", "coins")


class Game:
    """The deck's cards, compiled abilities and rule parameters; creates states."""

    def __init__(self, deck: Deck, abilities: dict[str, dict[str, tuple]] | None = None):
        """``abilities`` (card id -> effect field -> abilities) replaces the compiled ones (benchmarks)."""
        self.deck = deck
        self.rules = rule_params(deck)
        self.vocab = require_vocabulary(deck.workspace or Workspace(deck.manifest.path.parents[2]), GAME)
        if abilities is None:
            compiled, problems = compile_deck(deck, self.vocab)
            if problems:
                raise DiagnosticError(problems)
            abilities = {cid: dict(c.abilities) for cid, c in compiled.items()}
        self.abilities = abilities
        self.names = {c.id: c.name for c in deck.cards}
        self.civilizations = tuple(c.id for c in deck.of_type("civilization"))
        self.technologies = tuple(c.id for c in deck.of_type("technology"))
        self.wonders = tuple(c.id for c in deck.of_type("wonder"))
        self.actions = tuple(c.id for c in deck.of_type("action"))
        self.move_base = {a: PERFORM + TARGETS * i for i, a in enumerate(self.actions)}
        self.civ_index = {c: i for i, c in enumerate(self.civilizations)}
        self.tech_index = {t: i for i, t in enumerate(self.technologies)}
        permanent = deck.of_type("permanent")
        self.permanent = tuple(permanent[0].get("actions")) if permanent else ()
        self.track_cards = tuple(c.id for c in deck.of_type("action", "calamity")
                                 if c.get("board", "time_track") == "time_track")
        self.calamities = frozenset(c.id for c in deck.of_type("calamity"))
        self.population = {c.id: c.get("population") for c in deck.of_type("civilization")}
        self.military = {c.id: c.get("military", 0) for c in deck.cards}
        self.requires = {t.id: tuple(t.get("requires", ())) for t in deck.of_type("technology")}
        self.symbol = {c.id: c.get("symbol", "none") for c in deck.of_type("action", "calamity")}
        self.slot_red = {a.id: a.get("slot") == "red" for a in deck.of_type("action")}
        self.slots = {a.id: a.get("slots", 1) for a in deck.of_type("action")}
        self.base_workers = {a.id: a.get("workers", 1) for a in deck.of_type("action")}
        self.base_cost = {a.id: a.get("cost", 0) for a in deck.of_type("action")}
        self.used = {a: self._triggered(a, "effects", "used") for a in self.actions}
        #: Actions whose own effect gains a technology (Research): the move names the technology,
        #: whose choice may change the cost (CIVILIZATIONS › Hittites).
        self.aimed = frozenset(a.id for a in deck.of_type("action") if _gains(a.get("effects", ()), "technology"))
        self.revealed = {c: self._triggered(c, "effects", "revealed") for c in set(self.track_cards)}
        self.conditions, problems = compile_conditions(deck, self.vocab)
        if problems:
            raise DiagnosticError(problems)
        self.volatile = volatile_fields((c.id, {f: c.get(f, ()) for f in deck.manifest.card_types[c.type].effect_fields})
                                        for c in deck.cards)
        self._card_powers: dict[tuple[str, str], tuple] = {}
        self._researchable: dict[tuple[str, ...], tuple[str, ...]] = {}
        if len(self.civilizations) >= DRAFT - RISE or len(self.technologies) >= NO_TARGET:
            raise ValueError("deck too large for the move encoding")

    def _triggered(self, card: str, field: str, trigger: str) -> tuple[Triggered, ...]:
        return tuple(a for a in self.abilities.get(card, {}).get(field, ())
                     if isinstance(a, Triggered) and a.trigger == trigger)

    def card_abilities(self, card: str, as_main: bool) -> tuple:
        """The abilities a card gives its owner: a civilization's main ability only while it is the
        main civilization (1. Rise a Civilization), its legacy ability always."""
        key = (card, "main" if as_main else "other")
        found = self._card_powers.get(key)
        if found is None:
            fields = self.abilities.get(card, {})
            if card in self.population:
                found = (fields.get("main", ()) if as_main else ()) + fields.get("legacy", ())
            else:
                found = fields.get("effects", ())
            self._card_powers[key] = found
        return found

    def new_state(self, players: int, seed: int, log: bool = False) -> "State":
        """A game after setup (SETUP 1-7), waiting for the first decision; ``log`` keeps a
        readable account of everything that happens (``state.log``)."""
        lo, hi = self.deck.manifest.min_players, self.deck.manifest.max_players
        if not lo <= players <= hi:
            raise ValueError(f"Age of Civilization is for {lo}-{hi} players")
        if players == 1 and not self.rules["virtual_opponent"]:
            raise ValueError("the 1-player game is the solo variant (--variant solo)")
        return State(self, players, seed, log)

    def arrange(self, players: int, seed: int, setup: dict) -> "State":
        """A state after setup with a scenario's changes (``scenario.py``); the log starts there."""
        from cardtools.games.aoc.scenario import arrange

        return arrange(self, players, seed, setup)

    def name(self, card: str) -> str:
        return self.names.get(card, card)

    def researchable(self, owned: tuple[str, ...]) -> tuple[str, ...]:
        """Technologies not in ``owned`` whose prerequisites are met (remembered, within a bound)."""
        found = self._researchable.get(owned)
        if found is None:
            if len(self._researchable) > 50_000:
                self._researchable.clear()
            found = tuple(t for t in self.technologies if t not in owned
                          and (not self.requires[t] or any(r in owned for r in self.requires[t])))
            self._researchable[owned] = found
        return found


class Player:
    """One player's belongings. ``workers`` counts every worker the player owns, ``placed`` those on
    action slots this turn, ``doomed`` those of them on red slots (3. Resolve Your Workers)."""

    __slots__ = ("coins", "score", "workers", "placed", "doomed", "main", "civs", "risen", "techs", "wonders", "hand")

    def __init__(self, coins: int):
        self.coins, self.score, self.workers, self.placed, self.doomed = coins, 0, 0, 0, 0
        self.main: str | None = None
        self.civs: tuple[str, ...] = ()   # every civilization card, in the order taken
        self.risen: tuple[str, ...] = ()  # those that were risen (the others were annexed)
        self.techs: tuple[str, ...] = ()
        self.wonders: tuple[str, ...] = ()
        self.hand: tuple[str, ...] = ()   # drafting: the civilization hand

    def copy(self) -> "Player":
        new = Player.__new__(Player)
        for name in Player.__slots__:
            setattr(new, name, getattr(self, name))
        return new


class State:
    """A position in a game: whose decision it is, what they may do, and what it leads to.

    Also the ``Host`` the compiled effects act through (gain, pay, stat, perform, sacrifice …).
    """

    def __init__(self, game: Game, players: int, seed: int, log: bool = False):
        rules = game.rules
        self.game = game
        self.n = players
        self.rng = random.Random(seed)
        self.seats = [Player(rules["starting_coins"]) for _ in range(players)]  # SETUP 6
        self.round = 1
        self.starter = 0            # SETUP 7: the players choose; seat 0 here
        self.turn = 0               # how many players have had their turn this round
        self.player = 0             # whose turn it is
        self.step = CIVILIZATION
        self.acted = False          # an action slot was used this turn (so no Rest)
        self.used: dict[str, int] = {}  # slots used this turn, by action (*Each action slot … once in a turn)
        self.virtual = 0            # SOLO GAME: the virtual opponent's military strength
        self.pending: Pending | None = None
        self.log: list[str] | None = [] if log else None
        self.last_payment: tuple[str, int, int] | None = None  # (action, coins, workers) of the last action
        self._agenda: list[Callable[["State"], Pending | None]] = []
        self._legal: list[int] | None = None
        self._setup(rules)
        if self.step != DRAFTING:
            self._start_turn()

    # -- setup (SETUP; SOLO GAME and DRAFTING GAME › Variants in SETUP) -------------------------------
    def _setup(self, rules: dict) -> None:
        game, rng = self.game, self.rng
        wonders = list(game.wonders)
        rng.shuffle(wonders)                                                    # SETUP 2
        self.wonder_market = tuple(wonders[:rules["wonder_market"] + rules["wonder_market_per_player"] * self.n])
        civs = list(game.civilizations)
        rng.shuffle(civs)                                                       # SETUP 3
        self.civ_deck = tuple(civs)
        self.drawn = rules["civilization_market"]
        self.market = list(civs[:self.drawn])
        self.bonus = [0] * len(self.market)
        track = list(game.track_cards)                                          # SETUP 4
        fixed = rules["plague_position"]
        calamities = [c for c in track if c in game.calamities] if fixed else []
        for c in calamities:
            track.remove(c)
        rng.shuffle(track)
        for c in calamities:                                                    # SOLO › SETUP 3
            track.insert(fixed - 1, c)
        self.track = tuple(track)
        self.powers = [Powers.of((), 0)] * self.n
        self.mods = ModifierIndex()
        self._price_cache: list[dict | None] = [None] * self.n
        self._new_round()
        hand = rules["draft_hand"]
        if hand:                                                                # DRAFTING › SETUP
            self.packs = [tuple(civs[self.drawn + p * hand:self.drawn + (p + 1) * hand]) for p in range(self.n)]
            self.drawn += hand * self.n
            self.step = DRAFTING
        else:
            self.packs = []
        self._note(f"setup: time track {', '.join(game.name(c) for c in self.track)}; wonder market "
                   f"{', '.join(game.name(w) for w in self.wonder_market)}; civilization market "
                   f"{', '.join(game.name(c) for c in self.market)}")
        self._round_start_note()

    # -- OpenSpiel interface ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Who decides now: the owner of a pending decision, the drafting or the active player."""
        if self.pending is not None:
            return self.pending.player
        if self.step == OVER:
            return TERMINAL
        return self.player

    def is_terminal(self) -> bool:
        """Whether the game is over (GAME END)."""
        return self.step == OVER

    def legal_actions(self) -> list[int]:
        """The moves of the current player, sorted (computed once per decision)."""
        if self._legal is None:
            self._legal = self._moves()
        return self._legal

    def apply(self, action: int) -> None:
        """Make a move (one of legal_actions()), then run the game on to the next decision."""
        if action not in self.legal_actions():
            raise ValueError(f"illegal move {action} ({self.action_to_string(action)}); legal: "
                             + ", ".join(self.action_to_string(a) for a in self.legal_actions()))
        self._legal = None
        if self.pending is not None:
            option = self.pending.options[action - CHOOSE]
            self.pending = None
            self._ask(option.resume(self))
        elif action == END:
            self._end_turn()
        elif action == REST:
            self._rest()
        elif action == SKIP:
            self._note(f"{self._p(self.player)} skips the civilization step")
            self.step = ACTIONS
        elif action >= PERFORM:
            self._act(*self.decode(action))
        elif action >= DRAFT:
            self._draft(self.game.civilizations[action - DRAFT])
        elif action >= ANNEX:
            self._annex(self.game.civilizations[action - ANNEX])
        else:
            self._rise(self.game.civilizations[action - RISE])
        self._run()

    def scores(self) -> list[int]:
        """Each player's score."""
        return [pl.score for pl in self.seats]

    def ranks(self) -> list[int]:
        """Each player's place (1 = winner); players tied on score, workers and coins share it (GAME END)."""
        keys = [self._rank_key(p) for p in range(self.n)]
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    def returns(self) -> list[float]:
        """Winners share 1 (a shared victory splits it); solo: the final score."""
        if self.n == 1:
            return [float(self.seats[0].score)]
        ranks = self.ranks()
        winners = ranks.count(1)
        return [1 / winners if r == 1 else 0.0 for r in ranks]

    def features(self, player: int) -> dict[str, int]:
        """Named numbers describing a player's position (for agents that evaluate states)."""
        pl = self.seats[player]
        return {"score": pl.score, "coins": pl.coins, "workers": pl.workers, "technologies": len(pl.techs),
                "wonders": len(pl.wonders), "civilizations": len(pl.civs), "military": self.stat(None, player, "military")}

    def record(self, player: int) -> dict[str, list[str] | int]:
        """What the player ended up with, for simulation records (cardtools.sim): the cards taken,
        by kind, and a few end-of-game numbers."""
        pl = self.seats[player]
        return {"civilizations_risen": list(pl.risen), "civilizations_annexed": [c for c in pl.civs if c not in pl.risen],
                "wonders": list(pl.wonders), "technologies": list(pl.techs), "coins": pl.coins,
                "workers": pl.workers, "military": self.stat(None, player, "military")}

    def tiebreak(self) -> str:
        """What decided the winner: score, workers, coins, or 'shared' (GAME END)."""
        keys = sorted((self._rank_key(p) for p in range(self.n)), reverse=True)
        if len(keys) == 1:
            return "score"
        for i, name in enumerate(TIEBREAK):
            if keys[0][i] != keys[1][i]:
                return name
        return "shared"

    def clone(self) -> "State":
        """An independent copy (immutable parts — powers, pending decisions, agenda steps — shared)."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.seats = [pl.copy() for pl in self.seats]
        new.market, new.bonus, new.used = list(self.market), list(self.bonus), dict(self.used)
        new.powers, new.packs, new._agenda = list(self.powers), list(self.packs), list(self._agenda)
        new._price_cache = list(self._price_cache)
        new.log = None if self.log is None else list(self.log)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def action_to_string(self, action: int) -> str:
        """A move in words, with card ids: what scenario files write in `do:`."""
        game = self.game
        if action >= CHOOSE:
            options = self.pending.options if self.pending is not None else ()
            return f"choose {options[action - CHOOSE].label if action - CHOOSE < len(options) else action - CHOOSE}"
        if action >= PERFORM:
            act, target = self.decode(action)
            return f"perform {act}" + (f" {target}" if target else "")
        if action >= RISE:
            verb = {RISE: "rise", ANNEX: "annex", DRAFT: "draft"}[action // 1000 * 1000]
            return f"{verb} {game.civilizations[action % 1000]}"
        return {END: "end", REST: "rest", SKIP: "skip"}.get(action, f"move {action}")

    def restart_turn(self, step: str | None = None) -> None:
        """After the table was rearranged by hand (a scenario's setup): recompute what the cards
        do, forget pending work, start the log afresh and begin the current player's turn (at
        ``step`` if given)."""
        for p in range(self.n):
            self._reindex(p)
        self._new_round()
        self._agenda, self.pending, self._legal = [], None, None
        if self.log is not None:
            self.log = []
        self._start_turn()
        if step is not None:
            self.step = step

    def observation(self, player: int) -> dict:
        """What ``player`` may see: everything (SETUP 6) except the other players' drafted hands."""
        return views.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A copy in which what ``player`` cannot see is dealt again at random (search agents)."""
        return views.determinize(self, player, rng)

    def snapshot(self) -> dict:
        """The whole state as plain data with card ids (scenarios compare `expect:` with it)."""
        return views.snapshot(self)

    def __str__(self) -> str:
        return views.describe(self)

    # -- moves ---------------------------------------------------------------------------------------
    def _moves(self) -> list[int]:
        if self.pending is not None:
            return list(range(CHOOSE, CHOOSE + len(self.pending.options)))
        if self.step == ACTIONS:
            return self._action_moves()
        if self.step == CIVILIZATION:
            return self._civilization_moves()
        if self.step == DRAFTING:
            index = self.game.civ_index
            return sorted(DRAFT + index[c] for c in set(self.packs[self.player]))
        return []

    def _civilization_moves(self) -> list[int]:
        """Round 1: rise (1. Rise a Civilization); later: rise, annex or skip (FOLLOWING TURNS 1A-1C)."""
        index = self.game.civ_index
        cards = set(self.market) | set(self.seats[self.player].hand)  # DRAFTING › GAME PLAY 1
        if self.round == 1:
            return sorted(RISE + index[c] for c in cards)
        return [SKIP] + sorted([RISE + index[c] for c in cards] + [ANNEX + index[c] for c in cards])

    def _action_moves(self) -> list[int]:
        """Every action with a free slot the player can man and pay (2A. Takes Actions), Rest if no
        action was taken yet (2B), and ending the turn."""
        p, game = self.player, self.game
        pl = self.seats[p]
        free = pl.workers - pl.placed
        moves = [END] if self.acted else [END, REST]
        if free <= 0:
            return moves
        coins, used, prices = pl.coins, self.used, self._prices(p)
        for action, slots in self._slots(p).items():
            price = prices.get(action)
            if price is None or price[0] > free or used.get(action, 0) >= slots:
                continue
            need, cost, base, aimed = price
            targets = game.researchable(pl.techs) if aimed else ()
            if not targets:
                if cost <= coins:
                    moves.append(base + NO_TARGET)
            elif aimed is _PER_TARGET:                          # CIVILIZATIONS › Hittites
                moves += [base + game.tech_index[t] for t in targets if self.cost(p, action, t) <= coins]
            elif cost <= coins:
                moves += [base + game.tech_index[t] for t in targets]
        moves.sort()
        return moves

    def _prices(self, p: int) -> dict[str, tuple]:
        """What each action asks of ``p``: ``(workers, coins, first move, aimed)`` — ``aimed`` when
        the move names a technology (Research), ``_PER_TARGET`` when the cost depends on which;
        actions ``p`` may not perform are left out. It changes only with the modifiers in play, so
        it is kept until then, unless a modifier reads more than cards (``ModifierIndex.volatile``)."""
        prices = self._price_cache[p]
        if prices is None:
            game, subjects = self.game, self.mods.by_subject
            prices = {}
            for action in game.actions:
                if ("forbid", action) in subjects and self.forbidden(p, action):
                    continue
                need = self.needs(p, action) if ("workers", action) in subjects else game.base_workers[action]
                cost = self.cost(p, action, None) if ("cost", action) in subjects else game.base_cost[action]
                aimed = action in game.aimed
                if aimed and any(m.args["target"] is not None for _, m in self.mods.get("cost", action)):
                    aimed = _PER_TARGET
                prices[action] = (need, cost, game.move_base[action], aimed)
            if not self.mods.volatile:
                self._price_cache[p] = prices
        return prices

    def _slots(self, p: int) -> dict[str, int]:
        """Slots of each action ``p`` may use this round: the permanent card's and the 3 cards under
        it (2A), upcoming cards if allowed (CIVILIZATIONS › Maya), private slots (› India)."""
        if not self.mods.personal_slots:
            return self._public_slots
        game = self.game
        slots = dict(self._public_slots)
        if self.allows(p, "upcoming_actions"):
            slots.update((c, game.slots[c]) for c in self.track[self.round + 2:] if c in game.slots)
        for owner, mod in self.mods.all("slot"):
            if mod.applies(self, owner, p):
                slots[mod.args["action"]] = slots.get(mod.args["action"], 0) + 1
        return slots

    def available(self, p: int) -> list[str]:
        """Actions ``p`` could use this round (whether or not their slots are taken this turn)."""
        return list(self._slots(p))

    def window(self) -> tuple[str, ...]:
        """The 3 time-track cards under the permanent action card this round (2A; ROUND END 2)."""
        return self.track[self.round - 1:self.round + 2]

    def _new_round(self) -> None:
        """The slots everybody may use this round (2A)."""
        game = self.game
        self._public_slots: dict[str, int] = {c: game.slots[c] for c in (*game.permanent, *self.window())
                                              if c in game.slots}

    def researchable(self, p: int) -> tuple[str, ...]:
        """Technologies ``p`` may gain: not owned, and no prerequisite or at least one owned (KEY CONCEPTS)."""
        return self.game.researchable(self.seats[p].techs)

    # -- modifiers (continuous abilities) ------------------------------------------------------------
    def cost(self, p: int, action: str, target: str | None) -> int:
        """Coins to pay for an action after cost changes: `set` first, then every `add` (never below 0)."""
        mods = self.mods.get("cost", action)
        base = self.game.base_cost[action]
        if not mods:
            return base
        mods = [(o, m) for o, m in mods if m.args["target"] is None or m.args["target"] == target]
        return adjusted(base, self, mods, p, key="coins")

    def needs(self, p: int, action: str) -> int:
        """Workers to place on the action's slot (CIVILIZATIONS › Aztecs: one more on Wonder)."""
        return adjusted(self.game.base_workers[action], self, self.mods.get("workers", action), p, floor=1,
                        key="workers")

    def forbidden(self, p: int, action: str) -> bool:
        """CIVILIZATIONS › Vikings: other players cannot perform Trade, even through abilities."""
        return any(mod.applies(self, owner, p) for owner, mod in self.mods.get("forbid", action))

    def allows(self, p: int, rule: str) -> bool:
        """A rule exception in ``p``'s favour (CIVILIZATIONS › Maya: upcoming actions)."""
        return any(mod.applies(self, owner, p) for owner, mod in self.mods.get("allow", rule))

    def immune(self, p: int, hazard: str) -> bool:
        """Whether ``p`` is spared a hazard (CIVILIZATIONS › Polynesia: war)."""
        return any(mod.applies(self, owner, p) for owner, mod in self.mods.get("immune", hazard))

    # -- the Host protocol (what compiled effects call) -----------------------------------------------
    def gain(self, ctx: Ctx, player: int, resource: str, amount: int) -> Pending | None:
        """Coins, score, workers; or technologies and wonders, which the player chooses."""
        if amount <= 0:
            return None
        pl = self.seats[player]
        if resource == "coins":
            pl.coins += amount
        elif resource == "score":
            pl.score += amount
        elif resource == "workers":
            pl.workers += amount                # ready for assignment at once (CIVILIZATIONS › China)
        elif resource == "technology":
            steps = [lambda st: st._choose_technology(ctx, player)] * amount
            return run_all(self, steps)
        else:  # wonder
            return run_all(self, [lambda st: st._choose_wonder(ctx, player)] * amount)
        if self.log is not None:
            self._note(f"  {self._p(player)} +{_count(amount, resource)} ({self.game.name(ctx.card)})")
        return None

    def holding(self, player: int, resource: str) -> int:
        """How much of a resource the player has (workers: placed ones included)."""
        pl = self.seats[player]
        return {"coins": pl.coins, "score": pl.score, "workers": pl.workers, "technology": len(pl.techs),
                "wonder": len(pl.wonders)}[resource]

    def lose(self, ctx: Ctx, player: int, resource: str, amount: int) -> None:
        """Lose coins, score or unplaced workers, down to 0. Technologies and wonders are never
        lost in Age of Civilization: losing them does nothing."""
        pl = self.seats[player]
        if resource in ("coins", "score", "workers"):
            amount = min(amount, getattr(pl, resource) - (pl.placed if resource == "workers" else 0))
            if amount > 0:
                setattr(pl, resource, getattr(pl, resource) - amount)
                self._note(f"  {self._p(player)} -{_count(amount, resource)} ({self.game.name(ctx.card)})")

    def pay(self, ctx: Ctx, player: int, resource: str, amount: int) -> bool:
        """Pay coins, score or workers if the player has them all; cards cannot pay."""
        if resource not in ("coins", "score", "workers") or self.holding(player, resource) < amount:
            return False
        self.lose(ctx, player, resource, amount)
        return True

    def count(self, ctx: Ctx | None, player: int, name: str) -> int:
        """The vocabulary's counts: what the player has, or upcoming time-track cards."""
        pl = self.seats[player]
        if name == "technologies":
            return len(pl.techs)
        if name == "wonders":
            return len(pl.wonders)
        if name == "civilizations":
            return len(pl.civs)
        if name == "workers":
            return pl.workers
        if name == "score":
            return pl.score
        if name == "upcoming_actions":                  # TECHNOLOGIES › Science
            return len(self.track) - self.round - 2
        raise KeyError(name)

    def stat(self, ctx: Ctx | None, player: int, name: str) -> int:
        """Military strength: the symbols on your cards (ROUND END 3, note) plus stat modifiers (Rome)."""
        value = self.powers[player].printed_military
        for owner, mod in self.mods.all("stat"):
            if name in mod.args["add"] and mod.applies(self, owner, player):
                value += mod.args["add"][name](self, Ctx(owner, mod.card))
        return value

    def rivals(self, ctx: Ctx, player: int, name: str) -> list[int]:
        """The others' values; solo: the virtual opponent's strength (SOLO GAME › GAME PLAY 2)."""
        if self.game.rules["virtual_opponent"]:
            return [self.virtual]
        return [self.stat(ctx, p, name) for p in range(self.n) if p != player]

    def ranking(self, ctx: Ctx, name: str) -> list[list[int]]:
        """Players from the highest statistic down, tied players together."""
        values = {p: self.stat(ctx, p, name) for p in range(self.n)}
        return [[p for p in values if values[p] == v] for v in sorted(set(values.values()), reverse=True)]

    def players(self) -> range:
        """Every player, in seat order."""
        return range(self.n)

    def has(self, ctx: Ctx, player: int, card: str) -> bool:
        """Whether the player owns the card (technology, wonder or civilization card)."""
        pl = self.seats[player]
        return card in pl.techs or card in pl.wonders or card in pl.civs

    def param(self, name: str) -> int:
        """A rule parameter (``deck.rules``)."""
        return self.game.rules[name]

    def perform(self, ctx: Ctx, player: int, action: str, without: frozenset[str]) -> Pending | None:
        """An action granted by an ability (TECHNOLOGIES › Education): no slot, the cost is paid and
        every modifier applies; Vikings' ban holds (CIVILIZATIONS › Vikings)."""
        pl = self.seats[player]
        cost = self.cost(player, action, None)
        need = 0 if "workers" in without else self.needs(player, action)
        if self.forbidden(player, action) or pl.coins < cost or pl.workers - pl.placed < need:
            self._note(f"  {self._p(player)} cannot perform {self.game.name(action)} ({self.game.name(ctx.card)})")
            return None
        return self._carry_out(player, action, None, cost, need)

    def sacrifice(self, ctx: Ctx, player: int, n: int) -> Pending | None:
        """Workers go back to the supply; "whenever your workers are sacrificed" abilities react
        (CIVILIZATIONS › Kongo: for any reason). Only unplaced workers can be taken."""
        pl = self.seats[player]
        n = min(n, pl.workers - pl.placed)
        if n <= 0:
            return None
        pl.workers -= n
        if self.log is not None:
            self._note(f"  {self._p(player)} sacrifices {_count(n, 'workers')} ({self.game.name(ctx.card)})")
        return self._fire(player, "sacrificed", None, {"workers": n})

    # -- abilities ---------------------------------------------------------------------------------
    def _fire(self, player: int, trigger: str, arg: str | None, event: dict | None = None,
              card: str | None = None) -> Pending | None:
        """Run the player's abilities with this trigger (only ``card``'s, for "when you … this")."""
        abilities = self.powers[player].triggers.get((trigger, arg))
        if not abilities:
            return None
        if card is not None:
            abilities = tuple(ab for ab in abilities if ab.card == card)
        return self._run_abilities(player, abilities, event or {})

    def _run_abilities(self, player: int, abilities: tuple[Triggered, ...], event: dict) -> Pending | None:
        """Run abilities in order (those whose condition holds); a decision carries the rest with it."""
        for i, ability in enumerate(abilities):
            ctx = Ctx(player, ability.card, event)
            if ability.condition is not None and not ability.condition(self, ctx):
                continue
            pending = ability.effect(self, ctx)
            if pending is not None and pending is not HALT:
                rest = abilities[i + 1:]
                return pending.then(lambda st: st._run_abilities(player, rest, event)) if rest else pending
        return None

    def _reindex(self, p: int) -> None:
        """Recompute what ``p``'s cards do after a rise or annex (the main ability may change)."""
        game, pl = self.game, self.seats[p]
        abilities = []
        military = 0
        for civ in pl.civs:
            abilities += game.card_abilities(civ, civ == pl.main)
            military += game.military[civ]
        for card in pl.techs + pl.wonders:
            abilities += game.card_abilities(card, False)
            military += game.military[card]
        before = self.powers[p]
        self.powers[p] = Powers.of(abilities, military)
        self._changed(p, before.modifiers != self.powers[p].modifiers)

    def _add_card(self, p: int, card: str) -> None:
        """A technology or wonder joins ``p``'s cards: its abilities join theirs."""
        abilities = self.game.card_abilities(card, False)
        self.powers[p] = self.powers[p].plus(abilities, self.game.military[card])
        self._changed(p, any(isinstance(a, Modifier) for a in abilities))

    def _changed(self, p: int, modifiers: bool) -> None:
        """Forget what depended on ``p``'s cards. When modifiers came or went: the modifier index and
        every player's prices. Otherwise only the prices ``p``'s own modifiers feed (their values
        may read ``p``'s cards, as Japan's reads military strength): ``p``'s, or everyone's if one
        of them reaches other players."""
        if modifiers:
            self.mods = ModifierIndex.of(self.powers, self.game.volatile)
            self._price_cache = [None] * self.n
        elif self.powers[p].modifiers:
            if any(m.who != "you" for m in self.powers[p].modifiers):
                self._price_cache = [None] * self.n
            else:
                self._price_cache[p] = None

    # -- step 1: the civilization step ---------------------------------------------------------------
    def _take(self, civ: str) -> int:
        """Take a civilization card from the market (with its bonus coins) or the hand; returns the
        bonus coins the player gets (1A; DRAFTING › GAME PLAY 2)."""
        pl = self.seats[self.player]
        rules = self.game.rules
        if civ in pl.hand:
            hand = list(pl.hand)
            hand.remove(civ)
            pl.hand = tuple(hand)
            on_card = 0
        else:
            i = self.market.index(civ)
            self.market.pop(i)
            on_card = self.bonus.pop(i)
        if self.round == 1 and not rules["first_rise_bonus"]:
            bonus = 0
        else:
            bonus = on_card if rules["bonus_coins"] == "on_card" else rules["bonus_coins"]
        pl.coins += bonus
        if rules["market_refill"] == "after_pick":
            self._refill_market()
        return bonus

    def _refill_market(self) -> None:
        """1 bonus coin on each remaining market card, then a new card from the deck (1A)."""
        self.bonus = [b + 1 for b in self.bonus]
        if self.drawn < len(self.civ_deck):
            self.market.append(self.civ_deck[self.drawn])
            self.bonus.append(0)
            self.drawn += 1

    def _rise(self, civ: str) -> None:
        """1. Rise: the card becomes the main civilization; workers are renewed to its population
        (1A: discard all, take the population; CIVILIZATIONS › Kongo: this is no sacrifice)."""
        p = self.player
        pl = self.seats[p]
        bonus = self._take(civ)
        pl.civs += (civ,)
        pl.risen += (civ,)
        pl.main = civ
        pl.workers = self.game.population[civ]
        self._reindex(p)
        if self.log is not None:
            self._note(f"{self._p(p)} rises {self.game.name(civ)}: {_count(pl.workers, 'workers')}, "
                       f"{_count(bonus, 'bonus coins')}")
        self.step = ACTIONS
        self._then(lambda st: st._fire(p, "risen", None, {"bonus_coins": bonus}, civ),
                   lambda st: st._fire(p, "gained", None, None, civ))

    def _annex(self, civ: str) -> None:
        """1B. Annex: only its legacy ability counts; +1 worker if you have fewer than 4."""
        p = self.player
        pl = self.seats[p]
        bonus = self._take(civ)
        pl.civs += (civ,)
        extra = 1 if pl.workers < self.game.rules["annex_worker_below"] else 0
        pl.workers += extra
        self._reindex(p)
        if self.log is not None:
            self._note(f"{self._p(p)} annexes {self.game.name(civ)}: +{_count(extra, 'workers')}, "
                       f"{_count(bonus, 'bonus coins')}")
        self.step = ACTIONS
        self._then(lambda st: st._fire(p, "gained", None, None, civ))

    # -- drafting ------------------------------------------------------------------------------------
    def _draft(self, civ: str) -> None:
        """DRAFTING › SETUP: keep a card, pass the rest to the left; after the 3rd pick, the 4th
        card passed on is kept too."""
        p = self.player
        pack = list(self.packs[p])
        pack.remove(civ)
        self.packs[p] = tuple(pack)
        self.seats[p].hand += (civ,)
        self._note(f"{self._p(p)} drafts a civilization card", private=f"{self.game.name(civ)}")
        if p + 1 < self.n:
            self.player = p + 1
            return
        self.packs = [self.packs[(q - 1) % self.n] for q in range(self.n)]
        self.player = 0
        if len(self.packs[0]) == 1:
            for q in range(self.n):
                self.seats[q].hand += self.packs[q]
                self._note(f"{self._p(q)} keeps the last card passed on", private=self.game.name(self.packs[q][0]))
            self.packs = []
            self.step = CIVILIZATION
            self._then(lambda st: st._start_turn())

    # -- step 2: actions or rest ---------------------------------------------------------------------
    def decode(self, move: int) -> tuple[str, str | None]:
        """A perform move as (action, technology it aims at or None)."""
        act, target = divmod(move - PERFORM, TARGETS)
        return self.game.actions[act], (None if target == NO_TARGET else self.game.technologies[target])

    def _act(self, action: str, target: str | None) -> None:
        """2A: place the workers on a free slot, pay the cost, then the action's effect."""
        p = self.player
        self.used[action] = self.used.get(action, 0) + 1
        self.acted = True
        self._then(lambda st: st._carry_out(p, action, target, st.cost(p, action, target), st.needs(p, action)))

    def _carry_out(self, p: int, action: str, target: str | None, cost: int, need: int) -> Pending | None:
        """Pay, place workers (red slots doom them: 3. Resolve), then the action's own effect, then
        the player's "when you perform" abilities."""
        pl = self.seats[p]
        pl.coins -= cost
        pl.placed += need
        if self.game.slot_red[action]:
            pl.doomed += need
        self.last_payment = (action, cost, need)
        if self.log is not None:
            what = self.game.name(action) + (f" ({self.game.name(target)})" if target else "")
            self._note(f"{self._p(p)} performs {what}: pays {_count(cost, 'coins')}, places "
                       f"{_count(need, 'workers')}{' on a red slot' if self.game.slot_red[action] else ''}")
        pending = self._run_abilities(p, self.game.used[action], {"target": target} if target else {})
        if pending is not None:
            return pending.then(lambda st: st._fire(p, "performed", action))
        return self._fire(p, "performed", action)

    def _choose_technology(self, ctx: Ctx, player: int) -> Pending | None:
        """Gain a technology (KEY CONCEPTS): Research names it when the move is made (its cost may
        depend on it: CIVILIZATIONS › Hittites); otherwise the player chooses now."""
        target = ctx.event.get("target")
        if target is not None and target not in self.seats[player].techs:
            return self._take_technology(player, target)
        options = self.researchable(player)
        if not options:
            return None
        return Pending(player, "gain which technology?", tuple(
            Option(self.game.name(t), lambda st, t=t: st._take_technology(player, t)) for t in options))

    def _take_technology(self, player: int, tech: str) -> Pending | None:
        pl = self.seats[player]
        pl.techs += (tech,)
        self._add_card(player, tech)
        if self.log is not None:
            self._note(f"  {self._p(player)} gains the technology {self.game.name(tech)}")
        return self._fire(player, "gained", None, None, tech)

    def _choose_wonder(self, ctx: Ctx, player: int) -> Pending | None:
        """Gain a wonder from the market; none left: nothing happens (KEY CONCEPTS)."""
        if not self.wonder_market:
            return None
        return Pending(player, "take which wonder?", tuple(
            Option(self.game.name(w), lambda st, w=w: st._take_wonder(player, w)) for w in self.wonder_market))

    def _take_wonder(self, player: int, wonder: str) -> Pending | None:
        market = list(self.wonder_market)
        market.remove(wonder)
        self.wonder_market = tuple(market)
        self.seats[player].wonders += (wonder,)
        self._add_card(player, wonder)
        if self.log is not None:
            self._note(f"  {self._p(player)} takes the wonder {self.game.name(wonder)}")
        return self._fire(player, "gained", None, None, wonder)

    def _rest(self) -> None:
        """2B. Rest: no action this turn; +2 coins and +1 worker at once."""
        p = self.player
        pl = self.seats[p]
        pl.coins += self.game.rules["rest_coins"]
        pl.workers += self.game.rules["rest_workers"]
        if self.log is not None:
            self._note(f"{self._p(p)} rests: +{_count(self.game.rules['rest_coins'], 'coins')}, "
                       f"+{_count(self.game.rules['rest_workers'], 'workers')}")
        self._end_turn()

    # -- step 3 and the turn end ---------------------------------------------------------------------
    def _end_turn(self) -> None:
        p = self.player
        self._note(f"{self._p(p)} ends the turn")
        self._then(lambda st: st._resolve_workers(p), lambda st: st._turn_end(p), lambda st: st._next_turn())

    def _resolve_workers(self, p: int) -> Pending | None:
        """3. Resolve: workers on white slots (or unplaced) come back; those on red slots are
        sacrificed (CIVILIZATIONS › Kongo: its coins come now)."""
        pl = self.seats[p]
        doomed = pl.doomed
        pl.workers -= doomed
        pl.placed = pl.doomed = 0
        if doomed:
            if self.log is not None:
                self._note(f"  {self._p(p)} sacrifices {_count(doomed, 'workers')} from red slots")
            return self._fire(p, "sacrificed", None, {"workers": doomed})
        return None

    def _turn_end(self, p: int) -> Pending | None:
        """Turn End: every "every turn end" ability, in the order the player chooses."""
        return self._in_chosen_order(p, self.powers[p].triggers.get(("turn_end", None), ()))

    def _in_chosen_order(self, p: int, abilities: tuple[Triggered, ...]) -> Pending | None:
        if len(abilities) <= 1:
            return self._run_abilities(p, abilities, {})
        labels = [self.game.name(ab.card) for ab in abilities]
        labels = [f"{label} ({i + 1})" if labels.count(label) > 1 else label for i, label in enumerate(labels)]
        return Pending(p, "which turn-end ability next?", tuple(
            Option(label, lambda st, i=i: st._then_rest(p, abilities, i)) for i, label in enumerate(labels)))

    def _then_rest(self, p: int, abilities: tuple[Triggered, ...], i: int) -> Pending | None:
        rest = abilities[:i] + abilities[i + 1:]
        self._agenda.append(lambda st: st._in_chosen_order(p, rest))
        return self._run_abilities(p, abilities[i:i + 1], {})

    def _next_turn(self) -> None:
        """Players take turns clockwise from the starting player (PLAYING THE GAME)."""
        self.turn += 1
        if self.turn < self.n:
            self.player = (self.starter + self.turn) % self.n
            self._then(lambda st: st._start_turn())
        else:
            self._round_end()

    def _start_turn(self) -> None:
        """A new turn: round 1 starts with a rise; later, a player with 3 civilization cards can only
        skip step 1 (FOLLOWING TURNS › IMPORTANT RULES)."""
        p = self.player
        self.used = {}
        self.acted = False
        if self.log is not None:
            self._note(f"-- {self._p(p)}'s turn (coins {self.seats[p].coins}, workers {self.seats[p].workers}, "
                       f"score {self.seats[p].score})")
        pl = self.seats[p]
        full = len(pl.civs) >= self.game.rules["max_civilizations"]
        if (self.round > 1 and full) or not (self.market or pl.hand):
            if self.log is not None:
                self._note(f"{self._p(p)} skips the civilization step "
                           f"({'3 civilization cards' if full else 'no card left'})")
            self.step = ACTIONS
        else:
            self.step = CIVILIZATION

    # -- round end and game end ---------------------------------------------------------------------
    def _round_end(self) -> None:
        rules = self.game.rules
        self.starter = (self.starter - 1) % self.n                   # ROUND END 1: counter-clockwise
        if self.log is not None:
            self._note(f"== round {self.round} ends" + (f"; starter token to {self._p(self.starter)}" if self.n > 1 else ""))
        if rules["market_refill"] == "round_end":                    # SOLO › GAME PLAY 2
            self._refill_market()
        if rules["virtual_opponent"]:                                # SOLO › GAME PLAY 2: before the move
            self.virtual += 1
            self._note(f"  the virtual opponent's military strength is now {self.virtual}")
        self.round += 1                                              # ROUND END 2
        self._new_round()
        steps = []
        if self.round <= rules["rounds"]:
            new = self.track[self.round + 1]                         # ROUND END 3: the new card
            if self.log is not None:
                self._note(f"  {self.game.name(new)} becomes available"
                           + {"war": " (War)", "sacrifice": " (Sacrifice)"}.get(self.game.symbol[new], ""))
            symbol = self.game.symbol[new]
            if symbol == "war":
                steps.append(lambda st: st._war())
            elif symbol == "sacrifice":
                steps.append(lambda st: st._everyone_sacrifices(new))
            steps.append(lambda st: st._run_abilities(st.starter, st.game.revealed.get(new, ()), {}))
        order = [(self.starter + i) % self.n for i in range(self.n)]
        steps += [lambda st, p=p: st._fire(p, "round_end", None) for p in order]
        steps.append(lambda st: st._next_round())
        self._then(*steps)

    def _war(self) -> Pending | None:
        """War: the least military strength sacrifices 1 worker; all tied players do (ROUND END 3).
        Solo: compared with the virtual opponent. Polynesia never sacrifices to war."""
        strength = {p: self.stat(None, p, "military") for p in range(self.n)}
        least = min([*strength.values(), *([self.virtual] if self.game.rules["virtual_opponent"] else [])])
        losers = [p for p in self._seat_order() if strength[p] == least]
        self._note(f"  War: least military strength {least}: "
                   + (", ".join(self._p(p) for p in losers) or "only the virtual opponent"))
        steps = []
        for p in losers:
            if self.immune(p, "war"):
                self._note(f"  {self._p(p)} never sacrifices to war")
            else:
                steps.append(lambda st, p=p: st.sacrifice(Ctx(p, "war"), p, 1))
        return run_all(self, steps)

    def _everyone_sacrifices(self, card: str) -> Pending | None:
        """Sacrifice symbol: all players sacrifice 1 worker (ROUND END 3)."""
        return run_all(self, [lambda st, p=p: st.sacrifice(Ctx(p, card), p, 1) for p in self._seat_order()])

    def _seat_order(self) -> list[int]:
        return [(self.starter + i) % self.n for i in range(self.n)]

    def _next_round(self) -> None:
        if self.round > self.game.rules["rounds"]:
            self._game_end()
            return
        self.turn = 0
        self.player = self.starter
        self._round_start_note()
        self._start_turn()

    def _game_end(self) -> None:
        """GAME END: every player's "game end" abilities, then the ranking."""
        self.round = self.game.rules["rounds"]
        self._note("== game end")
        steps = [lambda st, p=p: st._fire(p, "game_end", None) for p in self._seat_order()]
        steps.append(lambda st: st._finish())
        self._then(*steps)

    def _finish(self) -> None:
        self.step = OVER
        self.player = self.starter
        if self.log is not None:
            ranks = self.ranks()
            for p in sorted(range(self.n), key=lambda q: ranks[q]):
                pl = self.seats[p]
                self._note(f"{ranks[p]}. {self._p(p)}: {_count(pl.score, 'score')}, {_count(pl.workers, 'workers')}, "
                           f"{_count(pl.coins, 'coins')}")
            if self.n > 1:
                self._note(f"decided by: {self.tiebreak()}")
            for a in self.achievements() if self.game.rules["achievements"] else ():
                self._note(f"achievement {a['name']} ({a['requires']}): {'achieved' if a['achieved'] else 'not achieved'}")

    def achievements(self) -> list[dict]:
        """SOLO GAME › GAME PLAY 3: each achievement card's condition, checked for the player."""
        return evaluate(self)

    def civilizations_with(self, player: int, population: int) -> int:
        """How many of the player's civilization cards have this population (achievements)."""
        return sum(1 for c in self.seats[player].civs if self.game.population[c] == population)

    # -- running the game on ---------------------------------------------------------------------------
    def _then(self, *steps: Callable[["State"], Pending | None]) -> None:
        """Schedule steps to run in this order, before anything already scheduled."""
        self._agenda.extend(reversed(steps))

    def _ask(self, pending: Pending | None) -> None:
        """A decision with one option is no decision: it is taken at once."""
        while pending is not None and pending is not HALT:
            if len(pending.options) != 1:
                self.pending = pending
                return
            pending = pending.options[0].resume(self)

    def _run(self) -> None:
        """Carry out scheduled steps until a decision is needed or nothing is left."""
        agenda = self._agenda
        while self.pending is None and agenda:
            pending = agenda.pop()(self)
            if pending is not None:
                self._ask(pending)

    # -- log ---------------------------------------------------------------------------------------------
    def _note(self, text: str, private: str | None = None) -> None:
        if self.log is not None:
            self.log.append(text if private is None else f"{text} [{private}]")

    def _round_start_note(self) -> None:
        if self.log is not None:
            names = [self.game.name(c) for c in self.game.permanent + self.window() if c in self.game.slots]
            self._note(f"== round {self.round}: available {', '.join(names)}; starter {self._p(self.starter)}")

    @staticmethod
    def _p(player: int) -> str:
        return views.seat(player)

    def _rank_key(self, p: int) -> tuple[int, int, int]:
        pl = self.seats[p]
        return (pl.score, pl.workers, pl.coins)


def _gains(node, resource: str) -> bool:
    """Whether an effect tree contains a `gain` of ``resource``."""
    if isinstance(node, Mapping):
        gain = node.get("gain")
        return (isinstance(gain, Mapping) and resource in gain) or any(_gains(v, resource) for v in node.values())
    return isinstance(node, (list, tuple)) and any(_gains(v, resource) for v in node)


_ONE = {"coins": "coin", "workers": "worker", "bonus coins": "bonus coin", "technology": "technology",
        "wonder": "wonder"}


def _count(n: int, many: str) -> str:
    """``2 coins``, ``1 coin`` (for the log)."""
    return f"{n} {_ONE.get(many, many) if n == 1 else many}"
