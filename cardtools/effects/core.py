"""The core verbs every game shares. Each is declared once: schema fragment, runtime, text (by name).

Runtime factories are called once per use, at compile time, as ``factory(args, compiler, path)``;
they check what the schema cannot (``compiler.fail`` reports with the YAML position) and return the
closure that runs: see ``effects.runtime`` for the closure signature of each kind.
"""

from __future__ import annotations

from cardtools.effects.registry import BOUNDED, ITSELF, KEYS, SchemaParts, verb
from cardtools.effects.runtime import HALT, Option, Pending, Targets, constant_of, run_all, sequence

# -- effects -------------------------------------------------------------------------------------


def _who(S: SchemaParts, text: str = "Who (default: you).") -> dict:
    return {**S.target, "description": text}


def _amounts(args, c, path, group: str):
    nouns = getattr(c.vocab, group)
    items = [(name, c.value(v, path + (name,))) for name, v in args.items() if name in nouns]
    if not items:
        c.fail(path, f"names nothing to {path[-1] if path else 'use'}: give at least one of {', '.join(nouns)}")
    return items


def _per_player(args, c, path, act):
    """Apply ``act(state, ctx)`` to each target player of ``args['who']`` (default: you: ``act`` itself)."""
    targets = c.targets(args.get("who", "you"), path + ("who",))
    if targets.you_only:
        return act
    return lambda state, ctx: targets.apply(state, ctx, act, "choose a player")


@verb("gain", "effect", lambda S: S.amounts(S.vocab.resources, "Gain resources: {coins: 2, score: 1}.",
                                            who=_who(S), up_to={"type": "integer", **BOUNDED, "minimum": 0,
                                                                "description": "Gain only while below this total."}))
def gain(args, c, path):
    """Gain resources. A resource marked `choice` (a technology) asks which one."""
    items = _amounts(args, c, path, "resources")
    up_to = args.get("up_to")

    def one(res, amount):
        if up_to is None:
            n = constant_of(amount)
            if n is not None:                       # (no call for a printed number)
                return lambda st, ctx: st.gain(ctx, ctx.player, res, n)
            return lambda st, ctx: st.gain(ctx, ctx.player, res, amount(st, ctx))
        return lambda st, ctx: st.gain(ctx, ctx.player, res,
                                       min(amount(st, ctx), max(0, up_to - st.holding(ctx.player, res))))

    act = _per_player(args, c, path, sequence([one(res, amount) for res, amount in items]))
    fixed = [(res, constant_of(amount)) for res, amount in items]
    if up_to is None and "who" not in args and all(n is not None and n > 0 for _, n in fixed):
        act.gains = tuple(fixed)        # all it does: the engine may add these itself (a fresh closure)
    return act


@verb("lose", "effect", lambda S: S.amounts(S.vocab.resources, "Lose resources (never below zero).", who=_who(S)))
def lose(args, c, path):
    """Lose resources, down to zero at most."""
    items = _amounts(args, c, path, "resources")

    def act(st, ctx):
        for res, amount in items:
            st.lose(ctx, ctx.player, res, amount(st, ctx))
    return _per_player(args, c, path, act)


@verb("pay", "effect", lambda S: S.amounts(S.vocab.resources, "Pay resources; if you cannot pay all, the rest of "
                                                              "this list of effects does not happen."))
def pay(args, c, path):
    """Pay resources, all or nothing: when they cannot be paid, the effects after it in its list are skipped."""
    items = _amounts(args, c, path, "resources")

    def act(st, ctx):
        costs = [(res, amount(st, ctx)) for res, amount in items]
        if any(st.holding(ctx.player, res) < n for res, n in costs):
            return HALT
        for res, n in costs:
            st.pay(ctx, ctx.player, res, n)
        return None
    return act


@verb("score", "effect", lambda S: {**S.value, "description": "Gain victory points (the vocabulary's `victory`)."},
      needs="victory")
