"""Verbs only Through the Ages uses (text: templates/text/tta/verbs.yaml).

Through the Ages has no rules engine yet, so each verb is declared with its schema and text only
(``runtime=None``): compiling a card checks it, running it raises ``EngineMissing``. The rules each
verb follows are cited from the Code of Laws (seeds/000_6e8fc3aad2efe530.txt); how the cards use
them is docs/rules/tta-cards.md § 8.
"""

from __future__ import annotations

from cardtools.effects.registry import SchemaParts, declare

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


def _effect(name: str, schema, doc: str) -> None:
    declare(name, "effect", schema, None, game=GAME, doc=doc)


# -- actions a card lets you perform (CoL § EVALUATING AN EVENT: no civil or military action is paid
#    for them unless the card says so; every other cost is paid, less the discount) ----------------

_effect("develop", lambda S: _obj("Develop a technology from your hand (a revolution counts, CoL § DECLARE A "
                                  "REVOLUTION).", {"cheaper": _less(S, "Paid less than its cost: {science: 1}.")}),
        "Develop a technology, optionally cheaper.")
_effect("build", lambda S: _obj("Build (or upgrade) a farm, mine, urban building, military unit or wonder stage.", {
    "what": _kinds(S, "What may be built."),
    "upgrade": {"enum": ["also", "only"], "description": "also: build or upgrade; only: upgrade."},
    "age": {**S.member("age"), "description": "Only a card of this age."},
    "cheaper": _less(S, "Paid less than the cost: {resources: 2}."),
    "free": {"const": True, "description": "Nothing is paid."}}, ("what",)),
        "Build or upgrade something, optionally cheaper or free.")
_effect("increase_population", lambda S: _obj("Increase population (CoL § INCREASE POPULATION).", {
    "cheaper": _less(S, "Paid less than the food cost: {food: 1}."),
    "free": {"const": True, "description": "No food is paid."}}),
        "Increase population, optionally cheaper or free.")
_effect("colonize", lambda S: _obj("Colonize a territory without an auction.", {
    "from": {"enum": ["hand"], "description": "Where the territory comes from."},
    "without_units": {"const": True, "description": "No units are sent or sacrificed."}}, ("from",)),
        "Colonize a territory from your hand.")
_effect("take_cards", lambda S: _obj("Take cards from the card row with civil actions (usual rules, CoL § APPENDIX "
                                     "› INTERNATIONAL AGREEMENT).", {
    "civil_actions": {"type": "integer", "minimum": 1, "description": "At most this many civil actions spent."},
    "replenish": {"const": True, "description": "Then replenish the card row by the usual rules, except that no "
                                                "card is discarded from the leftmost spaces (it may end an age)."},
    "skip_politics": {"const": True, "description": "Then skip your next political action."}}, ("civil_actions",)),
        "Take cards from the card row, spending up to a number of civil actions.")

# -- actions and tokens -------------------------------------------------------------------------------

_effect("regain", lambda S: {"enum": ["civil_actions", "military_actions"],
                             "description": "Get back one spent action of this kind (nothing if none is spent)."},
        "Regain a spent action (CoL § SPENDING ACTIONS).")
_effect("discard", lambda S: S.amounts(S.vocab.decks, "Discard cards from your hand: {military: 3}."),
        "Discard cards from your hand.")
_effect("produce", lambda S: {"type": "array", "minItems": 1, "items": S.member("production"),
                              "description": "Production steps carried out again, in this order (CoL § PRODUCTION "
                                             "PHASE); the steps not named are skipped."},
        "An extra production.")

# -- cards in play ------------------------------------------------------------------------------------

_effect("retire", lambda S: {"enum": ["leader"], "description": "Remove this leader from play."},
        "Remove this card from play.")
_effect("mark_wonder", lambda S: _obj("Put symbols from this card onto one of your completed wonders, which then "
                                      "counts as printing them (CoL § APPENDIX › HOMER).",
                                      {"happy": {"type": "integer", "minimum": 1}}, ("happy",)),
        "Move a symbol onto a completed wonder.")
