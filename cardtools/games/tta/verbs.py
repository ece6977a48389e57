"""Verbs only Through the Ages uses (text: templates/text/tta/verbs.yaml).

Each verb's runtime calls the state's method that performs it (``vocabulary.py``); the engine lists
the verbs it runs in its plugin's ``runs`` (``__init__.py``). A verb declared without a runtime
(``runtime=None``: pacts, wars and aggressions of the full game) checks out when a card is compiled
and makes ``play`` refuse the card. The rules each verb follows are cited from the Code of Laws
(seeds/000_6e8fc3aad2efe530.txt); how the cards use them is docs/rules/tta-cards.md § 8.
"""

from __future__ import annotations

from cardtools.effects.registry import SchemaParts, declare
from cardtools.effects.runtime import Targets, run_all

GAME = "tta"


def _obj(description: str, properties: dict, required: tuple[str, ...] = ()) -> dict:
    return {"type": "object", "additionalProperties": False, "properties": properties,
            "required": list(required), "description": description}


def _less(S: SchemaParts, text: str) -> dict:
    return {"type": "object", "additionalProperties": False, "minProperties": 1, "description": text,
            "properties": {name: S.value for name in S.vocab.resources}}


def _kinds(S: SchemaParts, text: str) -> dict:
    return {"type": "array", "minItems": 1, "uniqueItems": True, "items": S.member("kind"), "description": text}


def _ages(S: SchemaParts, text: str) -> dict:
    return {"type": "array", "minItems": 1, "uniqueItems": True, "items": S.member("age"), "description": text}


def _who(S: SchemaParts, text: str) -> dict:
    return {**S.target, "description": text}


def _effect(name: str, schema, doc: str, runtime=None) -> None:
    declare(name, "effect", schema, runtime, game=GAME, doc=doc)


def _amount(args, c, path, key: str, resource: str):
    """A `cheaper` amount as a number (the cards give constants)."""
    value = args.get(key, {}).get(resource)
    return 0 if value is None else c.value(value, path + (key, resource))(None, None)


def _develop(args, c, path):
    cheaper = _amount(args, c, path, "cheaper", "science")
    return lambda st, ctx: st.effect_develop(ctx, cheaper)


def build_spec(args) -> tuple:
    """``(what, upgrade, age, cheaper, free)`` of a `build` (the rules also read it to tell whether an
    action card can be played: rules.Game.probes)."""
    return (frozenset(args["what"]), args.get("upgrade"), args.get("age"),
            args.get("cheaper", {}).get("resources", 0), bool(args.get("free")))


def population_spec(args) -> tuple:
    """``(cheaper, free)`` of an `increase_population`."""
    return args.get("cheaper", {}).get("food", 0), bool(args.get("free"))


def _build(args, c, path):
    _amount(args, c, path, "cheaper", "resources")          # checked as a value, at its line
    spec = build_spec(args)
    return lambda st, ctx: st.effect_build(ctx, *spec)


def _population(args, c, path):
    _amount(args, c, path, "cheaper", "food")
    spec = population_spec(args)
    return lambda st, ctx: st.effect_population(ctx, *spec)


def _colonize(args, c, path):
    if not args.get("without_units"):
        c.fail(path, "the engine colonizes from the hand only without units (Christopher Columbus)")
    return lambda st, ctx: st.effect_colonize(ctx)


def _take_cards(args, c, path):
    civil, replenish, skip = args["civil_actions"], bool(args.get("replenish")), bool(args.get("skip_politics"))
    return lambda st, ctx: st.effect_take_cards(ctx, civil, replenish, skip)


# -- actions a card lets you perform (CoL § EVALUATING AN EVENT: no civil or military action is paid
#    for them unless the card says so; every other cost is paid, less the discount) ----------------

_effect("develop", lambda S: _obj("Develop a technology from your hand (a revolution counts, CoL § DECLARE A "
                                  "REVOLUTION).", {"cheaper": _less(S, "Paid less than its cost: {science: 1}.")}),
        "Develop a technology, optionally cheaper.", _develop)