def score(args, c, path):
    """Gain victory points."""
    if c.vocab.victory is None:
        c.fail(path, "this game's vocabulary names no victory resource")
    amount = c.value(args, path)
    victory = c.vocab.victory
    return lambda st, ctx: st.gain(ctx, ctx.player, victory, amount(st, ctx))


@verb("draw", "effect", lambda S: S.amounts(S.vocab.decks, "Draw cards: {military: 3}.", who=_who(S)), needs="decks")
def draw(args, c, path):
    """Draw cards from the game's decks."""
    items = _amounts(args, c, path, "decks")

    steps = [lambda st, ctx, d=d, n=n: st.draw(ctx, ctx.player, d, n(st, ctx)) for d, n in items]
    return _per_player(args, c, path, sequence(steps))


@verb("transfer", "effect", lambda S: {
    **S.amounts(S.vocab.resources, "Take resources from other players: {food: 3, from: opponent}.",
                **{"from": _who(S, "Who gives.")}),
    "required": ["from"]})
def transfer(args, c, path):
    """Take resources from other players; each gives what they have, up to the amount."""
    items = _amounts(args, c, path, "resources")
    givers = c.targets(args["from"], path + ("from",))

    def act(st, ctx):
        def take_from(giver):
            return lambda s: run_all(s, [lambda s, res=res, amount=amount: s.take_from(ctx, giver, ctx.player, res,
                                                                                    amount(s, ctx))
                                         for res, amount in items])
        players = [p for p in givers.resolve(st, ctx) if p != ctx.player]
        if givers.choose:
            return Pending(ctx.player, "take from whom?", tuple(Option(f"player {p}", take_from(p)) for p in players))
        return run_all(st, [take_from(p) for p in players])
    return act


@verb("perform", "effect", lambda S: {
    "type": "object", "additionalProperties": False, "required": ["action"],
    "properties": {"action": {**S.member("action"), "description": "The action performed."},
                   "without": {"type": "array", "uniqueItems": True, "items": S.member("requirement"),
                               "description": "Requirements waived (e.g. placing workers); the rest is paid."}},
    "description": "Perform an action, as if taking it normally except for what `without` waives."})
def perform(args, c, path):
    """Perform an action; every modifier of that action applies as usual."""
    action = args["action"]
    without = frozenset(args.get("without", ()))
    return lambda st, ctx: st.perform(ctx, ctx.player, action, without)


@verb("choose", "effect", lambda S: {"type": "array", "minItems": 2, "items": S.effect,
                                     "description": "The player chooses one of these effects."})
def choose(args, c, path):
    """A choice between effects: a pending decision for the player."""
    options = [c.effect(option, path + (i,)) for i, option in enumerate(args)]
    labels = [c.label(option) for option in args]

    def act(st, ctx):
        return Pending(ctx.player, "choose one", tuple(
            Option(label, lambda s, f=f: f(s, ctx)) for label, f in zip(labels, options)))
    return act


@verb("may", "effect", lambda S: {**S.effect, "description": "The player may do this, or not."})
def may(args, c, path):
    """An optional effect: a yes/no decision."""
    effect = c.effect(args, path)
    label = c.label(args)

    def act(st, ctx):
        return Pending(ctx.player, f"you may {label}", (Option("yes", lambda s: effect(s, ctx)),
                                                         Option("no", lambda s: None)))
    return act


@verb("if", "effect", lambda S: {**S.condition, "description": "Do `then` if this holds, else `else`."},
      companions=lambda S: {"then": {**S.effect, "description": "What happens if the condition holds."},
                            "else": {**S.effect, "description": "What happens otherwise (optional)."}})
