"""Effect interpreter overhead: Age of Civilization games with the deck's compiled effects, against
the same rules with every card ability hand-coded as Python functions (a throwaway baseline kept
here, never used elsewhere).

Target (issue 3): the compiled effects cost at most 15% more game time than hand-coded abilities.
Before timing, both versions play the same seeded games and must write identical logs, so the
baseline is known to be the same rules.
Run: python benchmarks/effects.py [--games 2000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from cardtools.core.loader import load_deck
from cardtools.effects.runtime import Modifier, Option, Pending, Triggered
from cardtools.games.aoc.rules import Game

# -- the hand-coded baseline: each ability a plain function calling the engine --------------------


def gain(resource, amount):
    """Gain a fixed amount, or ``amount(st, ctx)``."""
    if callable(amount):
        return lambda st, ctx: st.gain(ctx, ctx.player, resource, amount(st, ctx))
    return lambda st, ctx: st.gain(ctx, ctx.player, resource, amount)


def both(first, then):
    """``first``, then ``then`` (after the decision ``first`` may ask for)."""
    def run(st, ctx):
        pending = first(st, ctx)
        if pending is not None:
            return pending.then(lambda s: then(s, ctx))
        return then(st, ctx)
    return run


def others(st, ctx):
    return [p for p in st.players() if p != ctx.player]


def trade(st, ctx):
    st.gain(ctx, ctx.player, "coins", 2)
    for p in others(st, ctx):
        st.gain(ctx.for_player(p), p, "coins", 1)


def conquest(st, ctx):
    rivals = st.rivals(ctx, ctx.player, "military")
    if not rivals or st.stat(ctx, ctx.player, "military") >= max(rivals):
        return st.gain(ctx, ctx.player, "score", 2)


def hunt(st, ctx):
    st.gain(ctx, ctx.player, "coins", 1)
    if st.count(ctx, ctx.player, "technologies") == 0:
        st.gain(ctx, ctx.player, "score", 1)


def plague(st, ctx):
    for p in st.players():
        st.sacrifice(ctx.for_player(p), p, 1)


def mongolia(st, ctx):
    for p in others(st, ctx):
        st.sacrifice(ctx.for_player(p), p, 1)


def germania(st, ctx):
    for p in others(st, ctx):
        n = min(1, st.holding(p, "coins"))
        st.lose(ctx, p, "coins", n)
        st.gain(ctx, ctx.player, "coins", n)


def up_to_four_workers(st, ctx):
    return st.gain(ctx, ctx.player, "workers", min(1, max(0, 4 - st.holding(ctx.player, "workers"))))


def education(st, ctx):
    return Pending(ctx.player, "you may perform Culture without placing workers", (
        Option("yes", lambda s: s.perform(ctx, ctx.player, "culture", frozenset({"workers"}))),
        Option("no", lambda s: None)))


def count(name, per=1, cap=None):
    def value(st, ctx):
        n = st.count(ctx, ctx.player, name) // per
        return n if cap is None else min(n, cap)
    return value


def const(n):
    return lambda st, ctx: n


def military_per(per, cap):
    return lambda st, ctx: min(st.stat(ctx, ctx.player, "military") // per, cap)


def bonus_coins(st, ctx):
    return st.gain(ctx, ctx.player, "coins", ctx.event.get("bonus_coins", 0) * 2)


def kongo(st, ctx):
    return st.gain(ctx, ctx.player, "coins", ctx.event.get("workers", 0) * 2)


# card id -> field -> [(trigger or "modify", arg or modifier args, effect or who)]
W = "when"
HAND = {
    "wonder": {"effects": [(W, "used", None, both(gain("score", 3), gain("wonder", 1)))]},
    "research": {"effects": [(W, "used", None, both(gain("score", 1), gain("technology", 1)))]},
    "enslave": {"effects": [(W, "used", None, gain("coins", 2))]},
    "culture": {"effects": [(W, "used", None, gain("score", 2))]},
    "build": {"effects": [(W, "used", None, gain("score", 2))]},
    "conquest": {"effects": [(W, "used", None, conquest)]},
    "hunt": {"effects": [(W, "used", None, hunt)]},
    "fish": {"effects": [(W, "used", None, gain("coins", 1))]},
    "trade": {"effects": [(W, "used", None, trade)]},
    "farm": {"effects": [(W, "used", None, gain("coins", 3))]},
    "plague": {"effects": [(W, "revealed", None, plague)]},
    "writing": {"effects": [(W, "performed", "culture", gain("score", 1))]},
    "sailing": {"effects": [(W, "performed", "fish", gain("coins", 1)), (W, "performed", "trade", gain("coins", 1))]},
    "mining": {"effects": [(W, "performed", "enslave", gain("coins", 1))]},
    "education": {"effects": [(W, "turn_end", None, education)]},
    "mathematics": {"effects": [("cost", {"of": "research", "add": {"coins": const(-1)}}, "you")]},
    "science": {"effects": [(W, "gained", None, gain("score", count("upcoming_actions")))]},
    "engineering": {"effects": [(W, "game_end", None, gain("score", count("wonders"))),
                                ("cost", {"of": "build", "add": {"coins": const(-1)}}, "you")]},
    "gunpowder": {"effects": [(W, "performed", "conquest", gain("score", 1))]},
    "egypt": {"main": [("cost", {"of": "wonder", "add": {"coins": const(-2)}}, "you")],
              "legacy": [(W, "performed", "build", gain("score", 1))]},
    "china": {"main": [(W, "performed", "farm", up_to_four_workers)],
              "legacy": [(W, "performed", "research", gain("coins", 1))]},
    "india": {"main": [("slot", {"action": "culture"}, "you")], "legacy": [(W, "performed", "culture", gain("coins", 1))]},
    "rome": {"main": [("stat", {"add": {"military": count("technologies", per=2)}}, "you")],
             "legacy": [(W, "performed", "conquest", gain("coins", 1))]},
    "arabia": {"main": [(W, "turn_end", None, gain("coins", count("technologies", cap=3)))],
               "legacy": [(W, "performed", "trade", gain("coins", 1))]},
    "mongolia": {"main": [(W, "performed", "conquest", mongolia)], "legacy": [(W, "performed", "conquest", gain("score", 1))]},
    "vikings": {"main": [("forbid", {"action": "trade"}, "others")], "legacy": [(W, "performed", "fish", gain("coins", 1))]},
    "hittites": {"main": [("cost", {"of": "research", "target": "iron_working", "set": {"coins": const(0)}}, "you")],
                 "legacy": [(W, "performed", "enslave", gain("coins", 1))]},
    "carthage": {"main": [(W, "risen", None, bonus_coins)], "legacy": [(W, "performed", "trade", gain("coins", 1))]},
    "aztecs": {"main": [("cost", {"of": "wonder", "add": {"coins": const(-5)}}, "you"),
                        ("workers", {"of": "wonder", "add": {"workers": const(1)}}, "you")],
               "legacy": [("slot", {"action": "conquest"}, "you")]},
    "babylon": {"main": [(W, "turn_end", None, gain("technology", 1))],
                "legacy": [("cost", {"of": "research", "add": {"coins": const(-1)}}, "you")]},
    "japan": {"main": [("cost", {"of": "culture", "add": {"coins": lambda st, ctx: -st.stat(ctx, ctx.player, "military")}},
                        "you")],
              "legacy": [(W, "performed", "culture", gain("coins", 1))]},
    "polynesia": {"main": [("immune", {"hazard": "war"}, "you"), (W, "performed", "fish", gain("coins", 1))],
                  "legacy": [(W, "performed", "fish", gain("score", 1))]},
    "maya": {"main": [("allow", {"rule": "upcoming_actions"}, "you"), (W, "performed", "farm", gain("coins", 1))],
             "legacy": [(W, "game_end", None, gain("score", count("technologies", per=2)))]},
    "kongo": {"main": [(W, "sacrificed", None, kongo)], "legacy": [(W, "performed", "enslave", gain("coins", 1))]},
    "celts": {"main": [("slot", {"action": "hunt"}, "you")], "legacy": [(W, "performed", "hunt", gain("coins", 1))]},
    "indonesia": {"main": [("slot", {"action": "trade"}, "you")], "legacy": [(W, "performed", "fish", gain("coins", 1))]},
    "germania": {"main": [(W, "performed", "conquest", germania)], "legacy": [(W, "performed", "hunt", gain("score", 1))]},
    "persia": {"main": [(W, "turn_end", None, gain("coins", count("civilizations")))],
               "legacy": [(W, "performed", "trade", gain("coins", 1))]},
    "greece": {"main": [(W, "performed", "culture", gain("score", 1))],
               "legacy": [(W, "game_end", None, gain("score", count("technologies", per=3)))]},
    "sumer": {"main": [(W, "performed", "farm", gain("score", 1))], "legacy": [(W, "performed", "build", gain("coins", 1))]},
    "phoenicia": {"main": [(W, "performed", "trade", gain("coins", 2))], "legacy": [(W, "performed", "fish", gain("coins", 1))]},
    "assyria": {"main": [(W, "performed", "conquest", gain("coins", 2))],
                "legacy": [(W, "performed", "enslave", gain("score", 1))]},
    "macedonia": {"main": [(W, "performed", "conquest", gain("score", 1))],
                  "legacy": [(W, "game_end", None, gain("score", military_per(2, 3)))]},
    "inca": {"main": [("cost", {"of": "build", "set": {"coins": const(0)}}, "you")],
             "legacy": [(W, "performed", "farm", gain("coins", 1))]},
    "mali": {"main": [(W, "performed", "trade", gain("score", 1))], "legacy": [(W, "performed", "hunt", gain("coins", 1))]},
    "aksum": {"main": [(W, "performed", "enslave", gain("score", 1))], "legacy": [(W, "performed", "trade", gain("coins", 1))]},
    "khmer": {"main": [(W, "performed", "build", gain("score", 1))], "legacy": [(W, "performed", "farm", gain("score", 1))]},
    "korea": {"main": [("cost", {"of": "research", "add": {"coins": const(-2)}}, "you")],
              "legacy": [(W, "performed", "research", gain("coins", 1))]},
    "byzantium": {"main": [("cost", {"of": "wonder", "add": {"coins": const(-3)}}, "you")],
                  "legacy": [(W, "performed", "culture", gain("coins", 1))]},
    "scythia": {"main": [(W, "performed", "hunt", gain("score", 1))], "legacy": [(W, "performed", "conquest", gain("coins", 1))]},
    "olmec": {"main": [(W, "performed", "build", gain("coins", 2))],
              "legacy": [(W, "game_end", None, gain("score", count("wonders", cap=2)))]},
    "zulu": {"main": [(W, "performed", "conquest", up_to_four_workers)], "legacy": [(W, "performed", "hunt", gain("coins", 1))]},
    "minoa": {"main": [(W, "performed", "fish", gain("coins", 2))], "legacy": [(W, "performed", "trade", gain("score", 1))]},
    "pyramids": {"effects": [(W, "game_end", None, gain("score", count("civilizations")))]},
    "hanging_gardens": {"effects": [(W, "turn_end", None, gain("coins", 1))]},
    "colossus": {"effects": [(W, "performed", "trade", gain("coins", 2))]},
    "great_library": {"effects": [(W, "gained", None, gain("technology", 1))]},
    "lighthouse": {"effects": [(W, "performed", "fish", gain("score", 1))]},
    "temple_of_artemis": {"effects": [("cost", {"of": "culture", "add": {"coins": const(-2)}}, "you")]},
    "stonehenge": {"effects": [(W, "game_end", None, gain("score", count("technologies", per=2)))]},
    "terracotta_army": {"effects": [(W, "performed", "conquest", gain("score", 1))]},
    "colosseum": {"effects": [(W, "performed", "culture", gain("score", 1))]},
}


#: Which argument of each modifier names what it changes (the verbs declare it: Verb.subject).
SUBJECT = {"cost": "of", "workers": "of", "slot": "action", "forbid": "action", "allow": "rule", "immune": "hazard"}


def hand_coded_abilities() -> dict:
    """The HAND table as the engine's abilities (card id -> field -> tuple)."""
    out: dict = {}
    for card, fields in HAND.items():
        out[card] = {}
        for field, entries in fields.items():
            abilities = []
            for entry in entries:
                if entry[0] == W:
                    _, trigger, arg, effect = entry
                    abilities.append(Triggered(trigger, arg, effect, None, card, field))
                else:
                    verb, args, who = entry
                    args = {"target": None, **args} if verb == "cost" else args
                    subjects = tuple(args["add"]) if verb == "stat" else (args[SUBJECT[verb]],)
                    abilities.append(Modifier(verb, args, who, None, card, field, subjects))
            out[card][field] = tuple(abilities)
    return out