_effect("build", lambda S: _obj("Build (or upgrade) a farm, mine, urban building, military unit or wonder stage.", {
    "what": _kinds(S, "What may be built."),
    "upgrade": {"enum": ["also", "only"], "description": "also: build or upgrade; only: upgrade."},
    "age": {**S.member("age"), "description": "Only a card of this age."},
    "cheaper": _less(S, "Paid less than the cost: {resources: 2}."),
    "free": {"const": True, "description": "Nothing is paid."}}, ("what",)),
        "Build or upgrade something, optionally cheaper or free.", _build)
_effect("increase_population", lambda S: _obj("Increase population (CoL § INCREASE POPULATION).", {
    "cheaper": _less(S, "Paid less than the food cost: {food: 1}."),
    "free": {"const": True, "description": "No food is paid."}}),
        "Increase population, optionally cheaper or free.", _population)
_effect("colonize", lambda S: _obj("Colonize a territory without an auction.", {
    "from": {"enum": ["hand"], "description": "Where the territory comes from."},
    "without_units": {"const": True, "description": "No units are sent or sacrificed."}}, ("from",)),
        "Colonize a territory from your hand.", _colonize)
_effect("take_cards", lambda S: _obj("Take cards from the card row with civil actions (usual rules, CoL § APPENDIX "
                                     "› INTERNATIONAL AGREEMENT).", {
    "civil_actions": {"type": "integer", "minimum": 1, "description": "At most this many civil actions spent."},
    "replenish": {"const": True, "description": "Then replenish the card row by the usual rules, except that no "
                                                "card is discarded from the leftmost spaces (it may end an age)."},
    "skip_politics": {"const": True, "description": "Then skip your next political action."}}, ("civil_actions",)),
        "Take cards from the card row, spending up to a number of civil actions.", _take_cards)

# -- actions and tokens -------------------------------------------------------------------------------

_effect("regain", lambda S: {"enum": ["civil_actions", "military_actions"],
                             "description": "Get back one spent action of this kind (nothing if none is spent)."},
        "Regain a spent action (CoL § SPENDING ACTIONS).", lambda args, c, path: lambda st, ctx: st.effect_regain(ctx, args))
_effect("discard", lambda S: S.amounts(S.vocab.decks, "Discard cards from your hand: {military: 3}."),
        "Discard cards from your hand.", lambda args, c, path: (
            lambda st, ctx, n=c.value(args["military"], path + ("military",)): st.effect_discard(ctx, n(st, ctx))))
_effect("produce", lambda S: {"type": "array", "minItems": 1, "items": S.member("production"),
                              "description": "Production steps carried out again, in this order (CoL § PRODUCTION "
                                             "PHASE); the steps not named are skipped."},
        "An extra production.", lambda args, c, path: lambda st, ctx: st.effect_produce(ctx, tuple(args)))

# -- cards in play ------------------------------------------------------------------------------------

_effect("retire", lambda S: {"enum": ["leader"], "description": "Remove this leader from play."},
        "Remove this card from play.", lambda args, c, path: lambda st, ctx: st.effect_retire(ctx))
_effect("mark_wonder", lambda S: _obj("Put symbols from this card onto one of your completed wonders, which then "
                                      "counts as printing them (CoL § APPENDIX › HOMER).",
                                      {"happy": {"type": "integer", "minimum": 1}}, ("happy",)),
        "Move a symbol onto a completed wonder.",
        lambda args, c, path: lambda st, ctx: st.effect_mark_wonder(ctx, args["happy"]))
def _whose(args, c, path):
    return c.targets(args.get("of", "you"), path + ("of",))


def _destroy(args, c, path):
    """The owners of the buildings choose which (CoL § EVALUATING AN EVENT)."""
    what, whose = frozenset(args["what"]), _whose(args, c, path)
    age = args.get("age_up_to")
    up_to = None if age is None else ("A", "I", "II", "III").index(age)
    recover = args.get("recover") == "half_cost"
    # what is recovered goes to the card's player (Raid: the attacker), whoever loses the building
    return lambda st, ctx: whose.apply(st, ctx, lambda s, x: s.effect_destroy(x, what, up_to, recover, ctx.player),
                                       "whose?")