def if_(node, c, path):
    """`{if: condition, then: effect, else: effect}`: do `then` if the condition holds, otherwise `else` (optional)."""
    test = c.condition(node["if"], path + ("if",))
    then = c.effect(node["then"], path + ("then",))
    other = c.effect(node["else"], path + ("else",)) if "else" in node else None

    def act(st, ctx):
        if test(st, ctx):
            return then(st, ctx)
        return other(st, ctx) if other is not None else None
    return act


@verb("each", "effect", lambda S: {**S.target, "description": "Each of these players does `do` for themselves "
                                                              "(values inside read that player's own state)."},
      companions=lambda S: {"do": {**S.effect, "description": "What each of them does."}})
def each(node, c, path):
    """`{each: players, do: effect}`: each addressed player in turn does the effect, as 'you'."""
    targets = c.targets(node["each"], path + ("each",))
    effect = c.effect(node["do"], path + ("do",))
    return lambda st, ctx: targets.apply(st, ctx, effect, "choose a player")


@verb("repeat", "effect", lambda S: {
    "type": "object", "additionalProperties": False, "required": ["times", "do"],
    "properties": {"times": S.value, "do": S.effect}, "description": "Do an effect a number of times."})
def repeat(args, c, path):
    """Repeat an effect (the number is computed once, when the repetition starts)."""
    times = c.value(args["times"], path + ("times",))
    effect = c.effect(args["do"], path + ("do",))
    return lambda st, ctx: sequence([effect] * max(0, times(st, ctx)) or [_nothing])(st, ctx)


def _nothing(st, ctx):
    return None


@verb("rank", "effect", lambda S: {
    "type": "object", "additionalProperties": False, "required": ["by", "gain"],
    "properties": {
        "by": {**S.stat, "description": "The statistic players are ranked by (highest first)."},
        "gain": {**S.resource, "description": "What the rewards are paid in."},
        "rewards": {"type": "array", "items": {"type": "integer", **BOUNDED},
                    "description": "Reward by place (first, second, …), whatever the number of players."},
        "by_players": {"type": "object", "propertyNames": {"pattern": "^[1-9]$"},
                       "additionalProperties": {"type": "array", "items": {"type": "integer", **BOUNDED}},
                       "description": "Rewards by place for each number of players: {3: [14, 7, 0]}."}},
    "description": "Rank every player by a statistic and reward each place (ties follow the game's rule)."},
      needs="stats")
def rank(args, c, path):
    """Rank players by a statistic; each place gains its reward. The game groups ties."""
    if "rewards" not in args and "by_players" not in args:
        c.fail(path, "rank needs `rewards` or `by_players`")
    flat = args.get("rewards")
    table = {int(k): v for k, v in args.get("by_players", {}).items()}
    stat, resource = args["by"], args["gain"]

    def act(st, ctx):
        groups = st.ranking(ctx, stat)
        rewards = table.get(len(st.players()), flat) or []
        place = 0
        for group in groups:
            reward = rewards[place] if place < len(rewards) else 0
            for p in group:
                if reward:
                    st.gain(ctx, p, resource, reward)
            place += len(group)
        return None
    return act


# -- values ---------------------------------------------------------------------------------------