_effect("destroy", lambda S: _obj("Destroy buildings (the workers return to the worker pool).", {
    "what": _kinds(S, "Kinds that may be destroyed."),
    "age_up_to": {**S.member("age"), "description": "Only of this age or an earlier one."},
    "of": _who(S, "Whose (default: yours)."),
    "recover": {"enum": ["half_cost"], "description": "Gain resources: half the printed build cost, rounded up."}},
    ("what",)), "Destroy a building.")
_effect("remove", lambda S: _obj("Remove a card from play.", {
    "what": _kinds(S, "Kinds of card; the owner chooses among them."),
    "of": _who(S, "Whose (default: yours)."),
    "older": {"const": True, "description": "Only if it is from an earlier age than the current one."},
    "per_level": _less(S, "Gained for each level of the removed card: {culture: 3}.")}, ("what",)),
        "Remove a card from play.")
_effect("seize", lambda S: _obj("Take a card in play from another player into your play area.", {
    "what": {"enum": ["colony", "special_technology"]},
    "from": _who(S, "From whom."),
    "cost_up_to": {**S.value, "description": "Special technologies whose science costs add up to at most this."}},
    ("what", "from")), "Take a card in play from another player.")
_effect("ruin", lambda S: _obj("Turn a completed wonder face down (CoL § APPENDIX › RAVAGES OF TIME).", {
    "ages": _ages(S, "Ages of the wonders that may be chosen."),
    "culture": {"type": "integer", "description": "Culture rating of the ruins."}}, ("ages", "culture")),
        "Turn a completed wonder into ruins.")
_effect("end_pact", lambda S: {"const": True, "description": "This pact is cancelled."}, "Cancel this pact.")

# -- players, by rank (CoL § EVALUATING AN EVENT: ties go to the current player or the one closer to
#    them clockwise; "the two …" means one civilization in a 2-player game) -------------------------

_places = {"type": "integer", "minimum": 1, "maximum": 2,
           "description": "How many civilizations (2: one in a 2-player game); ties broken by turn order."}
for _name in ("strongest", "weakest"):
    declare(_name, "target", lambda S: _places, None, game=GAME, doc=f"The {_name} civilization(s).")
    declare(_name, "condition", lambda S: _places, None, game=GAME, doc=f"You are among the {_name} civilization(s).")
for _name, _word in (("highest", "most"), ("lowest", "least")):
    declare(_name, "target", lambda S: {**S.stat}, None, game=GAME,
            doc=f"The one civilization with the {_word} of a statistic, ties broken by turn order.")

declare("built", "condition", lambda S: _kinds(S, "You have at least one of these in play."), None, game=GAME,
        doc="You have a building or card of a kind.")
declare("last_round", "condition", lambda S: {"const": True}, None, game=GAME, doc="This is the last round.")
declare("replaced_leader", "condition", lambda S: {"const": True}, None, game=GAME,
        doc="You have replaced your leader this turn (CoL § ACTION PHASE › PLAY A LEADER).")
declare("attacking", "condition", lambda S: {"enum": ["partner"]}, None, game=GAME,
        doc="You are attacking this player (an aggression or war being resolved).")

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
        None, game=GAME, doc="An action's cost for some kinds and ages of card, and any part a pact partner pays.")
declare("take_cost", "modifier", lambda S: _obj(
    "What taking this very card from the card row costs. It applies while the card is in the card row, to "
    "the player taking it (CoL § OTHER CIVIL CARDS IN PLAY › WONDERS: the Taj Mahal's text applies there); "
    "a cost never drops below 0.", {"add": _less(S, "Added to the cost (negative: cheaper): {civil_actions: -2}.")},
    ("add",)), None, game=GAME, doc="What taking this card from the card row costs (a card-row ability).")
declare("stages_per_action", "modifier", lambda S: {"type": "integer", "minimum": 2, "description":
                                                    "Wonder stages that may be built with one action, paid together."},
        None, game=GAME, doc="Several wonder stages for one action (CoL § BUILD A STAGE OF A WONDER).")
declare("substitute", "modifier", lambda S: _obj("Pay with one kind of token in place of another.", {
    "pay": S.resource, "instead_of": S.resource, "up_to": {"type": "integer", "minimum": 1}},
    ("pay", "instead_of", "up_to")), None, game=GAME, doc="Pay with one kind of token in place of another.")