# -- the comparison -------------------------------------------------------------------------------

def play(game: Game, players: int, seeds: range, log: bool = False) -> list:
    logs = []
    for seed in seeds:
        state = game.new_state(players, seed, log=log)
        rng = random.Random(seed)
        while not state.is_terminal():
            moves = state.legal_actions()
            state.apply(moves[rng.randrange(len(moves))])
        logs.append(state.log)
    return logs


def cpu_time(game: Game, players: int, games: int) -> float:
    start = time.process_time()
    play(game, players, range(games))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="4-player games per measurement (default 1000)")
    parser.add_argument("--rounds", type=int, default=9, help="alternating measurements of each; the best counts (default 9: single runs vary by ±5 points on a shared machine)")
    args = parser.parse_args()
    deck = load_deck("aoc")
    compiled, hand = Game(deck), Game(deck, abilities=hand_coded_abilities())
    missing = {c.id for c in deck.cards if any(c.get(f) for f in deck.manifest.card_types[c.type].effect_fields)} - set(HAND)
    if missing:
        raise SystemExit(f"the hand-coded baseline lacks: {', '.join(sorted(missing))}")
    for players in (2, 3, 4):
        if play(compiled, players, range(300), log=True) != play(hand, players, range(300), log=True):
            raise SystemExit(f"the hand-coded baseline plays differently at {players} players: fix it first")
    print(f"Age of Civilization, 4 players, random agents, {args.games} games per round "
          f"(python {sys.version.split()[0]}); logs of 900 games identical in both versions")
    best = {"compiled": float("inf"), "hand-coded": float("inf")}
    for _ in range(args.rounds):
        for name, game in (("compiled", compiled), ("hand-coded", hand)):
            best[name] = min(best[name], cpu_time(game, 4, args.games))
    for name, seconds in best.items():
        print(f"{name:>10}: {seconds:6.2f} CPU s  ({args.games / seconds:,.0f} games/s)")
    print(f"interpreter overhead: {(best['compiled'] / best['hand-coded'] - 1) * 100:+.1f}% of game time (target ≤ 15%)")


if __name__ == "__main__":
    main()