def _seize(args, c, path):
    """Annex, War over Technology: the taker chooses (CoL § RESOLVE A WAR; § COLONIES)."""
    givers = c.targets(args["from"], path + ("from",))
    budget = c.value(args["cost_up_to"], path + ("cost_up_to",)) if "cost_up_to" in args else None

    def run(st, ctx):
        limit = None if budget is None else budget(st, ctx)
        return run_all(st, [lambda s, q=q: s.effect_seize(ctx, args["what"], q, limit)
                            for q in givers.resolve(st, ctx) if q != ctx.player])
    return run


def _remove(args, c, path):
    what, whose, older = frozenset(args["what"]), _whose(args, c, path), bool(args.get("older"))
    per_level = {r: c.value(v, path + ("per_level", r)) for r, v in args.get("per_level", {}).items()}
    # what is gained per level goes to the card's player (Infiltrate: the attacker)
    return lambda st, ctx: whose.apply(st, ctx, lambda s, x: s.effect_remove(x, what, older, per_level, ctx.player),
                                       "whose?")


_effect("destroy", lambda S: _obj("Destroy buildings (the workers return to the worker pool).", {
    "what": _kinds(S, "Kinds that may be destroyed."),
    "age_up_to": {**S.member("age"), "description": "Only of this age or an earlier one."},
    "of": _who(S, "Whose (default: yours)."),
    "recover": {"enum": ["half_cost"], "description": "Gain resources: half the printed build cost, rounded up."}},
    ("what",)), "Destroy a building.", _destroy)
_effect("remove", lambda S: _obj("Remove a card from play.", {
    "what": _kinds(S, "Kinds of card; the owner chooses among them."),
    "of": _who(S, "Whose (default: yours)."),
    "older": {"const": True, "description": "Only if it is from an earlier age than the current one."},
    "per_level": _less(S, "Gained for each level of the removed card: {culture: 3}.")}, ("what",)),
        "Remove a card from play.", _remove)
_effect("seize", lambda S: _obj("Take a card in play from another player into your play area.", {
    "what": {"enum": ["colony", "special_technology"]},
    "from": _who(S, "From whom."),
    "cost_up_to": {**S.value, "description": "Special technologies whose science costs add up to at most this."}},
    ("what", "from")), "Take a card in play from another player.", _seize)
_effect("ruin", lambda S: _obj("Turn a completed wonder face down (CoL § APPENDIX › RAVAGES OF TIME).", {
    "ages": _ages(S, "Ages of the wonders that may be chosen."),
    "culture": {"type": "integer", "description": "Culture rating of the ruins."}}, ("ages", "culture")),
        "Turn a completed wonder into ruins.",
        lambda args, c, path: lambda st, ctx: st.effect_ruin(ctx, frozenset(args["ages"]), args["culture"]))
_effect("end_pact", lambda S: {"const": True, "description": "This pact is cancelled."}, "Cancel this pact.",
        lambda args, c, path: lambda st, ctx: st.effect_end_pact(ctx))

# -- players, by rank (CoL § EVALUATING AN EVENT: ties go to the current player or the one closer to
#    them clockwise; "the two …" means one civilization in a 2-player game) -------------------------

_places = {"type": "integer", "minimum": 1, "maximum": 2,
           "description": "How many civilizations (2: one in a 2-player game); ties broken by turn order."}


def _ranked(name: str, stat: str | None, strongest: bool, kind: str):
    """The target or condition: players ranked by a statistic, ties to the current player and the
    nearer clockwise (``State.by_rank``; CoL § EVALUATING AN EVENT; HB § COMPARING STATISTICS)."""
    def factory(args, c, path):
        by = stat or args
        k = 1 if stat is None else args

        def players(st, ctx):
            ranked = st.by_rank(by)
            n = st.places(k)
            return ranked[:n] if strongest else ranked[::-1][:n]
        if kind == "target":
            return Targets(players)
        return lambda st, ctx: ctx.player in players(st, ctx)
    return factory


for _name, _top in (("strongest", True), ("weakest", False)):
    declare(_name, "target", lambda S: _places, _ranked(_name, "strength", _top, "target"), game=GAME,
            doc=f"The {_name} civilization(s).")
    declare(_name, "condition", lambda S: _places, _ranked(_name, "strength", _top, "condition"), game=GAME,
            doc=f"You are among the {_name} civilization(s).")