def _measured(kind: str, read):
    """A value that reads a number (``read(state, ctx, who, name)``) and scales it."""
    def factory(args, c, path):
        spec = {"of": args} if isinstance(args, str) else args
        name = spec["of"]
        c.check_measure(kind, name, path)
        who = c.targets(spec["who"], path + ("who",)) if "who" in spec else None
        per, times = spec.get("per", 1), spec.get("times", 1)
        cap, floor = spec.get("max"), spec.get("min")
        up = spec.get("round") == "up"

        def value(st, ctx):
            if who is None:
                n = read(st, ctx, ctx.player, name)
            else:
                n = sum(read(st, ctx, p, name) for p in who.resolve(st, ctx))
            n = (-(-n // per) if up else n // per) * times
            if cap is not None:
                n = min(n, cap)
            if floor is not None:
                n = max(n, floor)
            return n
        return value
    return factory


verb("count", "value", lambda S: S.measure(S.count, "How many of something a player has: `technologies`, or "
                                                    "{of: technologies, per: 2, max: 3}."), needs="counts",
     doc="How many of something a player has, optionally scaled (per, times, max, min, round).")(
    _measured("count", lambda st, ctx, p, name: st.count(ctx, p, name)))
verb("stat", "value", lambda S: S.measure(S.stat, "A player's statistic: `military`, or {of: military, times: 2}."), needs="stats",
     doc="A player's statistic (military strength, science rating …), optionally scaled.")(
    _measured("stat", lambda st, ctx, p, name: st.stat(ctx, p, name)))
verb("event", "value", lambda S: S.measure({"type": "string"}, "A number the triggering event carries "
                                                                "(the trigger's `event` words)."),
     doc="A number carried by the event that triggered the ability (workers sacrificed, bonus coins …).")(
    _measured("event", lambda st, ctx, p, name: ctx.event.get(name, 0)))


@verb("param", "value", lambda S: {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                                   "description": "A rule parameter of the game or variant."})
def param(args, c, path):
    """A rule parameter (the manifest's or the variant's `rules:`)."""
    return lambda st, ctx: st.param(args)


@verb("by_players", "value", lambda S: {
    "type": "object", "propertyNames": {"pattern": "^[1-9]$"}, "additionalProperties": S.value, "minProperties": 2,
    "description": "A number that depends on how many play: {2: 6, 3: 3, 4: 2}."})
def by_players(args, c, path):
    """The value for the number of players in the game (0 for a count the table does not name)."""
    table = {int(k): c.value(v, path + (k,)) for k, v in args.items()}
    return lambda st, ctx: table[n](st, ctx) if (n := len(st.players())) in table else 0


@verb("held", "value", lambda S: {**S.resource, "description": "How much of a resource the player has now."})
def held(args, c, path):
    """What the player holds of a resource (``lose: {food: {held: food}}`` loses it all)."""
    return lambda st, ctx: st.holding(ctx.player, args)


def _combined(fold):
    def factory(args, c, path):
        parts = [c.value(v, path + (i,)) for i, v in enumerate(args)]
        return lambda st, ctx: fold([p(st, ctx) for p in parts])
    return factory


_values = lambda S, text: {"type": "array", "minItems": 2, "items": S.value, "description": text}  # noqa: E731
verb("sum", "value", lambda S: _values(S, "The values added together."),
     doc="Several values added together.")(_combined(sum))
verb("largest", "value", lambda S: _values(S, "The largest of the values."),
     doc="The largest of several values.")(_combined(max))
verb("smallest", "value", lambda S: _values(S, "The smallest of the values."),
     doc="The smallest of several values.")(_combined(min))
verb("product", "value", lambda S: {**_values(S, "The values multiplied together."), "maxItems": 2},
     doc="Several values multiplied together.")(
    _combined(lambda v: v[0] * v[1]))
verb("difference", "value", lambda S: {**_values(S, "The first value minus the others, never below zero."),
                                       "maxItems": 2},
     doc="The first value minus the second, never below zero (a strength advantage).")(_combined(lambda v: max(0, v[0] - v[1])))


# -- conditions -----------------------------------------------------------------------------------

def _compared(test):
    def factory(args, c, path):
        left, right = c.value(args[0], path + (0,)), c.value(args[1], path + (1,))
        return lambda st, ctx: test(left(st, ctx), right(st, ctx))
    return factory


_pair = lambda S, text: {"type": "array", "minItems": 2, "maxItems": 2, "items": S.value,  # noqa: E731
                         "description": text}
verb("at_least", "condition", lambda S: _pair(S, "[a, b]: a ≥ b"),
     doc="The first value is at least the second.")(_compared(lambda a, b: a >= b))
verb("at_most", "condition", lambda S: _pair(S, "[a, b]: a ≤ b"),
     doc="The first value is at most the second.")(_compared(lambda a, b: a <= b))
verb("more_than", "condition", lambda S: _pair(S, "[a, b]: a > b"),
     doc="The first value is more than the second.")(_compared(lambda a, b: a > b))
verb("less_than", "condition", lambda S: _pair(S, "[a, b]: a < b"),
     doc="The first value is less than the second.")(_compared(lambda a, b: a < b))
verb("equal", "condition", lambda S: _pair(S, "[a, b]: a = b"),
     doc="The two values are equal.")(_compared(lambda a, b: a == b))


def _extreme(best):
    def factory(args, c, path):
        stat = args
        c.check_measure("stat", stat, path)
        share = c.vocab.ties == "share"

        def test(st, ctx):
            mine = st.stat(ctx, ctx.player, stat)
            others = st.rivals(ctx, ctx.player, stat)
            if not others:
                return True
            edge = best(others)
            return (best(mine, edge) == mine) if share else (best(mine, edge) == mine and mine != edge)
        return test
    return factory


verb("most", "condition", lambda S: {**S.stat, "description": "You have the most of this statistic (ties: the "
                                                              "vocabulary's rule)."}, needs="stats",
     doc="You have the most of a statistic (ties follow the vocabulary's rule).")(_extreme(max))
verb("least", "condition", lambda S: {**S.stat, "description": "You have the least of this statistic."}, needs="stats",
     doc="You have the least of a statistic (ties follow the vocabulary's rule).")(_extreme(min))


@verb("top", "condition", lambda S: {
    "type": "object", "additionalProperties": False, "required": ["of", "places"],
    "properties": {"of": S.stat, "places": {"type": "integer", **BOUNDED, "minimum": 1}},
    "description": "You are among the N players with the most of a statistic (ties in your favour)."}, needs="stats")
def top(args, c, path):
    """Among the top N: fewer than N players are strictly ahead of you."""
    stat, places = args["of"], args["places"]
    c.check_measure("stat", stat, path + ("of",))

    def test(st, ctx):
        mine = st.stat(ctx, ctx.player, stat)
        return sum(1 for v in st.rivals(ctx, ctx.player, stat) if v > mine) < places
    return test


@verb("has", "condition", lambda S: {**S.card, "description": "You own this card."})
def has(args, c, path):
    """Whether the player owns a card (has developed a technology, built a wonder …)."""
    return lambda st, ctx: st.has(ctx, ctx.player, args)


@verb("none", "condition", lambda S: {**S.count, "description": "You have none of these: `technologies`."}, needs="counts")
def none(args, c, path):
    """Whether the player has none of something."""
    c.check_measure("count", args, path)
    return lambda st, ctx: st.count(ctx, ctx.player, args) == 0


def _logic(fold):
    def factory(args, c, path):
        parts = [c.condition(v, path + (i,)) for i, v in enumerate(args)]
        return lambda st, ctx: fold(p(st, ctx) for p in parts)
    return factory


verb("all", "condition", lambda S: {"type": "array", "minItems": 2, "items": S.condition,
                                    "description": "Every condition holds."},
     doc="Every condition holds.")(_logic(all))
verb("any", "condition", lambda S: {"type": "array", "minItems": 2, "items": S.condition,
                                    "description": "At least one condition holds."},
     doc="At least one condition holds.")(_logic(any))


@verb("not", "condition", lambda S: {**S.condition, "description": "The condition does not hold."})
def not_(args, c, path):
    """The negation of a condition."""
    test = c.condition(args, path)
    return lambda st, ctx: not test(st, ctx)


# -- targets: words (no arguments) and verbs ------------------------------------------------------

def _word(resolve, *, choose=False, you_only=False):
    def factory(args, c, path):
        return Targets(resolve, choose=choose, you_only=you_only)
    return factory


verb("you", "target", lambda S: None,
     doc="The ability's owner (the default everywhere).")(_word(lambda st, ctx: [ctx.player], you_only=True))
verb("others", "target", lambda S: None,
     doc="Every other player, each in turn.")(_word(lambda st, ctx: [p for p in st.players() if p != ctx.player]))
verb("all", "target", lambda S: None,
     doc="Every player, each in turn.")(_word(lambda st, ctx: list(st.players())))
verb("opponent", "target", lambda S: None,
     doc="One other player, chosen by the owner (a pending decision).")(
    _word(lambda st, ctx: [p for p in st.players() if p != ctx.player], choose=True))


def _extreme_players(best):
    def factory(args, c, path):
        c.check_measure("stat", args, path)

        def resolve(st, ctx):
            values = {p: st.stat(ctx, p, args) for p in st.holders(args)}
            edge = best(values.values())
            return [p for p, v in values.items() if v == edge]
        return Targets(resolve)
    return factory


verb("most", "target", lambda S: {**S.stat, "description": "Every player with the most of a statistic."}, needs="stats",
     doc="Every player with the most of a statistic (all tied players).")(
    _extreme_players(max))
verb("least", "target", lambda S: {**S.stat, "description": "Every player with the least of a statistic."}, needs="stats",
     doc="Every player with the least of a statistic (all tied players).")(
    _extreme_players(min))


# -- modifiers ----------------------------------------------------------------------------------

def _resource_values(S: SchemaParts, text: str) -> dict:
    return {"type": "object", "additionalProperties": False, "minProperties": 1, "description": text,
            "properties": {name: S.value for name in S.vocab.resources}}


@verb("cost", "modifier", subject="of", schema=lambda S: {
    "type": "object", "additionalProperties": False, "required": ["of"],
    "properties": {
        "of": {**S.member("action"), "description": "The action whose cost changes."},
        "add": _resource_values(S, "Added to the cost (negative: cheaper), e.g. {coins: -1}."),
        "set": _resource_values(S, "The cost becomes this, e.g. {coins: 0}."),
        "target": {**S.card, "description": "Only when the action is aimed at this card (e.g. researching Iron "
                                            "Working)."}},
    "description": "Change the cost of an action."})
def cost(args, c, path):
    """A cost change; the engine applies `set` first, then every `add` (see engine.abilities.adjusted)."""
    if "add" not in args and "set" not in args:
        c.fail(path, "a cost change needs `add` or `set`")
    out = {"of": args["of"], "target": args.get("target")}
    for key in ("add", "set"):
        if key in args:
            out[key] = {res: c.value(v, path + (key, res)) for res, v in args[key].items()}
    return out


@verb("stat", "modifier", subject=KEYS, schema=lambda S: {
    "type": "object", "additionalProperties": False, "minProperties": 1,
    "properties": {name: S.value for name in S.vocab.stats},
    "description": "Add to statistics: {military: 1} or {military: {count: technologies, per: 2}}."}, needs="stats")
def stat_modifier(args, c, path):
    """A contribution to a statistic."""
    return {"add": {name: c.value(v, path + (name,)) for name, v in args.items()}}


@verb("forbid", "modifier", subject=ITSELF, schema=lambda S: {**S.member("action"), "description": "An action the affected players "
                                                                            "cannot perform (abilities included)."})
def forbid(args, c, path):
    """A rule exception: these players cannot perform the action."""
    return {"action": args}


@verb("allow", "modifier", subject=ITSELF, schema=lambda S: {**S.member("rule"), "description": "A rule exception that lets you do "
                                                                        "something the rules forbid."})
def allow(args, c, path):
    """A rule exception that permits something."""
    return {"rule": args}


@verb("immune", "modifier", subject=ITSELF, schema=lambda S: {**S.member("hazard"), "description": "Something that never happens to you."})
def immune(args, c, path):
    """A rule exception that protects from something."""
    return {"hazard": args}