for _name, _word, _top in (("highest", "most", True), ("lowest", "least", False)):
    declare(_name, "target", lambda S: {**S.stat}, _ranked(_name, None, _top, "target"), game=GAME,
            doc=f"The one civilization with the {_word} of a statistic, ties broken by turn order.")


def _built(args, c, path):
    kinds = frozenset(args)

    def built(st, ctx):
        cards = st.game.of_kinds(kinds)
        return not (cards.isdisjoint(st.staffed[ctx.player]) and cards.isdisjoint(st.play[ctx.player]))
    return built


declare("built", "condition", lambda S: _kinds(S, "You have at least one of these in play."), _built, game=GAME,
        doc="You have a building or card of a kind.")
declare("last_round", "condition", lambda S: {"const": True},
        lambda args, c, path: lambda st, ctx: st.last_round == st.round, game=GAME, doc="This is the last round.")
declare("replaced_leader", "condition", lambda S: {"const": True},
        lambda args, c, path: lambda st, ctx: "replaced_leader" in st.turn_flags, game=GAME,
        doc="You have replaced your leader this turn (CoL § ACTION PHASE › PLAY A LEADER).")
declare("attacking", "condition", lambda S: {"enum": ["partner"]},
        lambda args, c, path: lambda st, ctx: st.attacking is not None and st.attacking[0] == ctx.player
        and st.attacking[1] in st.target(ctx, args), game=GAME,
        doc="You are attacking this player (an aggression or war being resolved).")


def _price(args, c, path):
    """`times` multiplies (Gandhi: attacking him, politics.attack_cost); `partner_pays` comes only on a
    pact (Scientific Cooperation)."""
    return {"action": args["action"], "on": frozenset(args.get("on", ())), "ages": frozenset(args.get("ages", ())),
            "add": {r: c.value(v, path + ("add", r)) for r, v in args.get("add", {}).items()},
            "times": dict(args.get("times", {})),
            "partner_pays": {r: c.value(v, path + ("partner_pays", r))
                             for r, v in args.get("partner_pays", {}).items()}}


# -- continuous changes ---------------------------------------------------------------------------

declare("price", "modifier", lambda S: _obj("Change what an action costs, for cards of some kinds and ages.", {
    "action": {**S.member("action"), "description": "The action."},
    "on": _kinds(S, "Only for these kinds of card."),
    "ages": _ages(S, "Only for cards of these ages."),
    "add": _less(S, "Added to the cost (negative: cheaper)."),
    "times": {"type": "object", "additionalProperties": False, "minProperties": 1,
              "properties": {name: {"type": "integer", "minimum": 2} for name in S.vocab.resources},
              "description": "The cost is multiplied: {military_actions: 2}."},
    "partner_pays": _less(S, "Paid by your pact partner as part of the cost: {science: 1}. Paying is all or "
                             "nothing (CoL § SCIENCE AND CULTURE POINTS): the action cannot be taken when the "
                             "partner cannot pay.")}, ("action",)),
        _price, game=GAME, subject="action",
        doc="An action's cost for some kinds and ages of card, and any part a pact partner pays.")
declare("take_cost", "modifier", lambda S: _obj(
    "What taking this very card from the card row costs. It applies while the card is in the card row, to "
    "the player taking it (CoL § OTHER CIVIL CARDS IN PLAY › WONDERS: the Taj Mahal's text applies there); "
    "a cost never drops below 0.", {"add": _less(S, "Added to the cost (negative: cheaper): {civil_actions: -2}.")},
    ("add",)), lambda args, c, path: {"add": {r: c.value(v, path + ("add", r)) for r, v in args["add"].items()}},
    game=GAME, doc="What taking this card from the card row costs (a card-row ability).")
declare("stages_per_action", "modifier", lambda S: {"type": "integer", "minimum": 2, "description":
                                                    "Wonder stages that may be built with one action, paid together."},
        lambda args, c, path: {"stages": args}, game=GAME, doc="Several wonder stages for one action (CoL § BUILD A STAGE OF A WONDER).")
declare("substitute", "modifier", lambda S: _obj("Pay with one kind of token in place of another.", {
    "pay": S.resource, "instead_of": S.resource, "up_to": {"type": "integer", "minimum": 1}},
    ("pay", "instead_of", "up_to")), lambda args, c, path: dict(args), game=GAME,
        doc="Pay with one kind of token in place of another.")
